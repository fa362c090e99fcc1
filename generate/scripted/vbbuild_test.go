package scripted

import (
	"fmt"
	"strings"
	"testing"

	"collabcraft/generate/scripted/chat"
	"collabcraft/procgen"
	"collabcraft/quality"
	"collabcraft/trajectory"
	"collabcraft/world/js"
)

// vbPlayable are the paper's VillagerBench blueprints (the test split's
// first 100 tasks) p2p plays: those whose every block state MINDcraft's
// placeBlock can set.
func vbPlayable(t testing.TB, agents int) (playable []procgen.Task, all int) {
	tasks := genTasks(t, procgen.KindVBConstruction, procgen.SplitTest, agents, 100)
	for _, task := range tasks {
		bp, err := task.VBBlueprint()
		if err != nil {
			t.Fatal(err)
		}
		if procgen.VBP2PRefusal(bp) == "" {
			playable = append(playable, task)
		}
	}
	return playable, len(tasks)
}

// TestVBConstructionSuite: MINDcraft teams (p2p) build VillagerBench's
// paper blueprints that MINDcraft can build (68 of the 100), with 2 and 3
// agents, in coding mode: complete as VillagerBench's judge says it
// (C = VHR = 100, the world's success) on at least 90% of them (issue
// 31's bar), a house whose blocks are all in is complete, every team agrees a split in chat, and no command names an item,
// count, player or place its context does not support. With noise (0.3,
// skill 0.7) programs slip and are rewritten, commands are misspelt and
// retried, and the bar still holds. -short plays every fourth.
func TestVBConstructionSuite(t *testing.T) {
	g := &quality.Grounder{}
	noisy := Options{Skill: 0.7, Noise: 0.3}
	for _, c := range []struct {
		agents int
		opts   Options
		name   string
	}{{2, DefaultOptions(), "agents_2"}, {3, DefaultOptions(), "agents_3"}, {2, noisy, "agents_2_noisy"}} {
		agents := c.agents
		t.Run(c.name, func(t *testing.T) {
			tasks, all := vbPlayable(t, agents)
			if testing.Short() {
				var few []procgen.Task
				for i := 0; i < len(tasks); i += 4 {
					few = append(few, tasks[i])
				}
				tasks = few
			}
			recs := play(t, tasks, c.opts, 42)
			splits, programs, slips, violations := 0, 0, 0, 0
			for _, r := range recs {
				split := false
				for _, a := range r.Agents {
					for i, tr := range a.Transitions {
						if tr.Kind == trajectory.KindCoding {
							programs++
							if i+1 < len(a.Transitions) && vbSlipped(a.Transitions[i+1].Messages) {
								slips++
							}
							continue
						}
						if tr.Kind != trajectory.KindConversation {
							continue
						}
						if m := chat.Parse(tr.Response); m.Has(chat.BlueprintSplit) && m.SplitBy != "" {
							split = true
						}
						for _, v := range g.Check(&quality.Call{TrialID: r.TrialID, Agent: a.Name, TaskType: procgen.TypeVBConstruction, Kind: tr.Kind, Step: i, Context: tr.Messages, Response: tr.Response}) {
							violations++
							if c.opts.Noise == 0 { // noise misspells names on purpose (perturb)
								t.Errorf("%s %s step %d: %s: %s %q not grounded", v.TrialID, v.Agent, v.Step, v.Command, v.Kind, v.Value)
							}
						}
					}
				}
				if split {
					splits++
				}
			}
			r := rate(recs)
			var failed []string
			for _, rec := range recs {
				if !rec.Outcome.Success {
					failed = append(failed, fmt.Sprintf("%s (C %.3f)", strings.TrimPrefix(rec.TaskID, "vb_construction_"), rec.Outcome.Score))
				}
			}
			t.Logf("%s: complete (C = VHR = 100) on %d of %d playable paper blueprints (%.1f%%; %d of all %d), %d splits agreed, %d programs (%d threw or did not lint, and were rewritten), %d grounding violations; not complete: %s",
				c.name, int(r*float64(len(recs))+0.5), len(recs), 100*r, int(r*float64(len(recs))+0.5), all, splits, programs, slips, violations, strings.Join(failed, ", "))
			dump(t, recs, *dumpFails)
			if r < 0.9 {
				t.Errorf("%d agents: %.1f%% of the playable paper blueprints are complete, want at least 90%%", agents, 100*r)
			}
			if c.opts.Noise > 0 && slips == 0 {
				t.Errorf("%s: no program slipped at noise %.1f", c.name, c.opts.Noise)
			}
			// The judge's views see the whole box: a house whose every
			// block is in is complete once the first builder cleared the
			// box (the enclosure's glass where a house reaches a wall).
			for _, rec := range recs {
				if rec.Outcome.Score >= 1 && !rec.Outcome.Success {
					t.Errorf("%s: every block in (C = 100) but not complete: the box was not cleared", rec.TrialID)
				}
			}
			if splits < len(recs) {
				t.Errorf("%d agents: %d splits agreed in %d trials", agents, splits, len(recs))
			}
		})
	}
}

// vbSlipped reports whether the coding call's last message is the coder
// telling of a program that threw or did not lint.
func vbSlipped(msgs []trajectory.Message) bool {
	if len(msgs) == 0 {
		return false
	}
	last := msgs[len(msgs)-1]
	return last.Role != "assistant" && js.Failed(last.Content)
}
