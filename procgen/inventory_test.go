package procgen

import (
	"reflect"
	"strings"
	"testing"
)

// MINDcraft gives starting items in the task file's key order; the order
// survives decoding and encoding, and name order needs no record.
func TestInventoryKeepsFileOrder(t *testing.T) {
	tasks, err := ReadTaskFile("testdata/mindcraft_cooking.json")
	if err != nil {
		t.Fatal(err)
	}
	c := tasks[1] // multiagent_cooking_2_1_baked_potato_1_cake
	want := []Stack{{"coal", 5}, {"milk_bucket", 2}, {"egg", 1}}
	if got := c.Inventory("0"); !reflect.DeepEqual(got, want) {
		t.Errorf("agent 0: %v, want %v (the file's order)", got, want)
	}
	if c.InventoryOrder["1"] != nil {
		t.Errorf("agent 1's items are in name order, yet an order is recorded: %v", c.InventoryOrder["1"])
	}
	out, err := EncodeTasks(tasks[1:2])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"0": {
        "coal": 5,
        "milk_bucket": 2,
        "egg": 1
      }`) {
		t.Errorf("encoded out of the file's order:\n%s", out)
	}
	// An item added in Go without an order follows in name order.
	c.InitialInventory["0"]["bowl"] = 1
	if got := c.Inventory("0"); got[3] != (Stack{"bowl", 1}) || len(got) != 4 {
		t.Errorf("added item: %v", got)
	}
	// A repeated key keeps its first place and its last count, as JSON.parse.
	ts, err := DecodeTasks([]byte(`{"a": {"initial_inventory": {"0": {"stick": 1, "dirt": 2, "stick": 3}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := ts[0].Inventory("0"); !reflect.DeepEqual(got, []Stack{{"stick", 3}, {"dirt", 2}}) {
		t.Errorf("repeated key: %v", got)
	}
}

// MINDcraft's single-agent files write a flat {item: count}; MINDcraft
// reads initial_inventory["0"] and gives nothing. The entries are kept
// verbatim for the round trip and validation warns about them.
func TestFlatInventoryIsIgnored(t *testing.T) {
	in := `{"crafting_iron_pickaxe": {"type": "techtree", "goal": "Craft an iron pickaxe.", "agent_count": 1, "initial_inventory": {"stone_pickaxe": 1}, "target": "iron_pickaxe", "number_of_target": 1, "timeout": 500}}`
	ts, err := DecodeTasks([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	task := ts[0]
	if len(task.InitialInventory) != 0 || string(task.IgnoredInventory["stone_pickaxe"]) != "1" {
		t.Fatalf("inventory %v, ignored %v", task.InitialInventory, task.IgnoredInventory)
	}
	out, _ := EncodeTasks(ts)
	if !strings.Contains(string(out), `"initial_inventory": {
      "stone_pickaxe": 1
    }`) {
		t.Errorf("flat entry lost in a round trip:\n%s", out)
	}
	ps := ValidateTask(&task)
	if errs, ws := SplitWarnings(ps); len(errs) != 0 || len(ws) != 1 ||
		ws[0].String() != `task "crafting_iron_pickaxe": warning: initial_inventory.stone_pickaxe: 1 is not an agent's inventory (MINDcraft reads initial_inventory["0"] .. and gives nothing for it); ignored` {
		t.Errorf("problems: %v", ps)
	}
}

// DropIgnored leaves what MINDcraft acts on and never changes maps the
// task shared before.
func TestDropIgnored(t *testing.T) {
	ts, err := DecodeTasks([]byte(`{"t": {"type": "cooking", "agent_count": 1,
		"goal": {"0": "make bread", "1": "help"},
		"initial_inventory": {"0": {"wheat": 3, "bowl": 0, "rose_red": 1, "coal": 1}, "1": {"egg": 1}},
		"blocked_actions": {"0": ["!getCraftingPlan"], "1": []},
		"blocked_access_to_recipe": ["0", "1"],
		"target": {"bread": 1}, "recipes": {"bread": ["Step 1: craft"]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	task := ts[0]
	orig := task.InitialInventory
	ws := task.DropIgnored()
	var fields []string
	for _, w := range ws {
		fields = append(fields, w.Field)
	}
	wantFields := []string{"initial_inventory.0.bowl", "initial_inventory.0.rose_red", "initial_inventory.1", "blocked_actions.1", "goal.1", "blocked_access_to_recipe"}
	if !reflect.DeepEqual(fields, wantFields) {
		t.Errorf("warnings on %v, want %v", fields, wantFields)
	}
	if got := task.Inventory("0"); !reflect.DeepEqual(got, []Stack{{"wheat", 3}, {"coal", 1}}) {
		t.Errorf("played inventory %v", got)
	}
	if len(task.InitialInventory) != 1 || len(task.BlockedActions) != 1 || len(task.Goal.PerAgent) != 1 ||
		!reflect.DeepEqual(task.BlockedAccessToRecipe, []string{"0"}) {
		t.Errorf("left: %+v", task)
	}
	if len(orig) != 2 || orig["0"]["bowl"] != 0 || len(orig["0"]) != 4 {
		t.Errorf("the shared map changed: %v", orig)
	}
	if len(ValidateTask(&task)) != 0 {
		t.Errorf("the played task still has problems: %v", ValidateTask(&task))
	}
}
