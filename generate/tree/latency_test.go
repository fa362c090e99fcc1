package tree_test

import (
	"math"
	"slices"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/generate/tree"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestCallsTakeTheirDraws: under --latency every call records the latency
// drawn for its kind, an agent's next step starts no sooner than its call
// answered, and the draws of a kind follow its distribution (KS distance
// to the CDF below the 1% critical value).
func TestCallsTakeTheirDraws(t *testing.T) {
	spec := "default=lognormal(2s,0.5)," + trajectory.KindCritic + "=uniform(500ms,1.5s)," + trajectory.KindSkillDescription + "=constant(800ms)"
	model, err := latency.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	byKind := map[string][]float64{}
	for _, c := range []struct {
		material string
		n        int
	}{{"logs", 30}, {"stones", 30}, {"iron", 9}, {"logs", 45}, {"stones", 20}, {"iron", 6}} {
		task := procgen.CollectionTask("lat_"+c.material, procgen.CollectionSpec{Material: c.material, Quantity: c.n, Distance: 8},
			procgen.Options{Split: procgen.SplitTrain, Agents: 3, Seed: 5})
		res, _ := playWith(t, tree.Org{}, task, 11, generate.Config{Latency: model})
		if !res.Outcome.Success {
			t.Fatalf("%s: %+v", c.material, res.Outcome)
		}
		for _, a := range res.Agents {
			for i, tr := range a.Transitions {
				if tr.SimLatency <= 0 && tr.Kind != trajectory.KindSkillDescription {
					t.Fatalf("%s call %d (%s) records no latency", a.Name, i, tr.Kind)
				}
				if i > 0 {
					prev := a.Transitions[i-1]
					if tr.SimTime+1e-9 < prev.SimTime+prev.SimLatency.Seconds() {
						t.Fatalf("%s call %d at %.3f s starts before call %d answered (%.3f + %v)", a.Name, i, tr.SimTime, i-1, prev.SimTime, prev.SimLatency)
					}
				}
				byKind[tr.Kind] = append(byKind[tr.Kind], tr.SimLatency.Seconds())
			}
		}
	}
	// The kinds the spec does not name share its default distribution.
	byDist := map[string][]float64{}
	dists := map[string]latency.Dist{}
	for kind, xs := range byKind {
		d, _ := model.Dist(kind)
		byDist[d.String()] = append(byDist[d.String()], xs...)
		dists[d.String()] = d
	}
	for name, xs := range byDist {
		d := dists[name]
		if d.Name == "constant" {
			continue // a step: checked below, draw by draw
		}
		ks := d.KS(xs)
		crit := 1.63 / math.Sqrt(float64(len(xs)))
		t.Logf("%s: %d draws, median %.3f s, KS %.4f (1%% critical %.4f)", name, len(xs), median(xs), ks, crit)
		if ks > crit {
			t.Errorf("%s: KS %.4f > %.4f", name, ks, crit)
		}
	}
	if xs := byKind[trajectory.KindSkillDescription]; len(xs) == 0 || slices.Max(xs) != 0.8 || slices.Min(xs) != 0.8 {
		t.Errorf("skill descriptions: %v, want constant 800ms", xs)
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
