package mcdata

import "strings"

// Source is where a base item comes from in a Minecraft world: the tree,
// ore, stone, ground block, crop, mob, gravel or sand that gives it. The
// world builds its sources from it and the experts plan gathering with
// it, so both know the game alike.
type Source struct {
	Tree   string // tree species
	Ore    string // ore block in a stone outcrop
	Stone  bool   // a stone outcrop
	Block  string // a plain block on the ground (pumpkin, melon, flowers)
	Crop   string // a crop plot
	Mob    string // animals
	Sand   bool   // sand by a pond (also clay, sugar cane)
	Gravel bool
}

// SourceOf is where item comes from; false for an item no source gives.
func SourceOf(item string) (Source, bool) {
	for _, wood := range []string{"oak", "birch", "spruce", "jungle", "acacia", "dark_oak", "mangrove", "cherry"} {
		if strings.HasPrefix(item, wood+"_") && (strings.HasSuffix(item, "_log") || strings.HasSuffix(item, "_planks") || strings.HasSuffix(item, "_wood") || strings.HasSuffix(item, "_sapling")) {
			return Source{Tree: wood}, true
		}
	}
	switch item {
	case "stick", "apple":
		return Source{Tree: "oak"}, true
	case "cobblestone", "stone", "cobbled_deepslate", "flint_and_steel":
		return Source{Stone: true}, true
	case "coal", "charcoal":
		return Source{Ore: "coal_ore"}, true
	case "raw_iron", "iron_ingot", "iron_nugget":
		return Source{Ore: "iron_ore"}, true
	case "raw_gold", "gold_ingot", "gold_nugget":
		return Source{Ore: "gold_ore"}, true
	case "raw_copper", "copper_ingot":
		return Source{Ore: "copper_ore"}, true
	case "diamond":
		return Source{Ore: "diamond_ore"}, true
	case "redstone":
		return Source{Ore: "redstone_ore"}, true
	case "lapis_lazuli":
		return Source{Ore: "lapis_ore"}, true
	case "emerald":
		return Source{Ore: "emerald_ore"}, true
	case "sand", "clay_ball", "sugar_cane", "glass":
		return Source{Sand: true}, true
	case "gravel", "flint":
		return Source{Gravel: true}, true
	case "pumpkin", "melon_slice", "dandelion", "poppy", "brown_mushroom", "red_mushroom", "cornflower", "oxeye_daisy", "azure_bluet", "allium", "blue_orchid", "lily_of_the_valley":
		block := item
		if item == "melon_slice" {
			block = "melon"
		}
		return Source{Block: block}, true
	case "wheat", "wheat_seeds":
		return Source{Crop: "wheat"}, true
	case "carrot":
		return Source{Crop: "carrots"}, true
	case "potato":
		return Source{Crop: "potatoes"}, true
	case "beetroot", "beetroot_seeds":
		return Source{Crop: "beetroots"}, true
	case "leather", "beef":
		return Source{Mob: "cow"}, true
	case "rabbit_hide", "rabbit":
		return Source{Mob: "rabbit"}, true
	case "feather", "chicken":
		return Source{Mob: "chicken"}, true
	case "white_wool", "mutton":
		return Source{Mob: "sheep"}, true
	case "porkchop":
		return Source{Mob: "pig"}, true
	case "string", "spider_eye":
		return Source{Mob: "spider"}, true
	case "bone", "bone_meal", "arrow":
		return Source{Mob: "skeleton"}, true
	}
	return Source{}, false
}
