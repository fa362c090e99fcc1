package scripted

import (
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/generate"
	"collabcraft/trajectory"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// state is what the agent knows at one call, parsed from its View.
type state struct {
	v       *generate.View
	rng     *rand.Rand
	opts    Options
	persona int
	inv     map[string]int
	me      int // index in the team
	// turns of the window, classified
	msgs []message // teammates' chat, oldest first
	acts []act     // own commands with the output that followed, oldest first
	mem  string    // the memory text
	sys  []string  // system turns, oldest first

	coord      string // the agreed coordinator, once computed (leader)
	coordKnown bool

	dish string // the dish the cook's next step serves (cookDishes)
}

// message is one chat line from a teammate.
type message struct {
	from, text string
	turn       int
}

// act is one command the agent issued and what came back.
type act struct {
	name   string   // "!craftRecipe"
	args   []string // unquoted
	output string   // the system turn right after it ("" if none yet)
	turn   int
}

func newState(v *generate.View, rng *rand.Rand, opts Options) *state {
	s := &state{v: v, rng: rng, opts: opts, mem: v.Memory, me: slices.Index(v.Team, v.Name)}
	s.persona = personaOf(v.Name, v.Goal)
	s.inv = texts.Inventory(v.Inventory)
	turns := v.Turns
	if len(v.ToSummarize) > 0 { // a memory call: the folded turns are what it reads
		turns = v.ToSummarize
	}
	for i, t := range turns {
		switch t.Role {
		case "user":
			if from, text, ok := generate.ParseChatTurn(t.Content); ok {
				s.msgs = append(s.msgs, message{from: from, text: text, turn: i})
			}
		case "assistant":
			if m, ok := command.Find(t.Content); ok {
				a := act{name: m.Name, args: unquote(m.Args), turn: i}
				if i+1 < len(turns) && turns[i+1].Role == "system" {
					a.output = turns[i+1].Content
				}
				s.acts = append(s.acts, a)
			}
		case "system":
			s.sys = append(s.sys, t.Content)
			// Bounced or ended conversations arrive as system turns.
			if from, text, ok := generate.ParseEndedWith(t.Content); ok && !s.toSomeoneElse(text) {
				s.msgs = append(s.msgs, message{from: from, text: text, turn: i})
			}
		}
	}
	return s
}

// toSomeoneElse reports whether an ended conversation's last message was
// the sender opening a conversation with another teammate: its words were
// for them, not for this agent.
func (s *state) toSomeoneElse(text string) bool {
	m, ok := command.Find(text)
	return ok && m.Start == 0 && m.Name == "!startConversation" && len(m.Args) > 0 && strings.Trim(m.Args[0], `"`) != s.v.Name
}

func unquote(raw []string) []string {
	out := make([]string, len(raw))
	for i, a := range raw {
		out[i] = strings.Trim(a, `"`)
	}
	return out
}

// others are the teammates' names in team order.
func (s *state) others() []string {
	var out []string
	for _, n := range s.v.Team {
		if n != s.v.Name {
			out = append(out, n)
		}
	}
	return out
}

// leader is the teammate who collects and finishes, as agreed (roles.go);
// "" while the team has not settled it.
func (s *state) leader() string {
	if !s.coordKnown {
		s.coord, _ = s.coordinator()
		s.coordKnown = true
	}
	return s.coord
}

func (s *state) isLeader() bool { return s.leader() == s.v.Name }

// has reports whether the agent can run a command (blocked ones are not in
// its docs).
func (s *state) has(cmd string) bool {
	return strings.Contains(s.v.CommandDocs, "\n"+cmd+":")
}

// lastAct is the most recent command in the window.
func (s *state) lastAct() (act, bool) {
	if len(s.acts) == 0 {
		return act{}, false
	}
	return s.acts[len(s.acts)-1], true
}

// freshOutput is the agent's last command if its output came since the
// agent's last turn.
func (s *state) freshOutput() (act, bool) {
	a, ok := s.lastAct()
	return a, ok && a.output != "" && s.since(a.turn) <= 2
}

// said reports whether the agent wrote text containing sub (in the window,
// the turns a memory call folds, or its memory).
func (s *state) said(sub string) bool {
	// On a memory call the turns being folded count too: what they hold
	// must make it into the memory.
	for _, turns := range [][]trajectory.Message{s.v.Turns, s.v.ToSummarize} {
		for _, t := range turns {
			if t.Role == "assistant" && strings.Contains(t.Content, sub) {
				return true
			}
		}
	}
	return strings.Contains(s.mem, sub)
}

// since is how many turns ago turn i was.
func (s *state) since(i int) int { return len(s.v.Turns) - 1 - i }

// waitedLong reports whether the agent has waited for its teammates long
// enough, as it can tell from its context: three !stay in its window, or
// a memory that says it was waiting. veryLong wants six in the window or
// a memory that says the agent kept waiting.
func (s *state) waitedLong(veryLong bool) bool {
	n := s.stays()
	if veryLong {
		return n >= 6 || strings.Contains(s.mem, waitingNote) && n >= 3
	}
	return n >= 3 || strings.Contains(s.mem, waitingNote)
}

// stays counts the !stay commands in the window.
func (s *state) stays() int {
	n := 0
	for _, a := range s.acts {
		if a.name == "!stay" {
			n++
		}
	}
	return n
}

// waitingNote is what a memory keeps of an agent that ended its window
// waiting for teammates.
const waitingNote = "I have been waiting for my teammates."

// count returns how many of item the agent holds.
func (s *state) count(item string) int { return s.inv[item] }
