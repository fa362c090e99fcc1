package procgen

import "strconv"

// A dish that cooking tasks ask for, with MINDcraft's step-by-step recipe.
// The recipe texts follow MINDcraft's COOKING_ITEMS table
// (tasks/cooking_tasks in kolbytn/mindcraft) and the paper's examples
// (seed 002, section 9.2); where MINDcraft's text has slips (a repeated
// "Step 2", an unclosed parenthesis) we write what it meant.
type dish struct {
	Name  string
	Steps []string
	// Hard lists the hard-to-get items (not in the farm world): they come
	// from the agents' inventories or the chest.
	Hard []Stack
	// Farm lists raw ingredients gathered in the world (crops, animal
	// drops); a share of one may be handed out so every agent holds
	// something useful.
	Farm []Stack
}

// Stack is an item and a count.
type Stack struct {
	Item  string
	Count int
}

const (
	stepCoal    = "Get coal from your inventory or other agents."
	stepFurnace = "Put coal in the furnace."
)

// dishes by name. Train and test dishes follow the paper's item divide
// (seed 002, section 11.2).
var dishes = map[string]dish{
	"cooked_beef":     meat("cow", "beef", "beef"),
	"cooked_porkchop": meat("pig", "porkchop", "porkchop"),
	"cooked_chicken":  meat("chicken", "raw chicken", "chicken"),
	"cooked_rabbit":   meat("rabbit", "raw rabbit", "rabbit"),
	"cooked_mutton":   meat("sheep", "mutton", "mutton"),
	"beetroot_soup": {
		Name: "beetroot_soup",
		Steps: []string{
			"Go to the farm and collect 6 beetroot.",
			"From your inventory or other agents get a bowl.",
			"Go to the crafting table and combine the 6 beetroot and 1 bowl to make beetroot soup.",
		},
		Hard: []Stack{{"bowl", 1}},
		Farm: []Stack{{"beetroot", 6}},
	},
	"mushroom_stew": {
		Name: "mushroom_stew",
		Steps: []string{
			"Go to the farm and collect 1 red mushroom and 1 brown mushroom.",
			"From your inventory or other agents get a bowl.",
			"Go to the crafting table and combine both the mushrooms and bowl to make mushroom stew.",
		},
		Hard: []Stack{{"bowl", 1}},
		Farm: []Stack{{"brown_mushroom", 1}, {"red_mushroom", 1}},
	},
	"rabbit_stew": {
		Name: "rabbit_stew",
		Steps: []string{
			"Go to the farm and collect 1 carrot, 1 potato, and 1 brown mushroom (search for 'potatoes' (not 'potato')).",
			stepCoal,
			stepFurnace,
			"Go to the furnace and bake the potato.",
			"From your inventory or other agents get a bowl.",
			"Kill a rabbit and pick up 1 raw rabbit that is dropped.",
			"Go to the furnace and cook the raw rabbit.",
			"Go to the crafting table and combine the cooked rabbit, baked potato, carrot, brown mushroom, and bowl to make rabbit stew.",
		},
		Hard: []Stack{{"bowl", 1}, {"coal", 2}},
		Farm: []Stack{{"brown_mushroom", 1}, {"carrot", 1}, {"potato", 1}, {"rabbit", 1}},
	},
	"suspicious_stew": {
		Name: "suspicious_stew",
		Steps: []string{
			"Go to the farm and collect 1 red mushroom and 1 brown mushroom.",
			"From your inventory or other agents get a bowl and 1 dandelion.",
			"Go to the crafting table and combine the mushrooms, dandelion, and bowl to make suspicious stew.",
		},
		Hard: []Stack{{"bowl", 1}, {"dandelion", 1}},
		Farm: []Stack{{"brown_mushroom", 1}, {"red_mushroom", 1}},
	},
	"baked_potato": {
		Name: "baked_potato",
		Steps: []string{
			"Go to the farm and collect 1 potato (search for 'potatoes' (not 'potato')).",
			stepCoal,
			stepFurnace,
			"Go to the furnace and bake the potato.",
		},
		Hard: []Stack{{"coal", 1}},
		Farm: []Stack{{"potato", 1}},
	},
	"bread": {
		Name: "bread",
		Steps: []string{
			"Go to the farm and collect 3 wheat.",
			"Go to the crafting table and use the wheat to craft bread.",
		},
		Farm: []Stack{{"wheat", 3}},
	},
	"cake": {
		Name: "cake",
		Steps: []string{
			"Go to the farm and collect 3 wheat, 2 sugar cane.",
			"From your inventory or other agents get 3 milk buckets (already filled with milk).",
			"Get an egg from your inventory or other agents.",
			"Go to the crafting table and craft the sugarcane into sugar.",
			"Go to the crafting table and combine all ingredients (3 wheat, 2 sugar, 1 egg, and milk bucket) to make a cake.",
		},
		Hard: []Stack{{"egg", 1}, {"milk_bucket", 3}},
		Farm: []Stack{{"sugar_cane", 2}, {"wheat", 3}},
	},
	"cookie": {
		Name: "cookie",
		Steps: []string{
			"Go to the farm and collect 2 wheat.",
			"Get 1 cocoa bean from your inventory or other agents.",
			"Go to the crafting table and combine the wheat and cocoa bean to craft a cookie.",
		},
		Hard: []Stack{{"cocoa_beans", 1}},
		Farm: []Stack{{"wheat", 2}},
	},
	"pumpkin_pie": {
		Name: "pumpkin_pie",
		Steps: []string{
			"Go to the farm and collect 1 pumpkin and 1 sugar cane.",
			"Get 1 egg from your inventory or other agents.",
			"Go to the crafting table and craft the sugar cane into sugar.",
			"Go to the crafting table and combine the pumpkin, egg, and sugar to make a pumpkin pie.",
		},
		Hard: []Stack{{"egg", 1}},
		Farm: []Stack{{"pumpkin", 1}, {"sugar_cane", 1}},
	},
	"golden_apple": {
		Name: "golden_apple",
		Steps: []string{
			"Get 1 apple and 8 gold ingots from your inventory or other agents.",
			"Go to the crafting table and surround the apple with the gold ingots to create a golden apple.",
		},
		Hard: []Stack{{"apple", 1}, {"gold_ingot", 8}},
	},
	"golden_carrot": {
		Name: "golden_carrot",
		Steps: []string{
			"Go to the farm and collect 1 carrot.",
			"Get 1 gold ingot from your inventory or other agents.",
			"Go to the crafting table and convert the gold ingot into 9 gold nuggets.",
			"Go to the crafting table and surround the carrot with 8 gold nuggets to create a golden carrot.",
		},
		Hard: []Stack{{"gold_ingot", 1}},
		Farm: []Stack{{"carrot", 1}},
	},
}

// meat is a dish cooked from an animal drop in a furnace.
func meat(animal, drop, raw string) dish {
	return dish{
		Name: "cooked_" + raw,
		Steps: []string{
			"Kill a " + animal + " and pick up 1 " + drop + " that is dropped.",
			stepCoal,
			stepFurnace,
			"Go to the furnace and use it to cook the " + drop + ".",
		},
		Hard: []Stack{{"coal", 1}},
		Farm: []Stack{{raw, 1}},
	}
}

// Cooking dishes per split (seed 002, section 11.2). Cooking has no dev
// split: the paper's divide names train and test dishes only.
var (
	TrainDishes = []string{"beetroot_soup", "cooked_beef", "cooked_chicken", "cooked_porkchop", "cooked_rabbit",
		"cookie", "golden_apple", "pumpkin_pie", "rabbit_stew", "suspicious_stew"}
	TestDishes = []string{"baked_potato", "bread", "cake", "cooked_mutton", "golden_carrot", "mushroom_stew"}
)

// RecipeSteps returns the numbered recipe of a dish as MINDcraft writes
// it in a task's "recipes" ("Step 1: ..."), and false for an unknown dish.
func RecipeSteps(name string) ([]string, bool) {
	d, ok := dishes[name]
	if !ok {
		return nil, false
	}
	out := make([]string, len(d.Steps))
	for i, s := range d.Steps {
		out[i] = "Step " + strconv.Itoa(i+1) + ": " + s
	}
	return out, true
}
