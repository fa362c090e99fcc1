package scripted

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// voice is how one call says things: its seeded randomness and the
// agent's persona. Every phrasebook draws its words from it, in the order
// the words are said, so the same call always says the same.
type voice struct {
	rng     *rand.Rand
	persona int
}

// Personas shape how an agent talks. The seat's name and its goal pick
// one, so an agent keeps its voice for the whole trial while the same
// name speaks in every voice across tasks (by name alone, Andy_0 was
// always terse).
const (
	terse = iota
	friendly
	methodical
	numPersonas
)

func personaOf(name, goal string) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write([]byte(goal))
	return int(h.Sum32() % numPersonas)
}

// pick chooses one of the options.
func (v *voice) pick(options ...string) string { return options[v.rng.IntN(len(options))] }

// say says one of a phrase's wordings in the agent's persona (fmt verbs
// with explicit indexes).
func (v *voice) say(p [numPersonas][]string, args ...any) string {
	opts := p[v.persona]
	if len(opts) == 0 {
		opts = p[friendly]
	}
	return fmt.Sprintf(opts[v.rng.IntN(len(opts))], args...)
}

// maybe is f one time in two: a fact worth saying, not every time.
func (v *voice) maybe(f string) string {
	if v.rng.IntN(2) == 0 {
		return ""
	}
	return f
}

// compose puts an intent into words with what led to it. The reasons
// and notes come from the call's own context: one reason may join the
// intent ("X, so Y", "Since X, Y", "Y. X."), and one note (a fact beside
// the point: where a level starts, what the agent holds) may follow. Which
// are said, their order and the joins come from the call's seed, so a
// routine step (waiting, reading a level, checking the house) says why in
// words that change with the state of the task.
func (v *voice) compose(intent string, reasons []string, notes ...string) string {
	reason, note := v.pickOne(reasons), v.pickOne(notes)
	tail := ""
	if note != "" {
		tail = " " + sentence(note)
	}
	if reason == "" {
		return sentence(intent) + tail
	}
	clause := func(c string) string { return strings.TrimRight(strings.TrimSpace(c), ".") }
	// A question, an exclamation or two clauses stand on their own; so
	// does a reason of two clauses ("... did not go in, I'll fix it").
	alone := strings.HasSuffix(intent, "?") || strings.ContainsAny(intent, "!;") || strings.Contains(intent, ". ") ||
		strings.Contains(reason, ";") || strings.Contains(reason, ", I'll")
	switch v.rng.IntN(4) {
	case 0:
		return sentence(reason) + " " + sentence(intent) + tail
	case 1:
		if !alone {
			return sentence(clause(reason)+", so "+lowerFirst(clause(intent))) + tail
		}
	case 2:
		if !alone {
			return sentence("Since "+lowerFirst(clause(reason))+", "+lowerFirst(clause(intent))) + tail
		}
	}
	return sentence(intent) + " " + sentence(reason) + tail
}

// pickOne is one of the non-empty facts ("" when there are none).
func (v *voice) pickOne(fs []string) string {
	var in []string
	for _, f := range fs {
		if f != "" {
			in = append(in, f)
		}
	}
	if len(in) == 0 {
		return ""
	}
	return in[v.rng.IntN(len(in))]
}

// addNote ends a message with one of the notes (facts from the call's
// context beside its point) two times in three.
func (v *voice) addNote(msg string, notes ...string) string {
	var in []string
	for _, n := range notes {
		if n != "" {
			in = append(in, n)
		}
	}
	if len(in) == 0 || v.rng.IntN(3) == 0 {
		return msg
	}
	return strings.TrimSpace(msg) + " " + sentence(in[v.rng.IntN(len(in))])
}
