package mcdata

import (
	"fmt"
	"slices"

	"collabcraft/suggest"
)

// Item is an item as it exists in an inventory.
type Item struct {
	Name      string
	StackSize int
}

// Block is a placeable block and what mining it gives.
type Block struct {
	Name         string
	Hardness     float64  // -1 = unbreakable
	Drops        []string // item names dropped when mined with a suitable tool
	HarvestTools []string // item names of tools that can harvest it; empty = any (hand)
	RequiresTool bool     // true: no drop without one of HarvestTools
	BestTool     string   // "pickaxe", "axe", "shovel", "hoe", "shears", "" (speeds mining)
	// Facings and Axes are the values the block's facing and axis
	// properties take (nil when it has none), in minecraft-data's order.
	Facings []string
	Axes    []string

	dropCounts []Ingredient // Drops with their guaranteed counts
}

// Food is an edible item and how much it restores.
type Food struct {
	Name       string
	FoodPoints float64
	Saturation float64
}

// UnknownNameError reports a name that is not in the data, with the closest
// known names as suggestions.
type UnknownNameError struct {
	Kind        string // "item" or "block"
	Name        string
	Suggestions []string // closest first; may be empty
	// RetiredIn is the Minecraft version that renamed Name ("1.20.3" for
	// grass): Suggestions then start with the modern names.
	RetiredIn string
}

func (e *UnknownNameError) Error() string {
	msg := fmt.Sprintf("mcdata: unknown %s %q", e.Kind, e.Name)
	if len(e.Suggestions) == 0 {
		return msg
	}
	quoted := make([]string, len(e.Suggestions))
	for i, s := range e.Suggestions {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	alts := suggest.Or(quoted)
	if e.RetiredIn != "" {
		return fmt.Sprintf("%s (an old name, renamed in Minecraft %s: did you mean %s?)", msg, e.RetiredIn, alts)
	}
	return msg + " (did you mean " + alts + "?)"
}

// LookupItem returns the item with the given name, or an *UnknownNameError
// that suggests close names.
func LookupItem(name string) (Item, error) {
	d := load()
	if i, ok := d.itemIdx[name]; ok {
		return d.items[i], nil
	}
	all := make([]string, len(d.items))
	for i, it := range d.items {
		all[i] = it.Name
	}
	return Item{}, withRenames(&UnknownNameError{Kind: "item", Name: name, Suggestions: suggest.Closest(name, all)}, IsItem)
}

// LookupBlock returns the block with the given name, or an *UnknownNameError
// that suggests close names.
func LookupBlock(name string) (Block, error) {
	d := load()
	if b, ok := d.blocks[name]; ok {
		return cloneBlock(b), nil
	}
	return Block{}, withRenames(&UnknownNameError{Kind: "block", Name: name, Suggestions: suggest.Closest(name, d.blockList)}, IsBlock)
}

// cloneBlock copies the slices so callers cannot change the shared data.
func cloneBlock(b Block) Block {
	b.Drops = slices.Clone(b.Drops)
	b.HarvestTools = slices.Clone(b.HarvestTools)
	b.Facings = slices.Clone(b.Facings)
	b.Axes = slices.Clone(b.Axes)
	b.dropCounts = slices.Clone(b.dropCounts)
	return b
}

// IsItem reports whether name is an item.
func IsItem(name string) bool {
	_, ok := load().itemIdx[name]
	return ok
}

// IsBlock reports whether name is a block.
func IsBlock(name string) bool {
	_, ok := load().blocks[name]
	return ok
}

// Items returns every item, sorted by name.
func Items() []Item {
	return slices.Clone(load().items)
}

// Blocks returns every block name, sorted.
func Blocks() []string {
	return slices.Clone(load().blockList)
}

// Drops returns what mining block with tool gives (tool "" = bare hand):
// nil for an unknown block, an unbreakable one, or one that needs a tool
// other than the one given. Counts are the guaranteed minimum (clay gives 4
// clay_ball, diamond_ore 1 diamond).
func Drops(block, tool string) []Ingredient {
	b, ok := load().blocks[block]
	if !ok || b.Hardness < 0 || len(b.dropCounts) == 0 {
		return nil
	}
	if b.RequiresTool && !slices.Contains(b.HarvestTools, tool) {
		return nil
	}
	return slices.Clone(b.dropCounts)
}

// LookupFood returns the food data of an edible item.
func LookupFood(name string) (Food, bool) {
	f, ok := load().foods[name]
	return f, ok
}

// Foods returns every food, sorted by name.
func Foods() []Food {
	d := load()
	out := make([]Food, 0, len(d.foods))
	for _, f := range d.foods {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Food) int { return cmpString(a.Name, b.Name) })
	return out
}
