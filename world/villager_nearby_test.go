package world

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// blocksNearbyWalk is blocksNearby as it walked the whole box for every
// distance: the reference the offsets' list must match.
func (w *World) blocksNearbyWalk(v Vec) []villagerBlock {
	const half, maxSame, maxBlocks = 8, 10, 24
	var out []villagerBlock
	same := map[string]int{}
	for total := 0; total < int(half*math.Sqrt(3)); total++ {
		for x := -half; x < half; x++ {
			for y := -half / 2; y < half/2; y++ {
				for z := -half; z < half; z++ {
					if abs(x)+abs(y)+abs(z) != total || w.rng.Float64() > 0.5 {
						continue
					}
					if len(out) > maxBlocks {
						return out
					}
					p := v.Add(float64(x), float64(y), float64(z)).Block()
					name := w.blocks.name(p)
					if w.hidden(v, p) {
						continue
					}
					if strings.Contains(name, "air") || isDoor(name) && !w.blocks.doorTop[p] {
						continue
					}
					if same[name]++; same[name] > maxSame {
						continue
					}
					if strings.Contains(name, "potted") {
						continue
					}
					out = append(out, villagerBlock{strings.Replace(name, "_wall_", "_", 1), p})
				}
			}
		}
	}
	return out
}

// blocksNearby over the offsets' list finds the blocks the walk of the
// whole box found, drawing the same numbers from the world's stream, at
// drawn places of a cooking world: on the ground, in the air, underground,
// at fractional positions.
func TestBlocksNearbyIsTheWalk(t *testing.T) {
	w := mustBuild(t, cookingTask(), 3, Options{AgentNames: []string{"Andy_0", "Jill_0"}})
	rng := rand.New(rand.NewPCG(34, 9))
	base := w.Agent("Andy_0").pos
	for i := range 2000 {
		v := base.Add(rng.Float64()*40-20, rng.Float64()*16-8, rng.Float64()*40-20)
		w.rng = rand.New(rand.NewPCG(uint64(i), 1))
		want := w.blocksNearbyWalk(v)
		next := w.rng.Uint64()
		w.rng = rand.New(rand.NewPCG(uint64(i), 1))
		got := w.blocksNearby(v)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("at %v: %v, the walk found %v", v, got, want)
		}
		if w.rng.Uint64() != next {
			t.Fatalf("at %v: the stream moved on differently", v)
		}
	}
}
