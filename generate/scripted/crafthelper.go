package scripted

import (
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// craftHelper is a crafting agent that does not collect: it passes the
// crafter the plan when the crafter cannot see it, gives it every item it
// holds, and reports when it has given everything.
type craftHelper struct{ k *call }

// The crafting helper's intents' facts.
type (
	// relayPlan passes the crafting plan's Steps on to To.
	relayPlan struct {
		To    string
		Steps []string
	}
	// fetchPlan looks the plan up for For, who cannot see it.
	fetchPlan struct{ For string }
	// reportDone tells To every item was handed over.
	reportDone struct{ To string }
	// planForParts looks the plan up to see which parts the helper's
	// own items make.
	planForParts struct{ For string }
	// craftPart crafts a part of the target from items the helper holds
	// (Uses), while For, the crafter, gets on with the rest; the part
	// goes to For with the other items.
	craftPart struct {
		Item, For string
		Count     int
		Uses      []mcdata.Ingredient
	}
)

func (r *craftHelper) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	leader := k.g.leader()
	// Pass on the plan when the crafter says it cannot see it.
	if c.Has("!getCraftingPlan") && r.leaderLacksPlan() && !c.Said().Has(chat.PlanRelay) && c.Notes().SentPlanTo != leader {
		acts := c.Acts()
		for i := len(acts) - 1; i >= 0; i-- {
			if a := acts[i]; a.Name == "!getCraftingPlan" && a.Output != "" {
				return tell(relayPlan{leader, mcdata.FindSteps(a.Output)}, leader), true
			}
		}
		return do(fetchPlan{leader}, "getCraftingPlan", k.goal.Target, k.goal.Count), true
	}
	// Parts its own items make are crafted here, in parallel with the
	// crafter, before they go over; so is a part the crafter asked for,
	// from the items it sent.
	if i, ok := r.parallelPart(); ok {
		return i, true
	}
	if i, ok := r.askedPart(); ok {
		return i, true
	}
	if item, n := nextGift(c); item != "" {
		return do(give{To: leader, Item: item, N: n, First: firstGift(c) && c.Inventory().Len() > 1, Does: "craft"}, "givePlayer", leader, item, n), true
	}
	if !reportedDone(c, leader) || askedAfterReport(c, leader) {
		return tell(reportDone{leader}, leader), true
	}
	return standBy(c), true
}

// parallelPart is the next step towards crafting a part of the target
// here: a look at the plan (the helper can see it and has not), or the
// craft of a plan step whose ingredients it holds (as many times as the
// plan wants and its items allow). A step qualifies when the plan the
// helper saw crafts its result (the recipe is known), it is not the target's
// own craft, no step for another item uses its ingredients (so making it takes
// nothing the crafter needs otherwise), its ingredients are items the
// helper started with (a part is made from what it holds, not from its
// own crafts), and it needs no crafting table unless the helper holds
// one. Nothing is crafted once a hand-over began or was reported.
func (r *craftHelper) parallelPart() (Intent, bool) {
	k, c := r.k, r.k.c
	leader := k.g.leader()
	if leader == "" || len(given(c)) > 0 || reportedDone(c, leader) || c.Notes().ToldDoneTo != "" {
		return Intent{}, false
	}
	seen := planSteps(c)
	if len(seen) == 0 {
		if c.Has("!getCraftingPlan") && !c.Wrote("!getCraftingPlan") && c.Inventory().Len() > 0 {
			return do(planForParts{leader}, "getCraftingPlan", k.goal.Target, max(k.goal.Count, 1)), true
		}
		return Intent{}, false
	}
	plan, err := planOf(c, k.goal.Target, max(k.goal.Count, 1))
	if err != nil || len(plan.Steps) < 2 {
		return Intent{}, false
	}
	crafted := map[string]bool{}
	for _, o := range c.System() {
		for _, item := range texts.CraftedItems(o) {
			crafted[item] = true
		}
	}
	seenResults := mcdata.StepResults("Craft " + strings.Join(seen, "\nCraft "))
	for _, st := range plan.Steps[:len(plan.Steps)-1] {
		if !slices.Contains(seenResults, st.Recipe.Result) || st.Recipe.NeedsTable && c.Count("crafting_table") == 0 {
			continue
		}
		// As many times as the plan wants and the helper's items allow.
		times := st.Times
		for _, in := range st.Recipe.Ingredients {
			times = min(times, c.Count(in.Item)/in.Count)
		}
		if times == 0 {
			continue
		}
		ok := true
		for _, in := range st.Recipe.Ingredients {
			if crafted[in.Item] {
				ok = false
			}
			for _, o := range plan.Steps {
				if o.Recipe.Result != st.Recipe.Result && o.Recipe.Need(in.Item) > 0 {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		uses := make([]mcdata.Ingredient, len(st.Recipe.Ingredients))
		for j, in := range st.Recipe.Ingredients {
			uses[j] = mcdata.Ingredient{Item: in.Item, Count: in.Count * times}
		}
		return do(craftPart{Item: st.Recipe.Result, For: leader, Count: st.Recipe.Count * times, Uses: uses}, "craftRecipe", st.Recipe.Result, times), true
	}
	return Intent{}, false
}

// leaderLacksPlan reports whether the crafter said it cannot see the
// crafting plan (or the memory says so).
func (r *craftHelper) leaderLacksPlan() bool {
	leader, c := r.k.g.leader(), r.k.c
	if n := c.Notes(); n.CannotSeePlan != "" && n.CannotSeePlan == leader {
		return true
	}
	for _, m := range c.Messages() {
		if m.From == leader && m.Has(chat.NoPlan) {
			return true
		}
	}
	return false
}

func (r *craftHelper) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	k.g.notes(n)
	n.DoneSoFar = progressNote(c)
	leader := k.g.leader()
	if leader == "" {
		return
	}
	n.CraftsFor = [2]string{leader, k.goal.Target}
	n.PlanSteps = planSteps(c)
	if r.leaderLacksPlan() {
		n.CannotSeePlan = leader
	}
	if c.Said().Has(chat.PlanRelay) || c.Notes().SentPlanTo == leader {
		n.SentPlanTo = leader
	}
	if reportedDone(c, leader) {
		n.ToldDoneTo = leader
	}
}

func (r *craftHelper) Phrasebook(v *voice) Phrasebook {
	return &craftHelperWords{words: words{k: r.k, v: v}}
}

// craftHelperWords say a crafting helper's intents.
type craftHelperWords struct{ words }

func (w *craftHelperWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *craftHelperWords) say(i Intent) string {
	v := w.v
	switch f := i.Facts.(type) {
	case relayPlan:
		return v.pick(chat.PlanRelays...) + strings.Join(f.Steps, "; ") + "."
	case fetchPlan:
		return v.pick("Let me get the plan for you.", "I can see the plan, one sec.", "Checking the crafting plan for "+f.For+".")
	case reportDone:
		return w.doneGivingText(f.To, false)
	case waitForPart:
		return v.pick("Sure, "+f.From+", I'll craft the "+f.Item+" once your items are here.",
			"Okay, the "+f.Item+" is mine. Waiting for what it takes from "+f.From+".",
			"Happy to take the "+f.Item+"; I'll start when the items arrive.")
	case craftAsked:
		return v.pick("Got the items, crafting the "+f.Item+" for "+f.For+" now.",
			"On it, "+f.For+": the "+f.Item+" as you asked.",
			"The "+f.Item+" it is; it goes back to "+f.For+" right after.")
	case planForParts:
		return v.pick("Before I hand anything over, let me see if my items make a part of "+w.goalName()+".",
			"Let me check the plan: maybe I can craft a part from what I hold while you work, "+f.For+".",
			"One look at the plan first, to see what my items turn into.")
	case craftPart:
		uses := make([]string, len(f.Uses))
		for j, in := range f.Uses {
			uses[j] = itoa(in.Count) + " " + in.Item
		}
		held, makes := strings.Join(uses, " and "), "make"
		if len(f.Uses) == 1 && f.Uses[0].Count == 1 {
			makes = "makes"
		}
		return v.compose(v.pick("I'll craft the "+f.Item+" here while "+f.For+" goes on with the rest",
			"I'm crafting the "+f.Item+" myself, then "+f.For+" gets "+itoa(f.Count)+" "+f.Item+" instead of the raw items",
			"making the "+f.Item+" on my side saves "+f.For+" a step"),
			[]string{"I hold the " + held + " the " + f.Item + " takes", "my " + held + " " + makes + " the " + f.Item,
				"the plan's " + f.Item + " comes from the " + held + " I hold"})
	}
	s, _ := w.idleWords(i)
	return s
}
