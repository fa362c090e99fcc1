package dagexpert

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/villagerbench"
)

// VillagerBench construction: the meta-data is the blueprint's
// description (map_description.json), the environment summary names the
// agents and the material chest. The plan builds from the ground up:
// each agent first takes the materials of its share from the chest, then
// places its blocks a few at a time, each subtask after the ones that
// hold up its blocks; a block nothing holds up (it touches the rest only
// at an edge or a corner) gets a dirt ladder under it, which comes down
// once it stands. The shares alternate between agents in support order,
// so both work on every layer.

// isDescription reports whether the meta-data is a blueprint description:
// a list of strings, each a description line.
func isDescription(meta any) ([]string, bool) {
	list := listOf(meta)
	if len(list) == 0 {
		return nil, false
	}
	lines := make([]string, len(list))
	for i, l := range list {
		s, ok := l.(string)
		if !ok {
			return nil, false
		}
		lines[i] = s
	}
	return lines, true
}

// cell is one block to place: the item placed for it, and, for a block
// nothing holds up when its turn comes, the scaffold: a dirt block at
// ref (the neighbour its facing needs) on a dirt ladder, or a ladder
// right under it (ref is the cell itself).
type cell struct {
	block    villagerbench.Block
	item     string
	floating bool
	ref      [3]int
	parent   [3]int // the neighbour that holds it up (floating: none)
}

// refs are the neighbours placeBlock accepts as the reference for a
// facing (place_block_op): the cell a side-facing block leans on, either
// end of an axis, or any face for a block with no facing.
func refs(f villagerbench.Facing) [][3]int {
	switch f {
	case villagerbench.North:
		return [][3]int{{0, 0, 1}}
	case villagerbench.South:
		return [][3]int{{0, 0, -1}}
	case villagerbench.West:
		return [][3]int{{1, 0, 0}}
	case villagerbench.East:
		return [][3]int{{-1, 0, 0}}
	case villagerbench.AxisY:
		return [][3]int{{0, -1, 0}, {0, 1, 0}}
	case villagerbench.AxisX:
		return [][3]int{{-1, 0, 0}, {1, 0, 0}}
	case villagerbench.AxisZ:
		return [][3]int{{0, 0, -1}, {0, 0, 1}}
	}
	return [][3]int{{0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}}
}

func add(p, d [3]int) [3]int { return [3]int{p[0] + d[0], p[1] + d[1], p[2] + d[2]} }

// buildOrder lists the blueprint's placeable blocks so that each has its
// reference when its turn comes: the site's floor holds up the bottom
// layer, a placed block its neighbours. A block still without one when
// nothing else can go is scaffolded (floating) and the rest go on from
// it. A door's top half comes with its bottom; a block with no item
// (fire) is left out.
func buildOrder(blocks []villagerbench.Block) []cell {
	at := map[[3]int]villagerbench.Block{}
	for _, b := range blocks {
		at[b.Position] = b
	}
	item := func(b villagerbench.Block) (string, bool) {
		name := b.Name
		if standing, ok := mcdata.StandingOf(name); ok {
			name = standing
		}
		if strings.HasSuffix(name, "_door") {
			if below, ok := at[add(b.Position, [3]int{0, -1, 0})]; ok && below.Name == b.Name {
				return "", false // the top half
			}
		}
		return name, mcdata.IsItem(name)
	}
	floor := villagerbench.Site.Min[1] - 1
	filled := map[[3]int]bool{}
	solid := func(q [3]int) bool { return q[1] <= floor || filled[q] }
	var todo []villagerbench.Block
	names := map[[3]int]string{}
	for _, b := range blocks {
		if it, ok := item(b); ok {
			todo = append(todo, b)
			names[b.Position] = it
		}
	}
	var order []cell
	for len(todo) > 0 {
		progress := false
		var rest []villagerbench.Block
		for _, b := range todo {
			c := cell{block: b, item: names[b.Position]}
			held := false
			for _, d := range refs(b.Facing) {
				if q := add(b.Position, d); solid(q) {
					held, c.parent = true, q
					break
				}
			}
			if !held {
				rest = append(rest, b)
				continue
			}
			order = append(order, c)
			filled[b.Position] = true
			progress = true
		}
		todo = rest
		if progress || len(todo) == 0 {
			continue
		}
		// Nothing can go without a scaffold: the lowest block gets one,
		// leaning on a reference cell no block of the blueprint takes.
		b := todo[0]
		for _, t := range todo {
			if t.Position[1] < b.Position[1] {
				b = t
			}
		}
		c := cell{block: b, item: names[b.Position], floating: true, ref: b.Position}
		for _, d := range refs(b.Facing) {
			q := add(b.Position, d)
			if _, taken := at[q]; !taken && d[1] >= 0 {
				c.ref = q
				break
			}
		}
		order = append(order, c)
		filled[b.Position] = true
		todo = slices.DeleteFunc(todo, func(t villagerbench.Block) bool { return t.Position == b.Position })
	}
	return order
}

// peopleIn reads the agents' names from the environment summary's
// Entity line, as envSummary writes it ("Andy_0 stands at [...]").
func peopleIn(env string) []string {
	line := ""
	for l := range strings.SplitSeq(env, "\n") {
		if rest, ok := strings.CutPrefix(l, "Entity: "); ok {
			line = rest
			break
		}
	}
	var names []string
	for _, verb := range []string{" is at [", " is located at position [", " stands at ["} {
		for rest := line; ; {
			i := strings.Index(rest, verb)
			if i < 0 {
				break
			}
			before := rest[:i]
			name := before[strings.LastIndexAny(before, " ,")+1:]
			names = append(names, name)
			rest = rest[i+len(verb):]
		}
	}
	// In the order the line names them.
	slices.SortStableFunc(names, func(a, b string) int { return strings.Index(line, a+" ") - strings.Index(line, b+" ") })
	return slices.Compact(names)
}

// blocksPerShare is how many blocks one place subtask holds (a floating
// block costs three jobs: the ladder, the block, the ladder down).
const blocksPerShare = maxJobs

func (w words) planVBConstruction(lines []string, env string) (plan, error) {
	blocks, err := villagerbench.ParseDescription(lines)
	if err != nil {
		return plan{}, fmt.Errorf("dagexpert: the blueprint's description: %w", err)
	}
	names := peopleIn(env)
	if len(names) == 0 {
		return plan{}, fmt.Errorf("dagexpert: the environment names no agent")
	}
	// The material chest where the summary shows it; else the executor's
	// withdrawItem finds the nearest.
	var chest [3]int
	chests := stationsIn(env, "chest")
	if len(chests) > 0 {
		chest = chests[0]
	}
	order := buildOrder(blocks)
	// Shares: runs of cells in support order, dealt to the agents in turn.
	type share struct {
		cells []cell
		agent string
	}
	var shares []share
	for i := 0; i < len(order); {
		var s share
		s.agent = names[len(shares)%len(names)]
		jobs := 0
		for i < len(order) {
			cost := 1
			if order[i].floating {
				cost = len(scaffolded(order[i], job{}))
			}
			if jobs+cost > blocksPerShare && jobs > 0 {
				break
			}
			s.cells = append(s.cells, order[i])
			jobs += cost
			i++
		}
		shares = append(shares, s)
	}
	var p plan
	// Each agent's materials first.
	fetched := map[string]int{} // agent -> its last withdraw subtask (1-based)
	for _, a := range names {
		need := map[string]int{}
		var items []string
		for _, s := range shares {
			if s.agent != a {
				continue
			}
			for _, c := range s.cells {
				if need[c.item] == 0 {
					items = append(items, c.item)
				}
				need[c.item]++
				if c.floating {
					top := c.ref[1] - villagerbench.Site.Min[1] + 1
					for _, it := range []string{"dirt", "ladder"} {
						if need[it] == 0 {
							items = append(items, it)
						}
						need[it] += top
					}
				}
			}
		}
		var jobs []job
		for _, it := range items {
			jobs = append(jobs, job{kind: jobWithdraw, item: it, count: need[it], at: chest, atKnown: len(chests) > 0})
		}
		for len(jobs) > 0 {
			chunk := jobs[:min(len(jobs), maxJobs)]
			jobs = jobs[len(chunk):]
			var ms []string
			for _, j := range chunk {
				ms = append(ms, fmt.Sprintf("%s holds %d %s", a, j.count, j.item))
			}
			var req []int
			if n := fetched[a]; n > 0 {
				req = []int{n}
			}
			p.subtasks = append(p.subtasks, subtask{jobs: chunk, milestones: ms, paths: []string{"~/meta-data"},
				requires: req, candidates: []string{a}, number: 1})
			fetched[a] = len(p.subtasks)
		}
	}
	// The shares, each after its agent's previous share (or materials)
	// and the share that places what holds its blocks up; a scaffolded
	// block after every agent's last share so far, so that its ladder
	// takes no cell a block is still to fill.
	placedBy := map[[3]int]int{} // cell -> the share subtask (1-based)
	last := map[string]int{}     // agent -> its last subtask so far
	maps.Copy(last, fetched)
	for _, s := range shares {
		var jobs []job
		var ms []string
		req := map[int]bool{}
		if n := last[s.agent]; n > 0 {
			req[n] = true
		}
		for _, c := range s.cells {
			b := c.block
			place := job{kind: jobPlace, item: c.item, count: 1, at: b.Position, facing: string(b.Facing)}
			if c.floating {
				jobs = append(jobs, scaffolded(c, place)...)
				for _, n := range last {
					req[n] = true
				}
			} else {
				jobs = append(jobs, place)
				if n, ok := placedBy[c.parent]; ok {
					req[n] = true
				}
			}
			ms = append(ms, fmt.Sprintf("%s at %s facing %s", b.Name, pos(b.Position), b.Facing))
		}
		id := len(p.subtasks) + 1
		for _, c := range s.cells {
			placedBy[c.block.Position] = id
		}
		last[s.agent] = id
		requires := slices.Sorted(maps.Keys(req))
		p.subtasks = append(p.subtasks, subtask{jobs: jobs, milestones: ms, paths: []string{"~/meta-data"},
			requires: requires, candidates: []string{s.agent}, number: 1})
	}
	p.why = w.say("{The blueprint goes up from the ground|We build from the ground up}: {each of us takes the materials for their share from the chest, then places them|everyone first takes their blocks from the chest and then places them}, {a few blocks at a time|layer by layer}, {every block after the ones holding it up|each after what supports it}" + ladderNote(order) + ".")
	return p, nil
}

// scaffolded is a floating cell's jobs around place: a dirt ladder up to
// its reference cell, a dirt block there when that is a neighbour (a
// side-facing block leans on it), the block, then the dirt broken and
// the ladder taken down. On the floor's layer no ladder is needed.
func scaffolded(c cell, place job) []job {
	p := c.block.Position
	var jobs []job
	ladder := c.ref[1] > villagerbench.Site.Min[1]
	if ladder {
		jobs = append(jobs, job{kind: jobLadder, item: "dirt", count: 1, at: c.ref})
	}
	if c.ref != p {
		jobs = append(jobs, job{kind: jobPlace, item: "dirt", count: 1, at: c.ref, facing: "A"}, place,
			job{kind: jobBreak, item: "dirt", count: 1, at: c.ref})
	} else {
		jobs = append(jobs, place)
	}
	if ladder {
		jobs = append(jobs, job{kind: jobUnladder, item: "dirt", count: 1, at: c.ref})
	}
	return jobs
}

// ladderNote mentions the dirt ladders when some block floats.
func ladderNote(order []cell) string {
	for _, c := range order {
		if c.floating {
			return "; {a block that touches nothing below it gets a dirt ladder first|blocks hanging in the air go on a dirt ladder, taken down after}"
		}
	}
	return ""
}
