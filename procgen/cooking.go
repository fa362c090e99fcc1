package procgen

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
)

// Cooking task settings (MineCollab defaults).
const (
	CookingTimeout             = 500 // seconds
	HellsKitchenTimeout        = 300
	DefaultCookingTrain        = 280 // seed 002, Table 2
	DefaultCookingTest         = 90
	cookingGeneratorName       = "collabcraft/cooking"
	hellsKitchenSuffix         = "_hells_kitchen"
	hellsKitchenGoalNoteFormat = "You must communicate effectively to exchange recipe information and complete both dishes. Note: You can only guide your partner with recipe steps. You cannot help with ingredient collection or cooking."
)

// cookingVariant is one way to hand out the recipes.
type cookingVariant struct {
	blocked []int // agents that do not see the recipes
	hells   bool  // Hell's Kitchen: each agent sees only its partner's recipe
}

func (v cookingVariant) suffix() string {
	switch {
	case v.hells:
		return hellsKitchenSuffix
	case len(v.blocked) > 0:
		var b strings.Builder
		b.WriteString("_blocked_access")
		for _, a := range v.blocked {
			fmt.Fprintf(&b, "_%d", a)
		}
		return b.String()
	}
	return ""
}

// Recipe-access variants, drawn equally often: everyone sees the recipes,
// some agents are blocked, everyone is blocked, and for two agents with
// two dishes Hell's Kitchen (seed 002, Table 5 and section 4).
const (
	accessFull = iota
	accessSome
	accessNone
	accessHells
)

func accessVariants(agents, dishes int) []int {
	vs := []int{accessFull, accessSome, accessNone}
	if agents == 2 && dishes == 2 {
		vs = append(vs, accessHells)
	}
	return vs
}

// drawVariant picks the blocked agents of an access variant: for
// accessSome a seeded non-empty subset that leaves someone unblocked.
func drawVariant(rng *rand.Rand, access, agents int) cookingVariant {
	switch access {
	case accessSome:
		b := rng.Perm(agents)[:1+rng.IntN(agents-1)]
		slices.Sort(b)
		return cookingVariant{blocked: b}
	case accessNone:
		all := make([]int, agents)
		for a := range all {
			all[a] = a
		}
		return cookingVariant{blocked: all}
	case accessHells:
		return cookingVariant{hells: true}
	}
	return cookingVariant{}
}

// CookingDishes returns the dishes of a split, or an error for a split
// cooking does not have.
func CookingDishes(split string) ([]string, error) {
	switch split {
	case SplitTrain:
		return slices.Clone(TrainDishes), nil
	case SplitTest:
		return slices.Clone(TestDishes), nil
	case SplitDev:
		return nil, fmt.Errorf("cooking has no dev split (the paper divides dishes into train and test only)")
	}
	return nil, fmt.Errorf("split must be train or test, got %q", split)
}

// GenerateCooking makes cooking tasks: meals of 2 or more dishes of the
// split, with hard-to-get ingredients split across the agents'
// inventories (every agent holds something needed) and the chest.
func GenerateCooking(opts Options) ([]Task, error) {
	return GenerateCookingWith(CookingOptions{Options: opts})
}

// CookingOptions tunes GenerateCookingWith.
type CookingOptions struct {
	Options
	// Chest lets a task, on a seeded coin, keep one ingredient piece in a
	// chest in the kitchen (the task's chest_items, collabcraft's
	// extension) instead of an agent's inventory. MINDcraft's cooking world
	// has no chest, so such tasks cannot be run there; off by default.
	Chest bool
}

// GenerateCookingWith is GenerateCooking with the chest extension.
func GenerateCookingWith(co CookingOptions) ([]Task, error) {
	opts := co.Options
	pool, err := CookingDishes(opts.Split)
	if err != nil {
		return nil, fmt.Errorf("procgen: cooking: %w", err)
	}
	if err := opts.check(SplitTrain, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: cooking: %w", err)
	}
	n := opts.N
	if n == 0 {
		n = DefaultCookingTrain
		if opts.Split == SplitTest {
			n = DefaultCookingTest
		}
	}

	// Every (meal, variant) pair, shuffled; cycle through them when more
	// tasks are asked for than exist.
	type combo struct {
		meal   []string
		access int
	}
	var combos []combo
	size := max(2, opts.Agents)
	for _, k := range []int{size, size + 1} {
		if k > len(pool) {
			continue
		}
		for _, meal := range combinations(pool, k) {
			for _, v := range accessVariants(opts.Agents, k) {
				combos = append(combos, combo{meal, v})
			}
		}
	}
	rng := rngFor(opts.Seed, fmt.Sprintf("cooking/%s/%d", opts.Split, opts.Agents))
	rng.Shuffle(len(combos), func(i, j int) { combos[i], combos[j] = combos[j], combos[i] })

	tasks := make([]Task, 0, n)
	for i := range n {
		c := combos[i%len(combos)]
		rep := i / len(combos)
		v := drawVariant(rngFor(opts.Seed, fmt.Sprintf("cooking-variant/%s/%d/%d", strings.Join(c.meal, ","), c.access, rep)), c.access, opts.Agents)
		tasks = append(tasks, cookingTask(opts, co.Chest, c.meal, v, rep))
	}
	slices.SortFunc(tasks, func(a, b Task) int { return strings.Compare(a.ID, b.ID) })
	return tasks, nil
}

// cookingTask builds one task; rep > 0 marks a repeat of the same meal and
// variant with a different ingredient split.
func cookingTask(opts Options, chestOK bool, meal []string, v cookingVariant, rep int) Task {
	var id strings.Builder
	id.WriteString("multiagent_cooking_")
	if v.hells {
		id.WriteString(strings.Join(meal, "_"))
	} else {
		fmt.Fprintf(&id, "%d", len(meal))
		for _, d := range meal {
			id.WriteString("_1_" + d)
		}
	}
	if rep > 0 {
		fmt.Fprintf(&id, "_v%d", rep+1)
	}
	id.WriteString(v.suffix())

	t := Task{
		ID:                    id.String(),
		Type:                  TypeCooking,
		AgentCount:            opts.Agents,
		HumanCount:            IntPtr(0),
		Timeout:               CookingTimeout,
		Recipes:               map[string][]string{},
		BlockedAccessToRecipe: []string{},
		Split:                 opts.Split,
		Generator:             &Generator{Name: cookingGeneratorName, Version: GeneratorVersion},
	}
	t.Seed = taskSeed(opts.Seed, t.ID)
	rng := rngFor(t.Seed, t.ID)
	for _, d := range meal {
		t.Recipes[d], _ = RecipeSteps(d)
	}
	// Goals as MINDcraft words them: the recipe holders' text is the
	// paper's (seed 002, section 9.2: "...make 1 golden_apple, 1 bread.
	// \n\nRecipe for golden_apple:\nStep 1: ...\n", ending in a newline so
	// the add-string "\nIn the end, ..." leaves a blank line); agents without
	// the recipes get MINDcraft's block_recipe text.
	withRecipes := MealGoal(meal)
	withoutRecipes := BlockedMealGoal(meal)

	if v.hells {
		// Agent i must make meal[i] but holds only the other dish's recipe.
		t.Timeout = HellsKitchenTimeout
		t.Target = Target{List: slices.Clone(meal)}
		t.Conversation = fmt.Sprintf("We need to make %s and %s together. You are supposed to make %s and I am supposed to make %s, but I only have YOUR recipe and you only have access to MY recipe! Let's exchange information and get cooking!",
			meal[0], meal[1], meal[1], meal[0])
		t.Goal.PerAgent = map[string]string{}
		for a := range 2 {
			mine, theirs := meal[a], meal[1-a]
			t.Goal.PerAgent[agentID(a)] = HellsKitchenGoal(mine, theirs)
		}
	} else {
		t.Target = Target{Counts: map[string]int{}}
		for _, d := range meal {
			t.Target.Counts[d] = 1
		}
		t.Conversation = CookingOpener(meal)
		t.Goal.PerAgent = map[string]string{}
		for a := range opts.Agents {
			if slices.Contains(v.blocked, a) {
				t.BlockedAccessToRecipe = append(t.BlockedAccessToRecipe, agentID(a))
				t.Goal.PerAgent[agentID(a)] = withoutRecipes
			} else {
				t.Goal.PerAgent[agentID(a)] = withRecipes
			}
		}
	}

	inv, chest := splitIngredients(rng, meal, opts.Agents, chestOK)
	t.InitialInventory = inv
	if len(chest) > 0 {
		t.ChestItems = chest
	}
	variant := "full_access"
	switch {
	case v.hells:
		variant = "hells_kitchen"
	case len(v.blocked) == opts.Agents:
		variant = "no_access"
	case len(v.blocked) > 0:
		variant = "partial_access"
	}
	t.Difficulty = map[string]any{
		"dishes":       len(meal),
		"recipe_steps": totalSteps(meal),
		"variant":      variant,
		"blocked":      len(v.blocked),
		"chest":        len(chest) > 0,
	}
	return t
}

func totalSteps(meal []string) int {
	n := 0
	for _, d := range meal {
		n += len(dishes[d].Steps)
	}
	return n
}

// splitIngredients hands the meal's hard-to-get items to the agents so
// that every agent holds something the meal needs. Items are cut into
// pieces (a stack of 8 gold ingots can become 3 + 5) until there is a piece
// per agent; if the hard items are too few, shares of farm ingredients are
// added. With chestOK and a seeded coin, one piece goes to the chest
// instead, when its holder keeps another piece.
func splitIngredients(rng *rand.Rand, meal []string, agents int, chestOK bool) (map[string]map[string]int, map[string]int) {
	hard, farm := map[string]int{}, map[string]int{}
	for _, d := range meal {
		for _, s := range dishes[d].Hard {
			hard[s.Item] += s.Count
		}
		for _, s := range dishes[d].Farm {
			farm[s.Item] += s.Count
		}
	}
	var pieces []Stack
	for _, item := range slices.Sorted(maps.Keys(hard)) {
		pieces = append(pieces, Stack{item, hard[item]})
	}
	farmItems := slices.Sorted(maps.Keys(farm))
	rng.Shuffle(len(farmItems), func(i, j int) { farmItems[i], farmItems[j] = farmItems[j], farmItems[i] })
	for len(pieces) < agents {
		// Split the largest splittable piece, else add a farm share.
		best := -1
		for i, p := range pieces {
			if p.Count >= 2 && (best < 0 || p.Count > pieces[best].Count) {
				best = i
			}
		}
		if best >= 0 {
			p := pieces[best]
			cut := 1 + rng.IntN(p.Count-1)
			pieces[best].Count = cut
			pieces = append(pieces, Stack{p.Item, p.Count - cut})
			continue
		}
		if len(farmItems) == 0 {
			break // cannot happen: every dish has a hard or farm item
		}
		f := farmItems[0]
		farmItems = farmItems[1:]
		pieces = append(pieces, Stack{f, 1})
	}
	rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })

	owner := make([]int, len(pieces))
	held := make([]int, agents)
	for i := range pieces {
		if i < agents {
			owner[i] = i
		} else {
			owner[i] = rng.IntN(agents)
		}
		held[owner[i]]++
	}
	var chest map[string]int
	if rng.IntN(2) == 0 && chestOK { // the coin is drawn either way: tasks stay the same but for the chest
		for i := len(pieces) - 1; i >= 0; i-- {
			if held[owner[i]] > 1 {
				chest = map[string]int{pieces[i].Item: pieces[i].Count}
				held[owner[i]]--
				owner[i] = -1
				break
			}
		}
	}
	inv := map[string]map[string]int{}
	for a := range agents {
		inv[agentID(a)] = map[string]int{}
	}
	for i, p := range pieces {
		if owner[i] >= 0 {
			inv[agentID(owner[i])][p.Item] += p.Count
		}
	}
	return inv, chest
}

// combinations returns the k-element subsets of items, in lexicographic
// order of positions.
func combinations(items []string, k int) [][]string {
	var out [][]string
	var rec func(start int, cur []string)
	rec = func(start int, cur []string) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := start; i <= len(items)-(k-len(cur)); i++ {
			rec(i+1, append(cur, items[i]))
		}
	}
	rec(0, nil)
	return out
}
