package procgen

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/mcdata"
)

// Crafting task settings (MineCollab defaults, seed 002 Table 2).
const (
	DefaultCraftingTrain    = 1200
	DefaultCraftingTest     = 100
	DefaultCraftingDev      = 100
	DefaultCraftingMaxDepth = 3 // depths 0, 1, 2
	// MaxCraftingMaxDepth bounds max_depth; no target's ingredients go
	// more than 4 levels deep, so depths beyond would stay empty anyway.
	MaxCraftingMaxDepth   = 10
	craftingGeneratorName = "collabcraft/crafting"
	getCraftingPlan       = "!getCraftingPlan"
)

// Plan variants: who may call !getCraftingPlan.
const (
	FullPlan    = "full_plan"    // everyone
	PartialPlan = "partial_plan" // some agents blocked
	NoPlan      = "no_plan"      // everyone blocked
)

// CraftingOptions are Options plus the depth range.
type CraftingOptions struct {
	Options
	MaxDepth int // depths 0..MaxDepth-1; 0 = DefaultCraftingMaxDepth
}

// CraftingTimeout is MINDcraft's crafting timeout: 300 seconds for one or
// two agents, 500 for more (its test and train task files).
func CraftingTimeout(agents int) int {
	if agents > 2 {
		return 500
	}
	return 300
}

// GenerateCrafting makes crafting tasks for one split: targets of that
// split only, counts balanced across depths, ingredients split so that no
// agent can craft the target alone.
func GenerateCrafting(opts CraftingOptions) ([]Task, error) {
	if err := opts.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: crafting: %w", err)
	}
	if opts.MaxDepth < 0 || opts.MaxDepth > MaxCraftingMaxDepth {
		return nil, fmt.Errorf("procgen: crafting: max depth must be 1 to %d (0 = the default), got %d", MaxCraftingMaxDepth, opts.MaxDepth)
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = DefaultCraftingMaxDepth
	}
	n := opts.N
	if n == 0 {
		n = map[string]int{SplitTrain: DefaultCraftingTrain, SplitDev: DefaultCraftingDev, SplitTest: DefaultCraftingTest}[opts.Split]
	}
	cands, err := candidatesFor(opts.Split)
	if err != nil {
		return nil, fmt.Errorf("procgen: crafting: %w", err)
	}

	// Each candidate's ingredient levels, depth 0 first.
	levels := map[string][]map[string]int{}
	for _, c := range cands {
		levels[c.Item] = ingredientLevels(c.Item, opts.MaxDepth)
	}

	// Quotas per depth, as even as possible; a depth that runs out of
	// distinct tasks passes its remainder on to the others.
	quota := make([]int, opts.MaxDepth)
	for i := range n {
		quota[i%opts.MaxDepth]++
	}
	byDepth := make([][]Task, opts.MaxDepth)
	used := map[string]bool{}
	exhausted := make([]bool, opts.MaxDepth)
	for {
		short := 0
		for d := range opts.MaxDepth {
			if exhausted[d] || len(byDepth[d]) >= quota[d] {
				continue
			}
			got, more := fillDepth(opts, cands, levels, d, quota[d]-len(byDepth[d]), used, len(byDepth[d]))
			byDepth[d] = append(byDepth[d], got...)
			if !more {
				exhausted[d] = true
				short += quota[d] - len(byDepth[d])
				quota[d] = len(byDepth[d])
			}
		}
		if short == 0 {
			break
		}
		open := 0
		for d := range opts.MaxDepth {
			if !exhausted[d] {
				open++
			}
		}
		if open == 0 {
			total := 0
			for _, ts := range byDepth {
				total += len(ts)
			}
			return nil, fmt.Errorf("procgen: crafting: only %d distinct %s tasks exist for %d agents, asked for %d", total, opts.Split, opts.Agents, n)
		}
		for i := 0; short > 0; i++ {
			if d := i % opts.MaxDepth; !exhausted[d] {
				quota[d]++
				short--
			}
		}
	}
	var tasks []Task
	for _, ts := range byDepth {
		tasks = append(tasks, ts...)
	}
	slices.SortFunc(tasks, func(a, b Task) int { return strings.Compare(a.ID, b.ID) })
	return tasks, nil
}

// fillDepth makes up to want new tasks at depth d. Targets are taken in a
// seeded round robin so every target that reaches depth d is used before
// any repeats; variants are drawn per task. It reports false when depth d
// has no more distinct tasks to offer.
func fillDepth(opts CraftingOptions, cands []CraftingCandidate, levels map[string][]map[string]int, d, want int, used map[string]bool, round int) ([]Task, bool) {
	var items []string
	for _, c := range cands {
		if len(levels[c.Item]) > d {
			items = append(items, c.Item)
		}
	}
	if len(items) == 0 {
		return nil, false
	}
	rng := rngFor(opts.Seed, fmt.Sprintf("crafting/%s/%d/%d/%d", opts.Split, opts.Agents, d, round))
	rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	var out []Task
	fails := 0
	for i := 0; len(out) < want; i++ {
		if fails > 40*len(items) {
			return out, false
		}
		item := items[i%len(items)]
		spec := drawSpec(rng, opts, item, d, levels[item])
		if used[spec.id()] {
			fails++
			continue
		}
		t, err := craftingTask(opts, spec, levels[item])
		if err != nil {
			used[spec.id()] = true // infeasible: never draw it again
			fails++
			continue
		}
		used[t.ID] = true
		out = append(out, t)
	}
	return out, true
}

// craftSpec is one task's choices before the inventories are dealt.
type craftSpec struct {
	target   string
	depth    int
	maxDepth int
	plan     string
	blocked  []int
	ctable   bool
	missing  []string
	agents   int
}

func (s craftSpec) id() string {
	var b strings.Builder
	b.WriteString("multiagent_crafting_" + s.target + "_" + s.plan)
	if s.ctable {
		b.WriteString("_requires_ctable")
	}
	b.WriteString("_")
	if len(s.missing) > 0 {
		b.WriteString("missing_" + strings.Join(s.missing, "_"))
	}
	fmt.Fprintf(&b, "_depth_%d", s.depth)
	if s.agents != 2 {
		fmt.Fprintf(&b, "_num_agents_%d", s.agents)
	}
	return b.String()
}

// drawSpec draws a task's variant: plan visibility, crafting table, and
// 0-2 missing items.
func drawSpec(rng *rand.Rand, opts CraftingOptions, item string, d int, lv []map[string]int) craftSpec {
	s := craftSpec{target: item, depth: d, maxDepth: len(lv), agents: opts.Agents}
	switch rng.IntN(3) {
	case 0:
		s.plan = FullPlan
	case 1:
		s.plan = PartialPlan
		k := 1 + rng.IntN(opts.Agents-1)
		s.blocked = rng.Perm(opts.Agents)[:k]
		slices.Sort(s.blocked)
	default:
		s.plan = NoPlan
		s.blocked = rng.Perm(opts.Agents)
		slices.Sort(s.blocked)
	}
	plan, _ := mcdata.NewPlan(nil, item, 1)
	s.ctable = plan != nil && plan.NeedsTable && rng.IntN(2) == 0
	var gatherable []string
	for _, it := range slices.Sorted(maps.Keys(lv[d])) {
		if _, ok := GatherSource(it); ok {
			gatherable = append(gatherable, it)
		}
	}
	// Where something can be withheld, a quarter of the tasks withhold
	// nothing, half one item, a quarter two; items made only of wood or
	// crafted blocks can withhold nothing, so over a split about a quarter
	// of the tasks miss items (MINDcraft's sets: about half).
	k := 0
	switch r := rng.Float64(); {
	case r < 0.25:
		k = 0
	case r < 0.75:
		k = 1
	default:
		k = 2
	}
	k = min(k, len(gatherable))
	smelts := false
	for _, i := range rng.Perm(len(gatherable))[:k] {
		s.missing = append(s.missing, gatherable[i])
		src, _ := GatherSource(gatherable[i])
		smelts = smelts || src.Smelt != ""
	}
	if smelts {
		// The smelter gets coal as fuel, so coal cannot be missing too.
		s.missing = slices.DeleteFunc(s.missing, func(m string) bool { return m == "coal" })
	}
	slices.Sort(s.missing)
	return s
}

// ingredientLevels returns the inventory that crafts one item at each
// depth: depth 0 holds the final recipe's ingredients, and each next
// depth replaces every craftable ingredient by what crafts it (as the
// planner would from an empty inventory), until only base items are left
// or maxDepth levels exist.
func ingredientLevels(item string, maxDepth int) []map[string]int {
	plan, err := mcdata.NewPlan(nil, item, 1)
	if err != nil || len(plan.Steps) == 0 {
		return nil
	}
	last := plan.Steps[len(plan.Steps)-1]
	cur := map[string]int{}
	for _, in := range last.Recipe.Ingredients {
		cur[in.Item] += in.Count * last.Times
	}
	levels := []map[string]int{cur}
	for len(levels) < maxDepth {
		next, expanded := map[string]int{}, false
		for _, it := range slices.Sorted(maps.Keys(cur)) {
			n := cur[it]
			if mcdata.IsBaseItem(it) {
				next[it] += n
				continue
			}
			p, err := mcdata.NewPlan(nil, it, n)
			if err != nil || len(p.Steps) == 0 {
				next[it] += n
				continue
			}
			expanded = true
			s := p.Steps[len(p.Steps)-1]
			for _, in := range s.Recipe.Ingredients {
				next[in.Item] += in.Count * s.Times
			}
		}
		if !expanded {
			break
		}
		levels = append(levels, next)
		cur = next
	}
	return levels
}

var errCannotSplit = errors.New("cannot split the ingredients so that no agent can craft alone")

// craftingTask deals the depth's ingredients to the agents and fills in
// the task.
func craftingTask(opts CraftingOptions, s craftSpec, lv []map[string]int) (Task, error) {
	id := s.id()
	seed := taskSeed(opts.Seed, id)
	rng := rngFor(seed, id)

	// The team's pool: the depth's ingredients, topped up with whatever
	// the planner still asks for (rounding), minus the withheld items.
	pool := maps.Clone(lv[s.depth])
	if p, err := mcdata.NewPlan(pool, s.target, 1); err == nil {
		for _, m := range p.Missing {
			pool[m.Item] += m.Count
		}
	}
	withheld := map[string]int{}
	for _, m := range s.missing {
		withheld[m] = pool[m]
		delete(pool, m)
	}
	if len(pool) == 0 {
		return Task{}, errCannotSplit
	}
	p, err := mcdata.NewPlan(merge(pool, withheld), s.target, 1)
	if err != nil || len(p.Missing) > 0 {
		return Task{}, fmt.Errorf("team cannot craft %s", s.target)
	}
	if p.NeedsTable && !s.ctable && !tableTopUp(pool, withheld, s.target) {
		return Task{}, fmt.Errorf("team cannot make a crafting table for %s", s.target)
	}

	var inv map[string]map[string]int
	for try := 0; ; try++ {
		if try == 30 {
			return Task{}, errCannotSplit
		}
		inv = dealPieces(rng, pool, opts.Agents)
		if inv == nil {
			continue
		}
		addGear(rng, inv, s, withheld)
		if nobodyAlone(inv, s.missing, s.target) {
			break
		}
	}

	t := Task{
		ID:               id,
		Type:             TypeCrafting,
		Goal:             Goal{Text: CraftingGoal(s.target)},
		Conversation:     CraftingOpener(s.target),
		AgentCount:       opts.Agents,
		HumanCount:       IntPtr(0),
		InitialInventory: inv,
		BlockedActions:   map[string][]string{},
		Timeout:          CraftingTimeout(opts.Agents),
		Target:           Target{Item: s.target},
		NumberOfTarget:   1,
		MaxDepth:         IntPtr(s.maxDepth),
		Depth:            IntPtr(s.depth),
		MissingItems:     append([]string{}, s.missing...),
		RequiresCtable:   s.ctable,
		Split:            opts.Split,
		Seed:             seed,
		Generator:        &Generator{Name: craftingGeneratorName, Version: GeneratorVersion},
	}
	for a := range opts.Agents {
		t.BlockedActions[agentID(a)] = []string{}
	}
	for _, a := range s.blocked {
		t.BlockedActions[agentID(a)] = []string{getCraftingPlan}
	}
	steps := 0
	if p, err := mcdata.NewPlan(nil, s.target, 1); err == nil {
		steps = len(p.Steps)
	}
	t.Difficulty = map[string]any{
		"depth":           s.depth,
		"max_depth":       s.maxDepth,
		"plan":            s.plan,
		"blocked":         len(s.blocked),
		"missing":         len(s.missing),
		"requires_ctable": s.ctable,
		"plan_steps":      steps,
	}
	return t, nil
}

// addGear gives the gatherer of each missing item the tool it needs (and
// for a smelted item a furnace and a coal per 8 items), and puts the
// crafting table of a requires_ctable task in one inventory.
func addGear(rng *rand.Rand, inv map[string]map[string]int, s craftSpec, withheld map[string]int) {
	for _, m := range s.missing {
		src, _ := GatherSource(m)
		gatherer := inv[agentID(rng.IntN(s.agents))]
		if src.Tool != "" {
			gatherer[src.Tool] = 1
		}
		if src.Smelt != "" {
			gatherer["furnace"] = 1
			gatherer["coal"] += (max(withheld[m], 1) + 7) / 8
		}
	}
	if s.ctable {
		inv[agentID(rng.IntN(s.agents))]["crafting_table"] = 1
	}
}

// dealPieces cuts the pool into at least one piece per agent (splitting
// the largest stacks) and deals them out, one to each agent first. It
// returns nil when the pool has fewer items than agents.
func dealPieces(rng *rand.Rand, pool map[string]int, agents int) map[string]map[string]int {
	var pieces []Stack
	for _, it := range slices.Sorted(maps.Keys(pool)) {
		pieces = append(pieces, Stack{it, pool[it]})
	}
	for len(pieces) < agents {
		best := -1
		for i, p := range pieces {
			if p.Count >= 2 && (best < 0 || p.Count > pieces[best].Count) {
				best = i
			}
		}
		if best < 0 {
			return nil
		}
		cut := 1 + rng.IntN(pieces[best].Count-1)
		pieces = append(pieces, Stack{pieces[best].Item, pieces[best].Count - cut})
		pieces[best].Count = cut
	}
	// Sometimes cut one more stack so shares of one item end up with
	// different agents, as in MINDcraft's sets.
	if i := rng.IntN(len(pieces)); pieces[i].Count >= 2 && rng.IntN(2) == 0 {
		cut := 1 + rng.IntN(pieces[i].Count-1)
		pieces = append(pieces, Stack{pieces[i].Item, pieces[i].Count - cut})
		pieces[i].Count = cut
	}
	rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	inv := map[string]map[string]int{}
	for a := range agents {
		inv[agentID(a)] = map[string]int{}
	}
	for i, p := range pieces {
		a := i
		if i >= agents {
			a = rng.IntN(agents)
		}
		inv[agentID(a)][p.Item] += p.Count
	}
	return inv
}

// nobodyAlone reports whether every agent, even with all the withheld
// items gathered, still needs something another agent holds.
func nobodyAlone(inv map[string]map[string]int, missing []string, target string) bool {
	for _, held := range inv {
		if CanCraftAlone(held, missing, target, 1) {
			return false
		}
	}
	return true
}

// CanCraftAlone reports whether an agent holding inv (plus any amount of
// the task's missing items, which the world provides) can craft the
// target with nobody's help.
func CanCraftAlone(inv map[string]int, missing []string, target string, n int) bool {
	w := map[string]int{}
	for _, m := range missing {
		w[m] = 1 << 20
	}
	p, err := mcdata.NewPlan(merge(inv, w), target, max(n, 1))
	return err == nil && len(p.Missing) == 0
}

func merge(a, b map[string]int) map[string]int {
	out := maps.Clone(a)
	if out == nil {
		out = map[string]int{}
	}
	for k, v := range b {
		out[k] += v
	}
	return out
}

// tableTopUp adds to pool what the team lacks to make a crafting table
// from what crafting target leaves over, as nobody is given one. More
// items can change the plan, so it plans again until nothing is missing.
func tableTopUp(pool, withheld map[string]int, target string) bool {
	for range 4 {
		all := merge(pool, withheld)
		p, err := mcdata.NewPlan(all, target, 1)
		if err != nil || len(p.Missing) > 0 {
			return false
		}
		t, err := mcdata.NewPlan(leftover(all, p), "crafting_table", 1)
		if err != nil {
			return false
		}
		if len(t.Missing) == 0 {
			return true
		}
		for _, m := range t.Missing {
			pool[m.Item] += m.Count
		}
	}
	return false
}

// leftover is what inv holds after the plan's steps.
func leftover(inv map[string]int, p *mcdata.Plan) map[string]int {
	left := maps.Clone(inv)
	for _, st := range p.Steps {
		for _, in := range st.Recipe.Ingredients {
			left[in.Item] -= in.Count * st.Times
		}
		left[st.Recipe.Result] += st.Recipe.Count * st.Times
	}
	left[p.Target] -= p.Quantity
	return left
}
