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

// MINDcraft's cooking tasks list no chest items: the chest then holds what
// the dishes need beyond the farm.
func TestDefaultChest(t *testing.T) {
	task := taskFromFile(t, "../procgen/testdata/mindcraft_cooking.json", "multiagent_cooking_2_1_baked_potato_1_cake")
	task.InitialInventory = nil // nobody carries the milk and the egg
	w := mustBuild(t, task, 1, Options{})
	res := do(t, w, "Andy_0", "!viewChest")
	for _, want := range []string{"1 milk_bucket\n1 milk_bucket\n1 milk_bucket\n", "1 egg\n"} {
		if !strings.Contains(res.Output, want) {
			t.Errorf("chest lacks %q:\n%s", want, res.Output)
		}
	}
	if strings.Contains(res.Output, "wheat") || strings.Contains(res.Output, "potato") {
		t.Errorf("the farm gives wheat and potatoes; the chest should not:\n%s", res.Output)
	}
}
