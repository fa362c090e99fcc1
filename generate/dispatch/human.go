package dispatch

import (
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/cuisine"
)

// humanPlayer is agent 0 of the human variant: a player at MindAgent's web
// page (webpage/app.py), who sees the game's state and the recipe book and
// picks one action a step from its form. It cooks the most urgent order
// on its own, one recipe at a time, knowing nothing of what the dispatcher
// plans for the others; it reads only the state shown, as the page shows
// it. Now and then it hesitates a step, as people do.
type humanPlayer struct {
	dishes []string
	rng    *rand.Rand
}

func newHuman(l cuisine.Level, rng *rand.Rand) *humanPlayer {
	return &humanPlayer{dishes: l.Dishes, rng: rng}
}

const humanHesitates = 0.08

// act is the human's action this step, as the page posts it.
func (h *humanPlayer) act(s cuisine.State) string {
	const me = "agent0"
	if len(s.Agents) == 0 || s.Agents[0].Busy > 0 || h.rng.Float64() < humanHesitates {
		return "noop_" + me
	}
	a := s.Agents[0]
	at := func(tool, verb string) string {
		if a.At != tool {
			return "goto_" + me + "_" + tool
		}
		return verb + "_" + me + "_" + tool
	}
	if a.Hold != "" {
		return at(h.placeFor(s, a.Hold), "put")
	}
	// A cooked product someone needs: take it out.
	for _, t := range s.Tools {
		if t.Busy == 0 && len(t.Content) == 1 && cookedHere(t) && h.wanted(s, t.Content[0]) {
			return at(t.Name, "get")
		}
	}
	// A tool holding all a recipe takes: cook it.
	for _, t := range s.Tools {
		if t.Busy == 0 && len(t.Content) > 0 && h.readyRecipe(s, t) {
			return at(t.Name, "activate")
		}
	}
	// Else fetch what the most urgent order still misses.
	if item := h.missing(s); item != "" {
		if a.At != "storage0" {
			return "goto_" + me + "_storage0"
		}
		return "get_" + me + "_" + item + "_storage0"
	}
	return "noop_" + me
}

// placeFor is where the human puts what it holds: the serving table for
// an ordered dish, a tool that can take it toward a recipe, else back to
// storage.
func (h *humanPlayer) placeFor(s cuisine.State, item string) string {
	for _, o := range s.Orders {
		if o.Dish == item {
			return "servingtable0"
		}
	}
	for _, d := range h.orderDishes(s) {
		for _, r := range cuisine.RecipeTree(d) {
			if !slices.Contains(r.Ingredients, item) {
				continue
			}
			best := ""
			for _, t := range s.Tools {
				if !isKind(t.Name, r.Tool) || t.Busy > 0 || !cuisine.SubMultiset(append(slices.Clone(t.Content), item), r.Ingredients) {
					continue
				}
				if best == "" || len(t.Content) > 0 {
					best = t.Name
				}
			}
			if best != "" {
				return best
			}
		}
	}
	return "storage0"
}

// wanted: an order's dish or an ingredient of a recipe an order needs.
func (h *humanPlayer) wanted(s cuisine.State, item string) bool {
	for _, d := range h.orderDishes(s) {
		if d == item {
			return true
		}
		for _, r := range cuisine.RecipeTree(d) {
			if slices.Contains(r.Ingredients, item) {
				return true
			}
		}
	}
	return false
}

// readyRecipe: the tool holds exactly the ingredients of a recipe made there.
func (h *humanPlayer) readyRecipe(s cuisine.State, t cuisine.ToolState) bool {
	for _, d := range h.orderDishes(s) {
		for _, r := range cuisine.RecipeTree(d) {
			if isKind(t.Name, r.Tool) && cuisine.SameMultiset(t.Content, r.Ingredients) {
				return true
			}
		}
	}
	return false
}

// missing is a base ingredient the most urgent order's next recipe lacks.
func (h *humanPlayer) missing(s cuisine.State) string {
	for _, d := range h.orderDishes(s) {
		for _, r := range cuisine.RecipeTree(d) {
			if present(s, r.Dish) {
				continue
			}
			have := []string{}
			for _, t := range s.Tools {
				if isKind(t.Name, r.Tool) && t.Busy == 0 && cuisine.SubMultiset(t.Content, r.Ingredients) && len(t.Content) > len(have) {
					have = t.Content
				}
			}
			for _, ing := range r.Ingredients {
				if i := slices.Index(have, ing); i >= 0 {
					have = slices.Delete(slices.Clone(have), i, i+1)
					continue
				}
				if cuisine.IsIngredient(ing) {
					return ing
				}
			}
		}
	}
	return ""
}

// orderDishes are the orders' dishes, most urgent first.
func (h *humanPlayer) orderDishes(s cuisine.State) []string {
	var out []string
	for _, o := range s.Orders {
		out = append(out, o.Dish)
	}
	return out
}

// present: the item is in some tool or someone's hands.
func present(s cuisine.State, item string) bool {
	for _, t := range s.Tools {
		if slices.Contains(t.Content, item) && !isKind(t.Name, cuisine.ServingTable) {
			return true
		}
	}
	for _, a := range s.Agents {
		if a.Hold == item {
			return true
		}
	}
	return false
}

// cookedHere: the tool holds a product of its own kind, which it made and
// which can be taken out (what was put in cannot).
func cookedHere(t cuisine.ToolState) bool {
	r, ok := cuisine.RecipeFor(t.Content[0])
	return ok && isKind(t.Name, r.Tool)
}

// isKind: the tool's name is of kind (pan0 is a pan).
func isKind(name, kind string) bool {
	return strings.TrimRight(name, "0123456789") == kind
}
