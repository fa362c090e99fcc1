package covoyager

import (
	"strings"
	"testing"

	"collabcraft/voyager"
)

// compassPlan is the report's compass plan (Att. C) as the task manager's
// JSON, wood left out (rule 4).
const compassPlan = `[
 {"action": "craft", "item": "crafting table", "tools": "None", "materials": "4 wood planks", "quantity": 1},
 {"action": "craft", "item": "wooden pickaxe", "tools": "crafting table", "materials": "3 wood planks, 2 sticks", "quantity": 1},
 {"action": "gather", "item": "cobblestone", "tools": "wooden pickaxe", "materials": "None", "quantity": -1},
 {"action": "craft", "item": "stone pickaxe", "tools": "crafting table", "materials": "3 cobblestones, 2 sticks", "quantity": 1},
 {"action": "gather", "item": "iron raw", "tools": "stone pickaxe", "materials": "None", "quantity": -1},
 {"action": "craft", "item": "furnace", "tools": "crafting table", "materials": "8 cobblestones", "quantity": 1},
 {"action": "smelt", "item": "iron ingot", "tools": "furnace", "materials": "1 iron raw, 1 wood plank", "quantity": -1},
 {"action": "craft", "item": "iron pickaxe", "tools": "crafting table", "materials": "3 iron ingots, 2 sticks", "quantity": 1},
 {"action": "gather", "item": "redstone dust", "tools": "iron pickaxe", "materials": "None", "quantity": -1},
 {"action": "craft", "item": "compass", "tools": "crafting table", "materials": "4 iron ingots, 1 redstone dust", "quantity": 1}
]`

// TestPairManagerFillsAndOrders: the -1 quantities come out as the
// report's compass plan has them (11 cobblestone, 7 iron raw, 7 ingots, 1
// redstone), the texts are its words, and statuses move as subtasks
// finish.
func TestPairManagerFillsAndOrders(t *testing.T) {
	plan, err := ParseSubtasks("Here is the plan:\n" + compassPlan)
	if err != nil {
		t.Fatal(err)
	}
	q, err := NewQueue(plan, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []int{1, 1, 11, 1, 7, 1, 7, 1, 1, 1}
	for i, e := range q.Entries {
		if e.Quantity != want[i] {
			t.Errorf("subtask %d (%s): quantity %d, want %d", i+1, e.Item, e.Quantity, want[i])
		}
	}
	for i, text := range map[int]string{
		0: "Craft 1 crafting table and place it on the ground 1 block left the chest.",
		2: "Gather 11 cobblestone and place it/them in the chest. Then place the wooden pickaxe back in the chest.",
		6: "Smelt 7 iron ingot and place it/them in the chest.",
	} {
		if got := q.Entries[i].Text(); got != text {
			t.Errorf("subtask %d: %q, want %q", i+1, got, text)
		}
	}
	status := func() string {
		var s []string
		for _, e := range q.Entries {
			s = append(s, e.Status[:1])
		}
		return strings.Join(s, "")
	}
	if got := status(); got != "RBBBBBBBBB" {
		t.Fatalf("start: %s", got)
	}
	for i, want := range []string{"DRBBBBBBBB", "DDRBBBBBBB", "DDDRBRBBBB"} {
		e := q.Next()
		q.Take(e, "Andy")
		q.Finish(e, true, "skill")
		if got := status(); got != want {
			t.Fatalf("after subtask %d: %s, want %s", i+1, got, want)
		}
	}
	// Two take the stone pickaxe and the furnace at once; the iron waits
	// for the stone pickaxe.
	a := q.Next()
	q.Take(a, "Andy")
	b := q.Next()
	q.Take(b, "Jill")
	if a.Item != "stone_pickaxe" || b.Item != "furnace" || q.Next() != nil {
		t.Fatalf("took %s and %s; next %v", a.Item, b.Item, q.Next())
	}
	q.Finish(a, false, "")
	for range MaxAttempts - 1 {
		if q.Next() != a {
			t.Fatal("a failed subtask is not handed out again")
		}
		q.Take(a, "Andy")
		q.Finish(a, false, "")
	}
	if q.Next() != nil || !q.Dead() {
		t.Fatalf("after %d failures the subtask is handed out again", MaxAttempts)
	}
}

// TestCallsReadBack: each call gives back what it was made of; the
// critic's answers parse; the skill manager's turn has Attachment H's
// sections.
func TestCallsReadBack(t *testing.T) {
	c, err := ReadTaskManagerCall(TaskManagerMessages("Craft a Compass.", "", ""))
	if err != nil || c != (TaskManagerCall{Task: "Craft a Compass."}) {
		t.Fatalf("%+v %v", c, err)
	}
	crit := "Error: Material [iron ingot] was not previously gathered/crafted/smelted.\nCritique: Smelt the iron raw first."
	c, err = ReadTaskManagerCall(TaskManagerMessages("Craft a Compass.", compassPlan, crit))
	if err != nil || c.Previous != compassPlan || c.Critique != crit {
		t.Fatalf("%+v %v", c, err)
	}
	task, plan, err := ReadTaskCriticCall(TaskCriticMessages("Craft a Compass.", compassPlan))
	if err != nil || task != "Craft a Compass." || plan != compassPlan {
		t.Fatalf("%q %q %v", task, plan, err)
	}
	p, err := ParseCritique(crit)
	if err != nil || p.Approves() || p.Error != "Material [iron ingot] was not previously gathered/crafted/smelted." {
		t.Fatalf("%+v %v", p, err)
	}
	if p, _ := ParseCritique("Error: None\nCritique: The plan is complete."); !p.Approves() {
		t.Fatal("Error: None does not approve")
	}
	// The prompt's own example is valid JSON the reader takes.
	ex := taskManagerPrompt[strings.Index(taskManagerPrompt, "Task: Smelt"):]
	if s, err := ParseSubtasks(ex); err != nil || len(s) != 10 {
		t.Fatalf("the prompt's example: %d subtasks, %v", len(s), err)
	}
	h := SkillManagerHuman(voyager.ActionTurn{Task: "Craft 1 compass and place it/them in the chest.", Obs: voyager.Observation{Biome: "plains"}}, "4 iron ingots, 1 redstone dust", "crafting table")
	msgs := []Message{SkillManagerSystem(), h}
	if !IsSkillManager(msgs) || IsTaskCritic(msgs) || IsTaskManager(msgs) {
		t.Fatal("the skill manager's call is not told apart")
	}
	for _, s := range []string{"Time: ", "Health: ", "Hunger: "} {
		if strings.Contains(h.Content, "\n\n"+s) {
			t.Errorf("the skill manager's turn shows %q", s)
		}
	}
	if !strings.Contains(h.Content, "Task: Craft 1 compass and place it/them in the chest.\n\nMaterials required: 4 iron ingots, 1 redstone dust\n\nTools required: crafting table\n\nContext: None") {
		t.Errorf("turn:\n%s", h.Content)
	}
}
