package world

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"sync"

	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// WalkSpeed is a player's walking speed in blocks per second.
const WalkSpeed = 4.317

// maxExpansions bounds one path search; beyond it the search gives up
// like mineflayer's pathfinder does when thinking takes too long.
const maxExpansions = 20000

// thinkBudget bounds the path search work of one command (a collect loop
// may search many times): past it every search times out at once, so no
// response can keep Execute busy for long.
const thinkBudget = 5 * maxExpansions

// Pathfinder failures, worded as mineflayer-pathfinder's errors.
const (
	errNoPath  = texts.NoPath
	errTimeout = "Took to long to decide path to goal!"
)

// goal is a pathfinding target over feet cells.
type goal struct {
	center  Pos
	rangeSq float64
	invert  bool // reach any cell farther than the range (GoalInvert)
	anyY    bool // measure in x and z only, at any height (GoalNearXZ)
	// place, when set, is the goal instead (GoalPlaceBlock; placegoal.go).
	place *placeGoal
}

// offset is the goal's centre minus p, with no height for an anyY goal.
func (g goal) offset(p Pos) (dx, dy, dz float64) {
	dx, dz = float64(g.center.X-p.X), float64(g.center.Z-p.Z)
	if !g.anyY {
		dy = float64(g.center.Y - p.Y)
	}
	return dx, dy, dz
}

func (g goal) done(p Pos) bool {
	if g.place != nil {
		return g.place.done(p)
	}
	dx, dy, dz := g.offset(p)
	in := dx*dx+dy*dy+dz*dz <= g.rangeSq
	return in != g.invert
}

func (g goal) heuristic(p Pos) float64 {
	if g.place != nil {
		return g.place.heuristic(p)
	}
	if g.invert {
		return 0
	}
	dx, dy, dz := g.offset(p)
	return math.Max(0, math.Sqrt(dx*dx+dy*dy+dz*dz)-math.Sqrt(g.rangeSq))
}

// passable reports whether an entity's body fits in cell p (feet and head).
func (w *World) passable(p Pos) bool {
	return !w.blocks.isSolid(p) && !w.blocks.isSolid(p.Add(0, 1, 0))
}

// standable reports whether an entity can stand with its feet in p: the
// body fits and there is ground below, or ground below a horizontal
// neighbour its body overhangs from (standing on a block's edge).
func (w *World) standable(p Pos) bool {
	return w.passable(p) && w.grounded(p, false)
}

// grounded reports whether a body in p has something to stand on: ground
// below, a ladder, or ground below a horizontal neighbour it fits in (memo:
// asked through the path search's memo, pathmemo.go).
func (w *World) grounded(p Pos, memo bool) bool {
	if w.blocks.isSolid(p.Add(0, -1, 0)) || w.blocks.climbable(p) {
		return true
	}
	for _, d := range dirs4 {
		n := p.Add(d[0], 0, d[1])
		if !w.blocks.isSolid(n.Add(0, -1, 0)) {
			continue
		}
		if memo && w.passableIn(n) || !memo && w.passable(n) {
			return true
		}
	}
	return false
}

var dirs4 = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var dirsDiag = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// pathNode is a heap entry: a search node index and its priority.
type pathNode struct {
	g, f float64
	i    int32
	seq  int32 // (after the floats: 24 bytes, not 32)
}

// nodeHeap is a binary min-heap on f; among equal f the deeper node (higher
// g) first, which on open ground heads straight for the goal instead of
// widening a front of equally good cells; then insertion order, so the
// search is deterministic.
type nodeHeap []pathNode

func (h nodeHeap) less(i, j int) bool {
	a, b := h[i], h[j]
	if a.f != b.f {
		return a.f < b.f
	}
	if a.g != b.g {
		return a.g > b.g
	}
	return a.seq < b.seq
}

func (h *nodeHeap) push(n pathNode) {
	*h = append(*h, n)
	for i := len(*h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		(*h)[i], (*h)[p] = (*h)[p], (*h)[i]
		i = p
	}
}

func (h *nodeHeap) pop() pathNode {
	old := *h
	top := old[0]
	last := len(old) - 1
	old[0] = old[last]
	*h = old[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && h.less(l, m) {
			m = l
		}
		if r < last && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		(*h)[i], (*h)[m] = (*h)[m], (*h)[i]
		i = m
	}
	return top
}

// step is a search node: a cell, how it was reached from its parent
// (maybe placing a scaffolding block) and its best cost so far.
type step struct {
	p        Pos
	g        float64
	parent   int32 // index of the parent node; -1 for the start
	place    Pos   // scaffolding block placed on the way (valid if placed)
	placed   bool
	dig      [3]Pos // blocks dug out to get here (the first ndig)
	ndig     int8
	scaffold int32 // scaffolding blocks used up to here
}

// digScaffold is the scaffolding the pathfinder towers with; digging it
// out again costs little.
const digScaffold = "dirt"

// Digging costs: mineflayer-pathfinder's digCost is 1, but a path that
// digs through a built wall costs the builders a repair, so ours digs only
// when walking would take far longer, scaffolding excepted. Worlds with
// digAny (nothing built to repair) cost a dig as mineflayer does: its
// labour, 1 + 3 s per second of breaking with the digger's best tool.
const (
	digScaffoldCost = 2
	digBlockCost    = 12
)

// digCost is the extra path cost of digging out p, or -1 when the
// search's digger may not dig it: below or at the world's digging floor,
// a container, or (without digAny) a block that does not drop itself with
// the digger's best tool, so that what a path digs through can be put
// back (stone would come back as cobblestone, glass not at all). Worlds
// without a floor do not dig. Costs are kept by block name per search
// (the digger's tools are fixed for one search).
func (w *World) digCost(a *Agent, p Pos) float64 {
	if w.digAbove == nil || a == nil || p.Y <= *w.digAbove || w.containers[p] != nil {
		return -1
	}
	name := w.blocks.name(p)
	c, seen := w.digMemo[name]
	if !seen {
		c = w.nameDigCost(a, name)
		w.digMemo[name] = c
	}
	return c
}

func (w *World) nameDigCost(a *Agent, name string) float64 {
	b, err := mcdata.LookupBlock(name)
	switch {
	case err != nil || b.Hardness < 0 || name == "water" || name == "lava":
		return -1
	case w.digAny:
		return 1 + 3*mineSeconds(b, pickTool(a.inv, b))
	case !dropsItself(name, a.inv):
		return -1
	case name == digScaffold:
		return digScaffoldCost
	}
	return digBlockCost
}

// diggable reports whether the pathfinder of agent a may dig out every
// cell (digCost).
func (w *World) diggable(a *Agent, ps ...Pos) bool {
	for _, p := range ps {
		if w.digCost(a, p) < 0 {
			return false
		}
	}
	return true
}

// dropsItself reports whether breaking name with the best tool in inv
// gives back exactly that block.
func dropsItself(name string, inv *Inventory) bool {
	b, err := mcdata.LookupBlock(name)
	if err != nil || b.Hardness < 0 {
		return false
	}
	drops := mcdata.Drops(name, pickTool(inv, b))
	return len(drops) == 1 && drops[0].Item == name && drops[0].Count == 1
}

// scaffoldCost is the extra cost of placing a block to tower or bridge
// (mineflayer-pathfinder's placeCost is 1; the jump and the wait add to it).
const scaffoldCost = 2

// path is a found route.
type path struct {
	end      Pos
	length   float64 // walking cost in blocks
	scaffold []Pos   // scaffolding blocks to place, in order
	dug      []Pos   // blocks dug out on the way, in order
}

// cellKey packs a cell into a map key: 26 bits each for x and z (the
// world is far smaller) and 12 for y.
func cellKey(p Pos) uint64 {
	return uint64(uint32(p.X)&0x3ffffff)<<38 | uint64(uint32(p.Z)&0x3ffffff)<<12 | uint64(uint32(p.Y+2048)&0xfff)
}

// searches are the tables of path searches not running: a free list, not
// a sync.Pool, which every garbage collection empties (a construction
// trial allocates enough to collect every few searches, and the tables,
// megabytes after a long search, were grown anew each time). It keeps at
// most maxIdleSearches.
var searches struct {
	sync.Mutex
	idle []*pathSearch
}

// maxIdleSearches bounds the idle tables kept: more than the searches
// that run at once on a machine's workers.
var maxIdleSearches = 2 * runtime.GOMAXPROCS(0)

// getSearch takes idle tables, or new ones.
func getSearch() *pathSearch {
	searches.Lock()
	defer searches.Unlock()
	if n := len(searches.idle); n > 0 {
		ps := searches.idle[n-1]
		searches.idle = searches.idle[:n-1]
		return ps
	}
	return &pathSearch{index: make(map[uint64]int32, 32)}
}

// putSearch gives tables back.
func putSearch(ps *pathSearch) {
	searches.Lock()
	defer searches.Unlock()
	if len(searches.idle) < maxIdleSearches {
		searches.idle = append(searches.idle, ps)
	}
}

// pathSearch holds a path search's node table, cell index and open
// heap between searches.
type pathSearch struct {
	index map[uint64]int32
	nodes []step
	heap  nodeHeap
	memo  cellMemo
}

// ability is what a path search may do besides walking, as
// mineflayer-pathfinder's Movements allow it: place up to scaffold blocks
// to bridge, and to tower unless noTower (allow1by1towers = false), and
// dig as digger when it is set (canDig). With partial, a search that does
// not reach the goal returns, beside its error, the path to the cell it
// found nearest the goal, as mineflayer-pathfinder's best node.
type ability struct {
	scaffold int
	noTower  bool
	digger   *Agent
	partial  bool
	limit    int // expansions this search may make; 0 is maxExpansions
}

// findPath searches from start to a cell satisfying g, walking, stepping up
// one block, dropping up to three, climbing ladders and cutting corners
// where both sides are free. With scaffolding blocks (dirt, cobblestone)
// it may also tower up and bridge as mineflayer-pathfinder does, using at
// most the scaffold count given. It returns mineflayer's error text on
// failure. Every search draws on the world's think budget (see Execute):
// once a command has used it up, searches time out at once.
func (w *World) findPath(start Pos, g goal, can ability) (path, string) {
	scaffold, digger := can.scaffold, can.digger
	if g.done(start) {
		return path{end: start}, ""
	}
	if w.thinkBudget <= 0 {
		return path{end: start}, errTimeout
	}
	if digger != nil && w.digAbove != nil {
		w.digMemo = map[string]float64{} // the digger's tools are fixed for one search
	}
	// The tables are cleared and reused, from one search to the next and
	// from one world to the next (a free list: a construction trial's world
	// grew them anew each time): a failed search fills them to
	// maxExpansions, and a program retrying a walk would otherwise leave
	// megabytes of garbage per try (which the JavaScript watchdog, reading
	// the heap, could blame on the program).
	ps := getSearch()
	w.search = ps
	defer func() { w.search = nil; putSearch(ps) }()
	clear(ps.index)
	index := ps.index
	nodes := append(ps.nodes[:0], step{p: start, parent: -1})
	index[cellKey(start)] = 0
	h := append(ps.heap[:0], pathNode{i: 0, g: 0, f: g.heuristic(start)})
	defer func() { ps.nodes, ps.heap, ps.memo.on = nodes[:0], h[:0], false }()
	var seq int32
	best, bestH := int32(0), g.heuristic(start)
	fail := func(err string) (path, string) {
		if can.partial && best != 0 {
			return tracePath(nodes, best), err
		}
		return path{end: start}, err
	}
	limit := cmp.Or(can.limit, maxExpansions)
	for expanded := 0; len(h) > 0; expanded++ {
		if expanded > limit || w.thinkBudget <= 0 {
			return fail(errTimeout)
		}
		w.thinkBudget--
		w.expansions++
		if expanded == memoAfter {
			ps.memo.start(start)
			// The nodes so far move to the table where it covers them.
			for i, st := range nodes {
				if k := ps.memo.index(st.p); k >= 0 {
					ps.memo.node[k] = int32(i)
				}
			}
		}
		n := h.pop()
		cur := nodes[n.i]
		if n.g > cur.g {
			continue
		}
		if g.done(cur.p) {
			return tracePath(nodes, n.i), ""
		}
		if hc := g.heuristic(cur.p); hc < bestH {
			best, bestH = n.i, hc
		}
		used := cur.scaffold
		visit := func(q Pos, cost float64, mv move) {
			for _, d := range mv.dig[:mv.ndig] {
				cost += w.digCost(digger, d)
			}
			if mv.placed {
				if int(used) >= scaffold {
					return
				}
				cost += scaffoldCost
			}
			gq := n.g + cost
			// The cell's node: in the memo's table inside its box, else
			// in the map.
			var i int32
			var seen bool
			slot := ps.memo.index(q)
			if slot >= 0 {
				i = ps.memo.node[slot]
				seen = i >= 0
			} else {
				i, seen = index[cellKey(q)]
			}
			if seen && nodes[i].g <= gq {
				return
			}
			// The step is made only for a node kept (most visits find
			// the cell reached as cheaply already).
			st := step{p: q, g: gq, parent: n.i, dig: mv.dig, ndig: mv.ndig, scaffold: used}
			if mv.placed {
				st.place, st.placed, st.scaffold = mv.place, true, used+1
			}
			if !seen {
				i = int32(len(nodes))
				nodes = append(nodes, st)
				if slot >= 0 {
					ps.memo.node[slot] = i
				} else {
					index[cellKey(q)] = i
				}
			} else {
				nodes[i] = st
			}
			seq++
			h.push(pathNode{i: i, g: st.g, f: st.g + g.heuristic(q), seq: seq})
		}
		w.neighbours(cur.p, int(used) < scaffold, !can.noTower, digger, visit)
	}
	return fail(errNoPath)
}

func tracePath(nodes []step, end int32) path {
	p := path{end: nodes[end].p, length: nodes[end].g}
	for i := end; nodes[i].parent >= 0; i = nodes[i].parent {
		if st := nodes[i]; st.placed {
			p.scaffold = append(p.scaffold, st.place)
		} else {
			for k := st.ndig - 1; k >= 0; k-- {
				p.dug = append(p.dug, st.dig[k])
			}
		}
	}
	slices.Reverse(p.scaffold)
	slices.Reverse(p.dug)
	return p
}

// move is what a step does besides walking: the scaffolding block it
// places (if placed) and the blocks it digs out (the first ndig). A value,
// not a slice and a pointer, so that the search's millions of steps
// allocate nothing.
type move struct {
	place  Pos
	placed bool
	dig    [3]Pos
	ndig   int8
}

// digging is a move that digs out the solid cells among cs.
func (w *World) digging(cs ...Pos) move {
	var m move
	for _, c := range cs {
		if w.blocks.isSolid(c) {
			m.dig[m.ndig] = c
			m.ndig++
		}
	}
	return m
}

func (w *World) neighbours(p Pos, canPlace, canTower bool, digger *Agent, visit func(Pos, float64, move)) {
	headroom := !w.blocks.isSolid(p.Add(0, 2, 0))
	// pass is whether a body fits in each of the four neighbours, in
	// dirs4's order: the digging and the diagonals ask it again.
	var pass [4]bool
	for k, d := range dirs4 {
		q := p.Add(d[0], 0, d[1])
		stand := w.standableIn(q)
		pass[k] = stand || w.passableIn(q)
		switch {
		case stand:
			visit(q, 1, move{})
			if w.holeDrops && !w.blocks.isSolid(q.Add(0, -1, 0)) && !w.blocks.climbable(q) {
				// Held only by a neighbour's edge: mineflayer-pathfinder
				// knows no edges, and its drop-down move goes down the
				// hole (a stairwell in a floor is a way down).
				w.dropInto(q, visit)
			}
		case headroom && w.standableIn(q.Add(0, 1, 0)):
			visit(q.Add(0, 1, 0), 1.5, move{})
		case pass[k]:
			dropped := w.dropInto(q, visit)
			if !dropped && canPlace && w.blocks.replaceable(q.Add(0, -1, 0)) {
				// Bridge: put a block under the next cell.
				visit(q, 1, move{place: q.Add(0, -1, 0), placed: true})
			}
		}
	}
	if w.blocks.climbable(p) && w.standableIn(p.Add(0, 1, 0)) {
		visit(p.Add(0, 1, 0), 1.5, move{})
	}
	if w.blocks.climbable(p.Add(0, -1, 0)) && w.standableIn(p.Add(0, -1, 0)) {
		visit(p.Add(0, -1, 0), 1, move{})
	}
	// Digging, as mineflayer-pathfinder digs when no walk will do:
	// through the feet and head cells of a neighbour with ground under
	// it, and down through the block underfoot.
	for k, d := range dirs4 {
		q := p.Add(d[0], 0, d[1])
		if pass[k] || !w.blocks.isSolid(q.Add(0, -1, 0)) {
			continue
		}
		if m := w.digging(q, q.Add(0, 1, 0)); w.diggable(digger, m.dig[:m.ndig]...) {
			visit(q, 1, m)
		}
	}
	// Up onto a neighbour, digging out what is in the way: the cell over
	// the head and the feet and head cells above the neighbour (how
	// mineflayer-pathfinder climbs out of a hole it cannot tower from).
	// Only where it digs as mineflayer does (digAny): elsewhere its digging
	// is held back to blocks that can be put back, at a cost that keeps
	// builders' paths out of what they built (MineCollab's houses).
	if digger != nil && w.digAny {
		for _, d := range dirs4 {
			q := p.Add(d[0], 0, d[1])
			up := q.Add(0, 1, 0)
			if !w.blocks.isSolid(q) || headroom && w.standableIn(up) {
				continue // nothing to climb, or a plain step up
			}
			if m := w.digging(p.Add(0, 2, 0), up, up.Add(0, 1, 0)); m.ndig > 0 && w.diggable(digger, m.dig[:m.ndig]...) {
				visit(up, 1.5, m)
			}
		}
	}
	if below := p.Add(0, -1, 0); w.blocks.isSolid(below) && w.diggable(digger, below) {
		for k := 2; k <= 5; k++ {
			if r := p.Add(0, -k, 0); w.blocks.isSolid(r) {
				visit(p.Add(0, 1-k, 0), 0.5*float64(k-1), move{dig: [3]Pos{below}, ndig: 1})
				break
			}
		}
	}
	if canPlace && canTower && headroom && w.blocks.replaceable(p) && w.passableIn(p.Add(0, 1, 0)) {
		// Tower: jump and put a block where the feet were.
		visit(p.Add(0, 1, 0), 1, move{place: p, placed: true})
	}
	for _, d := range dirsDiag {
		q := p.Add(d[0], 0, d[1])
		// The two neighbours the corner is cut between: dirs4 is +x, -x,
		// +z, -z.
		x, z := pass[(1-d[0])/2], pass[2+(1-d[1])/2]
		if w.standableIn(q) && x && z {
			visit(q, math.Sqrt2, move{})
		}
	}
}

// dropInto visits the first cell 1 to 3 below q that a body can stand
// in (mineflayer-pathfinder's drop-down move), and reports whether there
// was one.
func (w *World) dropInto(q Pos, visit func(Pos, float64, move)) bool {
	for k := 1; k <= 3; k++ {
		r := q.Add(0, -k, 0)
		if w.blocks.isSolid(r) {
			return false
		}
		if w.standableIn(r) {
			visit(r, 1+0.5*float64(k), move{})
			return true
		}
	}
	return false
}

// settle drops a position to the first cell an entity can stand in, as
// gravity does after the ground under it changed.
func (w *World) settle(v Vec) Vec {
	p := v.Block()
	for p.Y < MaxY-2 && !w.passable(p) {
		p.Y++ // pushed up out of a block
	}
	for p.Y > MinY && !w.standable(p) {
		p.Y--
	}
	if p == v.Block() {
		return v
	}
	return Vec{v.X, float64(p.Y), v.Z}
}

// climbable blocks hold an entity in place and let it climb.
func climbable(name string) bool { return name == "ladder" || name == "vine" || name == "scaffolding" }
