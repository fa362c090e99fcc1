package dispatcher

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/cuisine"
)

// cuisinePlan plans one step of a CuisineWorld team from a dispatch call.
//
// Every order, most urgent first (an order that can no longer be served
// in time goes last), is resolved into jobs: what is already made is
// taken where it is needed; what is not is cooked in a tool of its
// recipe's kind, reserved for it, whose missing ingredients are in turn
// resolved (base ingredients come from storage). Then the dishes of the
// level's menu are resolved the same way, once each, so that agents with
// nothing to do for an order cook ahead: a dish made before its order
// leaves its tool when the order comes. Agents are given jobs by priority,
// each the one that can do it soonest; an agent's action is its job's
// next step.
type cuisinePlan struct {
	c        dispatchCall
	recipes  map[string]cuisine.Recipe
	menu     []string
	storage  string
	serving  string
	agents   []planAgent
	tools    []planTool
	jobs     []job
	orders   []cuisine.Order
	nAgents  int
	firstBot int      // agent 0 is the human's in the human variant
	dest     []string // where each agent is taking what it holds
	plated   []int    // the serving table's dishes spoken for, by index
}

type planAgent struct {
	at, hold string
	busy     bool
	claimed  bool // its held item is spoken for
}

type planTool struct {
	name, kind string
	content    []string
	busy       bool
	// cooked: the tool holds one product of its own kind, open for
	// pick-up (a tool is opened by activating it).
	cooked   bool
	reserved bool // a recipe is being made in it this step
	taken    bool // its product is spoken for
	refill   bool // a recipe will be made in it once its product is out
	capacity int
}

type jobKind int

const (
	jobFetch    jobKind = iota // take item from a tool (or storage) to dest
	jobCarry                   // an agent holding item takes it to dest
	jobActivate                // cook what a tool holds
	jobServe                   // take an order's dish to the serving table
)

type job struct {
	kind   jobKind
	item   string
	from   string // a tool (jobFetch), the tool to activate (jobActivate)
	holder int    // jobCarry
	to     string // "" keeps it in hand
	prio   int
	wait   bool // the source is still cooking
	future bool // to is a tool whose product must leave first
}

func newCuisinePlan(c dispatchCall) *cuisinePlan {
	p := &cuisinePlan{c: c, recipes: map[string]cuisine.Recipe{}}
	used := map[string]bool{}
	for _, r := range c.rules.Recipes {
		p.recipes[r.Dish] = r
		for _, ing := range r.Ingredients {
			used[ing] = true
		}
	}
	// The menu: products no listed recipe takes further (the rules always
	// add the demo's porkMeatcake, so it counts only once ordered), and
	// whatever the game has ordered.
	for _, r := range c.rules.Recipes {
		if !used[r.Dish] && (r.Dish != "porkMeatcake" || slices.Contains(c.seen, r.Dish)) {
			p.menu = append(p.menu, r.Dish)
		}
	}
	for _, d := range c.seen {
		if !slices.Contains(p.menu, d) {
			p.menu = append(p.menu, d)
		}
	}
	s := c.turn.State
	for _, name := range c.rules.Tools {
		kind := strings.TrimRight(name, "0123456789")
		switch {
		case kind == cuisine.Storage && p.storage == "":
			p.storage = name
		case kind == cuisine.ServingTable && p.serving == "":
			p.serving = name
		}
	}
	for _, t := range s.Tools {
		kind := strings.TrimRight(t.Name, "0123456789")
		pt := planTool{name: t.Name, kind: kind, content: t.Content, busy: t.Busy > 0, capacity: -1}
		if c, ok := c.rules.Capacity[t.Name]; ok {
			pt.capacity = c
		}
		if len(t.Content) == 1 {
			if r, ok := p.recipes[t.Content[0]]; ok && r.Tool == kind {
				pt.cooked = true
			}
		}
		p.tools = append(p.tools, pt)
	}
	for _, a := range s.Agents {
		p.agents = append(p.agents, planAgent{at: a.At, hold: a.Hold, busy: a.Busy > 0})
	}
	p.nAgents = len(p.agents)
	p.orders = s.Orders
	if c.human && len(p.agents) > 0 {
		p.firstBot = 1
		p.humanActs()
	}
	return p
}

// humanActs applies the human's action, which runs first, to the plan's
// view of the kitchen; the human is then no one's to plan for.
func (p *cuisinePlan) humanActs() {
	h := &p.agents[0]
	h.claimed = true
	if len(p.c.turn.Actions) == 0 {
		return
	}
	parts := strings.Split(p.c.turn.Actions[0], "_")
	if len(parts) < 3 {
		return
	}
	t := p.tool(parts[len(parts)-1])
	switch {
	case t == nil:
	case parts[0] == "goto":
		h.at = t.name
	case parts[0] == "get" && h.at == t.name && h.hold == "":
		if t.kind == cuisine.Storage && len(parts) == 4 {
			h.hold = parts[2]
		} else if t.cooked && !t.busy {
			h.hold, t.content, t.cooked = t.content[0], nil, false
		}
	case parts[0] == "put" && h.at == t.name && h.hold != "":
		if t.kind != cuisine.Storage {
			t.content = append(slices.Clone(t.content), h.hold)
		}
		h.hold = ""
	case parts[0] == "activate" && h.at == t.name:
		if r, ok := p.recipeAt(t); ok {
			// How long it stays busy the rules do not say: the next turn's
			// occupy() will.
			t.content, t.cooked, t.busy = []string{r.Dish}, true, true
		}
	}
}

func (p *cuisinePlan) tool(name string) *planTool {
	for i := range p.tools {
		if p.tools[i].name == name {
			return &p.tools[i]
		}
	}
	return nil
}

// recipeAt is the recipe the tool's content is exactly the ingredients of.
func (p *cuisinePlan) recipeAt(t *planTool) (cuisine.Recipe, bool) {
	if len(t.content) == 0 || t.cooked {
		return cuisine.Recipe{}, false
	}
	for _, r := range p.c.rules.Recipes {
		if r.Tool == t.kind && cuisine.SameMultiset(t.content, r.Ingredients) {
			return r, true
		}
	}
	return cuisine.Recipe{}, false
}

// actions plans the step: one action per agent, in agent order.
func (p *cuisinePlan) actions() []string {
	type demand struct {
		dish     string
		hopeless bool
	}
	var ds []demand
	for _, o := range p.orders {
		ds = append(ds, demand{dish: o.Dish, hopeless: o.Lifetime < p.estimate(o.Dish)})
	}
	slices.SortStableFunc(ds, func(a, b demand) int { return cmp.Compare(boolInt(a.hopeless), boolInt(b.hopeless)) })
	for i, d := range ds {
		prio := i
		if d.hopeless {
			prio += specPrio / 2 // after the orders that can still be served
		}
		p.resolve(d.dish, p.serving, prio, 0, false)
	}
	// Cook ahead: each dish of the menu once, those nearest done first.
	menu := slices.Clone(p.menu)
	est := map[string]int{}
	for _, d := range menu {
		est[d] = p.estimate(d)
	}
	slices.SortStableFunc(menu, func(a, b string) int { return cmp.Compare(est[a], est[b]) })
	for i, d := range menu {
		p.resolve(d, "", specPrio+i, 0, false)
	}
	// Then the intermediates the menu needs, each once more, kept in the
	// tools they are made in, so that long cooking starts early.
	k := 0
	for _, d := range menu {
		for _, r := range treeOf(p.recipes, d) {
			if r.Dish != d && !p.present(r.Dish) {
				p.resolve(r.Dish, "", 2*specPrio+k, 0, false)
				k++
			}
		}
	}
	p.evict()
	acts := p.assign()
	p.chain(acts)
	return acts
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// estimate is roughly how many steps a dish takes to reach the serving
// table from what the kitchen holds now, with agents enough.
func (p *cuisinePlan) estimate(item string) int {
	for _, a := range p.agents {
		if a.hold == item {
			return 2
		}
	}
	for _, t := range p.tools {
		if t.cooked && t.content[0] == item {
			if t.busy {
				return 5
			}
			return 4
		}
	}
	r, ok := p.recipes[item]
	if !ok {
		return 4 // from storage: goto, get, goto, put
	}
	worst := 0
	for _, ing := range r.Ingredients {
		worst = max(worst, p.estimate(ing))
	}
	// Activate, a step's wait (how long a tool cooks the rules do not
	// say), get, goto, put.
	return worst + 5
}

// resolve finds or makes item for dest ("" keeps it where it is made) at
// priority prio, adding the jobs it takes now. future: dest is a tool
// whose product must leave before anything goes in.
func (p *cuisinePlan) resolve(item, dest string, prio, depth int, future bool) bool {
	if depth > 8 {
		return false
	}
	// On the serving table already (a dish plated ahead): the order is
	// served there at the end of the step.
	if dest == p.serving || dest == "" && slices.Contains(p.menu, item) {
		if t := p.tool(p.serving); t != nil {
			for k, it := range t.content {
				if it == item && !slices.Contains(p.plated, k) {
					p.plated = append(p.plated, k)
					return true
				}
			}
		}
	}
	// In someone's hands. A dish of the menu made ahead goes to the
	// serving table, as the rules say finished dishes do.
	if dest == "" && slices.Contains(p.menu, item) {
		dest = p.serving
	}
	for i := p.firstBot; i < len(p.agents); i++ {
		a := &p.agents[i]
		if a.hold == item && !a.claimed {
			a.claimed = true
			p.jobs = append(p.jobs, job{kind: jobCarry, item: item, holder: i, to: dest, prio: prio, future: future})
			return true
		}
	}
	// Made, or being made, in a tool.
	for i := range p.tools {
		t := &p.tools[i]
		if t.cooked && !t.taken && t.content[0] == item {
			t.taken = true
			if dest != "" {
				p.jobs = append(p.jobs, job{kind: jobFetch, item: item, from: t.name, to: dest, prio: prio, wait: t.busy, future: future})
			}
			return true
		}
	}
	r, ok := p.recipes[item]
	if !ok {
		if dest == "" {
			return false // base ingredients are not cooked ahead
		}
		p.jobs = append(p.jobs, job{kind: jobFetch, item: item, from: p.storage, to: dest, prio: prio, future: future})
		return true
	}
	t, later := p.toolFor(r), false
	if t == nil {
		if t, later = p.laterTool(r), true; t == nil {
			return false
		}
	}
	missing := slices.Clone(r.Ingredients)
	if !later {
		for _, it := range t.content {
			if i := slices.Index(missing, it); i >= 0 {
				missing = slices.Delete(missing, i, i+1)
			}
		}
		if len(missing) == 0 {
			p.jobs = append(p.jobs, job{kind: jobActivate, from: t.name, prio: prio, future: future})
			return true
		}
	}
	for _, ing := range missing {
		p.resolve(ing, t.name, prio, depth+1, future || later)
	}
	return true
}

// specPrio: an order's jobs take its rank among the orders; cooking
// ahead comes after every order (specPrio and on).
const specPrio = 1 << 10

// toolFor is the tool to make r in now: one of its kind holding some of
// r's ingredients and nothing else, else an empty one; nil if every tool
// of the kind is spoken for.
func (p *cuisinePlan) toolFor(r cuisine.Recipe) *planTool {
	var best *planTool
	for i := range p.tools {
		t := &p.tools[i]
		if t.kind != r.Tool || t.reserved || t.cooked || t.busy || !cuisine.SubMultiset(t.content, r.Ingredients) {
			continue
		}
		if t.capacity != -1 && len(r.Ingredients) > t.capacity {
			continue
		}
		if best == nil || len(t.content) > len(best.content) {
			best = t
		}
	}
	if best != nil {
		best.reserved = true
	}
	return best
}

// laterTool is a tool of r's kind whose product is spoken for, to fill
// once the product is out: its ingredients are fetched meanwhile.
func (p *cuisinePlan) laterTool(r cuisine.Recipe) *planTool {
	for i := range p.tools {
		t := &p.tools[i]
		if t.kind == r.Tool && t.cooked && t.taken && !t.refill && (t.capacity == -1 || len(r.Ingredients) <= t.capacity) {
			t.refill = true
			return t
		}
	}
	return nil
}

// evict frees a tool that holds a product nobody wants when an order's
// recipe of its kind finds no tool: an agent takes the product out.
func (p *cuisinePlan) evict() {
	for i := range p.tools {
		t := &p.tools[i]
		if !t.cooked || t.taken || t.busy || t.kind == cuisine.Storage || t.kind == cuisine.ServingTable {
			continue
		}
		if p.kindWanted(t.kind) {
			t.taken = true
			p.jobs = append(p.jobs, job{kind: jobFetch, item: t.content[0], from: t.name, prio: specPrio - 1})
		}
	}
}

// kindWanted: an order's recipe needs a tool of the kind and found none.
func (p *cuisinePlan) kindWanted(kind string) bool {
	for _, o := range p.orders {
		for _, r := range treeOf(p.recipes, o.Dish) {
			if r.Tool != kind || p.present(r.Dish) {
				continue
			}
			free := false
			for _, t := range p.tools {
				if t.kind == kind && !t.cooked && !t.busy && cuisine.SubMultiset(t.content, r.Ingredients) {
					free = true
				}
			}
			if !free {
				return true
			}
		}
	}
	return false
}

// present: the item is in a tool or a hand.
func (p *cuisinePlan) present(item string) bool {
	for _, a := range p.agents {
		if a.hold == item {
			return true
		}
	}
	for _, t := range p.tools {
		if slices.Contains(t.content, item) && t.kind != cuisine.ServingTable {
			return true
		}
	}
	return false
}

// assign gives each agent its job's next step.
func (p *cuisinePlan) assign() []string {
	acts := make([]string, p.nAgents)
	p.dest = make([]string, p.nAgents)
	done := make([]bool, p.nAgents)
	for i := range p.firstBot {
		done[i] = true
	}
	for i, a := range p.agents {
		if a.busy && !done[i] {
			acts[i], done[i] = noop(i), true
		}
	}
	slices.SortStableFunc(p.jobs, func(a, b job) int {
		// Orders before cooking ahead; within an order's jobs, what can be
		// done now before waiting on a tool.
		return cmp.Or(cmp.Compare(boolInt(a.future), boolInt(b.future)), cmp.Compare(boolInt(a.prio >= specPrio), boolInt(b.prio >= specPrio)),
			cmp.Compare(boolInt(a.wait && a.prio < specPrio), boolInt(b.wait && b.prio < specPrio)), cmp.Compare(a.prio, b.prio))
	})
	// Agents holding what a job needs carry it.
	for _, j := range p.jobs {
		if j.kind == jobCarry && !done[j.holder] {
			acts[j.holder], done[j.holder] = p.carry(j.holder, j.to), true
			p.dest[j.holder] = j.to
		}
	}
	// The others take the jobs they can do soonest. A tool is filled ahead
	// only if someone is taking its product out.
	emptied := map[string]bool{}
	for _, j := range p.jobs {
		if j.kind == jobCarry || j.future && !emptied[j.to] && !p.emptiedByCarry(j.to) {
			continue
		}
		best, bestCost := -1, 1<<30
		for i, a := range p.agents {
			if done[i] || a.hold != "" {
				continue
			}
			if c := p.cost(a, j); c < bestCost {
				best, bestCost = i, c
			}
		}
		if best < 0 {
			continue
		}
		acts[best], done[best] = p.step(best, j), true
		p.dest[best] = j.to
		if j.kind == jobFetch && j.from != p.storage {
			emptied[j.from] = true
		}
	}
	// What nobody needs goes back to storage; the rest wait there, where
	// most work starts.
	for i, a := range p.agents {
		if done[i] {
			continue
		}
		switch {
		case a.hold != "":
			acts[i] = p.carry(i, p.storage)
			p.dest[i] = p.storage
		case a.at != p.storage && p.c.turn.State.Step > 0:
			acts[i] = "goto_" + agentID(i) + "_" + p.storage
		default:
			acts[i] = noop(i)
		}
	}
	return acts
}

// emptiedByCarry: no one needs to take a product out of tool (it holds
// none).
func (p *cuisinePlan) emptiedByCarry(tool string) bool {
	t := p.tool(tool)
	return t == nil || !t.cooked
}

// chain lets actions of one step build on each other, as the game runs
// them in the order written: a put into a tool whose product another
// agent takes out this step, an activation of a tool this step's puts
// complete. Gets from tools go first, then puts, then activations.
func (p *cuisinePlan) chain(acts []string) {
	getting := map[string]bool{}
	for _, a := range acts {
		if parts := strings.Split(a, "_"); parts[0] == "get" && len(parts) == 3 {
			getting[parts[2]] = true
		}
	}
	after := map[string][]string{}
	for i, a := range acts {
		ag := p.agents[i]
		if i < p.firstBot || ag.busy || ag.hold == "" || p.dest[i] == "" || ag.at != p.dest[i] {
			continue
		}
		t := p.tool(p.dest[i])
		if t == nil {
			continue
		}
		if strings.HasPrefix(a, "noop_") && getting[t.name] && !t.busy {
			acts[i] = "put_" + agentID(i) + "_" + t.name
		}
		if strings.HasPrefix(acts[i], "put_") {
			after[t.name] = append(after[t.name], ag.hold)
		}
	}
	for name, items := range after {
		t := p.tool(name)
		content := slices.Clone(t.content)
		if getting[name] {
			content = nil
		}
		t2 := *t
		t2.content, t2.cooked = append(content, items...), false
		if _, ok := p.recipeAt(&t2); !ok {
			continue
		}
		for i := p.firstBot; i < p.nAgents; i++ {
			if a := p.agents[i]; a.at == name && a.hold == "" && !a.busy && strings.HasPrefix(acts[i], "noop_") {
				acts[i] = "activate_" + agentID(i) + "_" + name
				break
			}
		}
	}
	// MindAgent calls a step of noops alone "not normal": one agent walks.
	if p.allNoops(acts) {
		for i := p.firstBot; i < p.nAgents; i++ {
			if !p.agents[i].busy && p.agents[i].hold == "" {
				to := p.storage
				if p.agents[i].at == p.storage {
					to = p.serving
				}
				acts[i] = "goto_" + agentID(i) + "_" + to
				break
			}
		}
	}
}

// ordered is the reply's order of actions: gets from tools, puts,
// activations, then the rest, each group in agent order.
func orderActions(acts []string) []string {
	rank := func(a string) int {
		parts := strings.Split(a, "_")
		switch {
		case parts[0] == "get" && len(parts) == 3:
			return 0
		case parts[0] == "put":
			return 1
		case parts[0] == "activate":
			return 2
		}
		return 3
	}
	out := slices.Clone(acts)
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	return out
}

func (p *cuisinePlan) allNoops(acts []string) bool {
	for i := p.firstBot; i < len(acts); i++ {
		if !strings.HasPrefix(acts[i], "noop_") {
			return false
		}
	}
	if p.firstBot > 0 && len(p.c.turn.Actions) > 0 && !strings.HasPrefix(p.c.turn.Actions[0], "noop_") {
		return false
	}
	return true
}

func agentID(i int) string { return "agent" + strconv.Itoa(i) }

func noop(i int) string { return "noop_" + agentID(i) }

// carry is the next step of taking what agent i holds to dest ("" keeps
// it; a dish waits at the serving table). At a tool that still holds a
// product or is cooking, it waits.
func (p *cuisinePlan) carry(i int, dest string) string {
	a := p.agents[i]
	if dest == "" {
		if slices.Contains(p.menu, a.hold) && a.at != p.serving {
			return "goto_" + agentID(i) + "_" + p.serving
		}
		return noop(i)
	}
	if a.at != dest {
		return "goto_" + agentID(i) + "_" + dest
	}
	if t := p.tool(dest); t != nil && (t.busy || t.cooked) {
		return noop(i)
	}
	return "put_" + agentID(i) + "_" + dest
}

// cost is how many steps agent a needs to finish job j's first part.
func (p *cuisinePlan) cost(a planAgent, j job) int {
	c := 1
	if a.at != j.from {
		c++
	}
	if j.wait {
		c++
	}
	return c
}

// step is agent i's next action for job j.
func (p *cuisinePlan) step(i int, j job) string {
	a := p.agents[i]
	id := agentID(i)
	if a.at != j.from {
		return "goto_" + id + "_" + j.from
	}
	switch {
	case j.kind == jobActivate:
		return "activate_" + id + "_" + j.from
	case j.wait:
		return noop(i)
	case j.from == p.storage:
		return "get_" + id + "_" + j.item + "_" + j.from
	}
	return "get_" + id + "_" + j.from
}

// treeOf lists the recipes that make dish, from the rules.
func treeOf(recipes map[string]cuisine.Recipe, dish string) []cuisine.Recipe {
	var out []cuisine.Recipe
	seen := map[string]bool{}
	var walk func(string)
	walk = func(d string) {
		r, ok := recipes[d]
		if !ok || seen[d] {
			return
		}
		seen[d] = true
		for _, ing := range r.Ingredients {
			walk(ing)
		}
		out = append(out, r)
	}
	walk(dish)
	return out
}
