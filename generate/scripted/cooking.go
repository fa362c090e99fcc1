package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// Cooking: the agent the goal says receives the food, or the one the
// team agrees on (agree.go), is the cook; the others (kitchen hands) give
// it every item they hold, pass on recipes it lacks and make a farm dish
// of their own. In Hell's Kitchen each agent first sends its partner the
// partner's recipe, then cooks its own dish, asking the partner for items
// it lacks. Farm ingredients are gathered (crops with !collectBlocks,
// animals with !attack), hard ones taken from the chest or asked for,
// food cooked in the furnace and dishes crafted at the crafting table.
// This file is the kitchen the cooking roles share: what dishes take and
// the next step towards them.

// cookingGoal reads a cooking goal: the meal (in Hell's Kitchen, the
// agent's own dish).
func cookingGoal(c *know.Context) taskGoal {
	var ds []mcdata.Ingredient
	for _, d := range procgen.ParseMeal(c.Goal()) {
		ds = append(ds, mcdata.Ingredient{Item: d.Item, Count: d.Count})
	}
	return taskGoal{Dishes: ds}
}

// cookingRoles are the roles of a cooking agent: in Hell's Kitchen, the
// cook of its own dish; else, until the team agrees who cooks (unless the
// goal says), a negotiator; then the cook or a kitchen hand.
func cookingRoles(k *call) []Role {
	if hellsKitchen(k.c) {
		return []Role{&hkCook{k: k}}
	}
	ask := &recipesAsk{lacking: lackingRecipes(k)}
	var roles []Role
	if !goalNamesCollector(k.c) {
		roles = append(roles, &negotiator{k: k, g: k.g, offer: ask.about})
	}
	if k.g.isLeader() {
		return append(roles, &cook{k: k, ask: ask})
	}
	return append(roles, &kitchenHand{k: k, ask: ask})
}

// recipesAsk is what a cook or kitchen hand says of the recipes its goal
// leaves out: the ask its offer and its role's message carry. Its words
// are drawn first at every call, whatever the call says.
type recipesAsk struct {
	lacking []string
	text    string
	drawn   bool
}

// draw says the ask once per call (nothing when no recipe is lacking).
func (a *recipesAsk) draw(v *voice) {
	if !a.drawn && len(a.lacking) > 0 {
		a.text = askRecipes(v, a.lacking)
	}
	a.drawn = true
}

// about is the offer's words on the recipes.
func (a *recipesAsk) about(v *voice) string {
	a.draw(v)
	if len(a.lacking) > 0 {
		return ". " + a.text
	}
	return "."
}

// lackingRecipes are the dishes of the goal whose recipe the agent does
// not know.
func lackingRecipes(k *call) []string {
	var out []string
	for _, d := range k.goal.Dishes {
		if !knowsRecipe(k.c, d.Item) {
			out = append(out, d.Item)
		}
	}
	return out
}

// cropBlocks are the farm blocks that drop each crop item.
var cropBlocks = map[string]string{
	"wheat": "wheat", "carrot": "carrots", "potato": "potatoes", "beetroot": "beetroots",
	"pumpkin": "pumpkin", "sugar_cane": "sugar_cane", "brown_mushroom": "brown_mushroom", "red_mushroom": "red_mushroom",
}

// animalDrops are the farm animals that drop each raw meat.
var animalDrops = map[string]string{
	"beef": "cow", "porkchop": "pig", "chicken": "chicken", "rabbit": "rabbit", "mutton": "sheep",
}

// hardItems come from inventories or the chest, never crafted here (a
// bowl from planks would send the cook chopping trees).
var hardItems = map[string]bool{
	"bowl": true, "milk_bucket": true, "egg": true, "apple": true, "cocoa_beans": true,
	"dandelion": true, "coal": true, "gold_ingot": true, "bucket": true,
}

// cooked maps a cooked food to what goes into the furnace.
var cooked = map[string]string{
	"cooked_beef": "beef", "cooked_porkchop": "porkchop", "cooked_chicken": "chicken",
	"cooked_rabbit": "rabbit", "cooked_mutton": "mutton", "baked_potato": "potato",
}

func hellsKitchen(c *know.Context) bool {
	_, _, ok := procgen.ParseHellsKitchenGoal(c.Goal())
	return ok
}

// recipesIn returns the "Recipe for X:" blocks of a text.
func recipesIn(text string) map[string]string {
	out := map[string]string{}
	for _, r := range procgen.RecipesIn(text) {
		out[r.Dish] = r.Steps
	}
	return out
}

// knowsRecipe reports whether the agent has the recipe for dish: in its
// goal, from a teammate, or noted in memory.
func knowsRecipe(c *know.Context, dish string) bool {
	// A memory that lists known recipes counts a dish it names anywhere.
	return recipeInContext(c, dish) || len(c.Notes().RecipesKnown) > 0 && know.Mentions(c.Memory(), dish) || lookedUp(c, dish)
}

// lookedUp reports whether the agent asked the game for dish's crafting
// plan and read the answer.
func lookedUp(c *know.Context, dish string) bool {
	if baseOnly(c, dish) {
		return craftShown(c, dish)
	}
	for _, a := range c.Acts() {
		if a.Name == "!getCraftingPlan" && a.Arg(0) == dish && a.Output != "" {
			return true
		}
	}
	// The answer may be in the window while the command that asked was
	// folded into memory: the plan names the dish it is for.
	for _, o := range c.System() {
		if mcdata.PlanIsFor(o, dish) {
			return true
		}
	}
	return false
}

// recipeInContext reports whether the dish's recipe itself is in the
// call's context: in the goal, a message, the memory's recipe note, or a
// lookup in the window. A memory that only lists the dish as known
// (its note did not fit) is not enough to act on what the dish takes.
func recipeInContext(c *know.Context, dish string) bool {
	if _, ok := recipesIn(goalRecipes(c))[dish]; ok {
		return true
	}
	if slices.ContainsFunc(c.Notes().RecipeNotes, func(r know.RecipeNote) bool { return r.Dish == dish }) {
		return true
	}
	for _, m := range c.Messages() {
		if slices.Contains(m.RecipeFor, dish) {
			return true
		}
	}
	if baseOnly(c, dish) {
		return craftShown(c, dish)
	}
	for _, a := range c.Acts() {
		if a.Name == "!getCraftingPlan" && a.Arg(0) == dish && a.Output != "" {
			return true
		}
	}
	return false
}

// baseOnly reports whether the game's only answer in the window to a
// lookup of dish is that it is a base item, for a dish no furnace makes:
// that answer shows no recipe, so none is cooked from it. (A dish made
// in a furnace is its raw item smelted, as the profile's furnace and
// smoker suggest; the kitchen cooks it from that.)
func baseOnly(c *know.Context, dish string) bool {
	if len(mcdata.SmeltInputs(dish)) > 0 {
		return false
	}
	base := false
	for _, o := range c.System() {
		if mcdata.SaysBaseItem(o, dish) {
			base = true
		} else if mcdata.PlanIsFor(o, dish) {
			return false
		}
	}
	return base
}

// craftShown reports whether a try to craft dish showed what it takes
// (the game's "It requires: ..."), or made it.
func craftShown(c *know.Context, dish string) bool {
	for _, a := range c.Acts() {
		if a.Name != "!craftRecipe" || a.Arg(0) != dish {
			continue
		}
		if item, _, ok := texts.ParseCannotCraft(a.Output); ok && item == dish {
			return true
		}
		if item, _, ok := texts.ParseCrafted(a.Output); ok && item == dish {
			return true
		}
	}
	return false
}

// goalRecipes is the part of the goal that holds this agent's own
// recipes (in Hell's Kitchen the goal holds the partner's recipe, which
// is not this agent's).
func goalRecipes(c *know.Context) string {
	if hellsKitchen(c) {
		return ""
	}
	return c.Goal()
}

// sentRecipes reports whether the agent sent its recipes: saidRecipes,
// or its memory's note.
func sentRecipes(c *know.Context) bool { return saidRecipes(c) || c.Notes().SentRecipesTo != "" }

// saidRecipes reports whether the agent's words hold a recipe (or, as it
// always has, its memory keeps a recipe of its own).
func saidRecipes(c *know.Context) bool {
	return c.Said().Has(chat.Recipes) || len(c.Notes().RecipeNotes) > 0
}

// The kitchen's intents' facts: looking recipes up and waiting for them,
// the steps towards a dish, the chest, and recovering from a failure.
type (
	// waitForRecipes waits for a teammate to send Dishes' recipes.
	waitForRecipes struct{ Dishes []string }
	// lookUpRecipe asks the game for Dish's crafting plan.
	lookUpRecipe struct{ Dish string }
	// relookUp looks Dish's recipe up again: it left the window and the
	// memory.
	relookUp struct {
		Dish  string
		Again bool // the memory says it knew the recipe
	}
	// A step towards Dish: N of Item from the farm (Block), an animal
	// (Mob; Again: the last one dropped none), the furnace (Raw) or the
	// crafting table (Recipe).
	harvest struct {
		Dish, Item, Block string
		N                 int
	}
	hunt struct {
		Dish, Item, Mob string
		N               int
		Again           bool
	}
	cookRaw struct {
		Dish, Item, Raw string
		N               int
	}
	craftFood struct {
		Dish, Item string
		N          int
		Recipe     mcdata.Recipe
	}
	// awaitDish waits for the dishes helpers promised.
	awaitDish struct{}
	// seeRecipe tries to craft Dish, which the plan called a base item,
	// to see what it takes.
	seeRecipe struct{ Dish string }
	viewChest struct{}
	takeChest struct{ Item string }
	// lookAround looks at the blocks nearby (!nearbyBlocks) once every
	// teammate was asked for what is missing, after going to the kitchen
	// (Kitchen: the walk to its crafting table).
	lookAround struct{ Kitchen bool }
	// recovery goes to what the last command could not find, or clears
	// the furnace.
	recovery struct{ Kind recoveryKind }
)

type recoveryKind struct{ What, Mob string }

// lookUpRecipes asks the game for the first dish's plan whose recipe
// nobody sent (none when every one was looked up or the command is
// blocked).
func lookUpRecipes(c *know.Context, dishes []string) (Intent, bool) {
	if !c.Has("!getCraftingPlan") {
		return Intent{}, false
	}
	for _, d := range dishes {
		switch {
		case lookedUp(c, d):
		case baseOnly(c, d):
			// The plan called it a base item: a try at crafting it shows
			// what it takes.
			return do(seeRecipe{d}, "craftRecipe", d, 1), true
		default:
			return do(lookUpRecipe{d}, "getCraftingPlan", d, 1), true
		}
	}
	return Intent{}, false
}

// kitchen decides the steps towards dishes: k's context, pooled when
// teammates are sending their items (wait for them before asking).
type kitchen struct {
	k      *call
	pooled bool
}

// cookDishes takes the next step towards the meal.
func (kt kitchen) cookDishes(dishes []mcdata.Ingredient) Intent {
	c := kt.k.c
	if i, ok := recoverFrom(c); ok {
		return i
	}
	w := c.Inventory().Clone()
	missing := map[string]int{}
	for _, d := range dishes {
		if c.Count(d.Item) < d.Count && !recipeInContext(c, d.Item) && baseOnly(c, d.Item) {
			return do(seeRecipe{d.Item}, "craftRecipe", d.Item, 1)
		}
		if c.Count(d.Item) < d.Count && !recipeInContext(c, d.Item) && c.Has("!getCraftingPlan") {
			// The recipe left the window and its note did not fit in the
			// memory: look it up again rather than cook from nothing.
			return do(relookUp{d.Item, slices.Contains(c.Notes().RecipesKnown, d.Item)}, "getCraftingPlan", d.Item, 1)
		}
		if i, ok := obtain(c, d.Item, d.Item, d.Count, w, missing, 0); ok {
			return i
		}
	}
	if len(missing) == 0 {
		if _, left, _ := meal(kt.k); kt.k.g.isLeader() && len(left) > 0 {
			return do(awaitDish{}, "stay", 10)
		}
		return do(idle{10}, "stay", 10)
	}
	return kt.getMissing(missing)
}

// getMissing is the step towards what no dish can be made without and
// the farm does not give: ask teammates that may still send it, take it
// from the chest, or ask for it.
func (kt kitchen) getMissing(missing map[string]int) Intent {
	c := kt.k.c
	done := helpersDone(c)
	ready := !kt.pooled || done || waitedLong(c, false)
	if kt.pooled && !done {
		for _, o := range c.Others() {
			if !isDone(c, o) && !askedRecently(c, o, 12) {
				return tell(askForItems{o}, o)
			}
		}
	}
	// A chest only where the context shows one: the prompt says the
	// ingredients come from the farm and the agents (MINDcraft's kitchen
	// has none; a chest is collabcraft's extension).
	for _, item := range sortedKeys(missing) {
		if !chestInSight(c) || chestLacks(c, item) {
			continue
		}
		// Take only what a look into the chest showed.
		if listing, viewed := chestListing(c); !viewed {
			return do(viewChest{}, "viewChest")
		} else if listing[item] > 0 {
			return do(takeChest{item}, "takeFromChest", item, min(missing[item], listing[item]))
		}
	}
	if ready {
		for _, item := range sortedKeys(missing) {
			for _, o := range c.Others() {
				if !askedFor(c, o, item) {
					return tell(askFor{o, item, missing[item]}, o)
				}
			}
		}
		// Every teammate was asked: look around the kitchen (its
		// stations) once before waiting on.
		if !lookedAround(c) && c.Has("!nearbyBlocks") {
			if a, ok := c.LastAct(); !ok || a.Name != "!searchForBlock" || a.Arg(0) != "crafting_table" || c.Since(a.Turn) > 2 {
				return do(lookAround{Kitchen: true}, "searchForBlock", "crafting_table", 64)
			}
			return do(lookAround{}, "nearbyBlocks")
		}
	}
	return do(waitForItems{}, "stay", 5)
}

// chestInSight reports whether the context shows a chest: a look around
// listed one, or the agent looked into it before.
func chestInSight(c *know.Context) bool {
	for _, a := range c.Acts() {
		if a.Name == "!nearbyBlocks" && texts.ListsBlock(a.Output, "chest") {
			return true
		}
	}
	_, viewed := chestListing(c)
	return viewed
}

// lookedAround reports whether the agent looked at the blocks around it
// (in the window, or its memory says there is no chest).
func lookedAround(c *know.Context) bool {
	for _, a := range c.Acts() {
		if a.Name == "!nearbyBlocks" && a.Output != "" {
			return true
		}
	}
	return c.Notes().NoChest || c.Notes().ChestSeen
}

// meal is the goal's dishes, those still to make and those the agent
// holds.
func meal(k *call) (ds []mcdata.Ingredient, left, done []string) {
	ds = k.goal.Dishes
	for _, d := range ds {
		if k.c.Count(d.Item) < d.Count {
			left = append(left, d.Item)
		} else {
			done = append(done, d.Item)
		}
	}
	return ds, left, done
}

// chestListing is what the last look into the chest showed (its window
// output, or the memory's note); viewed is false when it never looked.
func chestListing(c *know.Context) (items map[string]int, viewed bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Name != "!viewChest" || a.Output == "" || texts.IsNoChestNearby(a.Output) {
			continue
		}
		return texts.ChestItems(a.Output), true
	}
	if n := c.Notes(); n.ChestSeen {
		out := map[string]int{}
		for item, k := range n.ChestHolds {
			out[item] = k
		}
		return out, true
	}
	return nil, false
}

// chestLacks reports whether the chest was found not to hold item, or a
// search found no chest at all (MINDcraft's kitchen has none; a chest is
// collabcraft's extension).
func chestLacks(c *know.Context, item string) bool {
	if noChest(c) || slices.Contains(c.Notes().ChestLacks, item) {
		return true
	}
	for _, a := range c.Acts() {
		if a.Name == "!takeFromChest" && len(a.Args) == 2 && a.Args[0] == item && texts.IsNotInChest(a.Output) {
			return true
		}
	}
	return false
}

// noChest reports whether a search for a chest or a look around found
// none.
func noChest(c *know.Context) bool {
	for _, a := range c.Acts() {
		if a.Name == "!searchForBlock" && a.Arg(0) == "chest" && texts.IsNotFound(a.Output, "chest") ||
			a.Name == "!nearbyBlocks" && a.Output != "" && !texts.ListsBlock(a.Output, "chest") {
			return true
		}
	}
	return c.Notes().NoChest
}

// recoverFrom reacts to the last command's failure: go to the station,
// chest or animal it could not find.
func recoverFrom(c *know.Context) (Intent, bool) {
	a, ok := c.LastAct()
	if !ok || c.Since(a.Turn) > 2 {
		return Intent{}, false
	}
	o := a.Output
	kind, noneToAttack := texts.ParseNoneToAttack(o)
	switch {
	case texts.IsNeedsTable(o):
		return do(recovery{recoveryKind{What: "crafting_table"}}, "searchForBlock", "crafting_table", 64), true
	case texts.IsNoFurnace(o):
		return do(recovery{recoveryKind{What: "furnace"}}, "searchForBlock", "furnace", 64), true
	case texts.IsNoChestNearby(o) && !noChest(c):
		return do(recovery{recoveryKind{What: "chest"}}, "searchForBlock", "chest", 64), true
	case noneToAttack && a.Name == "!attack":
		return do(recovery{recoveryKind{Mob: kind}}, "searchForEntity", kind, 64), true
	case texts.IsFurnaceBusy(o):
		return do(recovery{recoveryKind{What: "busy furnace"}}, "clearFurnace"), true
	}
	return Intent{}, false
}

// obtain finds the next step that gets k of item (for dish), using and
// reserving the working inventory w; items nobody can make here are
// added to missing.
func obtain(c *know.Context, dish, item string, k int, w map[string]int, missing map[string]int, depth int) (Intent, bool) {
	if have := w[item]; have >= k {
		w[item] -= k
		return Intent{}, false
	} else if have > 0 {
		k -= have
		w[item] = 0
	}
	if depth > 6 {
		missing[item] += k
		return Intent{}, false
	}
	if block, ok := cropBlocks[item]; ok {
		return do(harvest{dish, item, block, k}, "collectBlocks", block, k), true
	}
	if mob, ok := animalDrops[item]; ok {
		// Still short right after a kill: that animal dropped none (drops
		// are random). Go find another rather than swing at the same spot.
		if a, ok := c.LastAct(); ok && a.Name == "!attack" && a.Arg(0) == mob && killedAny(a.Output) {
			return do(hunt{dish, item, mob, k, true}, "searchForEntity", mob, 64), true
		}
		return do(hunt{dish, item, mob, k, false}, "attack", mob), true
	}
	if raw, ok := cooked[item]; ok {
		before := total(missing)
		if i, ok := obtain(c, dish, raw, k, w, missing, depth+1); ok {
			return i, true
		}
		if total(missing) > before {
			return Intent{}, false
		}
		return do(cookRaw{dish, item, raw, k}, "smeltItem", raw, k), true
	}
	if rec, ok := cookRecipe(item); ok && !hardItems[item] {
		times := (k + rec.Count - 1) / rec.Count
		before := total(missing)
		for _, in := range rec.Ingredients {
			if i, ok := obtain(c, dish, in.Item, in.Count*times, w, missing, depth+1); ok {
				return i, true
			}
		}
		if total(missing) > before {
			return Intent{}, false
		}
		return do(craftFood{dish, item, k, rec}, "craftRecipe", item, times), true
	}
	missing[item] += k
	return Intent{}, false
}

// needsHeld reports whether making item needs something only inventories
// or the chest hold.
func needsHeld(item string, depth int) bool {
	if depth > 6 {
		return true
	}
	if _, ok := cropBlocks[item]; ok {
		return false
	}
	if _, ok := animalDrops[item]; ok {
		return false
	}
	if raw, ok := cooked[item]; ok {
		return needsHeld(raw, depth+1)
	}
	if hardItems[item] {
		return true
	}
	rec, ok := cookRecipe(item)
	if !ok {
		return true
	}
	for _, in := range rec.Ingredients {
		if needsHeld(in.Item, depth+1) {
			return true
		}
	}
	return false
}

// cookRecipe picks the crafting recipe for a food or ingredient whose
// inputs this farm offers.
func cookRecipe(item string) (mcdata.Recipe, bool) {
	if item == "suspicious_stew" {
		return mcdata.Recipe{Result: item, Count: 1, Ingredients: []mcdata.Ingredient{
			{Item: "bowl", Count: 1}, {Item: "brown_mushroom", Count: 1}, {Item: "dandelion", Count: 1}, {Item: "red_mushroom", Count: 1},
		}}, true
	}
	for _, r := range mcdata.Recipes(item) {
		ok := true
		for _, in := range r.Ingredients {
			if in.Item == "honey_bottle" || strings.HasSuffix(in.Item, "_block") {
				ok = false
			}
		}
		if ok {
			return r, true
		}
	}
	return mcdata.Recipe{}, false
}

// recipeNote is what dish takes, for the memory ("" for a dish without
// a recipe).
func recipeNote(dish string) string {
	if raw, ok := cooked[dish]; ok {
		return "smelt 1 " + raw
	}
	r, ok := cookRecipe(dish)
	if !ok {
		return ""
	}
	var parts []string
	for _, in := range r.Ingredients {
		parts = append(parts, itoa(in.Count)+" "+in.Item)
	}
	return strings.Join(parts, ", ")
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func dishNames(ds []mcdata.Ingredient) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Item
	}
	return out
}

// killedAny reports whether an !attack's output says it killed its
// target.
func killedAny(output string) bool {
	_, ok := texts.ParseKilled(output)
	return ok
}

// recipeText renders the goal's recipes on one line for chat.
func recipeText(goal string) string {
	var parts []string
	for _, r := range procgen.RecipesIn(goal) {
		parts = append(parts, chat.Recipe(r.Dish, r.Steps))
	}
	return strings.ReplaceAll(strings.Join(parts, " "), `"`, "'")
}

// askRecipes asks teammates for the dishes' recipes the agent's goal
// leaves out. Every wording asks to "send" or "share" "the recipe(s)",
// which is what teammates look for (chat.AskRecipes).
func askRecipes(v *voice, lacking []string) string {
	d := joinAnd(lacking)
	them, recipe := "them", "the recipes if you have them"
	if len(lacking) == 1 {
		them, recipe = "it", "the recipe if you have it"
	}
	return fmt.Sprintf(v.pick(chat.AskRecipesWords...), d, them, recipe)
}
