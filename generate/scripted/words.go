package scripted

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
)

// words is what every phrasebook is made of: the call (its context, goal
// and agreement) and its voice. Its methods are the words the roles
// share: waiting, handing over, reporting, the negotiation's words.
type words struct {
	k *call
	v *voice
}

func (w *words) ctx() *know.Context { return w.k.c }

// Progress says nothing by default.
func (w *words) Progress() string { return "" }

// Nod is the default nod to a teammate's message.
func (w *words) Nod(from string) string { return nod(w.v, from) }

// nod acknowledges a teammate's message that says nothing the role reads.
func nod(v *voice, from string) string {
	return v.pick("Noted, "+from, "Okay, "+from, "Thanks, "+from, "Heard you, "+from)
}

// goalName is what the team is making: the crafting target or the dishes.
func (w *words) goalName() string {
	g := w.k.goal
	ds := g.Dishes
	switch {
	case g.Target != "":
		return "the " + g.Target
	case len(ds) > 2:
		// A long list said in every message weighs more than it tells.
		return w.v.pick("the meal", "the "+itoa(len(ds))+"-dish meal", "the "+joinAnd(dishNames(ds)))
	case len(ds) > 0:
		return "the " + joinAnd(dishNames(ds))
	}
	return ""
}

// waitForItems is a collector waiting for what its teammates are sending.
type waitForItems struct{}

// waitText is a collector waiting for what its teammates are sending.
func (w *words) waitText() string {
	v := w.v
	var reasons []string
	if p := pending(w.ctx()); len(p) > 0 {
		reasons = append(reasons, v.pick(
			"I'm still waiting on "+joinAnd(p),
			"I have no word yet that "+joinAnd(p)+" "+agree(len(p), "is", "are")+" done",
			joinAnd(p)+" "+agree(len(p), "has", "have")+" not said they've sent everything",
			"the items from "+joinAnd(p)+" may still be on the way",
		))
	}
	if g := w.goalName(); g != "" {
		reasons = append(reasons, v.pick("making "+g+" has to wait a little", "I can't finish "+g+" yet", "making "+g+" takes more than I have", "what I hold isn't enough for "+g+" yet"))
	}
	return v.compose(v.say(waitPhrases), reasons)
}

// idleText is an agent whose part is done.
func (w *words) idleText() string {
	v, c := w.v, w.ctx()
	var reasons []string
	leader := w.k.g.leader()
	if gave := given(c); len(gave) > 0 && leader != "" && leader != c.Name() {
		list := itemList(gave)
		reasons = append(reasons, v.pick("I handed "+list+" to "+leader, leader+" has my "+list, "my "+list+" went to "+leader))
	}
	if g := w.goalName(); g != "" && leader != "" && leader != c.Name() {
		reasons = append(reasons, v.pick("making "+g+" is up to "+leader+" now", leader+" is on "+g, "the rest of "+g+" is in "+leader+"'s hands"))
	}
	// A note beside it some of the time: a wait says little, and says it
	// best briefly.
	var notes []string
	if v.rng.IntN(3) == 0 {
		if c.Inventory().Total() == 0 {
			notes = append(notes, v.pick("my inventory is empty", "I'm out of items", "nothing is left in my inventory"))
		}
		if leader != "" && leader != c.Name() {
			notes = append(notes, v.pick(leader+" can ask me if anything is missing", "if "+leader+" needs more, I'll hear it", "I'll answer if "+leader+" calls"))
		}
		notes = append(notes, w.hereNote())
	}
	return v.compose(v.say(idlePhrases), reasons, notes...)
}

// give is a helper handing N of Item to the collector; First is its first
// hand-over of several stacks (it says what it holds).
type give struct {
	To, Item string
	N        int
	First    bool
	Does     string // what the collector does with it: "craft", "cook"
}

// giveWords are a helper's words for a hand-over.
func (w *words) giveWords(f give) string {
	sentence := w.giveText(f.To, f.N, f.Item)
	if f.First {
		sentence = w.v.say(shareInvPhrases, f.To, itemList(w.ctx().Inventory().Clone()), f.Does)
	}
	return sentence
}

// giveText is a helper handing n of item to the collector.
func (w *words) giveText(leader string, n int, item string) string {
	v := w.v
	var notes []string
	if g := w.goalName(); g != "" {
		notes = append(notes, v.pick("it's for "+g, g+" "+agreeGoal(g, "needs", "need")+" everything we have", leader+" makes "+g, "that helps with "+g, leader+" can use it for "+g))
	}
	if left := w.ctx().Inventory().Len() - 1; left > 0 {
		notes = append(notes, v.pick(plural(left, "more stack")+" to go after this", "more follows"))
	}
	return v.addNote(v.say(givePhrases, leader, itoa(n), item), notes...)
}

// doneGivingText tells the collector everything was handed over; busy:
// the helper still makes a dish of its own (so it says not where it
// waits).
func (w *words) doneGivingText(leader string, busy bool) string {
	v, c := w.v, w.ctx()
	if reportedDone(c, leader) {
		// Asked again after reporting: the ask crossed the report (or the
		// report was lost). Say so rather than repeat the report as new.
		list := ""
		if l := itemList(given(c)); l != "" && l != "nothing" {
			list = " (" + l + ")"
		}
		return fmt.Sprintf(v.pick(chat.DoneAgain...), leader, list)
	}
	msg := v.say(chat.DoneReports, leader, itemList(given(c)))
	if g := w.goalName(); g != "" {
		msg = v.addNote(msg, v.pick("that should cover my part of "+g, "good luck with "+g+"!", "hope that's enough for "+g, "the rest of "+g+" is in your hands", "tell me if "+g+" "+agreeGoal(g, "needs", "need")+" anything else", w.whereToFindMe(busy)))
	}
	return msg
}

// heardSoFar is what the hub knows of the offers: who said what.
func (w *words) heardSoFar() (heard, missing []string) {
	c := w.ctx()
	offers := w.k.g.offers()
	for _, o := range slices.Sorted(maps.Keys(offers)) {
		if o != c.Name() && slices.Contains(c.Team(), o) {
			heard = append(heard, o+" has "+itemCount(offers[o]))
		}
	}
	for _, o := range c.Others() {
		if _, ok := offers[o]; !ok {
			missing = append(missing, o)
		}
	}
	return heard, missing
}

// roleReason is the coordinator's explanation, from the offers.
func (w *words) roleReason() string {
	v, c := w.v, w.ctx()
	offers := w.k.g.offers()
	me := offers[c.Name()]
	if goalNamesCollector(c) {
		return v.pick(chat.GoalCollects...)
	}
	// The count is stated as in an offer, so a teammate whose own offer
	// crossed this one still learns it.
	n := " (" + itemCount(me) + ")"
	for _, name := range slices.Sorted(maps.Keys(offers)) { // map order would make the words vary run to run
		if k := offers[name]; name != c.Name() && k == me {
			// A tie goes to the name that sorts first.
			return fmt.Sprintf(v.pick(chat.TiedCollects...), n, name)
		}
	}
	return fmt.Sprintf(v.pick(chat.MostCollects...), n)
}

// holdingClause says what the agent holds, its largest stacks first.
func (w *words) holdingClause() string {
	type stack struct {
		item string
		n    int
	}
	var st []stack
	for it, n := range w.ctx().Inventory().All() {
		if n > 0 && it != "dirt" && !strings.HasSuffix(it, "_pickaxe") {
			st = append(st, stack{it, n})
		}
	}
	if len(st) == 0 {
		return ""
	}
	slices.SortFunc(st, func(a, b stack) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.item, b.item)
	})
	if len(st) > 3 {
		st = st[:3]
	}
	parts := make([]string, len(st))
	for i, x := range st {
		parts[i] = itoa(x.n) + " " + x.item
	}
	list := joinAnd(parts)
	return w.v.pick("I'm holding "+list, "My inventory has "+list, "I've got "+list+" on me", "Right now I carry "+list)
}

// holdingNote is maybe what the agent holds, unless the last command's
// output is fresh: the narration says what it did, holdings included.
func (w *words) holdingNote() string {
	if _, ok := w.ctx().FreshOutput(); ok {
		return ""
	}
	return w.v.maybe(w.holdingClause())
}

// idleWords say an idle intent.
func (w *words) idleWords(i Intent) (string, bool) {
	switch i.Facts.(type) {
	case idle:
		return w.idleText(), true
	case waitForItems:
		return w.waitText(), true
	case give:
		return w.giveWords(i.Facts.(give)), true
	}
	return "", false
}
