package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// kitchenHand is a cooking agent that does not cook the meal: it sends
// the cook the recipes it asks for, hands over every item it started
// with and reports it, then makes a farm dish of its own (one dealt to it
// by name order, that the cook has not started) and brings it over.
type kitchenHand struct {
	k   *call
	ask *recipesAsk
}

// The kitchen hand's intents' facts.
type (
	// sendRecipes sends To the recipes of the goal.
	sendRecipes struct{ To string }
	// reportHandedOver tells To everything was handed over; NoRecipes:
	// the cook asked for recipes it does not have; Makes: the dish it
	// makes meanwhile.
	reportHandedOver struct {
		To        string
		NoRecipes bool
		Makes     string
	}
	// handDish gives To the N of Dish it made.
	handDish struct {
		To, Dish string
		N        int
	}
)

func (r *kitchenHand) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	leader := k.g.leader()
	// Pass on recipes the cook asked for.
	if own := recipesIn(c.Goal()); len(own) > 0 && askedForRecipes(c, leader) && !sentRecipes(c) {
		return tell(sendRecipes{leader}, leader), true
	}
	// Hand over what we started with; once that is reported, what we
	// hold is for our own dish.
	if item, n := nextGift(c); item != "" && !reportedDone(c, leader) {
		return do(give{To: leader, Item: item, N: n, First: firstGift(c) && c.Inventory().Len() > 1, Does: "cook"}, "givePlayer", leader, item, n), true
	}
	mine := myDish(k)
	if !reportedDone(c, leader) || askedAfterReport(c, leader) {
		f := reportHandedOver{To: leader, NoRecipes: len(recipesIn(c.Goal())) == 0 && askedForRecipes(c, leader)}
		if mine != "" && c.Count(mine) == 0 && !gaveDish(k, mine) {
			f.Makes = mine
		}
		return tell(f, leader), true
	}
	if mine != "" {
		if c.Count(mine) > 0 {
			return do(handDish{leader, mine, c.Count(mine)}, "givePlayer", leader, mine, c.Count(mine)), true
		}
		if !gaveDish(k, mine) {
			return kitchen{k: k}.cookDishes([]mcdata.Ingredient{{Item: mine, Count: 1}}), true
		}
	}
	return standBy(c), true
}

// myDish is the dish a helper cooks besides the cook: farm-only dishes
// (no bowl, milk or other held items needed) are dealt round robin to the
// helpers, and a helper takes its one if it knows the recipe or can look
// it up in the game (it does before cooking: kitchen.cookDishes).
func myDish(k *call) string {
	c, leader := k.c, k.g.leader()
	if len(c.Team()) < 2 || k.g.isLeader() || leader == "" {
		return ""
	}
	var farm []string
	for _, d := range k.goal.Dishes {
		if d.Count == 1 && !needsHeld(d.Item, 0) {
			farm = append(farm, d.Item)
		}
	}
	// Helpers in name order take turns: each knows its turn from the
	// team's names and the agreed cook.
	var helpers []string
	for _, name := range c.Team() {
		if name != leader {
			helpers = append(helpers, name)
		}
	}
	me := slices.Index(helpers, c.Name())
	var dealt []string
	for j, d := range farm {
		if j%len(helpers) == me && (knowsRecipe(c, d) || c.Has("!getCraftingPlan")) && !cancelled(k, d) {
			dealt = append(dealt, d)
		}
	}
	// A dish it said it makes stays its dish (the cook counts on it);
	// else the first the cook has not started.
	for _, d := range dealt {
		if promised(c, d) {
			return d
		}
	}
	for _, d := range dealt {
		if !cookIsMaking(k, d) {
			return d
		}
	}
	return ""
}

// cancelled reports whether the cook told this helper it made dish
// itself.
func cancelled(k *call, dish string) bool {
	if k.c.Notes().NoNeedFor(dish) {
		return true
	}
	return slices.ContainsFunc(k.c.Messages(), func(m know.Message) bool { return m.From == k.g.leader() && slices.Contains(m.Done, dish) })
}

// promised reports whether the helper told the cook it makes dish: in
// its words, or in the memory that keeps them.
func promised(c *know.Context, dish string) bool {
	return slices.Contains(c.Said().Promised, dish) || c.Notes().Makes.Dish == dish
}

// cookIsMaking reports whether the cook's messages show it already at
// work on dish: a command that makes it, or gets its raw meat or crop
// (the cook says each step, and its replies reach the helper). A helper
// does not take on a dish the cook has started.
func cookIsMaking(k *call, dish string) bool {
	raw := cooked[dish]
	for _, m := range k.c.Messages() {
		if m.From != k.g.leader() {
			continue
		}
		// Replies queued while the helper was busy arrive joined: read
		// every command in the message.
		for _, cm := range m.Commands() {
			if len(cm.Args) == 0 {
				continue
			}
			arg := strings.Trim(cm.Args[0], `"`)
			switch cm.Name {
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
func gaveDish(k *call, dish string) bool {
	if g := k.c.Notes().Gave; g.Dish == dish && g.For == k.g.leader() {
		return true
	}
	for _, a := range k.c.Acts() {
		if a.Name == "!givePlayer" && len(a.Args) == 3 && a.Args[1] == dish && texts.SaysReceived(a.Output) {
			return true
		}
	}
	return false
}

// askedForRecipes reports whether from asked for the recipes (or the
// memory says so).
func askedForRecipes(c *know.Context, from string) bool {
	if n := c.Notes(); n.NeedsRecipes != "" && n.NeedsRecipes == from {
		return true
	}
	for _, m := range c.Messages() {
		if m.From == from && m.Has(chat.AskRecipes) {
			return true
		}
	}
	return false
}

func (r *kitchenHand) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	k.g.notes(n)
	n.DoneSoFar = progressNote(c)
	cookingNotes(k, n)
	leader := k.g.leader()
	if leader == "" {
		return
	}
	n.CookIs = leader
	if askedForRecipes(c, leader) {
		n.NeedsRecipes = leader
	}
	if saidRecipes(c) {
		n.SentRecipesTo = leader
	}
	if reportedDone(c, leader) {
		n.ToldDoneTo = leader
	}
	for _, d := range k.goal.Dishes {
		if cancelled(k, d.Item) {
			n.NoNeed = append(n.NoNeed, know.Made{Dish: d.Item, By: leader})
		}
	}
	// Only a dish it told the cook it makes: the memory keeps the helper
	// to its word, not to a guess.
	if d := myDish(k); d != "" && promised(c, d) {
		n.Makes = know.Promise{Dish: d, For: leader}
		if gaveDish(k, d) {
			n.Gave = know.Promise{Dish: d, For: leader}
		}
	}
}

func (r *kitchenHand) Phrasebook(v *voice) Phrasebook {
	r.ask.draw(v)
	return &kitchenHandWords{kitchenWords{words{k: r.k, v: v}}}
}

// kitchenHandWords say a kitchen hand's intents.
type kitchenHandWords struct{ kitchenWords }

func (w *kitchenHandWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *kitchenHandWords) say(i Intent) string {
	v, k := w.v, w.k
	switch f := i.Facts.(type) {
	case sendRecipes:
		return v.pick("Here are the recipes I have. ", "Sure, here you go. ") + recipeText(w.ctx().Goal())
	case reportHandedOver:
		mine := myDish(k)
		msg := w.doneGivingText(f.To, mine != "" && !gaveDish(k, mine))
		if f.NoRecipes {
			msg += v.pick(chat.NoRecipesWords...)
		}
		if f.Makes != "" {
			msg += " " + v.gen(fmt.Sprintf(chat.Promises, f.Makes))
		}
		return msg
	case handDish:
		mine, leader := f.Dish, f.To
		return v.compose(v.pick("the "+mine+" is ready, here you go!", "done with the "+mine+", it's yours", "here's the "+mine, "handing you the "+mine),
			[]string{v.pick(leader+" collects the dishes", "every dish goes to "+leader, leader+" serves the meal")},
			v.maybe(v.pick("that was my part", "that's my dish done", "my part of "+w.goalName()+" is done")))
	}
	s, _ := w.kitchenWords.kitchenWords(i)
	return s
}

func (w *kitchenHandWords) Progress() string { return w.progress(myDish(w.k)) }
