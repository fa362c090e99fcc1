package dagexpert

import (
	"collabcraft/villagerbench"
)

// VillagerAgent's placeBlock walks the builder toward the cell and
// refuses one farther than 2.8 blocks from its feet (place_block_op);
// the builder walks and drops but never towers, so a block high up can
// only be placed from the building itself or from a dirt ladder
// (erectDirtLadder), climbed to its top. The decomposer reads the
// blueprint, so it knows which cells will stand when a block's turn
// comes, and plans a ladder for each block nobody could reach.

// reachSq bounds the squared distance, in whole cells, from a builder's
// feet cell to a block it can place: the tool measures from the feet's
// centre to the cell's corner, which is within 2.8 for every offset up
// to this one.
const reachSq = 5

// site is what the planner knows of the building site at a point of the
// build: the cells filled so far, over the floor.
type site struct {
	at     map[[3]int]villagerbench.Block
	filled map[[3]int]bool
	lo, hi [3]int // the region searched: the blueprint and a margin
}

func newSite(blocks []villagerbench.Block) *site {
	s := &site{at: map[[3]int]villagerbench.Block{}, filled: map[[3]int]bool{}}
	s.lo, s.hi = blocks[0].Position, blocks[0].Position
	for _, b := range blocks {
		s.at[b.Position] = b
		for i := range 3 {
			s.lo[i], s.hi[i] = min(s.lo[i], b.Position[i]), max(s.hi[i], b.Position[i])
		}
	}
	const margin = 3
	s.lo = [3]int{s.lo[0] - margin, villagerbench.Site.Min[1], s.lo[2] - margin}
	s.hi = [3]int{s.hi[0] + margin, s.hi[1] + 3, s.hi[2] + margin}
	return s
}

func (s *site) solid(q [3]int) bool { return q[1] < villagerbench.Site.Min[1] || s.filled[q] }

func (s *site) in(q [3]int) bool {
	for i := range 3 {
		if q[i] < s.lo[i] || q[i] > s.hi[i] {
			return false
		}
	}
	return true
}

// standable: a body fits (feet and head free) on something solid.
func (s *site) standable(q [3]int) bool {
	return !s.solid(q) && !s.solid(add(q, [3]int{0, 1, 0})) && s.solid(add(q, [3]int{0, -1, 0}))
}

var sides = [][3]int{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}}

// standing is every cell a builder can stand in, walking from the edge
// of the region: a step up one block, or a drop of up to three.
func (s *site) standing() map[[3]int]bool {
	seen := map[[3]int]bool{}
	var queue [][3]int
	push := func(q [3]int) {
		if s.in(q) && !seen[q] && s.standable(q) {
			seen[q] = true
			queue = append(queue, q)
		}
	}
	y := villagerbench.Site.Min[1]
	for x := s.lo[0]; x <= s.hi[0]; x++ {
		push([3]int{x, y, s.lo[2]})
		push([3]int{x, y, s.hi[2]})
	}
	for z := s.lo[2]; z <= s.hi[2]; z++ {
		push([3]int{s.lo[0], y, z})
		push([3]int{s.hi[0], y, z})
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, e := range sides {
			q := add(p, e)
			switch {
			case s.standable(q):
				push(q)
			case !s.solid(add(p, [3]int{0, 2, 0})) && s.standable(add(q, [3]int{0, 1, 0})):
				push(add(q, [3]int{0, 1, 0}))
			case !s.solid(q) && !s.solid(add(q, [3]int{0, 1, 0})):
				for k := 1; k <= 3; k++ {
					if d := add(q, [3]int{0, -k, 0}); s.standable(d) {
						push(d)
						break
					}
				}
			}
		}
	}
	return seen
}

func distSq(a, b [3]int) int {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return dx*dx + dy*dy + dz*dz
}

// reachable reports whether a builder standing somewhere it can walk to
// can place a block at p.
func (s *site) reachable(p [3]int, standing map[[3]int]bool) bool {
	for q := range standing {
		if distSq(q, p) <= reachSq {
			return true
		}
	}
	return false
}

// column reports whether the column (x, z) is empty from the floor up to
// y (and, with free, holds no cell of the blueprint either).
func (s *site) column(x, z, y int, free bool) bool {
	for h := villagerbench.Site.Min[1]; h <= y; h++ {
		q := [3]int{x, h, z}
		if _, taken := s.at[q]; s.filled[q] || free && taken {
			return false
		}
	}
	return true
}

// climbable reports whether a dirt ladder topping out at t can be
// climbed from the floor: its column is empty, and so is one side.
func (s *site) climbable(t [3]int, free bool) bool {
	if !s.column(t[0], t[2], t[1], free) {
		return false
	}
	for _, e := range sides {
		if s.column(t[0]+e[0], t[2]+e[2], t[1], false) {
			return true
		}
	}
	return false
}

// standFor is a dirt ladder's top from which a builder reaches p: an
// empty column near p no block of the blueprint takes, as low as will
// do, whose ladders hang in none of the cells still to place (todo).
func (s *site) standFor(p [3]int, todo map[[3]int]bool) ([3]int, bool) {
	bottom := villagerbench.Site.Min[1] + 1
	for y := max(bottom, p[1]-2); y <= p[1]+1; y++ {
		best, found := [3]int{}, false
		for dx := -2; dx <= 2; dx++ {
			for dz := -2; dz <= 2; dz++ {
				t := [3]int{p[0] + dx, y, p[2] + dz}
				if t == p || t == add(p, [3]int{0, -1, 0}) || distSq(t, p) > reachSq || !s.climbable(t, true) ||
					s.solid(add(t, [3]int{0, 1, 0})) || todo[add(t, [3]int{0, 1, 0})] || ladderTakes(t, p) {
					continue
				}
				if !found || distSq(t, p) < distSq(best, p) {
					best, found = t, true
				}
			}
		}
		if found {
			return best, true
		}
	}
	return [3]int{}, false
}

// leaveJunk marks what a dirt ladder topping out at t leaves behind:
// dismantleDirtLadder stops above y = -59 (minecraft_server.py), so the
// dirt of the two lowest levels and their ladders stay. Later ladders
// keep clear of them, and a builder may stand on them.
func (s *site) leaveJunk(t [3]int) {
	for y := villagerbench.Site.Min[1]; y < t[1] && y <= villagerbench.Site.Min[1]+1; y++ {
		for _, e := range [][3]int{{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
			s.filled[[3]int{t[0] + e[0], y, t[2] + e[2]}] = true
		}
	}
}

// ladderTakes reports whether a dirt ladder topping out at t hangs a
// ladder in cell p.
func ladderTakes(t, p [3]int) bool {
	if p[1] >= t[1] {
		return false
	}
	for _, e := range sides {
		if p[0] == t[0]+e[0] && p[2] == t[2]+e[2] {
			return true
		}
	}
	return false
}
