package scripted

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/quality"
	"collabcraft/trajectory"
)

// escapeBar is issue 32's bar: the share of the code's 22 tasks and of
// the generated ones p2p teams of 2 finish, each. One of the 22 cannot be
// finished by anyone (puzzle_task4_2p_idx1, escape.Task.Stuck), so 21 of
// 22 (95.5%) is the most there. Teams of 3 are held to escapeBar3 (their
// stuck task is puzzle_task3_3p_idx1).
const (
	escapeBar  = 0.95
	escapeBar3 = 0.90
)

// TestEscapeSuite: MINDcraft teams (p2p) of 2, and of 3, play
// VillagerBench's escape rooms, the code's 22 tasks and 100 generated
// ones (the test split), from what their context shows: the shares of the
// code's 22 and of the generated tasks finished each hold the bar; no
// response names a block, item, count, player or place its context does
// not support (in particular no block in a room the agent cannot see
// before a teammate described it); the teams agree in words who stands
// where and pulls what, tell each other what their hidden rooms hold, and
// make and own up to mistakes. The task nobody can finish is counted as a
// failure. -short plays 32 tasks a team size.
func TestEscapeSuite(t *testing.T) {
	for _, c := range []struct {
		agents int
		bar    float64
	}{{2, escapeBar}, {3, escapeBar3}} {
		t.Run(fmt.Sprintf("%d_agents", c.agents), func(t *testing.T) {
			n := procgen.DefaultEscapeTest
			if testing.Short() {
				n = 32
			}
			checkEscapeSuite(t, genTasks(t, procgen.KindEscape, procgen.SplitTest, c.agents, n), c.bar)
		})
	}
}

func checkEscapeSuite(t *testing.T, tasks []procgen.Task, bar float64) {
	recs := play(t, tasks, DefaultOptions(), 42)
	g := &quality.Grounder{}
	plans, reports, mistakes, violations := 0, 0, 0, 0
	for _, r := range recs {
		for _, a := range r.Agents {
			for i, tr := range a.Transitions {
				if tr.Kind != trajectory.KindConversation {
					continue
				}
				switch {
				case strings.Contains(tr.Response, escPlanMark):
					plans++
				case strings.Contains(tr.Response, "In my room") || strings.Contains(tr.Response, "My room has") || strings.Contains(tr.Response, "Where I am there's"):
					reports++
				}
				if strings.Contains(tr.Response, "my mistake") || strings.Contains(tr.Response, "Oops") || strings.Contains(tr.Response, "left too soon") || strings.Contains(tr.Response, "in time with the plate") {
					mistakes++
				}
				for _, v := range g.Check(&quality.Call{TrialID: r.TrialID, Agent: a.Name, TaskType: procgen.TypeEscape, Kind: tr.Kind, Step: i, Context: tr.Messages, Response: tr.Response}) {
					violations++
					t.Errorf("%s %s step %d: %s: %s %q not grounded", v.TrialID, v.Agent, v.Step, v.Command, v.Kind, v.Value)
				}
			}
		}
	}
	r := rate(recs)
	var failed []string
	code, codeN, gen, genN := 0, 0, 0, 0
	for _, rec := range recs {
		if strings.HasPrefix(rec.TaskID, "puzzle_") {
			codeN++
			if rec.Outcome.Success {
				code++
			}
		} else {
			genN++
			if rec.Outcome.Success {
				gen++
			}
		}
		if !rec.Outcome.Success {
			failed = append(failed, fmt.Sprintf("%s (C %.2f)", rec.TaskID, rec.Outcome.Score))
		}
	}
	slices.Sort(failed)
	t.Logf("%d of %d escape tasks finished (%.1f%%; the code's %d: %d, generated %d of %d), %d plans agreed, %d hidden rooms described, %d mistakes owned up to, %d grounding violations; not finished: %s",
		int(r*float64(len(recs))+0.5), len(recs), 100*r, codeN, code, gen, genN, plans, reports, mistakes, violations, strings.Join(failed, ", "))
	dump(t, recs, *dumpFails)
	for _, g := range []struct {
		name     string
		done, of int
	}{{"the code's tasks", code, codeN}, {"the generated tasks", gen, genN}} {
		if float64(g.done) < bar*float64(g.of) {
			t.Errorf("%d of %s %d finished (%.1f%%), want at least %.0f%%", g.done, g.name, g.of, 100*float64(g.done)/float64(g.of), 100*bar)
		}
	}
	if plans == 0 || reports == 0 || mistakes == 0 {
		t.Errorf("%d plans, %d hidden-room reports, %d mistakes: want some of each", plans, reports, mistakes)
	}
}
