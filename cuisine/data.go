// Package cuisine is CuisineWorld, the text kitchen of MindAgent (seed paper
// 003; github.com/mindagent/mindagent at 540a114, overcooked/game.py and
// levels/), as a world of its own beside the Minecraft one.
//
// A level is a set of dishes and a kitchen of tools (storage, a serving
// table, pans, blenders, ...). Orders for the level's dishes arrive on a
// fixed interval and expire after a lifetime; a dispatcher sends one action
// per agent per step (goto, get, put, activate, noop), which the world runs
// in the order written, refusing what breaks a rule with MindAgent's own
// error text. Everything MindAgent's game reports is reproduced: the state,
// the orders, the error messages and suggestions, the reward, and the state
// text its dispatcher prompt shows. cuisine/diff_test.go replays traces
// recorded from MindAgent's own game (scripts/mindagent-diff) step by step.
//
// The recipes, tools and levels are data/recipes.json and data/levels/,
// which generator/generate.py writes from a MindAgent checkout (make
// cuisine-data); nothing is copied from MindAgent as it is.
package cuisine

//go:generate sh -c "cd ../ && make cuisine-data"

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

//go:embed data/recipes.json data/levels/*.json data/demos.json
var dataFS embed.FS

// Tool is a kind of kitchen location, with MindAgent's numbers
// (levels/constants.py).
type Tool struct {
	Name string `json:"name"`
	// Busy is how many steps the tool stays occupied once activated. The
	// timer counts down at the end of the step it was set in, so a tool of
	// Busy 2 refuses actions for one more step and one of Busy 1 for none.
	Busy int `json:"busy"`
	// Capacity is how many items it holds; -1 means no limit.
	Capacity int `json:"capacity"`
	// Watch: the agent that activates it is occupied for Busy steps too
	// (the chopboard; with Busy 1 that ends within the same step).
	Watch bool `json:"watch"`
}

// Recipe makes Dish from Ingredients at a tool.
type Recipe struct {
	Dish        string   `json:"dish"`
	Tool        string   `json:"tool"`
	Ingredients []string `json:"ingredients"`
}

// The tool names the game treats specially.
const (
	Storage      = "storage"      // base ingredients come from it; what is put in disappears
	ServingTable = "servingtable" // orders are served by putting the dish on it
	chopboard    = "chopboard"    // always open for pick-up, like storage
)

// book is data/recipes.json with its indexes.
type book struct {
	Source      string   `json:"source"`
	Tools       []Tool   `json:"tools"`
	Ingredients []string `json:"ingredients"`
	Recipes     []Recipe `json:"recipes"`

	tool   map[string]Tool
	recipe map[string]Recipe
	base   map[string]bool
}

var theBook = sync.OnceValue(func() *book {
	b, err := parseBook()
	if err != nil {
		panic(err) // the embedded file is checked by TestBook
	}
	return b
})

func parseBook() (*book, error) {
	raw, err := dataFS.ReadFile("data/recipes.json")
	if err != nil {
		return nil, err
	}
	var b book
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, fmt.Errorf("cuisine: data/recipes.json: %w", err)
	}
	b.tool = map[string]Tool{}
	for _, t := range b.Tools {
		b.tool[t.Name] = t
	}
	b.base = map[string]bool{}
	for _, i := range b.Ingredients {
		b.base[i] = true
	}
	b.recipe = map[string]Recipe{}
	for _, r := range b.Recipes {
		if _, ok := b.tool[r.Tool]; !ok {
			return nil, fmt.Errorf("cuisine: data/recipes.json: recipe %s: unknown tool %q", r.Dish, r.Tool)
		}
		b.recipe[r.Dish] = r
	}
	for _, r := range b.Recipes {
		for _, ing := range r.Ingredients {
			sub, made := b.recipe[ing]
			if !made && !b.base[ing] {
				return nil, fmt.Errorf("cuisine: data/recipes.json: recipe %s: ingredient %q is neither a base ingredient nor made by a recipe", r.Dish, ing)
			}
			// MindAgent's game asserts (and crashes) when a tool is
			// activated twice without being emptied, or emptied while it
			// holds more than its one cooked dish. Both need a recipe that
			// takes a dish made at the same kind of tool; the book has
			// none, and the world relies on that.
			if made && sub.Tool == r.Tool && r.Tool != chopboard {
				return nil, fmt.Errorf("cuisine: data/recipes.json: recipe %s at %s takes %s, made at the same tool", r.Dish, r.Tool, ing)
			}
		}
	}
	return &b, nil
}

// Tools lists the tool kinds in MindAgent's order.
func Tools() []Tool { return slices.Clone(theBook().Tools) }

// ToolNamed returns the tool kind called name.
func ToolNamed(name string) (Tool, bool) {
	t, ok := theBook().tool[name]
	return t, ok
}

// Ingredients lists the base ingredients, the only items storage gives, in
// MindAgent's order.
func Ingredients() []string { return slices.Clone(theBook().Ingredients) }

// IsIngredient reports whether item is a base ingredient.
func IsIngredient(item string) bool { return theBook().base[item] }

// Recipes lists every recipe in MindAgent's order (assets/recipe.json),
// intermediate products included.
func Recipes() []Recipe {
	rs := slices.Clone(theBook().Recipes)
	for i := range rs {
		rs[i].Ingredients = slices.Clone(rs[i].Ingredients)
	}
	return rs
}

// RecipeFor returns the recipe that makes dish.
func RecipeFor(dish string) (Recipe, bool) {
	r, ok := theBook().recipe[dish]
	return r, ok
}

// BookSource names the MindAgent commit and files the data was made from.
func BookSource() string { return theBook().Source }
