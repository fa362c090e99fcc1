package mcdata

import (
	"slices"
	"sync"
)

// Smelting and fuel facts are not in minecraft-data, so they are kept here
// by hand. Source: the Minecraft Wiki pages "Smelting" (the furnace, blast
// furnace, smoker and campfire recipe tables) and "Fuel" (burn times in game
// ticks, 20 ticks = 1 s), Java Edition 1.20. Cooking times come from the
// "Furnace", "Smoker", "Blast Furnace" and "Campfire" pages.

// Smelting is one cooking recipe: one Input becomes one Output in any of the
// Stations ("furnace", "blast_furnace", "smoker", "campfire"; a
// soul_campfire cooks like a campfire).
type Smelting struct {
	Input, Output string
	Stations      []string
}

// Station groups: every smelting recipe works in a furnace; ores and metal
// gear also in a blast furnace; food also in a smoker and on a campfire.
var (
	furnaceOnly = []string{"furnace"}
	oreStations = []string{"furnace", "blast_furnace"}
	foodStation = []string{"furnace", "smoker", "campfire"}
)

// SmeltSeconds is how long one item takes at a station: 10 s in a furnace,
// 5 s in a smoker or blast furnace, 30 s on a campfire; 0 if station is
// not one of them.
func SmeltSeconds(station string) float64 {
	switch station {
	case "furnace":
		return 10
	case "smoker", "blast_furnace":
		return 5
	case "campfire", "soul_campfire":
		return 30
	}
	return 0
}

// Wood families whose logs burn and smelt into charcoal (crimson and warped
// stems do not burn).
var burningWoods = []string{"oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "cherry"}

var dyeColors = []string{"white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
	"light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black"}

var smeltTable = sync.OnceValue(func() map[string]Smelting {
	t := map[string]Smelting{}
	add := func(stations []string, output string, inputs ...string) {
		for _, in := range inputs {
			t[in] = Smelting{Input: in, Output: output, Stations: stations}
		}
	}
	// Ores and raw metals.
	add(oreStations, "iron_ingot", "iron_ore", "deepslate_iron_ore", "raw_iron")
	add(oreStations, "gold_ingot", "gold_ore", "deepslate_gold_ore", "nether_gold_ore", "raw_gold")
	add(oreStations, "copper_ingot", "copper_ore", "deepslate_copper_ore", "raw_copper")
	add(oreStations, "coal", "coal_ore", "deepslate_coal_ore")
	add(oreStations, "diamond", "diamond_ore", "deepslate_diamond_ore")
	add(oreStations, "emerald", "emerald_ore", "deepslate_emerald_ore")
	add(oreStations, "lapis_lazuli", "lapis_ore", "deepslate_lapis_ore")
	add(oreStations, "redstone", "redstone_ore", "deepslate_redstone_ore")
	add(oreStations, "quartz", "nether_quartz_ore")
	add(oreStations, "netherite_scrap", "ancient_debris")
	// Iron and gold gear melts down to nuggets.
	for _, kind := range []string{"pickaxe", "shovel", "axe", "hoe", "sword", "helmet", "chestplate", "leggings", "boots"} {
		add(oreStations, "iron_nugget", "iron_"+kind)
		add(oreStations, "gold_nugget", "golden_"+kind)
	}
	for _, kind := range []string{"helmet", "chestplate", "leggings", "boots"} {
		add(oreStations, "iron_nugget", "chainmail_"+kind)
	}
	add(oreStations, "iron_nugget", "iron_horse_armor")
	add(oreStations, "gold_nugget", "golden_horse_armor")

	// Food.
	add(foodStation, "cooked_beef", "beef")
	add(foodStation, "cooked_porkchop", "porkchop")
	add(foodStation, "cooked_chicken", "chicken")
	add(foodStation, "cooked_mutton", "mutton")
	add(foodStation, "cooked_rabbit", "rabbit")
	add(foodStation, "cooked_cod", "cod")
	add(foodStation, "cooked_salmon", "salmon")
	add(foodStation, "baked_potato", "potato")
	add(foodStation, "dried_kelp", "kelp")

	// Everything else cooks in a furnace only.
	add(furnaceOnly, "glass", "sand", "red_sand")
	add(furnaceOnly, "stone", "cobblestone")
	add(furnaceOnly, "smooth_stone", "stone")
	add(furnaceOnly, "cracked_stone_bricks", "stone_bricks")
	add(furnaceOnly, "smooth_sandstone", "sandstone")
	add(furnaceOnly, "smooth_red_sandstone", "red_sandstone")
	add(furnaceOnly, "smooth_quartz", "quartz_block")
	add(furnaceOnly, "smooth_basalt", "basalt")
	add(furnaceOnly, "deepslate", "cobbled_deepslate")
	add(furnaceOnly, "cracked_deepslate_bricks", "deepslate_bricks")
	add(furnaceOnly, "cracked_deepslate_tiles", "deepslate_tiles")
	add(furnaceOnly, "cracked_polished_blackstone_bricks", "polished_blackstone_bricks")
	add(furnaceOnly, "cracked_nether_bricks", "nether_bricks")
	add(furnaceOnly, "brick", "clay_ball")
	add(furnaceOnly, "terracotta", "clay")
	add(furnaceOnly, "nether_brick", "netherrack")
	add(furnaceOnly, "green_dye", "cactus")
	add(furnaceOnly, "lime_dye", "sea_pickle")
	add(furnaceOnly, "sponge", "wet_sponge")
	add(furnaceOnly, "popped_chorus_fruit", "chorus_fruit")
	for _, c := range dyeColors {
		add(furnaceOnly, c+"_glazed_terracotta", c+"_terracotta")
	}
	for _, w := range burningWoods {
		log, wood := w+"_log", w+"_wood"
		add(furnaceOnly, "charcoal", log, wood, "stripped_"+log, "stripped_"+wood)
	}
	return t
})

// Smelt returns how input is cooked or smelted, if it can be.
func Smelt(input string) (Smelting, bool) {
	s, ok := smeltTable()[input]
	s.Stations = slices.Clone(s.Stations)
	return s, ok
}

// SmeltInputs returns every input that smelts into output, sorted (nil
// for none); the caller may keep or change the slice.
func SmeltInputs(output string) []string {
	return slices.Clone(smeltInputs()[output])
}

// smeltInputs is the smelting table by output: the inputs of each, sorted.
// (The scripted cooks ask it of every dish at every call: the table's 124
// entries read each time were 3.5% of a cooking trial's CPU.)
var smeltInputs = sync.OnceValue(func() map[string][]string {
	by := map[string][]string{}
	for in, s := range smeltTable() {
		by[s.Output] = append(by[s.Output], in)
	}
	for _, ins := range by {
		slices.Sort(ins)
	}
	return by
})

// fuelTicks holds burn times in game ticks, as the wiki's "Fuel" page lists
// them (200 ticks smelt one item).
var fuelTicks = sync.OnceValue(func() map[string]int {
	t := map[string]int{
		"lava_bucket":           20000,
		"coal_block":            16000,
		"dried_kelp_block":      4001,
		"blaze_rod":             2400,
		"coal":                  1600,
		"charcoal":              1600,
		"bamboo_block":          300,
		"stripped_bamboo_block": 300,
		"bamboo_mosaic":         300,
		"bamboo_mosaic_stairs":  300,
		"bamboo_mosaic_slab":    150,
		// Wooden blocks and utility blocks made of wood.
		"crafting_table": 300, "cartography_table": 300, "fletching_table": 300, "smithing_table": 300,
		"loom": 300, "bookshelf": 300, "chiseled_bookshelf": 300, "lectern": 300, "composter": 300,
		"chest": 300, "trapped_chest": 300, "barrel": 300, "note_block": 300, "jukebox": 300,
		"daylight_detector": 300, "ladder": 300, "bow": 300, "crossbow": 300, "fishing_rod": 300,
		"mangrove_roots": 300,
		// Small wooden things.
		"wooden_pickaxe": 200, "wooden_shovel": 200, "wooden_axe": 200, "wooden_hoe": 200, "wooden_sword": 200,
		"bowl": 100, "stick": 100, "azalea": 100, "flowering_azalea": 100,
		"scaffolding": 50, "bamboo": 50,
	}
	for _, w := range append(slices.Clone(burningWoods), "bamboo") {
		planks := w + "_planks"
		t[planks] = 300
		t[w+"_stairs"] = 300
		t[w+"_fence"] = 300
		t[w+"_fence_gate"] = 300
		t[w+"_pressure_plate"] = 300
		t[w+"_trapdoor"] = 300
		t[w+"_slab"] = 150
		t[w+"_door"] = 200
		t[w+"_sign"] = 200
		t[w+"_hanging_sign"] = 800
		t[w+"_button"] = 100
		if w == "bamboo" {
			t["bamboo_raft"] = 1200
			t["bamboo_chest_raft"] = 1200
			continue
		}
		t[w+"_log"] = 300
		t[w+"_wood"] = 300
		t["stripped_"+w+"_log"] = 300
		t["stripped_"+w+"_wood"] = 300
		t[w+"_boat"] = 1200
		t[w+"_chest_boat"] = 1200
	}
	// Mangroves have a propagule, not a sapling.
	for _, w := range []string{"oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "cherry"} {
		t[w+"_sapling"] = 100
	}
	t["mangrove_propagule"] = 100
	for _, c := range dyeColors {
		t[c+"_wool"] = 100
		t[c+"_carpet"] = 67
		t[c+"_banner"] = 300
	}
	return t
})

// FuelSeconds returns how long item burns in a furnace, in seconds (coal 80,
// planks 15, stick 5, lava_bucket 1000, ...), if it is a fuel. One item
// smelts in 10 seconds.
func FuelSeconds(item string) (float64, bool) {
	ticks, ok := fuelTicks()[item]
	return float64(ticks) / 20, ok
}

// Fuels returns every fuel item, sorted.
func Fuels() []string {
	var out []string
	for k := range fuelTicks() {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
