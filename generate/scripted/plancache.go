package scripted

import (
	"iter"
	"maps"
	"sort"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
)

// Crafting plans are pure functions of (inventory, target, count) and the
// planner is the costliest part of a decision, so plans are shared
// between calls (boundedCache).
var plans = boundedCache[planResult]{max: 1 << 15}

type planResult struct {
	p   *mcdata.Plan
	err error
}

// planOf is the plan for n of target from what the agent holds.
func planOf(c *know.Context, target string, n int) (*mcdata.Plan, error) {
	return cachedPlan(c.Inventory().All(), c.Inventory().Clone, target, n)
}

// newPlan is mcdata.NewPlan through the cache. The plan returned is
// shared: callers only read it.
func newPlan(inv map[string]int, target string, n int) (*mcdata.Plan, error) {
	return cachedPlan(maps.All(inv), func() map[string]int { return inv }, target, n)
}

func cachedPlan(inv iter.Seq2[string, int], counts func() map[string]int, target string, n int) (*mcdata.Plan, error) {
	var b strings.Builder
	b.WriteString(target)
	b.WriteByte('*')
	b.WriteString(strconv.Itoa(n))
	type count struct {
		item string
		n    int
	}
	var held []count
	for k, v := range inv {
		if v > 0 {
			held = append(held, count{k, v})
		}
	}
	sort.Slice(held, func(i, j int) bool { return held[i].item < held[j].item })
	for _, h := range held {
		b.WriteByte(',')
		b.WriteString(h.item)
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(h.n))
	}
	key := b.String()
	if r, ok := plans.get(key); ok {
		return r.p, r.err
	}
	p, err := mcdata.NewPlan(counts(), target, n)
	plans.put(key, planResult{p, err})
	return p, err
}
