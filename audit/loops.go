package audit

import (
	"slices"
	"strings"

	"collabcraft/export"
	"collabcraft/quality"
)

// LoopStats are the agents' repetitions (quality.Repeats).
type LoopStats struct {
	// Repeats counts conversation calls that repeat the agent's previous
	// response after the same context tail: nothing new was in between.
	Repeats int `json:"repeats"`
	// LoopingAgents are (trial, agent) pairs with a run of 3 or more
	// such calls; LoopingTrials the trials holding one.
	LoopingAgents int      `json:"looping_agents"`
	LoopingTrials []string `json:"looping_trials"`
	// StayRuns counts runs of 5 or more !stay calls in a row.
	StayRuns int `json:"stay_runs"`
}

type loopTracker struct {
	calls map[[2]string][]quality.CallKey // (trial, agent) -> calls
}

func newLoopTracker() *loopTracker { return &loopTracker{calls: map[[2]string][]quality.CallKey{}} }

func (l *loopTracker) add(ex *export.Example, key quality.CallKey) {
	if ex.Meta.Kind != "conversation" {
		return
	}
	k := [2]string{ex.Meta.TrialID, ex.Meta.Agent}
	if _, ok := l.calls[k]; !ok { // keys outlive the decoded trial: copy them
		k = [2]string{strings.Clone(k[0]), strings.Clone(k[1])}
	}
	l.calls[k] = append(l.calls[k], key)
}

func (l *loopTracker) stats() LoopStats {
	var s LoopStats
	trials := map[string]bool{}
	for k, calls := range l.calls {
		r := quality.Repeats(calls)
		s.Repeats += r.Repeats
		s.StayRuns += r.StayRuns
		if r.Looping {
			s.LoopingAgents++
			trials[k[0]] = true
		}
	}
	for t := range trials {
		s.LoopingTrials = append(s.LoopingTrials, t)
	}
	slices.Sort(s.LoopingTrials)
	return s
}
