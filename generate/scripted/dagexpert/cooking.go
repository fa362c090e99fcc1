package dagexpert

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// Cooking: the dishes, their recipes as the task gives them (steps in
// words), and what each agent holds. The decomposer works the meal out
// with the game's knowledge (the recipe steps name the same ingredients):
// each dish from what the team holds, crafted or smelted, its missing
// ingredients gathered from the farm (crops dug, animals killed, a cow
// milked).

// production is what making some items takes: the steps in order, and
// what comes from the team's inventories and from the world.
type production struct {
	pool    map[string]int // what the team holds, not yet used
	used    map[string]int // taken from the team's inventories
	steps   []job          // crafts, smelts and milkings, in order
	gather  map[string]int // items to get from the world
	order   []string       // gather's items in the order met
	unknown []string       // items nothing gives
}

func newProduction(inv map[string]map[string]int) *production {
	p := &production{pool: map[string]int{}, used: map[string]int{}, gather: map[string]int{}}
	for _, items := range inv {
		for it, n := range items {
			p.pool[it] += n
		}
	}
	return p
}

// make plans n of item: what the team holds first, then from the world
// (a crop, mob, block, tree or ore gives it), a smelt, a craft, or a
// bucket of milk.
func (p *production) make(item string, n int, depth int) {
	take := min(p.pool[item], n)
	p.pool[item] -= take
	p.used[item] += take
	n -= take
	if n == 0 || depth > 8 {
		return
	}
	if r, ok := mcdata.DefaultRecipe(item); ok && p.holdsFor(r, n) {
		p.craft(item, r, n, depth) // the team holds what makes it (a gold ingot for nuggets)
		return
	}
	if src, ok := mcdata.SourceOf(item); ok && (src.Crop != "" || src.Mob != "" || src.Block != "" || src.Tree != "" || src.Sand || src.Ore != "" && !strings.HasSuffix(item, "_ingot")) {
		if p.gather[item] == 0 {
			p.order = append(p.order, item)
		}
		p.gather[item] += n
		return
	}
	if item == "milk_bucket" {
		p.make("bucket", n, depth+1)
		p.steps = append(p.steps, job{kind: jobUse, item: "bucket", count: n, to: "cow"})
		return
	}
	for _, in := range mcdata.SmeltInputs(item) {
		if _, known := mcdata.SourceOf(in); known || p.pool[in] > 0 {
			p.make(in, n, depth+1)
			// One batch per input: the furnace takes them together.
			if i := slices.IndexFunc(p.steps, func(j job) bool { return j.kind == jobSmelt && j.item == in }); i >= 0 {
				p.steps[i].count += n
				p.steps[i+1].count += n
				return
			}
			p.steps = append(p.steps, job{kind: jobSmelt, item: in, count: n, fuel: "coal"}, job{kind: jobCollect, item: item, count: n})
			return
		}
	}
	if r, ok := mcdata.DefaultRecipe(item); ok {
		p.craft(item, r, n, depth)
		return
	}
	p.unknown = append(p.unknown, item)
}

// holdsFor reports whether the team holds every ingredient of n of r's
// item.
func (p *production) holdsFor(r mcdata.Recipe, n int) bool {
	crafts := int(math.Ceil(float64(n) / float64(r.Count)))
	for _, in := range r.Ingredients {
		if p.pool[in.Item] < in.Count*crafts {
			return false
		}
	}
	return len(r.Ingredients) > 0
}

// craft plans n of item by its recipe r, what it makes beyond n kept.
func (p *production) craft(item string, r mcdata.Recipe, n, depth int) {
	crafts := int(math.Ceil(float64(n) / float64(r.Count)))
	for _, in := range r.Ingredients {
		p.make(in.Item, in.Count*crafts, depth+1)
	}
	p.steps = append(p.steps, job{kind: jobCraft, item: item, count: crafts * r.Count})
	p.pool[item] += crafts*r.Count - n
}

// planCooking: one cook, the agent holding most of what the meal uses;
// the others hand over what they hold of it; crops and blocks are dug by
// whoever can, animals hunted by one agent (an attack leaves VillagerBench's
// bot in creative mode, where digging drops nothing, so the hunter does
// not dig); the cook smelts, milks and crafts.
func (w words) planCooking(meta villager.Dict, env string) (plan, error) {
	inv, names := holdings(meta)
	if len(names) == 0 {
		return plan{}, fmt.Errorf("dagexpert: the meta-data lists no agent's inventory")
	}
	prod := newProduction(inv)
	var dishes []string
	for _, kv := range dictOf(field(meta, "dishes")) {
		n, _ := kv.Value.(int64)
		prod.make(kv.Key, max(int(n), 1), 0)
		dishes = append(dishes, kv.Key)
	}
	if len(prod.unknown) > 0 {
		return plan{}, fmt.Errorf("dagexpert: nothing the team holds or the farm gives makes %s", andList(prod.unknown))
	}
	if n := countKind(prod.steps, jobSmelt); n > 0 {
		prod.make("coal", n, 0) // each batch in the furnace burns a coal
	}
	// The cook: whoever holds the most of what the meal uses.
	cook, best := names[0], -1
	for _, a := range names {
		score := 0
		for it, n := range prod.used {
			score += min(inv[a][it], n)
		}
		if score > best {
			cook, best = a, score
		}
	}
	hunter := cook
	for _, a := range names {
		if a != cook {
			hunter = a
			break
		}
	}
	var diggers []string
	for _, a := range names {
		if a != hunter || len(names) == 1 {
			diggers = append(diggers, a)
		}
	}
	var p plan
	// Hand-overs of what the meal uses.
	left := map[string]int{}
	for it, n := range prod.used {
		left[it] = n - min(inv[cook][it], n)
	}
	for _, a := range names {
		if a == cook {
			continue
		}
		var jobs []job
		for _, it := range sortedKeys(left) {
			if left[it] <= 0 || inv[a][it] == 0 {
				continue
			}
			n := min(left[it], inv[a][it])
			left[it] -= n
			jobs = append(jobs, job{kind: jobGive, item: it, count: n, to: cook})
		}
		for len(jobs) > 0 {
			chunk := jobs[:min(len(jobs), maxJobs)]
			jobs = jobs[len(chunk):]
			p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: giveMilestones(chunk, cook),
				paths: []string{"~/meta-data/inventory/" + a}, candidates: []string{a}, number: 1})
		}
	}
	// Gathering on the farm.
	for _, it := range prod.order {
		n := prod.gather[it]
		src, _ := mcdata.SourceOf(it)
		who := diggers
		var get job
		per := 2
		switch {
		case src.Mob != "":
			who = []string{hunter}
			get = job{kind: jobKill, item: src.Mob}
			per = 3
		case src.Crop != "":
			get = job{kind: jobMine, item: src.Crop}
		case src.Block != "":
			get = job{kind: jobMine, item: src.Block}
		case src.Tree != "":
			get = job{kind: jobMine, item: src.Tree + "_log"}
		case src.Sand:
			get = job{kind: jobMine, item: it} // sugar cane grows by the water
		default:
			get = job{kind: jobMine, item: src.Ore}
		}
		for rest := n; rest > 0; rest -= per {
			k := min(rest, per)
			g := get
			g.count = k
			if src.Mob == "rabbit" {
				g.count = k + 1 // a rabbit may drop nothing
			}
			jobs := []job{g, {kind: jobGive, item: it, count: k, to: cook}}
			p.subtasks = append(p.subtasks, subtask{jobs: jobs,
				milestones: []string{fmt.Sprintf("%d %s with %s", k, it, cook)},
				paths:      []string{"~/meta-data/recipes", "~/meta-data/inventory"},
				candidates: slices.Clone(who), number: 1})
		}
	}
	// The cook's steps: each batch in a furnace of its own, the furnaces
	// the environment shows taken in turn (one burns its coal on for a
	// while after the batch).
	furnaces := stationsIn(env, "furnace")
	batch := 0
	for i, j := range prod.steps {
		if j.kind == jobSmelt && len(furnaces) > 0 {
			at := furnaces[batch%len(furnaces)]
			batch++
			prod.steps[i].at, prod.steps[i].atKnown = at, true
			prod.steps[i+1].at, prod.steps[i+1].atKnown = at, true
		}
	}
	var before []int
	for i := range p.subtasks {
		before = append(before, i+1)
	}
	first := true
	for jobs := prod.steps; len(jobs) > 0; {
		// A subtask does one batch in the furnace at most (the executor
		// has seven steps), with the crafts around it.
		k := min(len(jobs), maxJobs)
		for n, smelts := 0, 0; n < k; n++ {
			if jobs[n].kind == jobSmelt {
				if smelts++; smelts == 2 {
					k = n
				}
			}
		}
		chunk := jobs[:k]
		jobs = jobs[k:]
		req := []int{len(p.subtasks)}
		if first {
			req = before
			first = false
		}
		var ms []string
		for _, j := range chunk {
			if j.kind == jobCraft || j.kind == jobCollect {
				ms = append(ms, fmt.Sprintf("%d %s in %s's inventory", j.count, j.item, cook))
			}
		}
		if len(ms) == 0 {
			ms = []string{"done: " + w.clause(chunk[0])}
		}
		p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms, paths: []string{"~/meta-data/recipes"},
			requires: req, candidates: []string{cook}, number: 1})
	}
	// Hell's Kitchen: each dish ends with the agent it is for.
	var gives []job
	for _, kv := range dictOf(field(meta, "deliver")) {
		if kv.Key != cook {
			gives = append(gives, job{kind: jobGive, item: str(kv.Value), count: 1, to: kv.Key})
		}
	}
	if len(gives) > 0 {
		var ms []string
		for _, g := range gives {
			ms = append(ms, fmt.Sprintf("%s holds the %s", g.to, g.item))
		}
		p.subtasks = append(p.subtasks, subtask{jobs: gives, milestones: ms, paths: []string{"~/meta-data/deliver"},
			requires: []int{len(p.subtasks)}, candidates: []string{cook}, number: 1})
	}
	p.why = w.say("{" + cook + " cooks the " + andList(dishes) + ", holding the most of what it takes|The " + andList(dishes) + " {is|are} made by " + cook +
		", who holds most of the ingredients}; {the others bring what they hold and fetch the rest from the farm|everyone else hands over their ingredients and gathers what is missing}.")
	return p, nil
}

func giveMilestones(jobs []job, to string) []string {
	var ms []string
	for _, j := range jobs {
		ms = append(ms, fmt.Sprintf("%s has %d more %s", to, j.count, j.item))
	}
	return ms
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func countKind(jobs []job, k jobKind) int {
	n := 0
	for _, j := range jobs {
		if j.kind == k {
			n++
		}
	}
	return n
}
