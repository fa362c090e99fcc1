package know

import (
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/trajectory"
	"collabcraft/world/texts"
)

// ParseMINDcraft reads a call in MINDcraft's dialect: the prompt's
// $INVENTORY, $STATS, memory and command docs, and the turns, where a
// teammate's message is a user turn "Name: (FROM OTHER BOT)text" or the
// system turn of a conversation it ended, and the agent's commands are
// `!name(args)` in its own turns, each followed by its output. v is what
// the call's messages show (no more: the experts decide from that alone).
func ParseMINDcraft(v *generate.View) *Context {
	c := &Context{
		name: v.Name, team: v.Team, seat: slices.Index(v.Team, v.Name), taskType: v.TaskType,
		goal: v.Goal, inv: NewInventory(texts.Inventory(v.Inventory)), stats: v.Stats,
		memory: v.Memory, notes: parseNotes(v.Memory), docs: v.CommandDocs, action: v.Action,
		turns: v.Turns, folded: v.ToSummarize,
	}
	turns := v.Turns
	if len(v.ToSummarize) > 0 { // a memory call: the folded turns are what it reads
		turns = v.ToSummarize
	}
	c.open = map[string]bool{}
	for i, t := range turns {
		switch t.Role {
		case "user":
			if from, text, ok := generate.ParseChatTurn(t.Content); ok {
				c.msgs = append(c.msgs, c.message(from, text, i))
				c.open[from], c.lastSender = true, from
			}
		case "assistant":
			c.own(t.Content, i, turns)
		case "system":
			c.sys = append(c.sys, t.Content)
			// Bounced or ended conversations arrive as system turns.
			if from, text, ok := generate.ParseEndedWith(t.Content); ok {
				if !c.toSomeoneElse(text) {
					c.msgs = append(c.msgs, c.message(from, text, i))
				}
				c.end(from)
			}
		}
	}
	return c
}

// own reads the agent's own turn i: its command, and the message it sent
// (a !startConversation's, or a reply without a command that MINDcraft
// routes to the open conversation's partner); it opens and ends
// conversations as MINDcraft's conversation manager does.
func (c *Context) own(text string, i int, turns []trajectory.Message) {
	m, ok := findCommand(text)
	if !ok {
		if p := c.lastSender; p != "" && c.open[p] && strings.TrimSpace(text) != "" {
			c.sent = append(c.sent, Sent{To: p, Text: text, Turn: i, Said: parseChat(text)})
		}
		return
	}
	a := Act{Name: m.Name, Args: unquote(m.Args), Turn: i}
	if i+1 < len(turns) && turns[i+1].Role == "system" {
		a.Output = turns[i+1].Content
	}
	switch {
	case a.Name == "!startConversation" && len(a.Args) == 2:
		a.Said = parseChat(a.Args[1])
		p := a.Args[0]
		if p != c.name && slices.Contains(c.team, p) {
			for o := range c.open { // forceEndCurrentConversation
				if o != p {
					c.end(o)
				}
			}
			c.open[p] = true
			c.sent = append(c.sent, Sent{To: p, Text: a.Args[1], Turn: i, Said: a.Said})
		}
	case a.Name == "!endConversation" && len(a.Args) > 0:
		c.end(a.Args[0])
	}
	c.acts = append(c.acts, a)
}

// end is a conversation with p ending.
func (c *Context) end(p string) {
	c.open[p] = false
	if c.lastSender == p {
		c.lastSender = ""
	}
}

// talkingWith is the teammate whose message is the latest word in an open
// conversation: a chat turn from them, not followed by the conversation
// ending or the agent opening or ending one with them.
func talkingWith(turns []trajectory.Message) string {
	open := map[string]bool{}
	last := ""
	for _, t := range turns {
		switch t.Role {
		case "user":
			if from, _, ok := generate.ParseChatTurn(t.Content); ok {
				open[from], last = true, from
			}
		case "system":
			if from, _, ok := generate.ParseEndedWith(t.Content); ok {
				open[from] = false
			}
		case "assistant":
			if m, ok := findCommand(t.Content); ok && (m.Name == "!endConversation" || m.Name == "!startConversation") && len(m.Args) > 0 {
				p := strings.Trim(m.Args[0], `"`)
				open[p] = false // ended, or the partner has yet to answer
				if last == p {
					last = ""
				}
			}
		}
	}
	if last != "" && open[last] {
		return last
	}
	return ""
}

func (c *Context) message(from, text string, turn int) Message {
	return Message{From: from, Text: text, Turn: turn, Message: parseChat(text), Busy: generate.IsBusyReply(text),
		ToOther:  strings.Contains(text, "!startConversation(") && !strings.Contains(text, `!startConversation("`+c.name+`"`),
		commands: &commandList{}}
}

// toSomeoneElse reports whether an ended conversation's last message was
// the sender opening a conversation with another teammate: its words were
// for them, not for this agent.
func (c *Context) toSomeoneElse(text string) bool {
	m, ok := findCommand(text)
	return ok && m.Start == 0 && m.Name == "!startConversation" && len(m.Args) > 0 && strings.Trim(m.Args[0], `"`) != c.name
}

func unquote(raw []string) []string {
	out := make([]string, len(raw))
	for i, a := range raw {
		out[i] = strings.Trim(a, `"`)
	}
	return out
}
