// Package know is what a scripted expert knows at one call: the call's
// context, parsed once into a typed, read-only value (Context) that every
// role decides from. The values are the dialect's facts, not its syntax:
// a teammate's message with its chat kinds (package chat), the agent's
// own commands with their outputs, its inventory, position and memory
// notes. ParseMINDcraft reads MINDcraft's prompt and turns; a dialect of
// JSON tool calls or action lines would have a parser of its own beside
// it and give the roles the same Context.
//
// A Context never changes once parsed; the slices and values its methods
// return are its own and must not be modified.
package know

import (
	"iter"
	"maps"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/trajectory"
	"collabcraft/world/command"
)

// Context is what an agent knows at one call.
type Context struct {
	name     string
	team     []string // every name the call shows, in name order
	seat     int      // name's index in team
	taskType string
	goal     string
	inv      Inventory
	stats    string
	memory   string
	notes    Notes
	docs     string // the command docs: blocked commands are left out
	action   string // bot_responder: the running action

	turns  []trajectory.Message // the window
	folded []trajectory.Message // the turns a memory call folds away
	msgs   []Message
	acts   []Act
	sent   []Sent
	sys    []string
	// The conversations open at the call, as MINDcraft's conversation
	// manager keeps them, and the teammate a reply without a command goes
	// to (agent.js routeResponse: the last bot that messaged it).
	open       map[string]bool
	lastSender string
	// Read on first use (a call reads few of them): what the agent's own
	// turns say, all together and in the window; whom it is talking with.
	said, window *chat.Message
	talking      *string
}

// Message is a teammate's message that reached the agent: a chat turn,
// or the last message of a conversation the teammate ended.
type Message struct {
	From string
	Text string
	Turn int // index in the turns it was read from
	chat.Message
	// Busy is the sender's reply that it is talking to someone else.
	Busy bool
	// ToOther is a message whose sender opened a conversation with
	// someone else in it: its words were for them.
	ToOther  bool
	commands *commandList // read on first use
}

type commandList struct {
	read bool
	list []command.Match
}

// Commands are the commands in the message, in order: replies queued
// while the agent was busy arrive joined, each with its own.
func (m Message) Commands() []command.Match {
	if m.commands == nil {
		return nil
	}
	if !m.commands.read {
		for rest := m.Text; ; {
			cm, ok := command.Find(rest)
			if !ok {
				break
			}
			m.commands.list = append(m.commands.list, cm)
			rest = rest[cm.End:]
		}
		m.commands.read = true
	}
	return m.commands.list
}

// Act is a command the agent issued and what came back.
type Act struct {
	Name   string   // "!craftRecipe"
	Args   []string // unquoted
	Output string   // the system turn right after it ("" if none yet)
	Turn   int
	// Said is what a !startConversation's message says.
	Said chat.Message
}

// Sent is a message the agent sent a teammate: a !startConversation's,
// or a reply without a command in a conversation open with them (MINDcraft
// routes it to the partner).
type Sent struct {
	To, Text string
	Turn     int
	Said     chat.Message // what the message says
}

// Arg is the act's i-th argument ("" when it has fewer).
func (a Act) Arg(i int) string {
	if i < len(a.Args) {
		return a.Args[i]
	}
	return ""
}

// Name is the agent's name.
func (c *Context) Name() string { return c.name }

// Team is every agent's name the call shows, in name order.
func (c *Context) Team() []string { return c.team }

// Seat is the agent's index in Team (-1 when the call does not show its
// name).
func (c *Context) Seat() int { return c.seat }

// Others are the teammates' names, in name order.
func (c *Context) Others() []string {
	out := make([]string, 0, len(c.team))
	for _, n := range c.team {
		if n != c.name {
			out = append(out, n)
		}
	}
	return out
}

// TaskType is the task's type ("techtree", "cooking", "construction").
func (c *Context) TaskType() string { return c.taskType }

// Goal is the goal as the agent was told it ("" before the prompt shows
// it).
func (c *Context) Goal() string { return c.goal }

// Inventory is what the agent holds.
func (c *Context) Inventory() Inventory { return c.inv }

// Count is how many of item the agent holds.
func (c *Context) Count(item string) int { return c.inv.Count(item) }

// Stats is the $STATS text.
func (c *Context) Stats() string { return c.stats }

// Memory is the agent's memory as it wrote it.
func (c *Context) Memory() string { return c.memory }

// Notes are the facts the memory keeps.
func (c *Context) Notes() *Notes { return &c.notes }

// Has reports whether the agent may run cmd ("!getCraftingPlan"): blocked
// commands are not in its docs.
func (c *Context) Has(cmd string) bool { return strings.Contains(c.docs, "\n"+cmd+":") }

// Action is the action a bot_responder call decides over
// ("action:collectBlocks").
func (c *Context) Action() string { return c.action }

// Turns are the turns in the window.
func (c *Context) Turns() []trajectory.Message { return c.turns }

// Folded are the turns a memory call folds away (nil on other calls).
func (c *Context) Folded() []trajectory.Message { return c.folded }

// Messages are the teammates' messages the agent read, oldest first.
func (c *Context) Messages() []Message { return c.msgs }

// Acts are the agent's own commands with their outputs, oldest first.
func (c *Context) Acts() []Act { return c.acts }

// Sent are the messages the agent sent, oldest first.
func (c *Context) Sent() []Sent { return c.sent }

// InConversationWith reports whether a conversation with p is open: a
// !startConversation to p then only draws MINDcraft's "already in
// conversation" warning.
func (c *Context) InConversationWith(p string) bool { return c.open[p] }

// Reaches reports whether a reply without a command reaches p: the
// conversation with p is open and p is the last bot that messaged the
// agent.
func (c *Context) Reaches(p string) bool { return p != "" && c.lastSender == p && c.open[p] }

// System are the system turns, oldest first.
func (c *Context) System() []string { return c.sys }

// LastAct is the agent's newest command.
func (c *Context) LastAct() (Act, bool) {
	if len(c.acts) == 0 {
		return Act{}, false
	}
	return c.acts[len(c.acts)-1], true
}

// FreshOutput is the agent's newest command if its output came since the
// agent's last turn.
func (c *Context) FreshOutput() (Act, bool) {
	a, ok := c.LastAct()
	return a, ok && a.Output != "" && c.Since(a.Turn) <= 2
}

// Since is how many turns of the window ago turn i was.
func (c *Context) Since(i int) int { return len(c.turns) - 1 - i }

// Said is what the agent's own turns (in the window, and those a memory
// call folds) say, all together: the kinds of chat and their facts.
func (c *Context) Said() *chat.Message {
	if c.said == nil {
		c.readOwn()
	}
	return c.said
}

// TalkingWith is the teammate whose message is the latest word in an
// open conversation ("" when there is none): while it is open, every
// reply goes to them.
func (c *Context) TalkingWith() string {
	if c.talking == nil {
		t := talkingWith(c.turns)
		c.talking = &t
	}
	return *c.talking
}

// SaidInWindow is what the agent's own turns in the window say.
func (c *Context) SaidInWindow() *chat.Message {
	if c.window == nil {
		c.readOwn()
	}
	return c.window
}

// readOwn reads the agent's own turns as chat.
func (c *Context) readOwn() {
	c.said, c.window = &chat.Message{}, &chat.Message{}
	for k, turns := range [][]trajectory.Message{c.turns, c.folded} {
		for _, t := range turns {
			if t.Role == "assistant" {
				m := parseChat(t.Content)
				c.said.Add(m)
				if k == 0 {
					c.window.Add(m)
				}
			}
		}
	}
}

// Wrote reports whether one of the agent's own turns (in the window, or
// among those a memory call folds) holds sub.
func (c *Context) Wrote(sub string) bool {
	for _, turns := range [][]trajectory.Message{c.turns, c.folded} {
		for _, t := range turns {
			if t.Role == "assistant" && strings.Contains(t.Content, sub) {
				return true
			}
		}
	}
	return false
}

// Inventory is an agent's items by name, read-only.
type Inventory struct{ m map[string]int }

// NewInventory wraps counts (which it keeps: the caller must not change
// them).
func NewInventory(counts map[string]int) Inventory { return Inventory{counts} }

// Count is how many of item it holds.
func (i Inventory) Count(item string) int { return i.m[item] }

// Len is the number of item names it lists (counts of 0 included).
func (i Inventory) Len() int { return len(i.m) }

// All yields every item and count, in no order.
func (i Inventory) All() iter.Seq2[string, int] { return maps.All(i.m) }

// Clone is a copy to change.
func (i Inventory) Clone() map[string]int {
	out := make(map[string]int, len(i.m))
	maps.Copy(out, i.m)
	return out
}

// Total is the number of items held.
func (i Inventory) Total() int {
	n := 0
	for _, c := range i.m {
		n += max(c, 0)
	}
	return n
}
