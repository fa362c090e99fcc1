package scripted

import (
	"fmt"
	"maps"
	"slices"

	"collabcraft/generate/scripted/chat"

	"collabcraft/mcdata"
)

// kitchenWords are the words the cooking roles share: the steps towards a
// dish, the chest, waiting for recipes, where the meal stands.
type kitchenWords struct{ words }

// kitchenWords says the kitchen's intents (ok is false for another
// intent).
func (w *kitchenWords) kitchenWords(i Intent) (string, bool) {
	v := w.v
	switch f := i.Facts.(type) {
	case waitForRecipes:
		return w.recipeWaitText(f.Dishes), true
	case lookUpRecipe:
		d := f.Dish
		return v.pick("Nobody has sent me the recipe for "+d+", so I'll look it up.", "I still don't know how to make the "+d+"; checking the crafting plan.", "Let me look up what the "+d+" needs.",
			"No recipe for the "+d+" came in, so the game's crafting plan will have to tell me.", "The "+d+" is a mystery to me so far; I'll ask the game how it's made."), true
	case relookUp:
		d := f.Dish
		if !f.Again {
			return v.pick("I don't know what the "+d+" takes yet; asking the game.",
				"First the "+d+"'s recipe: checking the crafting plan.",
				"Let me look up how the "+d+" is made."), true
		}
		return v.pick("My notes no longer hold what the "+d+" takes, so I'll look it up again.",
			"I've lost the "+d+" recipe from my notes; checking the crafting plan again.",
			"I need the "+d+"'s recipe once more; asking the game."), true
	case harvest:
		intent := v.pick("collecting {item}", "off to the farm for {item}", "I'll harvest {n} {item}", "I'll pick {n} {item} at the farm", "heading out for {item}", "the farm should have {item}", "I'll go gather {n} {item}", "next I get {n} {item} from the fields")
		return w.cookStep(f.Dish, intent, f.Item, f.N, w.cropNote(f.Block)), true
	case hunt:
		return w.huntWords(f), true
	case cookRaw:
		raw := f.Raw
		intent := v.pick("cooking the "+raw, "into the furnace with the "+raw, "let me cook the "+raw, "I'll smelt the "+raw+" into {item}", "the "+raw+" goes in the furnace", "smelting the "+raw+" next", "the "+raw+" needs cooking")
		return w.cookStep(f.Dish, intent, f.Item, f.N, w.stationNote("smoker", "furnace")), true
	case craftFood:
		intent := v.pick("crafting {item}", "making the {item} now", "time to craft the {item}", "I'll put the {item} together", "on to the {item}", "I can craft the {item} now", "let me make the {item}")
		return w.cookStep(f.Dish, intent, f.Item, f.N, w.tableNote(f.Recipe)), true
	case awaitDish:
		return w.awaitDishText(), true
	case askForItems:
		return v.pick(fmt.Sprintf(chat.AskForItems[0], f.To, "the meal"), fmt.Sprintf(chat.AskForItemsMeal, f.To)), true
	case seeRecipe:
		return v.pick("The plan calls the "+f.Dish+" a base item, but it is a dish: trying to craft it will show what it takes.",
			"No plan for the "+f.Dish+"; the game will say what it needs if I try to craft it.",
			"The game knows no plan for the "+f.Dish+". Let me try crafting it to see its ingredients."), true
	case viewChest:
		return v.pick("Let me see what's in the chest.", "Checking the chest first.", "Maybe the chest has some of it; looking."), true
	case lookAround:
		if f.Kitchen {
			return v.pick("Nobody has it; let me look around the kitchen.", "Nobody had it, so I'll go back to the kitchen and look there.", "Still missing it. Heading to the crafting table to look around."), true
		}
		return v.pick("Let me see what's around here.", "Checking what's nearby.", "Looking at what's around me."), true
	case takeChest:
		return v.pick("The chest has "+f.Item+", taking it.", "Let me grab the "+f.Item+" from the chest."), true
	case askFor:
		return chat.RequestOf(v.pick(chat.Requests...), f.N, f.Item) + " I need " + agree(f.N, "it", "them") + " for the meal.", true
	case recovery:
		return w.recoveryWords(f.Kind), true
	}
	if s, ok := w.requestWords(i); ok {
		return s, true
	}
	return w.idleWords(i)
}

// huntWords are hunting an animal for its meat, or another after one
// dropped none.
func (w *kitchenWords) huntWords(f hunt) string {
	v, mob := w.v, f.Mob
	if f.Again {
		return w.cookStep(f.Dish, v.pick("that "+mob+" dropped no {item}, so I'll find another "+mob, "no {item} from that "+mob+"; looking for another one", "the "+mob+" left no {item} behind, searching for a new one"), f.Item, f.N, "")
	}
	drop := "{item}"
	if f.Item == mob { // "hunting a chicken for raw chicken", not "for chicken"
		drop = "raw " + f.Item
	}
	return w.cookStep(f.Dish, v.pick("hunting a "+mob+" for "+drop, "I need "+drop+", attacking a "+mob, "getting "+drop+" from a "+mob, "a "+mob+" will drop "+drop), f.Item, f.N, "")
}

// recoveryWords say going to what the last command could not find.
func (w *kitchenWords) recoveryWords(k recoveryKind) string {
	v := w.v
	switch k.What {
	case "crafting_table":
		return v.pick("I need to get to the crafting table.", "Heading to the crafting table.")
	case "furnace":
		return v.pick("Going to the furnace.", "Let me find the furnace.")
	case "chest":
		return v.pick("Going to the chest.", "Let me find the chest.")
	case "busy furnace":
		return v.pick("The furnace is busy, I'll empty it.", "Clearing the furnace first.")
	}
	return v.pick("No "+k.Mob+" close by, let me look around.", "Searching for a "+k.Mob+".")
}

// cookStep is one step of making dish: the action's words ({item} and
// {n} filled in) with why the dish needs the item, and maybe where the
// meal stands or where the step goes (where: a place from the context,
// or "").
func (w *kitchenWords) cookStep(dish, intent, item string, n int, where string) string {
	v := w.v
	intent = fill(intent, item, n)
	var reasons []string
	if d := dish; d != "" && d != item {
		reasons = append(reasons, v.pick(
			v.gen(fmt.Sprintf("the %s {still needs|is short of|lacks} %d %s", d, n, item)),
			fmt.Sprintf("%d %s %s into the %s", n, item, agree(n, "goes", "go"), d),
			fmt.Sprintf("there is no %s without %s", d, item),
			v.gen(fmt.Sprintf("the %s is {waiting on|held up by|stuck without} %s", d, item)),
			v.gen(fmt.Sprintf("the %s is the next dish, and it {takes|calls for|uses} %s", d, item)),
			fmt.Sprintf("%s is what the %s is missing", item, d),
			fmt.Sprintf("I can't make the %s until I have %s", d, item),
		))
	} else if d != "" {
		reasons = append(reasons, v.pick(
			v.gen("the "+d+" is {next on the list|the next dish|what I make next}"),
			v.gen("everything for the "+d+" is {here|in my inventory|at hand}"),
			v.gen("the "+d+" only needs {this last step|one more step|to be made now}"),
			"I have what the "+d+" takes",
			"nothing is missing for the "+d,
		))
	}
	if f := w.dishNeeds(dish, item); f != "" && v.rng.IntN(4) == 0 {
		reasons = []string{f}
	}
	note := w.mealNote()
	if l := w.k.g.leader(); l != "" && !w.k.g.isLeader() && dish != "" {
		note = v.pick(l+" gets the "+dish+" when it's done", "the "+dish+" is my part of the meal, for "+l)
	}
	return v.compose(intent, reasons, v.maybe(note), where)
}

// dishNeeds is what dish takes, from its recipe, and how much of it the
// cook holds: "the cake takes 3 milk_bucket, 2 sugar, 1 egg and 3 wheat;
// I have the 1 egg". step is the item the step gets; when that is an
// ingredient yet the cook holds every one, what it holds is kept for
// another dish and "I have it all" would be untrue, so nothing is said.
func (w *kitchenWords) dishNeeds(dish, step string) string {
	v, d := w.v, dish
	var needs []mcdata.Ingredient
	if raw, ok := cooked[d]; ok {
		needs = []mcdata.Ingredient{{Item: raw, Count: 1}}
	} else if rec, ok := cookRecipe(d); ok {
		needs = rec.Ingredients
	}
	if len(needs) == 0 {
		return ""
	}
	var all, held []string
	for _, in := range needs {
		all = append(all, itoa(in.Count)+" "+in.Item)
		if c := min(w.ctx().Count(in.Item), in.Count); c > 0 {
			held = append(held, itoa(c)+" "+in.Item)
		}
	}
	f := v.gen("the " + d + " {takes|needs|is made from} " + joinAnd(all))
	switch {
	case len(held) == len(all) && step != d:
		return ""
	case len(held) == len(all):
		return f + v.pick(", all in my inventory", ", and I have it all")
	case len(held) > 0:
		return f + v.gen("; {I have|I hold|so far I have} "+joinAnd(held))
	}
	return f
}

// mealNote is where the meal stands: the dishes done and left, from the
// goal and what the agent holds.
func (w *kitchenWords) mealNote() string {
	v := w.v
	if !w.k.g.isLeader() && !hellsKitchen(w.ctx()) {
		return ""
	}
	ds, left, done := meal(w.k)
	n := itoa(len(ds))
	all := "all " + n + " dishes"
	if len(ds) == 2 {
		all = "both dishes"
	}
	switch {
	case len(ds) < 2 || len(left) == 0:
		return ""
	case len(done) == 0:
		return v.gen("{none of the " + n + " dishes is {ready|done|cooked} yet|" + all + " are still to make|no dish is ready yet|I haven't finished any of the " + n + " dishes yet|the meal is still all ahead of me}")
	}
	d := itoa(len(done))
	return v.gen("{still to make: " + joinAnd(left) +
		"|" + d + " of the " + n + " dishes " + agree(len(done), "is", "are") + " {ready|done}" +
		"|" + d + " " + agree(len(done), "dish", "dishes") + " down, " + itoa(len(left)) + " to go" +
		"|the " + joinAnd(done) + " " + agree(len(done), "is", "are") + " {done|ready|made}" +
		"|{left to make|what remains|remaining}: " + joinAnd(left) +
		"|the meal still lacks the " + joinAnd(left) + "}")
}

// recipeWaitText is a cook waiting for a teammate to send recipes it
// lacks.
func (w *kitchenWords) recipeWaitText(dishes []string) string {
	v := w.v
	d := joinAnd(dishes)
	return v.compose(v.pick("I'll wait for the recipe", "let me give my teammate a moment to send it", "I'll wait a bit for the recipe", "I'll wait to hear how it's made",
		"I'll hold off until someone tells me how it's made", "a short wait for the recipe makes sense"),
		[]string{v.pick("I don't know the recipe for "+d+" yet", "the recipe for "+d+" hasn't reached me", "my goal doesn't say how to make "+d,
			"nobody has told me how to make "+d+" so far", "I asked for the recipe for "+d+" and no answer has come yet")},
		v.maybe(v.pick("if it doesn't come I can look it up", "a teammate may have it in their goal", "the crafting plan is my fallback", "someone on the team may know it")))
}

// awaitDishText is the cook waiting for the dishes helpers promised,
// once it made all the others.
func (w *kitchenWords) awaitDishText() string {
	v := w.v
	_, left, _ := meal(w.k)
	d := joinAnd(left)
	by := map[string]bool{}
	for _, c := range claimsHeard(w.ctx()) {
		if slices.Contains(left, c.dish) {
			by[c.from] = true
		}
	}
	reason := "a teammate said they'd make the " + d
	if len(by) > 0 {
		reason = v.gen(joinAnd(slices.Sorted(maps.Keys(by))) + " {said they'd make|promised|is making} the " + d)
	}
	return v.compose(v.gen("{I'll wait for the "+d+"|all I need now is the "+d+"|I'm waiting for the "+d+"}"),
		[]string{reason}, v.maybe(w.mealNote()))
}

// Progress is the helper's own dish, or where the meal stands.
func (w *kitchenWords) progress(mine string) string {
	v := w.v
	if mine != "" {
		return v.pick("The "+mine+" is my part", "I'm making the "+mine)
	}
	if !w.k.g.isLeader() && !hellsKitchen(w.ctx()) {
		return ""
	}
	ds, left, done := meal(w.k)
	if len(left) == 0 || len(ds) < 2 {
		return ""
	}
	return v.pick("Still to make: "+joinAnd(left), itoa(len(done))+" of the "+itoa(len(ds))+" dishes "+agree(len(done), "is", "are")+" ready")
}
