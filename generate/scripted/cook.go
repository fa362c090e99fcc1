package scripted

import (
	"fmt"
	"maps"
	"slices"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// cook is the cooking agent that collects everything and cooks the meal:
// it tells each teammate it collects, gets the recipes it lacks (from
// teammates, else from the game), leaves dishes helpers promised to them,
// and makes the rest.
type cook struct {
	k   *call
	ask *recipesAsk
}

// The cook's intents' facts.
type (
	// takeCooking tells To that the agent collects and cooks; Lacking:
	// the recipes it asks for.
	takeCooking struct {
		To      string
		Lacking []string
	}
	// noNeed tells Helper the cook made Dish itself.
	noNeed struct{ Helper, Dish string }
)

func (r *cook) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	dishes := k.goal.Dishes
	lacking := lackingRecipes(k)
	if o := k.g.unannounced(); o != "" {
		return tell(takeCooking{o, lacking}, o), true
	}
	if len(lacking) > 0 {
		if !waitedLong(c, false) && !noOneHasRecipes(c) {
			return do(waitForRecipes{lacking}, "stay", 5), true
		}
		// Nobody sent the recipe: look it up in the game.
		if i, ok := lookUpRecipes(c, lacking); ok {
			return i, true
		}
	}
	// A promise that crossed the cook's own work on the dish: say so, or
	// two make it.
	if h, d := crossedPromise(c); h != "" {
		return tell(noNeed{h, d}, h), true
	}
	// Dishes a helper is making are left to it; should one not arrive
	// late in the game, the cook makes it after all.
	claimed := claimed(c)
	var mine []mcdata.Ingredient
	for _, d := range dishes {
		if !claimed[d.Item] || waitedLong(c, true) {
			mine = append(mine, d)
		}
	}
	return kitchen{k: k, pooled: true}.cookDishes(mine), true
}

// noOneHasRecipes reports whether every teammate told the cook they hold
// no recipe: waiting for one is pointless.
func noOneHasRecipes(c *know.Context) bool {
	if c.Notes().NoRecipes {
		return true
	}
	for _, o := range c.Others() {
		if !slices.ContainsFunc(c.Messages(), func(m know.Message) bool { return m.From == o && m.Has(chat.NoRecipes) }) {
			return false
		}
	}
	return len(c.Others()) > 0
}

// crossedPromise is a helper's promise of a dish the cook made itself
// (its own craft or smelt gave it) that the cook has not answered yet.
func crossedPromise(c *know.Context) (helper, dish string) {
	for _, p := range claimsHeard(c) {
		if madeItself(c, p.dish) && !saidNoNeed(c, p.dish) {
			return p.from, p.dish
		}
	}
	return "", ""
}

// madeItself reports whether one of the agent's own crafts or smelts
// gave dish.
func madeItself(c *know.Context, dish string) bool {
	for _, a := range c.Acts() {
		if item, _, ok := texts.ParseCrafted(a.Output); ok && item == dish {
			return true
		}
		if _, _, out, ok := texts.ParseSmelted(a.Output); ok && out == dish {
			return true
		}
	}
	return false
}

// saidNoNeed reports whether the cook told a helper it made dish itself.
func saidNoNeed(c *know.Context, dish string) bool {
	return slices.Contains(c.Said().Done, dish) || c.Notes().NoNeedFor(dish)
}

// claimed are the dishes helpers said they make (window and memory).
func claimed(c *know.Context) map[string]bool {
	out := map[string]bool{}
	for _, d := range c.Notes().TeammatesMake {
		out[d] = true
	}
	for _, p := range claimsHeard(c) {
		out[p.dish] = true
	}
	// A dish a helper handed over is no longer theirs to make: should the
	// meal lack it again (it went into another dish), the cook makes it.
	for _, m := range c.Messages() {
		for _, cm := range m.Commands() {
			if args := unquote(cm.Args); cm.Name == "!givePlayer" && len(args) >= 2 && args[0] == c.Name() {
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
func claimsHeard(c *know.Context) []claim {
	var out []claim
	for _, m := range c.Messages() {
		for _, d := range m.Promised {
			out = append(out, claim{m.From, d})
		}
	}
	return out
}

// cookingNotes are the notes every cooking role keeps: the recipes it
// knows and what they take (dishes still to make first: when the memory
// is full, the note to lose is for a dish made or claimed), the chest,
// and who lacks what.
func cookingNotes(k *call, n *know.Notes) {
	c := k.c
	var known, lacks []string
	for _, d := range k.goal.Dishes {
		if knowsRecipe(c, d.Item) {
			known = append(known, d.Item)
		}
	}
	for _, a := range c.Acts() {
		if a.Name == "!takeFromChest" && len(a.Args) == 2 && texts.IsNotInChest(a.Output) && !slices.Contains(lacks, a.Args[0]) {
			lacks = append(lacks, a.Args[0])
		}
	}
	for _, it := range c.Notes().ChestLacks {
		if it != "" && !slices.Contains(lacks, it) {
			lacks = append(lacks, it)
		}
	}
	n.RecipesKnown = slices.Clone(known)
	claimed := claimed(c)
	settled := func(d string) bool { return claimed[d] || c.Count(d) > 0 }
	slices.SortStableFunc(known, func(a, b string) int {
		switch sa, sb := settled(a), settled(b); {
		case sa == sb:
			return 0
		case sb:
			return -1
		}
		return 1
	})
	for _, d := range known {
		if r := recipeNote(d); r != "" {
			n.RecipeNotes = append(n.RecipeNotes, know.RecipeNote{Dish: d, Takes: r})
		}
	}
	switch {
	case noChest(c):
		n.NoChest = true
	case len(lacks) > 0:
		n.ChestLacks = lacks
	}
	if listing, viewed := chestListing(c); viewed && !noChest(c) {
		n.ChestSeen, n.ChestHolds = true, listing
	}
	n.TeammatesLack = lacking(c)
}

func (r *cook) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	k.g.notes(n)
	n.DoneSoFar = progressNote(c)
	cookingNotes(k, n)
	n.CooksMeal = true
	n.NoRecipes = noOneHasRecipes(c)
	if cl := claimed(c); len(cl) > 0 {
		n.TeammatesMake = slices.Sorted(maps.Keys(cl))
		for _, d := range n.TeammatesMake {
			if saidNoNeed(c, d) {
				n.ToldNoNeed = append(n.ToldNoNeed, d)
			}
		}
	}
	n.GotAllFrom = doneSet(c)
}

func (r *cook) Phrasebook(v *voice) Phrasebook {
	r.ask.draw(v)
	return &cookWords{kitchenWords{words{k: r.k, v: v}}}
}

// cookWords say the cook's intents.
type cookWords struct{ kitchenWords }

func (w *cookWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *cookWords) say(i Intent) string {
	v, c := w.v, w.ctx()
	switch f := i.Facts.(type) {
	case takeCooking:
		dishes := w.k.goal.Dishes
		msg := w.roleReason() + v.pick("cook the meal. ", "make the "+joinAnd(dishNames(dishes))+". ", "do the cooking. ", "put the meal together. ", "take care of the cooking. ", "handle the dishes. ") +
			v.pick(chat.SendItemsCooking...)
		if len(f.Lacking) > 0 {
			msg += " " + askRecipes(v, f.Lacking)
		}
		var have string
		if c.Inventory().Len() > 0 {
			have = v.pick("I already have ", "I'm holding ", "on my side there's ") + itemList(c.Inventory().Clone())
		}
		return v.addNote(msg, have, itoa(len(dishes))+" "+agree(len(dishes), "dish", "dishes")+" to make: "+joinAnd(dishNames(dishes)))
	case noNeed:
		return fmt.Sprintf(chat.NoNeedOpening, f.Dish) + v.pick(chat.NoNeedWhy...) + v.pick(chat.NoNeedThen...)
	}
	s, _ := w.kitchenWords.kitchenWords(i)
	return s
}

func (w *cookWords) Progress() string { return w.progress(myDish(w.k)) }
