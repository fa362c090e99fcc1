package scripted

import (
	"fmt"

	"collabcraft/generate/scripted/chat"
)

// negotiatorWords say the negotiator's intents.
type negotiatorWords struct {
	words
	offer string // what the offer says besides the holdings
}

func (w *negotiatorWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *negotiatorWords) say(i Intent) string {
	switch f := i.Facts.(type) {
	case tellCollector:
		return w.tellCollector(f)
	case offerItems:
		return w.offerText(f.To, w.offer)
	case awaitCollector:
		return w.offerWaitText(f.Hub)
	case askOffer:
		return w.askOffer(f.To)
	case awaitOffers:
		return w.hubWaitText()
	case tellWhoCollects:
		return w.tellWhoCollects(f)
	}
	return ""
}

// offerText tells a teammate what this agent holds and what it knows.
func (w *negotiatorWords) offerText(to string, about string) string {
	v, inv := w.v, w.ctx().Inventory()
	have := chat.Holdings(itemList(inv.Clone()), inv.Total())
	greet := v.pick("Hi "+to+"! ", "Hey "+to+". ", to+", ", "Hello "+to+". ")
	msg := greet + have + about + " " + v.pick(chat.OfferAsks...)
	var goal string
	if g := w.goalName(); g != "" {
		goal = v.pick("we're making "+g, "the goal is "+g, g+" "+agreeGoal(g, "is", "are")+" the goal", "it's all for "+g)
	}
	return v.addNote(msg, goal)
}

// tellCollector is the hub telling a teammate who collects.
func (w *negotiatorWords) tellCollector(f tellCollector) string {
	v, c := w.v, w.ctx()
	o, coord := f.To, f.Collector
	offers := w.k.g.offers
	counts := ""
	if v.rng.IntN(2) == 0 {
		var parts []string
		for _, n := range c.Team() {
			switch {
			case n == c.Name():
				parts = append(parts, "I have "+itoa(offers()[n]))
			case n != coord:
				parts = append(parts, n+" has "+itoa(offers()[n]))
			}
		}
		counts = " " + sentence(v.pick("for the record, ", "as for the rest, ", "")+joinAnd(parts))
	}
	k := itoa(offers()[coord])
	goal := w.goalName()
	var task string
	if goal != "" {
		task = v.pick("that makes you the one who puts "+goal+" together", goal+" is yours to make, then", "so "+goal+" gets made at your end", "you'll be making "+goal)
	}
	if o == coord {
		msg := fmt.Sprintf(v.pick(chat.CollectorIsYou...), coord, k)
		return v.addNote(msg+counts, task)
	}
	msg := fmt.Sprintf(v.pick(chat.CollectorIs...), coord, k)
	if goal != "" {
		task = v.pick(goal+" gets made by "+coord, coord+" will make "+goal)
	}
	return v.addNote(msg+counts, task)
}

// askOffer asks a teammate that has not said what it holds.
func (w *negotiatorWords) askOffer(o string) string {
	v := w.v
	ask := fmt.Sprintf(v.pick(chat.AskOffers...), o)
	if g := w.goalName(); g != "" {
		ask = v.addNote(ask, v.pick("it's for "+g, "the one with the most items makes "+g))
	}
	if heard, _ := w.heardSoFar(); len(heard) > 0 {
		ask += v.pick("", " So far: "+joinAnd(heard)+".", " I have "+itemCount(w.ctx().Inventory().Total())+" myself, "+joinAnd(heard)+".")
	}
	return ask
}

// hubWaitText is the hub waiting for the offers.
func (w *negotiatorWords) hubWaitText() string {
	v, inv := w.v, w.ctx().Inventory()
	heard, missing := w.heardSoFar()
	var reasons, notes []string
	if len(heard) > 0 {
		notes = append(notes, v.pick("so far "+joinAnd(heard), "from what I've heard, "+joinAnd(heard)))
	}
	if len(missing) > 0 {
		reasons = append(reasons, v.pick("I've heard nothing yet from "+joinAnd(missing), joinAnd(missing)+" "+agree(len(missing), "has", "have")+" not told me their items"))
	}
	notes = append(notes, w.hereNote())
	mine := itemCount(inv.Total())
	notes = append(notes, v.pick("I hold "+mine+" myself", "my own count is "+mine, "on my side there's "+itemList(inv.Clone()), "I have "+itemList(inv.Clone())))
	if g := w.goalName(); g != "" {
		notes = append(notes, v.pick("the one with the most items makes "+g, "then we'll know who makes "+g))
	}
	return v.compose(v.pick("I'll wait to hear what everyone holds", "let me wait for the others' items", "I'll wait for my teammates to say what they have", "I'll give the others a moment to answer"), reasons, notes...)
}

// offerWaitText is a teammate that made its offer, waiting to hear who
// collects.
func (w *negotiatorWords) offerWaitText(hub string) string {
	v := w.v
	n := itemCount(w.k.g.offers()[w.ctx().Name()])
	return v.compose(v.pick("I'll wait to hear who collects", "let me wait until "+hub+" has heard everyone", "I'll wait for "+hub+" to tell us who holds the most", "I'll wait for "+hub+"'s call"),
		[]string{v.pick("I told "+hub+" I have "+n, hub+" knows I hold "+n, "my offer of "+n+" is with "+hub)},
		v.maybe(v.pick("whoever holds the most collects", "the biggest holder will collect")))
}

// tellWhoCollects answers a teammate asking for items: who collects.
func (w *negotiatorWords) tellWhoCollects(f tellWhoCollects) string {
	v, coord := w.v, f.Collector
	n := itoa(w.k.g.offers()[coord])
	if coord == w.ctx().Name() {
		return fmt.Sprintf(v.pick(chat.CollectsAnswers...), n)
	}
	return fmt.Sprintf(v.pick(chat.CollectorAnswers...), coord)
}

// itemCount is "1 item" or "n items".
func itemCount(n int) string {
	if n == 1 {
		return "1 item"
	}
	return itoa(n) + " items"
}
