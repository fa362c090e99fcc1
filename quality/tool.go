package quality

import (
	"regexp"
	"strconv"
	"strings"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// The tool dialect's grounding: a ReAct step's JSON tool call (VillagerAgent's
// structured chat, or the "Action: {'tool': ..., 'tool_input': ...}" of its
// SFT layout) names players, items, entities, positions and counts in its
// arguments, and each must be supported by what the call's prompt shows,
// as a MINDcraft command's arguments must (Check).

// KindEntity is a violation of a creature or container name (attackTarget's
// target_name, useItemOnEntity's entity_name, withdrawItem's from_name)
// that neither the context nor an item supports.
const KindEntity = "entity"

// KindPosition is a violation of a position (x, y, z; a position list)
// that no position the context shows is next to.
const KindPosition = "position"

// toolArgs are the argument roles of VillagerBench's tools (doc/api_library.md),
// by argument name: emotion, murmur, radius, slot and facing name nothing.
var toolArgs = map[string]string{
	"player_name": argPlayer, "target_player_name": argPlayer,
	"item_name": argItem, "fuel_item_name": argItem,
	"entity_name": KindEntity, "target_name": KindEntity, "from_name": KindEntity,
	"item_count": argCount, "count": argCount,
}

// ToolCall is a tool call read from a response.
type ToolCall struct {
	Text  string // the call as written (the JSON blob or the action dict)
	Tool  string
	Input villager.Dict
}

// actionDict is the SFT layout's "Action: {...}" line.
var actionDict = regexp.MustCompile(`(?m)^Action: (\{'tool': .*\})$`)

// ToolCallOf reads the tool call of a ReAct response: a structured-chat
// reply (a fenced JSON blob) or an action line of VillagerAgent's SFT
// layout. ok is false for a final answer, a stop, or a reply that names no
// tool with arguments.
func ToolCallOf(response string) (ToolCall, bool) {
	if m := actionDict.FindStringSubmatch(response); m != nil {
		v, err := villager.ParseLiteral(m[1])
		d, _ := v.(villager.Dict)
		if err != nil || d == nil {
			return ToolCall{}, false
		}
		tool, _ := d.Get("tool")
		input, _ := d.Get("tool_input")
		in, ok := input.(villager.Dict)
		name, _ := tool.(string)
		if !ok || name == "" || name == "stop" {
			return ToolCall{}, false
		}
		return ToolCall{Text: m[1], Tool: name, Input: in}, true
	}
	act, err := villager.ParseAction(response)
	if err != nil || act.Finish {
		return ToolCall{}, false
	}
	in, ok := act.Input.(villager.Dict)
	if !ok {
		return ToolCall{}, false
	}
	text := villager.JSON(villager.Dict{{Key: "action", Value: act.Tool}, {Key: "action_input", Value: in}})
	return ToolCall{Text: text, Tool: act.Tool, Input: in}, true
}

// CheckCall grounds a call of any kind: a conversation call's command
// (Check), a react call's tool call (CheckTool), a dispatch call's
// actions (checkDispatch), the tree's action-plan todos and skill code
// (checkTree, the queue's coders' too), the queue's task-manager plans
// (checkPlan); other kinds have none.
func (g *Grounder) CheckCall(kind string, c *Call) []Violation {
	switch kind {
	case trajectory.KindConversation:
		return g.Check(c)
	case trajectory.KindReact:
		return g.CheckTool(c)
	case trajectory.KindDispatch:
		return checkDispatch(c)
	case trajectory.KindActionPlan, trajectory.KindSkillCode:
		return g.checkTree(kind, c)
	case trajectory.KindTaskManager:
		return g.checkPlan(c)
	}
	return nil
}

// CheckTool returns the violations of a react call's tool call: a player
// the context does not name; an item neither the context nor public
// knowledge of the items it names supports (as Check's); a creature or
// container no word of the context names (or an item supports); a count
// above 1 the context does not write; a position no position the context
// shows lies next to (within one block on each axis: a walk stops on top
// of a block, a block is placed beside one).
func (g *Grounder) CheckTool(c *Call) []Violation {
	call, ok := ToolCallOf(c.Response)
	if !ok {
		return nil
	}
	ctx := contextText(c.Context)
	var items itemSet
	var out []Violation
	bad := func(kind, value string) {
		out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: call.Text, Kind: kind, Value: value})
	}
	joined := joinedContext(c.Context, ctx)
	supported := func(name string) bool {
		if items == nil {
			items = g.contextItems(c.Context)
		}
		return g.supports(c.TaskType, joined, items, name)
	}
	var pos [3]int
	var have [3]bool
	for _, kv := range call.Input {
		switch kv.Key {
		case "x", "y", "z":
			if n, ok := intOf(kv.Value); ok {
				i := int(kv.Key[0] - 'x')
				pos[i], have[i] = n, true
			}
			continue
		case "position":
			if l, ok := kv.Value.([]any); ok && len(l) == 3 {
				for i, v := range l {
					pos[i], have[i] = intOf(v)
				}
			}
			continue
		}
		role := toolArgs[kv.Key]
		s, isStr := kv.Value.(string)
		switch {
		case role == "":
		case role == argPlayer && isStr:
			if !strings.Contains(ctx, s) {
				bad(argPlayer, s)
			}
		case role == argItem && isStr && s != "":
			// An empty name is VillagerAgent's look around:
			// scanNearbyEntities answers with the agent's surroundings.
			if !supported(s) {
				bad(argItem, s)
			}
		case role == KindEntity && isStr:
			if !wordIn(ctx, s) && !supported(s) {
				bad(KindEntity, s)
			}
		case role == argCount:
			if n, ok := intOf(kv.Value); ok && n > 1 && !numberIn(ctx, n) {
				bad(argCount, strconv.Itoa(n))
			}
		}
	}
	if have[0] && have[1] && have[2] && !positionNear(ctx, pos) {
		bad(KindPosition, "["+strconv.Itoa(pos[0])+", "+strconv.Itoa(pos[1])+", "+strconv.Itoa(pos[2])+"]")
	}
	// An escape room's mechanism the thought names must be one the
	// subtask, the scratchpad or a teammate's summary showed.
	return append(out, hiddenBlocks(c)...)
}

// intOf reads an integer argument (a JSON number, or a string of one, as
// pydantic coerces it).
func intOf(v any) (int, bool) {
	switch v := v.(type) {
	case int64:
		return int(v), true
	case int:
		return v, true
	case float64:
		if v == float64(int(v)) {
			return int(v), true
		}
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		return n, err == nil
	}
	return 0, false
}

// wordIn reports whether name is written in the context as a word of its
// own (not inside a longer name).
func wordIn(ctx, name string) bool {
	if name == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(ctx[from:], name)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isNameByte(ctx[i-1])) && (end == len(ctx) || !isNameByte(ctx[end])) {
			return true
		}
		from = i + 1
	}
}

func isNameByte(c byte) bool { return isWordByte(lower(c)) }

// Positions as the DAG's texts write them: "[1, -60, 2]", "1 -60 2",
// "(1, -60, 2)", "(1.0, -60.0, 2.0)" (a scan's block map),
// "{'x': 1, 'y': -60, 'z': 2}", "x=1, y=-60, z=2".
var (
	tripleRE  = regexp.MustCompile(`(-?\d+)(?:\.\d+)?[, ]+(-?\d+)(?:\.\d+)?[, ]+(-?\d+)`)
	labeledRE = regexp.MustCompile(`['"]?x['"]?\s*[:=]\s*(-?\d+),\s*['"]?y['"]?\s*[:=]\s*(-?\d+),\s*['"]?z['"]?\s*[:=]\s*(-?\d+)`)
)

// positionNear reports whether some position the context shows is within
// one block of p on each axis.
func positionNear(ctx string, p [3]int) bool {
	near := func(m []string) bool {
		for i := range 3 {
			v, err := strconv.Atoi(m[i+1])
			if err != nil || v < p[i]-1 || v > p[i]+1 {
				return false
			}
		}
		return true
	}
	for _, re := range []*regexp.Regexp{tripleRE, labeledRE} {
		for _, m := range re.FindAllStringSubmatch(ctx, -1) {
			if near(m) {
				return true
			}
		}
	}
	return false
}
