package scripted

import (
	"math/rand/v2"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/scripted/know"
)

// state is what the agent knows at one call, parsed from its View.
type state struct {
	v       *generate.View
	c       *know.Context
	rng     *rand.Rand
	opts    Options
	persona int
	inv     map[string]int
	me      int // index in the team
	// turns of the window, classified
	msgs  []message // teammates' chat, oldest first
	acts  []act     // own commands with the output that followed, oldest first
	mem   string    // the memory text
	notes *know.Notes
	sys   []string // system turns, oldest first

	coord      string // the agreed coordinator, once computed (leader)
	coordKnown bool

	dish string // the dish the cook's next step serves (cookDishes)
}

// message is one chat line from a teammate.
type message = know.Message

// act is one command the agent issued and what came back.
type act = know.Act

func newState(v *generate.View, rng *rand.Rand, opts Options) *state {
	c := know.ParseMINDcraft(v)
	s := &state{v: v, c: c, rng: rng, opts: opts, mem: v.Memory, me: c.Seat(), notes: c.Notes(),
		inv: c.Inventory().Clone(), msgs: c.Messages(), acts: c.Acts(), sys: c.System()}
	s.persona = personaOf(v.Name, v.Goal)
	return s
}

// unquote strips the quotes of raw command arguments.
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
	return a, ok && a.Output != "" && s.since(a.Turn) <= 2
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
		return n >= 6 || s.notes.Waiting && n >= 3
	}
	return n >= 3 || s.notes.Waiting
}

// stays counts the !stay commands in the window.
func (s *state) stays() int {
	n := 0
	for _, a := range s.acts {
		if a.Name == "!stay" {
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
