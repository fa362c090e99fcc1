package pyrand

import (
	"slices"
	"testing"
)

// Values printed by CPython 3.11's random.Random(seed)._randbelow(n) and
// getrandbits(32).
func TestRandomIsCPythons(t *testing.T) {
	ns := []int{1, 2, 3, 10, 17, 100, 1000, 1<<31 + 5}
	for _, c := range []struct {
		seed uint64
		want []int
		bits uint32
	}{
		{0, []int{0, 1, 0, 4, 16, 62, 414, 1302718217}, 4156669319},
		{1, []int{0, 0, 1, 1, 15, 97, 460, 2028277857}, 2798570523},
		{7, []int{0, 0, 1, 0, 2, 68, 96, 1570621944}, 2503055453},
		{1<<40 + 3, []int{0, 0, 2, 1, 9, 89, 792, 1829332056}, 1005814068},
	} {
		r := New(c.seed)
		var got []int
		for _, n := range ns {
			got = append(got, r.Below(n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("seed %d: _randbelow %v, want %v", c.seed, got, c.want)
		}
		if b := r.Uint32(); b != c.bits {
			t.Errorf("seed %d: getrandbits(32) %d, want %d", c.seed, b, c.bits)
		}
	}
}
