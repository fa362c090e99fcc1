package export

import (
	"encoding/binary"
	"fmt"
	"regexp"

	"github.com/zeebo/xxh3"

	"collabcraft/trajectory"
)

// Message is one chat turn; the run format's type is used unchanged.
type Message = trajectory.Message

// Example is one training example: the messages, whose last assistant turn
// is the target, and the metadata written beside them in Parquet and Arrow.
type Example struct {
	ID       string
	Messages []Message
	Meta     Meta
}

// Meta holds the metadata columns. Pointer fields are nullable.
type Meta struct {
	TrialID   string
	TaskID    string
	TaskType  string // the kind's name ("crafting", procgen.Kind.Name); datasets read back may hold older files' "techtree"
	Split     string // the task's own split (task file); the output split may differ
	Agent     string // the agent whose model call this is
	Step      int    // index of the model call in the agent's history (episode: the last one)
	Kind      string // the transition kind ("conversation", "react", ...), or "episode"
	Model     string
	NumAgents int    // the team's agents (not an organisation's own seats)
	Org       string // the organisation ("" = p2p), the org column
	Score     *float64
	Success   *bool
	Knobs     Knobs
	// Target is what the task's splits never share (procgen's
	// Kind.TargetOf: a farm dish, a VillagerBench structure), "" for a
	// kind without one. Not a column: manifest.json's task_targets keep
	// it, and ReadDataset reads it back from there.
	Target string
}

// Knobs are the values of a task's knob columns (see procgen.Knob.Column).
// They are immutable, so the examples of a trial share them; the zero value
// has every column null.
type Knobs struct {
	values []any // by knob column (knobColumns' order); nil is null
}

// knobIndex is the position of each knob column in Knobs.values.
var knobIndex = func() map[string]int {
	m := map[string]int{}
	for i, c := range knobCols {
		m[c.name] = i
	}
	return m
}()

// NewKnobs makes Knobs of values by knob column name ("depth",
// "hells_kitchen"): int64, string or bool as the column's type, or nil for
// null.
func NewKnobs(byColumn map[string]any) (Knobs, error) {
	k := Knobs{values: make([]any, len(knobCols))}
	for name, v := range byColumn {
		i, ok := knobIndex[name]
		if !ok {
			return Knobs{}, fmt.Errorf("export: knob %q is no task kind's knob column", name)
		}
		if v != nil && !knobCols[i].typ.checkValue(v) {
			return Knobs{}, fmt.Errorf("export: knob %q: value %v of type %T does not fit the column", name, v, v)
		}
		k.values[i] = v
	}
	return k, nil
}

// Get returns the value of a knob column (nil: null).
func (k Knobs) Get(column string) any {
	i, ok := knobIndex[column]
	if !ok {
		return nil
	}
	return k.at(i)
}

func (k Knobs) at(i int) any {
	if k.values == nil {
		return nil
	}
	return k.values[i]
}

// clone copies what m's pointers point at, so later changes by the
// example's source do not reach it.
func (m Meta) clone() Meta {
	m.Score, m.Success = clonePtr(m.Score), clonePtr(m.Success)
	return m // Knobs are immutable
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

var roleOK = map[string]bool{"system": true, "user": true, "assistant": true}

// check reports the first problem that makes ex unusable as a training
// example, naming the example and the field.
func (ex *Example) check() error {
	if ex.ID == "" {
		return fmt.Errorf("example of task %q (trial %q): empty id", ex.Meta.TaskID, ex.Meta.TrialID)
	}
	if ex.Meta.TaskID == "" {
		return fmt.Errorf("example %q: empty task id (splits are by task)", ex.ID)
	}
	if len(ex.Messages) == 0 {
		return fmt.Errorf("example %q: no messages", ex.ID)
	}
	last := -1
	for i, m := range ex.Messages {
		if !roleOK[m.Role] {
			return fmt.Errorf("example %q: message %d has role %q, expected system, user or assistant", ex.ID, i, m.Role)
		}
		if m.Role == "assistant" {
			last = i
		}
	}
	if last < 0 {
		return fmt.Errorf("example %q: no assistant message to train on", ex.ID)
	}
	return nil
}

// trimToLastAssistant drops turns after the last assistant message: an SFT
// example ends on the response it trains.
func trimToLastAssistant(msgs []Message) []Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == "assistant" {
			return msgs[:i+1]
		}
	}
	return msgs[:0]
}

// promptCompletion splits messages as TRL's conversational prompt-completion
// layout expects: the completion is the last assistant message, the prompt
// everything before it.
func promptCompletion(msgs []Message) (prompt, completion []Message) {
	n := len(msgs)
	return msgs[:n-1], msgs[n-1:]
}

// exampleHash is the identity used for exact de-duplication: a 128-bit
// XXH3 of the messages as written (roles and contents, length-prefixed so
// that no two different conversations encode the same). Metadata is not part
// of it. h is reset and reused.
func exampleHash(h *xxh3.Hasher, msgs []Message) [16]byte {
	h.Reset()
	var n [8]byte
	for _, m := range msgs {
		for _, s := range [2]string{m.Role, m.Content} {
			binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
			h.Write(n[:])
			h.WriteString(s)
		}
	}
	sum := h.Sum128()
	var out [16]byte
	binary.LittleEndian.PutUint64(out[:8], sum.Hi)
	binary.LittleEndian.PutUint64(out[8:], sum.Lo)
	return out
}

// splitNameRE is what Hugging Face accepts as a split name.
var splitNameRE = regexp.MustCompile(`^[A-Za-z0-9_]+$`)
