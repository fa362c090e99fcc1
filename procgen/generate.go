package procgen

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Task kinds as the command line names them.
const (
	KindCrafting     = "crafting"
	KindCooking      = "cooking"
	KindConstruction = "construction"
)

// Kinds lists the task kinds, in suite order.
func Kinds() []string { return []string{KindCrafting, KindCooking, KindConstruction} }

// Splits lists the splits a kind has (cooking has no dev split).
func Splits(kind string) []string {
	if kind == KindCooking {
		return []string{SplitTrain, SplitTest}
	}
	return []string{SplitTrain, SplitDev, SplitTest}
}

// DefaultCount is how many tasks a kind's split has by default (the
// paper's Table 2; dev as large as test).
func DefaultCount(kind, split string) int {
	switch kind {
	case KindCrafting:
		return map[string]int{SplitTrain: DefaultCraftingTrain, SplitDev: DefaultCraftingDev, SplitTest: DefaultCraftingTest}[split]
	case KindCooking:
		return map[string]int{SplitTrain: DefaultCookingTrain, SplitTest: DefaultCookingTest}[split]
	case KindConstruction:
		return map[string]int{SplitTrain: DefaultConstructionTrain, SplitDev: DefaultConstructionDev, SplitTest: DefaultConstructionTest}[split]
	}
	return 0
}

// GenerateOptions select the tasks Generate makes.
type GenerateOptions struct {
	Options
	MaxDepth       int    // crafting: depths 0..MaxDepth-1 (0 = default)
	SplitMaterials string // construction: SplitEven or SplitByType ("" = even)
	HeldOut        int    // construction: see ConstructionOptions.HeldOut
}

// Generate makes tasks of one kind.
func Generate(kind string, opts GenerateOptions) ([]Task, error) {
	switch kind {
	case KindCrafting:
		return GenerateCrafting(CraftingOptions{Options: opts.Options, MaxDepth: opts.MaxDepth})
	case KindCooking:
		return GenerateCooking(opts.Options)
	case KindConstruction:
		return GenerateConstruction(ConstructionOptions{Options: opts.Options, SplitMaterials: opts.SplitMaterials, HeldOut: opts.HeldOut})
	}
	return nil, fmt.Errorf("procgen: unknown task kind %q (expected %s)", kind, strings.Join(Kinds(), ", "))
}

// Breakdown summarises tasks by their main difficulty knob: depth for
// crafting, recipe variant for cooking, rooms level for construction.
func Breakdown(tasks []Task) string {
	counts := map[string]int{}
	for _, t := range tasks {
		var key string
		switch t.Type {
		case TypeCrafting:
			if t.Depth != nil {
				key = fmt.Sprintf("depth %d", *t.Depth)
			}
		case TypeCooking:
			key, _ = t.Difficulty["variant"].(string)
		case TypeConstruction:
			if r, ok := t.Difficulty["rooms"]; ok {
				key = fmt.Sprintf("rooms %v", r)
			}
		}
		if key == "" {
			key = "other"
		}
		counts[key]++
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%s: %d", k, counts[k]))
	}
	return strings.Join(parts, ", ")
}
