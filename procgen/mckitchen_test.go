package procgen

import (
	"slices"
	"strings"
	"testing"
)

// TestMCKitchenSplits: test orders the four meats, dev three, train two;
// no set of meats is in two splits; every task validates.
func TestMCKitchenSplits(t *testing.T) {
	sets := map[string]map[string]bool{}
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		tasks, err := GenerateMCKitchen(Options{Split: split, Agents: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(tasks) != DefaultCount(KindMCKitchen, split) {
			t.Errorf("%s: %d tasks", split, len(tasks))
		}
		sets[split] = map[string]bool{}
		for _, task := range tasks {
			if ps := ValidateTask(&task); len(ps) > 0 {
				t.Fatalf("%s: %v", task.ID, ps)
			}
			sets[split][strings.Join(task.Target.List, "+")] = true
			if task.InitialInventory["1"]["wooden_pickaxe"] != 1 {
				t.Errorf("%s: inventory %v", task.ID, task.InitialInventory)
			}
		}
	}
	if len(sets[SplitTest]) != 1 || len(sets[SplitDev]) != 4 || len(sets[SplitTrain]) != 10 {
		t.Errorf("sets per split: %d test, %d dev, %d train", len(sets[SplitTest]), len(sets[SplitDev]), len(sets[SplitTrain]))
	}
	for s := range sets[SplitTrain] {
		if sets[SplitDev][s] || sets[SplitTest][s] {
			t.Errorf("%s is in train and another split", s)
		}
	}
	task := Task{ID: "x", Type: TypeMCKitchen, AgentCount: 2, Target: Target{List: []string{"cooked_beef", "cake"}}, Alpha: 1}
	var got []string
	for _, p := range ValidateTask(&task) {
		got = append(got, p.String())
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, `target: dish 1: "cake" is not one of`) }) {
		t.Errorf("an unknown meat: %v", got)
	}
}
