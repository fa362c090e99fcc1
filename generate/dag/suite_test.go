package dag_test

import (
	"context"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// playSuite plays tasks of a kind with the DAG organisation and scripted
// experts and returns the share that succeeded.
func playSuite(t *testing.T, kind, split string, agents, n int) float64 {
	t.Helper()
	rate, _ := playSuiteWith(t, scripted.Options{Skill: 1}, kind, split, agents, n)
	return rate
}

// playSuiteWith plays with the given expert options and also returns the
// trials.
func playSuiteWith(t *testing.T, opts scripted.Options, kind, split string, agents, n int) (float64, []*trajectory.Trial) {
	t.Helper()
	tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: agents, N: n, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	pl := &generate.Player{Org: dag.Org{}, Team: generate.SeatAll(scripted.New(opts), "scripted")}
	ok := 0
	var failed []string
	var recs []*trajectory.Trial
	for i, task := range tasks {
		rec, err := pl.Play(context.Background(), generate.Job{Task: &tasks[i], Seed: generate.TrialSeed(1, task.ID, 0)})
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
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
	return float64(ok) / float64(len(tasks)), recs
}

// suite is one kind's bar under the DAG: of n tasks of a split (nShort
// with -short), at least bar (barShort) must succeed, with 2 agents and
// with 3.
type suite struct {
	kind, split   string
	n, nShort     int
	bar, barShort float64
	what          string // what the rate counts, for the message
}

func (s suite) check(t *testing.T) {
	t.Helper()
	n, bar := s.n, s.bar
	if testing.Short() {
		n, bar = s.nShort, s.barShort
	}
	for _, agents := range []int{2, 3} {
		if rate := playSuite(t, s.kind, s.split, agents, n); rate < bar {
			t.Errorf("%s, %d agents: %.0f%% of %s under the DAG, want at least %.0f%%", s.kind, agents, 100*rate, s.what, 100*bar)
		}
	}
}

// TestDAGCraftingSuite: the scripted experts play crafting under the DAG
// with 2 and 3 agents; the bar is 90% on these samples (the 95%
// is for the default suites, measured with the pipeline).
func TestDAGCraftingSuite(t *testing.T) {
	suite{kind: "crafting", split: "train", n: 60, nShort: 15, bar: 0.9, barShort: 0.9, what: "trials succeed"}.check(t)
}

// TestDAGCookingSuite: cooking under the DAG with 2 and 3 agents, 95%
// at least.
func TestDAGCookingSuite(t *testing.T) {
	suite{kind: "cooking", split: "train", n: 40, nShort: 10, bar: 0.95, barShort: 0.95, what: "trials succeed"}.check(t)
}

// TestDAGNoisyExpertsRecover: with mistakes (misspelt item names), the
// executors read the tool's answer, put the name right and the team still
// succeeds.
func TestDAGNoisyExpertsRecover(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 6
	}
	mistakes, owned := 0, 0
	for _, kind := range []string{"crafting", "cooking"} {
		rate, recs := playSuiteWith(t, scripted.Options{Skill: 1, Noise: 0.5}, kind, "train", 2, n)
		if rate < 0.9 {
			t.Errorf("%s with noise: %.0f%% succeed, want at least 90%%", kind, 100*rate)
		}
		for _, r := range recs {
			for _, a := range r.Agents {
				for _, tr := range a.Transitions {
					if tr.Kind != trajectory.KindReact {
						continue
					}
					if strings.Contains(tr.Response, "name wrong") || strings.Contains(tr.Response, "name was off") {
						owned++
					}
					if strings.Contains(tr.Command, `"item_name": "`) && !mentionsKnownItem(tr.Command) {
						mistakes++
					}
				}
			}
		}
	}
	t.Logf("%d misspelt calls, %d put right", mistakes, owned)
	if mistakes == 0 || owned == 0 {
		t.Errorf("%d misspelt calls, %d put right: the noise did not act", mistakes, owned)
	}
}

// mentionsKnownItem reports whether a tool call's item_name is a real
// item.
func mentionsKnownItem(command string) bool {
	_, rest, _ := strings.Cut(command, `"item_name": "`)
	name, _, _ := strings.Cut(rest, `"`)
	return mcdata.IsItem(name)
}

// TestDAGVBConstructionSuite: the scripted experts build VillagerBench's
// blueprints (the paper's 100, the test split) under the DAG with 2 and
// 3 agents, at issue 31's bar of 90%. A trial succeeds as VillagerBench's
// judge ends it "complete", at C = VHR = 1: the builders clear what their
// dirt ladders left and the enclosure's glass inside the blueprint's box.
// Measured: 94 of 100 with 2 agents, 94 with 3 (90 and 91 before the
// dirt resting on the building went up without a ladder: its erecting
// sent the builder bridging through the air, and the bridge's dirt stayed
// in the box at y = -56 in tasks 81 and 92). Of the rest, tasks 57 and
// 95 hold a block with no item (fire, a sweet berry bush), 60 and 61
// reach past the enclosure's glass wall, where nobody inside can stand;
// 89 (and 45 with 2 agents, 55 with 3) run out of time.
func TestDAGVBConstructionSuite(t *testing.T) {
	suite{kind: "vbconstruction", split: "test", n: 100, nShort: 20, bar: 0.9, barShort: 0.75, what: "blueprints built exactly"}.check(t)
}

// TestDAGFarmSuite: the scripted experts cook VillagerBench's farm-to-table
// dishes (the paper's 100 settings, the test split) under the DAG with 2
// and 3 agents, from the task text, the recipe hint and the environment
// summary only, at issue 31's bar of 95%. Measured: 98 of 100 with 2
// agents, 96 with 3 (the rest are rabbit stews out of time or stopped).
// The race run (-short) plays the first 20, the cakes.
func TestDAGFarmSuite(t *testing.T) {
	suite{kind: "farm", split: "test", n: 100, nShort: 20, bar: 0.95, barShort: 0.9, what: "dishes made"}.check(t)
}

// TestDAGFarmTrainSuite: the generated farm-to-table dishes (train split)
// under the DAG, with the smelted ones (cooked_beef, baked_potato,
// cooked_rabbit), whose dish the recipe hint has no recipe for: the cook
// smelts it in the kitchen's furnace with coal from the chest or the
// mine. Measured: 48 of 50 with 2 agents, 49 with 3; the -short run's
// 20 hold each dish four times (18 and 19 of 20: rabbits and cows out of
// the action budget).
func TestDAGFarmTrainSuite(t *testing.T) {
	suite{kind: "farm", split: "train", n: 50, nShort: 20, bar: 0.95, barShort: 0.85, what: "dishes made"}.check(t)
}
