package cuisine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The dispatcher's texts read back: what a scripted dispatcher, the audit
// and the tests know of a call is what these readers find in its messages.

// Rules is what RulesText tells the dispatcher.
type Rules struct {
	Notes    bool     // the inference-knowledge notes are there
	Recipes  []Recipe // in the text's order
	Objects  []string // the objects available, as listed
	Base     []string // the base ingredients among them, as listed
	Tools    []string // the tools by name, in kitchen order
	Capacity map[string]int
}

// ReadRules reads a RulesText. The rules are a trial's first message,
// read again at every dispatch call: the last texts read are kept
// (readRules was 45% of a scripted dispatcher trial's CPU), and each
// caller gets its own copy.
func ReadRules(text string) (Rules, error) {
	rulesRead.Lock()
	r, ok := rulesRead.byText[text]
	rulesRead.Unlock()
	if ok {
		return r.clone(), nil
	}
	r, err := readRules(text)
	if err != nil {
		return r, err
	}
	rulesRead.Lock()
	if len(rulesRead.byText) >= maxRulesRead {
		clear(rulesRead.byText)
	}
	rulesRead.byText[text] = r
	rulesRead.Unlock()
	return r.clone(), nil
}

// rulesRead holds the rules read from the last texts, up to maxRulesRead
// (13 levels, with and without notes, under a few hash seeds).
var rulesRead = struct {
	sync.Mutex
	byText map[string]Rules
}{byText: map[string]Rules{}}

const maxRulesRead = 64

// clone is a deep copy of r: nil slices and maps stay nil.
func (r Rules) clone() Rules {
	c := r
	if r.Recipes != nil {
		c.Recipes = make([]Recipe, len(r.Recipes))
		for i, rec := range r.Recipes {
			rec.Ingredients = slices.Clone(rec.Ingredients)
			c.Recipes[i] = rec
		}
	}
	c.Objects, c.Base, c.Tools = slices.Clone(r.Objects), slices.Clone(r.Base), slices.Clone(r.Tools)
	c.Capacity = maps.Clone(r.Capacity)
	return c
}

func readRules(text string) (Rules, error) {
	r := Rules{Capacity: map[string]int{}}
	const recipesAt = "Here are the recipes: \n"
	head, body, ok := strings.Cut(text, recipesAt)
	if !ok || !strings.HasPrefix(text, "The available actions are :\n") {
		return Rules{}, errors.New("cuisine: not the dispatcher's rules: no action list and recipes")
	}
	r.Notes = strings.Contains(head, "*** The dish will expire")
	lines := strings.Split(body, "\n")
	section := ""
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		switch {
		case strings.HasPrefix(ln, "Cook ") && strings.HasSuffix(ln, " at: "):
			rec := Recipe{Dish: strings.TrimSuffix(strings.TrimPrefix(ln, "Cook "), " at: ")}
			if i+2 >= len(lines) {
				return Rules{}, fmt.Errorf("cuisine: rules: recipe %s cut short", rec.Dish)
			}
			loc, ok1 := strings.CutPrefix(lines[i+1], " -- location: ")
			ings, ok2 := strings.CutPrefix(lines[i+2], " -- with ingredients: ")
			if !ok1 || !ok2 {
				return Rules{}, fmt.Errorf("cuisine: rules: recipe %s: expected its location and ingredients", rec.Dish)
			}
			rec.Tool = strings.TrimSuffix(loc, " ")
			for _, ing := range strings.Split(ings, ", ") {
				if ing = strings.TrimSpace(ing); ing != "" {
					rec.Ingredients = append(rec.Ingredients, ing)
				}
			}
			r.Recipes = append(r.Recipes, rec)
			i += 2
		case ln == "The following objects are available: ":
			section = "objects"
		case ln == "Among them, the following are base ingredients: ":
			section = "base"
		case strings.HasPrefix(ln, " --") && strings.Contains(ln, ") "):
			_, item, _ := strings.Cut(ln, ") ")
			item = strings.TrimSuffix(item, " ")
			switch section {
			case "objects":
				r.Objects = append(r.Objects, item)
			case "base":
				r.Base = append(r.Base, item)
			}
		case strings.HasPrefix(ln, "You can place up to "):
			section = ""
			var num, tool string
			if _, err := fmt.Sscanf(ln, "You can place up to %s item into the %s", &num, &tool); err != nil {
				return Rules{}, fmt.Errorf("cuisine: rules: %q: %v", ln, err)
			}
			c := -1
			if num != "infinite" {
				n, err := strconv.Atoi(num)
				if err != nil {
					return Rules{}, fmt.Errorf("cuisine: rules: %q: capacity %q", ln, num)
				}
				c = n
			}
			r.Capacity[tool] = c
		case strings.HasPrefix(ln, "** Only ** the following tools are available: "):
			if i+1 >= len(lines) {
				return Rules{}, errors.New("cuisine: rules: no tool list")
			}
			list, _, _ := strings.Cut(lines[i+1], "You cannot pick up these tools.")
			for _, t := range strings.Split(list, ", ") {
				if t != "" {
					r.Tools = append(r.Tools, t)
				}
			}
			i++
		}
	}
	if len(r.Tools) == 0 {
		return Rules{}, errors.New("cuisine: rules: no tool list")
	}
	return r, nil
}

// Turn is a dispatcher's user turn read back.
type Turn struct {
	// Feedback: the turn has the error and suggestion lines (not so under
	// chat_agent.py's --without_feedback).
	Feedback    bool
	Errors      []string
	Suggestions []string
	State       State
	// Actions are the lines after "-action:", the human's in the human
	// variant.
	Actions []string
}

// ReadTurn reads a user turn: feedback + suggestions + State.Prompt() +
// ActionPrompt, and the human's actions after it. The state read back has
// the text's facts: an occupied agent or tool has Busy 1, and Pickable,
// ServedAt, JustFailed and GameOver are not in the text.
func ReadTurn(text string) (Turn, error) {
	var t Turn
	const errHead, sugHead = "-execution error messages:\n  --  ", "-execution suggestions:\n  --  "
	if rest, ok := strings.CutPrefix(text, errHead); ok {
		t.Feedback = true
		list, after, ok := strings.Cut(rest, "\n")
		if !ok {
			return Turn{}, errors.New("cuisine: turn: the error messages run to the end")
		}
		var err error
		if t.Errors, err = ParsePythonList(list); err != nil {
			return Turn{}, fmt.Errorf("cuisine: turn: error messages: %w", err)
		}
		rest, ok = strings.CutPrefix(after, sugHead)
		if !ok {
			return Turn{}, errors.New("cuisine: turn: no suggestions after the error messages")
		}
		list, after, ok = strings.Cut(rest, "\n")
		if !ok {
			return Turn{}, errors.New("cuisine: turn: the suggestions run to the end")
		}
		if t.Suggestions, err = ParsePythonList(list); err != nil {
			return Turn{}, fmt.Errorf("cuisine: turn: suggestions: %w", err)
		}
		text = after
	}
	state, actions, ok := strings.Cut(text, "\n\n"+ActionPrompt)
	if !ok {
		return Turn{}, errors.New("cuisine: turn: no -action: line after the state")
	}
	s, err := ReadState(state + "\n\n")
	if err != nil {
		return Turn{}, err
	}
	t.State = s
	for _, a := range strings.Split(actions, "\n") {
		if a != "" {
			t.Actions = append(t.Actions, a)
		}
	}
	return t, nil
}

// ReadState reads State.Prompt's text back (see ReadTurn for what it
// cannot hold).
func ReadState(text string) (State, error) {
	var s State
	sections := map[string][]string{}
	cur := ""
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(ln, "-") && strings.HasSuffix(ln, ":") {
			cur = ln
			continue
		}
		if ln != "" {
			sections[cur] = append(sections[cur], ln)
		}
	}
	for _, need := range []string{"-game state:", "-agent state:", "-kitchen state:"} {
		if _, ok := sections[need]; !ok {
			return State{}, fmt.Errorf("cuisine: state: no %s section", need)
		}
	}
	for _, ln := range sections["-game state:"] {
		switch {
		case strings.HasPrefix(ln, "current game level: "):
			s.Level = strings.TrimPrefix(ln, "current game level: ")
		case strings.HasPrefix(ln, "    name: "):
			dish, life, ok := strings.Cut(strings.TrimPrefix(ln, "    name: "), " lifetime: ")
			n, err := strconv.Atoi(life)
			if !ok || err != nil {
				return State{}, fmt.Errorf("cuisine: state: order %q", ln)
			}
			s.Orders = append(s.Orders, Order{Dish: dish, Lifetime: n})
		case strings.HasPrefix(ln, "current game step: "):
			s.Step, _ = strconv.Atoi(strings.TrimPrefix(ln, "current game step: "))
		case strings.HasPrefix(ln, "maximum game steps: "):
			s.MaxSteps, _ = strconv.Atoi(strings.TrimPrefix(ln, "maximum game steps: "))
		}
	}
	for _, ln := range sections["-agent state:"] {
		pred, args, ok := predicate(ln)
		if !ok || len(args) == 0 || !strings.HasPrefix(args[0], "agent") {
			return State{}, fmt.Errorf("cuisine: state: agent line %q", ln)
		}
		i, err := strconv.Atoi(strings.TrimPrefix(args[0], "agent"))
		if err != nil || i != len(s.Agents) && i != len(s.Agents)-1 {
			return State{}, fmt.Errorf("cuisine: state: agent line %q out of order", ln)
		}
		if i == len(s.Agents) {
			s.Agents = append(s.Agents, AgentState{})
		}
		a := &s.Agents[i]
		switch {
		case pred == "at" && len(args) == 2:
			a.At = args[1]
		case pred == "hold" && len(args) == 2:
			a.Hold = noneToEmpty(args[1])
		case pred == "occupy":
			a.Busy = 1
		default:
			return State{}, fmt.Errorf("cuisine: state: agent line %q", ln)
		}
	}
	for _, ln := range sections["-kitchen state:"] {
		pred, args, ok := predicate(ln)
		switch {
		case ok && pred == "inside" && len(args) == 2:
			var content []string
			if c := noneToEmpty(args[1]); c != "" {
				content = strings.Split(c, "&")
			}
			s.Tools = append(s.Tools, ToolState{Name: args[0], Content: content})
		case ok && pred == "occupy" && len(args) == 1 && len(s.Tools) > 0 && s.Tools[len(s.Tools)-1].Name == args[0]:
			s.Tools[len(s.Tools)-1].Busy = 1
		default:
			return State{}, fmt.Errorf("cuisine: state: kitchen line %q", ln)
		}
	}
	for _, ln := range sections["-accomplished task:"] {
		for _, d := range strings.Split(ln, ", ") {
			if d = strings.TrimSpace(d); d != "" {
				s.Accomplished = append(s.Accomplished, strings.TrimSuffix(d, ","))
			}
		}
	}
	return s, nil
}

// predicate reads "name(a, b)".
func predicate(ln string) (string, []string, bool) {
	name, rest, ok := strings.Cut(ln, "(")
	if !ok || !strings.HasSuffix(rest, ")") {
		return "", nil, false
	}
	return name, strings.Split(strings.TrimSuffix(rest, ")"), ", "), true
}

func noneToEmpty(s string) string {
	if s == "None" {
		return ""
	}
	return s
}

// ParsePythonList reads Python's str() of a list of strings, as
// PythonList writes it.
func ParsePythonList(s string) ([]string, error) {
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil, fmt.Errorf("%q is not a Python list", s)
	}
	s = s[1 : len(s)-1]
	var out []string
	for s != "" {
		if len(out) > 0 {
			var ok bool
			if s, ok = strings.CutPrefix(s, ", "); !ok {
				return nil, fmt.Errorf("expected ', ' before %q", s)
			}
		}
		item, rest, err := pythonStr(s)
		if err != nil {
			return nil, err
		}
		out = append(out, item)
		s = rest
	}
	return out, nil
}

// pythonStr reads one quoted Python str literal from the start of s.
func pythonStr(s string) (string, string, error) {
	if s == "" || s[0] != '\'' && s[0] != '"' {
		return "", "", fmt.Errorf("expected a quoted string at %q", s)
	}
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == q:
			return b.String(), s[i+1:], nil
		case c == '\\' && i+1 < len(s):
			e := s[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'x', 'u', 'U':
				n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
				if i+n > len(s) {
					return "", "", fmt.Errorf("short \\%c escape", e)
				}
				v, err := strconv.ParseUint(s[i:i+n], 16, 32)
				if err != nil {
					return "", "", fmt.Errorf("bad \\%c escape %q", e, s[i:i+n])
				}
				b.WriteRune(rune(v))
				i += n
			default:
				b.WriteByte(e)
			}
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			b.WriteRune(r)
			i += size
		}
	}
	return "", "", fmt.Errorf("unterminated string %q", s)
}
