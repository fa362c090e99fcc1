package mcdata

// Special recipes are crafted in the game by code (minecraft:crafting_special_*)
// rather than by a recipe file, so minecraft-data leaves them out. The ones
// tasks need are written here by hand from the game's rules.
//
// Suspicious stew (a MineCollab cooking dish) is a shapeless 2x2 craft of a
// red mushroom, a brown mushroom, a bowl and any small flower (the
// minecraft:small_flowers tag of 1.21.1; the flower only picks the stew's
// effect). Dandelion comes first because MINDcraft's recipe steps name it,
// and the planner takes the first recipe on ties. Without this table the
// dish could be neither planned nor crafted; MINDcraft, on minecraft-data
// alone, calls it a base item.
var smallFlowers = []string{
	"dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "red_tulip", "orange_tulip",
	"white_tulip", "pink_tulip", "oxeye_daisy", "cornflower", "lily_of_the_valley", "wither_rose", "torchflower",
}

// specialRecipes returns the hand-written recipes in the file layout, so
// they are decoded and checked like the rest.
func specialRecipes() []rawRecipe {
	var out []rawRecipe
	for _, f := range smallFlowers {
		out = append(out, rawRecipe{
			Result: "suspicious_stew", Count: 1,
			Ingredients: [][2]any{{"red_mushroom", 1.0}, {"brown_mushroom", 1.0}, {"bowl", 1.0}, {f, 1.0}},
			special:     true,
		})
	}
	return out
}
