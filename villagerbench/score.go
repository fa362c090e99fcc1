package villagerbench

import "collabcraft/mcdata"

// World is what the judge reads of a world: the block name at a cell
// ("air" when empty) and the block's orientation. *world.World is one.
type World interface {
	BlockAt(x, y, z int) string
	StateAt(x, y, z int) mcdata.State
}

// empty is what the judge's checks look through (build_judger.py:276, 350).
func empty(name string) bool { return name == "air" || name == "water" || name == "lava" || name == "" }

// hit is check_block (build_judger.py:275-297): the world's block at p is
// not empty, has the name, and matches the facing.
func hit(w World, p [3]int, name string, f Facing) bool {
	got := w.BlockAt(p[0], p[1], p[2])
	return !empty(got) && got == name && f.Matches(w.StateAt(p[0], p[1], p[2]))
}

// BlockHitRate is VillagerBench's C for construction, as build_judger.py's
// cal_block_hit_rate computes it (build_judger.py:299-313): the fraction of
// the blueprint's blocks whose cell holds a block of that name with that
// facing (A matching any). The paper writes it
// C = |P(x,y,z,θ,φ) ∩ B(x,y,z,θ,φ)| / |B(x,y,z,θ,φ)|, θ the facing, φ the
// axis. 1 for a blueprint without blocks, as the code returns.
func BlockHitRate(w World, bp *Blueprint) float64 {
	if len(bp.Blocks) == 0 {
		return 1
	}
	hits := 0
	for _, b := range bp.Blocks {
		if hit(w, b.Position, b.Name, b.Facing) {
			hits++
		}
	}
	return float64(hits) / float64(len(bp.Blocks))
}

// View is one of the five sides the judge looks at a build from.
type View int

// The views in the order build_judger.py's cal_view_hit_rate computes
// them (its comments name them 正面, 右面, 左面, 背面, 上面).
const (
	Front View = iota // from +x: rays along -x
	Right             // from -z: rays along +z
	Left              // from +z: rays along -z
	Back              // from -x: rays along +x
	Top               // from +y: rays down
)

var viewNames = [...]string{"front", "right", "left", "back", "top"}

func (v View) String() string { return viewNames[v] }

// Views lists the five views in the judge's order.
var Views = []View{Front, Right, Left, Back, Top}

// viewAxes: the axis a view's rays run along, and whether the viewer is on
// that axis' + side (it sees the blueprint block of the largest
// coordinate on each ray, and walks the world from the far end down).
var viewAxes = [...]struct {
	depth int
	plus  bool
}{Front: {0, true}, Right: {2, false}, Left: {2, true}, Back: {0, false}, Top: {1, true}}

// ViewHitRates is build_judger.py's cal_view_hit_rate per view
// (build_judger.py:315-488), in Views order. For each view the blueprint is
// projected along the view's axis, keeping on each ray the blueprint block
// nearest the viewer; rays with no block are skipped. For each other ray
// the world is walked from the viewer's side across the blueprint's extent
// and the first block that is not air, water or lava is compared with the
// projected block by name only: the code passes check_block a dict without
// a facing (the front view) or compares names itself (the others), so no
// view checks a facing. A view's rate is hits / rays.
//
// The judge's grids span the blueprint's size from its blocks' smallest
// corner; the rebuilt blueprints have no size, so the extent is the blocks'
// own (largest minus smallest coordinate), which covers every block. A
// size VillagerBench's file gave larger would start the walks further out.
func ViewHitRates(w World, bp *Blueprint) [5]float64 { return viewHitRates(w, bp, false) }

// ViewHitRatesWithFacing is ViewHitRates comparing the facing too, as the
// paper writes VHR: S_vhr = (1/V) Σ_v IoU(C_v(θ,φ), E_v(θ,φ)), the views
// of blocks with their facing θ and axis φ. It counts the judge's rays all
// the same (hits over the blueprint's rays, not an intersection over a
// union: a block the blueprint does not have, seen where the blueprint
// leaves a ray empty, costs nothing).
func ViewHitRatesWithFacing(w World, bp *Blueprint) [5]float64 { return viewHitRates(w, bp, true) }

// VHR is VillagerBench's view hit rate as its judge computes it: the mean
// of ViewHitRates (build_judger.py:489), names only.
func VHR(w World, bp *Blueprint) float64 { return mean(ViewHitRates(w, bp)) }

// VHRWithFacing is the mean of ViewHitRatesWithFacing: the view hit rate
// with the facing the paper's formula names.
func VHRWithFacing(w World, bp *Blueprint) float64 { return mean(ViewHitRatesWithFacing(w, bp)) }

// mean sums in the judge's order, from 0, and divides: sum(list)/len(list).
func mean(rates [5]float64) float64 {
	sum := 0.0
	for _, r := range rates {
		sum += r
	}
	return sum / float64(len(rates))
}

func viewHitRates(w World, bp *Blueprint, facing bool) [5]float64 {
	var out [5]float64
	if len(bp.Blocks) == 0 {
		return [5]float64{1, 1, 1, 1, 1} // no rays; the judge would divide by zero
	}
	bx := bp.Bounds()
	for _, v := range Views {
		ax := viewAxes[v]
		// The projection: per ray (the two other coordinates), the block
		// nearest the viewer. Cells are unique, so no two blocks tie.
		nearest := map[[3]int]Block{}
		for _, b := range bp.Blocks {
			key := b.Position
			key[ax.depth] = 0
			cur, ok := nearest[key]
			if !ok || (ax.plus && b.Position[ax.depth] > cur.Position[ax.depth]) || (!ax.plus && b.Position[ax.depth] < cur.Position[ax.depth]) {
				nearest[key] = b
			}
		}
		hits := 0
		for key, want := range nearest {
			p := key
			lo, hi := bx.Min[ax.depth], bx.Max[ax.depth]
			for i := 0; i <= hi-lo; i++ {
				p[ax.depth] = lo + i
				if ax.plus {
					p[ax.depth] = hi - i
				}
				if empty(w.BlockAt(p[0], p[1], p[2])) {
					continue
				}
				f := Any
				if facing {
					f = want.Facing
				}
				if hit(w, p, want.Name, f) {
					hits++
				}
				break
			}
		}
		out[v] = float64(hits) / float64(len(nearest))
	}
	return out
}
