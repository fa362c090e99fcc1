package filter

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// Threshold is the top-quantile cut of one group of one run.
type Threshold struct {
	Run    string  `json:"run"`
	Group  string  `json:"group"`  // "rooms=2,materials=1", or "all" without group-by
	Trials int     `json:"trials"` // construction trials whose scores made the cut (errored ones excluded)
	Min    float64 `json:"min"`    // trials scoring at or above this pass
}

// thresholds holds the cut of every (run, group) seen in the first pass.
type thresholds struct {
	q      Quantile
	min    map[string]float64
	report []Threshold
}

// group is a trial's top-quantile group: its split (a threshold pooled
// over train and test would let one split's scores decide the other's),
// then the GroupBy knobs' values.
func (th *thresholds) group(t *trajectory.Trial) string {
	split := t.Split
	if split == "" {
		split = "?"
	}
	parts := []string{"split=" + split}
	for _, k := range th.q.GroupBy {
		v, ok := knob(t, k)
		if !ok {
			v = "?"
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ",")
}

func (th *thresholds) of(t *trajectory.Trial) (float64, bool) {
	m, ok := th.min[t.Run+"\x00"+th.group(t)]
	return m, ok
}

// compute takes every construction trial's score from the index (errored
// trials were not played out and are left out) and decodes one trial per
// task id, since task type and knobs are the task's, not the attempt's.
func (th *thresholds) compute(in *Input) error {
	type taskInfo struct {
		scored bool
		group  string
	}
	tasks := map[string]taskInfo{} // run \x00 task id
	scores := map[string][]float64{}
	var order []string // group keys: runs in input order, groups sorted within a run
	for _, src := range in.sources {
		for _, e := range src.entries {
			if e.EndReason == trajectory.EndError {
				continue
			}
			tk := e.Run + "\x00" + e.TaskID
			info, ok := tasks[tk]
			if !ok {
				t, err := in.r.ReadTrial(e)
				if err != nil {
					return fmt.Errorf("filter: top-quantile first pass: %w", err)
				}
				info = taskInfo{scored: procgen.IsQuantiled(t.TaskType), group: th.group(t)}
				tasks[tk] = info
			}
			if !info.scored {
				continue
			}
			key := e.Run + "\x00" + info.group
			if _, seen := scores[key]; !seen {
				order = append(order, key)
			}
			scores[key] = append(scores[key], e.Score)
		}
	}
	runIdx := map[string]int{}
	for i, s := range in.sources {
		runIdx[s.run] = i
	}
	slices.SortFunc(order, func(a, b string) int {
		ra, ga, _ := strings.Cut(a, "\x00")
		rb, gb, _ := strings.Cut(b, "\x00")
		return cmp.Or(cmp.Compare(runIdx[ra], runIdx[rb]), strings.Compare(ga, gb))
	})
	th.min = map[string]float64{}
	th.report = nil
	for _, key := range order {
		s := scores[key]
		slices.Sort(s)
		min := quantile(s, th.q.Q)
		th.min[key] = min
		run, group, _ := strings.Cut(key, "\x00")
		th.report = append(th.report, Threshold{Run: run, Group: group, Trials: len(s), Min: min})
	}
	return nil
}

// quantile is the q-th quantile of sorted s by linear interpolation between
// order statistics (numpy's default), so q=0.75 of 1..5 is 4.
func quantile(s []float64, q float64) float64 {
	if len(s) == 0 {
		return math.Inf(1)
	}
	pos := q * float64(len(s)-1)
	lo := int(math.Floor(pos))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (pos-float64(lo))*(s[lo+1]-s[lo])
}
