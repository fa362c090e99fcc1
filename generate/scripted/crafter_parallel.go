package scripted

import (
	"slices"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
)

// Work shared the other way: once every helper handed over, the crafter
// holds everything and knows the plan. When the plan has a part no other
// step's ingredients go into (logs into planks, ink sacs into dye) and
// something else to craft meanwhile, the crafter asks an idle helper to
// craft that part, saying the plan's step, hands it the ingredients, and
// crafts the rest while the part comes back.

// The crafter's and the helper's facts for a shared part.
type (
	// sharePart asks To to craft Step (a plan line) while the crafter
	// crafts Meanwhile or gets the Gather nobody had.
	sharePart struct {
		To, Step, Item, Meanwhile, Gather string
	}
	// sendForPart hands To the N of Item the part takes.
	sendForPart struct {
		To, Item, Part string
		N              int
	}
	// craftAsked crafts the part the crafter asked for, from the items it
	// sent.
	craftAsked struct {
		For, Item string
		Times     int
	}
	// waitForPart waits for the items From sends for the part Item.
	waitForPart struct{ From, Item string }
)

// stepOf reads a plan line ("Craft 2 oak_log -> 8 oak_planks") as the
// step it is: the recipe for its result that writes the same line.
func stepOf(line string) (mcdata.Step, bool) {
	res := mcdata.StepResults(line)
	if len(res) != 1 {
		return mcdata.Step{}, false
	}
	for _, r := range mcdata.PlanRecipes(res[0]) {
		for times := 1; times <= 64; times++ {
			st := mcdata.Step{Recipe: r, Times: times}
			if st.String() == line {
				return st, true
			}
		}
	}
	return mcdata.Step{}, false
}

// sharedPart is the part the crafter asked a helper for (the step of its
// message, and to whom), if it did, in the window.
func sharedPart(c *know.Context) (mcdata.Step, string, bool) {
	sent := c.Sent()
	for i := len(sent) - 1; i >= 0; i-- {
		for _, line := range mcdata.FindSteps(sent[i].Text) {
			if st, ok := stepOf(line); ok {
				return st, sent[i].To, true
			}
		}
	}
	return mcdata.Step{}, "", false
}

// shareWork is the crafter's next step of a shared part: asking for it,
// handing over what it takes, or crafting something else (or waiting)
// until it comes back. A part that does not come back in a long while
// is the crafter's again (the plan's missing items, as before).
func (r *crafter) shareWork(plan *mcdata.Plan, done bool) (Intent, bool) {
	c := r.k.c
	st, to, ok := sharedPart(c)
	if !ok {
		return r.askForPart(plan, done)
	}
	item := st.Recipe.Result
	sent := given(c)
	for _, in := range st.Recipe.Ingredients {
		n := in.Count*st.Times - sent[in.Item]
		if n > 0 && c.Count(in.Item) >= n {
			return do(sendForPart{To: to, Item: in.Item, Part: item, N: n}, "givePlayer", to, in.Item, n), true
		}
	}
	if !slices.ContainsFunc(plan.Steps, func(s mcdata.Step) bool { return s.Recipe.Result == item }) || waitedLong(c, true) {
		return Intent{}, false // the part is here (or will not come)
	}
	for i, s := range plan.Steps {
		if s.Recipe.Result != item && s.Recipe.Need(item) == 0 && holdsAll(c, s) && (!s.Recipe.NeedsTable || c.Count("crafting_table") > 0) {
			return do(craftStep{s.Recipe.Result, plan, i == len(plan.Steps)-1}, "craftRecipe", s.Recipe.Result, s.Times), true
		}
	}
	// What the rest lacks, as if the part were here, is gathered
	// meanwhile (not what the part takes: the helper has that).
	inv := c.Inventory().Clone()
	inv[item] += st.Recipe.Count * st.Times
	if rest, err := newPlan(inv, r.k.goal.Target, max(r.k.goal.Count, 1)); err == nil && len(rest.Missing) > 0 {
		return r.findMissing(rest, done, true), true
	}
	return do(waitForItems{}, "stay", 5), true
}

// askForPart asks an idle helper for a part, when every helper handed
// over and the plan has a part to give away (its ingredients, all held,
// go into nothing else, no table needed) and the crafter has other work
// meanwhile: a step it can craft (nothing of the part in it), or items
// nobody had to gather.
func (r *crafter) askForPart(plan *mcdata.Plan, done bool) (Intent, bool) {
	c := r.k.c
	if !done || len(plan.Steps) < 2 || len(c.Others()) == 0 {
		return Intent{}, false
	}
	helper := ""
	for _, o := range c.Others() {
		if isDone(c, o) {
			helper = o
			break
		}
	}
	if helper == "" {
		return Intent{}, false
	}
	steps := plan.Steps[:len(plan.Steps)-1]
	for _, s := range steps {
		if s.Recipe.NeedsTable || !holdsAll(c, s) || !onlyFor(plan, s) {
			continue
		}
		if len(plan.Missing) > 0 {
			return tell(sharePart{To: helper, Step: s.String(), Item: s.Recipe.Result, Gather: plan.Missing[0].Item}, helper), true
		}
		for _, t := range steps {
			if t.Recipe.Result == s.Recipe.Result || t.Recipe.Need(s.Recipe.Result) > 0 || !holdsAll(c, t) ||
				t.Recipe.NeedsTable && c.Count("crafting_table") == 0 || shares(s, t) {
				continue
			}
			return tell(sharePart{To: helper, Step: s.String(), Item: s.Recipe.Result, Meanwhile: t.Recipe.Result}, helper), true
		}
	}
	return Intent{}, false
}

// onlyFor reports whether no step for another item of the plan uses s's
// ingredients.
func onlyFor(plan *mcdata.Plan, s mcdata.Step) bool {
	for _, in := range s.Recipe.Ingredients {
		for _, o := range plan.Steps {
			if o.Recipe.Result != s.Recipe.Result && o.Recipe.Need(in.Item) > 0 {
				return false
			}
		}
	}
	return true
}

// shares reports whether two steps use an ingredient in common.
func shares(s, t mcdata.Step) bool {
	return slices.ContainsFunc(s.Recipe.Ingredients, func(in mcdata.Ingredient) bool { return t.Recipe.Need(in.Item) > 0 })
}

// askedPart is the part the crafter asked this helper for, when the
// helper now holds what it takes and has not crafted it since: the step
// of the crafter's newest message with one.
func (r *craftHelper) askedPart() (Intent, bool) {
	c, leader := r.k.c, r.k.g.leader()
	msgs := c.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.From != leader || !mcdata.HasStep(m.Text) {
			continue
		}
		var st mcdata.Step
		ok := false
		for _, line := range mcdata.FindSteps(m.Text) {
			if st, ok = stepOf(line); ok {
				break
			}
		}
		if !ok {
			return Intent{}, false
		}
		waits := 0
		for _, a := range c.Acts() {
			if a.Turn < m.Turn {
				continue
			}
			if a.Name == "!craftRecipe" && a.Arg(0) == st.Recipe.Result && strings.Contains(a.Output, "Successfully crafted") {
				return Intent{}, false
			}
			if a.Name == "!stay" {
				waits++
			}
		}
		if holdsAll(c, st) {
			return do(craftAsked{For: leader, Item: st.Recipe.Result, Times: st.Times}, "craftRecipe", st.Recipe.Result, st.Times), true
		}
		if waits < 4 { // the items are on their way
			return do(waitForPart{From: leader, Item: st.Recipe.Result}, "stay", 5), true
		}
		return Intent{}, false
	}
	return Intent{}, false
}
