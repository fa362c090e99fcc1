package scripted

import (
	"maps"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
)

// Roles are agreed in conversation, never by seat or name. In crafting and
// in two-agent cooking every agent first tells each teammate what it
// holds ("I have 2 stick and 3 oak_planks (5 items)"); once an agent has
// heard every teammate, the one that holds the most items collects and
// crafts or cooks (ties go to the name that sorts first, the one rule all
// can apply alike), and the others hand over their items. Every agent
// reaches the same answer from the same offers, so no vote is needed; the
// coordinator says it takes the role, and the memory keeps who it is.
// Cooking tasks of three or more agents name the collector in the goal
// ("one single bot whose name starts with andy"), which the agents follow.

// itemCount is "1 item" or "n items".
func itemCount(n int) string {
	if n == 1 {
		return "1 item"
	}
	return itoa(n) + " items"
}

// holdings is the number of items an inventory holds.
func holdings(inv map[string]int) int {
	n := 0
	for _, c := range inv {
		n += max(c, 0)
	}
	return n
}

// offerText tells a teammate what this agent holds and what it knows.
func (s *state) offerText(to string, about string) string {
	n := holdings(s.inv)
	have := "I have nothing (0 items)"
	if n > 0 {
		have = "I have " + itemList(s.inv) + " (" + itoa(n) + " items)"
		if n == 1 {
			have = "I have " + itemList(s.inv) + " (1 item)"
		}
	}
	greet := s.pick("Hi "+to+"! ", "Hey "+to+". ", to+", ", "Hello "+to+". ")
	msg := greet + have + about + " " + s.pick(
		"Whoever holds the most should collect everything. What do you have?",
		"Let's have the one holding the most items do the collecting. What about you?",
		"The one with the most items should gather it all; what are you holding?",
		"I'd say the one with the most items collects. What do you have?",
		"Fewest hand-overs if the biggest holder collects. What are you holding?",
	)
	var goal string
	if g := s.goalName(); g != "" {
		goal = s.pick("we're making "+g, "the goal is "+g, g+" "+agreeGoal(g, "is", "are")+" the goal", "it's all for "+g)
	}
	return s.addNote(msg, goal)
}

// offers are the holdings each agent stated: the teammates' from their
// messages and the memory, this agent's from what it said.
func (s *state) offers() map[string]int {
	out := maps.Clone(s.notes.Holdings)
	if out == nil {
		out = map[string]int{}
	}
	for _, m := range s.msgs {
		if _, seen := out[m.From]; !seen && m.Has(chat.Offer) {
			out[m.From] = m.Count
		}
	}
	if _, seen := out[s.v.Name]; !seen {
		out[s.v.Name] = holdings(s.inv) // what it holds, until it says so
		for _, a := range s.acts {
			if a.Name == "!startConversation" && len(a.Args) == 2 && !a.Said.Has(chat.Collector) && a.Said.Has(chat.Offer) {
				out[s.v.Name] = a.Said.Count
				break
			}
		}
	}
	return out
}

// coordinator is the agent that collects, once it can be known: named by
// the goal; else the strongest claim (most items, then the name that
// sorts first) among teammates taking the role, those saying who does,
// and this agent's own; else, when every offer is in, the largest.
func (s *state) coordinator() (string, bool) {
	if s.goalNamesCollector() {
		for _, n := range s.v.Team {
			if strings.HasPrefix(strings.ToLower(n), "andy") {
				return n, true
			}
		}
	}
	if len(s.v.Team) < 2 {
		return s.v.Name, true
	}
	offers := s.offers()
	best, bestN := "", -1
	claim := func(name string, n int) {
		if slices.Contains(s.v.Team, name) && (n > bestN || n == bestN && name < best) {
			best, bestN = name, n
		}
	}
	countIn := func(m message) int {
		if m.Has(chat.Offer) {
			return m.Count
		}
		return offers[m.From]
	}
	if n := s.notes; n.Coordinator != "" {
		claim(n.Coordinator, n.CoordinatorOf)
	}
	for _, m := range s.msgs {
		if m.ToOther {
			continue
		}
		switch {
		case m.Has(chat.TakeRole):
			claim(m.From, countIn(m))
		case m.Has(chat.DoneReport): // handed this agent everything
			claim(s.v.Name, offers[s.v.Name])
		case m.Has(chat.Collector) && slices.Contains(s.v.Team, m.Collector):
			// The teammate that heard every offer says who it is.
			return m.Collector, true
		}
	}
	if s.c.SaidInWindow().Has(chat.TakeRole) {
		claim(s.v.Name, offers[s.v.Name])
	}
	if best != "" {
		return best, true
	}
	for _, n := range s.v.Team {
		c, ok := offers[n]
		if !ok {
			return "", false
		}
		claim(n, c)
	}
	return best, best != ""
}

// unannounced is the next teammate the coordinator has not yet told that
// it collects ("" when all know: they said so, gave everything, or were
// told).
func (s *state) unannounced() string {
	return s.nextUntold(func(said *chat.Message) bool { return said.Has(chat.TakeRole) })
}

// nextUntold is the first teammate that has not handed over everything
// and was not sent a message that says matches (or it bounced); "" when
// none is left or the memory says everyone was told.
func (s *state) nextUntold(says func(*chat.Message) bool) string {
	if s.notes.ToldAll || s.notes.ToldWho {
		return ""
	}
	for _, o := range s.others() {
		told := s.isDone(o)
		for _, a := range s.acts {
			if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == o && says(&a.Said) && !s.bouncedAfter(o, a.Turn) {
				told = true
			}
		}
		if !told {
			return o
		}
	}
	return ""
}

// What the memory keeps once the collector (memToldAll) or the hub
// (memToldWho) has told every teammate who collects.
const (
	memToldAll = "I told everyone I collect."
	memToldWho = "I told everyone who collects."
)

// goalNamesCollector reports whether the goal says who gets the items
// (MINDcraft's cooking tasks of three or more agents).
func (s *state) goalNamesCollector() bool {
	return generate.GoalNamesCollector(s.v.Goal)
}

// offeredTo reports whether this agent's offer reached o (it was sent, not
// bounced, and o has not asked again since).
func (s *state) offeredTo(o string) bool {
	for i := len(s.acts) - 1; i >= 0; i-- {
		a := s.acts[i]
		if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == o && a.Said.Has(chat.Offer) {
			return !s.bouncedAfter(o, a.Turn) && !s.askedItemsAfter(o, a.Turn)
		}
	}
	return s.notes.ToldItemsTo == o && !s.askedItemsAfter(o, -1)
}

// askedItemsAfter reports whether o asked what this agent has after turn.
func (s *state) askedItemsAfter(o string, turn int) bool {
	for _, m := range s.msgs {
		if m.From == o && m.Turn > turn && m.Has(chat.AskItems) && !m.Has(chat.Offer) {
			return true
		}
	}
	return false
}

// negotiate is the opening: offers to every teammate, then waiting for
// theirs; "" once the coordinator is known.
func (s *state) negotiate(about string) string {
	if len(s.v.Team) < 2 {
		return ""
	}
	hub := s.v.Team[0]
	if c, ok := s.coordinator(); ok {
		// The teammate that heard every offer tells the others.
		if s.v.Name == hub && c != s.v.Name {
			if o := s.untold(c); o != "" {
				counts := ""
				if s.rng.IntN(2) == 0 {
					var parts []string
					for _, n := range s.v.Team {
						switch {
						case n == s.v.Name:
							parts = append(parts, "I have "+itoa(s.offers()[n]))
						case n != c:
							parts = append(parts, n+" has "+itoa(s.offers()[n]))
						}
					}
					counts = " " + sentence(s.pick("for the record, ", "as for the rest, ", "")+joinAnd(parts))
				}
				k := itoa(s.offers()[c])
				goal := s.goalName()
				var task string
				if goal != "" {
					task = s.pick("that makes you the one who puts "+goal+" together", goal+" is yours to make, then", "so "+goal+" gets made at your end", "you'll be making "+goal)
				}
				if o == c {
					msg := s.pick("You hold the most, "+k+" items, so "+c+" collects everything: over to you.",
						"Everyone has told me their items: "+c+" collects everything, since you hold the most, "+k+" items.",
						"With "+k+" items you hold the most, so "+c+" collects everything.",
						"I've heard from the whole team, and your "+k+" items are the most: "+c+" collects everything.")
					return cmd("startConversation", o, s.addNote(msg+counts, task))
				}
				msg := s.pick(c+" collects everything: they hold the most, "+k+" items. Please send your items to "+c+".",
					"Everyone has told me their items, and "+c+" holds the most, "+k+" items, so "+c+" collects everything. Please send yours to "+c+".",
					"We have a collector: "+c+" collects everything, with the most items ("+k+"). Your items go to "+c+".",
					"The most items are with "+c+", "+k+" of them, so "+c+" collects everything. Please send yours there.")
				if goal != "" {
					task = s.pick(goal+" gets made by "+c, c+" will make "+goal)
				}
				return cmd("startConversation", o, s.addNote(msg+counts, task))
			}
		}
		return ""
	}
	// Offers go to one teammate, the first in name order, who hears them
	// all and says who holds the most: all-to-all talk would keep every
	// conversation busy.
	offers := s.offers()
	if s.v.Name != hub {
		if !s.offeredTo(hub) {
			return cmd("startConversation", hub, s.offerText(hub, about))
		}
		if s.stayedLast() {
			return "\t" // the hub's call will come as a message
		}
		return with(s.offerWaitText(hub), cmd("stay", 5))
	}
	for _, o := range s.others() {
		if _, ok := offers[o]; !ok && !s.askedRecently(o, 8) && s.stays() >= 2 {
			ask := s.pick(o+", what do you have? I haven't heard your items yet.", "What items are you holding, "+o+"? I'm collecting everyone's before we pick who gathers.",
				o+", I still need your item count before we choose who collects. What are you holding?", "I'm missing your list, "+o+": what are you holding?", "Still waiting on your items, "+o+". What do you have?")
			if g := s.goalName(); g != "" {
				ask = s.addNote(ask, s.pick("it's for "+g, "the one with the most items makes "+g))
			}
			if heard, _ := s.heardSoFar(); len(heard) > 0 {
				ask += s.pick("", " So far: "+joinAnd(heard)+".", " I have "+itemCount(holdings(s.inv))+" myself, "+joinAnd(heard)+".")
			}
			return cmd("startConversation", o, ask)
		}
	}
	return with(s.hubWaitText(), cmd("stay", 5))
}

// untold is the next teammate the hub has not told who collects.
func (s *state) untold(c string) string {
	return s.nextUntold(func(said *chat.Message) bool { return slices.Contains(said.Collectors, c) })
}

// roleFacts are what the memory keeps of the negotiation.
func (s *state) roleFacts() []string {
	if s.hellsKitchen() { // each cooks its own dish: nothing was negotiated
		return nil
	}
	if s.goalNamesCollector() {
		if s.isLeader() && s.unannounced() == "" {
			return []string{memToldAll}
		}
		return nil
	}
	offers := s.offers()
	if c, ok := s.coordinator(); ok {
		n := offers[c]
		if s.notes.Coordinator == c {
			n = s.notes.CoordinatorOf // the count the role was taken with
		}
		f := []string{"Coordinator: " + c + " (" + itemCount(n) + ")."}
		switch {
		case c == s.v.Name && s.unannounced() == "":
			f = append(f, memToldAll)
		case c != s.v.Name && s.v.Name == s.v.Team[0] && s.untold(c) == "":
			f = append(f, memToldWho)
		}
		return f
	}
	var f []string
	if hub := s.v.Team[0]; hub != s.v.Name && s.offeredTo(hub) {
		f = append(f, "Told "+hub+" my items.")
	}
	if len(offers) == 0 {
		return f
	}
	var parts []string
	for _, n := range slices.Sorted(maps.Keys(offers)) {
		parts = append(parts, n+" "+itoa(offers[n]))
	}
	return append(f, "Holdings: "+strings.Join(parts, ", ")+".")
}

// roleReason is the coordinator's explanation, from the offers.
func (s *state) roleReason() string {
	offers := s.offers()
	me := offers[s.v.Name]
	if s.goalNamesCollector() {
		return s.pick("The goal says the food goes to me, so I'll collect everything and ", "I'm the one the food should go to, so I'll gather everything and ",
			"Since all the food has to end up with me, I'll gather everything and ", "Our goal has the meal given to me, so I'll collect everything and ")
	}
	// The count is stated as in an offer, so a teammate whose own offer
	// crossed this one still learns it.
	n := " (" + itemCount(me) + ")"
	for _, name := range slices.Sorted(maps.Keys(offers)) { // map order would make the words vary run to run
		if c := offers[name]; name != s.v.Name && c == me {
			// A tie goes to the name that sorts first.
			return s.pick("We hold the same number of items"+n+" and my name comes first, so I'll gather everything and ", name+" and I hold the same"+n+", so by name order I'll collect everything and ")
		}
	}
	return s.pick("I hold the most"+n+", so I'll gather everything and ", "I have the most"+n+", so I'll collect everything and ",
		"Going by what everyone said, I hold the most"+n+"; I'll collect everything and ", "Nobody has more than me"+n+", so I'll gather everything and ")
}

// answerRoleQuestion tells a teammate that asks what this agent holds,
// after the team settled who collects, who that is.
func (s *state) answerRoleQuestion() string {
	c := s.leader()
	if c == "" {
		return ""
	}
	for _, m := range s.msgs {
		if m.From == c || !m.Has(chat.AskItems) || m.Any(chat.Offer|chat.TakeRole) || m.ToOther {
			continue
		}
		answered := false
		for _, a := range s.acts {
			if a.Turn > m.Turn && a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == m.From {
				answered = true
			}
		}
		if answered {
			continue
		}
		n := itoa(s.offers()[c])
		if c == s.v.Name {
			return cmd("startConversation", m.From, s.pick("I hold the most ("+n+" items), so I'll collect everything: please send me your items.", "I'm collecting everything, since I hold the most ("+n+" items). Please send me your items."))
		}
		return cmd("startConversation", m.From, s.pick(c+" collects everything, since they hold the most. Please send your items to "+c+".", "We settled it: "+c+" collects everything. My items already went to "+c+"; please send yours too."))
	}
	return ""
}
