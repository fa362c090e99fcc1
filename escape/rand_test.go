package escape

import (
	"slices"
	"testing"
)

// Values printed by CPython 3.11's random.Random(seed)._randbelow(n) and
// getrandbits(32), and by shuffle, randint and choice after seed 3.
func TestPyRandomIsCPythons(t *testing.T) {
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
		r := newPyRandom(c.seed)
		var got []int
		for _, n := range ns {
			got = append(got, r.below(n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("seed %d: _randbelow %v, want %v", c.seed, got, c.want)
		}
		if b := r.uint32(); b != c.bits {
			t.Errorf("seed %d: getrandbits(32) %d, want %d", c.seed, b, c.bits)
		}
	}
	r := newPyRandom(3)
	l := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	shuffle(r, l)
	if want := []int{1, 5, 6, 0, 9, 4, 7, 2, 8, 3}; !slices.Equal(l, want) {
		t.Errorf("shuffle %v, want %v", l, want)
	}
	if v := randint(r, -1, 1); v != 0 {
		t.Errorf("randint(-1, 1) = %d, want 0", v)
	}
	if v := choice(r, []string{"a", "b", "c", "d", "e"}); v != "c" {
		t.Errorf("choice = %q, want c", v)
	}
}
