package dispatch

import (
	"context"
	"testing"
	"time"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/procgen"
)

// TestDispatchCallsTakeTheirDraws: with a latency model on, each dispatch
// call records its draw and CuisineWorld's trial clock is their sum (the
// level waits for the dispatcher); without one, the fixed think time.
func TestDispatchCallsTakeTheirDraws(t *testing.T) {
	model, err := latency.Parse("dispatch=uniform(1s,3s)")
	if err != nil {
		t.Fatal(err)
	}
	play := func(m *latency.Model) *generate.TrialResult {
		l, _ := cuisine.LevelNamed("level_0")
		task := &procgen.Task{ID: "x", Type: procgen.TypeCuisine, AgentCount: 2, Level: &l, Alpha: 2, Episodes: 1}
		b := &cannedBackend{replies: []string{"noop_agent0\nnoop_agent1\n"}, calls: 1000}
		team := []generate.Seat{{Name: "A"}, {Name: "B"}, {Name: Seat, Backend: b}}
		res, err := (Org{}).Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1, Config: generate.Config{Latency: m}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := play(model)
	trs := res.Agents[len(res.Agents)-1].Transitions
	var sum time.Duration
	for i, tr := range trs {
		if tr.SimLatency < time.Second || tr.SimLatency > 3*time.Second || tr.SimTime != sum.Seconds() {
			t.Fatalf("call %d: %v at %.3fs, want 1-3 s at %.3fs", i, tr.SimLatency, tr.SimTime, sum.Seconds())
		}
		sum += tr.SimLatency
	}
	if len(trs) != cuisine.EpisodeSteps || res.SimSeconds != sum.Seconds() {
		t.Errorf("%d calls, %gs, draws sum to %v", len(trs), res.SimSeconds, sum)
	}
	fixed := play(nil)
	last := fixed.Agents[len(fixed.Agents)-1].Transitions
	if last[1].SimLatency != 0 || last[1].SimTime != generate.DefaultThinkTime || fixed.SimSeconds != float64(len(last))*generate.DefaultThinkTime {
		t.Errorf("no model: call 1 at %gs records %v; trial %gs", last[1].SimTime, last[1].SimLatency, fixed.SimSeconds)
	}
}

// TestKitchenClockRunsWhileTheDispatcherThinks: in the Minecraft kitchen a
// call's draw moves the order clock (the world does not wait for the
// dispatcher), so orders expire while it thinks; without a model a plan
// with no action takes no time (chat_agent.py's empty plan).
func TestKitchenClockRunsWhileTheDispatcherThinks(t *testing.T) {
	model, err := latency.Parse("dispatch=uniform(20s,40s)")
	if err != nil {
		t.Fatal(err)
	}
	play := func(m *latency.Model) *generate.TrialResult {
		tasks, err := procgen.GenerateMCKitchen(procgen.Options{Split: procgen.SplitTest, Agents: 2})
		if err != nil {
			t.Fatal(err)
		}
		task := tasks[0]
		task.Episodes = 1
		b := &cannedBackend{replies: []string{"Everyone waits."}, calls: 1000}
		team := []generate.Seat{{Name: "A"}, {Name: "B"}, {Name: Seat, Backend: b}}
		res, err := (Org{}).Play(context.Background(), generate.TrialSpec{Task: &task, Team: team, Seed: 1, Config: generate.Config{Latency: m}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	slow, quick := play(model), play(nil)
	var sum time.Duration
	for i, tr := range slow.Agents[len(slow.Agents)-1].Transitions {
		sum += tr.SimLatency
		if tr.SimLatency < 20*time.Second || tr.SimLatency > 40*time.Second || tr.SimTime != sum.Seconds() {
			t.Fatalf("call %d: %v, at %.3fs; want 20-40 s, at %.3fs", i, tr.SimLatency, tr.SimTime, sum.Seconds())
		}
	}
	if slow.SimSeconds != sum.Seconds() {
		t.Errorf("trial %gs, draws sum to %v", slow.SimSeconds, sum)
	}
	for i, tr := range quick.Agents[len(quick.Agents)-1].Transitions {
		if tr.SimLatency != 0 || tr.SimTime != 0 {
			t.Fatalf("no model: call %d records %v at %gs", i, tr.SimLatency, tr.SimTime)
		}
	}
	if slow.Metrics[MetricExpired] == 0 || quick.Metrics[MetricExpired] != 0 {
		t.Errorf("orders expired: %v thinking, %v not", slow.Metrics[MetricExpired], quick.Metrics[MetricExpired])
	}
}
