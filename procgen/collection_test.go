package procgen

import (
	"strconv"
	"strings"
	"testing"
)

// TestCollectionTasks: every split's tasks validate, round-trip through a
// task file, start with empty inventories, and no material and quantity
// (the target) is in two splits; test holds the paper's quantities.
func TestCollectionTasks(t *testing.T) {
	owner := map[string]string{}
	for _, split := range Collection.Splits {
		tasks, err := Generate(KindCollection, GenerateOptions{Options: Options{Split: split, Agents: 3, N: 90, Seed: 7}})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := EncodeTasks(tasks)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeTasks(raw)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := EncodeTasks(back); string(again) != string(raw) {
			t.Fatalf("%s: the task file does not round-trip", split)
		}
		materials := map[string]int{}
		for i := range back {
			task := &back[i]
			if ps := ValidateTask(task); len(ps) > 0 {
				t.Fatalf("%s: %v", task.ID, ps)
			}
			for id, inv := range task.InitialInventory {
				if len(inv) != 0 {
					t.Fatalf("%s: agent %s starts with %v", task.ID, id, inv)
				}
			}
			s := task.Collection
			materials[s.Material]++
			if task.Goal.Text != "Mine "+strconv.Itoa(s.Quantity)+" "+s.Material {
				t.Fatalf("%s: goal %q", task.ID, task.Goal.Text)
			}
			if split == SplitTest && s.Quantity != 50 && s.Quantity != 100 {
				t.Fatalf("%s: test quantity %d", task.ID, s.Quantity)
			}
			target := Collection.TargetOf(task.Difficulty)
			if o, ok := owner[target]; ok && o != split {
				t.Fatalf("%s: target %s in %s and %s", task.ID, target, o, split)
			}
			owner[target] = split
		}
		if materials[MaterialLogs] != 30 || materials[MaterialStones] != 30 || materials[MaterialIron] != 30 {
			t.Errorf("%s: materials %v, want 30 each", split, materials)
		}
	}
	one, err := Generate(KindCollection, GenerateOptions{Options: Options{Split: SplitTest, Agents: 1, N: 4}, Material: MaterialIron, Quantity: 100})
	if err != nil || len(one) != 4 || one[3].Collection.Material != MaterialIron || one[3].Collection.Quantity != 100 || one[0].AgentCount != 1 {
		t.Fatalf("solo 100 iron: %v, %+v", err, one)
	}
	for o, want := range map[GenerateOptions]string{
		{Options: Options{Split: SplitTrain, Agents: 2}, Quantity: 50}:       "quantity 50 belongs to the test split",
		{Options: Options{Split: SplitTrain, Agents: 2}, Material: "gold"}:   `material "gold", expected one of logs, stones, iron`,
		{Options: Options{Split: SplitTrain, Agents: 2}, Quantity: 641}:      "quantity 641, expected 1 to 640",
		{Options: Options{Split: SplitTrain, Agents: 0}, Material: "stones"}: "agents must be 1 to 5, got 0",
	} {
		if _, err := Generate(KindCollection, o); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "procgen: collection: ") {
			t.Errorf("%+v: error %v, want %q", o, err, want)
		}
	}
}
