package cuisine

import "slices"

// dependency is what MindAgent's levels/utils.py derives from a dish's
// recipe tree (compute_dependency, compute_wait_time), walked breadth first
// over the whole book as it does.
type dependency struct {
	// nodes: every item of the tree once, the dish last (the last item of
	// networkx's topological order, which is all MindAgent reads of it).
	nodes []string
	// steps: each recipe met in the walk, repeats included, as
	// compute_dependency's mappings list them (tool -> ingredients).
	steps []Recipe
	// work is W = 3·|nodes| + Σ over recipes met (repeats included) of
	// (busy steps − 1) for tools busy more than one step: the estimate of
	// one agent's steps that the order timing scales.
	work int
}

func dependencyOf(dish string) dependency {
	b := theBook()
	var d dependency
	seen := map[string]bool{}
	wait := 0
	queue := []string{dish}
	for len(queue) > 0 {
		front := queue[0]
		queue = queue[1:]
		if !seen[front] {
			seen[front] = true
			d.nodes = append(d.nodes, front)
		}
		r, made := b.recipe[front]
		if !made {
			continue
		}
		d.steps = append(d.steps, r)
		if busy := b.tool[r.Tool].Busy; busy > 1 {
			wait += busy - 1
		}
		queue = append(queue, r.Ingredients...)
	}
	// The dish is the tree's only sink, so it ends any topological order.
	d.nodes = append(slices.DeleteFunc(d.nodes, func(n string) bool { return n == dish }), dish)
	d.work = wait + 3*len(d.nodes)
	return d
}

// RecipeTree lists the recipes that make dish, each once, in an order to
// cook them: every recipe after those of its ingredients.
func RecipeTree(dish string) []Recipe {
	var out []Recipe
	seen := map[string]bool{}
	var walk func(d string)
	walk = func(d string) {
		r, ok := theBook().recipe[d]
		if !ok || seen[d] {
			return
		}
		seen[d] = true
		for _, ing := range r.Ingredients {
			walk(ing)
		}
		out = append(out, Recipe{Dish: r.Dish, Tool: r.Tool, Ingredients: slices.Clone(r.Ingredients)})
	}
	walk(dish)
	return out
}

// SubMultiset reports whether items could all go into a tool toward a
// recipe taking of: each item as often as of has it, at most.
func SubMultiset(items, of []string) bool {
	left := slices.Clone(of)
	for _, it := range items {
		i := slices.Index(left, it)
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return true
}

// SameMultiset reports whether a and b hold the same items, counted.
func SameMultiset(a, b []string) bool { return len(a) == len(b) && SubMultiset(a, b) }
