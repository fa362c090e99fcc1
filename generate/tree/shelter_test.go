package tree_test

import (
	"strings"
	"testing"

	"collabcraft/generate/tree"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestTreeBuildsShelter: the scripted tree of 3 builds a generated
// shelter in S-Agents' stages (inventories reported, foundation, walls,
// ceiling), split by who holds what, with programs that loop over the
// rows and the edge ring.
func TestTreeBuildsShelter(t *testing.T) {
	tasks, err := procgen.Generate(procgen.KindShelter, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTest, Agents: 3, N: 1, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := play(t, tree.Org{}, tasks[0], 3)
	if !res.Outcome.Success {
		t.Fatalf("%s: outcome %+v %s\n%s", tasks[0].ID, res.Outcome, res.Error, dump(res))
	}
	var plans, programs []string
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			switch tr.Kind {
			case trajectory.KindTaskPlan:
				plans = append(plans, tr.Response)
			case trajectory.KindSkillCode:
				programs = append(programs, tr.Response)
			}
		}
	}
	all := strings.Join(plans, "\n")
	for _, want := range []string{"reports the inventory.", "builds the foundation rows", "builds the wall columns", "builds the ceiling rows"} {
		if !strings.Contains(all, want) {
			t.Errorf("no plan line %q in the leader's plans", want)
		}
	}
	for _, p := range programs {
		if strings.Count(p, "placeItem(") > 1 {
			t.Errorf("a program places cell by cell instead of in a loop:\n%s", p)
		}
	}
	t.Logf("%s: %.0f s, metrics %v", tasks[0].ID, res.SimSeconds, res.Metrics)
}
