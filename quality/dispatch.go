package quality

import (
	"slices"
	"strconv"
	"strings"

	"collabcraft/cuisine"
	"collabcraft/mckitchen"
)

// KindTool is a dispatch action's tool that the call's rules do not list.
const KindTool = "tool"

// DispatchActions are the actions a dispatcher's reply names, read as
// MindAgent's dispatcher reads them (cuisine.ExtractActions), or in the
// Minecraft kitchen's syntax (mckitchen.ExtractActions).
func DispatchActions(response string) []string {
	if acts := cuisine.ExtractActions(response); len(acts) > 0 {
		return acts
	}
	var out []string
	for _, a := range mckitchen.ExtractActions(response) {
		out = append(out, a.Text)
	}
	return out
}

// checkDispatch grounds a dispatch call of MindAgent's dialect in what its
// prompt shows of this game, never in the one-shot demo (another level's
// play): each action's agent is in the current turn's agent state, its
// tool in the rules' tool list, and the item it names among the rules'
// objects.
func checkDispatch(c *Call) []Violation {
	if len(c.Context) > 0 && strings.HasPrefix(c.Context[0].Content, "The available actions are :\n1) goto(agent, location)") {
		return checkKitchen(c)
	}
	acts := cuisine.ExtractActions(c.Response)
	if len(acts) == 0 || len(c.Context) == 0 {
		return nil
	}
	var rules cuisine.Rules
	ruled := false
	for _, m := range c.Context {
		if m.Role != "user" {
			continue
		}
		if r, err := cuisine.ReadRules(m.Content); err == nil {
			rules, ruled = r, true
			break
		}
	}
	var agents []string
	if last := c.Context[len(c.Context)-1]; last.Role == "user" {
		if t, err := cuisine.ReadTurn(last.Content); err == nil {
			for i := range t.State.Agents {
				agents = append(agents, "agent"+strconv.Itoa(i))
			}
		}
	}
	var out []Violation
	bad := func(act, kind, value string) {
		out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: act, Kind: kind, Value: value})
	}
	for _, act := range acts {
		parts := strings.Split(act, "_")
		if !slices.Contains(agents, parts[1]) {
			bad(act, KindPlayer, parts[1])
		}
		if len(parts) < 3 {
			continue
		}
		if tool := parts[len(parts)-1]; !ruled || !slices.Contains(rules.Tools, tool) {
			bad(act, KindTool, tool)
		}
		if len(parts) == 4 {
			if item := parts[2]; !ruled || !slices.Contains(rules.Objects, item) {
				bad(act, KindItem, item)
			}
		}
	}
	return out
}

// checkKitchen grounds a Minecraft kitchen dispatch call: each action's
// agent is in the current turn, and what it names (a place, an animal, a
// block, an item) is in the rules or in the current turn.
func checkKitchen(c *Call) []Violation {
	rules := c.Context[0].Content
	last := c.Context[len(c.Context)-1].Content
	_, s, err := mckitchen.ReadTurn(last)
	var out []Violation
	for _, a := range mckitchen.ExtractActions(c.Response) {
		if err != nil || a.Agent < 0 || a.Agent >= len(s.Agents) {
			out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: a.Text, Kind: KindPlayer, Value: "agent" + strconv.Itoa(a.Agent)})
		}
		if a.Arg == "" {
			continue
		}
		if !wordIn(rules, a.Arg) && !wordIn(last, a.Arg) {
			kind := KindItem
			if a.Verb == "goto" {
				kind = KindTool
			}
			out = append(out, Violation{TrialID: c.TrialID, Agent: c.Agent, Step: c.Step, Command: a.Text, Kind: kind, Value: a.Arg})
		}
	}
	return out
}
