package generate

import (
	"math"
	"slices"
	"testing"
	"time"

	"collabcraft/generate/latency"
	"collabcraft/trajectory"
)

// TestLatencyModelDrivesTheClock: with a latency model on, each call's
// think time is drawn by its kind and recorded as the transition's
// SimLatency; the recorded conversation latencies follow the configured
// distribution (Kolmogorov-Smirnov distance under the 1% critical value),
// memory calls theirs, an agent's next call starts no earlier than its
// last one's draw, and the same seed draws the same times.
func TestLatencyModelDrivesTheClock(t *testing.T) {
	model, err := latency.Parse("default=lognormal(2s,0.5),memory=uniform(500ms,1500ms)")
	if err != nil {
		t.Fatal(err)
	}
	play := func() *TrialResult {
		task := craftTask(2)
		task.Timeout = 7200
		chat := funcBackend(func(req Request) (Reply, error) {
			if req.Kind == trajectory.KindMemory {
				return Reply{Text: "we keep talking"}, nil
			}
			return Reply{Text: "Let's keep talking about ladders."}, nil
		})
		team := []Seat{{Name: "Andy_0", Backend: chat}, {Name: "Jill_0", Backend: chat}}
		res, err := Run(t.Context(), TrialSpec{Task: task, World: newFakeWorld(AgentNames(2, 0), nil, "ladder"), Team: team, Seed: 3,
			Config: Config{Latency: model, SetupSeconds: -1, MaxTurns: 1000}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := play()
	byKind := map[string][]float64{}
	for _, a := range res.Agents {
		for i, tr := range a.Transitions {
			if tr.SimLatency <= 0 || tr.SimLatency%time.Millisecond != 0 {
				t.Fatalf("%s call %d (%s): sim latency %v", a.Name, i, tr.Kind, tr.SimLatency)
			}
			byKind[tr.Kind] = append(byKind[tr.Kind], tr.SimLatency.Seconds())
			if i > 0 {
				prev := a.Transitions[i-1]
				if tr.SimTime+1e-9 < prev.SimTime+prev.SimLatency.Seconds() {
					t.Fatalf("%s call %d at %.3fs, before call %d's answer (%.3fs + %v)", a.Name, i, tr.SimTime, i-1, prev.SimTime, prev.SimLatency)
				}
			}
		}
	}
	for kind, xs := range byKind {
		dist, _ := model.Dist(kind)
		slices.Sort(xs)
		d := 0.0
		for i, x := range xs {
			f := dist.CDF(x)
			d = max(d, math.Abs(f-float64(i)/float64(len(xs))), math.Abs(f-float64(i+1)/float64(len(xs))))
		}
		crit := 1.63 / math.Sqrt(float64(len(xs))) // 1%
		t.Logf("%s: %d calls, median %.3fs, KS distance %.4f (1%% critical %.4f)", kind, len(xs), xs[len(xs)/2], d, crit)
		if len(xs) < 50 || d > crit {
			t.Errorf("%s: %d calls, KS distance %.4f against %s (critical %.4f)", kind, len(xs), d, dist, crit)
		}
	}
	again := play()
	for i, a := range again.Agents {
		for j, tr := range a.Transitions {
			if tr.SimLatency != res.Agents[i].Transitions[j].SimLatency || tr.SimTime != res.Agents[i].Transitions[j].SimTime {
				t.Fatalf("%s call %d: replayed %v at %v, first %v at %v", a.Name, j, tr.SimLatency, tr.SimTime, res.Agents[i].Transitions[j].SimLatency, res.Agents[i].Transitions[j].SimTime)
			}
		}
	}
}
