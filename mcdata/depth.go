package mcdata

import "maps"

// DefaultRecipe is the recipe the planner uses for item when nothing is
// held: among PlanRecipes, the one that leaves the fewest base items to
// find (oak for wood, planks rather than bamboo for sticks). ok is false
// for base items.
func DefaultRecipe(item string) (r Recipe, ok bool) {
	d := load()
	if len(d.graph.usable[item]) == 0 {
		return Recipe{}, false
	}
	p := &planner{inv: map[string]int{}, left: map[string]int{}, chosen: map[string]int{}}
	return cloneRecipe(d.recipes[item][p.choose(item, 1)]), true
}

// RequirementsAtDepth is what crafting count of item needs when its recipe
// tree is expanded depth levels below the item, as MineCollab's task
// generator does (getCraftingRequirementsAtDepth): depth 0 gives the direct
// ingredients, each deeper level replaces ingredients by their own
// ingredients, and base items are never expanded. Each ingredient is
// rounded up to whole crafts on its own, and nothing held is subtracted.
// Items come in the order the expansion meets them. A base or unknown item
// requires itself.
func RequirementsAtDepth(item string, count, depth int) []Ingredient {
	var out []Ingredient
	idx := map[string]int{}
	add := func(name string, n int) {
		if i, ok := idx[name]; ok {
			out[i].Count += n
			return
		}
		idx[name] = len(out)
		out = append(out, Ingredient{Item: name, Count: n})
	}
	var expand func(item string, count, depth int)
	expand = func(item string, count, depth int) {
		r, ok := DefaultRecipe(item)
		if !ok {
			add(item, count)
			return
		}
		times := (count + r.Count - 1) / r.Count
		for _, name := range r.GridOrder {
			need := r.Need(name) * times
			if depth == 0 || IsBaseItem(name) {
				add(name, need)
			} else {
				expand(name, need, depth-1)
			}
		}
	}
	expand(item, count, max(depth, 0))
	return out
}

// MaxCraftingDepth is the number of recipe levels between item and its
// base items along its default recipes, as MineCollab counts it
// (getMaxCraftingDepth): the deepest depth at which RequirementsAtDepth
// still changes. It is 0 for an item made straight from base items
// (compass) and for base items, 1 for stick (oak_log -> oak_planks ->
// stick), 2 for bookshelf.
func MaxCraftingDepth(item string) int {
	prev := asMap(RequirementsAtDepth(item, 1, 0))
	for depth := 1; ; depth++ {
		cur := asMap(RequirementsAtDepth(item, 1, depth))
		if maps.Equal(prev, cur) {
			return depth - 1
		}
		prev = cur
	}
}

func asMap(ings []Ingredient) map[string]int {
	m := make(map[string]int, len(ings))
	for _, in := range ings {
		m[in.Item] = in.Count
	}
	return m
}
