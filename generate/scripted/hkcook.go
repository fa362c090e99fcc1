package scripted

import (
	"slices"

	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
)

// hkCook plays Hell's Kitchen: each partner holds the other's recipe. It
// sends its partner the recipe it holds (the name that sorts first opens
// the conversation, the other answers in it: two openings at once lose a
// message), serves what the partner asks for, and cooks its own dish.
type hkCook struct{ k *call }

// The Hell's Kitchen cook's intents' facts.
type (
	// partnerRecipe sends the partner its recipe, for Dish: opening the
	// conversation, or (Reply) in the one the partner opened.
	partnerRecipe struct {
		Dish  string
		Reply bool
	}
	// awaitPartner waits for the partner to open the conversation.
	awaitPartner struct{ Partner, Dish string }
)

func (r *hkCook) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	partner := c.Others()[0]
	if !sentRecipes(c) {
		_, theirs, _ := procgen.ParseHellsKitchenGoal(c.Goal())
		heard := slices.ContainsFunc(c.Messages(), func(m know.Message) bool { return m.From == partner })
		switch {
		case heard:
			return chatOnly(partnerRecipe{theirs, true}), true
		case c.Name() > partner && stays(c) == 0:
			return do(awaitPartner{partner, theirs}, "stay", 3), true
		}
		return tell(partnerRecipe{theirs, false}, partner), true
	}
	if i, ok := serveRequests(c); ok {
		return i, true
	}
	dishes := k.goal.Dishes
	if len(dishes) > 0 && !knowsRecipe(c, dishes[0].Item) {
		if !waitedLong(c, false) {
			return do(waitForRecipes{[]string{dishes[0].Item}}, "stay", 5), true
		}
		if i, ok := lookUpRecipes(c, []string{dishes[0].Item}); ok {
			return i, true
		}
	}
	return kitchen{k: k}.cookDishes(dishes), true
}

func (r *hkCook) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	n.DoneSoFar = progressNote(c)
	cookingNotes(k, n)
	n.OwnDish = true
	if saidRecipes(c) {
		n.SentRecipesTo = "my partner"
	}
}

func (r *hkCook) Phrasebook(v *voice) Phrasebook {
	return &hkCookWords{kitchenWords{words{k: r.k, v: v}}}
}

// hkCookWords say the Hell's Kitchen cook's intents.
type hkCookWords struct{ kitchenWords }

func (w *hkCookWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *hkCookWords) say(i Intent) string {
	v := w.v
	switch f := i.Facts.(type) {
	case partnerRecipe:
		return w.recipeMessage(f.Dish)
	case awaitPartner:
		// The message is drawn, then kept for the partner's opening.
		w.recipeMessage(f.Dish)
		partner := f.Partner
		return v.compose(v.pick("I'll wait for "+partner+" to open", "let me hear from "+partner+" first"),
			[]string{v.pick("we each hold the other's recipe", partner+" has my recipe and I have theirs")},
			v.maybe("then I'll send the "+f.Dish+" recipe"))
	}
	s, _ := w.kitchenWords.kitchenWords(i)
	return s
}

// recipeMessage sends the partner the recipe of its dish.
func (w *hkCookWords) recipeMessage(dish string) string {
	return w.v.pick("Here's your recipe for "+dish+". ", "You need this for the "+dish+". ") + recipeText(w.ctx().Goal())
}

func (w *hkCookWords) Progress() string { return w.progress(myDish(w.k)) }
