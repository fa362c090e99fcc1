package cuisine

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// State is what MindAgent's all_state returns (a StepReturnType), plus the
// tools' timers and pick-up flags, which it keeps inside its objects.
type State struct {
	Level    string
	Orders   []Order // most urgent first: sorted by lifetime, then dish
	Step     int
	MaxSteps int
	GameOver bool
	// Served and ServedAt: the orders completed by the last step and the
	// tables they were served on; JustFailed: an order expired in it.
	Served       []string
	ServedAt     []string
	JustFailed   bool
	Accomplished []string // every order completed so far, in order
	Agents       []AgentState
	Tools        []ToolState
}

// AgentState is one agent: where it stands, what it holds ("" nothing) and
// for how many more steps it is occupied.
type AgentState struct {
	At   string
	Hold string
	Busy int
}

// ToolState is one kitchen location: its content in the order it went in
// (nil when empty), its busy timer, and whether it can be emptied now.
type ToolState struct {
	Name     string
	Content  []string
	Busy     int
	Pickable bool
}

// State returns the world's state after the last step (or the start).
func (w *World) State() State {
	s := State{
		Level:        w.level.Name,
		Orders:       slices.Clone(w.orders),
		Step:         w.step,
		MaxSteps:     w.cfg.MaxSteps,
		GameOver:     w.last.gameOver,
		Served:       slices.Clone(w.last.served),
		ServedAt:     slices.Clone(w.last.servedAt),
		JustFailed:   w.last.failed,
		Accomplished: slices.Clone(w.accomplished),
	}
	for _, a := range w.agents {
		s.Agents = append(s.Agents, AgentState{At: w.tools[a.at].name, Hold: a.hold, Busy: a.busy})
	}
	for _, t := range w.tools {
		s.Tools = append(s.Tools, ToolState{Name: t.name, Content: slices.Clone(t.content), Busy: t.busy, Pickable: t.pickable})
	}
	return s
}

// Errors returns the last step's execution error messages.
func (w *World) Errors() []string { return slices.Clone(w.errors) }

// Suggestions returns the last step's execution suggestions.
func (w *World) Suggestions() []string { return slices.Clone(w.suggestions) }

// The texts below are the dispatcher's view of the state, byte for byte as
// MindAgent writes them (levels/utils.py convert_to_prompt; the error and
// suggestion lines of agents/chat_agent.py).

// Prompt is convert_to_prompt: the game, agent and kitchen states and the
// accomplished tasks, ending in a blank line.
func (s State) Prompt() string {
	var b strings.Builder
	b.WriteString(s.GameStateText())
	b.WriteString("\n")
	b.WriteString(s.AgentStateText())
	b.WriteString("\n")
	b.WriteString(s.KitchenStateText())
	b.WriteString("\n")
	b.WriteString(s.AccomplishedText())
	b.WriteString("\n\n")
	return b.String()
}

// GameStateText is the "-game state:" block: the level, the orders with
// their lifetimes, the step and the episode length.
func (s State) GameStateText() string {
	var b strings.Builder
	b.WriteString("-game state:\n")
	fmt.Fprintf(&b, "current game level: %s\n", s.Level)
	b.WriteString(s.DishesText())
	fmt.Fprintf(&b, "current game step: %d\n", s.Step)
	fmt.Fprintf(&b, "maximum game steps: %d\n", s.MaxSteps)
	return b.String()
}

// DishesText is the "current dishes:" list (levels/utils.py get_goal_prompt).
func (s State) DishesText() string {
	var b strings.Builder
	b.WriteString("current dishes:\n")
	for _, o := range s.Orders {
		fmt.Fprintf(&b, "    name: %s lifetime: %d\n", o.Dish, o.Lifetime)
	}
	return b.String()
}

// AgentStateText is the "-agent state:" block: at(), hold() and, for a
// busy agent, occupy().
func (s State) AgentStateText() string {
	var b strings.Builder
	b.WriteString("-agent state:\n")
	for i, a := range s.Agents {
		fmt.Fprintf(&b, "at(agent%d, %s)\n", i, a.At)
		fmt.Fprintf(&b, "hold(agent%d, %s)\n", i, pyNone(a.Hold))
		if a.Busy > 0 {
			fmt.Fprintf(&b, "occupy(agent%d, True)\n", i)
		}
	}
	return b.String()
}

// KitchenStateText is the "-kitchen state:" block: inside() for every
// location, its items joined by '&', and occupy() for a busy one.
func (s State) KitchenStateText() string {
	var b strings.Builder
	b.WriteString("-kitchen state:\n")
	for _, t := range s.Tools {
		fmt.Fprintf(&b, "inside(%s, %s)\n", t.Name, pyNone(strings.Join(t.Content, "&")))
		if t.Busy > 0 {
			fmt.Fprintf(&b, "occupy(%s)\n", t.Name)
		}
	}
	return b.String()
}

// AccomplishedText is the "-accomplished task:" block: each completed
// order followed by ", ", on one line.
func (s State) AccomplishedText() string {
	var b strings.Builder
	b.WriteString("-accomplished task:\n")
	for _, d := range s.Accomplished {
		b.WriteString(d + ", ")
	}
	return b.String()
}

func pyNone(s string) string {
	if s == "" {
		return "None"
	}
	return s
}

// ErrorsText is the prompt's error block for a step's messages:
// "-execution error messages:\n  --  " + str(list) + "\n". The first turn
// of an episode shows it for no messages ("[]").
func ErrorsText(errors []string) string {
	return "-execution error messages:\n  --  " + PythonList(errors) + "\n"
}

// SuggestionsText is the prompt's suggestion block, in the same form.
func SuggestionsText(suggestions []string) string {
	return "-execution suggestions:\n  --  " + PythonList(suggestions) + "\n"
}

// PythonList is Python's str() of a list of strings: ['a', "it's"].
func PythonList(items []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pythonRepr(it))
	}
	b.WriteByte(']')
	return b.String()
}

// pythonRepr is Python's repr() of a str: single quotes unless the text
// holds a single quote and no double quote; backslash escapes for the
// quote, backslash, \t \n \r and characters Python does not print. Go's
// unicode.IsPrint and Python's str.isprintable agree on the classes (no
// controls, format characters, separators but the space, unassigned code
// points); their Unicode versions may differ on new characters.
func pythonRepr(s string) string {
	quote := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < ' ' || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x7f || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
