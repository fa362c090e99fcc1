package scripted

import (
	"slices"
	"strconv"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/world/texts"
)

// Hand-overs: a helper gives the collector every item it holds, one
// stack at a time, and reports when it has given everything; the
// collector knows who is done from those reports. These read the call's
// context; the crafting and cooking roles share them.

// firstGift reports whether no item was handed over yet (the moment to
// tell the collector what we hold).
func firstGift(c *know.Context) bool {
	if c.Memory() != "" {
		return false
	}
	for _, a := range c.Acts() {
		if a.Name == "!givePlayer" {
			return false
		}
	}
	return true
}

// nextGift is the next item stack to hand over (name order).
func nextGift(c *know.Context) (string, int) {
	best := ""
	for item, n := range c.Inventory().All() {
		if n > 0 && (best == "" || item < best) {
			best = item
		}
	}
	return best, c.Count(best)
}

// given totals the items the agent handed over (in the window).
func given(c *know.Context) map[string]int {
	out := map[string]int{}
	for _, a := range c.Acts() {
		if a.Name == "!givePlayer" && len(a.Args) == 3 && texts.SaysReceived(a.Output) {
			n, _ := strconv.Atoi(a.Args[2])
			out[a.Args[1]] += n
		}
	}
	return out
}

// reportedDone reports whether the "I gave you everything" message went
// through (it was sent and not bounced back).
func reportedDone(c *know.Context, to string) bool {
	if c.Notes().ToldDoneTo == to {
		return true
	}
	reports, last := 0, -1
	for _, s := range c.Sent() {
		if s.To == to && s.Said.Has(chat.DoneReport) {
			reports, last = reports+1, s.Turn
		}
	}
	// A report that bounced, or got no answer at all (a restart loses
	// what was queued), is sent again, twice at most.
	return reports > 0 && !bouncedAfter(c, to, last) && (reports >= 3 || !unansweredAfter(c, to, last))
}

// unansweredAfter reports whether MINDcraft told the agent that to has
// not responded since turn.
func unansweredAfter(c *know.Context, to string, turn int) bool {
	turns := c.Turns()
	for i := turn + 1; i < len(turns); i++ {
		if t := turns[i]; t.Role == "system" && generate.IsNoResponseFrom(t.Content, to) {
			return true
		}
	}
	return false
}

// askedAfterReport reports whether the collector asked for items after
// the agent's last report (the report may never have arrived).
func askedAfterReport(c *know.Context, collector string) bool {
	last := -1
	for _, s := range c.Sent() {
		if s.To == collector && s.Said.Has(chat.DoneReport) {
			last = s.Turn
		}
	}
	for _, m := range c.Messages() {
		if m.From == collector && m.Turn > last && m.Has(chat.AskItems) {
			return true
		}
	}
	return false
}

// bouncedAfter reports whether to answered that it is talking to someone
// else after turn.
func bouncedAfter(c *know.Context, to string, turn int) bool {
	for _, m := range c.Messages() {
		if m.Turn > turn && m.From == to && m.Busy {
			return true
		}
	}
	return false
}

// lastDone is a teammate whose "I gave you everything" is in the window
// and not yet answered.
func lastDone(c *know.Context) string {
	msgs := c.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if !m.Has(chat.DoneReport) {
			continue
		}
		for _, a := range c.Acts() {
			if a.Turn > m.Turn && a.Name == "!endConversation" && len(a.Args) == 1 && a.Args[0] == m.From {
				return ""
			}
		}
		return m.From
	}
	return ""
}

// doneSet lists the teammates that said they handed over everything.
func doneSet(c *know.Context) []string {
	var out []string
	for _, o := range c.Others() {
		if slices.Contains(c.Notes().GotAllFrom, o) {
			out = append(out, o)
			continue
		}
		for _, m := range c.Messages() {
			if m.From == o && m.Has(chat.DoneReport) {
				out = append(out, o)
				break
			}
		}
	}
	return out
}

// isDone reports whether teammate o said it handed over everything.
func isDone(c *know.Context, o string) bool { return slices.Contains(doneSet(c), o) }

// helpersDone reports whether every teammate said it handed over all its
// items.
func helpersDone(c *know.Context) bool {
	done := map[string]bool{}
	for _, n := range c.Notes().GotAllFrom {
		done[n] = true
	}
	for _, m := range c.Messages() {
		if m.Has(chat.DoneReport) {
			done[m.From] = true
		}
	}
	for _, o := range c.Others() {
		if !done[o] {
			return false
		}
	}
	return true
}

// pending are the teammates that have not said they handed over all
// their items.
func pending(c *know.Context) []string {
	var out []string
	for _, o := range c.Others() {
		if !isDone(c, o) {
			out = append(out, o)
		}
	}
	return out
}

// askedRecently reports whether the agent messaged o in the last n turns.
func askedRecently(c *know.Context, o string, n int) bool {
	for _, s := range c.Sent() {
		if s.To == o && c.Since(s.Turn) < n {
			return true
		}
	}
	return false
}

// waitedLong reports whether the agent has waited for its teammates long
// enough, as it can tell from its context: three !stay in its window, or
// a memory that says it was waiting. veryLong wants six in the window or
// a memory that says the agent kept waiting.
func waitedLong(c *know.Context, veryLong bool) bool {
	n := stays(c)
	if veryLong {
		return n >= 6 || c.Notes().Waiting && n >= 3
	}
	return n >= 3 || c.Notes().Waiting
}

// stays counts the !stay commands in the window.
func stays(c *know.Context) int {
	n := 0
	for _, a := range c.Acts() {
		if a.Name == "!stay" {
			n++
		}
	}
	return n
}

// stayedLast reports whether the call's newest turn is the output of the
// agent's own !stay: nothing came in since it last waited.
func stayedLast(c *know.Context) bool {
	t := c.Turns()
	return len(t) > 0 && t[len(t)-1].Role == "system" && texts.IsStayed(t[len(t)-1].Content)
}

// idle is an agent whose part is done, waiting Seconds.
type idle struct{ Seconds int }

// standBy is a done agent's answer: wait a while, seeing the team's chat
// in batches rather than answering every line of it; with nothing new it
// says nothing at all (MINDcraft's tab).
func standBy(c *know.Context) Intent {
	if stayedLast(c) {
		return chatOnly(silence{})
	}
	return do(idle{30}, "stay", 30)
}
