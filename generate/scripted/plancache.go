package scripted

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"collabcraft/mcdata"
)

// Crafting plans are pure functions of (inventory, target, count) and the
// planner is the costliest part of a decision, so plans are shared
// between calls. The cache is bounded: when full it starts over.
var plans = struct {
	sync.Mutex
	m map[string]planResult
}{m: map[string]planResult{}}

type planResult struct {
	p   *mcdata.Plan
	err error
}

const maxCachedPlans = 1 << 15

// newPlan is mcdata.NewPlan through the cache. The plan returned is
// shared: callers only read it.
func newPlan(inv map[string]int, target string, n int) (*mcdata.Plan, error) {
	var b strings.Builder
	b.WriteString(target)
	b.WriteByte('*')
	b.WriteString(strconv.Itoa(n))
	names := make([]string, 0, len(inv))
	for k, v := range inv {
		if v > 0 {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		b.WriteByte(',')
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(inv[k]))
	}
	key := b.String()
	plans.Lock()
	r, ok := plans.m[key]
	plans.Unlock()
	if ok {
		return r.p, r.err
	}
	p, err := mcdata.NewPlan(inv, target, n)
	plans.Lock()
	if len(plans.m) >= maxCachedPlans {
		plans.m = map[string]planResult{}
	}
	plans.m[key] = planResult{p, err}
	plans.Unlock()
	return p, err
}
