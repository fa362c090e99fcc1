package cuisine

import (
	"slices"
	"strings"
)

// shaping is MindAgent's reward shaping (TaskManager.compute_reward and
// its memories): small rewards for holding an ingredient an order needs,
// for a tool holding the ingredients of a needed recipe, for a needed
// product in a tool, and for holding a dish. Each order adds credits; each
// reward spends one. The memories keep one agent or tool from being paid
// twice for the same thing until its content changes.
type shaping struct {
	basePicked   map[string]int // base ingredient -> credits
	intermediate map[string]int // product (dish included) -> credits
	holdGiven    map[string]int // dish -> credits
	locSatisfied map[string]int // tool kind + "|" + sorted '&'-joined ingredients -> credits
	agentMem     [][]string
	toolMem      [][]string
}

func newShaping(agents, tools int) shaping {
	return shaping{
		basePicked:   map[string]int{},
		intermediate: map[string]int{},
		holdGiven:    map[string]int{},
		locSatisfied: map[string]int{},
		agentMem:     make([][]string, agents),
		toolMem:      make([][]string, tools),
	}
}

// addOrder is update_reward_shaping_memories for a new order's dish.
func (s *shaping) addOrder(d dependency) {
	if len(d.steps) == 0 {
		return
	}
	last := d.nodes[len(d.nodes)-1]
	for _, it := range d.nodes {
		switch {
		case IsIngredient(it):
			s.basePicked[it]++
		case it != last:
			s.intermediate[it]++
		default:
			s.holdGiven[it]++
			s.intermediate[it]++
		}
	}
	for _, r := range d.steps {
		s.locSatisfied[satisfiedKey(r.Tool, r.Ingredients)]++
	}
}

func satisfiedKey(tool string, items []string) string {
	s := slices.Clone(items)
	slices.Sort(s)
	return tool + "|" + strings.Join(s, "&")
}

// clear empties an agent's and a tool's memories (a get or put by them).
func (s *shaping) clear(agent, tool int) {
	s.agentMem[agent] = s.agentMem[agent][:0]
	s.toolMem[tool] = s.toolMem[tool][:0]
}

// clearTool empties a tool's memory (an activation).
func (s *shaping) clearTool(tool int) { s.toolMem[tool] = s.toolMem[tool][:0] }

// compute is compute_reward over the world after the step, summed in its
// order so the float64 sum is Python's.
func (s *shaping) compute(w *World) float64 {
	if len(w.orders) == 0 {
		return 0
	}
	r := 0.0
	for i, a := range w.agents {
		if a.hold != "" && a.hold != waste && s.basePicked[a.hold] > 0 && !slices.Contains(s.agentMem[i], a.hold) {
			s.agentMem[i] = append(s.agentMem[i], a.hold)
			r += 0.1
			s.basePicked[a.hold]--
		}
	}
	for ti, t := range w.tools {
		if t.content == nil {
			continue
		}
		key := satisfiedKey(t.kind.Name, t.content)
		if s.locSatisfied[key] > 0 {
			name := strings.Join(t.content, "&")
			if !slices.Contains(s.toolMem[ti], name) {
				s.locSatisfied[key]--
				r += 0.5
				s.toolMem[ti] = append(s.toolMem[ti], name)
			}
		}
	}
	for ti, t := range w.tools {
		if t.content == nil {
			continue
		}
		name := strings.Join(t.content, "&")
		if s.intermediate[name] > 0 && !slices.Contains(s.toolMem[ti], name) {
			r += 1.0
			s.intermediate[name]--
			s.toolMem[ti] = append(s.toolMem[ti], name)
		}
	}
	for i, a := range w.agents {
		// MindAgent tests that the memory holds the item ("in", where the
		// base-ingredient check has "not in"), and only that check fills
		// agent memories, with base ingredients: a held dish is never paid.
		// Kept as written.
		if a.hold != "" && a.hold != waste && s.holdGiven[a.hold] > 0 && slices.Contains(s.agentMem[i], a.hold) {
			s.agentMem[i] = append(s.agentMem[i], a.hold)
			r += 0.5
			s.holdGiven[a.hold]--
		}
	}
	return r
}
