package procgen

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"collabcraft/mcdata"
)

func TestDishesAreRealItems(t *testing.T) {
	for _, d := range append(slices.Clone(TrainDishes), TestDishes...) {
		dish, ok := dishes[d]
		if !ok {
			t.Fatalf("no dish %s", d)
		}
		if !mcdata.IsItem(d) || !Obtainable(d) {
			t.Errorf("dish %s is not an obtainable item", d)
		}
		for _, s := range append(slices.Clone(dish.Hard), dish.Farm...) {
			if !mcdata.IsItem(s.Item) || s.Count < 1 {
				t.Errorf("%s: ingredient %v", d, s)
			}
		}
		if len(dish.Hard)+len(dish.Farm) == 0 {
			t.Errorf("%s has no ingredients", d)
		}
	}
	for _, d := range TrainDishes {
		if slices.Contains(TestDishes, d) {
			t.Errorf("%s is both a train and a test dish", d)
		}
	}
	steps, _ := RecipeSteps("golden_apple")
	want := []string{
		"Step 1: Get 1 apple and 8 gold ingots from your inventory or other agents.",
		"Step 2: Go to the crafting table and surround the apple with the gold ingots to create a golden apple.",
	}
	if !slices.Equal(steps, want) {
		t.Errorf("golden_apple recipe = %q", steps)
	}
}

// needed returns every item a meal uses (hard and farm).
func needed(meal []string) map[string]bool {
	out := map[string]bool{}
	for _, d := range meal {
		for _, s := range append(slices.Clone(dishes[d].Hard), dishes[d].Farm...) {
			out[s.Item] = true
		}
	}
	return out
}

func checkCookingTask(t *testing.T, task Task, split string, agents int) {
	t.Helper()
	for _, p := range ValidateTask(&task) {
		t.Errorf("%s", p)
	}
	pool := TrainDishes
	if split == SplitTest {
		pool = TestDishes
	}
	meal := task.Target.Items()
	if len(meal) < 2 {
		t.Errorf("%s: meal of %d dishes", task.ID, len(meal))
	}
	for _, d := range meal {
		if !slices.Contains(pool, d) {
			t.Errorf("%s: dish %s is not a %s dish", task.ID, d, split)
		}
		if !strings.Contains(task.ID, d) {
			t.Errorf("%s: id does not name %s", task.ID, d)
		}
	}
	need := needed(meal)
	hard := map[string]int{}
	for _, d := range meal {
		for _, s := range dishes[d].Hard {
			hard[s.Item] += s.Count
		}
	}
	got := map[string]int{}
	for _, id := range task.AgentIDs() {
		inv := task.InitialInventory[id]
		if len(inv) == 0 {
			t.Errorf("%s: agent %s holds nothing", task.ID, id)
		}
		for item, n := range inv {
			if !need[item] {
				t.Errorf("%s: agent %s holds %s, which the meal does not use", task.ID, id, item)
			}
			got[item] += n
		}
	}
	for item, n := range task.ChestItems {
		if hard[item] == 0 {
			t.Errorf("%s: chest holds %s, which is not a hard-to-get ingredient", task.ID, item)
		}
		got[item] += n
	}
	for item, n := range hard {
		if got[item] != n {
			t.Errorf("%s: %d %s handed out, the meal needs %d", task.ID, got[item], item, n)
		}
	}
	hells := strings.HasSuffix(task.ID, "_hells_kitchen")
	if hells {
		if task.Timeout != HellsKitchenTimeout || len(task.Target.List) != agents || len(task.BlockedAccessToRecipe) != 0 {
			t.Errorf("%s: Hell's Kitchen task: timeout %d target %v", task.ID, task.Timeout, task.Target)
		}
		for a, mine := range task.Target.List {
			g := task.Goal.ForAgent(a)
			other := task.Target.List[1-a]
			if !strings.HasPrefix(g, "You need to make "+mine+", but you don't have the recipe") ||
				!strings.Contains(g, "Recipe for "+other+":") || strings.Contains(g, "Recipe for "+mine+":") {
				t.Errorf("%s: agent %d goal %q", task.ID, a, g)
			}
		}
		return
	}
	if task.Timeout != CookingTimeout || task.Target.Counts == nil {
		t.Errorf("%s: timeout %d target %v", task.ID, task.Timeout, task.Target)
	}
	for _, id := range task.AgentIDs() {
		blocked := slices.Contains(task.BlockedAccessToRecipe, id)
		g := task.Goal.PerAgent[id]
		prefix := "Collaborate with agents around you to make 1 "
		if blocked {
			prefix = "Collaborate with other agents around you to make "
		}
		if !strings.HasPrefix(g, prefix) {
			t.Errorf("%s: agent %s goal %q", task.ID, id, g)
		}
		if strings.Contains(g, "Recipe for") == blocked {
			t.Errorf("%s: agent %s blocked=%v but goal %q", task.ID, id, blocked, g)
		}
		if blocked != strings.Contains(task.ID, "_blocked_access") && len(task.BlockedAccessToRecipe) == 0 {
			t.Errorf("%s: blocked_access_to_recipe %v", task.ID, task.BlockedAccessToRecipe)
		}
	}
}

func TestCookingDefaultSuite(t *testing.T) {
	for _, split := range []string{SplitTrain, SplitTest} {
		for agents := MinAgents; agents <= MaxAgents; agents++ {
			tasks, err := GenerateCooking(Options{Split: split, Agents: agents})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]int{SplitTrain: 280, SplitTest: 90}[split]
			if len(tasks) != want {
				t.Errorf("%s/%d: %d tasks, want %d", split, agents, len(tasks), want)
			}
			ids := map[string]bool{}
			variants := map[string]int{}
			for _, task := range tasks {
				if ids[task.ID] {
					t.Errorf("duplicate id %s", task.ID)
				}
				ids[task.ID] = true
				if task.AgentCount != agents || task.Split != split || task.Type != TypeCooking {
					t.Errorf("%s: agents %d split %s", task.ID, task.AgentCount, task.Split)
				}
				checkCookingTask(t, task, split, agents)
				variants[task.Difficulty["variant"].(string)]++
			}
			if variants["full_access"] == 0 || variants["partial_access"] == 0 || variants["no_access"] == 0 || agents == 2 && variants["hells_kitchen"] == 0 {
				t.Errorf("%s/%d: variants %v", split, agents, variants)
			}
		}
	}
}

func TestCookingDeterministic(t *testing.T) {
	gen := func(seed uint64) []byte {
		tasks, err := GenerateCooking(Options{Split: SplitTrain, Agents: 2, N: 50, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := EncodeTasks(tasks)
		return b
	}
	if !bytes.Equal(gen(5), gen(5)) {
		t.Error("same seed, different bytes")
	}
	if bytes.Equal(gen(5), gen(6)) {
		t.Error("different seeds, same bytes")
	}
}

func TestCookingBadOptions(t *testing.T) {
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Split: SplitDev, Agents: 2}, "cooking has no dev split"},
		{Options{Split: "", Agents: 2}, `split must be train or test, got ""`},
		{Options{Split: SplitTrain, Agents: 0}, "agents must be 2 to 5, got 0"},
		{Options{Split: SplitTrain, Agents: 2, N: -3}, "number of tasks must be 0 (the default) to 100000, got -3"},
		{Options{Split: SplitTrain, Agents: 2, N: 1_000_000_000}, "number of tasks must be 0 (the default) to 100000, got 1000000000"},
	} {
		_, err := GenerateCooking(c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "procgen: cooking: ") {
			t.Errorf("%+v: err = %v, want %q", c.opts, err, c.want)
		}
	}
}

// More tasks than distinct (meal, variant) pairs: repeats get a _vN id and
// a fresh ingredient split.
func TestCookingRepeats(t *testing.T) {
	tasks, err := GenerateCooking(Options{Split: SplitTest, Agents: 5, N: 120, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	reps := 0
	for _, task := range tasks {
		if strings.Contains(task.ID, "_v2") {
			reps++
		}
		checkCookingTask(t, task, SplitTest, 5)
	}
	if reps == 0 {
		t.Error("no repeated meals")
	}
}

// The goal texts follow MINDcraft: recipe holders get the paper's wording
// (seed 002, section 9.2), the others MINDcraft's block_recipe wording.
func TestCookingGoalText(t *testing.T) {
	tasks, err := GenerateCooking(Options{Split: SplitTest, Agents: 2, N: 200, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	withRecipes := "Collaborate with agents around you to make 1 bread, 1 cake. \n\n" +
		"Recipe for bread:\nStep 1: Go to the farm and collect 3 wheat.\nStep 2: Go to the crafting table and use the wheat to craft bread.\n\n" +
		"Recipe for cake:\nStep 1: Go to the farm and collect 3 wheat, 2 sugar cane.\n" +
		"Step 2: From your inventory or other agents get 3 milk buckets (already filled with milk).\n" +
		"Step 3: Get an egg from your inventory or other agents.\n" +
		"Step 4: Go to the crafting table and craft the sugarcane into sugar.\n" +
		"Step 5: Go to the crafting table and combine all ingredients (3 wheat, 2 sugar, 1 egg, and milk bucket) to make a cake.\n"
	without := "Collaborate with other agents around you to make bread, cake."
	seen := 0
	for _, task := range tasks {
		if !strings.HasPrefix(task.ID, "multiagent_cooking_2_1_bread_1_cake") || strings.HasSuffix(task.ID, "_hells_kitchen") {
			continue
		}
		for _, id := range task.AgentIDs() {
			want := withRecipes
			if slices.Contains(task.BlockedAccessToRecipe, id) {
				want = without
			}
			if got := task.Goal.PerAgent[id]; got != want {
				t.Errorf("%s: agent %s goal\n%q\nwant\n%q", task.ID, id, got, want)
			}
			seen++
		}
	}
	if seen < 4 {
		t.Fatalf("only %d bread+cake goals checked", seen)
	}
}
