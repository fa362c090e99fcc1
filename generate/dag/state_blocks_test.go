package dag

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"collabcraft/villager"
)

// The blocks_info a run of statuses leaves is the one comparing every
// block with every block kept leaves, on drawn statuses: blocks seen
// again in another key order or with 1.0 for 1, blocks new, and, from
// some point on, blocks without a key (a NaN, a key twice).
func TestBlocksKeptAsCompared(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 8))
	names := []string{"stone", "oak_log", "furnace", "chest"}
	block := func(i int) any {
		pos := []any{rng.IntN(4), 64, rng.IntN(4)}
		if rng.IntN(3) == 0 {
			pos[1] = 64.0
		}
		d := villager.Dict{{Key: "name", Value: names[rng.IntN(len(names))]}, {Key: "position", Value: pos}}
		if rng.IntN(2) == 0 {
			d[0], d[1] = d[1], d[0]
		}
		if rng.IntN(3) == 0 { // a block with a facing, which a block with a name twice can equal
			d = append(d, villager.KV{Key: "facing", Value: "north"})
		}
		if i > 0 && rng.IntN(40) == 0 && len(d) == 2 {
			switch rng.IntN(2) {
			case 0:
				d = append(d, villager.KV{Key: "name", Value: field(d, "name")})
			default:
				d = append(d, villager.KV{Key: "facing", Value: math.NaN()})
			}
		}
		return d
	}
	for run := range 200 {
		s := newStateManager()
		var want []any
		for range 30 {
			var bs []any
			for range rng.IntN(12) {
				bs = append(bs, block(run%2))
			}
			for _, b := range bs {
				if !containsEqual(want, b) {
					want = append(want, b)
				}
			}
			s.update(villager.Dict{{Key: "my_name", Value: "Andy_0"}, {Key: "blocks", Value: bs}})
			// The same blocks, the same values (printed: a NaN is not
			// DeepEqual to itself).
			if got := listOf(field(s.env, "blocks_info")); len(got) != len(want) || fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("run %d: blocks_info %v, want %v", run, got, want)
			}
		}
	}
}
