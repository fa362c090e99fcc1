package audit

import (
	"slices"
	"strings"

	"github.com/zeebo/xxh3"

	"collabcraft/export"
)

// LoopStats are the agents' repetitions.
type LoopStats struct {
	// Repeats counts conversation calls that repeat the agent's previous
	// response (its command, or its text when it has none) after the same
	// context tail: the same output came back and no message arrived, so
	// nothing new was in between.
	Repeats int `json:"repeats"`
	// LoopingAgents are (trial, agent) pairs with a run of 3 or more
	// such calls; LoopingTrials the trials holding one.
	LoopingAgents int      `json:"looping_agents"`
	LoopingTrials []string `json:"looping_trials"`
	// StayRuns counts runs of 5 or more !stay calls in a row.
	StayRuns int `json:"stay_runs"`
}

// callRec is what the loop check keeps of a conversation call.
type callRec struct {
	step      int
	key, tail uint64
	stay      bool
}

type loopTracker struct {
	calls map[[2]string][]callRec // (trial, agent) -> calls
}

func newLoopTracker() *loopTracker { return &loopTracker{calls: map[[2]string][]callRec{}} }

func (l *loopTracker) add(ex *export.Example, o observation) {
	if ex.Meta.Kind != "conversation" || len(ex.Messages) == 0 {
		return
	}
	key := o.command
	if key == "" {
		key = strings.TrimSpace(o.response)
	}
	ctx := ex.Messages[:len(ex.Messages)-1]
	// The context's tail: everything after the agent's last own turn.
	from := 0
	for i := len(ctx) - 1; i >= 0; i-- {
		if ctx[i].Role == "assistant" {
			from = i + 1
			break
		}
	}
	h := xxh3.New()
	for _, m := range ctx[from:] {
		h.WriteString(m.Role)
		h.WriteString(m.Content)
	}
	k := [2]string{ex.Meta.TrialID, ex.Meta.Agent}
	if _, ok := l.calls[k]; !ok { // keys outlive the decoded trial: copy them
		k = [2]string{strings.Clone(k[0]), strings.Clone(k[1])}
	}
	l.calls[k] = append(l.calls[k], callRec{
		step: ex.Meta.Step, key: xxh3.HashString(key), tail: h.Sum64(),
		stay: strings.HasPrefix(o.command, "!stay"),
	})
}

func (l *loopTracker) stats() LoopStats {
	var s LoopStats
	trials := map[string]bool{}
	for k, calls := range l.calls {
		slices.SortFunc(calls, func(a, b callRec) int { return a.step - b.step })
		run, stays, looping := 1, 0, false
		for i, c := range calls {
			if i > 0 && c.key == calls[i-1].key && c.tail == calls[i-1].tail {
				s.Repeats++
				run++
				if run >= 3 {
					looping = true
				}
			} else {
				run = 1
			}
			if c.stay {
				stays++
				if stays == 5 {
					s.StayRuns++
				}
			} else {
				stays = 0
			}
		}
		if looping {
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
