package mckitchen

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The dispatcher's texts for the Minecraft kitchen, in the shape of
// MindAgent's CuisineWorld prompt (rules, info turn, per-step user turns of
// feedback and state ending in "-action:") with the paper's action
// syntax, goto(agent, location), and the state it lists (§7): each agent's
// place, inventory, nearby entities and blocks, the furnace, the chest.
// MindAgent's own Minecraft prompt was not published; no one-shot demo
// goes with these.

// State is what a user turn shows.
type State struct {
	Time     time.Duration // since the episode began
	Step     int
	MaxSteps int
	Orders   []OrderView
	Agents   []AgentView
	Furnace  FurnaceView
	Chest    map[string]int
	Done     []string // orders served so far
}

// OrderView is an open order and its time left, in whole seconds.
type OrderView struct {
	Dish string
	Left int
}

// AgentView is one agent as the dispatcher sees it.
type AgentView struct {
	At        string         // the place it stands at (Places), or "field"
	Inventory map[string]int // nil for an empty one
	Entities  []string       // kinds of the animals within 8 blocks
	Blocks    []string       // the kitchen's blocks within 8 blocks (furnace, chest, coal_ore)
}

// FurnaceView is the furnace's slots and whether it burns.
type FurnaceView struct {
	Input, Fuel, Output Stack
	Burning             bool
}

// Stack is some items of one kind; the zero Stack is an empty slot.
type Stack struct {
	Item  string
	Count int
}

// RulesText is the first user turn: the actions, the recipes and the
// notes, for the level's dishes.
func RulesText(l Level) string {
	var b strings.Builder
	b.WriteString("The available actions are :\n")
	fmt.Fprintf(&b, "1) goto(agent, location): go to a location: %s \n", strings.Join(Places(), ", "))
	b.WriteString("2) killMob(agent, mobType): kill an animal of that type near the agent and pick up what it drops \n")
	b.WriteString("3) mineBlock(agent, blockType): mine a block of that type near the agent and pick up what it drops \n")
	b.WriteString("4) putFuelFurnace(agent, fuelType): put the fuel from the agent's inventory into the furnace's bottom slot \n")
	b.WriteString("5) putItemFurnace(agent, itemType): put the item from the agent's inventory into the furnace's top slot \n")
	b.WriteString("6) takeOutFurnace(agent): take the cooked items out of the furnace \n")
	b.WriteString("7) putInChest(agent, itemType): put the items of that type from the agent's inventory into the chest \n")
	b.WriteString("Sometimes the system will give you error messages. Please consider these error messages when executing actions.  \n")
	b.WriteString("You need to specify action for all of the agents, one action a line, such as killMob(agent0, cow). They all have different agent numbers. Do not assign actions to the same agent more than once. \n")
	b.WriteString("\n")
	b.WriteString("An agent must be at the furnace, at the chest, or near the animal or block it acts on: goto first. \n")
	b.WriteString("Smelting one item takes 10 seconds while the furnace burns; one coal smelts 8 items. \n")
	b.WriteString("Killed animals and mined blocks come back after a while. \n")
	b.WriteString("*** An order is done when its dish is in the chest. The orders keep coming: finish as many as possible, each before its time runs out. *** \n")
	b.WriteString("Here are the recipes: \n")
	for _, d := range l.Dishes {
		m, _ := MeatFor(d)
		fmt.Fprintf(&b, "Cook %s at: \n -- location: %s \n -- with ingredients:     %s, \n -- with fuel:     %s, \n", m.Dish, Furnace, m.Raw, Fuel)
		fmt.Fprintf(&b, "%s is dropped by a %s (killMob); %s is dropped by %s (mineBlock). \n", m.Raw, m.Mob, Fuel, FuelBlock)
	}
	b.WriteString("\n")
	return b.String()
}

// InfoText is the info turn after the rules.
func InfoText(agents int) string {
	return fmt.Sprintf("In this game, There are %d agents available and no human, so you should control all the %d agents, and plan %d actions at a time.\n", agents, agents, agents)
}

// ActionPrompt ends every user turn.
const ActionPrompt = "-action:\n"

// ErrorsText is the feedback line for a step's errors, as CuisineWorld's.
func ErrorsText(errs []string) string {
	return "-execution error messages:\n  --  " + pythonList(errs) + "\n"
}

func pythonList(items []string) string {
	var parts []string
	for _, it := range items {
		parts = append(parts, "'"+strings.ReplaceAll(strings.ReplaceAll(it, `\`, `\\`), "'", `\'`)+"'")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Text is the state's part of a user turn.
func (s State) Text() string {
	var b strings.Builder
	b.WriteString("-game state:\n")
	b.WriteString("current orders:\n")
	for _, o := range s.Orders {
		fmt.Fprintf(&b, "    name: %s time left: %d\n", o.Dish, o.Left)
	}
	fmt.Fprintf(&b, "current time: %d\n", int(s.Time/time.Second))
	fmt.Fprintf(&b, "current game step: %d\n", s.Step)
	fmt.Fprintf(&b, "maximum game steps: %d\n", s.MaxSteps)
	b.WriteString("\n-agent state:\n")
	for i, a := range s.Agents {
		fmt.Fprintf(&b, "at(agent%d, %s)\n", i, a.At)
		fmt.Fprintf(&b, "inventory(agent%d, %s)\n", i, stacksText(a.Inventory))
		fmt.Fprintf(&b, "nearby_entities(agent%d, %s)\n", i, listText(a.Entities))
		fmt.Fprintf(&b, "nearby_blocks(agent%d, %s)\n", i, listText(a.Blocks))
	}
	b.WriteString("\n-furnace state:\n")
	fmt.Fprintf(&b, "input(%s, %s)\n", Furnace, s.Furnace.Input.text())
	fmt.Fprintf(&b, "fuel(%s, %s)\n", Furnace, s.Furnace.Fuel.text())
	fmt.Fprintf(&b, "output(%s, %s)\n", Furnace, s.Furnace.Output.text())
	fmt.Fprintf(&b, "burning(%s, %s)\n", Furnace, map[bool]string{true: "True", false: "False"}[s.Furnace.Burning])
	b.WriteString("\n-chest state:\n")
	fmt.Fprintf(&b, "inside(%s, %s)\n", Chest, stacksText(s.Chest))
	b.WriteString("\n-accomplished orders:\n")
	for _, d := range s.Done {
		b.WriteString(d + ", ")
	}
	b.WriteString("\n\n")
	return b.String()
}

func (s Stack) text() string {
	if s.Count == 0 {
		return "None"
	}
	return fmt.Sprintf("%s: %d", s.Item, s.Count)
}

func stacksText(m map[string]int) string {
	var keys []string
	for k, n := range m {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "None"
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func listText(l []string) string {
	if len(l) == 0 {
		return "None"
	}
	return strings.Join(l, ", ")
}

// Action is one parsed action.
type Action struct {
	Verb  string
	Agent int
	Arg   string // "" for takeOutFurnace
	Text  string // as written
}

// Verbs are the seven actions, with whether each takes an argument.
var Verbs = map[string]bool{"goto": true, "killMob": true, "mineBlock": true, "putFuelFurnace": true,
	"putItemFurnace": true, "takeOutFurnace": false, "putInChest": true}

var actionRE = regexp.MustCompile(`\b(goto|killMob|mineBlock|putFuelFurnace|putItemFurnace|takeOutFurnace|putInChest)\(\s*agent(\d+)\s*(?:,\s*([A-Za-z_]+)\s*)?\)`)

// ExtractActions reads the actions anywhere in a reply, in order, as
// chat_agent.py reads CuisineWorld's.
func ExtractActions(reply string) []Action {
	var out []Action
	for _, m := range actionRE.FindAllStringSubmatch(reply, -1) {
		n, err := strconv.Atoi(m[2])
		if err != nil {
			n = -1
		}
		out = append(out, Action{Verb: m[1], Agent: n, Arg: m[3], Text: m[0]})
	}
	return out
}

// PlanTurn is the assistant turn history keeps: the first agents actions,
// one a line.
func PlanTurn(acts []Action, agents int) string {
	var b strings.Builder
	for i := 0; i < agents && i < len(acts); i++ {
		b.WriteString(acts[i].Text + "\n")
	}
	return b.String()
}

// ReadTurn reads a user turn back: the errors and the state.
func ReadTurn(text string) (errs []string, s State, err error) {
	const head = "-execution error messages:\n  --  "
	if rest, ok := strings.CutPrefix(text, head); ok {
		list, after, _ := strings.Cut(rest, "\n")
		if list != "[]" {
			for _, e := range strings.Split(strings.Trim(list, "[]"), "', '") {
				errs = append(errs, strings.Trim(e, "'"))
			}
		}
		text = after
	}
	if !strings.HasPrefix(text, "-game state:\n") {
		return nil, State{}, errors.New("mckitchen: turn: no game state")
	}
	section := ""
	for _, ln := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(ln, "-") && strings.HasSuffix(ln, ":"):
			section = ln
		case ln == "" || ln == "current orders:":
		case section == "-game state:":
			switch {
			case strings.HasPrefix(ln, "    name: "):
				dish, left, _ := strings.Cut(strings.TrimPrefix(ln, "    name: "), " time left: ")
				n, _ := strconv.Atoi(left)
				s.Orders = append(s.Orders, OrderView{dish, n})
			case strings.HasPrefix(ln, "current time: "):
				n, _ := strconv.Atoi(strings.TrimPrefix(ln, "current time: "))
				s.Time = time.Duration(n) * time.Second
			case strings.HasPrefix(ln, "current game step: "):
				s.Step, _ = strconv.Atoi(strings.TrimPrefix(ln, "current game step: "))
			case strings.HasPrefix(ln, "maximum game steps: "):
				s.MaxSteps, _ = strconv.Atoi(strings.TrimPrefix(ln, "maximum game steps: "))
			}
		case section == "-agent state:":
			name, args, ok := pred(ln)
			if !ok || len(args) == 0 {
				return nil, State{}, fmt.Errorf("mckitchen: turn: agent line %q", ln)
			}
			if name == "at" {
				s.Agents = append(s.Agents, AgentView{At: args[len(args)-1]})
				continue
			}
			if len(s.Agents) == 0 {
				return nil, State{}, fmt.Errorf("mckitchen: turn: %q before at()", ln)
			}
			a := &s.Agents[len(s.Agents)-1]
			rest := args[1:]
			if len(rest) == 1 && rest[0] == "None" {
				rest = nil
			}
			switch name {
			case "inventory":
				a.Inventory = readStacks(rest)
			case "nearby_entities":
				a.Entities = rest
			case "nearby_blocks":
				a.Blocks = rest
			}
		case section == "-furnace state:":
			name, args, ok := pred(ln)
			if !ok || len(args) < 2 {
				continue
			}
			st := readStack(strings.Join(args[1:], ", "))
			switch name {
			case "input":
				s.Furnace.Input = st
			case "fuel":
				s.Furnace.Fuel = st
			case "output":
				s.Furnace.Output = st
			case "burning":
				s.Furnace.Burning = args[1] == "True"
			}
		case section == "-chest state:":
			if _, args, ok := pred(ln); ok && len(args) > 1 && args[1] != "None" {
				s.Chest = readStacks(args[1:])
			}
		case section == "-accomplished orders:":
			for _, d := range strings.Split(ln, ", ") {
				if d = strings.TrimSpace(strings.TrimSuffix(d, ",")); d != "" {
					s.Done = append(s.Done, d)
				}
			}
		}
	}
	return errs, s, nil
}

func pred(ln string) (string, []string, bool) {
	name, rest, ok := strings.Cut(ln, "(")
	if !ok || !strings.HasSuffix(rest, ")") {
		return "", nil, false
	}
	return name, strings.Split(strings.TrimSuffix(rest, ")"), ", "), true
}

func readStacks(parts []string) map[string]int {
	var m map[string]int
	for _, p := range parts {
		if st := readStack(p); st.Count > 0 {
			if m == nil {
				m = map[string]int{}
			}
			m[st.Item] += st.Count
		}
	}
	return m
}

func readStack(p string) Stack {
	item, n, ok := strings.Cut(p, ": ")
	if !ok {
		return Stack{}
	}
	c, _ := strconv.Atoi(n)
	return Stack{Item: item, Count: c}
}
