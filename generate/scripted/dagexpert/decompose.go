package dagexpert

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/villager"
)

// subtask is one node the decomposer writes.
type subtask struct {
	jobs       []job
	milestones []string
	paths      []string
	requires   []int    // 1-based ids of the subtasks before it
	candidates []string // who may do it
	number     int      // how many agents it needs
}

// plan is the decomposer's answer before it is written out.
type plan struct {
	subtasks []subtask
	why      string // the lead-in sentence
}

// maxJobs bounds a subtask's tool calls: the executor stops after 7
// steps, the last of which is its final answer.
const maxJobs = 5

// decompose plans the task the call shows.
func (w words) decompose(c villager.DecomposeCall) (string, error) {
	if strings.Contains(str(field(c.Task, "description")), "escape challenge") {
		return w.escDecompose(c), nil
	}
	meta := dictOf(field(c.Task, "meta-data"))
	var p plan
	var err error
	lines, described := isDescription(field(c.Task, "meta-data"))
	hint, hinted := isRecipeHint(field(c.Task, "meta-data"))
	switch {
	case hinted && dishIn.MatchString(str(field(c.Task, "description"))):
		p, err = w.planFarm(str(field(c.Task, "description")), hint, c.Env)
	case described:
		p, err = w.planVBConstruction(lines, c.Env)
	case meta.Has("recipe") && meta.Has("target"):
		p, err = w.planCrafting(meta, c.Env)
	case meta.Has("dishes"):
		p, err = w.planCooking(meta, c.Env)
	case meta.Has("blueprint"):
		// VillagerAgent places one block a tool call: at ~3.6 simulated
		// seconds a block an agent (ReAct step, summary, reflection), a
		// MineCollab house (549-1,538 blocks, 889 the median) takes far
		// longer than its 600 s, and its upper storeys need VillagerBench's
		// dirt ladders, which leave dirt behind in the house.
		return "", fmt.Errorf("dagexpert: the scripted DAG experts do not build houses yet (VillagerAgent places one block a call; a MineCollab house does not fit its time); seat the DAG on a model for construction")
	default:
		return "", fmt.Errorf("dagexpert: no plan for a task whose meta-data holds %v", meta.Keys())
	}
	if err != nil {
		return "", err
	}
	return w.writePlan(p, c.Mode), nil
}

// writePlan writes the subtasks as the decomposer's JSON list, each with
// the keys its mode's prompt asks for.
func (w words) writePlan(p plan, mode string) string {
	var rows []any
	for i, s := range p.subtasks {
		row := villager.Dict{
			{Key: "id", Value: i + 1},
			{Key: "description", Value: w.describe(s.jobs)},
			{Key: "milestones", Value: stringsAny(s.milestones)},
			{Key: "retrieval paths", Value: stringsAny(s.paths)},
			{Key: "required subtasks", Value: intsAny(s.requires)},
		}
		if mode == "merge" {
			row = append(row, villager.KV{Key: "candidate list", Value: stringsAny(s.candidates)},
				villager.KV{Key: "minimum required agents", Value: s.number})
		} else {
			row = append(row, villager.KV{Key: "assigned agents", Value: stringsAny(s.candidates[:s.number])})
		}
		rows = append(rows, row)
	}
	return p.why + "\n```json\n" + villager.JSON(rows) + "\n```"
}

func stringsAny(l []string) []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}

func intsAny(l []int) []any {
	out := make([]any, len(l))
	for i, n := range l {
		out[i] = n
	}
	return out
}

// step is one crafting step line: "Craft 2 a + 1 b -> 4 c".
type step struct {
	in     map[string]int
	order  []string
	result string
	count  int
}

// readStep reads a crafting step line (mcdata.Step's words).
func readStep(line string) (step, bool) {
	body, ok := strings.CutPrefix(line, "Craft ")
	if !ok {
		return step{}, false
	}
	left, right, ok := strings.Cut(body, " -> ")
	if !ok {
		return step{}, false
	}
	s := step{in: map[string]int{}}
	for _, part := range strings.Split(left, " + ") {
		n, item, ok := strings.Cut(strings.TrimSpace(part), " ")
		c, err := strconv.Atoi(n)
		if !ok || err != nil {
			return step{}, false
		}
		s.in[item] += c
		s.order = append(s.order, item)
	}
	n, item, ok := strings.Cut(strings.TrimSpace(right), " ")
	c, err := strconv.Atoi(n)
	if !ok || err != nil {
		return step{}, false
	}
	s.result, s.count = item, c
	return s, true
}

// holdings reads the meta-data's inventory: agent -> item -> count, and
// the agents in order.
func holdings(meta villager.Dict) (map[string]map[string]int, []string) {
	inv := map[string]map[string]int{}
	var names []string
	for _, kv := range dictOf(field(meta, "inventory")) {
		names = append(names, kv.Key)
		inv[kv.Key] = map[string]int{}
		for _, it := range dictOf(kv.Value) {
			n, _ := it.Value.(int64)
			inv[kv.Key][it.Key] = int(n)
		}
	}
	return inv, names
}

// planCrafting: the agent holding most of what the recipe consumes
// crafts; the others hand it what they hold of that; what nobody holds
// is gathered by whoever can (a tool it needs, or anyone), and handed
// over; then the crafter works down the recipe, a few steps a subtask.
func (w words) planCrafting(meta villager.Dict, env string) (plan, error) {
	inv, names := holdings(meta)
	if len(names) == 0 {
		return plan{}, fmt.Errorf("dagexpert: the meta-data lists no agent's inventory")
	}
	var steps []step
	for _, l := range listOf(field(meta, "recipe")) {
		s, ok := readStep(str(l))
		if !ok {
			return plan{}, fmt.Errorf("dagexpert: a recipe line %q is not a crafting step", str(l))
		}
		steps = append(steps, s)
	}
	target := dictOf(field(meta, "target"))
	targetItem := str(field(target, "name"))
	// What the steps consume beyond what they make: the plan takes it
	// from the team's inventories (base items, and intermediates held).
	consumed, produced := map[string]int{}, map[string]int{}
	var needOrder []string
	for _, s := range steps {
		for _, it := range s.order {
			if consumed[it] == 0 {
				needOrder = append(needOrder, it)
			}
			consumed[it] += s.in[it]
		}
		produced[s.result] += s.count
	}
	need := map[string]int{}
	for _, it := range needOrder {
		need[it] = max(consumed[it]-produced[it], 0)
	}
	crafter := names[0]
	best := -1
	for _, a := range names {
		score := 0
		for _, it := range needOrder {
			score += min(inv[a][it], need[it])
		}
		if score > best {
			crafter, best = a, score
		}
	}
	var p plan
	covered := map[string]int{}
	for _, it := range needOrder {
		covered[it] = min(inv[crafter][it], need[it])
	}
	// Hand-overs.
	for _, a := range names {
		if a == crafter {
			continue
		}
		var jobs []job
		for _, it := range needOrder {
			short := need[it] - covered[it]
			if short <= 0 || inv[a][it] == 0 {
				continue
			}
			n := min(short, inv[a][it])
			covered[it] += n
			jobs = append(jobs, job{kind: jobGive, item: it, count: n, to: crafter})
		}
		for len(jobs) > 0 {
			chunk := jobs[:min(len(jobs), maxJobs)]
			jobs = jobs[len(chunk):]
			var ms []string
			for _, j := range chunk {
				ms = append(ms, fmt.Sprintf("%s has %d more %s from %s", crafter, j.count, j.item, a))
			}
			p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms, paths: []string{"~/meta-data/inventory/" + a},
				candidates: []string{a}, number: 1})
		}
	}
	// Gathering what nobody holds: a few blocks a subtask, each handed to
	// the crafter (a scan finds one block, so each costs two steps).
	for i, m := range listOf(field(meta, "missing")) {
		md := dictOf(m)
		item := str(field(md, "name"))
		n64, _ := field(md, "count").(int64)
		chunks, after, who, err := gatherChunks(item, int(n64), inv, names, crafter, env)
		if err != nil {
			return plan{}, err
		}
		for k, chunk := range chunks {
			g := chunk[len(chunk)-1]
			ms := []string{fmt.Sprintf("%d %s gathered and with %s", g.count, item, crafter)}
			if g.kind == jobSmelt {
				ms = []string{fmt.Sprintf("%d %s smelting", n64, chunk[0].item)}
			}
			var req []int
			if after[k] {
				req = []int{len(p.subtasks)}
			}
			p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms,
				paths:    []string{fmt.Sprintf("~/meta-data/missing/%d", i), "~/meta-data/inventory"},
				requires: req, candidates: who, number: 1})
		}
	}
	firstCraft := len(p.subtasks) + 1
	var before []int
	for i := 1; i < firstCraft; i++ {
		before = append(before, i)
	}
	// The crafter's steps.
	var jobs []job
	for _, s := range steps {
		jobs = append(jobs, job{kind: jobCraft, item: s.result, count: s.count})
	}
	for len(jobs) > 0 {
		chunk := jobs[:min(len(jobs), maxJobs)]
		jobs = jobs[len(chunk):]
		var ms []string
		for _, j := range chunk {
			ms = append(ms, fmt.Sprintf("%d %s crafted", j.count, j.item))
		}
		req := before
		if len(p.subtasks)+1 > firstCraft {
			req = []int{len(p.subtasks)}
		}
		p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms, paths: []string{"~/meta-data/recipe"},
			requires: req, candidates: []string{crafter}, number: 1})
	}
	if len(steps) == 0 { // the target is a base item: gathering it was the work
		p.why = w.say("{Nothing needs crafting|The target needs no crafting}: " + targetItem + " is gathered and handed to " + crafter + ".")
	} else {
		p.why = w.say("{" + crafter + " holds the most of what the recipe needs, so " + crafter + " crafts the " + targetItem +
			"|The " + targetItem + " is crafted by " + crafter + ", who holds most of its materials}; {the others hand over what they hold|everyone else brings their materials}" +
			gatherNote(p, crafter) + ".")
	}
	return p, nil
}

func gatherNote(p plan, crafter string) string {
	for _, s := range p.subtasks {
		if s.jobs[0].kind == jobMine || s.jobs[0].kind == jobKill {
			return " and what nobody holds is gathered first"
		}
	}
	return ""
}

// gatherChunks is how to get n of item from the world (mcdata.SourceOf,
// the game's knowledge), as subtasks that each end handing their share to
// the crafter: two blocks a subtask, one when it is smelted after, a few
// mobs; and who can, the agents holding a tool that harvests the block
// (everyone when none is needed).
func gatherChunks(item string, n int, inv map[string]map[string]int, names []string, crafter, env string) (chunks [][]job, after []bool, who []string, err error) {
	src, ok := mcdata.SourceOf(item)
	if gs, found := procgen.GatherSource(item); found && gs.Smelt == "" && gs.Block != "" && (!ok || src.Mob != "" || src.Sand) {
		// A block gives it (obsidian), or gives it too, where no mob need
		// be found (string: cobwebs).
		src, ok = mcdata.Source{Block: gs.Block}, true
	}
	if !ok {
		return nil, nil, nil, fmt.Errorf("dagexpert: nothing in the world gives %s", item)
	}
	block := ""
	switch {
	case src.Tree != "":
		block = src.Tree + "_log"
	case src.Ore != "":
		block = src.Ore
	case src.Stone:
		block = "stone"
	case src.Block != "":
		block = src.Block
	case src.Crop != "":
		block = src.Crop
	case src.Gravel:
		block = "gravel"
	case src.Sand:
		block = "sand"
	}
	var tools []string
	drop := item
	if b, err := mcdata.LookupBlock(block); err == nil {
		if b.RequiresTool {
			tools = b.HarvestTools
		}
		if ds := mcdata.Drops(block, firstTool(b.HarvestTools)); len(ds) > 0 {
			drop = ds[0].Item
		}
	}
	// A block that drops something else gives item through the furnace:
	// raw_iron, sand for glass, cobblestone for stone.
	smelt := false
	if drop != item && src.Mob == "" {
		if sm, ok := mcdata.Smelt(drop); ok && sm.Output == item {
			smelt = true
		}
	}
	per := 2
	if src.Mob != "" {
		per = 3
	}
	for left := n; left > 0; left -= per {
		k := min(left, per)
		var jobs []job
		switch {
		case src.Mob != "":
			margin := 0
			if src.Mob == "rabbit" || src.Mob == "spider" || src.Mob == "skeleton" {
				margin = 1 // its drop may not come
			}
			jobs = append(jobs, job{kind: jobKill, item: src.Mob, count: k + margin})
		default:
			jobs = append(jobs, job{kind: jobMine, item: block, count: k})
		}
		if !smelt {
			jobs = append(jobs, job{kind: jobGive, item: item, count: k, to: crafter})
		}
		chunks = append(chunks, jobs)
	}
	for _, a := range names {
		if len(tools) == 0 || slices.ContainsFunc(tools, func(t string) bool { return inv[a][t] > 0 }) {
			who = append(who, a)
		}
	}
	if len(who) == 0 {
		who = slices.Clone(names)
	}
	after = make([]bool, len(chunks))
	if smelt { // the ores, the furnace's batches and their coal stay with one agent
		best := who[0]
		for _, a := range who {
			if inv[a]["coal"] > inv[best]["coal"] {
				best = a
			}
		}
		who = []string{best}
		put, take := smeltBatches(drop, item, n, max(inv[best]["coal"], 1), stationsIn(env, "furnace"), crafter)
		chunks = append(chunks, put, take)
		after = append(after, true, true)
	}
	return chunks, after, who, nil
}

// smeltBatches puts n of raw in the furnaces the environment shows, a
// batch each as far as the coal goes (a furnace smelts an item in ten
// seconds), then takes the output out of each and hands it over. Taking
// comes as a subtask of its own: by then the furnaces have worked.
func smeltBatches(raw, item string, n, coal int, furnaces [][3]int, crafter string) (put, take []job) {
	if len(furnaces) == 0 {
		return []job{{kind: jobSmelt, item: raw, count: n, fuel: "coal"}},
			[]job{{kind: jobCollect, item: item, count: n}, {kind: jobGive, item: item, count: n, to: crafter}}
	}
	batches := min(len(furnaces), coal, n, 3)
	if n <= 2 {
		batches = 1
	}
	for k := range batches {
		size := n / batches
		if k < n%batches {
			size++
		}
		put = append(put, job{kind: jobSmelt, item: raw, count: size, fuel: "coal", at: furnaces[k], atKnown: true})
		take = append(take, job{kind: jobCollect, item: item, count: size, at: furnaces[k], atKnown: true})
	}
	return put, append(take, job{kind: jobGive, item: item, count: n, to: crafter})
}

// firstTool is the best of a block's harvest tools (mcdata lists them
// worst first), "" for none.
func firstTool(tools []string) string {
	if len(tools) == 0 {
		return ""
	}
	return tools[len(tools)-1]
}
