package scripted

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// Cooking: the first agent (the one the goal says receives the food, or
// the first name everyone's goal lists) cooks; the others give it every
// item they hold and pass on recipes it lacks. In Hell's Kitchen each
// agent first sends its partner the partner's recipe, then cooks its own
// dish, asking the partner for items it lacks. Farm ingredients are
// gathered (crops with !collectBlocks, animals with !attack), hard ones
// taken from the chest or asked for, food cooked in the furnace and
// dishes crafted at the crafting table.

// memNoChest is the memory fact of a kitchen without a chest.
const memNoChest = "There is no chest here."

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

// dishes parses the meal from the goal: "make 1 bread, 1 cake".
func (s *state) dishes() []mcdata.Ingredient {
	var out []mcdata.Ingredient
	for _, d := range procgen.ParseMeal(s.v.Goal) {
		out = append(out, mcdata.Ingredient{Item: d.Item, Count: d.Count})
	}
	return out
}

func (s *state) hellsKitchen() bool {
	_, _, ok := procgen.ParseHellsKitchenGoal(s.v.Goal)
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
func (s *state) knowsRecipe(dish string) bool {
	// A memory that lists known recipes counts a dish it names anywhere.
	return s.recipeInContext(dish) || len(s.notes.RecipesKnown) > 0 && know.Mentions(s.mem, dish) || s.lookedUp(dish)
}

// lookedUp reports whether the agent asked the game for dish's crafting
// plan and read the answer.
func (s *state) lookedUp(dish string) bool {
	for _, a := range s.acts {
		if a.Name == "!getCraftingPlan" && len(a.Args) > 0 && a.Args[0] == dish && a.Output != "" {
			return true
		}
	}
	// The answer may be in the window while the command that asked was
	// folded into memory: the plan names the dish it is for.
	for _, o := range s.sys {
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
func (s *state) recipeInContext(dish string) bool {
	if _, ok := recipesIn(s.goalRecipes())[dish]; ok {
		return true
	}
	if slices.ContainsFunc(s.notes.RecipeNotes, func(r know.RecipeNote) bool { return r.Dish == dish }) {
		return true
	}
	for _, m := range s.msgs {
		if slices.Contains(m.RecipeFor, dish) {
			return true
		}
	}
	for _, a := range s.acts {
		if a.Name == "!getCraftingPlan" && len(a.Args) > 0 && a.Args[0] == dish && a.Output != "" {
			return true
		}
	}
	return false
}

// lookUpRecipes asks the game for the first dish's plan whose recipe
// nobody sent ("" when every one was looked up or the command is blocked).
func (s *state) lookUpRecipes(dishes []string) string {
	if !s.has("!getCraftingPlan") {
		return ""
	}
	for _, d := range dishes {
		if !s.lookedUp(d) {
			return with(s.pick("Nobody has sent me the recipe for "+d+", so I'll look it up.", "I still don't know how to make the "+d+"; checking the crafting plan.", "Let me look up what the "+d+" needs.",
				"No recipe for the "+d+" came in, so the game's crafting plan will have to tell me.", "The "+d+" is a mystery to me so far; I'll ask the game how it's made."), cmd("getCraftingPlan", d, 1))
		}
	}
	return ""
}

// goalRecipes is the part of the goal that holds this agent's own
// recipes (in Hell's Kitchen the goal holds the partner's recipe, which
// is not this agent's).
func (s *state) goalRecipes() string {
	g := s.v.Goal
	if s.hellsKitchen() {
		return ""
	}
	return g
}

func (s *state) cooking() string {
	if s.hellsKitchen() {
		return s.cookHK()
	}
	var lacking []string
	for _, d := range s.dishes() {
		if !s.knowsRecipe(d.Item) {
			lacking = append(lacking, d.Item)
		}
	}
	about := "."
	if len(lacking) > 0 {
		about = ". " + s.askRecipes(lacking)
	}
	if !s.goalNamesCollector() {
		if r := s.negotiate(about); r != "" {
			return r
		}
		if r := s.answerRoleQuestion(); r != "" {
			return r
		}
	}
	if s.isLeader() {
		return s.cookLeader()
	}
	return s.cookHelper()
}

// --- helpers ----------------------------------------------------------

func (s *state) cookHelper() string {
	leader := s.leader()
	// Pass on recipes the cook asked for.
	if own := recipesIn(s.v.Goal); len(own) > 0 && s.askedForRecipes(leader) && !s.sentRecipes() {
		return cmd("startConversation", leader, s.pick("Here are the recipes I have. ", "Sure, here you go. ")+recipeText(s.v.Goal))
	}
	// Hand over what we started with; once that is reported, what we
	// hold is for our own dish.
	if item, c := s.nextGift(); item != "" && !s.reportedDone(leader) {
		sentence := s.giveText(leader, c, item)
		if s.firstGift() && len(s.inv) > 1 {
			sentence = s.say("share_inv", leader, itemList(s.inv), "cook")
		}
		return with(sentence, cmd("givePlayer", leader, item, c))
	}
	mine := s.myDish()
	if !s.reportedDone(leader) || s.askedAfterReport(leader) {
		msg := s.doneGivingText(leader)
		if len(recipesIn(s.v.Goal)) == 0 && s.askedForRecipes(leader) {
			msg += s.pick(" "+noRecipes+".", " And "+lowerFirst(noRecipes)+", sorry.", " "+noRecipes+", so you'll have to look them up.")
		}
		if mine != "" && s.count(mine) == 0 && !s.gaveDish(mine) {
			msg += " " + s.gen("I'll make the "+mine+" {and bring it to you|in the meantime and give it to you|myself, it only needs what the farm has, and hand it over|while you work on the rest, then bring it over|next and give it to you when it's done}.")
		}
		return cmd("startConversation", leader, msg)
	}
	if mine != "" {
		if s.count(mine) > 0 {
			return with(s.compose(s.pick("the "+mine+" is ready, here you go!", "done with the "+mine+", it's yours", "here's the "+mine, "handing you the "+mine),
				[]string{s.pick(leader+" collects the dishes", "every dish goes to "+leader, leader+" serves the meal")},
				s.maybe(s.pick("that was my part", "that's my dish done", "my part of "+s.goalName()+" is done"))), cmd("givePlayer", leader, mine, s.count(mine)))
		}
		if !s.gaveDish(mine) {
			return s.cookDishes([]mcdata.Ingredient{{Item: mine, Count: 1}}, false)
		}
	}
	return s.standBy()
}

// myDish is the dish a helper cooks besides the cook: farm-only dishes
// (no bowl, milk or other held items needed) are dealt round robin to the
// helpers, and a helper takes its one only if it knows the recipe.
func (s *state) myDish() string {
	if len(s.v.Team) < 2 || s.isLeader() || s.leader() == "" {
		return ""
	}
	var farm []string
	for _, d := range s.dishes() {
		if d.Count == 1 && !needsHeld(d.Item, 0) {
			farm = append(farm, d.Item)
		}
	}
	// Helpers in name order take turns: each knows its turn from the
	// team's names and the agreed cook.
	var helpers []string
	for _, name := range s.v.Team {
		if name != s.leader() {
			helpers = append(helpers, name)
		}
	}
	me := slices.Index(helpers, s.v.Name)
	var dealt []string
	for j, d := range farm {
		if j%len(helpers) == me && s.knowsRecipe(d) && !s.cancelled(d) {
			dealt = append(dealt, d)
		}
	}
	// A dish it said it makes stays its dish (the cook counts on it);
	// else the first the cook has not started.
	for _, d := range dealt {
		if s.promised(d) {
			return d
		}
	}
	for _, d := range dealt {
		if !s.cookIsMaking(d) {
			return d
		}
	}
	return ""
}

// noNeed opens the cook's answer to a helper's promise of a dish the
// cook already made; helpers read it back.
const noNeed = "No need to make the "

// crossedPromise is a helper's promise of a dish the cook made itself
// (its own craft or smelt gave it) that the cook has not answered yet.
func (s *state) crossedPromise() (helper, dish string) {
	for _, c := range s.claimsHeard() {
		if s.madeItself(c.dish) && !s.saidNoNeed(c.dish) {
			return c.from, c.dish
		}
	}
	return "", ""
}

// madeItself reports whether one of the agent's own crafts or smelts
// gave dish.
func (s *state) madeItself(dish string) bool {
	for _, a := range s.acts {
		if item, _, ok := texts.ParseCrafted(a.Output); ok && item == dish {
			return true
		}
		if _, _, out, ok := texts.ParseSmelted(a.Output); ok && out == dish {
			return true
		}
	}
	return false
}

// cancelled reports whether the cook told this helper it made dish
// itself.
func (s *state) cancelled(dish string) bool {
	if s.notes.NoNeedFor(dish) {
		return true
	}
	return slices.ContainsFunc(s.msgs, func(m message) bool { return m.From == s.leader() && slices.Contains(m.Done, dish) })
}

// promised reports whether the helper told the cook it makes dish: in
// its words, or in the memory that keeps them.
func (s *state) promised(dish string) bool {
	return slices.Contains(s.c.Said().Promised, dish) || s.notes.Makes.Dish == dish
}

// cookIsMaking reports whether the cook's messages show it already at
// work on dish: a command that makes it, or gets its raw meat or crop
// (the cook says each step, and its replies reach the helper). A helper
// does not take on a dish the cook has started.
func (s *state) cookIsMaking(dish string) bool {
	raw := cooked[dish]
	for _, m := range s.msgs {
		if m.From != s.leader() {
			continue
		}
		// Replies queued while the helper was busy arrive joined: read
		// every command in the message.
		for _, c := range m.Commands {
			if len(c.Args) == 0 {
				continue
			}
			arg := strings.Trim(c.Args[0], `"`)
			switch c.Name {
			case "!craftRecipe", "!smeltItem":
				if arg == dish || raw != "" && arg == raw {
					return true
				}
			case "!attack":
				if raw != "" && arg == animalDrops[raw] {
					return true
				}
			case "!collectBlocks":
				if raw != "" && arg == cropBlocks[raw] {
					return true
				}
			}
		}
	}
	return false
}

// gaveDish reports whether the helper already handed its dish over.
func (s *state) gaveDish(dish string) bool {
	if g := s.notes.Gave; g.Dish == dish && g.For == s.leader() {
		return true
	}
	for _, a := range s.acts {
		if a.Name == "!givePlayer" && len(a.Args) == 3 && a.Args[1] == dish && texts.SaysReceived(a.Output) {
			return true
		}
	}
	return false
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
	var s state
	rec, ok := s.cookRecipe(item)
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

// claimed are the dishes helpers said they make (window and memory).
func (s *state) claimed() map[string]bool {
	out := map[string]bool{}
	for _, d := range s.notes.TeammatesMake {
		out[d] = true
	}
	for _, c := range s.claimsHeard() {
		out[c.dish] = true
	}
	// A dish a helper handed over is no longer theirs to make: should the
	// meal lack it again (it went into another dish), the cook makes it.
	for _, m := range s.msgs {
		for _, c := range m.Commands {
			if args := unquote(c.Args); c.Name == "!givePlayer" && len(args) >= 2 && args[0] == s.v.Name {
				delete(out, args[1])
			}
		}
	}
	return out
}

// claim is a teammate's promise of a dish in its message ("I'll make the
// X").
type claim struct{ from, dish string }

// claimsHeard are the promises in the window's messages, oldest first.
func (s *state) claimsHeard() []claim {
	var out []claim
	for _, m := range s.msgs {
		for _, d := range m.Promised {
			out = append(out, claim{m.From, d})
		}
	}
	return out
}

// noRecipes is what a helper whose goal holds no recipe tells the cook
// that asked for them.
const noRecipes = "I don't have any of the recipes either"

// memNoRecipes is what the cook's memory keeps of it.
const memNoRecipes = "No teammate has the recipes."

// noOneHasRecipes reports whether every teammate told the cook they hold
// no recipe: waiting for one is pointless.
func (s *state) noOneHasRecipes() bool {
	if s.notes.NoRecipes {
		return true
	}
	for _, o := range s.others() {
		if !slices.ContainsFunc(s.msgs, func(m message) bool { return m.From == o && m.Has(chat.NoRecipes) }) {
			return false
		}
	}
	return len(s.others()) > 0
}

// askRecipes asks teammates for the dishes' recipes the agent's goal
// leaves out. Every wording asks to "send" or "share" "the recipe(s)",
// which is what teammates look for (reAskRecipe).
func (s *state) askRecipes(lacking []string) string {
	d := joinAnd(lacking)
	them, recipe := "them", "the recipes if you have them"
	if len(lacking) == 1 {
		them, recipe = "it", "the recipe if you have it"
	}
	return s.pick(
		"I don't have the recipes for "+d+", please send me the recipes if you have them.",
		"I'm missing the recipes for "+d+"; please send me the recipes if you have them.",
		"Please send me the recipes for "+d+" too, I don't have them.",
		"Could you share the recipes for "+d+"? My goal doesn't say how to make "+them+".",
		"How to make "+d+" isn't in my goal, so please share "+recipe+".",
		"If your goal says how to make "+d+", please send the recipes my way.",
	)
}

func (s *state) askedForRecipes(from string) bool {
	if s.notes.NeedsRecipes != "" && s.notes.NeedsRecipes == from {
		return true
	}
	for _, m := range s.msgs {
		if m.From == from && m.Has(chat.AskRecipes) {
			return true
		}
	}
	return false
}

// recipeText renders the goal's recipes on one line for chat.
func recipeText(goal string) string {
	var parts []string
	for _, r := range procgen.RecipesIn(goal) {
		parts = append(parts, "Recipe for "+r.Dish+": "+strings.Join(strings.Split(r.Steps, "\n"), " "))
	}
	return strings.ReplaceAll(strings.Join(parts, " "), `"`, "'")
}

// --- the cook ----------------------------------------------------------

func (s *state) cookLeader() string {
	dishes := s.dishes()
	var lacking []string
	for _, d := range dishes {
		if !s.knowsRecipe(d.Item) {
			lacking = append(lacking, d.Item)
		}
	}
	if o := s.unannounced(); o != "" {
		msg := s.roleReason() + s.pick("cook the meal. ", "make the "+joinAnd(dishNames(dishes))+". ", "do the cooking. ", "put the meal together. ", "take care of the cooking. ", "handle the dishes. ") +
			s.pick("Please send me all your items.", "Please send me your items.", "Could you send me your items?", "Please send me your items when you can.", "Go ahead and send me your items.", "Send me your items whenever you're ready.")
		if len(lacking) > 0 {
			msg += " " + s.askRecipes(lacking)
		}
		var have string
		if len(s.inv) > 0 {
			have = s.pick("I already have ", "I'm holding ", "on my side there's ") + itemList(s.inv)
		}
		msg = s.addNote(msg, have, itoa(len(dishes))+" "+agree(len(dishes), "dish", "dishes")+" to make: "+joinAnd(dishNames(dishes)))
		return cmd("startConversation", o, msg)
	}
	if len(lacking) > 0 {
		if !s.waitedLong(false) && !s.noOneHasRecipes() {
			return with(s.recipeWaitText(lacking), cmd("stay", 5))
		}
		// Nobody sent the recipe: look it up in the game.
		if r := s.lookUpRecipes(lacking); r != "" {
			return r
		}
	}
	// A promise that crossed the cook's own work on the dish: say so,
	// or two make it.
	if h, d := s.crossedPromise(); h != "" {
		return cmd("startConversation", h, noNeed+d+s.pick(": I made it myself before your message came.", ", I already made it; thanks anyway.", ": it's done, I cooked it myself.")+
			s.pick(" Keep what you gathered.", " Nothing else is needed from you for now.", ""))
	}
	// Dishes a helper is making are left to it; should one not arrive
	// late in the game, the cook makes it after all.
	claimed := s.claimed()
	var mine []mcdata.Ingredient
	for _, d := range dishes {
		if !claimed[d.Item] || s.waitedLong(true) {
			mine = append(mine, d)
		}
	}
	return s.cookDishes(mine, true)
}

// cookHK is Hell's Kitchen: send the partner its recipe, then cook our own
// dish.
func (s *state) cookHK() string {
	partner := s.others()[0]
	if !s.sentRecipes() {
		_, their, _ := procgen.ParseHellsKitchenGoal(s.v.Goal)
		msg := s.pick("Here's your recipe for "+their+". ", "You need this for the "+their+". ") + recipeText(s.v.Goal)
		// Two openings at once lose one message (starting a conversation
		// drops what is queued from the partner): the name that sorts
		// first opens, the other waits a moment and answers in the
		// conversation it opened.
		heard := slices.ContainsFunc(s.msgs, func(m message) bool { return m.From == partner })
		switch {
		case heard:
			return msg
		case s.v.Name > partner && s.stays() == 0:
			return with(s.compose(s.pick("I'll wait for "+partner+" to open", "let me hear from "+partner+" first"),
				[]string{s.pick("we each hold the other's recipe", partner+" has my recipe and I have theirs")},
				s.maybe("then I'll send the "+their+" recipe")), cmd("stay", 3))
		}
		return cmd("startConversation", partner, msg)
	}
	if r := s.serveRequests(); r != "" {
		return r
	}
	dishes := s.dishes()
	if len(dishes) > 0 && !s.knowsRecipe(dishes[0].Item) {
		if !s.waitedLong(false) {
			return with(s.recipeWaitText([]string{dishes[0].Item}), cmd("stay", 5))
		}
		if r := s.lookUpRecipes([]string{dishes[0].Item}); r != "" {
			return r
		}
	}
	return s.cookDishes(dishes, false)
}

// serveRequests gives a teammate the items it asked for, if held.
func (s *state) serveRequests() string {
	for i := len(s.msgs) - 1; i >= 0; i-- {
		m := s.msgs[i]
		if !m.Has(chat.Request) {
			continue
		}
		item, n := m.Want.Item, m.Want.Count
		gave := false
		for _, a := range s.acts {
			if a.Turn > m.Turn && a.Name == "!givePlayer" && len(a.Args) == 3 && a.Args[0] == m.From && a.Args[1] == item {
				gave = true
			}
		}
		if gave {
			continue
		}
		if s.count(item) == 0 {
			// Say so once, so the teammate asks someone else rather than
			// asking again.
			if !s.answered(m.From, item, m.Turn) {
				return cmd("startConversation", m.From, s.pick("Sorry, I have no "+item+".", "I don't have any "+item+", sorry.", "No "+item+" here, I'm afraid."))
			}
			continue
		}
		return with(s.pick("Sure, here's the "+item+".", "Here you go, "+m.From+"."), cmd("givePlayer", m.From, item, min(n, s.count(item))))
	}
	return ""
}

// cookDishes takes the next step towards the meal; pooled: teammates are
// sending their items, so wait for them before asking.
func (s *state) cookDishes(dishes []mcdata.Ingredient, pooled bool) string {
	if r := s.recover(); r != "" {
		return r
	}
	w := cloneInv(s.inv)
	missing := map[string]int{}
	for _, d := range dishes {
		if s.count(d.Item) < d.Count && !s.recipeInContext(d.Item) && s.has("!getCraftingPlan") {
			// The recipe left the window and its note did not fit in the
			// memory: look it up again rather than cook from nothing.
			return with(s.pick("My notes no longer hold what the "+d.Item+" takes, so I'll look it up again.",
				"I've lost the "+d.Item+" recipe from my notes; checking the crafting plan again.",
				"I need the "+d.Item+"'s recipe once more; asking the game."), cmd("getCraftingPlan", d.Item, 1))
		}
		s.dish = d.Item
		if act := s.obtain(d.Item, d.Count, w, missing, 0); act != "" {
			return act
		}
	}
	if len(missing) == 0 {
		if t := s.awaitDishText(); t != "" {
			return with(t, cmd("stay", 10))
		}
		return with(s.idleText(), cmd("stay", 10))
	}
	ready := !pooled || s.helpersDone() || s.waitedLong(false)
	if pooled && !s.helpersDone() {
		for _, o := range s.others() {
			if !s.isDone(o) && !s.askedRecently(o, 12) {
				return cmd("startConversation", o, s.pick(
					o+", I'm collecting everything for the meal. What do you have? Please send me your items.",
					"Hey "+o+", can you send me your items? Tell me when you have given me everything.",
				))
			}
		}
	}
	for _, item := range sortedKeys(missing) {
		if s.chestLacks(item) {
			continue
		}
		// Take only what a look into the chest showed.
		if listing, viewed := s.chestListing(); !viewed {
			return with(s.pick("Let me see what's in the chest.", "Checking the chest first.", "Maybe the chest has some of it; looking."), cmd("viewChest"))
		} else if listing[item] > 0 {
			return with(s.pick("The chest has "+item+", taking it.", "Let me grab the "+item+" from the chest."), cmd("takeFromChest", item, min(missing[item], listing[item])))
		}
	}
	if ready {
		for _, item := range sortedKeys(missing) {
			for _, o := range s.others() {
				if !s.askedFor(o, item) {
					return cmd("startConversation", o, s.pick("Can you give me ", "Could you give me ")+strconv.Itoa(missing[item])+" "+item+"? I need "+agree(missing[item], "it", "them")+" for the meal.")
				}
			}
		}
	}
	return with(s.waitText(), cmd("stay", 5))
}

// awaitDishText is the cook waiting for the dishes helpers promised,
// once it made all the others ("" if the meal lacks none).
func (s *state) awaitDishText() string {
	if !s.isLeader() {
		return ""
	}
	_, left, _ := s.meal()
	if len(left) == 0 {
		return ""
	}
	d := joinAnd(left)
	by := map[string]bool{}
	for _, c := range s.claimsHeard() {
		if slices.Contains(left, c.dish) {
			by[c.from] = true
		}
	}
	reason := "a teammate said they'd make the " + d
	if len(by) > 0 {
		who := slices.Sorted(maps.Keys(by))
		reason = s.gen(joinAnd(who) + " {said they'd make|promised|is making} the " + d)
	}
	return s.compose(s.gen("{I'll wait for the "+d+"|all I need now is the "+d+"|I'm waiting for the "+d+"}"),
		[]string{reason}, s.maybe(s.mealNote()))
}

// answered reports whether this agent told o about item after turn.
func (s *state) answered(o, item string, turn int) bool {
	for _, a := range s.acts {
		if a.Turn > turn && a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == o && strings.Contains(a.Args[1], item) {
			return true
		}
	}
	return false
}

// lacking are the items teammates said they have none of, as
// "item (name)", from the memory and the window.
func (s *state) lacking() []string {
	out := slices.Clone(s.notes.TeammatesLack)
	for _, m := range s.msgs {
		for _, l := range m.Lacking {
			if e := l + " (" + m.From + ")"; !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// lackingFact is what the memory keeps of who lacks what ("" if nothing).
func (s *state) lackingFact() string {
	if l := s.lacking(); len(l) > 0 {
		return "Teammates lack: " + strings.Join(l, ", ") + "."
	}
	return ""
}

// saidLacks reports whether o said it has none of item.
func (s *state) saidLacks(o, item string) bool {
	return slices.Contains(s.lacking(), item+" ("+o+")")
}

// askedFor reports whether the agent asked o for item lately, or o said
// it has none (window only).
func (s *state) askedFor(o, item string) bool {
	if s.saidLacks(o, item) {
		return true
	}
	for _, a := range s.acts {
		if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == o && strings.Contains(a.Args[1], " "+item+"?") && s.since(a.Turn) < 20 {
			return true
		}
	}
	return false
}

// chestListing is what the last look into the chest showed (its window
// output, or the memory's note); viewed is false when it never looked.
func (s *state) chestListing() (items map[string]int, viewed bool) {
	for i := len(s.acts) - 1; i >= 0; i-- {
		a := s.acts[i]
		if a.Name != "!viewChest" || a.Output == "" || texts.IsNoChestNearby(a.Output) {
			continue
		}
		_, list, _ := strings.Cut(a.Output, "The chest contains:")
		return countedItems(strings.Split(list, "\n")), true
	}
	if s.notes.ChestSeen {
		return maps.Clone(s.notes.ChestHolds), true
	}
	return nil, false
}

// countedItems reads "3 egg" entries as counts by item (others skipped).
func countedItems(entries []string) map[string]int {
	items := map[string]int{}
	for _, e := range entries {
		if n, item, ok := strings.Cut(strings.TrimSpace(e), " "); ok {
			if c, err := strconv.Atoi(n); err == nil {
				items[item] += c
			}
		}
	}
	return items
}

// chestLacks reports whether the chest was found not to hold item, or a
// search found no chest at all (MINDcraft's kitchen has none; a chest is
// collabcraft's extension).
func (s *state) chestLacks(item string) bool {
	if s.noChest() {
		return true
	}
	if slices.Contains(s.notes.ChestLacks, item) {
		return true
	}
	for _, a := range s.acts {
		if a.Name == "!takeFromChest" && len(a.Args) == 2 && a.Args[0] == item && texts.IsNotInChest(a.Output) {
			return true
		}
	}
	return false
}

func containsWord(list, w string) bool {
	for _, x := range strings.Split(list, ", ") {
		if strings.TrimSpace(x) == w {
			return true
		}
	}
	return false
}

// noChest reports whether a search for a chest found none.
func (s *state) noChest() bool {
	for _, a := range s.acts {
		if a.Name == "!searchForBlock" && len(a.Args) > 0 && a.Args[0] == "chest" && texts.IsNotFound(a.Output, "chest") {
			return true
		}
	}
	return s.notes.NoChest
}

// recover reacts to the last command's failure: go to the station, chest
// or animal it could not find.
func (s *state) recover() string {
	a, ok := s.lastAct()
	if !ok || s.since(a.Turn) > 2 {
		return ""
	}
	o := a.Output
	kind, noneToAttack := texts.ParseNoneToAttack(o)
	switch {
	case texts.IsNeedsTable(o):
		return with(s.pick("I need to get to the crafting table.", "Heading to the crafting table."), cmd("searchForBlock", "crafting_table", 64))
	case texts.IsNoFurnace(o):
		return with(s.pick("Going to the furnace.", "Let me find the furnace."), cmd("searchForBlock", "furnace", 64))
	case texts.IsNoChestNearby(o) && !s.noChest():
		return with(s.pick("Going to the chest.", "Let me find the chest."), cmd("searchForBlock", "chest", 64))
	case noneToAttack && a.Name == "!attack":
		return with(s.pick("No "+kind+" close by, let me look around.", "Searching for a "+kind+"."), cmd("searchForEntity", kind, 64))
	case texts.IsFurnaceBusy(o):
		return with(s.pick("The furnace is busy, I'll empty it.", "Clearing the furnace first."), cmd("clearFurnace"))
	}
	return ""
}

// obtain finds the next action that gets k of item, using and reserving
// the working inventory w; items nobody can make here are added to
// missing.
func (s *state) obtain(item string, k int, w map[string]int, missing map[string]int, depth int) string {
	if have := w[item]; have >= k {
		w[item] -= k
		return ""
	} else if have > 0 {
		k -= have
		w[item] = 0
	}
	if depth > 6 {
		missing[item] += k
		return ""
	}
	if block, ok := cropBlocks[item]; ok {
		return with(s.cookStep(s.pick("collecting {item}", "off to the farm for {item}", "I'll harvest {n} {item}", "I'll pick {n} {item} at the farm", "heading out for {item}", "the farm should have {item}", "I'll go gather {n} {item}", "next I get {n} {item} from the fields"), item, k, s.cropNote(block)), cmd("collectBlocks", block, k))
	}
	if mob, ok := animalDrops[item]; ok {
		// Still short right after a kill: that animal dropped none (drops
		// are random). Go find another rather than swing at the same spot.
		if a, ok := s.lastAct(); ok && a.Name == "!attack" && len(a.Args) > 0 && a.Args[0] == mob && killedAny(a.Output) {
			return with(s.cookStep(s.pick("that "+mob+" dropped no {item}, so I'll find another "+mob, "no {item} from that "+mob+"; looking for another one", "the "+mob+" left no {item} behind, searching for a new one"), item, k, ""), cmd("searchForEntity", mob, 64))
		}
		drop := "{item}"
		if item == mob { // "hunting a chicken for raw chicken", not "for chicken"
			drop = "raw " + item
		}
		return with(s.cookStep(s.pick("hunting a "+mob+" for "+drop, "I need "+drop+", attacking a "+mob, "getting "+drop+" from a "+mob, "a "+mob+" will drop "+drop), item, k, ""), cmd("attack", mob))
	}
	if raw, ok := cooked[item]; ok {
		before := total(missing)
		if act := s.obtain(raw, k, w, missing, depth+1); act != "" {
			return act
		}
		if total(missing) > before {
			return ""
		}
		return with(s.cookStep(s.pick("cooking the "+raw, "into the furnace with the "+raw, "let me cook the "+raw, "I'll smelt the "+raw+" into {item}", "the "+raw+" goes in the furnace", "smelting the "+raw+" next", "the "+raw+" needs cooking"), item, k, s.stationNote("smoker", "furnace")), cmd("smeltItem", raw, k))
	}
	if rec, ok := s.cookRecipe(item); ok && !hardItems[item] {
		times := (k + rec.Count - 1) / rec.Count
		before := total(missing)
		for _, in := range rec.Ingredients {
			if act := s.obtain(in.Item, in.Count*times, w, missing, depth+1); act != "" {
				return act
			}
		}
		if total(missing) > before {
			return ""
		}
		return with(s.cookStep(s.pick("crafting {item}", "making the {item} now", "time to craft the {item}", "I'll put the {item} together", "on to the {item}", "I can craft the {item} now", "let me make the {item}"), item, k, s.tableNote(rec)), cmd("craftRecipe", item, times))
	}
	missing[item] += k
	return ""
}

// cookRecipe picks the crafting recipe for a food or ingredient whose
// inputs this farm offers.
func (s *state) cookRecipe(item string) (mcdata.Recipe, bool) {
	if item == "suspicious_stew" {
		return mcdata.Recipe{Result: item, Count: 1, Ingredients: []mcdata.Ingredient{
			{Item: "bowl", Count: 1}, {Item: "brown_mushroom", Count: 1}, {Item: "dandelion", Count: 1}, {Item: "red_mushroom", Count: 1},
		}}, true
	}
	rs := mcdata.Recipes(item)
	for _, r := range rs {
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

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func cloneInv(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
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

// sentRecipes reports whether the agent sent its recipes: saidRecipes,
// or its memory's note.
func (s *state) sentRecipes() bool { return s.saidRecipes() || s.notes.SentRecipesTo != "" }

// saidRecipes reports whether the agent's words hold a recipe (or, as it
// always has, its memory keeps a recipe of its own).
func (s *state) saidRecipes() bool {
	return s.c.Said().Has(chat.Recipes) || len(s.notes.RecipeNotes) > 0
}

// saidNoNeed reports whether the cook told a helper it made dish itself.
func (s *state) saidNoNeed(dish string) bool {
	return slices.Contains(s.c.Said().Done, dish) || s.notes.NoNeedFor(dish)
}
