package audit

import (
	"context"
	"testing"

	"collabcraft/export"
	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/quality"
	"collabcraft/trajectory"
)

// TestDAGAudit audits real DAG trials (the scripted experts on crafting
// and cooking): each of the DAG's kinds is a group of its own, the react
// calls' tool calls count as commands and are grounded in their prompts
// (the experts decide from what their prompts show: no violation), and a
// tool call the prompt does not support is one.
func TestDAGAudit(t *testing.T) {
	trials := playTrials(t, dag.Org{}, []string{procgen.KindCrafting, procgen.KindCooking}, []string{procgen.SplitTrain}, 6, 6)
	src := trajectory.Values(trials)
	r, err := Audit(export.FromTrials(src, export.UnitTransition), Options{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]*Group{}
	for _, g := range r.ByDimension["kind"] {
		kinds[g.Value] = g
	}
	calls := map[string]int{}
	for _, tr := range trials {
		for _, a := range tr.Agents {
			for _, c := range a.Transitions {
				calls[c.Kind]++
			}
		}
	}
	for _, k := range []string{trajectory.KindEnvSummary, trajectory.KindDecompose, trajectory.KindReact, trajectory.KindReflect, trajectory.KindSummary} {
		if calls[k] == 0 {
			t.Errorf("no %s calls in the trials (%v)", k, calls)
		}
	}
	for k, n := range calls {
		if kinds[k] == nil || kinds[k].Examples != n {
			t.Errorf("%d %s calls, group %+v", n, k, kinds[k])
		}
	}
	if g := kinds[trajectory.KindReact]; g == nil || g.Commands == 0 || g.Commands > g.Examples {
		t.Errorf("react: %+v", g)
	}
	if r.Overall.Violations != 0 {
		t.Errorf("%d grounding violations in the experts' DAG trials: %+v", r.Overall.Violations, r.Violations)
	}
	// The same call with a player nobody mentions.
	var call export.Example
	for ex, err := range export.FromTrials(src, export.UnitTransition) {
		if err != nil {
			t.Fatal(err)
		}
		if ex.Meta.Kind == trajectory.KindReact && len(ex.Messages) == 3 && ex.Messages[2].Content != "" {
			if _, ok := quality.ToolCallOf(ex.Messages[2].Content); ok {
				call = ex
				break
			}
		}
	}
	if call.ID == "" {
		t.Fatal("no react call with a tool call")
	}
	call.Messages[2].Content = "Thought: x\nAction:\n```\n{\"action\": \"handoverBlock\", \"action_input\": {\"player_name\": \"Nobody_7\", \"target_player_name\": \"Jill_0\", \"item_name\": \"stick\", \"item_count\": 1}}\n```"
	bad := run(t, call)
	if bad.Overall.Violations == 0 || bad.Overall.Commands != 1 {
		t.Errorf("an unknown player: %d violations of %d commands", bad.Overall.Violations, bad.Overall.Commands)
	}
}

// playTrials plays n tasks of each kind and split (seeded) with the
// scripted experts under org (nil: MINDcraft's peers), one trial per task.
func playTrials(t *testing.T, org generate.Organisation, kinds, splits []string, n int, seed uint64) []*trajectory.Trial {
	t.Helper()
	p := &generate.Player{Org: org, Team: generate.SeatAll(scripted.New(scripted.DefaultOptions()), "scripted")}
	var trials []*trajectory.Trial
	for _, kind := range kinds {
		for _, split := range splits {
			tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: 2, N: n, Seed: seed}})
			if err != nil {
				t.Fatal(err)
			}
			for _, j := range generate.Jobs(tasks, 1, 4) {
				r, err := p.Play(context.Background(), j)
				if err != nil {
					t.Fatal(err)
				}
				trials = append(trials, r)
			}
		}
	}
	return trials
}
