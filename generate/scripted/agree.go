package scripted

import (
	"maps"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/world/texts"
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

// agreement is what a call's context says of who collects: the offers
// heard and the coordinator, once it can be known.
type agreement struct {
	c          *know.Context
	coord      string // the agreed coordinator, once computed (leader)
	coordKnown bool
}

// goalNamesCollector reports whether the goal says who gets the items
// (MINDcraft's cooking tasks of three or more agents).
func goalNamesCollector(c *know.Context) bool { return generate.GoalNamesCollector(c.Goal()) }

// offers are the holdings each agent stated: the teammates' from their
// messages and the memory, this agent's from what it said, else what its
// context shows it holds. A memory call shows no inventory: unless the
// folded turns say what the agent holds, its own count is left out (it
// is not 0), and the next call reads it from the inventory.
func (g *agreement) offers() map[string]int {
	c := g.c
	out := maps.Clone(c.Notes().Holdings)
	if out == nil {
		out = map[string]int{}
	}
	for _, m := range c.Messages() {
		if _, seen := out[m.From]; !seen && m.Has(chat.Offer) {
			out[m.From] = m.Count
		}
	}
	if _, seen := out[c.Name()]; !seen {
		if n, ok := ownCount(c); ok {
			out[c.Name()] = n
		}
	}
	return out
}

// ownCount is how many items the agent holds as its context shows it:
// the count its first offer stated, else the call's inventory, else (a
// memory call, which shows none) the last !inventory output in the
// folded turns; ok is false when the context shows none of them.
func ownCount(c *know.Context) (int, bool) {
	for _, s := range c.Sent() {
		if !s.Said.Has(chat.Collector) && s.Said.Has(chat.Offer) {
			return s.Said.Count, true
		}
	}
	if c.Folded() == nil {
		return c.Inventory().Total(), true
	}
	if inv, ok := inventoryShown(c); ok {
		n := 0
		for _, k := range inv {
			n += k
		}
		return n, true
	}
	return 0, false
}

// inventoryShown is the last !inventory output in the window, read.
func inventoryShown(c *know.Context) (map[string]int, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Name == "!inventory" && acts[i].Output != "" {
			return texts.Inventory(acts[i].Output), true
		}
	}
	return nil, false
}

// coordinator is the agent that collects, once it can be known: named by
// the goal; else the strongest claim (most items, then the name that
// sorts first) among teammates taking the role, those saying who does,
// and this agent's own; else, when every offer is in, the largest.
func (g *agreement) coordinator() (string, bool) {
	c := g.c
	if goalNamesCollector(c) {
		for _, n := range c.Team() {
			if strings.HasPrefix(strings.ToLower(n), "andy") {
				return n, true
			}
		}
	}
	if len(c.Team()) < 2 {
		return c.Name(), true
	}
	// The hub said who collects: that is settled, whatever it holds now
	// (it may have handed its items over; a memory call shows none).
	for _, s := range c.Sent() {
		if s.Said.Has(chat.Collector) && slices.Contains(c.Team(), s.Said.Collector) {
			return s.Said.Collector, true
		}
	}
	offers := g.offers()
	best, bestN := "", -1
	claim := func(name string, n int) {
		if slices.Contains(c.Team(), name) && (n > bestN || n == bestN && name < best) {
			best, bestN = name, n
		}
	}
	if n := c.Notes(); n.Coordinator != "" {
		claim(n.Coordinator, n.CoordinatorOf)
	}
	if named, ok := g.claims(offers, claim); ok {
		return named, true
	}
	if best != "" {
		return best, true
	}
	for _, n := range c.Team() {
		k, ok := offers[n]
		if !ok {
			return "", false
		}
		claim(n, k)
	}
	return best, best != ""
}

// claims makes the claims the window shows: teammates taking the role
// (with the count they state, else their offer), this agent's when a
// teammate handed it everything or it took the role itself. A teammate
// that names the collector (the hub, which heard every offer) settles
// it: named is that collector.
func (g *agreement) claims(offers map[string]int, claim func(name string, n int)) (named string, ok bool) {
	c := g.c
	for _, m := range c.Messages() {
		if m.ToOther {
			continue
		}
		switch {
		case m.Has(chat.TakeRole):
			n, ok := m.Count, m.Has(chat.Offer)
			if !ok {
				n = offers[m.From]
			}
			claim(m.From, n)
		case m.Has(chat.DoneReport): // handed this agent everything
			claim(c.Name(), offers[c.Name()])
		case m.Has(chat.Collector) && slices.Contains(c.Team(), m.Collector):
			return m.Collector, true
		}
	}
	if c.SaidInWindow().Has(chat.TakeRole) {
		claim(c.Name(), offers[c.Name()])
	}
	return "", false
}

// leader is the teammate who collects and finishes, as agreed; "" while
// the team has not settled it.
func (g *agreement) leader() string {
	if !g.coordKnown {
		g.coord, _ = g.coordinator()
		g.coordKnown = true
	}
	return g.coord
}

func (g *agreement) isLeader() bool { return g.leader() == g.c.Name() }

// unannounced is the next teammate the coordinator has not yet told that
// it collects ("" when all know: they said so, gave everything, or were
// told).
func (g *agreement) unannounced() string {
	return g.nextUntold(func(said *chat.Message) bool { return said.Has(chat.TakeRole) })
}

// untold is the next teammate the hub has not told who collects.
func (g *agreement) untold(coord string) string {
	return g.nextUntold(func(said *chat.Message) bool { return slices.Contains(said.Collectors, coord) })
}

// nextUntold is the first teammate that has not handed over everything
// and was not sent a message that says so (or it bounced); "" when none
// is left or the memory says everyone was told.
func (g *agreement) nextUntold(says func(*chat.Message) bool) string {
	c := g.c
	if n := c.Notes(); n.ToldAll || n.ToldWho {
		return ""
	}
	for _, o := range c.Others() {
		told := isDone(c, o)
		for _, s := range c.Sent() {
			if s.To == o && says(&s.Said) && !bouncedAfter(c, o, s.Turn) {
				told = true
			}
		}
		if !told {
			return o
		}
	}
	return ""
}

// offeredTo reports whether this agent's offer reached o (it was sent, not
// bounced, and o has not asked again since).
func (g *agreement) offeredTo(o string) bool {
	sent := g.c.Sent()
	for i := len(sent) - 1; i >= 0; i-- {
		s := sent[i]
		if s.To == o && s.Said.Has(chat.Offer) {
			return !bouncedAfter(g.c, o, s.Turn) && !g.askedItemsAfter(o, s.Turn)
		}
	}
	return g.c.Notes().ToldItemsTo == o && !g.askedItemsAfter(o, -1)
}

// askedItemsAfter reports whether o asked what this agent has after turn.
func (g *agreement) askedItemsAfter(o string, turn int) bool {
	for _, m := range g.c.Messages() {
		if m.From == o && m.Turn > turn && m.Has(chat.AskItems) && !m.Has(chat.Offer) {
			return true
		}
	}
	return false
}

// notes are what the memory keeps of the negotiation.
func (g *agreement) notes(n *know.Notes) {
	c := g.c
	if hellsKitchen(c) { // each cooks its own dish: nothing was negotiated
		return
	}
	if goalNamesCollector(c) {
		n.ToldAll = g.isLeader() && g.unannounced() == ""
		return
	}
	offers := g.offers()
	if coord, ok := g.coordinator(); ok {
		k, known := offers[coord]
		if !known {
			k = g.statedCount(coord) // the message that named it says
		}
		if old := c.Notes(); old.Coordinator == coord {
			k = old.CoordinatorOf // the count the role was taken with
		}
		n.Coordinator, n.CoordinatorOf = coord, k
		switch {
		case coord == c.Name() && g.unannounced() == "":
			n.ToldAll = true
		case coord != c.Name() && c.Name() == c.Team()[0] && g.untold(coord) == "":
			n.ToldWho = true
		}
		return
	}
	if hub := c.Team()[0]; hub != c.Name() && g.offeredTo(hub) {
		n.ToldItemsTo = hub
	}
	if len(offers) > 0 {
		n.Holdings = offers
	}
}

// statedCount is coord's items as the last message naming it collector
// says, or the agent's own that named it (0 when none does).
func (g *agreement) statedCount(coord string) int {
	ms := g.c.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if m := ms[i]; m.Has(chat.Collector) && m.Collector == coord && m.CollectorOf > 0 {
			return m.CollectorOf
		}
	}
	for _, s := range g.c.Sent() { // the hub's own word
		if s.Said.Has(chat.Collector) && s.Said.Collector == coord && s.Said.CollectorOf > 0 {
			return s.Said.CollectorOf
		}
	}
	return 0
}

// The negotiator is the role an agent plays while its team agrees who
// collects: it offers what it holds to the first teammate in name order,
// who hears every offer and tells the team who collects; and it answers a
// teammate that asks what it holds once that is settled. It has nothing
// to do once the team agrees and nobody asks.
type negotiator struct {
	k *call
	g *agreement
	// offer is what the agent's offer says besides its holdings: what it
	// knows of the recipes (crafting: whether it sees the plan; cooking:
	// the recipes it lacks). It is drawn before any of the negotiator's
	// words, whether the call offers or not.
	offer func(v *voice) string
}

// The negotiator's intents' facts.
type (
	// tellCollector tells teammate To who collects (it may be To).
	tellCollector struct{ To, Collector string }
	// offerItems tells the hub what the agent holds.
	offerItems struct{ To string }
	// awaitCollector waits to hear from the hub who collects.
	awaitCollector struct{ Hub string }
	// askOffer asks a teammate that has not said what it holds.
	askOffer struct{ To string }
	// awaitOffers is the hub waiting for the offers.
	awaitOffers struct{}
	// tellWhoCollects answers a teammate that asks for items once the
	// team has settled who collects.
	tellWhoCollects struct{ To, Collector string }
)

func (r *negotiator) Decide() (Intent, bool) {
	if i, ok := r.negotiate(); ok {
		return i, true
	}
	return r.answerRoleQuestion()
}

// negotiate is the opening: offers to every teammate, then waiting for
// theirs; none once the coordinator is known.
func (r *negotiator) negotiate() (Intent, bool) {
	g, c := r.g, r.g.c
	if len(c.Team()) < 2 {
		return Intent{}, false
	}
	hub := c.Team()[0]
	if coord, ok := g.coordinator(); ok {
		// The teammate that heard every offer tells the others.
		if c.Name() == hub && coord != c.Name() {
			if o := g.untold(coord); o != "" {
				return tell(tellCollector{o, coord}, o), true
			}
		}
		return Intent{}, false
	}
	// Offers go to one teammate, the first in name order, who hears them
	// all and says who holds the most: all-to-all talk would keep every
	// conversation busy.
	offers := g.offers()
	if c.Name() != hub {
		if !g.offeredTo(hub) {
			return tell(offerItems{hub}, hub), true
		}
		if stayedLast(c) {
			return chatOnly(silence{}), true // the hub's call will come as a message
		}
		return do(awaitCollector{hub}, "stay", 5), true
	}
	for _, o := range c.Others() {
		if _, ok := offers[o]; !ok && !askedRecently(c, o, 8) && stays(c) >= 2 {
			return tell(askOffer{o}, o), true
		}
	}
	return do(awaitOffers{}, "stay", 5), true
}

// answerRoleQuestion tells a teammate that asks what this agent holds,
// after the team settled who collects, who that is.
func (r *negotiator) answerRoleQuestion() (Intent, bool) {
	c := r.g.c
	coord := r.g.leader()
	if coord == "" {
		return Intent{}, false
	}
	for _, m := range c.Messages() {
		if m.From == coord || !m.Has(chat.AskItems) || m.Any(chat.Offer|chat.TakeRole) || m.ToOther {
			continue
		}
		answered := false
		for _, s := range c.Sent() {
			if s.Turn > m.Turn && s.To == m.From {
				answered = true
			}
		}
		if !answered {
			return tell(tellWhoCollects{m.From, coord}, m.From), true
		}
	}
	return Intent{}, false
}

func (r *negotiator) Notes(n *know.Notes) { r.g.notes(n) }

func (r *negotiator) Phrasebook(v *voice) Phrasebook {
	return &negotiatorWords{words: words{k: r.k, v: v}, offer: r.offer(v)}
}
