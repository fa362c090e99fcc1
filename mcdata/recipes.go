package mcdata

import (
	"slices"
)

// Ingredient is an item and a count.
type Ingredient struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
}

// Recipe is one way to craft an item.
type Recipe struct {
	Result      string
	Count       int          // items produced by one craft
	Ingredients []Ingredient // sorted by item name, counts merged
	NeedsTable  bool         // needs a 3x3 grid (crafting table)
	Shaped      bool         // the ingredients must sit in a pattern
	// GridOrder lists the ingredient names in the order they first appear
	// in the crafting grid; MINDcraft prints a recipe's ingredients in it.
	GridOrder []string
	special   bool // hand-written (special.go); MINDcraft does not know it
}

// Need returns how many of item one craft of r consumes (0 if none).
func (r Recipe) Need(item string) int {
	for _, in := range r.Ingredients {
		if in.Item == item {
			return in.Count
		}
	}
	return 0
}

// Recipes returns every crafting recipe for item in a deterministic order
// (MINDcraft's: minecraft-data's, with the recipes that use the most
// oak_planks, oak_log, coal or cobblestone first, so the oak variant of a
// wood recipe comes first), or
// nil if item cannot be crafted.
func Recipes(item string) []Recipe {
	rs := load().recipes[item]
	if rs == nil {
		return nil
	}
	out := make([]Recipe, len(rs))
	for i, r := range rs {
		out[i] = cloneRecipe(r)
	}
	return out
}

// PlanRecipes returns the recipes for item that the planner may use: those
// that do not lead back to item through its own ingredients (so the
// planner never loops), in Recipes order. It is nil for base items.
func PlanRecipes(item string) []Recipe {
	g := load().graph
	idx := g.usable[item]
	if len(idx) == 0 {
		return nil
	}
	rs := load().recipes[item]
	out := make([]Recipe, len(idx))
	for i, k := range idx {
		out[i] = cloneRecipe(rs[k])
	}
	return out
}

func cloneRecipe(r Recipe) Recipe {
	r.Ingredients = slices.Clone(r.Ingredients)
	r.GridOrder = slices.Clone(r.GridOrder)
	return r
}

// IsBaseItem reports whether the planner treats name as raw material, to be
// found in the world rather than crafted. That is every item with no
// crafting recipe, plus the items that loop:
//
//   - an item packed into a storage block and crafted back out of it
//     (coal <-> coal_block, iron_ingot <-> iron_block, wheat <-> hay_block,
//     bone_meal <-> bone_block, honey_bottle <-> honey_block, ...): the unpacked item is
//     base, so a plan never says "craft iron_ingot from iron_block";
//   - an item whose every recipe needs, somewhere below, the item itself.
//
// This reproduces MINDcraft's hand-kept list of looping items (coal, wheat,
// bone_meal, diamond, emerald, raw_iron, redstone, iron_ingot, gold_ingot,
// copper_ingot, lapis_lazuli, slime_ball, dried_kelp, honey_bottle, ...) by
// a rule, so it stays right for every item of the pinned version.
func IsBaseItem(name string) bool {
	if !IsItem(name) {
		return false
	}
	return len(load().graph.usable[name]) == 0
}

// recipeGraph orders craftable items so that planning never loops.
type recipeGraph struct {
	// usable[item] holds the indexes (into db.recipes[item]) of the
	// recipes the planner may use; empty for base items.
	usable map[string][]int
	// depth[item] is the fewest crafting levels between item and base
	// items (0 for base items).
	depth map[string]int
}

// buildGraph finds the base items and, for every other item, the recipes
// the planner may use, such that those recipes form a DAG. Items that reach
// each other through recipes (one strongly connected component: the 16 wool
// colours, which are dyed from one another) are put in a global order, and a
// recipe may use an item of its own component only if that item comes
// earlier. The order is (depth, name), where depth is computed like
// Dijkstra's algorithm generalised to recipes (Knuth 1977): an item becomes
// final one level after some recipe has all its ingredients final. Items of
// a component that no recipe enters from outside never become final and
// are base.
func buildGraph(d *db) *recipeGraph {
	g := &recipeGraph{usable: map[string][]int{}, depth: map[string]int{}}
	base := map[string]bool{}
	for _, it := range d.items {
		if len(d.recipes[it.Name]) == 0 || isUnpackedStorage(d, it.Name) {
			base[it.Name] = true
		}
	}
	rank := map[string]int{} // position in the global order
	for _, it := range d.items {
		if base[it.Name] {
			rank[it.Name] = len(rank)
			g.depth[it.Name] = 0
		}
	}
	scc := components(d, base)
	for level := 1; ; level++ {
		var next []string // d.items is sorted, so next is too
		for _, it := range d.items {
			if _, done := rank[it.Name]; done {
				continue
			}
			for _, r := range d.recipes[it.Name] {
				if allIn(r, rank) {
					next = append(next, it.Name)
					break
				}
			}
		}
		if len(next) == 0 {
			// Stalled: the items of a component no recipe enters from
			// outside (black_wool and blue_wool, dyed only from each other
			// in 1.21.1's data) become base, and what is made from them
			// (the other wool colours) can be planned again.
			closed := closedComponents(d, scc, rank)
			if len(closed) == 0 {
				break
			}
			for _, it := range d.items {
				if _, done := rank[it.Name]; !done && closed[scc[it.Name]] {
					base[it.Name] = true
					rank[it.Name] = len(rank)
					g.depth[it.Name] = 0
				}
			}
			continue
		}
		for _, n := range next {
			rank[n] = len(rank)
			g.depth[n] = level
		}
	}
	for item, rs := range d.recipes {
		r0, ok := rank[item]
		if !ok || base[item] {
			continue // base, or only reachable through itself: treated as base
		}
		for k, r := range rs {
			earlier := true
			for _, in := range r.Ingredients {
				ri, ok := rank[in.Item]
				if !ok || (ri >= r0 && scc[in.Item] == scc[item]) {
					earlier = false
					break
				}
			}
			if earlier {
				g.usable[item] = append(g.usable[item], k)
			}
		}
	}
	return g
}

// closedComponents returns the components (of items not yet ranked) that
// no recipe enters from outside: every recipe of every member uses a member.
func closedComponents(d *db, scc map[string]int, rank map[string]int) map[int]bool {
	closed := map[int]bool{}
	open := map[int]bool{}
	for _, it := range d.items {
		c, ok := scc[it.Name]
		if _, done := rank[it.Name]; done || !ok {
			continue
		}
		if _, seen := closed[c]; !seen {
			closed[c] = true
		}
		for _, r := range d.recipes[it.Name] {
			if !slices.ContainsFunc(r.Ingredients, func(in Ingredient) bool {
				ci, ok := scc[in.Item]
				return ok && ci == c
			}) {
				open[c] = true
			}
		}
	}
	for c := range open {
		delete(closed, c)
	}
	return closed
}

// components labels each craftable, non-base item with its strongly
// connected component in the graph item -> ingredient (Tarjan's algorithm).
func components(d *db, base map[string]bool) map[string]int {
	index := map[string]int{}
	low := map[string]int{}
	onStack := map[string]bool{}
	comp := map[string]int{}
	var stack []string
	var visit func(v string)
	visit = func(v string) {
		index[v], low[v] = len(index), len(index)
		stack = append(stack, v)
		onStack[v] = true
		for _, r := range d.recipes[v] {
			for _, in := range r.Ingredients {
				w := in.Item
				if base[w] {
					continue
				}
				if _, seen := index[w]; !seen {
					visit(w)
					low[v] = min(low[v], low[w])
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
			}
		}
		if low[v] == index[v] {
			id := len(comp) + 1
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp[w] = id
				if w == v {
					break
				}
			}
		}
	}
	for _, it := range d.items { // sorted, so labels are deterministic
		if _, seen := index[it.Name]; !seen && !base[it.Name] {
			visit(it.Name)
		}
	}
	return comp
}

func allIn(r Recipe, rank map[string]int) bool {
	for _, in := range r.Ingredients {
		if _, ok := rank[in.Item]; !ok {
			return false
		}
	}
	return true
}

// isUnpackedStorage reports whether item is the unpacked form of a storage
// block: one block crafts into several items (iron_block -> 9 iron_ingot,
// honey_block + 4 glass_bottle -> 4 honey_bottle) and the block is crafted
// back from several of the item alone (9 iron_ingot -> iron_block).
func isUnpackedStorage(d *db, item string) bool {
	for _, r := range d.recipes[item] {
		if r.Count < 2 {
			continue
		}
		for _, in := range r.Ingredients {
			storage := in.Item
			if _, isBlock := d.blocks[storage]; !isBlock || in.Count != 1 {
				continue
			}
			for _, back := range d.recipes[storage] {
				if back.Count == 1 && len(back.Ingredients) == 1 &&
					back.Ingredients[0].Item == item && back.Ingredients[0].Count > 1 {
					return true
				}
			}
		}
	}
	return false
}

// CraftingDepth is the fewest crafting levels between item and base items:
// 0 for a base item, 1 for oak_planks, 2 for stick, and so on.
func CraftingDepth(item string) int {
	return load().graph.depth[item]
}
