package dispatcher_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/generate/dispatch"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// dispatchTrial plays a CuisineWorld task with the scripted dispatcher.
func dispatchTrial(t *testing.T, task *procgen.Task, opts scripted.Options, seed uint64) *generate.TrialResult {
	t.Helper()
	var team []generate.Seat
	for i := range task.AgentCount {
		team = append(team, generate.Seat{Name: fmt.Sprintf("Andy%d", i)})
	}
	team = append(team, generate.Seat{Name: dispatch.Seat, Backend: scripted.New(opts)})
	res, err := dispatch.Org{}.Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: seed})
	if err != nil || res.Error != "" {
		t.Fatalf("%s: %v %s", task.ID, err, res.Error)
	}
	return res
}

func cuisineTask(level string, agents int, alpha float64, human bool) *procgen.Task {
	l, _ := cuisine.LevelNamed(level)
	task := &procgen.Task{ID: fmt.Sprintf("%s_%d_%v", level, agents, alpha), Type: procgen.TypeCuisine, AgentCount: agents, Level: &l, Alpha: alpha, Episodes: 1}
	if human {
		task.HumanCount = procgen.IntPtr(1)
	}
	return task
}

// TestDispatcherRepliesWithActionLines: a reply is one action line per
// agent it plans for (all but the human), each naming its own agent, and
// nothing else, as MindAgent's demo turns are.
func TestDispatcherRepliesWithActionLines(t *testing.T) {
	for _, human := range []bool{false, true} {
		for _, n := range []int{2, 3, 4} {
			res := dispatchTrial(t, cuisineTask("level_3", n, 1.5, human), scripted.DefaultOptions(), 7)
			first := 0
			if human {
				first = 1
			}
			for _, tr := range res.Agents[n].Transitions {
				lines := strings.Split(strings.TrimSuffix(tr.Response, "\n"), "\n")
				if len(lines) != n-first || !slices.Equal(cuisine.ExtractActions(tr.Response), lines) {
					t.Fatalf("%d agents (human %v), step %d: reply %q", n, human, tr.Step, tr.Response)
				}
				var agents []string
				for _, l := range lines {
					agents = append(agents, strings.Split(l, "_")[1])
				}
				slices.Sort(agents)
				for i, a := range agents {
					if a != fmt.Sprintf("agent%d", i+first) {
						t.Fatalf("step %d: agents %v", tr.Step, agents)
					}
				}
			}
			if res.Metrics[dispatch.MetricErrorSteps] != 0 {
				t.Errorf("%d agents (human %v): %v steps with errors without noise", n, human, res.Metrics[dispatch.MetricErrorSteps])
			}
		}
	}
}

// TestDispatcherDecidesFromMessagesOnly: the reply depends on the call's
// messages (and its seed, for noise), not on anything else in the request.
func TestDispatcherDecidesFromMessagesOnly(t *testing.T) {
	res := dispatchTrial(t, cuisineTask("level_9", 3, 1, false), scripted.DefaultOptions(), 3)
	b := scripted.New(scripted.Options{Skill: 1, Noise: 0.5})
	for _, tr := range res.Agents[3].Transitions[:20] {
		req := generate.Request{Kind: trajectory.KindDispatch, Messages: tr.Messages, Seed: 11}
		a, _ := b.Complete(context.Background(), req)
		req.View = generate.View{Agent: 2, Name: "x", TaskType: "techtree", Goal: "craft a bed", Inventory: "lots"}
		c, _ := b.Complete(context.Background(), req)
		if a.Text != c.Text {
			t.Fatalf("step %d: the view changed the reply: %q vs %q", tr.Step, a.Text, c.Text)
		}
	}
}

// TestDispatcherNoise: with noise, a stated share of steps carries a
// mistake; the game answers it with its error text on the next turn, and
// the dispatcher, planning afresh from that turn, recovers.
func TestDispatcherNoise(t *testing.T) {
	steps, mistakes, recovered := 0, 0, 0
	for _, level := range []string{"level_1", "level_3", "level_9"} {
		for _, n := range []int{2, 4} {
			res := dispatchTrial(t, cuisineTask(level, n, 1.5, false), scripted.Options{Skill: 1, Noise: 0.5}, 9)
			trs := res.Agents[n].Transitions
			for i, tr := range trs {
				steps++
				if !strings.Contains(tr.Output, "--  []\n-execution suggestions") {
					mistakes++
					if i+1 < len(trs) && strings.Contains(trs[i+1].Output, "--  []\n-execution suggestions") {
						recovered++
					}
				}
			}
		}
	}
	share := float64(mistakes) / float64(steps)
	// 0.3 × noise of the steps whose turn shows no error.
	if share < 0.10 || share > 0.16 {
		t.Errorf("%.3f of %d steps carry a mistake; want about 0.15 × (1 - that share)", share, steps)
	}
	if float64(recovered) < 0.9*float64(mistakes) {
		t.Errorf("%d of %d mistakes recovered on the next step", recovered, mistakes)
	}
	t.Logf("noise 0.5: %d of %d steps (%.1f%%) carry a mistake, %d followed by a clean step", mistakes, steps, 100*share, recovered)
}

// TestDispatcherOnGeneratedLevels plays generated levels of every size:
// each serves orders, and nothing it does is refused.
func TestDispatcherOnGeneratedLevels(t *testing.T) {
	levels, err := procgen.GenerateCuisineLevels(procgen.SplitTrain, 24, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range levels {
		n := 2 + i%3
		task := &procgen.Task{ID: l.Name, Type: procgen.TypeCuisine, AgentCount: n, Level: &l, Alpha: 2, Episodes: 1}
		res := dispatchTrial(t, task, scripted.DefaultOptions(), uint64(i))
		if res.Metrics[dispatch.MetricServed] == 0 || res.Metrics[dispatch.MetricErrorSteps] != 0 {
			t.Errorf("%s (%v, %v), %d agents: %v", l.Name, l.Dishes, l.Kitchen, n, res.Metrics)
		}
	}
}
