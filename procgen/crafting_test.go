package procgen

import (
	"bytes"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"collabcraft/mcdata"
)

func TestFamily(t *testing.T) {
	for item, want := range map[string]string{
		"light_blue_wool":                "{colour}_wool",
		"blue_wool":                      "{colour}_wool",
		"dark_oak_door":                  "{wood}_door",
		"oak_planks":                     "{wood}_planks",
		"waxed_oxidized_cut_copper_slab": "{age}_cut_copper_slab",
		"cut_copper_slab":                "{age}_cut_copper_slab",
		"redstone_torch":                 "redstone_torch",
		"blackstone_wall":                "blackstone_wall",
	} {
		if got := family(item); got != want {
			t.Errorf("family(%s) = %s, want %s", item, got, want)
		}
	}
}

func TestCraftingCandidates(t *testing.T) {
	cands := CraftingCandidates()
	if len(cands) < 150 {
		t.Fatalf("only %d candidates", len(cands))
	}
	fams := map[string]bool{}
	perSplit := map[string]int{}
	for _, c := range cands {
		perSplit[c.Split]++
		if fams[c.Family] {
			t.Errorf("family %s has two representatives", c.Family)
		}
		fams[c.Family] = true
		if c.Steps < 2 || isFood(c.Item) {
			t.Errorf("%s is not a valid target (steps %d)", c.Item, c.Steps)
		}
		// MINDcraft's !getCraftingPlan answers every target with a plan.
		if txt, err := mcdata.CraftingPlanText(nil, c.Item, 1); err != nil || !mcdata.HasStep(txt) {
			t.Errorf("%s: MINDcraft's plan is %q, %v", c.Item, txt, err)
		}
		for _, s := range trainSuffixes {
			if strings.HasSuffix(c.Item, s) && c.Split != SplitTrain {
				t.Errorf("%s in %s, want train", c.Item, c.Split)
			}
		}
		for _, s := range testSuffixes {
			if strings.HasSuffix(c.Item, s) && c.Split == SplitTrain {
				t.Errorf("%s in train, want dev or test", c.Item)
			}
		}
	}
	t.Logf("%d candidate targets: %v", len(cands), perSplit)
	for _, item := range []string{"cake", "bread", "golden_apple", "oak_planks", "purpur_slab", "quartz_slab", "crafter"} {
		if slices.ContainsFunc(cands, func(c CraftingCandidate) bool { return c.Item == item }) {
			t.Errorf("%s is a candidate", item)
		}
	}
	// The divide does not depend on the generator seed: train and test
	// made with different seeds share no target.
	train, _ := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2, N: 300, Seed: 1}})
	test, _ := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTest, Agents: 2, N: 100, Seed: 2}})
	inTrain := map[string]bool{}
	for _, task := range train {
		inTrain[task.Target.Item] = true
	}
	for _, task := range test {
		if inTrain[task.Target.Item] {
			t.Errorf("%s is a target of train (seed 1) and test (seed 2)", task.Target.Item)
		}
	}
}

// The max_depth cap never cuts a real depth.
func TestMaxDepthCapCoversEveryTarget(t *testing.T) {
	for _, c := range CraftingCandidates() {
		if n := len(ingredientLevels(c.Item, MaxCraftingMaxDepth+1)); n > MaxCraftingMaxDepth {
			t.Errorf("%s has %d ingredient levels, more than MaxCraftingMaxDepth", c.Item, n)
		}
	}
}

func TestIngredientLevels(t *testing.T) {
	lv := ingredientLevels("bookshelf", 3)
	want := []map[string]int{
		{"oak_planks": 6, "book": 3},
		{"oak_log": 2, "paper": 9, "leather": 3},
		{"oak_log": 2, "sugar_cane": 9, "rabbit_hide": 12},
	}
	if !reflect.DeepEqual(lv, want) {
		t.Errorf("bookshelf levels = %v, want %v", lv, want)
	}
	if lv := ingredientLevels("compass", 3); !reflect.DeepEqual(lv, []map[string]int{{"iron_ingot": 4, "redstone": 1}}) {
		t.Errorf("compass levels = %v", lv)
	}
}

func TestCraftingTimeout(t *testing.T) {
	// MINDcraft's crafting task files: 300 s for 1 and 2 agents, 500 s for 3 to 5.
	if CraftingTimeout(1) != 300 || CraftingTimeout(2) != 300 || CraftingTimeout(3) != 500 || CraftingTimeout(5) != 500 {
		t.Error("timeouts are not MINDcraft's 300 s (1-2 agents) and 500 s (3+)")
	}
}

// checkCraftingTask asserts the generator's invariants on one task.
func checkCraftingTask(t *testing.T, task Task, split string, agents int) {
	t.Helper()
	for _, p := range ValidateTask(&task) {
		t.Errorf("%s", p)
	}
	if task.Split != split || task.AgentCount != agents || task.Type != TypeCrafting {
		t.Errorf("%s: split %s agents %d type %s", task.ID, task.Split, task.AgentCount, task.Type)
	}
	target, depth := task.Target.Item, *task.Depth
	if depth >= *task.MaxDepth {
		t.Errorf("%s: depth %d >= max_depth %d", task.ID, depth, *task.MaxDepth)
	}
	if !strings.HasPrefix(task.ID, "multiagent_crafting_"+target+"_") || !strings.Contains(task.ID, "_depth_"+itoaT(depth)) {
		t.Errorf("%s: id does not name target %s and depth %d", task.ID, target, depth)
	}
	// Blocked actions match the plan variant named in the id.
	blocked := 0
	for _, id := range task.AgentIDs() {
		b, ok := task.BlockedActions[id]
		if !ok {
			t.Errorf("%s: no blocked_actions for agent %s", task.ID, id)
		}
		if len(b) > 0 {
			if !reflect.DeepEqual(b, []string{"!getCraftingPlan"}) {
				t.Errorf("%s: agent %s blocked %v", task.ID, id, b)
			}
			blocked++
		}
	}
	switch {
	case strings.Contains(task.ID, "_full_plan"):
		if blocked != 0 {
			t.Errorf("%s: %d agents blocked in a full_plan task", task.ID, blocked)
		}
	case strings.Contains(task.ID, "_partial_plan"):
		if blocked == 0 || blocked == agents {
			t.Errorf("%s: %d of %d agents blocked in a partial_plan task", task.ID, blocked, agents)
		}
	case strings.Contains(task.ID, "_no_plan"):
		if blocked != agents {
			t.Errorf("%s: %d of %d agents blocked in a no_plan task", task.ID, blocked, agents)
		}
	default:
		t.Errorf("%s: no plan variant in id", task.ID)
	}
	if strings.Contains(task.ID, "_requires_ctable") != task.RequiresCtable {
		t.Errorf("%s: requires_ctable %v", task.ID, task.RequiresCtable)
	}
	// Missing items: gatherable, named in the id, held by nobody, the
	// gatherer has the tool; timeout follows the rule.
	if (len(task.MissingItems) > 0) != strings.Contains(task.ID, "_missing_") {
		t.Errorf("%s: missing_items %v", task.ID, task.MissingItems)
	}
	if task.Timeout != CraftingTimeout(task.AgentCount) {
		t.Errorf("%s: timeout %d", task.ID, task.Timeout)
	}
	team := map[string]int{}
	for _, inv := range task.InitialInventory {
		for item, n := range inv {
			team[item] += n
		}
	}
	// Useful items are those the team's crafting plan consumes.
	w := map[string]int{}
	for _, m := range task.MissingItems {
		w[m] = 1 << 20
	}
	used := map[string]bool{}
	if p, err := mcdata.NewPlan(merge(team, w), target, 1); err == nil {
		for _, st := range p.Steps {
			for _, in := range st.Recipe.Ingredients {
				used[in.Item] = true
			}
		}
		// Without a table given, the team makes one from what is left.
		if p.NeedsTable && !task.RequiresCtable {
			table, err := mcdata.NewPlan(leftover(merge(team, w), p), "crafting_table", 1)
			if err != nil || len(table.Missing) > 0 {
				t.Errorf("%s: no crafting table given, and the team cannot make one from %v: %v %v", task.ID, leftover(merge(team, w), p), table, err)
			} else {
				for _, st := range table.Steps {
					for _, in := range st.Recipe.Ingredients {
						used[in.Item] = true
					}
				}
			}
		}
	}
	for _, id := range task.AgentIDs() {
		inv := task.InitialInventory[id]
		useful := 0
		for item := range inv {
			if used[item] {
				useful++
			}
		}
		if useful == 0 {
			t.Errorf("%s: agent %s holds nothing useful: %v", task.ID, id, inv)
		}
		if CanCraftAlone(inv, task.MissingItems, target, task.NumberOfTarget) {
			t.Errorf("%s: agent %s can craft %s alone with %v", task.ID, id, target, inv)
		}
	}
	for _, m := range task.MissingItems {
		src, ok := GatherSource(m)
		if !ok {
			t.Errorf("%s: missing item %s cannot be gathered", task.ID, m)
		}
		if team[m] > 0 {
			t.Errorf("%s: missing item %s is in an inventory", task.ID, m)
		}
		if src.Tool != "" && team[src.Tool] == 0 {
			t.Errorf("%s: nobody has a %s to gather %s", task.ID, src.Tool, m)
		}
		if src.Smelt != "" && (team["furnace"] == 0 || team["coal"] == 0) {
			t.Errorf("%s: nobody can smelt %s into %s: %v", task.ID, src.Smelt, m, team)
		}
	}
	if !CanCraftAlone(team, task.MissingItems, target, 1) {
		t.Errorf("%s: the whole team cannot craft %s from %v", task.ID, target, team)
	}
	if task.RequiresCtable && team["crafting_table"] != 1 {
		t.Errorf("%s: requires_ctable but %d crafting tables", task.ID, team["crafting_table"])
	}
}

func itoaT(n int) string { return agentID(n) }

// The full default suite: invariants on every task, disjoint splits,
// balanced depths.
func TestCraftingDefaultSuite(t *testing.T) {
	targets := map[string]map[string]bool{}
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		tasks, err := GenerateCrafting(CraftingOptions{Options: Options{Split: split, Agents: 2}})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{SplitTrain: 1200, SplitDev: 100, SplitTest: 100}[split]
		if len(tasks) != want {
			t.Errorf("%s: %d tasks, want %d", split, len(tasks), want)
		}
		targets[split] = map[string]bool{}
		depths := map[int]int{}
		ids := map[string]bool{}
		for _, task := range tasks {
			checkCraftingTask(t, task, split, 2)
			targets[split][task.Target.Item] = true
			depths[*task.Depth]++
			if ids[task.ID] {
				t.Errorf("duplicate id %s", task.ID)
			}
			ids[task.ID] = true
		}
		for d := range DefaultCraftingMaxDepth {
			if depths[d] < want/DefaultCraftingMaxDepth-1 || depths[d] > want/DefaultCraftingMaxDepth+1 {
				t.Errorf("%s: depths unbalanced: %v", split, depths)
			}
		}
		t.Logf("%s: %d tasks, %d targets, depths %v", split, len(tasks), len(targets[split]), depths)
	}
	for _, a := range []string{SplitTrain, SplitDev, SplitTest} {
		for _, b := range []string{SplitTrain, SplitDev, SplitTest} {
			if a >= b {
				continue
			}
			for item := range targets[a] {
				if targets[b][item] {
					t.Errorf("target %s in both %s and %s", item, a, b)
				}
			}
		}
	}
}

func TestCraftingMoreAgents(t *testing.T) {
	for agents := 3; agents <= MaxAgents; agents++ {
		tasks, err := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTest, Agents: agents, N: 60, Seed: 7}})
		if err != nil {
			t.Fatal(err)
		}
		if len(tasks) != 60 {
			t.Errorf("%d agents: %d tasks", agents, len(tasks))
		}
		for _, task := range tasks {
			checkCraftingTask(t, task, SplitTest, agents)
			if !strings.HasSuffix(task.ID, "_num_agents_"+itoaT(agents)) {
				t.Errorf("%s: id lacks the agent count", task.ID)
			}
		}
	}
}

func TestCraftingDeterministic(t *testing.T) {
	gen := func(seed uint64) []byte {
		tasks, err := GenerateCrafting(CraftingOptions{Options: Options{Split: SplitTrain, Agents: 3, N: 150, Seed: seed}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := EncodeTasks(tasks)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b, c := gen(42), gen(42), gen(43)
	if !bytes.Equal(a, b) {
		t.Error("same seed, different bytes")
	}
	if bytes.Equal(a, c) {
		t.Error("different seeds, same bytes")
	}
}

func TestCraftingBadOptions(t *testing.T) {
	for _, c := range []struct {
		opts CraftingOptions
		want string
	}{
		{CraftingOptions{Options: Options{Split: SplitTrain, Agents: 0}}, "agents must be 2 to 5, got 0"},
		{CraftingOptions{Options: Options{Split: SplitTrain, Agents: 6}}, "agents must be 2 to 5, got 6"},
		{CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2, N: -1}}, "number of tasks must be 0 (the default) to 100000, got -1"},
		{CraftingOptions{Options: Options{Split: "validation", Agents: 2}}, `split must be one of [train dev test], got "validation"`},
		{CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2}, MaxDepth: -1}, "max depth must be 1 to 10 (0 = the default), got -1"},
		{CraftingOptions{Options: Options{Split: SplitTrain, Agents: 2}, MaxDepth: 1 << 40}, "max depth must be 1 to 10 (0 = the default), got 1099511627776"},
		{CraftingOptions{Options: Options{Split: SplitDev, Agents: 2, N: 100000}}, "distinct dev tasks exist for 2 agents, asked for 100000"},
	} {
		_, err := GenerateCrafting(c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "procgen: crafting: ") {
			t.Errorf("%+v: err = %v, want %q", c.opts, err, c.want)
		}
	}
}

func TestGatherSource(t *testing.T) {
	for item, want := range map[string]Source{
		"redstone":    {"redstone_ore", "iron_pickaxe", ""},
		"coal":        {"coal_ore", "wooden_pickaxe", ""},
		"raw_iron":    {"iron_ore", "stone_pickaxe", ""},
		"sugar_cane":  {"sugar_cane", "", ""},
		"cobblestone": {"cobblestone", "wooden_pickaxe", ""},
		"iron_ingot":  {"iron_ore", "stone_pickaxe", "raw_iron"},
		"glass":       {"sand", "", "sand"},
		"string":      {"cobweb", "wooden_sword", ""}, // shears would keep the cobweb
	} {
		if got, ok := GatherSource(item); !ok || got != want {
			t.Errorf("GatherSource(%s) = %v %v, want %v", item, got, ok, want)
		}
	}
	for _, item := range []string{"oak_log", "oak_planks", "leather", "diamond_pickaxe", "iron_block"} {
		if _, ok := GatherSource(item); ok {
			t.Errorf("%s should not be gatherable", item)
		}
	}
	// Every gatherable item is a base item the planner asks for.
	for item := range maps.Keys(naturalResources) {
		if _, ok := GatherSource(item); !ok || !mcdata.IsBaseItem(item) {
			t.Errorf("natural resource %s: source %v, base %v", item, ok, mcdata.IsBaseItem(item))
		}
	}
}
