package scripted

import (
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/trajectory"
)

// reveal is the part of a call's View that its messages show, the only
// input the experts decide from: a model in the seat reads those messages
// and nothing else. Each text field is kept only if it appears in the
// messages as it is; the teammates are the names the messages mention
// (the prompt's $STATS lists the bots nearby); the goal counts only once
// the prompt shows it (MINDcraft's init message comes before the goal).
// What no message shows is dropped: the agent's seat in the team (the
// teammates come in name order), the simulated time and the call's index,
// so the experts cannot decide by them.
func reveal(req *generate.Request) generate.View {
	text := &messagesText{msgs: req.Messages}
	shown := func(s string) string {
		if s != "" && text.holds(strings.TrimSpace(s)) {
			return s
		}
		return ""
	}
	v := req.View
	out := generate.View{
		Agent:       -1,
		Name:        shown(v.Name),
		TaskType:    v.TaskType, // the task profile the prompt was rendered from
		Goal:        shown(v.Goal),
		GoalShown:   v.GoalShown && shown(v.Goal) != "",
		Memory:      shown(v.Memory),
		Stats:       shown(v.Stats),
		Inventory:   shown(v.Inventory),
		CommandDocs: shown(v.CommandDocs),
		Turns:       shownTurns(v.Turns, text),
		ToSummarize: shownTurns(v.ToSummarize, text),
		Action:      shown(v.Action),
	}
	for _, n := range v.Team {
		if n == v.Name || text.holds(n) {
			out.Team = append(out.Team, n)
		}
	}
	slices.Sort(out.Team)
	return out
}

// shownTurns keeps the turns whose text the messages hold.
func shownTurns(turns []trajectory.Message, text *messagesText) []trajectory.Message {
	out := turns[:0:0]
	for _, t := range turns {
		if text.holds(strings.TrimSpace(t.Content)) {
			out = append(out, t)
		}
	}
	return out
}

// messagesText is a call's messages read as one text, each followed by a
// newline.
type messagesText struct {
	msgs []trajectory.Message
	all  string // the joined text, once a look-up needed it
}

// holds reports whether the joined text holds s. The messages are
// searched one by one, the latest first (where the turns are); they are
// joined only for a text not found so that has a newline, which may span
// two.
func (m *messagesText) holds(s string) bool {
	if s == "" {
		return true
	}
	// A turn is most often a message as it is: found so without reading
	// the messages after it (3% of a cooking trial's CPU).
	for i := len(m.msgs) - 1; i >= 0; i-- {
		if m.msgs[i].Content == s {
			return true
		}
	}
	for i := len(m.msgs) - 1; i >= 0; i-- {
		if strings.Contains(m.msgs[i].Content, s) {
			return true
		}
	}
	if !strings.Contains(s, "\n") {
		return false
	}
	if m.all == "" && len(m.msgs) > 0 {
		var b strings.Builder
		for _, msg := range m.msgs {
			b.WriteString(msg.Content)
			b.WriteByte('\n')
		}
		m.all = b.String()
	}
	return strings.Contains(m.all, s)
}
