package villagerbench

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
)

// FarmOptions are the supply options of each ingredient key, in the order
// whose indices D sums. The paper's nine lists are farm_craft_judger.py's
// (lines 16-25), text for text; beef and the others below them are
// collabcraft's, for the generated dishes, in the same style (the chest
// first, then a step back along the chain, then the farm).
var FarmOptions = map[string][]string{
	// The paper's rabbit stew.
	"cooked_rabbit":  {"rabbit in chest", "rabbit in pasture"},
	"baked_potato":   {"potato in chest", "potato in farm"},
	"carrot":         {"carrot in chest", "carrot in farm"},
	"brown_mushroom": {"brown_mushroom in chest", "brown_mushroom in farm"},
	"bowl":           {"bowl in chest", "acacia_log in pasture"},
	"coal":           {"coal in chest", "coal in mine"},
	// The paper's cake.
	"milk":  {"milk_bucket in chest", "bucket in chest", "iron_ingot in chest"},
	"wheat": {"wheat in chest", "hay_block in chest", "wheat in farm", "hay_block in farm"},
	"sugar": {"sugar in chest", "sugar_cane in chest", "sugar_cane in farm"},
	// Generated dishes.
	"cooked_beef": {"beef in chest", "beef in pasture"},
}

// PaperIngredients are the paper's option keys, and the dish of each.
var PaperIngredients = map[string][]string{
	"cake":        {"milk", "wheat", "sugar"},
	"rabbit_stew": {"cooked_rabbit", "baked_potato", "carrot", "brown_mushroom", "bowl", "coal"},
}

// FarmIngredients lists the option keys, sorted.
func FarmIngredients() []string { return slices.Sorted(maps.Keys(FarmOptions)) }

// PlacedState is what the judge's /setblock name[props] leaves at a
// structure block's cell: the block's facing or axis, and ok false when
// Minecraft refuses the command because the block lacks a property it
// names. The paper's structures name three: the torches of the house
// (torch[facing=...]: a standing torch has no facing) and half of the
// mushroom farms' mushrooms (brown_mushroom[age=7]) stay unplaced in
// VillagerBench, and here. Age, moisture and open are kept by no block
// here (crops are grown, farmland is wet, gates are shut).
func PlacedState(b StructureBlock) (st mcdata.State, ok bool) {
	for _, p := range b.Props {
		k, v, _ := strings.Cut(p, "=")
		switch k {
		case "facing":
			st.Facing = v
		case "axis":
			st.Axis = v
		case "age":
			max, grows := cropAges[b.Name]
			if n, err := strconv.Atoi(v); !grows || err != nil || n < 0 || n > max {
				return mcdata.State{}, false
			}
		case "moisture":
			if n, err := strconv.Atoi(v); b.Name != "farmland" || err != nil || n < 0 || n > 7 {
				return mcdata.State{}, false
			}
		case "open":
			if !strings.HasSuffix(b.Name, "_fence_gate") && !strings.HasSuffix(b.Name, "_door") && !strings.HasSuffix(b.Name, "_trapdoor") || (v != "true" && v != "false") {
				return mcdata.State{}, false
			}
		default:
			return mcdata.State{}, false
		}
	}
	if mcdata.CheckState(b.Name, st) != nil {
		return mcdata.State{}, false
	}
	return st, true
}

// cropAges are the blocks with an age property and its largest value.
var cropAges = map[string]int{"wheat": 7, "carrots": 7, "potatoes": 7, "beetroots": 3, "sugar_cane": 15, "cactus": 15,
	"nether_wart": 3, "melon_stem": 7, "pumpkin_stem": 7, "sweet_berry_bush": 3, "cocoa": 2}

// cropYield is the least a grown crop drops of its item (the world's
// drops: a grown crop always drops its item); other blocks drop as
// minecraft-data says.
var cropYield = map[string]mcdata.Ingredient{"wheat": {Item: "wheat", Count: 1}, "carrots": {Item: "carrot", Count: 2},
	"potatoes": {Item: "potato", Count: 2}, "beetroots": {Item: "beetroot", Count: 1}}

// farmScene is what a setting's scene supplies, as FarmSolvable counts it.
type farmScene struct {
	have     map[string]int  // the chests' items and what the blocks drop, at least
	dug      map[string]bool // items that only come from blocks that need a tool
	stations map[string]bool // crafting_table, furnace placed
	animals  map[string]int
}

func sceneOf(s *FarmSetting, structures map[string]*Structure) *farmScene {
	sc := &farmScene{have: map[string]int{}, dug: map[string]bool{}, stations: map[string]bool{}, animals: map[string]int{}}
	block := func(name string, items []FarmItem) {
		for _, it := range items {
			sc.have[it.Name] += it.Count
		}
		switch name {
		case "crafting_table", "furnace", "smoker":
			sc.stations[name] = true
			return
		}
		if y, ok := cropYield[name]; ok {
			sc.have[y.Item] += y.Count
			return
		}
		b, err := mcdata.LookupBlock(name)
		if err != nil || b.Hardness < 0 || name == "chest" {
			return
		}
		for _, d := range mcdata.Drops(name, "netherite_pickaxe") {
			if d.Item == name && !isFarmProduce(name) {
				continue // a building block: not the scene's supply
			}
			sc.have[d.Item] += d.Count
			if b.RequiresTool {
				sc.dug[d.Item] = true
			}
		}
	}
	for _, c := range s.Components {
		if c.Type == ComponentBlock {
			block(c.Name, c.Items)
			continue
		}
		st := structures[c.Name]
		if st == nil {
			continue
		}
		for _, b := range st.Blocks {
			if _, ok := PlacedState(b); ok {
				block(b.Name, b.Items)
			}
		}
		for _, e := range st.Entities {
			sc.animals[e.Name]++
		}
	}
	return sc
}

// isFarmProduce are the blocks a farm grows or a factory yields whose drop
// is themselves.
func isFarmProduce(name string) bool {
	return slices.Contains([]string{"hay_block", "sugar_cane", "brown_mushroom", "red_mushroom", "acacia_log", "oak_log", "pumpkin", "melon"}, name) ||
		strings.HasSuffix(name, "_log")
}

// FarmSolvable reports whether the scene supplies the dish: taking one
// agent's view of the whole chain, each item is taken from what the
// chests hold and the farms drop, crafted (at a crafting table when the
// recipe needs one), smelted in a furnace with fuel, milked from a cow
// with a bucket or killed from a pasture's animals (a rabbit drops at most
// one rabbit: each counts as one), and a block that needs a tool is dug
// only when a tool is to be had. The error names the first item short.
func FarmSolvable(s *FarmSetting, structures map[string]*Structure) error {
	sc := sceneOf(s, structures)
	p := &planner{sc: sc, left: maps.Clone(sc.have), onPath: map[string]bool{}}
	dish, _ := s.Checkpoint(s.Dish)
	if !p.get(s.Dish, max(dish.Count, 1)) {
		return fmt.Errorf("%s", p.short)
	}
	return nil
}

type planner struct {
	sc     *farmScene
	left   map[string]int
	onPath map[string]bool
	short  string
	animal map[string]int
}

// get takes n of item, from what is left, or makes the rest; false with
// p.short set when it cannot.
func (p *planner) get(item string, n int) bool {
	if n <= 0 {
		return true
	}
	if p.sc.dug[item] && !p.hasTool(item) {
		p.left[item] = 0
	}
	take := min(p.left[item], n)
	p.left[item] -= take
	n -= take
	if n == 0 {
		return true
	}
	if p.onPath[item] {
		p.fail(item, n)
		return false
	}
	p.onPath[item] = true
	defer delete(p.onPath, item)
	switch {
	case item == "milk_bucket" && p.sc.animals["cow"] > 0:
		return p.get("bucket", n) || p.fail(item, n)
	case item == "beef" && p.sc.animals["cow"] > 0:
		return p.kill("cow", n) || p.fail(item, n)
	case item == "rabbit" && p.sc.animals["rabbit"] > 0:
		return p.kill("rabbit", n) || p.fail(item, n)
	}
	if in := mcdata.SmeltInputs(item); len(in) > 0 && (p.sc.stations["furnace"] || p.sc.stations["smoker"]) {
		for _, input := range in {
			saved := maps.Clone(p.left)
			if p.get(input, n) && p.fuel((n+7)/8) {
				return true
			}
			p.left = saved
		}
	}
	for _, r := range mcdata.Recipes(item) {
		if r.NeedsTable && !p.sc.stations["crafting_table"] {
			continue
		}
		saved := maps.Clone(p.left)
		crafts := (n + r.Count - 1) / r.Count
		ok := true
		for _, in := range r.Ingredients {
			if !p.get(in.Item, in.Count*crafts) {
				ok = false
				break
			}
		}
		if ok {
			p.left[item] += crafts*r.Count - n
			return true
		}
		p.left = saved
	}
	return p.fail(item, n)
}

func (p *planner) kill(animal string, n int) bool {
	if p.animal == nil {
		p.animal = maps.Clone(p.sc.animals)
	}
	if p.animal[animal] < n {
		return false
	}
	p.animal[animal] -= n
	return true
}

// fuel takes n fuel items of any kind.
func (p *planner) fuel(n int) bool {
	for _, f := range []string{"coal", "charcoal", "coal_block"} {
		saved := maps.Clone(p.left)
		if p.get(f, n) {
			return true
		}
		p.left = saved
	}
	for _, f := range slices.Sorted(maps.Keys(p.left)) {
		if _, ok := mcdata.FuelSeconds(f); ok && p.left[f] >= n {
			p.left[f] -= n
			return true
		}
	}
	return false
}

// hasTool reports whether a tool that digs the blocks dropping item is in
// a chest or can be made.
func (p *planner) hasTool(item string) bool {
	for _, name := range []string{"wooden_pickaxe", "stone_pickaxe", "iron_pickaxe", "golden_pickaxe", "diamond_pickaxe", "netherite_pickaxe"} {
		if p.sc.have[name] > 0 {
			return true
		}
	}
	return false
}

func (p *planner) fail(item string, n int) bool {
	if p.short == "" {
		p.short = fmt.Sprintf("no way to get %d %s from the scene's chests, farms and animals", n, item)
	}
	return false
}
