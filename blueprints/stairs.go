package blueprints

import "strings"

// stairs is a planned staircase from room a's floor up through its ceiling
// into room n above: the agent stands at path[0], climbs one block per step
// along path[1:], and steps off onto n's floor at exit.
type stairs struct {
	floor, top int      // a's floor level and n's floor level
	path       [][2]int // (row, col): approach cell, then one cell per step
	exit       [2]int
}

var steps4 = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// planStairs picks a staircase inside both rooms' footprint: a run of
// full blocks rising one per cell, straight or with one turn, with three
// air cells above each step (two for headroom, one to jump), so it is
// climbable on foot. It avoids cells earlier staircases rely on. nil when
// no staircase fits.
func (b *builder) planStairs(a, n Room) *stairs {
	f, top := a.Level, n.Level
	steps := top - f - 1
	r0, r1 := max(a.Row, n.Row)+1, min(a.Row+a.Rows, n.Row+n.Rows)-2
	c0, c1 := max(a.Col, n.Col)+1, min(a.Col+a.Cols, n.Col+n.Cols)-2
	inRegion := func(p [2]int) bool { return p[0] >= r0 && p[0] <= r1 && p[1] >= c0 && p[1] <= c1 }
	inUpper := func(p [2]int) bool {
		return p[0] > n.Row && p[0] < n.Row+n.Rows-1 && p[1] > n.Col && p[1] < n.Col+n.Cols-1
	}
	var found []*stairs
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			for _, d1 := range steps4 {
				for turn := 1; turn <= steps; turn++ {
					for _, d2 := range steps4 {
						// Straight runs use d2 == d1 once; turns use a perpendicular d2.
						if turn == steps && d2 != d1 || turn < steps && (d2 == d1 || d2[0] == -d1[0] && d2[1] == -d1[1]) {
							continue
						}
						path := make([][2]int, 0, steps+1)
						p := [2]int{r, c}
						path = append(path, p)
						ok := true
						for i := 1; i <= steps && ok; i++ {
							d := d1
							if i > turn {
								d = d2
							}
							p = [2]int{p[0] + d[0], p[1] + d[1]}
							ok = inRegion(p)
							path = append(path, p)
						}
						if !ok {
							continue
						}
						for _, d := range steps4 {
							e := [2]int{p[0] + d[0], p[1] + d[1]}
							if !inUpper(e) || contains(path, e) {
								continue
							}
							found = append(found, &stairs{floor: f, top: top, path: path, exit: e})
						}
					}
				}
			}
		}
	}
	// A random free one: try the shapes in a random order.
	for _, i := range b.rng.Perm(len(found)) {
		if b.stairsFree(found[i]) {
			return found[i]
		}
	}
	return nil
}

func contains(path [][2]int, p [2]int) bool {
	for _, q := range path {
		if q == p {
			return true
		}
	}
	return false
}

// cells lists what the staircase needs: solid cells and air cells.
func (st *stairs) cells() (solid, air [][3]int) {
	p0 := st.path[0]
	solid = append(solid, [3]int{st.floor, p0[0], p0[1]})
	for h := st.floor + 1; h <= st.floor+3; h++ {
		air = append(air, [3]int{h, p0[0], p0[1]})
	}
	for i, p := range st.path[1:] {
		h := st.floor + i + 1
		solid = append(solid, [3]int{h, p[0], p[1]})
		for k := h + 1; k <= h+3; k++ {
			air = append(air, [3]int{k, p[0], p[1]})
		}
	}
	e := st.exit
	solid = append(solid, [3]int{st.top, e[0], e[1]})
	air = append(air, [3]int{st.top + 1, e[0], e[1]}, [3]int{st.top + 2, e[0], e[1]})
	return solid, air
}

// stairsFree: no cell the staircase needs conflicts with an earlier one,
// and the approach cell has a floor.
func (b *builder) stairsFree(st *stairs) bool {
	solid, air := st.cells()
	for _, c := range solid {
		if must, ok := b.reserved[c]; ok && must {
			return false
		}
	}
	for _, c := range air {
		if must, ok := b.reserved[c]; ok && !must {
			return false
		}
	}
	f := solid[0]
	return b.g.at(f[0], f[1], f[2]) != Air
}

// buildStairs places the steps in the lower room's material and cuts the
// air above them, opening the ceiling where the climb passes through it.
func (b *builder) buildStairs(st *stairs, material string) {
	solid, air := st.cells()
	for _, c := range air {
		b.g.set(c[0], c[1], c[2], Air)
		b.reserved[c] = true
		// A carpet laid on the floor the stairwell cuts through would
		// float: carpets need a block under them.
		if above := b.g.at(c[0]+1, c[1], c[2]); strings.HasSuffix(above, "_carpet") {
			b.g.set(c[0]+1, c[1], c[2], Air)
		}
	}
	for i, c := range solid {
		if i > 0 && i < len(solid)-1 { // the steps; the floor cells are already there
			b.g.set(c[0], c[1], c[2], material)
		}
		b.reserved[c] = false
	}
}
