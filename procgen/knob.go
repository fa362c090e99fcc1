package procgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// KnobType is the type of a knob's dataset column.
type KnobType int

const (
	KnobInt    KnobType = iota // a level or count: "depth", "rooms"
	KnobString                 // a variant name: "plan"
	KnobBool                   // a yes/no setting: "hells_kitchen"
)

// Knob is one typed difficulty setting of a task kind.
type Knob struct {
	// Name is the key in a task's difficulty and the word MINDcraft's task
	// ids spell it with ("depth" in "..._depth_1"); filter and stats group
	// by it.
	Name string
	// Column is the dataset column holding it; "" if it has none.
	Column string
	Type   KnobType
	// read returns the knob as text from a task's difficulty and id.
	read func(difficulty map[string]any, taskID string) (string, bool)
}

// Text returns the knob of a task as text: the generator's difficulty value
// when the task records one, otherwise the value MINDcraft's task id spells
// (`depth_1`, `partial_plan`, `rooms_2`, `window_0`, `blocked_access_0_1`),
// so MINDcraft's own task files group too. Numbers print without a trailing
// ".0". ok is false if neither has it.
func (k *Knob) Text(difficulty map[string]any, taskID string) (string, bool) {
	return k.read(difficulty, taskID)
}

// Value returns the knob as its column's value: int64, string or bool, or
// nil when the task does not have it.
func (k *Knob) Value(difficulty map[string]any, taskID string) any {
	s, ok := k.read(difficulty, taskID)
	if !ok {
		return nil
	}
	switch k.Type {
	case KnobInt:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil
		}
		return int64(f)
	case KnobBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil
		}
		return b
	}
	if s == "" {
		return nil
	}
	return s
}

// KnobText returns the knob called name of a task, read as the kind that
// defines such a knob reads it (see Knob.Text); a name no kind defines is
// read from the difficulty or as `name_N` in the id.
func KnobText(difficulty map[string]any, taskID, name string) (string, bool) {
	for _, kind := range kinds {
		if k, ok := kind.Knob(name); ok {
			return k.Text(difficulty, taskID)
		}
	}
	return fromDifficultyOr(name, numberFromID(name))(difficulty, taskID)
}

// numberKnob is an integer knob read from the difficulty or as `name_N`.
func numberKnob(name, column string) Knob {
	return Knob{Name: name, Column: column, Type: KnobInt, read: fromDifficultyOr(name, numberFromID(name))}
}

// fromDifficultyOr reads the difficulty value key, else parses the id.
func fromDifficultyOr(key string, fromID func(id string) (string, bool)) func(map[string]any, string) (string, bool) {
	return func(difficulty map[string]any, id string) (string, bool) {
		if v, found := difficulty[key]; found && v != nil {
			switch v := v.(type) {
			case float64:
				return strconv.FormatFloat(v, 'f', -1, 64), true
			case string:
				return v, true
			default:
				return fmt.Sprint(v), true
			}
		}
		return fromID(id)
	}
}

var (
	planRE    = regexp.MustCompile(`(?:^|_)(full_plan|partial_plan|no_plan)(?:_|$)`)
	blockedRE = regexp.MustCompile(`blocked_access((?:_\d+)*)(?:_|$)`)
)

func planFromID(id string) (string, bool) {
	if m := planRE.FindStringSubmatch(id); m != nil {
		return m[1], true
	}
	return "", false
}

// blockedFromID counts the agents `blocked_access_0_1` names.
func blockedFromID(id string) (string, bool) {
	if m := blockedRE.FindStringSubmatch(id); m != nil {
		return strconv.Itoa(strings.Count(m[1], "_")), true
	}
	return "", false
}

// readVariant reads cooking's recipe variant ("hells_kitchen").
var readVariant = fromDifficultyOr("variant", numberFromID("variant"))

// hellsKitchen is whether each agent holds only the other's recipe: the
// recipe variant says so, or else MINDcraft's task id ends in
// "hells_kitchen" (absent otherwise: a MINDcraft id does not tell).
func hellsKitchen(difficulty map[string]any, id string) (string, bool) {
	if v, found := difficulty["hells_kitchen"]; found && v != nil {
		return fmt.Sprint(v), true
	}
	if v, ok := readVariant(difficulty, id); ok {
		return strconv.FormatBool(v == "hells_kitchen"), true
	}
	if strings.Contains(id, "hells_kitchen") {
		return "true", true
	}
	return "", false
}

// numberFromID parses `name_N`, or MINDcraft's singular spelling
// (`window_0`, `carpet_1`), out of a task id.
func numberFromID(name string) func(id string) (string, bool) {
	names := []string{name}
	if single := strings.TrimSuffix(name, "s"); single != name && single != "" {
		names = append(names, single)
	}
	return func(id string) (string, bool) {
		for _, n := range names {
			if m := knobRE(n).FindStringSubmatch(id); m != nil {
				return m[1], true
			}
		}
		return "", false
	}
}

var knobREs sync.Map // knob name -> *regexp.Regexp

func knobRE(name string) *regexp.Regexp {
	if re, ok := knobREs.Load(name); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(`(?:^|_)` + regexp.QuoteMeta(name) + `_(\d+)(?:_|$)`)
	knobREs.Store(name, re)
	return re
}
