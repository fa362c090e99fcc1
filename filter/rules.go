package filter

import (
	"path"
	"slices"

	"collabcraft/procgen"
	"collabcraft/quality"
	"collabcraft/trajectory"
)

// Reason says why an item was kept or dropped. The set is fixed: every
// rule drops for exactly one reason, and the Report counts each.
type Reason string

// Reasons, in the order the rules run.
const (
	Kept          Reason = "kept"
	Errored       Reason = "error"          // drop-errors: the trial ended with end reason "error"
	NotSuccessful Reason = "not_success"    // success: a binary task that did not succeed, or a VillagerBench house not complete
	BelowMinScore Reason = "below_min"      // min-score
	BelowQuantile Reason = "below_quantile" // top-quantile
	TooManyTurns  Reason = "max_turns"      // max-turns
	Ungrounded    Reason = "violations"     // max-violations: too many grounding violations
	Looping       Reason = "looping"        // drop-looping: an agent repeats itself
	KindExcluded  Reason = "kind"           // kinds: a transition of another kind
	AgentExcluded Reason = "agent"          // agents: a transition of an agent not selected
)

// Reasons lists every drop reason in rule order.
var Reasons = []Reason{Errored, NotSuccessful, BelowMinScore, BelowQuantile, TooManyTurns, Ungrounded, Looping, KindExcluded, AgentExcluded}

// Verdict is a rule's decision about one trial or transition.
type Verdict struct {
	Reason Reason // Kept, or why the item is dropped
}

// Keep reports whether the item passes.
func (v Verdict) Keep() bool { return v.Reason == Kept }

var keep = Verdict{Reason: Kept}

func dropIf(drop bool, r Reason) Verdict {
	if drop {
		return Verdict{Reason: r}
	}
	return keep
}

// TrialRule judges a whole trial.
type TrialRule interface {
	Judge(t *trajectory.Trial) Verdict
}

// TransitionRule judges one model call of a kept trial; m is the agent's
// seat in the team (zero if the team does not list it).
type TransitionRule interface {
	Judge(t *trajectory.Trial, m trajectory.Member, tr *trajectory.Transition) Verdict
}

type dropErrors struct{}

func (dropErrors) Judge(t *trajectory.Trial) Verdict {
	return dropIf(t.Outcome.EndReason == trajectory.EndError, Errored)
}

type successRule struct{}

func (successRule) Judge(t *trajectory.Trial) Verdict {
	switch {
	case procgen.IsJudgedComplete(t.TaskType):
		// The world's judge decided (VillagerBench's complete: C = VHR = 1).
		return dropIf(!t.Outcome.Success, NotSuccessful)
	case procgen.IsScored(t.TaskType):
		return keep
	}
	return dropIf(!t.Outcome.Success, NotSuccessful)
}

type minScore struct{ min float64 }

func (r minScore) Judge(t *trajectory.Trial) Verdict {
	return dropIf(t.Outcome.Score < r.min, BelowMinScore)
}

// topQuantile keeps construction trials at or above their group's threshold
// (thresholds come from the first pass, see quantile.go).
type topQuantile struct{ th *thresholds }

func (r topQuantile) Judge(t *trajectory.Trial) Verdict {
	if !procgen.IsQuantiled(t.TaskType) {
		return keep
	}
	min, ok := r.th.of(t)
	return dropIf(!ok || t.Outcome.Score < min, BelowQuantile)
}

type maxTurns struct{ max int }

func (r maxTurns) Judge(t *trajectory.Trial) Verdict {
	for _, a := range t.Agents {
		if len(a.Transitions) > r.max {
			return Verdict{Reason: TooManyTurns}
		}
	}
	return keep
}

// actingCalls yields each call of the trial's agents that acts in the
// world (a conversation call's command, a react call's tool call, the
// tree's todos and programs, the queue's plans), as the quality checks
// see it, with its kind.
func actingCalls(t *trajectory.Trial, each func(agent, kind string, c *quality.Call)) {
	for _, a := range t.Agents {
		for i := range a.Transitions {
			tr := &a.Transitions[i]
			switch tr.Kind {
			case trajectory.KindConversation, trajectory.KindReact, trajectory.KindActionPlan, trajectory.KindSkillCode, trajectory.KindTaskManager:
			default:
				continue
			}
			c := quality.Call{TrialID: t.TrialID, Agent: a.Name, TaskType: t.TaskType, Step: tr.Step, Context: tr.Messages, Response: tr.Response}
			each(a.Name, tr.Kind, &c)
		}
	}
}

type groundingRule struct {
	max int
	g   *quality.Grounder
}

func (r groundingRule) Judge(t *trajectory.Trial) Verdict {
	n := 0
	actingCalls(t, func(_, kind string, c *quality.Call) { n += len(r.g.CheckCall(kind, c)) })
	return dropIf(n > r.max, Ungrounded)
}

type loopingRule struct{}

func (loopingRule) Judge(t *trajectory.Trial) Verdict {
	keys := map[string][]quality.CallKey{}
	actingCalls(t, func(agent, kind string, c *quality.Call) {
		if kind == trajectory.KindConversation {
			keys[agent] = append(keys[agent], quality.KeyOf(c))
		}
	})
	for _, k := range keys {
		if quality.Repeats(k).Looping {
			return Verdict{Reason: Looping}
		}
	}
	return keep
}

type kindsRule struct{ kinds []string }

func (r kindsRule) Judge(_ *trajectory.Trial, _ trajectory.Member, tr *trajectory.Transition) Verdict {
	return dropIf(!slices.Contains(r.kinds, tr.Kind), KindExcluded)
}

type agentsRule struct{ a Agents }

func (r agentsRule) Judge(_ *trajectory.Trial, m trajectory.Member, _ *trajectory.Transition) Verdict {
	if slices.Contains(r.a.Backends, m.Backend) {
		return keep
	}
	for _, pat := range r.a.Names {
		if ok, _ := matchName(pat, m.Name); ok {
			return keep
		}
	}
	return Verdict{Reason: AgentExcluded}
}

// matchName matches an agent name against a name or path.Match pattern.
func matchName(pattern, name string) (bool, error) {
	return path.Match(pattern, name)
}

// member returns the team seat of agent i of t: the team entry of the same
// name, else the entry at the same index.
func member(t *trajectory.Trial, i int) trajectory.Member {
	name := t.Agents[i].Name
	for _, m := range t.Team {
		if m.Name == name {
			return m
		}
	}
	if i < len(t.Team) {
		return t.Team[i]
	}
	return trajectory.Member{Name: name}
}

// knob returns a task knob of t as text (see procgen.KnobText).
func knob(t *trajectory.Trial, name string) (string, bool) {
	return procgen.KnobText(t.Difficulty, t.TaskID, name)
}
