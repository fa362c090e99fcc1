package dispatcher

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// mistake rewrites one of a step's planned actions into a realistic
// dispatching error, the kind MindAgent's feedback exists for: an action
// at a tool the agent has not walked to, the same agent named twice, a
// tool activated before it holds a whole recipe, a get with full hands, a
// put into a tool that is cooking. Every name in it is one the prompt
// shows. The game answers with its error text, the next turn shows it,
// and the plan made afresh from that turn is the recovery.
func (p *cuisinePlan) mistake(acts []string, rng *rand.Rand) []string {
	out := slices.Clone(acts)
	bots := make([]int, 0, len(acts))
	for i := p.firstBot; i < len(acts); i++ {
		bots = append(bots, i)
	}
	rng.Shuffle(len(bots), func(a, b int) { bots[a], bots[b] = bots[b], bots[a] })
	for _, try := range rng.Perm(5) {
		for _, i := range bots {
			if m, ok := p.mistakeFor(try, i, out, rng); ok {
				return m
			}
		}
	}
	return out
}

// mistakeFor makes mistake number kind for agent i, if its situation
// allows that mistake.
func (p *cuisinePlan) mistakeFor(kind, i int, acts []string, rng *rand.Rand) ([]string, bool) {
	a := p.agents[i]
	id := agentID(i)
	out := slices.Clone(acts)
	parts := strings.Split(acts[i], "_")
	switch kind {
	case 0: // skip the walk: act where the agent is not yet
		if parts[0] != "goto" || len(parts) != 3 {
			return nil, false
		}
		t := p.tool(parts[2])
		switch {
		case t == nil:
			return nil, false
		case a.hold != "":
			out[i] = "put_" + id + "_" + t.name
		case t.kind == "storage":
			base := p.c.rules.Base
			if len(base) == 0 {
				return nil, false
			}
			out[i] = "get_" + id + "_" + base[rng.IntN(len(base))] + "_" + t.name
		default:
			out[i] = "get_" + id + "_" + t.name
		}
	case 1: // the same agent named twice: one agent's action given to another
		if len(acts)-p.firstBot < 2 {
			return nil, false
		}
		j := p.firstBot + rng.IntN(len(acts)-p.firstBot)
		if j == i {
			return nil, false
		}
		out[j] = strings.Replace(acts[j], agentID(j), id, 1)
	case 2: // activate a tool before its recipe is complete
		for _, t := range p.tools {
			if a.at == t.name && len(t.content) > 0 && !t.cooked && !t.busy && a.hold == "" {
				if _, ok := p.recipeAt(&t); !ok {
					out[i] = "activate_" + id + "_" + t.name
					return out, true
				}
			}
		}
		return nil, false
	case 3: // get with full hands
		if a.hold == "" || a.at != p.storage || len(p.c.rules.Base) == 0 {
			return nil, false
		}
		out[i] = "get_" + id + "_" + p.c.rules.Base[rng.IntN(len(p.c.rules.Base))] + "_" + p.storage
	case 4: // put into a tool that is cooking
		t := p.tool(a.at)
		if t == nil || !t.busy || a.hold == "" {
			return nil, false
		}
		out[i] = "put_" + id + "_" + t.name
	default:
		return nil, false
	}
	return out, true
}
