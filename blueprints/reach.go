package blueprints

import (
	"fmt"
	"strings"
)

// Reach is the set of places a player can stand in a finished build after
// walking in from outside. Positions are feet cells in world coordinates.
type Reach struct {
	box   Box // the blueprint's bounds, padded: one ring outside, room above
	cells []kind
	seen  []bool
}

type kind uint8

const (
	open   kind = iota // air and things you walk through
	thin               // carpets: you stand in them, not under them
	door               // passable, both halves
	ladder             // passable and climbable straight up
	step               // solid, but walked onto without a jump (stairs, slabs)
	solid
)

func classify(name string) kind {
	name = BaseName(name)
	switch {
	case name == Air || name == "cave_air" || name == "void_air" || name == "structure_void" || name == "":
		return open
	case strings.HasSuffix(name, "_carpet") || name == "moss_carpet" || strings.HasSuffix(name, "_pressure_plate"):
		return thin
	case strings.HasSuffix(name, "_door"):
		return door
	case name == "ladder" || name == "vine" || name == "scaffolding":
		return ladder
	case strings.HasSuffix(name, "_stairs") || strings.HasSuffix(name, "_slab"):
		return step
	case strings.HasSuffix(name, "torch") || strings.HasSuffix(name, "_sign") || strings.HasSuffix(name, "_button") ||
		name == "short_grass" || name == "tall_grass" || name == "snow" || name == "rail" ||
		strings.HasSuffix(name, "_banner") || name == "lever" || name == "tripwire" || name == "redstone_wire":
		return open
	}
	return solid
}

// Walk finds every place reachable on foot from outside the blueprint.
// The ground outside and under the blueprint is the world's (solid below
// the lowest level). A player needs two passable cells (feet, head) above
// something to stand on; walks level, climbs one block when there is a
// third air cell above its head to jump (stairs and slabs need no jump),
// drops up to three blocks, climbs ladders, and passes through doors.
func Walk(b *Blueprint) *Reach {
	bx, ok := b.Bounds()
	if !ok {
		return &Reach{}
	}
	bx.Min[0]--
	bx.Min[2]--
	bx.Max[0]++
	bx.Max[2]++
	bx.Max[1] += 3
	w := &Reach{box: bx}
	size := bx.Size()
	w.cells = make([]kind, size[0]*size[1]*size[2])
	w.seen = make([]bool, len(w.cells))
	for _, lv := range b.Levels {
		for r, row := range lv.Placement {
			for c, name := range row {
				x, y, z := lv.Coordinates[0]+c, lv.Coordinates[1], lv.Coordinates[2]+r
				w.cells[w.index(x, y, z)] = classify(name)
			}
		}
	}
	// Start anywhere on the ring just outside, standing on the world's ground.
	var queue [][3]int
	y := bx.Min[1]
	for x := bx.Min[0]; x <= bx.Max[0]; x++ {
		for z := bx.Min[2]; z <= bx.Max[2]; z++ {
			if x != bx.Min[0] && x != bx.Max[0] && z != bx.Min[2] && z != bx.Max[2] {
				continue
			}
			if w.stand(x, y, z) && !w.seen[w.index(x, y, z)] {
				w.seen[w.index(x, y, z)] = true
				queue = append(queue, [3]int{x, y, z})
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range w.moves(p) {
			if i := w.index(q[0], q[1], q[2]); !w.seen[i] {
				w.seen[i] = true
				queue = append(queue, q)
			}
		}
	}
	return w
}

func (w *Reach) inside(x, y, z int) bool {
	return x >= w.box.Min[0] && x <= w.box.Max[0] && y >= w.box.Min[1] && y <= w.box.Max[1] && z >= w.box.Min[2] && z <= w.box.Max[2]
}

func (w *Reach) index(x, y, z int) int {
	s := w.box.Size()
	return ((y-w.box.Min[1])*s[2]+(z-w.box.Min[2]))*s[0] + (x - w.box.Min[0])
}

// at is the kind of a cell; below the blueprint is solid ground, beside
// and above it is air.
func (w *Reach) at(x, y, z int) kind {
	if y < w.box.Min[1] {
		return solid
	}
	if !w.inside(x, y, z) {
		return open
	}
	return w.cells[w.index(x, y, z)]
}

func passable(k kind) bool { return k == open || k == thin || k == door || k == ladder }

// stand: feet and head cells passable, head not a carpet, and something
// to stand on (a block below, or the carpet or ladder in the feet cell).
func (w *Reach) stand(x, y, z int) bool {
	if !w.inside(x, y, z) {
		return false
	}
	feet, head := w.at(x, y, z), w.at(x, y+1, z)
	if !passable(feet) || !passable(head) || head == thin {
		return false
	}
	below := w.at(x, y-1, z)
	return below == solid || below == step || feet == thin || feet == ladder
}

func (w *Reach) moves(p [3]int) [][3]int {
	x, y, z := p[0], p[1], p[2]
	var out [][3]int
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nx, nz := x+d[0], z+d[1]
		switch {
		case w.stand(nx, y, nz):
			out = append(out, [3]int{nx, y, nz})
		case w.stand(nx, y+1, nz) && (passable(w.at(x, y+2, z)) || w.at(nx, y, nz) == step):
			out = append(out, [3]int{nx, y + 1, nz})
		case passable(w.at(nx, y, nz)) && passable(w.at(nx, y+1, nz)):
			for fy := y - 1; fy >= y-3; fy-- { // fall
				if !passable(w.at(nx, fy, nz)) {
					break
				}
				if w.stand(nx, fy, nz) {
					out = append(out, [3]int{nx, fy, nz})
					break
				}
			}
		}
	}
	if w.at(x, y, z) == ladder && w.stand(x, y+1, z) {
		out = append(out, [3]int{x, y + 1, z})
	}
	if w.at(x, y-1, z) == ladder && w.stand(x, y-1, z) {
		out = append(out, [3]int{x, y - 1, z})
	}
	return out
}

// Reachable reports whether a player can stand with feet at (x, y, z).
func (w *Reach) Reachable(x, y, z int) bool {
	if w.seen == nil || !w.inside(x, y, z) {
		return false
	}
	return w.seen[w.index(x, y, z)]
}

// CheckRooms walks b and reports the first room (in the grid coordinates
// of a House, relative to level 0's origin) with no reachable floor cell.
func CheckRooms(b *Blueprint, rooms []Room) error {
	if len(b.Levels) == 0 {
		return fmt.Errorf("blueprints: blueprint has no levels")
	}
	w := Walk(b)
	o := b.Levels[0].Coordinates
	for i, rm := range rooms {
		if !w.roomReached(o, rm) {
			return fmt.Errorf("blueprints: room %d (level %d, rows %d-%d, columns %d-%d) is not reachable on foot from outside",
				i, rm.Level, rm.Row, rm.Row+rm.Rows-1, rm.Col, rm.Col+rm.Cols-1)
		}
	}
	return nil
}

func (w *Reach) roomReached(o [3]int, rm Room) bool {
	y := o[1] + rm.Level + 1
	for r := rm.Row + 1; r < rm.Row+rm.Rows-1; r++ {
		for c := rm.Col + 1; c < rm.Col+rm.Cols-1; c++ {
			if w.Reachable(o[0]+c, y, o[2]+r) {
				return true
			}
		}
	}
	return false
}
