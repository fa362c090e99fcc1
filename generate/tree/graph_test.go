package tree_test

import (
	"strings"
	"testing"

	"collabcraft/generate/tree"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestGraphCollects: the graph of agents (GoA) collects 50 logs and 15
// iron with 3 agents: the agent the user told splits the goal among all,
// itself included; a teammate's order is done by whom it names, who
// answers and reports to whom gave it, and everyone plans for itself.
func TestGraphCollects(t *testing.T) {
	for _, c := range []struct {
		material string
		n        int
	}{{"logs", 50}, {"iron", 15}} {
		task := procgen.CollectionTask("graph_"+c.material, procgen.CollectionSpec{Material: c.material, Quantity: c.n, Distance: 24},
			procgen.Options{Split: procgen.SplitTrain, Agents: 3, Seed: 5})
		res, held := play(t, tree.Org{Config: tree.Config{Shape: tree.Graph}}, task, 5)
		if !res.Outcome.Success || held < c.n {
			t.Errorf("%s: the team holds %d of %d; outcome %+v %s\n%s", c.material, held, c.n, res.Outcome, res.Error, dump(res))
			continue
		}
		plans := map[string]int{}
		var orders, reports []string
		for _, a := range res.Agents {
			for _, tr := range a.Transitions {
				if tr.Kind == trajectory.KindTaskPlan {
					plans[a.Name]++
				}
				if tr.Kind == trajectory.KindActionPlan && strings.Contains(tr.Response, "inform ") {
					orders = append(orders, a.Name)
				}
				if tr.Kind == trajectory.KindSkillCode {
					reports = append(reports, a.Name)
				}
			}
		}
		if len(plans) != 3 {
			t.Errorf("%s: planners %v, want every agent to plan", c.material, plans)
		}
		if len(orders) == 0 || orders[0] != "Andy" {
			t.Errorf("%s: orders given by %v, want Andy (told by the user) first", c.material, orders)
		}
		workers := map[string]bool{}
		for _, n := range reports {
			workers[n] = true
		}
		if len(workers) != 3 {
			t.Errorf("%s: programs written by %v, want all three to work", c.material, workers)
		}
		t.Logf("%s %d: %.0f s, plans %v, metrics %v", c.material, c.n, res.SimSeconds, plans, res.Metrics)
	}
}

// TestGraphCollectionSuite: the scripted graph of 3 agents completes >=
// 95% of generated collection tasks of the test split (the paper's 50 and
// 100 logs, stones and iron).
func TestGraphCollectionSuite(t *testing.T) {
	holdSuite(t, tree.Org{Config: tree.Config{Shape: tree.Graph}}, procgen.KindCollection, procgen.SplitTest)
}

// A graph trial depends only on its inputs: played twice, every call is
// the same.
func TestGraphReplays(t *testing.T) {
	task := procgen.CollectionTask("replay_graph", procgen.CollectionSpec{Material: "stones", Quantity: 12, Distance: 24},
		procgen.Options{Split: procgen.SplitTrain, Agents: 3, Seed: 9})
	org := tree.Org{Config: tree.Config{Shape: tree.Graph}}
	a, _ := play(t, org, task, 4)
	b, _ := play(t, org, task, 4)
	if dump(a) != dump(b) || a.SimSeconds != b.SimSeconds {
		t.Errorf("two plays differ:\n%s\n---\n%s", dump(a), dump(b))
	}
}
