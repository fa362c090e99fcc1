package treeexpert

import (
	"encoding/json"
	"strings"
	"testing"

	"collabcraft/sagents"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// criticCall is Voyager's critic call on an observation and a task.
func criticCall(t *testing.T, obs voyager.Observation, task string) []sagents.Message {
	t.Helper()
	hm, ok := voyager.CriticHuman(nil, obs, task, "", "Chests: None\n\n")
	if !ok {
		t.Fatal("no critic call")
	}
	return []sagents.Message{{Role: "system", Content: voyager.CriticSystem().Content}, {Role: "user", Content: hm.Content}}
}

type verdict struct {
	Reasoning string `json:"reasoning"`
	Success   bool   `json:"success"`
	Critique  string `json:"critique"`
}

// judge answers the call with n seeds: every answer is Voyager's JSON,
// read back by Voyager's reader to the same success; it returns them and
// how many are distinct.
func judge(t *testing.T, msgs []sagents.Message, n int, success bool) ([]verdict, int) {
	t.Helper()
	var out []verdict
	seen := map[string]bool{}
	for seed := range uint64(n) {
		text := reply(t, trajectory.KindCritic, msgs, seed)
		var v verdict
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Fatalf("seed %d: not JSON: %v\n%s", seed, err, text)
		}
		if ok, _, read := voyager.ReadCritic(text); !read || ok != success || v.Success != success {
			t.Fatalf("seed %d: success %v (read %v), want %v:\n%s", seed, ok, read, success, text)
		}
		seen[text] = true
		out = append(out, v)
	}
	return out, len(seen)
}

// The recurring situations are said many ways, each true of the
// observation: a crafting table crafted but not placed, with two logs
// left, is never said to stand nearby, and what the logs make is 8
// planks.
func TestCriticVariesAndStaysTrue(t *testing.T) {
	obs := voyager.Observation{Biome: "plains", TimeOfDay: "day", Health: 20, Food: 20, X: 1172.5, Y: 64, Z: -1321.5,
		Equipment: make([]string, 6), Voxels: []string{"dirt", "grass_block", "oak_log", "stone"},
		Inventory: []voyager.Item{{Name: "oak_log", Count: 2}, {Name: "crafting_table", Count: 1}}, InventoryUsed: 2}
	vs, distinct := judge(t, criticCall(t, obs, "Craft 1 crafting table"), 200, true)
	if distinct < 180 {
		t.Errorf("%d distinct answers of 200 to one observation", distinct)
	}
	for _, v := range vs {
		r := v.Reasoning
		if !strings.Contains(r, "1 crafting") || v.Critique != "" {
			t.Fatalf("no count: %+v", v)
		}
		if strings.Contains(r, "A crafting table is among the nearby") || strings.Contains(r, "is already among") || strings.Contains(r, "is also among") ||
			strings.Contains(r, "stands nearby") || strings.Contains(r, "include a crafting_table") || strings.Contains(r, "12 planks") {
			t.Fatalf("says what the observation does not show: %q", r)
		}
		if strings.Contains(r, "planks") && strings.Contains(r, "logs left") && !strings.Contains(r, "8 planks") {
			t.Fatalf("2 logs make 8 planks: %q", r)
		}
	}
	// A placed table: nearby, so never "not placed".
	obs.Voxels = append(obs.Voxels, "crafting_table")
	vs, _ = judge(t, criticCall(t, obs, "Craft a crafting table"), 100, true)
	for _, v := range vs {
		if strings.Contains(v.Reasoning, "not placed") || strings.Contains(v.Reasoning, "no crafting_table") {
			t.Fatalf("the table is nearby: %q", v.Reasoning)
		}
	}
	// A pickaxe missing: the critique says how, from what is held.
	obs.Inventory = []voyager.Item{{Name: "birch_planks", Count: 8}, {Name: "stick", Count: 1}, {Name: "crafting_table", Count: 1}}
	vs, _ = judge(t, criticCall(t, obs, "Make 1 wooden pickaxe"), 50, false)
	for _, v := range vs {
		if !strings.Contains(v.Critique, "sticks from") || !strings.Contains(v.Critique, "3 birch planks and 2 sticks") {
			t.Fatalf("critique %q", v.Critique)
		}
	}
}

// A shelter part is judged from the nearby blocks; where the builder
// stands is said against the plot the task names.
func TestShelterCriticPlacesTheBuilder(t *testing.T) {
	task := "Build the foundation rows 1 to 5 of the 5x5 plot at (16, 64, -32) with cobblestone"
	obs := voyager.Observation{Biome: "plains", TimeOfDay: "day", Health: 20, Food: 20, X: 22.5, Y: 64, Z: -26.5,
		Equipment: []string{"", "", "", "", "cobblestone", ""}, Voxels: []string{"dirt", "grass_block", "cobblestone"},
		Inventory: []voyager.Item{{Name: "cobblestone", Count: 30}}, InventoryUsed: 1}
	vs, distinct := judge(t, criticCall(t, obs, task), 200, true)
	if distinct < 180 {
		t.Errorf("%d distinct answers of 200", distinct)
	}
	placed, whole := 0, 0
	for _, v := range vs {
		r := v.Reasoning
		if strings.Contains(r, "x=22.5, z=-26.5") {
			placed++
			// x 22 is 2 east of the plot's last column (20), z -27 one
			// south of its last row (-28).
			if !strings.Contains(r, "2 blocks south-east") && !strings.Contains(r, "to the south-east") {
				t.Fatalf("wrong side: %q", r)
			}
		}
		if strings.Contains(r, "whole foundation") || strings.Contains(r, "entire foundation") || strings.Contains(r, "all 5 rows") {
			whole++
		}
		if strings.Contains(r, "is made of") || strings.Contains(r, "remain left") {
			t.Fatalf("grammar: %q", r)
		}
	}
	if placed == 0 || whole == 0 {
		t.Errorf("of 200 answers, %d say where the builder stands, %d that the part is the whole foundation", placed, whole)
	}
	// Nothing of the material nearby: not built, and the critique names
	// the plot.
	obs.Voxels = []string{"dirt", "grass_block"}
	vs, _ = judge(t, criticCall(t, obs, task), 20, false)
	for _, v := range vs {
		if !strings.Contains(v.Critique, "plot") {
			t.Fatalf("critique %q", v.Critique)
		}
	}
}

// The action planner's todos say the same jobs whatever their words, and
// the orders to workers come in any order.
func TestActionPlanWordsVaryJobsDoNot(t *testing.T) {
	leaf := sagents.ActionCall{Name: "Jill", Profile: "a worker", Employment: []string{"Jill"},
		Task: "Stage 1: Make a stone pickaxe\nJill mine 3 stones.\nJill crafts 1 stone pickaxe."}
	want := []job{{verb: "mine", count: 3, class: "stones"}, {verb: "craft", count: 1, item: "stone_pickaxe"}}
	lists := map[string]bool{}
	for seed := range uint64(100) {
		text := reply(t, trajectory.KindActionPlan, sagents.ActionMessages(leaf), seed)
		todos, err := sagents.ParseTodos(text)
		if err != nil || len(todos) != len(want) {
			t.Fatalf("todos %q %v", text, err)
		}
		for i, todo := range todos {
			if j, ok := readJob(todo); !ok || j != want[i] {
				t.Fatalf("todo %q reads as %+v, want %+v", todo, j, want[i])
			}
		}
		lists[text] = true
	}
	if len(lists) < 60 {
		t.Errorf("%d distinct todo lists of 100", len(lists))
	}
	root := sagents.ActionCall{Name: "Andy", Profile: "the leader", Employment: []string{"Jill", "Bob"}, Root: true,
		Task: "Stage 1: Collect iron\nJill mines 25 iron.\nBob mines 25 iron."}
	first := map[string]bool{}
	for seed := range uint64(40) {
		todos, err := sagents.ParseTodos(reply(t, trajectory.KindActionPlan, sagents.ActionMessages(root), seed))
		if err != nil || len(todos) != 2 {
			t.Fatalf("todos %q %v", todos, err)
		}
		for _, todo := range todos {
			if _, order, ok := sagents.Inform(todo); !ok || !sameGoal(order, goal{25, "iron"}) {
				t.Fatalf("todo %q", todo)
			}
		}
		p, _, _ := sagents.Inform(todos[0])
		first[p] = true
	}
	if len(first) != 2 {
		t.Errorf("the orders always go out in one order: first %v", first)
	}
}
