package world

// fillLayers lays flat ground over x in [x0, x1), z in [z0, z1): layers
// from the bottom up, the last one at y = top.
func (w *World) fillLayers(x0, z0, x1, z1, top int, layers ...string) {
	w.blocks.fillGround(x0, z0, x1, z1, top, layers)
}

// tree grows a tree of species ("oak", "birch", ...) on the ground cell
// below p: a trunk of height logs and a leaf canopy.
func (w *World) tree(p Pos, species string, height int) {
	log, leaves := species+"_log", species+"_leaves"
	if species == "crimson" || species == "warped" {
		log, leaves = species+"_stem", "nether_wart_block"
	}
	top := p.Y + height - 1
	for dy := -2; dy <= 1; dy++ {
		r := 2
		if dy >= 0 {
			r = 1
		}
		for dx := -r; dx <= r; dx++ {
			for dz := -r; dz <= r; dz++ {
				if dx*dx == r*r && dz*dz == r*r && (dy == 1 || w.rng.IntN(2) == 0) {
					continue // rounded corners
				}
				q := Pos{p.X + dx, top + dy, p.Z + dz}
				if w.blocks.name(q) == "air" {
					w.blocks.set(q, leaves)
				}
			}
		}
	}
	for y := p.Y; y <= top; y++ {
		w.blocks.set(Pos{p.X, y, p.Z}, log)
	}
	w.blocks.set(p.Add(0, -1, 0), "dirt")
}

// lot records which ground cells of a build area features have taken, so
// that a feature placed later never overwrites an earlier one.
type lot struct {
	x0, z0, x1, z1, y int // the area [x0, x1) x [z0, z1); feet level y
	taken             []bool
}

func newLot(x0, z0, x1, z1, y int) *lot {
	return &lot{x0: x0, z0: z0, x1: x1, z1: z1, y: y, taken: make([]bool, (x1-x0)*(z1-z0))}
}

// isTaken reports whether (x, z) is taken; cells outside the area are.
func (l *lot) isTaken(x, z int) bool {
	if x < l.x0 || x >= l.x1 || z < l.z0 || z >= l.z1 {
		return true
	}
	return l.taken[(x-l.x0)*(l.z1-l.z0)+z-l.z0]
}

// reserve marks the cells of the box [x0, x1) x [z0, z1) as taken.
func (l *lot) reserve(x0, z0, x1, z1 int) {
	for x := max(x0, l.x0); x < min(x1, l.x1); x++ {
		for z := max(z0, l.z0); z < min(z1, l.z1); z++ {
			l.taken[(x-l.x0)*(l.z1-l.z0)+z-l.z0] = true
		}
	}
}

// reserveCell marks one cell as taken.
func (l *lot) reserveCell(p Pos) { l.reserve(p.X, p.Z, p.X+1, p.Z+1) }

// free reports whether cell p is open ground: replaceable at p and above,
// solid below, and not taken.
func (w *World) free(p Pos, l *lot) bool {
	return !l.isTaken(p.X, p.Z) && w.blocks.name(p) == "air" && w.blocks.name(p.Add(0, 1, 0)) == "air" && w.blocks.isSolid(p.Add(0, -1, 0))
}

// randomFree picks a free cell at the lot's height in the box [x0, x1) x
// [z0, z1) whose surroundings within r are untaken too, or false after
// many tries.
func (w *World) randomFree(l *lot, x0, z0, x1, z1, r int) (Pos, bool) {
	for try := 0; try < 200; try++ {
		p := Pos{x0 + w.rng.IntN(x1-x0), l.y, z0 + w.rng.IntN(z1-z0)}
		if w.free(p, l) && l.clear(p.X-r, p.Z-r, p.X+r+1, p.Z+r+1) {
			return p, true
		}
	}
	return Pos{}, false
}

// clear reports whether no cell of the box is taken.
func (l *lot) clear(x0, z0, x1, z1 int) bool {
	for x := x0; x < x1; x++ {
		for z := z0; z < z1; z++ {
			if l.isTaken(x, z) {
				return false
			}
		}
	}
	return true
}

// origin picks the world position of a task area, like MINDcraft's
// random teleports: x and z in [-2000, 2000), multiples of 16.
func (w *World) origin() (int, int) {
	return (w.rng.IntN(250) - 125) * 16, (w.rng.IntN(250) - 125) * 16
}

// spawnRing returns n spawn cells next to each other around c.
func spawnRing(c Pos, n int) []Pos {
	offsets := [][2]int{{0, 0}, {2, 0}, {0, 2}, {2, 2}, {-2, 0}, {0, -2}, {-2, -2}, {2, -2}}
	out := make([]Pos, n)
	for i := range out {
		o := offsets[i%len(offsets)]
		out[i] = c.Add(o[0]+i/len(offsets)*4, 0, o[1])
	}
	return out
}
