package dag_test

import (
	"context"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
)

// playSuite plays tasks of a kind with the DAG organisation and scripted
// experts and returns the share that succeeded.
func playSuite(t *testing.T, kind, split string, agents, n int) float64 {
	t.Helper()
	tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: agents, N: n, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	pl := &generate.Player{Org: dag.Org{}, Team: generate.SeatAll(scripted.New(scripted.Options{Skill: 1}), "scripted")}
	ok := 0
	var failed []string
	for i, task := range tasks {
		rec, err := pl.Play(context.Background(), generate.Job{Task: &tasks[i], Seed: generate.TrialSeed(1, task.ID, 0)})
		if err != nil {
			t.Fatal(err)
		}
		if rec.Outcome.EndReason == "error" {
			t.Errorf("%s: %s", task.ID, rec.Error)
		}
		if rec.Outcome.Success {
			ok++
		} else {
			failed = append(failed, task.ID+" ("+rec.Outcome.EndReason+")")
		}
	}
	if len(failed) > 0 {
		t.Logf("%s %s, %d agents: %d of %d; failed: %v", kind, split, agents, ok, len(tasks), failed)
	}
	return float64(ok) / float64(len(tasks))
}

// TestDAGCraftingSuite: the scripted experts play crafting under the DAG
// with 2 and 3 agents; the bar is 90% on these samples (the 95%
// is for the default suites, measured with the pipeline).
func TestDAGCraftingSuite(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	for _, agents := range []int{2, 3} {
		if rate := playSuite(t, "crafting", "train", agents, n); rate < 0.9 {
			t.Errorf("crafting, %d agents: %.0f%% of trials succeed under the DAG, want at least 90%%", agents, 100*rate)
		}
	}
}

// TestDAGCookingSuite: cooking under the DAG with 2 and 3 agents, 95%
// at least.
func TestDAGCookingSuite(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, agents := range []int{2, 3} {
		if rate := playSuite(t, "cooking", "train", agents, n); rate < 0.95 {
			t.Errorf("cooking, %d agents: %.0f%% of trials succeed under the DAG, want at least 95%%", agents, 100*rate)
		}
	}
}
