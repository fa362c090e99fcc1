package procgen

import (
	"slices"
	"strings"
	"sync"

	"collabcraft/mcdata"
)

// Source is where an item can be gathered in the world: the block to mine
// or collect, and the cheapest tool that makes it drop what is needed ("" =
// by hand). When Smelt is set, the block drops Smelt, which a furnace turns
// into the item (iron_ore -> raw_iron -> iron_ingot).
type Source struct {
	Block string
	Tool  string
	Smelt string
}

// smeltedResources are base items a crafting task may withhold that come
// from smelting a gathered item, as MINDcraft withholds iron_ingot and gives
// a pickaxe and a furnace.
var smeltedResources = map[string]string{
	"iron_ingot":   "raw_iron",
	"gold_ingot":   "raw_gold",
	"copper_ingot": "raw_copper",
	"stone":        "cobblestone",
	"glass":        "sand",
}

// GatherSource returns where a missing item of a crafting task is
// gathered. Only natural resources qualify (ores, sand, flowers, crops
// ...), never logs: withholding wood would make a task about finding trees.
// Natural blocks are preferred: ores first, then the block of the same
// name.
func GatherSource(item string) (Source, bool) {
	if in, ok := smeltedResources[item]; ok {
		src, ok := GatherSource(in)
		src.Smelt = in
		return src, ok
	}
	if !naturalResources[item] {
		return Source{}, false
	}
	s, ok := gatherSources()[item]
	return s, ok
}

// naturalResources are the base items a crafting world can offer as blocks
// to mine or collect (MINDcraft withholds such items: redstone, iron via
// its ore, cobblestone, ...).
var naturalResources = map[string]bool{
	"cobblestone": true, "coal": true, "raw_iron": true, "raw_copper": true, "raw_gold": true,
	"redstone": true, "diamond": true, "emerald": true, "lapis_lazuli": true,
	"obsidian": true, "amethyst_shard": true, "calcite": true, "tuff": true, "pointed_dripstone": true,
	"sand": true, "red_sand": true, "gravel": true, "dirt": true, "clay_ball": true, "snowball": true,
	"sugar_cane": true, "bamboo": true, "cactus": true, "pumpkin": true, "melon_slice": true,
	"kelp": true, "moss_block": true, "brown_mushroom": true, "red_mushroom": true, "wheat_seeds": true,
	"cocoa_beans": true, "string": true,
	"dandelion": true, "poppy": true, "blue_orchid": true, "allium": true, "azure_bluet": true,
	"red_tulip": true, "orange_tulip": true, "white_tulip": true, "pink_tulip": true,
	"oxeye_daisy": true, "cornflower": true, "lily_of_the_valley": true, "sunflower": true,
	"lilac": true, "rose_bush": true, "peony": true,
}

var gatherSources = sync.OnceValue(func() map[string]Source {
	type cand struct {
		src  Source
		rank [3]int
	}
	best := map[string]cand{}
	for _, name := range mcdata.Blocks() {
		if placedOnly(name) {
			continue
		}
		b, err := mcdata.LookupBlock(name)
		if err != nil || b.Hardness < 0 {
			continue
		}
		tool := ""
		if b.RequiresTool {
			tool = cheapestTool(b.HarvestTools)
			if tool == "" {
				continue
			}
		}
		for _, item := range b.Drops {
			if !mcdata.IsBaseItem(item) || isLog(item) {
				continue
			}
			r := [3]int{2, toolRank(tool), 0}
			switch {
			case strings.HasSuffix(name, "_ore") && !strings.HasPrefix(name, "deepslate_"):
				r[0] = 0
			case name == item:
				r[0] = 1
			}
			c := cand{Source{Block: name, Tool: tool}, r}
			if old, ok := best[item]; !ok || less(c.rank, old.rank) || c.rank == old.rank && name < old.src.Block {
				best[item] = c
			}
		}
	}
	out := make(map[string]Source, len(best))
	for item, c := range best {
		out[item] = c.src
	}
	return out
})

func less(a, b [3]int) bool { return slices.Compare(a[:], b[:]) < 0 }

// placedOnly lists blocks that exist only where a player put them (wire,
// pots, crop stems...), which a world would not offer as a resource.
func placedOnly(block string) bool {
	switch block {
	case "redstone_wire", "tripwire", "fire", "soul_fire", "cake", "frosted_ice":
		return true
	}
	for _, p := range []string{"potted_", "infested_", "attached_", "candle_cake", "waxed_"} {
		if strings.HasPrefix(block, p) || strings.HasSuffix(block, p) {
			return true
		}
	}
	return strings.HasSuffix(block, "_stem") || strings.HasSuffix(block, "_cake") || isLog(block)
}

// isLog reports logs, stems, wood and hyphae of every tree type.
func isLog(name string) bool {
	for _, s := range []string{"_log", "_wood", "_stem", "_hyphae"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// toolTiers orders tool materials from cheapest.
var toolTiers = []string{"wooden_", "stone_", "iron_", "diamond_", "netherite_", "golden_"}

func toolRank(tool string) int {
	switch tool {
	case "":
		return -1
	case "shears":
		// Last: shears keep the block itself in the real game (a cobweb
		// drops a cobweb, not string), so only use them when nothing else
		// harvests the block.
		return len(toolTiers)
	}
	for i, p := range toolTiers {
		if strings.HasPrefix(tool, p) {
			return i
		}
	}
	return 0
}

func cheapestTool(tools []string) string {
	best := ""
	for _, t := range slices.Sorted(slices.Values(tools)) {
		if best == "" || toolRank(t) < toolRank(best) {
			best = t
		}
	}
	return best
}
