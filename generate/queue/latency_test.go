package queue_test

import (
	"math"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestQueueCallsTakeTheirDraws: under --latency every call records the
// latency drawn for its kind, a seat's next call starts no sooner than
// its last one answered, and each kind's draws follow its distribution
// (KS distance below the 1% critical value).
func TestQueueCallsTakeTheirDraws(t *testing.T) {
	model, err := latency.Parse("default=lognormal(2s,0.5)," + trajectory.KindCritic + "=uniform(500ms,1.5s)," + trajectory.KindTaskManager + "=exponential(6s)")
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 3, N: 12, Seed: 3}, Human: true})
	if err != nil {
		t.Fatal(err)
	}
	byKind := map[string][]float64{}
	for i, task := range tasks {
		res, _ := playWith(t, task, uint64(i+1), generate.Config{Latency: model})
		if !res.Outcome.Success {
			t.Fatalf("%s: %+v", task.ID, res.Outcome)
		}
		for _, a := range res.Agents {
			for k, tr := range a.Transitions {
				if tr.SimLatency <= 0 {
					t.Fatalf("%s call %d (%s) records no latency", a.Name, k, tr.Kind)
				}
				if k > 0 {
					prev := a.Transitions[k-1]
					if tr.SimTime+1e-9 < prev.SimTime+prev.SimLatency.Seconds() {
						t.Fatalf("%s call %d starts at %.3f s, before call %d answered", a.Name, k, tr.SimTime, k-1)
					}
				}
				byKind[tr.Kind] = append(byKind[tr.Kind], tr.SimLatency.Seconds())
			}
		}
	}
	// The kinds the spec does not name share its default distribution.
	byDist, dists := map[string][]float64{}, map[string]latency.Dist{}
	for kind, xs := range byKind {
		d, _ := model.Dist(kind)
		byDist[d.String()] = append(byDist[d.String()], xs...)
		dists[d.String()] = d
	}
	for name, xs := range byDist {
		ks, crit := dists[name].KS(xs), 1.63/math.Sqrt(float64(len(xs)))
		t.Logf("%s: %d draws, KS %.4f (1%% critical %.4f)", name, len(xs), ks, crit)
		if ks > crit {
			t.Errorf("%s: KS %.4f > %.4f", name, ks, crit)
		}
	}
}

// TestQueueReplays: a trial depends only on its inputs.
func TestQueueReplays(t *testing.T) {
	task := paperTask(procgen.CoVoyagerDiamond, 3, true)
	a, _ := play(t, task, 4)
	b, _ := play(t, task, 4)
	if dump(a) != dump(b) || a.SimSeconds != b.SimSeconds || len(a.Agents[0].History) != len(b.Agents[0].History) {
		t.Errorf("two plays differ:\n%s\n---\n%s", dump(a), dump(b))
	}
}
