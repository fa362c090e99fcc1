package dag

import (
	"slices"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// CaseSink receives, for a call the organisation makes, the inputs
// VillagerAgent's own code needs to make the same call, in the case format
// of scripts/villageragent-fixtures (its README), and the messages sent.
// The fixture test renders the cases with VillagerAgent's Python and wants
// the same messages.
type CaseSink interface {
	Case(role string, c villager.Dict, msgs []trajectory.Message)
}

// baseCase is what every case holds: the team, each agent's tools in the
// order its prompt shows them, each agent's last status answer, the
// running summaries, the last environment summary, the mode.
func (p *planner) baseCase(role string) villager.Dict {
	status := villager.Dict{}
	for i, a := range p.agents {
		status = append(status, villager.KV{Key: a, Value: deepCopy(p.status[i])})
	}
	c := villager.Dict{
		{Key: "role", Value: role},
		{Key: "agents", Value: stringsAny(p.agents)},
		{Key: "tools", Value: p.toolsCase()},
		{Key: "status", Value: status},
		{Key: "history", Value: slices.Clone(p.sm.history)},
		{Key: "last_env_response", Value: p.sm.lastEnv},
		{Key: "controller", Value: "controller"},
		{Key: "manage_method", Value: string(p.cfg.Mode)},
		{Key: "public_tools", Value: stringsAny(p.tools)},
		{Key: "task", Value: p.goal},
		{Key: "document", Value: p.doc},
	}
	if len(p.statusLog) > len(p.agents) {
		log := make([]any, len(p.statusLog))
		for i, a := range p.statusLog {
			log[i] = deepCopy(a)
		}
		c = append(c, villager.KV{Key: "status_log", Value: log})
	}
	return c
}

// toolsCase is each agent's tools in the order its prompt shows them now.
func (p *planner) toolsCase() villager.Dict {
	tools := villager.Dict{}
	for i, a := range p.agents {
		var names []any
		for _, t := range p.toolOrder[i] {
			names = append(names, t.Name)
		}
		tools = append(tools, villager.KV{Key: a, Value: names})
	}
	return tools
}

// observe asks agent i's status (/post_environment_dict) and folds it into
// the state manager, keeping the answer for the cases.
func (p *planner) observe(i int) {
	answer := villager.SortKeys(p.e.w.VillagerStatus(i)).(villager.Dict)
	p.status[i] = answer
	if p.sink != nil {
		p.statusLog = append(p.statusLog, answer)
	}
	p.sm.update(statusMessage(answer))
}

// deepCopy copies a JSON-like value, so a case keeps what a call saw
// however the value changes later.
func deepCopy(v any) any {
	switch x := v.(type) {
	case villager.Dict:
		out := make(villager.Dict, len(x))
		for i, kv := range x {
			out[i] = villager.KV{Key: kv.Key, Value: deepCopy(kv.Value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}

// subtaskCase is a subtask in the case format.
func subtaskCase(n *node) villager.Dict {
	return villager.Dict{
		{Key: "description", Value: n.description}, {Key: "milestones", Value: deepCopy(n.milestones)},
		{Key: "content", Value: deepCopy(n.content)}, {Key: "candidates", Value: stringsAny(n.candidates)},
		{Key: "number", Value: n.number}, {Key: "status", Value: n.status},
		{Key: "agents", Value: stringsAny(n.agents)}, {Key: "summary", Value: stringsAny(n.summary)},
		{Key: "reflect", Value: deepCopy(n.reflect)},
	}
}

// sendCase hands a case to the sink, if any.
func (p *planner) sendCase(c villager.Dict, msgs []trajectory.Message) {
	if p.sink != nil && c != nil && p.e.done == nil { // after the end, no call is made
		p.sink.Case(villager.Str(field(c, "role")), c, msgs)
	}
}
