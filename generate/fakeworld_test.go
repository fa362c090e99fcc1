package generate

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"collabcraft/world"
	"collabcraft/world/texts"
)

// fakeWorld is a tiny in-test environment for the engine's unit tests: a
// few commands over per-agent inventories. The real simulator is the
// world package; this only has to be deterministic and honest about
// world.CommandResult's contract.
type fakeWorld struct {
	names   []string
	inv     []map[string]int
	blocked []map[string]bool
	target  string // success when one agent holds one
	now     time.Duration
}

func newFakeWorld(names []string, inv []map[string]int, target string) *fakeWorld {
	w := &fakeWorld{names: names, target: target}
	for i := range names {
		m := map[string]int{}
		if i < len(inv) {
			maps.Copy(m, inv[i])
		}
		w.inv = append(w.inv, m)
		w.blocked = append(w.blocked, map[string]bool{})
	}
	return w
}

var fakeCmd = regexp.MustCompile(`!(\w+)(?:\(((?:-?\d+(?:\.\d+)?|true|false|"[^"]*")(?:\s*,\s*(?:-?\d+(?:\.\d+)?|true|false|"[^"]*"))*)\))?`)
var fakeArg = regexp.MustCompile(`-?\d+(?:\.\d+)?|true|false|"[^"]*"`)

var fakeArity = map[string]int{
	"inventory": 0, "stats": 0, "givePlayer": 3, "craftRecipe": 2, "collectBlocks": 2,
	"startConversation": 2, "endConversation": 1, "stay": 1, "smeltItem": 2, "restart": 0, "goal": 1, "endGoal": 0, "stop": 0, "clearChat": 0,
}

// fakeEffect is the effect of a command on the agent loop, nil for the
// others.
func fakeEffect(name string, args []string) world.Effect {
	switch name {
	case "startConversation":
		return world.StartConversation{Partner: args[0], Message: args[1]}
	case "endConversation":
		return world.EndConversation{Partner: args[0]}
	case "goal":
		return world.SetGoal{Goal: args[0]}
	case "endGoal":
		return world.EndGoal{}
	case "stop":
		return world.Stop{}
	case "clearChat":
		return world.ClearChat{}
	case "restart":
		return world.Restart{}
	}
	return nil
}

func (w *fakeWorld) Execute(agent int, response string) world.CommandResult {
	loc := fakeCmd.FindStringSubmatchIndex(response)
	if loc == nil {
		return world.CommandResult{Response: response}
	}
	name := response[loc[2]:loc[3]]
	out := world.CommandResult{Response: response[:loc[1]], Command: "!" + name, CommandText: response[loc[0]:loc[1]]}
	n, ok := fakeArity[name]
	if !ok || w.blocked[agent]["!"+name] {
		out.Unknown, out.Failed, out.Output = true, true, "Command !"+name+" does not exist."
		return out
	}
	var args []string
	if loc[4] >= 0 {
		for _, a := range fakeArg.FindAllString(response[loc[4]:loc[5]], -1) {
			args = append(args, strings.Trim(a, `"`))
		}
	}
	if len(args) != n {
		out.Output = fmt.Sprintf("Command !%s was given %d args, but requires %d args.", name, len(args), n)
		return out
	}
	out.Args = args
	if out.Effect = fakeEffect(name, args); out.Effect != nil {
		return out
	}
	inv := w.inv[agent]
	switch name {
	case "inventory":
		out.Output = w.Inventory(agent)
	case "stats":
		out.Output = w.Stats(agent)
	case "givePlayer":
		to := slices.Index(w.names, args[0])
		k, _ := strconv.Atoi(args[2])
		out.Duration = 3 * time.Second
		switch {
		case to < 0:
			out.Output = "Code output:\nCould not find " + args[0] + ".\n"
		case inv[args[1]] < k:
			out.Output = "Code output:\nYou do not have any " + args[1] + " to discard.\n"
		default:
			inv[args[1]] -= k
			w.inv[to][args[1]] += k
			out.Output = fmt.Sprintf("Code output:\nYou have reached %s.\nDiscarded %d %s.\n%s received %s.\n", args[0], k, args[1], args[0], args[1])
		}
	case "craftRecipe": // 2 oak_planks -> 4 stick, 3 stick -> 1 ladder... kept tiny
		k, _ := strconv.Atoi(args[1])
		out.Duration = time.Second
		need := map[string]string{"stick": "oak_planks", "ladder": "stick"}[args[0]]
		if need == "" || inv[need] < 2*k {
			out.Output = fmt.Sprintf("Code output:\nYou do not have the resources to craft a %s. It requires: %s: 2.\n", args[0], need)
			break
		}
		inv[need] -= 2 * k
		inv[args[0]] += k
		out.Output = fmt.Sprintf("Code output:\nSuccessfully crafted %s, you now have %d %s.\n", args[0], inv[args[0]], args[0])
	case "smeltItem":
		k, _ := strconv.Atoi(args[1])
		out.Duration = time.Duration(k) * 10 * time.Second
		inv[args[0]] -= k
		inv["iron_ingot"] += k
		out.Output = "Code output:\n" + texts.Smelted(args[0], k, "iron_ingot") + "\n"
	case "stay":
		k, _ := strconv.Atoi(args[0])
		out.Duration = time.Duration(k) * time.Second
		out.Output = "Code output:\n"
	case "collectBlocks":
		k, _ := strconv.Atoi(args[1])
		out.Duration = min(time.Duration(k)*10*time.Second, 10*time.Minute)
		if k > 60 {
			k = 60
			out.Notices = []string{"Code execution timed out after 10 minutes. Attempting force stop."}
		}
		inv[args[0]] += k
		out.Output = fmt.Sprintf("Code output:\nCollected %d %s.\n", k, args[0])
	}
	return out
}

func (w *fakeWorld) Stats(agent int) string {
	return fmt.Sprintf("\nSTATS\n- Position: x: %d.50, y: 64.00, z: 0.50\n- Time: %g\n", agent, w.now.Seconds())
}

func (w *fakeWorld) Inventory(agent int) string {
	items := slices.Sorted(maps.Keys(w.inv[agent]))
	var b strings.Builder
	for _, it := range items {
		if w.inv[agent][it] > 0 {
			fmt.Fprintf(&b, "- %s: %d\n", it, w.inv[agent][it])
		}
	}
	if b.Len() == 0 {
		return "\nINVENTORY: Nothing\nWEARING: Nothing\n"
	}
	return "\nINVENTORY\n" + b.String() + "WEARING: Nothing\n"
}

func (w *fakeWorld) CommandDocs(agent int) string {
	var b strings.Builder
	b.WriteString("\n*COMMAND DOCS\n")
	for _, n := range slices.Sorted(maps.Keys(fakeArity)) {
		if !w.blocked[agent]["!"+n] {
			b.WriteString("!" + n + "\n")
		}
	}
	return b.String() + "*\n"
}

func (w *fakeWorld) Score() (float64, bool) {
	for _, inv := range w.inv {
		if w.target != "" && inv[w.target] > 0 {
			return 1, true
		}
	}
	return 0, false
}

func (w *fakeWorld) SetTime(t time.Duration) { w.now = t }
