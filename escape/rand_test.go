package escape

import (
	"slices"
	"testing"
)

// Values printed by CPython 3.11's shuffle, randint and choice after
// random.seed(3) (pyrand checks the stream itself).
func TestPyRandomIsCPythons(t *testing.T) {
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
