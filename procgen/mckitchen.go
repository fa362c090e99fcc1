package procgen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"collabcraft/cuisine"
	"collabcraft/mckitchen"
)

// Minecraft kitchen tasks (MindAgent §7, package mckitchen): a set of meats
// ordered, an α, the episodes a trial plays, in a kitchen world every task
// shares the layout of (its seed places the pens). Test is the four meats,
// as the paper's Alex and Steve cooked; train and dev are the other sets of
// meats, so no test set is in train.
const (
	DefaultMCKitchenTrain = 50 // 10 sets of meats × 5 α
	DefaultMCKitchenDev   = 20 // 4 sets of meats × 5 α
	DefaultMCKitchenTest  = 5  // the four meats × 5 α
	mckitchenGenerator    = "collabcraft/mckitchen"
)

// MCKitchen is the Minecraft kitchen kind.
var MCKitchen = &Kind{
	Name: KindMCKitchen, TaskType: TypeMCKitchen,
	Family: FamilyMindAgent, World: WorldMinecraft, Orgs: []string{"dispatcher"},
	NotPlayedWhy:  "MindAgent's Minecraft kitchen, a stream of orders served in lock-step rounds of one action per agent",
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: map[string]int{SplitTrain: DefaultMCKitchenTrain, SplitDev: DefaultMCKitchenDev, SplitTest: DefaultMCKitchenTest},
	Scored:        true,
	Knobs: []Knob{
		{Name: "level", Type: KnobString, read: fromDifficulty("level")},
		{Name: "alpha", Type: KnobString, read: fromDifficulty("alpha")},
		{Name: "dishes", Type: KnobInt, read: fromDifficulty("dishes")},
	},
	generate: func(o GenerateOptions) ([]Task, error) { return GenerateMCKitchen(o.Options) },
	validate: (*validator).mckitchen,
	breakdown: func(t *Task) string {
		if v, ok := t.Difficulty["level"].(string); ok {
			return v
		}
		return ""
	},
	noGoal: true,
}

// mckitchenSets are the sets of meats by split: every set of two or more.
func mckitchenSets(split string) [][]string {
	var all [][]string
	n := len(mckitchen.Meats)
	for mask := 1; mask < 1<<n; mask++ {
		var set []string
		for i, m := range mckitchen.Meats {
			if mask&(1<<i) != 0 {
				set = append(set, m.Dish)
			}
		}
		all = append(all, set)
	}
	var out [][]string
	for _, s := range all {
		switch {
		case len(s) == n:
			if split == SplitTest {
				out = append(out, s)
			}
		case len(s) == n-1:
			if split == SplitDev {
				out = append(out, s)
			}
		default:
			if split == SplitTrain {
				out = append(out, s)
			}
		}
	}
	return out
}

// MCKitchenLevel names a set of meats: "meats_beef_porkchop".
func MCKitchenLevel(dishes []string) mckitchen.Level {
	var parts []string
	for _, d := range dishes {
		parts = append(parts, strings.TrimPrefix(d, "cooked_"))
	}
	return mckitchen.Level{Name: "meats_" + strings.Join(parts, "_"), Dishes: dishes}
}

// GenerateMCKitchen makes kitchen tasks: each set of meats of the split at
// each of MindAgent's five α, in turn, until N tasks.
func GenerateMCKitchen(o Options) ([]Task, error) {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: mckitchen: %w", err)
	}
	n := o.N
	if n == 0 {
		n = map[string]int{SplitTrain: DefaultMCKitchenTrain, SplitDev: DefaultMCKitchenDev, SplitTest: DefaultMCKitchenTest}[o.Split]
	}
	sets := mckitchenSets(o.Split)
	var tasks []Task
	for round := 0; len(tasks) < n; round++ {
		for _, set := range sets {
			for _, alpha := range cuisine.Alphas {
				if len(tasks) == n {
					return tasks, nil
				}
				l := MCKitchenLevel(set)
				a := strconv.FormatFloat(alpha, 'f', -1, 64)
				id := fmt.Sprintf("mckitchen_%s_alpha_%s_agents_%d", l.Name, a, o.Agents)
				if round > 0 {
					id += fmt.Sprintf("_variant_%d", round)
				}
				t := Task{ID: id, Type: TypeMCKitchen, AgentCount: o.Agents, Target: Target{List: slices.Clone(set)},
					Alpha: alpha, Episodes: cuisine.EpisodesPerSetting, Split: o.Split, InitialInventory: map[string]map[string]int{},
					Difficulty: map[string]any{"level": l.Name, "alpha": alpha, "dishes": len(set), "agents": o.Agents},
					Generator:  &Generator{Name: mckitchenGenerator, Version: GeneratorVersion}}
				for i := range o.Agents {
					t.InitialInventory[agentID(i)] = map[string]int{"wooden_sword": 1, "wooden_pickaxe": 1}
				}
				t.Seed = taskSeed(o.Seed, t.ID)
				tasks = append(tasks, t)
			}
		}
	}
	return tasks, nil
}

// mckitchen checks a kitchen task: its meats (target, a list), α, episodes.
func (v *validator) mckitchen() {
	t := v.t
	if t.Target.List == nil {
		v.add("target", fmt.Sprintf("expected the list of meats ordered, some of %v", mckitchenDishes()))
	} else if err := (mckitchen.Level{Dishes: t.Target.List}).Validate(); err != nil {
		v.add("target", err.Error())
	}
	if !(t.Alpha > 0) || t.Alpha > 100 {
		v.add("alpha", fmt.Sprintf("%v (expected a positive factor, MindAgent's are %v)", t.Alpha, cuisine.Alphas))
	}
	if t.Episodes < 0 || t.Episodes > maxCuisineEpisodes {
		v.add("episodes", fmt.Sprintf("%d (expected 1 to %d, or 0 for %d)", t.Episodes, maxCuisineEpisodes, cuisine.EpisodesPerSetting))
	}
}

func mckitchenDishes() []string {
	var out []string
	for _, m := range mckitchen.Meats {
		out = append(out, m.Dish)
	}
	return out
}
