package procgen

import (
	"errors"
	"fmt"
	"strings"

	"collabcraft/villagerbench"
)

// Farm-to-table tasks (VillagerBench, seed 001; package villagerbench): a
// dish to cook from a scene of chests, farms, pastures and a mine, the
// setting carried whole in the task's "farm" field. Test is the paper's
// 100 settings (cake 0-35, rabbit stew 36-99, in the file's order), then
// the generated test dishes; train and dev are generated from dishes of
// their own, so no test dish or setting is in train.
const (
	DefaultFarmTrain = 200 // 20 settings of 5 dishes, 10 layouts each
	DefaultFarmDev   = 20  // 5 settings of 2 dishes, 4 layouts each
	farmGenerator    = "collabcraft/farm"
)

// DefaultFarmTest is the paper's 100 and one round of the generated test
// dishes.
var DefaultFarmTest = 100 + villagerbench.FarmSettingCount(villagerbench.FarmTest)

// Farm is the farm-to-table kind.
var Farm = &Kind{
	Name: KindFarm, TaskType: TypeFarm,
	Family: FamilyVillagerBench, World: WorldMinecraft,
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: map[string]int{SplitTrain: DefaultFarmTrain, SplitDev: DefaultFarmDev, SplitTest: DefaultFarmTest},
	Scored:        true,
	Knobs: []Knob{
		{Name: "dish", Type: KnobString, read: fromDifficulty("dish")},
		{Name: "complexity", Type: KnobInt, read: fromDifficulty("complexity")},
		{Name: "paper", Type: KnobBool, read: fromDifficulty("paper")},
	},
	generate: func(o GenerateOptions) ([]Task, error) { return GenerateFarm(o.Options) },
	// Splits share no dish (the paper's settings are all test).
	target:   func(d map[string]any) string { return prefixed("dish:", d["dish"]) },
	validate: (*validator).farm,
	breakdown: func(t *Task) string {
		if v, ok := t.Difficulty["dish"].(string); ok {
			return v
		}
		return ""
	},
}

// FarmGoal is VillagerAgent's farm task goal (config.py:120-124) for a
// dish.
func FarmGoal(dish string) string {
	return "You are on a farm where you need to collaborate to make a " + dish + ". Some ingredients are contained within chests, and if the ingredients are not in the chests, you may need to work together to acquire them. Crafting table is placed to craft items"
}

// FarmTask makes the task of a setting: the goal, the wall budget as its
// timeout (200·D s), D and the action budget (40·D s) among its knobs.
func FarmTask(s villagerbench.FarmSetting, split string, agents int, paper bool, seed uint64) Task {
	d := villagerbench.FarmComplexity(&s)
	b := villagerbench.FarmBudgets(d)
	id := fmt.Sprintf("farm_%s_agents_%d", s.Name, agents)
	t := Task{ID: id, Type: TypeFarm, Goal: Goal{Text: FarmGoal(s.Dish)}, AgentCount: agents,
		InitialInventory: map[string]map[string]int{}, Timeout: int(b.WallSeconds), Farm: &s, Split: split,
		Difficulty: map[string]any{"dish": s.Dish, "complexity": d, "action_budget": int(b.ActionSeconds), "paper": paper, "agents": agents},
		Generator:  &Generator{Name: farmGenerator, Version: GeneratorVersion}}
	for i := range agents {
		t.InitialInventory[agentID(i)] = map[string]int{}
	}
	t.Seed = taskSeed(seed, t.ID)
	return t
}

// GenerateFarm makes farm-to-table tasks: for test the paper's settings
// first, then generated ones of the split's dishes.
func GenerateFarm(o Options) ([]Task, error) {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: farm: %w", err)
	}
	n := o.N
	if n == 0 {
		n = map[string]int{SplitTrain: DefaultFarmTrain, SplitDev: DefaultFarmDev, SplitTest: DefaultFarmTest}[o.Split]
	}
	var tasks []Task
	if o.Split == SplitTest {
		for _, s := range villagerbench.FarmPaper() {
			if len(tasks) == n {
				return tasks, nil
			}
			tasks = append(tasks, FarmTask(s, o.Split, o.Agents, true, o.Seed))
		}
	}
	settings, err := villagerbench.GenerateFarm(o.Split, n-len(tasks), o.Seed)
	if err != nil {
		return nil, fmt.Errorf("procgen: farm: %w", err)
	}
	for _, s := range settings {
		tasks = append(tasks, FarmTask(s, o.Split, o.Agents, false, o.Seed))
	}
	return tasks, nil
}

// farm checks a farm-to-table task: its setting (villagerbench's
// validation, the field named under "farm") and a timeout of at least the
// wall budget's.
func (v *validator) farm() {
	t := v.t
	if t.Farm == nil {
		v.add("farm", "missing (expected a farm-to-table setting {\"name\", \"dish\", \"options\", \"components\", \"checkpoints\"})")
		return
	}
	if err := t.Farm.Validate(villagerbench.FarmStructures()); err != nil {
		var fe *villagerbench.FarmError
		if errors.As(err, &fe) {
			v.add("farm."+fe.Field, fe.Message)
		} else {
			v.add("farm", strings.TrimPrefix(err.Error(), "villagerbench: "))
		}
	}
}
