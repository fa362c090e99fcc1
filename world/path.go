package world

import (
	"container/heap"
	"math"
	"slices"
)

// WalkSpeed is a player's walking speed in blocks per second.
const WalkSpeed = 4.317

// maxExpansions bounds one path search; beyond it the search gives up
// like mineflayer's pathfinder does when thinking takes too long.
const maxExpansions = 60000

// Pathfinder failures, worded as mineflayer-pathfinder's errors.
const (
	errNoPath  = "No path to the goal!"
	errTimeout = "Took to long to decide path to goal!"
)

// goal is a pathfinding target over feet cells.
type goal struct {
	center  Pos
	rangeSq float64
	invert  bool // reach any cell farther than the range (GoalInvert)
}

func (g goal) done(p Pos) bool {
	dx, dy, dz := float64(g.center.X-p.X), float64(g.center.Y-p.Y), float64(g.center.Z-p.Z)
	in := dx*dx+dy*dy+dz*dz <= g.rangeSq
	return in != g.invert
}

func (g goal) heuristic(p Pos) float64 {
	if g.invert {
		return 0
	}
	dx, dy, dz := float64(g.center.X-p.X), float64(g.center.Y-p.Y), float64(g.center.Z-p.Z)
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
	if !w.passable(p) {
		return false
	}
	if w.blocks.isSolid(p.Add(0, -1, 0)) || climbable(w.blocks.name(p)) {
		return true
	}
	for _, d := range dirs4 {
		n := p.Add(d[0], 0, d[1])
		if w.blocks.isSolid(n.Add(0, -1, 0)) && w.passable(n) {
			return true
		}
	}
	return false
}

var dirs4 = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var dirsDiag = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

type pathNode struct {
	p    Pos
	g, f float64
	seq  int
}

type nodeHeap []pathNode

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	if h[i].f != h[j].f {
		return h[i].f < h[j].f
	}
	return h[i].seq < h[j].seq
}
func (h nodeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(pathNode)) }
func (h *nodeHeap) Pop() any {
	old := *h
	n := old[len(old)-1]
	*h = old[:len(old)-1]
	return n
}

// step is how a cell was reached: from its parent, maybe placing a
// scaffolding block.
type step struct {
	parent   Pos
	place    Pos // scaffolding block placed on the way (valid if placed)
	placed   bool
	scaffold int // scaffolding blocks used up to here
}

// scaffoldCost is the extra cost of placing a block to tower or bridge
// (mineflayer-pathfinder's placeCost is 1; the jump and the wait add to it).
const scaffoldCost = 2

// path is a found route.
type path struct {
	end      Pos
	length   float64 // walking cost in blocks
	scaffold []Pos   // scaffolding blocks to place, in order
}

// findPath searches from start to a cell satisfying g, walking, stepping up
// one block, dropping up to three, climbing ladders and cutting corners
// where both sides are free. With scaffolding blocks (dirt, cobblestone)
// it may also tower up and bridge as mineflayer-pathfinder does, using at
// most the scaffold count given. It returns mineflayer's error text on
// failure.
func (w *World) findPath(start Pos, g goal, scaffold int) (path, string) {
	if g.done(start) {
		return path{end: start}, ""
	}
	best := map[Pos]float64{start: 0}
	steps := map[Pos]step{start: {}}
	h := &nodeHeap{{p: start, g: 0, f: g.heuristic(start)}}
	seq := 0
	for expanded := 0; h.Len() > 0; expanded++ {
		if expanded > maxExpansions {
			return path{end: start}, errTimeout
		}
		n := heap.Pop(h).(pathNode)
		if n.g > best[n.p] {
			continue
		}
		if g.done(n.p) {
			return w.tracePath(steps, start, n.p, n.g), ""
		}
		used := steps[n.p].scaffold
		visit := func(q Pos, cost float64, place *Pos) {
			st := step{parent: n.p, scaffold: used}
			if place != nil {
				if used >= scaffold {
					return
				}
				st.place, st.placed, st.scaffold = *place, true, used+1
				cost += scaffoldCost
			}
			ng := n.g + cost
			if old, ok := best[q]; ok && old <= ng {
				return
			}
			best[q] = ng
			steps[q] = st
			seq++
			heap.Push(h, pathNode{p: q, g: ng, f: ng + g.heuristic(q), seq: seq})
		}
		w.neighbours(n.p, used < scaffold, visit)
	}
	return path{end: start}, errNoPath
}

func (w *World) tracePath(steps map[Pos]step, start, end Pos, length float64) path {
	p := path{end: end, length: length}
	for q := end; q != start; q = steps[q].parent {
		if st := steps[q]; st.placed {
			p.scaffold = append(p.scaffold, st.place)
		}
	}
	slices.Reverse(p.scaffold)
	return p
}

func (w *World) neighbours(p Pos, canPlace bool, visit func(Pos, float64, *Pos)) {
	headroom := !w.blocks.isSolid(p.Add(0, 2, 0))
	for _, d := range dirs4 {
		q := p.Add(d[0], 0, d[1])
		switch {
		case w.standable(q):
			visit(q, 1, nil)
		case headroom && w.standable(q.Add(0, 1, 0)):
			visit(q.Add(0, 1, 0), 1.5, nil)
		case w.passable(q):
			dropped := false
			for k := 1; k <= 3; k++ {
				r := q.Add(0, -k, 0)
				if w.blocks.isSolid(r) {
					break
				}
				if w.standable(r) {
					visit(r, 1+0.5*float64(k), nil)
					dropped = true
					break
				}
			}
			if !dropped && canPlace && replaceable[w.blocks.name(q.Add(0, -1, 0))] {
				// Bridge: put a block under the next cell.
				below := q.Add(0, -1, 0)
				visit(q, 1, &below)
			}
		}
	}
	if climbable(w.blocks.name(p)) && w.standable(p.Add(0, 1, 0)) {
		visit(p.Add(0, 1, 0), 1.5, nil)
	}
	if climbable(w.blocks.name(p.Add(0, -1, 0))) && w.standable(p.Add(0, -1, 0)) {
		visit(p.Add(0, -1, 0), 1, nil)
	}
	if canPlace && headroom && replaceable[w.blocks.name(p)] && w.passable(p.Add(0, 1, 0)) {
		// Tower: jump and put a block where the feet were.
		here := p
		visit(p.Add(0, 1, 0), 1, &here)
	}
	for _, d := range dirsDiag {
		q := p.Add(d[0], 0, d[1])
		if w.standable(q) && w.passable(p.Add(d[0], 0, 0)) && w.passable(p.Add(0, 0, d[1])) {
			visit(q, math.Sqrt2, nil)
		}
	}
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
