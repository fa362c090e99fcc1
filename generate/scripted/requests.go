package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
)

// Requests: a teammate asks for items ("Can you give me 3 wheat?"); the
// agent gives them if it holds any, or says once that it has none, so the
// teammate asks someone else. Cooks and builders share these.

// The facts of a request served.
type (
	// serve gives To N of Item it asked for.
	serve struct {
		To, Item string
		N        int
	}
	// haveNone tells To the agent has no Item.
	haveNone struct{ To, Item string }
	// askFor asks To for N of Item.
	askFor struct {
		To, Item string
		N        int
	}
)

// serveRequests gives a teammate the items it asked for, if held.
func serveRequests(c *know.Context) (Intent, bool) {
	msgs := c.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if !m.Has(chat.Request) {
			continue
		}
		item, n := m.Want.Item, m.Want.Count
		gave := false
		for _, a := range c.Acts() {
			if a.Turn > m.Turn && a.Name == "!givePlayer" && len(a.Args) == 3 && a.Args[0] == m.From && a.Args[1] == item {
				gave = true
			}
		}
		if gave {
			continue
		}
		if c.Count(item) == 0 {
			// Say so once, so the teammate asks someone else rather than
			// asking again.
			if !answered(c, m.From, item, m.Turn) {
				return tell(haveNone{m.From, item}, m.From), true
			}
			continue
		}
		k := min(n, c.Count(item))
		return do(serve{m.From, item, k}, "givePlayer", m.From, item, k), true
	}
	return Intent{}, false
}

// requestWords say serving a request, or having none.
func (w *words) requestWords(i Intent) (string, bool) {
	v := w.v
	switch f := i.Facts.(type) {
	case serve:
		return v.pick("Sure, here's the "+f.Item+".", "Here you go, "+f.To+"."), true
	case haveNone:
		return fmt.Sprintf(v.pick(chat.HaveNone...), f.Item), true
	}
	return "", false
}

// answered reports whether this agent told o about item after turn.
func answered(c *know.Context, o, item string, turn int) bool {
	for _, s := range c.Sent() {
		if s.Turn > turn && s.To == o && strings.Contains(s.Text, item) {
			return true
		}
	}
	return false
}

// lacking are the items teammates said they have none of, as
// "item (name)", from the memory and the window.
func lacking(c *know.Context) []string {
	out := slices.Clone(c.Notes().TeammatesLack)
	for _, m := range c.Messages() {
		for _, l := range m.Lacking {
			if e := l + " (" + m.From + ")"; !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// askedFor reports whether the agent asked o for item lately, or o said
// it has none (window only).
func askedFor(c *know.Context, o, item string) bool {
	if slices.Contains(lacking(c), item+" ("+o+")") {
		return true
	}
	for _, s := range c.Sent() {
		if s.To == o && strings.Contains(s.Text, " "+item+"?") && c.Since(s.Turn) < 20 {
			return true
		}
	}
	return false
}
