package villagerbench

import (
	"math"
	"strings"
	"time"
)

// Complexity is the dependency complexity D of a blueprint as
// build_judger.py's measure_complexity computes it (build_judger.py:93-150),
// the figure the budgets are set from. For each block, its neighbours are
// the blueprint blocks among its 6 face neighbours, less those its facing
// turns away from (W drops the -x one, E +x, S -z, N +z; x keeps only the
// cells above and below, y only the ±x ones, z only the ±z ones; A keeps
// all), and the block adds
//
//	(1/(neighbours+1) + (y - ground)·0.02) · 2
//
// with ground one below the lowest block. The code also counts the ground
// as a neighbour of blocks at y == ground, which no block is (ground is
// below them all), so it never does. With digNeeded (the material factory,
// off in the paper) every block whose name holds "log" or "stone" adds 1.
//
// The paper writes D = Σ_i (1/EP_i + W_h·(H_i − G)) + D_i; the code doubles
// each term, takes W_h = 0.02 and EP_i = neighbours + 1. The sum runs in
// the blueprint's block order (the rebuilt blueprints keep y, z, x order;
// VillagerBench's file had its own, which moves only the last bits).
func Complexity(bp *Blueprint, digNeeded bool) float64 {
	if len(bp.Blocks) == 0 {
		return 0
	}
	const heightWeight = 0.02
	ground := bp.Blocks[0].Position[1]
	cells := make(map[[3]int]bool, len(bp.Blocks))
	for _, b := range bp.Blocks {
		ground = min(ground, b.Position[1])
		cells[b.Position] = true
	}
	ground--
	d, dig := 0.0, 0
	for _, b := range bp.Blocks {
		if digNeeded && (strings.Contains(b.Name, "log") || strings.Contains(b.Name, "stone")) {
			dig++
		}
		n := 0
		for _, dir := range [6][3]int{{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}} {
			p := [3]int{b.Position[0] + dir[0], b.Position[1] + dir[1], b.Position[2] + dir[2]}
			if cells[p] && keeps(b.Facing, dir) {
				n++
			}
		}
		// (The ground neighbour at y == ground: never, see above.)
		d += (1/float64(n+1) + float64(b.Position[1]-ground)*heightWeight) * 2
	}
	if digNeeded {
		d += float64(dig)
	}
	return d
}

// keeps is measure_complexity's facing filter on a neighbour direction.
func keeps(f Facing, dir [3]int) bool {
	switch f {
	case West:
		return dir != [3]int{-1, 0, 0}
	case East:
		return dir != [3]int{1, 0, 0}
	case South:
		return dir != [3]int{0, 0, -1}
	case North:
		return dir != [3]int{0, 0, 1}
	case AxisX:
		return dir[1] != 0
	case AxisY:
		return dir[0] != 0
	case AxisZ:
		return dir[2] != 0
	}
	return true
}

// Budgets are a construction trial's limits as build_judger.py sets them
// from D (build_judger.py:269-273): the agents' action time (the union of
// their actions' intervals) at most (ln D + 1)·60 + 180 s, the wall time
// at most (ln D + 1)·180 + 600 s.
type Budgets struct {
	ActionSeconds float64
	WallSeconds   float64
}

// BudgetsFor is the budgets of a blueprint of complexity d (> 0).
func BudgetsFor(d float64) Budgets {
	ln := math.Log(d)
	return Budgets{ActionSeconds: (ln+1)*60 + 180, WallSeconds: (ln+1)*180 + 600}
}

// Action and Wall are the budgets as durations, to the nanosecond.
func (b Budgets) Action() time.Duration { return seconds(b.ActionSeconds) }

// Wall is the wall-time budget as a duration.
func (b Budgets) Wall() time.Duration { return seconds(b.WallSeconds) }

func seconds(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }
