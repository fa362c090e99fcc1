package command

import "math"

var (
	inf        = math.Inf(1)
	positive   = &Domain{1, MaxSafe}
	nonNeg     = &Domain{0, inf}
	anyCoord   = &Domain{math.Inf(-1), inf}
	searchDist = &Domain{32, 512}
	levelNum   = &Domain{0, MaxSafe}
)

func p(name string, t Type, desc string, d *Domain) Param {
	return Param{Name: name, Type: t, Desc: desc, Domain: d}
}

func spec(name string, kind Kind, desc string, params ...Param) Spec {
	return Spec{Name: name, Desc: desc, Kind: kind, Params: params, HasParams: len(params) > 0}
}

// emptyParams marks a command declared with `params: {}`.
func emptyParams(s Spec) Spec { s.HasParams = true; return s }

func unblockable(s Spec) Spec { s.Unblockable = true; return s }

// blueprintSpecs are the construction queries, listed after !savedPlaces.
var blueprintSpecs = []Spec{
	spec("!checkBlueprintLevel", Query, "Check if the level is complete and what blocks still need to be placed for the blueprint",
		p("levelNum", Int, "The level number to check.", levelNum)),
	spec("!checkBlueprint", Query, "Check what blocks still need to be placed for the blueprint"),
	spec("!getBlueprint", Query, "Get the blueprint for the building"),
	spec("!getBlueprintLevel", Query, "Get the blueprint for the building",
		p("levelNum", Int, "The level number to check.", levelNum)),
}

// All returns MINDcraft's full command table in docs order: queries, then
// actions. The slice is freshly allocated; callers may keep it.
func All() []Spec {
	var s []Spec
	s = append(s,
		unblockable(spec("!stats", Query, "Get your bot's location, health, hunger, and time of day.")),
		unblockable(spec("!inventory", Query, "Get your bot's inventory.")),
		spec("!nearbyBlocks", Query, "Get the blocks near the bot."),
		spec("!craftable", Query, "Get the craftable items with the bot's inventory."),
		spec("!entities", Query, "Get the nearby players and entities."),
		spec("!modes", Plain, "Get all available modes and their docs and see which are on/off."),
		spec("!savedPlaces", Plain, "List all saved locations."),
	)
	s = append(s, blueprintSpecs...)
	s = append(s,
		spec("!getCraftingPlan", Query, "Provides a comprehensive crafting plan for a specified item. This includes a breakdown of required ingredients, the exact quantities needed, and an analysis of missing ingredients or extra items needed based on the bot's current inventory.",
			p("targetItem", String, "The item that we are trying to craft", nil),
			p("quantity", Int, "The quantity of the item that we are trying to craft", &Domain{1, inf})),
		spec("!searchWiki", Plain, "Search the Minecraft Wiki for the given query.",
			p("query", String, "The query to search for.", nil)),
		spec("!help", Plain, "Lists all available commands and their descriptions."),
		// Actions.
		spec("!newAction", Plain, "Perform new and unknown custom behaviors that are not available as a command.",
			p("prompt", String, "A natural language prompt to guide code generation. Make a detailed step-by-step plan.", nil)),
		unblockable(spec("!stop", Plain, "Force stop all actions and commands that are currently executing.")),
		spec("!stfu", Plain, "Stop all chatting and self prompting, but continue current action."),
		spec("!restart", Plain, "Restart the agent process."),
		spec("!clearChat", Plain, "Clear the chat history."),
		spec("!goToPlayer", Action, "Go to the given player.",
			p("player_name", String, "The name of the player to go to.", nil),
			p("closeness", Float, "How close to get to the player.", nonNeg)),
		spec("!followPlayer", Action, "Endlessly follow the given player.",
			p("player_name", String, "name of the player to follow.", nil),
			p("follow_dist", Float, "The distance to follow from.", nonNeg)),
		spec("!goToCoordinates", Action, "Go to the given x, y, z location.",
			p("x", Float, "The x coordinate.", anyCoord),
			p("y", Float, "The y coordinate.", &Domain{-64, 320}),
			p("z", Float, "The z coordinate.", anyCoord),
			p("closeness", Float, "How close to get to the location.", nonNeg)),
		spec("!searchForBlock", Action, "Find and go to the nearest block of a given type in a given range.",
			p("type", BlockName, "The block type to go to.", nil),
			p("search_range", Float, "The range to search for the block.", searchDist)),
		spec("!searchForEntity", Action, "Find and go to the nearest entity of a given type in a given range.",
			p("type", String, "The type of entity to go to.", nil),
			p("search_range", Float, "The range to search for the entity.", searchDist)),
		spec("!moveAway", Action, "Move away from the current location in any direction by a given distance.",
			p("distance", Float, "The distance to move away.", nonNeg)),
		spec("!rememberHere", Plain, "Save the current location with a given name.",
			p("name", String, "The name to remember the location as.", nil)),
		spec("!goToRememberedPlace", Action, "Go to a saved location.",
			p("name", String, "The name of the location to go to.", nil)),
		spec("!givePlayer", Action, "Give the specified item to the given player.",
			p("player_name", String, "The name of the player to give the item to.", nil),
			p("item_name", ItemName, "The name of the item to give.", nil),
			p("num", Int, "The number of items to give.", positive)),
		spec("!consume", Action, "Eat/drink the given item.",
			p("item_name", ItemName, "The name of the item to consume.", nil)),
		spec("!equip", Action, "Equip the given item.",
			p("item_name", ItemName, "The name of the item to equip.", nil)),
		spec("!putInChest", Action, "Put the given item in the nearest chest.",
			p("item_name", ItemName, "The name of the item to put in the chest.", nil),
			p("num", Int, "The number of items to put in the chest.", positive)),
		spec("!takeFromChest", Action, "Take the given items from the nearest chest.",
			p("item_name", ItemName, "The name of the item to take.", nil),
			p("num", Int, "The number of items to take.", positive)),
		emptyParams(spec("!viewChest", Action, "View the items/counts of the nearest chest.")),
		spec("!discard", Action, "Discard the given item from the inventory.",
			p("item_name", ItemName, "The name of the item to discard.", nil),
			p("num", Int, "The number of items to discard.", positive)),
		spec("!collectBlocks", Action, "Collect the nearest blocks of a given type.",
			p("type", BlockName, "The block type to collect.", nil),
			p("num", Int, "The number of blocks to collect.", positive)),
		spec("!craftRecipe", Action, "Craft the given recipe a given number of times.",
			p("recipe_name", ItemName, "The name of the output item to craft.", nil),
			p("num", Int, "The number of times to craft the recipe. This is NOT the number of output items, as it may craft many more items depending on the recipe.", positive)),
		spec("!smeltItem", Action, "Smelt the given item the given number of times.",
			p("item_name", ItemName, "The name of the input item to smelt.", nil),
			p("num", Int, "The number of times to smelt the item.", positive)),
		emptyParams(spec("!clearFurnace", Action, "Take all items out of the nearest furnace.")),
		spec("!placeHere", Action, "Place a given block in the current location. Do NOT use to build structures, only use for single blocks/torches.",
			p("type", BlockName, "The block type to place.", nil)),
		spec("!attack", Action, "Attack and kill the nearest entity of a given type.",
			p("type", String, "The type of entity to attack.", nil)),
		spec("!attackPlayer", Action, "Attack a specific player until they die or run away. Remember this is just a game and does not cause real life harm.",
			p("player_name", String, "The name of the player to attack.", nil)),
		spec("!goToBed", Action, "Go to the nearest bed and sleep."),
		spec("!activate", Action, "Activate the nearest object of a given type.",
			p("type", String, "The type of object to activate.", nil)),
		spec("!stay", Action, "Stay in the current location no matter what. Pauses all modes.",
			p("type", Int, "The number of seconds to stay. -1 for forever.", &Domain{-1, MaxSafe})),
		spec("!setMode", Plain, "Set a mode to on or off. A mode is an automatic behavior that constantly checks and responds to the environment.",
			p("mode_name", String, "The name of the mode to enable.", nil),
			p("on", Bool, "Whether to enable or disable the mode.", nil)),
		unblockable(spec("!goal", Plain, "Set a goal prompt to endlessly work towards with continuous self-prompting.",
			p("selfPrompt", String, "The goal prompt.", nil))),
		// The trailing space is MINDcraft's.
		spec("!endGoal", Plain, "Call when you have accomplished your goal. It will stop self-prompting and the current action. "),
		spec("!startConversation", Plain, "Start a conversation with a player. Use for bots only.",
			p("player_name", String, "The name of the player to send the message to.", nil),
			p("message", String, "The message to send.", nil)),
		spec("!endConversation", Plain, "End the conversation with the given player.",
			p("player_name", String, "The name of the player to end the conversation with.", nil)),
		spec("!lookAtPlayer", Plain, "Look at a player or look in the same direction as the player.",
			p("player_name", String, "Name of the target player", nil),
			p("direction", String, `How to look ("at": look at the player, "with": look in the same direction as the player)`, nil)),
		spec("!lookAtPosition", Plain, "Look at specified coordinates.",
			p("x", Int, "x coordinate", nil),
			p("y", Int, "y coordinate", nil),
			p("z", Int, "z coordinate", nil)),
		spec("!digDown", Action, "Digs down a specified distance. Will stop if it reaches lava, water, or a fall of >=4 blocks below the bot.",
			p("distance", Int, "Distance to dig down", nil)),
	)
	return s
}

// FarmSpecs are the commands VillagerBench's farm-to-table needs that
// MINDcraft 0012750 lacks: its later !useOn (src/agent/commands/actions.js,
// skills.useToolOn), with which a bucket milks a cow. Only the tables of
// the kinds that ask for them hold them (NewTableWith), after the actions,
// where the later MINDcraft lists it; MineCollab's tables are unchanged.
func FarmSpecs() []Spec {
	return []Spec{spec("!useOn", Action, "Use (right click) the given tool on the nearest target of the given type.",
		p("tool_name", String, `Name of the tool to use, or "hand" for no tool.`, nil),
		p("target", String, `The target as an entity type, block type, or "nothing" for no target.`, nil))}
}

// DefaultBlocked is MINDcraft's settings.blocked_actions default: the
// blueprint queries, which construction tasks turn back on.
var DefaultBlocked = []string{"!checkBlueprint", "!checkBlueprintLevel", "!getBlueprint", "!getBlueprintLevel"}
