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
	"collabcraft/quality"
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

// TestDAGEscapeSuite: the scripted experts play VillagerBench's escape
// rooms under the DAG with 2 agents, the test split (the code's 22, then
// generated tasks): the planner plans rounds from the agents' own looks
// (a room's blocks reach it only through the state manager's summaries
// of what the agents in it scanned), plates before the levers and buttons
// that wait for them. No executor names a mechanism its subtask, its
// scratchpad or a teammate's summary did not show (hidden_block). The
// one task nobody can finish (VillagerBench's own puzzle_task4_2p_idx1,
// escape.Task.Stuck) counts as a failure. Measured: 121 of 122 here
// (procgen seed 3), and on the CLI's default seed (the code's 22: 21,
// 100 generated: 100; notes/issue-32-dag.md).
func TestDAGEscapeSuite(t *testing.T) {
	n, bar := procgen.DefaultEscapeTest, 0.95
	if testing.Short() {
		n, bar = 30, 0.9
	}
	rate, recs := playSuiteWith(t, scripted.Options{Skill: 1}, "escape", "test", 2, n)
	g := &quality.Grounder{}
	hidden, plans, mistakes := 0, 0, 0
	for _, r := range recs {
		for _, a := range r.Agents {
			for i, tr := range a.Transitions {
				if strings.Contains(tr.Response, "wait until the plates are held") || strings.Contains(tr.Response, "before the plates are held") {
					plans++
				}
				if strings.Contains(tr.Response, "wrong spot") || strings.Contains(tr.Response, "had the position wrong") {
					mistakes++
				}
				for _, v := range g.CheckCall(tr.Kind, &quality.Call{TrialID: r.TrialID, Agent: a.Name, TaskType: procgen.TypeEscape, Kind: tr.Kind, Step: i, Context: tr.Messages, Response: tr.Response}) {
					if v.Kind == quality.KindHiddenBlock {
						hidden++
						t.Errorf("%s %s step %d: %q names %s, which nothing it saw or was told shows", v.TrialID, v.Agent, v.Step, tr.Response, v.Value)
					}
				}
			}
		}
	}
	t.Logf("escape, 2 agents: %.1f%% of %d finished; %d plans with plates first, %d wrong spots put right, %d hidden-block violations", 100*rate, len(recs), plans, mistakes, hidden)
	if rate < bar {
		t.Errorf("%.1f%% of the escape tasks finished under the DAG, want at least %.0f%%", 100*rate, 100*bar)
	}
	if plans == 0 || mistakes == 0 {
		t.Errorf("%d plans waiting for the plates, %d mistakes put right: want some of each", plans, mistakes)
	}
}
