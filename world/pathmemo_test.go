package world

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"collabcraft/procgen"
)

// TestPathMemoIsTheSameSearch: searches that keep their answers from the
// first expansion, or from a later one, find exactly what searches that never keep them find
// (path, cost, scaffolding, digging, error and the think budget used), on
// random rubble with towers, ladders, water and holes, walking, towering,
// bridging and digging, from starts inside and outside the memo's box.
func TestPathMemoIsTheSameSearch(t *testing.T) {
	defer func(n int) { memoAfter = n }(memoAfter)
	rng := rand.New(rand.NewPCG(7, 34))
	blocks := []string{"stone", "dirt", "oak_planks", "ladder", "water", "glass", "short_grass", "cobblestone"}
	searches, memoised := 0, 0
	for world := range 12 {
		w := newWorld(procgen.Task{}, 0, Options{})
		w.blocks.fillLayer(-80, -80, 80, 80, -61, "dirt")
		w.blocks.fillLayer(-80, -80, 80, 80, -62, "stone")
		for range 1500 + rng.IntN(3000) {
			p := Pos{rng.IntN(60) - 30, -61 + rng.IntN(12), rng.IntN(60) - 30}
			w.blocks.set(p, blocks[rng.IntN(len(blocks))])
		}
		for range 200 {
			w.blocks.set(Pos{rng.IntN(60) - 30, -61, rng.IntN(60) - 30}, "air")
		}
		floor := -64
		if world%3 != 0 {
			w.digAbove = &floor
			w.digAny = world%3 == 2
		}
		a := &Agent{Name: "a", inv: newInventory(36)}
		a.inv.Add("iron_pickaxe", 1)
		for range 30 {
			start := w.settle(Pos{rng.IntN(90) - 45, -50, rng.IntN(90) - 45}.Center()).Block()
			g := near(Pos{rng.IntN(90) - 45, -61 + rng.IntN(14), rng.IntN(90) - 45}, float64(rng.IntN(3)))
			if rng.IntN(5) == 0 {
				g.invert, g.rangeSq = true, 100
			}
			can := ability{scaffold: rng.IntN(40), noTower: rng.IntN(2) == 0, partial: rng.IntN(2) == 0}
			if rng.IntN(2) == 0 {
				can.digger = a
			}
			can.limit = 300 + rng.IntN(3000) // maxExpansions would take minutes
			run := func(after int) (path, string, int) {
				memoAfter = after
				w.thinkBudget = thinkBudget
				p, err := w.findPath(start, g, can)
				return p, err, thinkBudget - w.thinkBudget
			}
			p0, e0, b0 := run(1 << 30)
			for _, after := range []int{0, 40} { // from the start, and midway (the nodes so far move over)
				p1, e1, b1 := run(after)
				if !reflect.DeepEqual(p0, p1) || e0 != e1 || b0 != b1 {
					t.Fatalf("world %d, %v to %+v (%+v): without the memo %+v %q (budget %d), with it after %d %+v %q (budget %d)",
						world, start, g, can, p0, e0, b0, after, p1, e1, b1)
				}
			}
			searches++
			if b0 > 0 {
				memoised++
			}
		}
	}
	if memoised < searches/2 {
		t.Fatalf("only %d of %d searches expanded a node", memoised, searches)
	}
}

// TestPathCutsOnlyOpenCorners: a diagonal step is taken only when both
// cells it cuts between are open; a wall on either side costs the walk
// round it.
func TestPathCutsOnlyOpenCorners(t *testing.T) {
	start := Pos{0, -60, 0}
	for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		for _, wall := range []string{"none", "x", "z"} {
			w := newWorld(procgen.Task{}, 0, Options{})
			w.blocks.fillLayer(-8, -8, 8, 8, -61, "dirt")
			var side Pos
			switch wall {
			case "x":
				side = start.Add(d[0], 0, 0)
			case "z":
				side = start.Add(0, 0, d[1])
			}
			if wall != "none" {
				w.blocks.set(side, "stone")
				w.blocks.set(side.Add(0, 1, 0), "stone")
			}
			w.thinkBudget = thinkBudget
			p, err := w.findPath(start, near(start.Add(d[0], 0, d[1]), 0), ability{})
			if err != "" {
				t.Fatalf("%v, wall %s: %s", d, wall, err)
			}
			want := 2.0
			if wall == "none" {
				want = math.Sqrt2
			}
			if math.Abs(p.length-want) > 1e-9 {
				t.Errorf("toward %v with the wall on %s: a walk of %g, want %g", d, wall, p.length, want)
			}
		}
	}
}
