package audit

import (
	"maps"
	"slices"
	"strings"

	"collabcraft/export"
)

// TargetSplits are one task type's targets (export.Meta.Target: what its
// splits never share, a farm dish or a VillagerBench structure) by split,
// and those found in two splits. Train and validation may share one: the
// export carves validation out of train by task.
type TargetSplits struct {
	TaskType string         `json:"task_type"`
	PerSplit map[string]int `json:"per_split"` // distinct targets per split
	Shared   []string       `json:"shared"`    // "dish:cake (train, test)"
}

// targetTracker collects each task type's targets and their splits.
type targetTracker map[string]map[string]map[string]bool // type -> target -> splits

func (t targetTracker) add(ex *export.Example) {
	if ex.Meta.Target == "" {
		return
	}
	typ := kindName(ex.Meta.TaskType)
	if t[typ] == nil {
		t[typ] = map[string]map[string]bool{}
	}
	splits := t[typ][ex.Meta.Target]
	if splits == nil {
		splits = map[string]bool{}
		t[typ][strings.Clone(ex.Meta.Target)] = splits
	}
	if !splits[ex.Meta.Split] {
		splits[strings.Clone(ex.Meta.Split)] = true
	}
}

func (t targetTracker) result() []TargetSplits {
	var out []TargetSplits
	for _, typ := range slices.Sorted(maps.Keys(t)) {
		r := TargetSplits{TaskType: typ, PerSplit: map[string]int{}, Shared: []string{}}
		for _, target := range slices.Sorted(maps.Keys(t[typ])) {
			splits := slices.Sorted(maps.Keys(t[typ][target]))
			for _, s := range splits {
				r.PerSplit[s]++
			}
			if len(splits) > 1 && !slices.Equal(splits, []string{"train", "validation"}) {
				r.Shared = append(r.Shared, target+" ("+strings.Join(splits, ", ")+")")
			}
		}
		out = append(out, r)
	}
	return out
}
