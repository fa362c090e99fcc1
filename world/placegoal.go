package world

import "math"

// placeReach is GoalPlaceBlock's default range: the eyes within 5 blocks
// of the face clicked.
const placeReach = 5

// eyeHeight is where GoalPlaceBlock puts the eyes above the feet cell's
// floor (node.offset(0.5, 1.6, 0.5)).
const eyeHeight = 1.6

// placeFace is a face a block may be placed against: the face of ref, a
// solid neighbour of the cell, that looks at the cell.
type placeFace struct {
	ref    Pos
	dir    Pos // from the cell to ref
	center Vec // the face's centre
}

// placeGoal is mineflayer-pathfinder's GoalPlaceBlock(cell, world, {}),
// which Voyager's placeItem walks to before placing: any feet cell where
// the body is not in the cell, the eyes are within placeReach of a
// neighbour's face toward the cell, and the first block a ray from the
// eyes to that face's centre meets is the neighbour, through that face
// (line of sight). The faces are those of the cell's neighbours when the
// goal is made, as GoalPlaceBlock takes them in its constructor.
type placeGoal struct {
	w     *World
	cell  Pos
	faces []placeFace
}

// placeDirs are GoalPlaceBlock's default faces, in its order.
var placeDirs = [6]Pos{{0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}, {-1, 0, 0}, {1, 0, 0}}

func (w *World) newPlaceGoal(cell Pos) *placeGoal {
	g := &placeGoal{w: w, cell: cell}
	for _, d := range placeDirs {
		ref := cell.Add(d.X, d.Y, d.Z)
		if !w.blocks.isSolid(ref) {
			continue // air, plants, fluids: no face to click
		}
		c := Vec{float64(cell.X) + 0.5 + 0.5*float64(d.X), float64(cell.Y) + 0.5 + 0.5*float64(d.Y), float64(cell.Z) + 0.5 + 0.5*float64(d.Z)}
		g.faces = append(g.faces, placeFace{ref: ref, dir: d, center: c})
	}
	return g
}

// standingIn is GoalPlaceBlock's isStandingIn: the feet or the head in the cell.
func (g *placeGoal) standingIn(p Pos) bool { return p == g.cell || p.Add(0, 1, 0) == g.cell }

func (g *placeGoal) done(p Pos) bool {
	if g.standingIn(p) {
		return false
	}
	eyes := Vec{float64(p.X) + 0.5, float64(p.Y) + eyeHeight, float64(p.Z) + 0.5}
	for _, f := range g.faces {
		if eyes.Dist(f.center) > placeReach {
			continue
		}
		if hit, _, ok := g.w.rayHit(eyes, f.center); ok && hit == f.ref {
			return true
		}
	}
	return false
}

// heuristic is GoalPlaceBlock's: the octile distance in x and z and the
// height difference, a cell below counting as level.
func (g *placeGoal) heuristic(p Pos) float64 {
	dx, dy, dz := math.Abs(float64(p.X-g.cell.X)), float64(p.Y-g.cell.Y), math.Abs(float64(p.Z-g.cell.Z))
	if dy < 0 {
		dy++
	}
	return math.Abs(dx-dz) + math.Min(dx, dz)*math.Sqrt2 + math.Abs(dy)
}

// rayHit follows the ray from a through b (and a little past it, so that
// a ray aimed at a face's centre enters the block behind it) cell by cell
// (Amanatides and Woo's traversal) and returns the first solid cell it
// enters and the step it entered by (a unit vector along one axis).
func (w *World) rayHit(a, b Vec) (hit, step Pos, ok bool) {
	d := Vec{b.X - a.X, b.Y - a.Y, b.Z - a.Z}
	n := math.Sqrt(d.X*d.X + d.Y*d.Y + d.Z*d.Z)
	if n == 0 {
		return Pos{}, Pos{}, false
	}
	const past = 1e-3 // how far beyond b the ray looks, in blocks
	end := 1 + past/n
	cell := a.Block()
	var sgn [3]int
	var tMax, tDelta [3]float64
	for i, c := range [3][2]float64{{a.X, d.X}, {a.Y, d.Y}, {a.Z, d.Z}} {
		o, v := c[0], c[1]
		switch {
		case v > 0:
			sgn[i], tMax[i], tDelta[i] = 1, (math.Floor(o)+1-o)/v, 1/v
		case v < 0:
			sgn[i], tMax[i], tDelta[i] = -1, (o-math.Floor(o))/-v, -1/v
		default:
			tMax[i], tDelta[i] = math.Inf(1), math.Inf(1)
		}
	}
	for {
		i := 0
		if tMax[1] < tMax[i] {
			i = 1
		}
		if tMax[2] < tMax[i] {
			i = 2
		}
		if tMax[i] > end {
			return Pos{}, Pos{}, false
		}
		tMax[i] += tDelta[i]
		step = Pos{}
		switch i {
		case 0:
			cell.X += sgn[0]
			step.X = sgn[0]
		case 1:
			cell.Y += sgn[1]
			step.Y = sgn[1]
		default:
			cell.Z += sgn[2]
			step.Z = sgn[2]
		}
		if w.blocks.isSolid(cell) {
			return cell, step, true
		}
	}
}
