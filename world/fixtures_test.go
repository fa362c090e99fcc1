package world

import (
	"strings"
	"testing"

	"collabcraft/procgen"
)

// Every task of MINDcraft's own files builds a world whose agents hold
// their initial inventories.
func TestBuildMINDcraftTasks(t *testing.T) {
	for _, f := range []string{"mindcraft_crafting", "mindcraft_cooking", "mindcraft_construction"} {
		tasks, err := procgen.ReadTaskFile("../procgen/testdata/" + f + ".json")
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			w, err := Build(task, 1, Options{})
			if err != nil {
				t.Errorf("%s: %v", task.ID, err)
				continue
			}
			for i, name := range w.Agents() {
				for item, n := range task.InitialInventory[itoa(i)] {
					if got := w.Agent(name).Inventory().Count(item); got != n {
						t.Errorf("%s: %s holds %d %s, want %d", task.ID, name, got, item, n)
					}
				}
			}
			if w.Success() {
				t.Errorf("%s: solved before anyone acted", task.ID)
			}
		}
	}
}

func TestHellsKitchenValidator(t *testing.T) {
	task := cookingTask()
	task.Target = procgen.Target{List: []string{"bread", "mushroom_stew"}}
	w := mustBuild(t, task, 1, Options{})
	w.Agent("Jill_0").Inventory().Add("bread", 1)
	w.Agent("Andy_0").Inventory().Add("mushroom_stew", 1)
	if w.Success() {
		t.Fatal("dishes held by the wrong agents must not count")
	}
	w.Agent("Andy_0").Inventory().Add("bread", 1)
	w.Agent("Jill_0").Inventory().Add("mushroom_stew", 1)
	if !w.Success() || w.Score() != 1 {
		t.Fatal("each agent holds its dish: success")
	}
}

func TestBuildErrors(t *testing.T) {
	bad := cookingTask()
	bad.InitialInventory = map[string]map[string]int{"0": {"oak_plank": 1}}
	if _, err := Build(bad, 1, Options{}); err == nil || !strings.HasPrefix(err.Error(), `world: task cooking_test: initial_inventory[0]: mcdata: unknown item "oak_plank" (did you mean "oak_planks"`) {
		t.Errorf("unknown item: %v", err)
	}
	bad = cookingTask()
	bad.Type = "escape_room"
	if _, err := Build(bad, 1, Options{}); err == nil {
		t.Error("unknown type must fail")
	}
	bad = procgen.Task{ID: "c", Type: procgen.TypeConstruction, AgentCount: 2}
	if _, err := Build(bad, 1, Options{}); err == nil || err.Error() != "world: task c: construction task without a blueprint" {
		t.Errorf("no blueprint: %v", err)
	}
}

// MINDcraft's cooking world has no chest (cooking_tasks.js leaves it out):
// a task without chest items gets none; chest_items, our extension, puts
// one in the kitchen holding them.
func TestCookingChestOnlyWhenListed(t *testing.T) {
	task := taskFromFile(t, "../procgen/testdata/mindcraft_cooking.json", "multiagent_cooking_2_1_baked_potato_1_cake")
	w := mustBuild(t, task, 1, Options{})
	if res := do(t, w, "Andy_0", `!searchForBlock("chest", 64)`); !strings.Contains(res.Output, "Could not find any chest in 64 blocks.") {
		t.Errorf("a chest in MINDcraft's kitchen: %q", res.Output)
	}
	task.ChestItems = map[string]int{"egg": 1}
	w = mustBuild(t, task, 1, Options{})
	do(t, w, "Andy_0", `!searchForBlock("chest", 64)`)
	if res := do(t, w, "Andy_0", "!viewChest"); !strings.Contains(res.Output, "1 egg") {
		t.Errorf("chest_items chest: %q", res.Output)
	}
}

// MINDcraft gives starting items one /give at a time in the task file's
// key order, so they fill the hotbar in that order and !inventory lists
// them so (here coal, milk_bucket, egg: not name order).
func TestStartingItemsInFileOrder(t *testing.T) {
	task := taskFromFile(t, "../procgen/testdata/mindcraft_cooking.json", "multiagent_cooking_2_1_baked_potato_1_cake")
	w := mustBuild(t, task, 1, Options{})
	out := do(t, w, "Andy_0", "!inventory").Output
	if !strings.Contains(out, "\n- coal: 5\n- milk_bucket: 2\n- egg: 1\n") {
		t.Errorf("!inventory out of the file's order:\n%s", out)
	}
}
