package dag

import (
	"context"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestDAGCallsTakeTheirDraws: with a latency model on, every DAG call
// records the think time drawn for its kind, and the trial's clock runs
// on those draws instead of the fixed think time.
func TestDAGCallsTakeTheirDraws(t *testing.T) {
	model, err := latency.Parse("default=constant(3s)," + trajectory.KindReact + "=constant(700ms)")
	if err != nil {
		t.Fatal(err)
	}
	play := func(m *latency.Model) *generate.TrialResult {
		agents := []string{"Alice", "Bob"}
		w := &counterWorld{names: agents, goal: 3}
		var seats []generate.Seat
		for _, n := range (Org{}).Seats(agents) {
			seats = append(seats, generate.Seat{Name: n, Backend: planBackend{agents: agents}})
		}
		task := &procgen.Task{ID: "t", Type: "techtree", AgentCount: 2, Target: procgen.Target{Item: "stick"}, NumberOfTarget: 1,
			InitialInventory: map[string]map[string]int{"0": {"oak_planks": 2}, "1": {}}, Timeout: 300}
		res, err := Org{Config: Config{Mode: Merge}}.Play(context.Background(), generate.TrialSpec{Task: task, World: w, Team: seats, Seed: 1, Config: generate.Config{Latency: m}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	fixed, drawn := play(nil), play(model)
	if !drawn.Outcome.Success {
		t.Fatalf("outcome %+v", drawn.Outcome)
	}
	n := 0
	for _, a := range drawn.Agents {
		for _, tr := range a.Transitions {
			want := 3 * time.Second
			if tr.Kind == trajectory.KindReact {
				want = 700 * time.Millisecond
			}
			if tr.SimLatency != want {
				t.Errorf("%s %s call at %.1fs: sim latency %v, want %v", a.Name, tr.Kind, tr.SimTime, tr.SimLatency, want)
			}
			n++
		}
	}
	for _, a := range fixed.Agents {
		for _, tr := range a.Transitions {
			if tr.SimLatency != 0 {
				t.Fatalf("no model: %s call records %v", tr.Kind, tr.SimLatency)
			}
		}
	}
	if n == 0 || drawn.SimSeconds == fixed.SimSeconds {
		t.Errorf("%d calls; %gs with the model, %gs without", n, drawn.SimSeconds, fixed.SimSeconds)
	}
}
