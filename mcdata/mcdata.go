// Package mcdata holds Minecraft data for one pinned version (1.21.1): items,
// blocks with their drops and harvest tools, crafting recipes, smelting,
// fuels and foods, plus the crafting planner behind MINDcraft's
// !getCraftingPlan.
//
// Everything except smelting and fuels comes from data/mcdata.json, which
// generator/generate.js writes from the npm package minecraft-data (the exact
// version is pinned in generator/package.json). The file is committed and
// embedded, so building and testing never need npm; only `make mcdata` does.
package mcdata

//go:generate sh -c "cd generator && npm ci --no-audit --no-fund && node generate.js ../data/mcdata.json && rm -rf node_modules"

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// MinecraftVersion is the one Minecraft version all data describes.
const MinecraftVersion = "1.21.1"

//go:embed data/mcdata.json
var rawData []byte

// fileData is the layout of data/mcdata.json.
type fileData struct {
	Source           string   `json:"source"`
	MinecraftVersion string   `json:"minecraftVersion"`
	RawItems         [][2]any `json:"items"` // [name, stackSize]
	RawBlocks        []struct {
		Name         string   `json:"name"`
		Hardness     float64  `json:"hardness"`
		Drops        [][2]any `json:"drops"`
		HarvestTools []string `json:"harvestTools"`
		RequiresTool bool     `json:"requiresTool"`
		BestTool     string   `json:"bestTool"`
		Facing       []string `json:"facing"`
		Axis         []string `json:"axis"`
	} `json:"blocks"`
	RawRecipes []rawRecipe `json:"recipes"`
	RawFoods   [][3]any    `json:"foods"` // [name, foodPoints, saturation]
}

// rawRecipe is one recipe of data/mcdata.json (ingredients in grid order).
type rawRecipe struct {
	Result      string   `json:"result"`
	Count       int      `json:"count"`
	Ingredients [][2]any `json:"ingredients"`
	NeedsTable  bool     `json:"needsTable"`
	Shaped      bool     `json:"shaped"`
	special     bool     // written by hand (special.go), not in minecraft-data
}

// db is the decoded data, built once on first use.
type db struct {
	source    string
	items     []Item // sorted by name
	itemIdx   map[string]int
	blocks    map[string]Block
	blockList []string // sorted names
	recipes   map[string][]Recipe
	foods     map[string]Food
	graph     *recipeGraph
}

var load = sync.OnceValue(func() *db {
	d, err := decode(rawData)
	if err != nil {
		// The embedded file is part of the build; TestEmbeddedData catches this.
		panic(fmt.Sprintf("mcdata: embedded data/mcdata.json is corrupt: %v", err))
	}
	return d
})

func decode(raw []byte) (*db, error) {
	var f fileData
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, err
	}
	if f.MinecraftVersion != MinecraftVersion {
		return nil, fmt.Errorf("data is for Minecraft %q, want %q", f.MinecraftVersion, MinecraftVersion)
	}
	d := &db{
		source:  f.Source,
		itemIdx: make(map[string]int, len(f.RawItems)),
		blocks:  make(map[string]Block, len(f.RawBlocks)),
		recipes: make(map[string][]Recipe),
		foods:   make(map[string]Food, len(f.RawFoods)),
	}
	for _, it := range f.RawItems {
		name, ok1 := it[0].(string)
		stack, ok2 := it[1].(float64)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("item %v: want [name, stackSize]", it)
		}
		d.itemIdx[name] = len(d.items)
		d.items = append(d.items, Item{Name: name, StackSize: int(stack)})
	}
	for _, b := range f.RawBlocks {
		drops, err := pairs(b.Drops)
		if err != nil {
			return nil, fmt.Errorf("block %s drops: %w", b.Name, err)
		}
		d.blocks[b.Name] = Block{
			Name: b.Name, Hardness: b.Hardness, Drops: names(drops), dropCounts: drops,
			HarvestTools: b.HarvestTools, RequiresTool: b.RequiresTool, BestTool: b.BestTool,
			Facings: b.Facing, Axes: b.Axis,
		}
		d.blockList = append(d.blockList, b.Name)
	}
	slices.Sort(d.blockList)
	for _, r := range append(f.RawRecipes, specialRecipes()...) {
		ings, err := pairs(r.Ingredients)
		if err != nil {
			return nil, fmt.Errorf("recipe for %s: %w", r.Result, err)
		}
		if r.Count < 1 || len(ings) == 0 {
			return nil, fmt.Errorf("recipe for %s: want a positive count and ingredients", r.Result)
		}
		rec := Recipe{Result: r.Result, Count: r.Count, NeedsTable: r.NeedsTable, Shaped: r.Shaped, GridOrder: names(ings), special: r.special}
		rec.Ingredients = slices.Clone(ings)
		slices.SortFunc(rec.Ingredients, func(a, b Ingredient) int { return cmpString(a.Item, b.Item) })
		d.recipes[r.Result] = append(d.recipes[r.Result], rec)
	}
	// MINDcraft's getItemCraftingRecipes orders an item's recipes by how
	// many common items (oak_planks, oak_log, coal, cobblestone) they use,
	// most first, minecraft-data's order otherwise (a stable sort), and its
	// planner takes the first: keep them in that order, so the first recipe
	// is MINDcraft's everywhere (the oak variant of a wood recipe).
	for _, rs := range d.recipes {
		slices.SortStableFunc(rs, func(a, b Recipe) int { return commonCount(b) - commonCount(a) })
	}
	for _, fd := range f.RawFoods {
		name, ok1 := fd[0].(string)
		pts, ok2 := fd[1].(float64)
		sat, ok3 := fd[2].(float64)
		if !ok1 || !ok2 || !ok3 {
			return nil, fmt.Errorf("food %v: want [name, foodPoints, saturation]", fd)
		}
		d.foods[name] = Food{Name: name, FoodPoints: pts, Saturation: sat}
	}
	// Every name the data refers to must be an item.
	for _, b := range d.blocks {
		for _, n := range append(slices.Clone(b.Drops), b.HarvestTools...) {
			if _, ok := d.itemIdx[n]; !ok {
				return nil, fmt.Errorf("block %s refers to unknown item %q", b.Name, n)
			}
		}
	}
	for res, rs := range d.recipes {
		if _, ok := d.itemIdx[res]; !ok {
			return nil, fmt.Errorf("recipe result %q is not an item", res)
		}
		for _, r := range rs {
			for _, in := range r.Ingredients {
				if _, ok := d.itemIdx[in.Item]; !ok {
					return nil, fmt.Errorf("recipe for %s uses unknown item %q", res, in.Item)
				}
			}
		}
	}
	d.graph = buildGraph(d)
	return d, nil
}

// pairs decodes [[name, count], ...].
func pairs(raw [][2]any) ([]Ingredient, error) {
	out := make([]Ingredient, 0, len(raw))
	for _, p := range raw {
		name, ok1 := p[0].(string)
		n, ok2 := p[1].(float64)
		if !ok1 || !ok2 || n < 1 {
			return nil, fmt.Errorf("%v: want [name, count>0]", p)
		}
		out = append(out, Ingredient{Item: name, Count: int(n)})
	}
	return out, nil
}

func names(ings []Ingredient) []string {
	out := make([]string, len(ings))
	for i, in := range ings {
		out[i] = in.Item
	}
	return out
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// DataVersion names the source of the embedded data, e.g.
// "minecraft-data 3.84.1 (Minecraft 1.21.1)".
func DataVersion() string {
	return fmt.Sprintf("%s (Minecraft %s)", load().source, MinecraftVersion)
}
