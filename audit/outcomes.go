package audit

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/export"
)

// Outcomes are the trials' results, per task type: success and score by
// knob value, and a score histogram (construction is judged by score).
type Outcomes struct {
	ByType []TypeOutcomes `json:"by_type"`
}

// TypeOutcomes is one task type's outcomes.
type TypeOutcomes struct {
	TaskType  string        `json:"task_type"`
	Trials    int           `json:"trials"`
	Successes int           `json:"successes"`
	MeanScore float64       `json:"mean_score"`
	ByKnob    []KnobOutcome `json:"by_knob"`
	// ScoreHistogram counts scores in ten bins: [0, 0.1), ..., [0.9, 1].
	ScoreHistogram [10]int `json:"score_histogram"`
}

// KnobOutcome is the outcome of the trials with one knob value.
type KnobOutcome struct {
	Knob      string  `json:"knob"`
	Value     string  `json:"value"`
	Trials    int     `json:"trials"`
	Successes int     `json:"successes"`
	MeanScore float64 `json:"mean_score"`
}

// knobColumns are the dataset's knob columns the outcomes break down by.
var knobColumns = []string{"depth", "plan", "missing_items", "hells_kitchen", "materials", "rooms", "windows", "carpets"}

// trialOutcome is what the audit keeps of a trial.
type trialOutcome struct {
	score   float64
	success bool
	knobs   [][2]string
}

type outcomeTracker struct {
	seen   map[string]bool
	byType map[string][]trialOutcome
}

func newOutcomeTracker() *outcomeTracker {
	return &outcomeTracker{seen: map[string]bool{}, byType: map[string][]trialOutcome{}}
}

// add records an example's trial the first time the trial is seen.
func (o *outcomeTracker) add(ex *export.Example) {
	m := ex.Meta
	if o.seen[m.TrialID] || m.Score == nil {
		return
	}
	o.seen[strings.Clone(m.TrialID)] = true
	t := trialOutcome{score: *m.Score, success: m.Success != nil && *m.Success}
	for _, c := range knobColumns {
		if v := m.Knobs.Get(c); v != nil {
			t.knobs = append(t.knobs, [2]string{c, fmt.Sprint(v)})
		}
	}
	typ := kindName(m.TaskType)
	if _, ok := o.byType[typ]; !ok {
		typ = strings.Clone(typ)
	}
	o.byType[typ] = append(o.byType[typ], t)
}

func (o *outcomeTracker) result() Outcomes {
	var out Outcomes
	for _, typ := range slices.Sorted(func(yield func(string) bool) {
		for k := range o.byType {
			if !yield(k) {
				return
			}
		}
	}) {
		ts := o.byType[typ]
		to := TypeOutcomes{TaskType: typ, Trials: len(ts)}
		type acc struct {
			n, ok int
			sum   float64
		}
		byKnob := map[[2]string]*acc{}
		for _, t := range ts {
			if t.success {
				to.Successes++
			}
			to.MeanScore += t.score
			to.ScoreHistogram[min(int(t.score*10), 9)]++
			for _, k := range t.knobs {
				a := byKnob[k]
				if a == nil {
					a = &acc{}
					byKnob[k] = a
				}
				a.n++
				a.sum += t.score
				if t.success {
					a.ok++
				}
			}
		}
		to.MeanScore /= float64(max(len(ts), 1))
		keys := make([][2]string, 0, len(byKnob))
		for k := range byKnob {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b [2]string) int {
			if c := strings.Compare(a[0], b[0]); c != 0 {
				return c
			}
			return compareValues(a[1], b[1])
		})
		for _, k := range keys {
			a := byKnob[k]
			to.ByKnob = append(to.ByKnob, KnobOutcome{Knob: k[0], Value: k[1], Trials: a.n, Successes: a.ok, MeanScore: a.sum / float64(a.n)})
		}
		out.ByType = append(out.ByType, to)
	}
	return out
}

// compareValues orders numbers numerically, other values as text.
func compareValues(a, b string) int {
	var x, y float64
	_, ea := fmt.Sscan(a, &x)
	_, eb := fmt.Sscan(b, &y)
	if ea == nil && eb == nil {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return strings.Compare(a, b)
}
