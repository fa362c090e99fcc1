package world

// fillLayers lays flat ground over x in [x0, x1), z in [z0, z1): layers
// from the bottom up, the last one at y = top.
func (w *World) fillLayers(x0, z0, x1, z1, top int, layers ...string) {
	bottom := top - len(layers) + 1
	for i, name := range layers {
		y := bottom + i
		for x := x0; x < x1; x++ {
			for z := z0; z < z1; z++ {
				w.blocks.set(Pos{x, y, z}, name)
			}
		}
	}
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

// free reports whether cell p is open ground: replaceable at p and above,
// solid below, and not reserved.
func (w *World) free(p Pos, reserved map[Pos]bool) bool {
	return !reserved[p] && w.blocks.name(p) == "air" && w.blocks.name(p.Add(0, 1, 0)) == "air" && w.blocks.isSolid(p.Add(0, -1, 0))
}

// randomFree picks a free cell at height y in the box, or false after
// many tries.
func (w *World) randomFree(x0, z0, x1, z1, y int, reserved map[Pos]bool) (Pos, bool) {
	for try := 0; try < 200; try++ {
		p := Pos{x0 + w.rng.IntN(x1-x0), y, z0 + w.rng.IntN(z1-z0)}
		if w.free(p, reserved) {
			return p, true
		}
	}
	return Pos{}, false
}

// reserve marks the cells of a box as taken.
func reserve(m map[Pos]bool, x0, z0, x1, z1, y int) {
	for x := x0; x < x1; x++ {
		for z := z0; z < z1; z++ {
			m[Pos{x, y, z}] = true
		}
	}
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
