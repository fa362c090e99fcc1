package filter

import (
	"iter"

	"collabcraft/quality"
	"collabcraft/trajectory"
)

// Counts are what a Filter did to one kind of item (trials or transitions).
// In = Kept + the sum of Dropped, always.
type Counts struct {
	In      int64            `json:"in"`
	Kept    int64            `json:"kept"`
	Dropped map[Reason]int64 `json:"dropped"`
}

func (c *Counts) add(r Reason, n int64) {
	c.In += n
	if r == Kept {
		c.Kept += n
		return
	}
	if c.Dropped == nil {
		c.Dropped = map[Reason]int64{}
	}
	c.Dropped[r] += n
}

// Report is what one pass of a Filter did. Transitions are the training
// examples at the default unit (one model call each); a dropped trial's
// transitions are counted under the trial's reason.
type Report struct {
	Rules       Config      `json:"rules"`
	Trials      Counts      `json:"trials"`
	Transitions Counts      `json:"transitions"`
	Thresholds  []Threshold `json:"thresholds,omitempty"` // top-quantile, per run and group
}

// Filter applies a Config's rules to a stream of trials.
type Filter struct {
	cfg    Config
	trial  []TrialRule
	trans  []TransitionRule
	th     *thresholds // nil until prepared (top-quantile only)
	thIn   *Input      // the input th was computed on
	report Report
}

// New checks cfg and builds its rules in their fixed order.
func New(cfg Config) (*Filter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	f := &Filter{cfg: cfg}
	if cfg.DropErrors {
		f.trial = append(f.trial, dropErrors{})
	}
	if cfg.Success {
		f.trial = append(f.trial, successRule{})
	}
	if cfg.MinScore != nil {
		f.trial = append(f.trial, minScore{*cfg.MinScore})
	}
	if cfg.TopQuantile != nil {
		f.th = &thresholds{q: *cfg.TopQuantile}
		f.trial = append(f.trial, topQuantile{f.th})
	}
	if cfg.MaxTurns > 0 {
		f.trial = append(f.trial, maxTurns{cfg.MaxTurns})
	}
	if cfg.MaxViolations != nil {
		f.trial = append(f.trial, groundingRule{*cfg.MaxViolations, &quality.Grounder{}})
	}
	if cfg.DropLooping {
		f.trial = append(f.trial, loopingRule{})
	}
	f.trans = transitionRules(cfg)
	f.report.Rules = cfg
	return f, nil
}

func transitionRules(cfg Config) []TransitionRule {
	var rs []TransitionRule
	if len(cfg.Kinds) > 0 {
		rs = append(rs, kindsRule{cfg.Kinds})
	}
	if cfg.Agents != nil {
		rs = append(rs, agentsRule{*cfg.Agents})
	}
	return rs
}

// Config returns the rules the Filter applies.
func (f *Filter) Config() Config { return f.cfg }

// Report returns the counts of the last pass (complete once it has ended).
// The pointer stays valid across passes, so it can be handed out before the
// pass runs (e.g. for a manifest written afterwards).
func (f *Filter) Report() *Report { return &f.report }

// JudgeTrial runs the trial rules in order and returns the first drop, or
// Kept. Call Prepare first if the filter has a top-quantile rule.
func (f *Filter) JudgeTrial(t *trajectory.Trial) Verdict {
	for _, r := range f.trial {
		if v := r.Judge(t); !v.Keep() {
			return v
		}
	}
	return keep
}

// Prepare computes the top-quantile thresholds over in (a no-op without
// that rule). Apply calls it when needed.
func (f *Filter) Prepare(in *Input) error {
	if f.th == nil || f.thIn == in {
		return nil
	}
	if err := f.th.compute(in); err != nil {
		return err
	}
	f.thIn = in
	f.report.Thresholds = f.th.report
	return nil
}

// Apply yields the trials of in that pass, each holding only the agents and
// transitions that pass (an agent whose every transition was dropped is
// removed; History and Memory stay as recorded). Every pass recounts the
// Report from zero. Errors from the input are yielded as they come and do
// not count as trials.
func (f *Filter) Apply(in *Input) iter.Seq2[*trajectory.Trial, error] {
	return func(yield func(*trajectory.Trial, error) bool) {
		if err := f.Prepare(in); err != nil {
			yield(nil, err)
			return
		}
		f.report.Trials, f.report.Transitions = Counts{}, Counts{}
		for t, err := range in.Trials() {
			if err != nil {
				if !yield(nil, err) {
					return
				}
				continue
			}
			if f.judge(t) && !yield(t, nil) {
				return
			}
		}
	}
}

// judge counts t and prunes its transitions; it reports whether t is kept.
func (f *Filter) judge(t *trajectory.Trial) bool {
	v := f.JudgeTrial(t)
	f.report.Trials.add(v.Reason, 1)
	if !v.Keep() {
		f.report.Transitions.add(v.Reason, int64(transitions(t)))
		return false
	}
	prune(t, f.trans, &f.report.Transitions)
	return true
}

func transitions(t *trajectory.Trial) int {
	n := 0
	for _, a := range t.Agents {
		n += len(a.Transitions)
	}
	return n
}

// prune drops the transitions rules reject, counting each verdict in c if
// c is not nil, and removes agents left with no transition.
func prune(t *trajectory.Trial, rules []TransitionRule, c *Counts) {
	agents := t.Agents[:0:0]
	for i := range t.Agents {
		a := t.Agents[i]
		m := member(t, i)
		kept := a.Transitions[:0:0]
		for j := range a.Transitions {
			v := keep
			for _, r := range rules {
				if v = r.Judge(t, m, &a.Transitions[j]); !v.Keep() {
					break
				}
			}
			if c != nil {
				c.add(v.Reason, 1)
			}
			if v.Keep() {
				kept = append(kept, a.Transitions[j])
			}
		}
		if len(kept) == 0 && len(a.Transitions) > 0 {
			continue
		}
		a.Transitions = kept
		agents = append(agents, a)
	}
	t.Agents = agents
}
