package mcdata

import (
	"reflect"
	"slices"
	"testing"
)

func TestRecipes(t *testing.T) {
	rs := Recipes("bookshelf")
	if len(rs) != 11 {
		t.Fatalf("bookshelf has %d recipes, want 11 (one per plank type)", len(rs))
	}
	want := Recipe{
		Result: "bookshelf", Count: 1, NeedsTable: true, Shaped: true,
		Ingredients: []Ingredient{{"book", 3}, {"oak_planks", 6}},
		GridOrder:   []string{"oak_planks", "book"},
	}
	if !reflect.DeepEqual(rs[0], want) {
		t.Errorf("first bookshelf recipe = %+v\nwant %+v", rs[0], want)
	}
	book := Recipes("book")
	if len(book) != 1 || book[0].Shaped || book[0].NeedsTable || book[0].Need("paper") != 3 || book[0].Need("leather") != 1 {
		t.Errorf("book = %+v, want shapeless 3 paper + 1 leather in a 2x2 grid", book)
	}
	if Recipes("diamond_ore") != nil {
		t.Error("diamond_ore is not craftable")
	}
	// Needs a table: wider or taller than 2, or more than 4 ingredients.
	for item, table := range map[string]bool{
		"crafting_table": false, "stick": false, "oak_planks": false, "torch": false,
		"furnace": true, "chest": true, "bookshelf": true, "compass": true, "wooden_pickaxe": true,
		"bread": true, "cake": true, "mushroom_stew": false,
	} {
		if got := Recipes(item)[0].NeedsTable; got != table {
			t.Errorf("%s needs table = %v, want %v", item, got, table)
		}
	}
	// Every alternative is kept, and ingredients are sorted and merged.
	sticks := Recipes("stick")
	if !slices.ContainsFunc(sticks, func(r Recipe) bool { return r.Need("bamboo") == 2 && r.Count == 1 }) {
		t.Error("stick: the bamboo recipe is missing")
	}
	for _, it := range Items() {
		for _, r := range Recipes(it.Name) {
			if !slices.IsSortedFunc(r.Ingredients, func(a, b Ingredient) int { return cmpString(a.Item, b.Item) }) {
				t.Errorf("%s: ingredients not sorted: %v", it.Name, r.Ingredients)
			}
			if len(r.GridOrder) != len(r.Ingredients) {
				t.Errorf("%s: grid order %v does not match ingredients %v", it.Name, r.GridOrder, r.Ingredients)
			}
		}
	}
	// The copy handed out cannot change the data.
	rs[0].Ingredients[0].Count = 99
	if Recipes("bookshelf")[0].Need("book") != 3 {
		t.Error("Recipes shares its slices with the data")
	}
}

func TestIsBaseItem(t *testing.T) {
	base := []string{
		// MINDcraft's looping items.
		"coal", "wheat", "bone_meal", "diamond", "emerald", "raw_iron", "raw_gold", "redstone",
		"raw_copper", "iron_ingot", "dried_kelp", "gold_ingot", "slime_ball", "copper_ingot",
		"lapis_lazuli", "honey_bottle", "netherite_ingot", "netherite_upgrade_smithing_template",
		// Dyed only from each other in 1.21.1's data (also looping for MINDcraft).
		"black_wool", "blue_wool",
		// Not craftable at all.
		"oak_log", "cobblestone", "string", "sugar_cane", "saddle", "ink_sac",
	}
	for _, name := range base {
		if !IsBaseItem(name) {
			t.Errorf("IsBaseItem(%q) = false, want true", name)
		}
	}
	notBase := []string{"coal_block", "iron_block", "iron_nugget", "hay_block", "bone_block", "honey_block",
		"oak_planks", "stick", "pink_wool", "white_wool", "red_banner", "paper", "leather", "quartz_slab", "sandstone_slab", "no_such_item"}
	for _, name := range notBase {
		if IsBaseItem(name) {
			t.Errorf("IsBaseItem(%q) = true, want false", name)
		}
	}
}

// TestPlanRecipesAcyclic checks on the real data that the recipes the
// planner may use never lead an item back to itself, and that every
// craftable item that is not base keeps at least one.
func TestPlanRecipesAcyclic(t *testing.T) {
	const (
		unseen = iota
		active
		done
	)
	state := map[string]int{}
	var visit func(item string, path []string)
	visit = func(item string, path []string) {
		switch state[item] {
		case active:
			t.Fatalf("recipe loop: %v -> %s", path, item)
		case done:
			return
		}
		state[item] = active
		for _, r := range PlanRecipes(item) {
			for _, in := range r.Ingredients {
				visit(in.Item, append(path, item))
			}
		}
		state[item] = done
	}
	for _, it := range Items() {
		visit(it.Name, nil)
		if len(Recipes(it.Name)) > 0 && !IsBaseItem(it.Name) && len(PlanRecipes(it.Name)) == 0 {
			t.Errorf("%s is craftable and not base but has no usable recipe", it.Name)
		}
	}
	// Dyeing keeps working inside the wool cycle: pink_wool from black_wool.
	if !slices.ContainsFunc(PlanRecipes("pink_wool"), func(r Recipe) bool { return r.Need("black_wool") == 1 }) {
		t.Error("pink_wool: the pink_dye + black_wool recipe is not usable")
	}
	// Wood variants: minecraft-data 3.84.1 makes planks of 1.21.1 from
	// their log only (not from wood or stripped logs).
	if rs := PlanRecipes("birch_planks"); len(rs) != 1 || rs[0].Need("birch_log") != 1 {
		t.Errorf("birch_planks has usable recipes %v, want birch_log's", rs)
	}
}

func TestCraftingDepth(t *testing.T) {
	for item, d := range map[string]int{"oak_log": 0, "iron_ingot": 0, "oak_planks": 1, "stick": 1, "torch": 2, "compass": 1, "bookshelf": 3} {
		if got := CraftingDepth(item); got != d {
			t.Errorf("CraftingDepth(%q) = %d, want %d", item, got, d)
		}
	}
}

// Suspicious stew has only a special recipe in the game, which
// minecraft-data omits; cooking tasks need it, so the table adds it.
func TestSuspiciousStewRecipe(t *testing.T) {
	rs := Recipes("suspicious_stew")
	if len(rs) != len(smallFlowers) {
		t.Fatalf("suspicious_stew has %d recipes, want one per small flower (%d)", len(rs), len(smallFlowers))
	}
	first := rs[0]
	if first.NeedsTable || first.Shaped || first.Count != 1 || first.Need("red_mushroom") != 1 ||
		first.Need("brown_mushroom") != 1 || first.Need("bowl") != 1 || first.Need("dandelion") != 1 {
		t.Errorf("first recipe = %+v, want shapeless 2x2 red_mushroom + brown_mushroom + bowl + dandelion -> 1", first)
	}
	if IsBaseItem("suspicious_stew") {
		t.Error("suspicious_stew is treated as a base item")
	}
	p, err := NewPlan(map[string]int{"bowl": 1, "red_mushroom": 1, "brown_mushroom": 1, "dandelion": 1}, "suspicious_stew", 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Missing) != 0 || len(p.Steps) != 1 || p.Steps[0].String() != "Craft 1 red_mushroom + 1 brown_mushroom + 1 bowl + 1 dandelion -> 1 suspicious_stew" {
		t.Errorf("plan from held ingredients: missing %v, steps %v", p.Missing, p.Steps)
	}
	// MINDcraft, on minecraft-data alone, has no recipe: its text calls the
	// stew a base item, and so does ours.
	if got, want := p.String(), "suspicious_stew is a base item, you need to find 1 more in the world"; got != want || !IsMindcraftBaseItem("suspicious_stew") {
		t.Errorf("plan text = %q, want MINDcraft's %q", got, want)
	}
	// A held flower of another kind is used rather than asking for a dandelion.
	p, _ = NewPlan(map[string]int{"bowl": 1, "poppy": 1}, "suspicious_stew", 1)
	for _, m := range p.Missing {
		if m.Item == "dandelion" {
			t.Errorf("plan with a poppy still asks for a dandelion: %v", p.Missing)
		}
	}
}
