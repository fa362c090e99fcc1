package cuisine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// action is one parsed action line.
type action struct {
	text  string
	verb  string
	agent int    // -1: outside the team (refused after parsing)
	id    string // the agent id as MindAgent prints it: int(...) in decimal
	item  string // get's item, "" for none
	tool  int    // index into World.tools; -1 for none
}

var verbs = []string{"noop", "goto", "get", "put", "activate"}

// parse is MindAgent's validate_n_parse: the first bad action refuses the
// whole list with its message; then no agent may act twice. After those
// checks come two refusals of ours, where MindAgent's game does not refuse
// but crashes or misreads (cuisine/testdata/mindagent/cases.json records
// what it does): an agent id outside the team (an IndexError mid-step,
// after the earlier actions ran; a negative id acts for an agent counted
// from the end) is "agent id not found", its text for an id it cannot read;
// and a verb other than noop with no tool (an AttributeError) is "not
// enough arguments", its text for a wrong number of parts.
func (w *World) parse(actions []string) ([]action, bool) {
	out := make([]action, 0, len(actions))
	for _, text := range actions {
		parts := strings.Split(text, "_")
		if len(parts) < 2 || len(parts) > 4 {
			w.fail("not enough arguments for action " + text)
			return nil, false
		}
		a := action{text: text, verb: parts[0], tool: -1}
		if !slices.Contains(verbs, a.verb) {
			w.fail(a.verb + " is not in the list of supported actions")
			return nil, false
		}
		n, id, ok := pythonInt(strings.ReplaceAll(parts[1], "agent", ""))
		if !ok {
			w.fail("agent id not found")
			return nil, false
		}
		a.id = id
		a.agent = n
		if n < 0 || n >= len(w.agents) {
			a.agent = -1
		}
		switch len(parts) {
		case 3:
			// MindAgent then refuses `get` from a tool named "storage",
			// which no tool is (names end in a digit): never reached.
			t, ok := w.index[parts[2]]
			if !ok {
				w.fail(fmt.Sprintf("for agent%s, tool %s is not in the current game level", id, parts[2]))
				return nil, false
			}
			a.tool = t
		case 4:
			if a.verb != "get" && a.verb != "put" {
				return nil, false // refused without a message, as MindAgent does
			}
			t, ok := w.index[parts[3]]
			if !ok {
				w.fail(fmt.Sprintf("for agent%s, tool %s is not in the current game level", id, parts[3]))
				return nil, false
			}
			a.item, a.tool = parts[2], t
		}
		out = append(out, a)
	}
	seen := map[string]bool{}
	for _, a := range out {
		if seen[a.id] {
			w.fail("agent ids cannot be the same")
			return nil, false
		}
		seen[a.id] = true
	}
	for _, a := range out {
		if a.agent < 0 {
			w.fail("agent id not found")
			return nil, false
		}
		if a.tool < 0 && a.verb != "noop" {
			w.fail("not enough arguments for action " + a.text)
			return nil, false
		}
	}
	return out, true
}

// pythonInt reads an agent id as Python's int() does: surrounding
// whitespace, a sign, decimal digits. It returns the value (-1 when too
// large to be an agent), its decimal form as Python prints it, and whether
// it is a number. Python also takes non-ASCII decimal digits; this does not.
func pythonInt(s string) (int, string, bool) {
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) })
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, "", false
	}
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return 0, "0", true
	}
	if neg {
		s = "-" + s
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1, s, true
	}
	return n, s, true
}

func (w *World) fail(msg string) { w.errors = append(w.errors, msg) }

// run executes one parsed action as MindAgent's ActionLib does.
func (w *World) run(a action) bool {
	switch a.verb {
	case "goto":
		ag := &w.agents[a.agent]
		if ag.busy > 0 {
			return false // no message, as in MindAgent
		}
		ag.at = a.tool
		return true
	case "get":
		return w.get(a.agent, a.item, a.tool)
	case "put":
		return w.put(a.agent, a.tool)
	case "activate":
		return w.activate(a.agent, a.tool)
	}
	return true // noop, with or without a tool
}

// agentBusy follows an agent's name when a busy agent is given an action.
// Only the chopboard occupies an agent, for one step, and that ends within
// the step, so MindAgent's game never says it; kept as written.
const agentBusy = " is occupied therefore cannot take any actions other than noop"

func agentName(i int) string { return "agent" + strconv.Itoa(i) }

func (w *World) get(i int, item string, ti int) bool {
	ag, t, name := &w.agents[i], &w.tools[ti], agentName(i)
	if ag.at != ti {
		w.fail(name + " is not located in " + t.name)
		return false
	}
	if !t.pickable {
		w.fail(name + " is not allowed to pick up from " + t.name + " at this point")
		return false
	}
	if ag.busy == 0 && ag.hold == "" && t.busy == 0 {
		if t.kind.Name == Storage {
			if !IsIngredient(item) {
				w.fail(name + " can only pickup base ingredients from the storage")
				return false
			}
			ag.hold = item
			w.reward.clear(i, ti)
			return true
		}
		if t.content == nil {
			w.fail(t.name + " is empty, you cannot get anything from there")
			return false
		}
		if len(t.content) > 1 {
			// MindAgent asserts here; a tool open for pick-up holds one
			// cooked dish unless a recipe chains at one tool (parseBook).
			panic("cuisine: pick-up from " + t.name + " holding " + strings.Join(t.content, "&"))
		}
		ag.hold = t.content[0]
		t.content = nil
		w.reward.clear(i, ti)
		t.togglePickable()
		return true
	}
	if ag.busy > 0 {
		w.fail(name + agentBusy)
	}
	if ag.hold != "" {
		w.fail(name + " is holding objects, therefore cannot get objects from the tool")
	}
	if t.busy > 0 {
		w.fail(t.name + " is occupied, therefore " + name + " cannot get objects from the tool")
	}
	return false
}

func (w *World) put(i int, ti int) bool {
	ag, t, name := &w.agents[i], &w.tools[ti], agentName(i)
	if ag.at != ti {
		w.fail(name + " is not located in " + t.name)
		return false
	}
	kind := t.kind.Name
	if kind == ServingTable && ag.hold != "" && !w.levelDish[ag.hold] {
		w.fail(ag.hold + " is not any dish needed in this level and cannot be put on " + t.name)
		return false
	}
	if kind != ServingTable && kind != Storage && ag.hold != "" {
		if !w.wanted(t, ag.hold) && !slices.Contains(t.content, ag.hold) {
			w.fail("putting " + ag.hold + " into " + t.name + " will result in waste")
			return false
		}
	}
	room := t.kind.Capacity == -1 || len(t.content) < t.kind.Capacity ||
		(t.content != nil && slices.Contains(t.content, ag.hold))
	if ag.busy == 0 && ag.hold != "" && t.busy == 0 && room {
		if kind != Storage {
			t.add(ag.hold)
		}
		ag.hold = ""
		w.reward.clear(i, ti)
		return true
	}
	if ag.busy > 0 {
		w.fail(name + agentBusy)
	}
	if ag.hold == "" {
		w.fail(name + " is not holding objects, therefore cannot put objects into the tool")
	}
	if t.busy > 0 {
		w.fail(t.name + " is occupied, therefore cannot put objects into it")
	}
	if t.kind.Capacity != -1 && len(t.content) >= t.kind.Capacity {
		w.fail(t.name + " reaches maximum capacity")
	}
	return false
}

// wanted is MindAgent's waste check for a put: some recipe of the level at
// this kind of tool still needs item, given what the tool holds (every item
// inside belongs to the recipe, and it takes more of item than are inside).
func (w *World) wanted(t *place, item string) bool {
	for _, r := range w.toolBook[t.kind.Name] {
		if t.content == nil {
			if slices.Contains(r.Ingredients, item) {
				return true
			}
			continue
		}
		if !allIn(t.content, r.Ingredients) {
			continue
		}
		if count(r.Ingredients, item) > count(t.content, item) {
			return true
		}
	}
	return false
}

func allIn(items, set []string) bool {
	for _, it := range items {
		if !slices.Contains(set, it) {
			return false
		}
	}
	return true
}

func count(items []string, item string) int {
	n := 0
	for _, it := range items {
		if it == item {
			n++
		}
	}
	return n
}

func (w *World) activate(i int, ti int) bool {
	ag, t, name := &w.agents[i], &w.tools[ti], agentName(i)
	if ag.at != ti {
		w.fail(name + " is not located in " + t.name)
		return false
	}
	if ag.busy == 0 && ag.hold == "" && t.busy == 0 && t.content != nil {
		dish, ok := w.cookbook[cookKey(t.content, t.kind.Name)]
		if !ok {
			w.fail("activating " + t.name + " will result in waste")
			return false
		}
		t.content = []string{dish}
		t.busy = t.kind.Busy
		if t.kind.Watch {
			ag.busy = t.kind.Busy
		}
		w.reward.clearTool(ti)
		t.togglePickable()
		return true
	}
	if ag.busy > 0 {
		w.fail(name + agentBusy)
	}
	if ag.hold != "" {
		w.fail(name + " is holding objects, therefore cannot activate tools")
	}
	if t.busy > 0 {
		w.fail(t.name + " is occupied, therefore cannot be activated")
	}
	if t.content == nil {
		w.fail(t.name + " is empty, therefore cannot be activated")
	}
	return false
}

// add puts an item in: the serving table keeps every copy (an order may
// want two of a dish); other tools keep one of each, so a second copy
// vanishes, as in MindAgent.
func (t *place) add(item string) {
	if t.kind.Name != ServingTable && slices.Contains(t.content, item) {
		return
	}
	t.content = append(t.content, item)
}

// togglePickable: storage and the chopboard stay open, the serving table
// closed; other tools open when activated and close when emptied.
func (t *place) togglePickable() {
	switch t.kind.Name {
	case ServingTable:
		t.pickable = false
	case Storage, chopboard:
		t.pickable = true
	default:
		t.pickable = !t.pickable
	}
}
