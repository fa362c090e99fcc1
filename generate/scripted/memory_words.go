package scripted

import (
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
)

// A model's memory says more than the facts its next calls rest on: what
// the team makes and with whom, what each said it holds, what the plan
// still lacks, how long it waited and what comes next. gist says these,
// for a crafting call, from the call's own context (the folded turns,
// the old memory's notes, the goal), in words drawn from its voice. They
// are not notes: nothing reads them back, so summarize keeps only those
// that change no note and mention no item the roles look for in the
// memory (know.Mentions).

// gist are the sentences beside the notes n, in no particular order.
func (k *call) gist(v *voice, n *know.Notes) []string {
	c, target := k.c, k.goal.Target
	if target == "" {
		return nil
	}
	var out []string
	add := func(s string) {
		if s != "" {
			out = append(out, sentence(s))
		}
	}
	if o := c.Others(); len(o) > 0 {
		team := joinAnd(o)
		add(v.pick("task: "+target+" with "+team, "making "+target+" with "+team, "team "+team+" and me, goal "+target,
			"the goal is "+target+"; "+agree(len(o), "teammate ", "teammates ")+team))
	}
	if mine := ownItems(c); mine != "" {
		add(v.pick("I hold "+mine, "mine: "+mine, "on me: "+mine, "I started with "+mine))
	}
	var theirs []string
	for _, m := range c.Messages() {
		if l := heldList(m.Text); l != "" && m.Has(chat.Offer) && !m.ToOther && !slices.ContainsFunc(theirs, func(s string) bool { return strings.HasPrefix(s, m.From+" ") }) {
			theirs = append(theirs, m.From+" has "+l)
		}
	}
	if len(theirs) > 0 {
		add(v.pick("", "heard: ", "they said: ") + joinAnd(theirs))
	}
	if lacks := planLacks(c); lacks != "" {
		add(v.pick("the plan lacks "+lacks, "still missing for it: "+lacks, "nobody had "+lacks+" at the start", "to gather: "+lacks))
	}
	if s := waited(c); s > 0 {
		add(v.pick("waited "+itoa(s)+" s", "stood by "+itoa(s)+" seconds", itoa(s)+" s spent waiting"))
	}
	add(k.nextStep(v, n))
	return out
}

// nextStep is what the agent does next, as the notes and the window say.
func (k *call) nextStep(v *voice, n *know.Notes) string {
	c, target := k.c, k.goal.Target
	me, hub := c.Name(), c.Team()[0]
	next := func(s string) string { return v.pick("next: ", "then: ", "to do: ", "") + s }
	coord := n.Coordinator
	switch {
	case coord == "" && len(c.Others()) == 0:
		return ""
	case coord == "" && me == hub:
		var missing []string
		offers := k.g.offers()
		for _, o := range c.Others() {
			if _, ok := offers[o]; !ok {
				missing = append(missing, o)
			}
		}
		if len(missing) > 0 {
			return next(v.pick("hear what "+joinAnd(missing)+" "+agree(len(missing), "holds", "hold"), "get "+joinAnd(missing)+"'s counts"))
		}
		return next(v.pick("name the collector", "tell everyone who collects"))
	case coord == "":
		return next(v.pick("wait for "+hub+" to name the collector", hub+" says who collects", "learn from "+hub+" who gathers"))
	case coord == me:
		if p := pending(c); len(p) > 0 {
			return next(v.pick("get the items of "+joinAnd(p), "wait for "+joinAnd(p)+" to hand over"))
		}
		return next(v.pick("craft the "+target, "put the "+target+" together"))
	case n.ToldDoneTo != "":
		return v.pick("my part is done; "+coord+" makes the "+target, "nothing left on my side; "+target+" is up to "+coord)
	}
	return next(v.pick("hand my items to "+coord, "pass what I carry to "+coord))
}

// ownItems is what the agent holds as its context shows it: the list its
// offer said, else an !inventory output ("" when none shows it).
func ownItems(c *know.Context) string {
	for _, s := range c.Sent() {
		if s.Said.Has(chat.Offer) {
			if l := heldList(s.Text); l != "" {
				return l
			}
		}
	}
	if inv, ok := inventoryShown(c); ok {
		return itemList(inv)
	}
	return ""
}

// heldList is the list of an offer's "I have <list> (n items)" (chat.Holdings;
// "" for none, or "nothing").
func heldList(text string) string {
	i := strings.Index(text, "I have ")
	if i < 0 {
		return ""
	}
	rest := text[i+len("I have "):]
	j := strings.Index(rest, " (")
	if j <= 0 {
		return ""
	}
	l := rest[:j]
	for k := 0; k < len(l); k++ {
		if b := l[k]; !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_' || b == ' ' || b == ',') {
			return ""
		}
	}
	if l == "nothing" {
		return ""
	}
	return l
}

// planLacks are the items the last crafting plan in the window says are
// missing ("18 bamboo and 1 diamond"; "" for none).
func planLacks(c *know.Context) string {
	var out []string
	for _, a := range c.Acts() {
		if a.Name != "!getCraftingPlan" {
			continue
		}
		_, list, ok := strings.Cut(a.Output, "You are missing the following items:\n")
		if !ok {
			continue
		}
		out = out[:0]
		for line := range strings.SplitSeq(list, "\n") {
			item, ok := strings.CutPrefix(line, "- ")
			if !ok {
				break
			}
			out = append(out, item)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return joinAnd(out[:min(len(out), 3)])
}

// waited is the seconds the agent's !stay outputs say it stayed.
func waited(c *know.Context) int {
	s := 0
	for _, a := range c.Acts() {
		if a.Name != "!stay" {
			continue
		}
		if _, rest, ok := strings.Cut(a.Output, "Stayed for "); ok {
			if num, _, ok := strings.Cut(rest, " seconds"); ok {
				if k, err := strconv.Atoi(num); err == nil {
					s += k
				}
			}
		}
	}
	return s
}
