package procgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidateAcceptsMINDcraftFiles(t *testing.T) {
	for _, name := range []string{"mindcraft_crafting.json", "mindcraft_cooking.json", "mindcraft_construction.json"} {
		n, ps := ValidateFile(filepath.Join("testdata", name))
		if len(ps) > 0 {
			t.Errorf("%s: %d problems, first: %s", name, len(ps), ps[0])
		}
		if n == 0 {
			t.Errorf("%s: no tasks", name)
		}
	}
}

func TestValidateListsEveryProblem(t *testing.T) {
	path := filepath.Join("testdata", "bad_tasks.json")
	n, ps := ValidateFile(path)
	if n != 5 {
		t.Errorf("%d tasks, want 5", n)
	}
	var lines []string
	for _, p := range ps {
		if p.File != path {
			t.Errorf("problem without the file name: %+v", p)
		}
		lines = append(lines, p.String())
	}
	got := strings.Join(lines, "\n")
	want := []string{
		`task "bad_crafting": initial_inventory.0.oak_plank: unknown item "oak_plank" (did you mean "oak_planks"`,
		`task "bad_crafting": warning: initial_inventory.1.book: count 0: Minecraft's /give refuses it, so MINDcraft gives nothing; ignored`,
		`task "bad_crafting": warning: initial_inventory.2: agent 2 is beyond agent_count 2 (ids 0 to 1); MINDcraft ignores it, and so does collabcraft`,
		`task "bad_crafting": blocked_actions.0: "getCraftingPlan" is not a command name`,
		`task "bad_crafting": warning: blocked_actions.x: "x" is not an agent id (agent_count 2: ids 0 to 1); MINDcraft ignores it`,
		`task "bad_crafting": timeout: -5 seconds (expected a positive number)`,
		`task "bad_crafting": number_of_target: 0 (expected 1 to 1000000000)`,
		`task "bad_crafting": depth: 2 is greater than max_depth 1`,
		`task "bad_crafting": missing_items: bedrock can be neither gathered nor crafted`,
		`task "bad_crafting": missing_items: unknown item "leather_hat"`,
		`task "bad_cooking": goal: missing`,
		`task "bad_cooking": target: Hell's Kitchen list has 3 dishes for 2 agents`,
		`task "bad_cooking": recipes: no recipe for target dish cake`,
		`task "bad_cooking": recipes.bread: no steps`,
		`task "bad_cooking": warning: blocked_access_to_recipe: agent 3 is beyond agent_count 2 (ids 0 to 1); MINDcraft ignores it`,
		`task "bad_cooking": chest_items.milk_bucket: count -1 (expected 1 to 1000000000)`,
		`task "bad_type": type: unknown task type "combat"`,
		`task "no_type": agent_count: missing or 0`,
		`task "no_type": type: missing`,
		`task "bad_construction": blueprint: level 0, row 0, column 1: unknown block "marble"`,
	}
	for _, w := range want {
		if !strings.Contains(got, path+": "+w) {
			t.Errorf("missing problem %q in:\n%s", w, got)
		}
	}
	if len(ps) != len(want) {
		t.Errorf("%d problems, want %d:\n%s", len(ps), len(want), got)
	}
}

// MINDcraft's own test set has a task with a pre-1.14 item name. Its /give
// fails in 1.21.1, so MINDcraft plays the task without it: the validator
// warns, naming the modern name, as for the plant grass (short_grass since
// 1.20.3), and the task stays valid.
func TestValidateFindsMINDcraftLegacyItem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "magenta.json")
	os.WriteFile(path, []byte(`{"multiagent_crafting_magenta_wool_full_plan__depth_2": {"goal": "Collaborate with other agents to craft magenta_wool", "conversation": "Let's work together to craft magenta_wool.", "initial_inventory": {"0": {"rose_red": 1, "lapis_lazuli": 1}, "1": {"white_wool": 1, "bone_meal": 1, "grass": 2}}, "agent_count": 2, "target": "magenta_wool", "number_of_target": 1, "type": "techtree", "max_depth": 3, "depth": 2, "timeout": 300, "blocked_actions": {"0": [], "1": []}, "missing_items": [], "requires_ctable": false}}`), 0o644)
	_, ps := ValidateFile(path)
	if errs, ws := SplitWarnings(ps); len(errs) != 0 || len(ws) != 2 ||
		!strings.Contains(ps[0].String(), `warning: initial_inventory.0.rose_red: "rose_red" is an old name (renamed in Minecraft 1.14, now red_dye): MINDcraft's /give of it fails in 1.21.1`) ||
		!strings.Contains(ps[1].String(), `warning: initial_inventory.1.grass: "grass" is an old name (renamed in Minecraft 1.20.3, now short_grass or grass_block)`) {
		t.Errorf("problems = %v", ps)
	}
}

func TestValidateUnreadableFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(path, []byte("{\"a\": {\"type\": \"techtree\",}}"), 0o644)
	_, ps := ValidateFile(path)
	if len(ps) != 1 || !strings.HasPrefix(ps[0].String(), path+`: task "a": malformed JSON`) {
		t.Errorf("problems = %v", ps)
	}
	empty := filepath.Join(t.TempDir(), "empty.json")
	os.WriteFile(empty, []byte("{}"), 0o644)
	if _, ps := ValidateFile(empty); len(ps) != 1 || ps[0].Message != "no tasks in file" {
		t.Errorf("empty file: %v", ps)
	}
}

// Absurd sizes are problems, not rollouts that exhaust memory later.
func TestValidateFlagsAbsurdSizes(t *testing.T) {
	tasks, err := DecodeTasks([]byte(`{
		"many_agents": {"type": "techtree", "goal": "x", "agent_count": 1000000000, "target": "stick", "number_of_target": 1},
		"huge_counts": {"type": "techtree", "goal": "x", "agent_count": 2, "initial_inventory": {"0": {"stick": 9223372036854775807}},
			"target": "stick", "number_of_target": 9223372036854775807},
		"huge_dish": {"type": "cooking", "goal": "x", "agent_count": 2, "target": {"cake": 99999999999}, "recipes": {"cake": ["Step 1: bake"]}},
		"far_levels": {"type": "construction", "goal": "x", "agent_count": 2, "blueprint": {"levels": [
			{"level": 0, "coordinates": [0, 0, 0], "placement": [["stone"]]},
			{"level": 1, "coordinates": [9000000000000000000, 1, 0], "placement": [["stone"]]}]}}
	}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"many_agents": {"agent_count: 1000000000 (expected 1 to 100)"},
		"huge_counts": {"initial_inventory.0.stick: count 9223372036854775807 (expected 1 to 1000000000)",
			"number_of_target: 9223372036854775807 (expected 1 to 1000000000)"},
		"huge_dish":  {"target.cake: count 99999999999 (expected 1 to 1000000000)"},
		"far_levels": {"X = 9000000000000000000 is outside the world"},
	}
	for i := range tasks {
		var got []string
		for _, p := range ValidateTask(&tasks[i]) {
			got = append(got, p.String())
		}
		all := strings.Join(got, "\n")
		for _, w := range want[tasks[i].ID] {
			if !strings.Contains(all, w) {
				t.Errorf("%s: problems lack %q:\n%s", tasks[i].ID, w, all)
			}
		}
	}
}
