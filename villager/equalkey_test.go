package villager

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Two values with keys are Equal exactly when their keys are the same, and
// a value without one is one Equal cannot tell by its parts; on drawn
// pairs of nested values: numbers of every kind (1, 1.0, True, -0, NaN,
// infinities, an int64 past float64's precision), strings that look like
// keys, dicts in any key order and with a key twice, lists, None, and a
// type Equal does not know.
func TestEqualKeyIsEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 7))
	scalars := []any{nil, 0, 1, int64(1), 1.0, true, false, 0.0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
		int64(1 << 53), int64(1<<53 + 1), 2.5, "", "a", "1", "n1", "s1:a", ":", "d0", int32(1)}
	keys := []string{"x", "y", "name", "", "1", ":"}
	var value func(depth int) any
	value = func(depth int) any {
		if depth > 2 || rng.IntN(3) > 0 {
			return scalars[rng.IntN(len(scalars))]
		}
		n := rng.IntN(3)
		if rng.IntN(2) == 0 {
			l := []any{}
			if n == 0 && rng.IntN(2) == 0 {
				l = nil
			}
			for range n {
				l = append(l, value(depth+1))
			}
			return l
		}
		var d Dict
		if n == 0 && rng.IntN(2) == 0 {
			d = Dict{}
		}
		for range n {
			d = append(d, KV{keys[rng.IntN(len(keys))], value(depth + 1)})
		}
		return d
	}
	// A value and one like it: its dicts' keys in another order, numbers
	// of another kind, or one part changed.
	var like func(v any) any
	like = func(v any) any {
		switch v := v.(type) {
		case Dict:
			d := make(Dict, len(v))
			for i, j := range rng.Perm(len(v)) {
				d[i] = KV{v[j].Key, like(v[j].Value)}
			}
			return d
		case []any:
			l := make([]any, len(v))
			for i := range v {
				l[i] = like(v[i])
			}
			return l
		case int:
			return []any{v, float64(v), int64(v)}[rng.IntN(3)]
		}
		if rng.IntN(8) == 0 {
			return scalars[rng.IntN(len(scalars))]
		}
		return v
	}
	equal, keyed := 0, 0
	for range 200000 {
		a := value(0)
		b := like(a)
		if rng.IntN(4) == 0 {
			b = value(0)
		}
		ka, oka := EqualKey(a)
		kb, okb := EqualKey(b)
		if Equal(a, b) {
			equal++
		}
		if oka && okb {
			keyed++
			if (ka == kb) != Equal(a, b) {
				t.Fatalf("%#v, %#v: keys %q, %q; Equal %v", a, b, ka, kb, Equal(a, b))
			}
			if !Equal(a, a) {
				t.Fatalf("%#v has a key %q but is not Equal to itself", a, ka)
			}
		}
		if !oka && Equal(a, a) && hasNoDoubleKey(a) {
			t.Fatalf("%#v: no key, yet Equal to itself with no dict key twice", a)
		}
	}
	if equal < 20000 || keyed < 100000 {
		t.Errorf("only %d equal pairs and %d keyed pairs drawn", equal, keyed)
	}
}

func hasNoDoubleKey(v any) bool {
	switch v := v.(type) {
	case Dict:
		seen := map[string]bool{}
		for _, kv := range v {
			if seen[kv.Key] || !hasNoDoubleKey(kv.Value) {
				return false
			}
			seen[kv.Key] = true
		}
	case []any:
		for _, x := range v {
			if !hasNoDoubleKey(x) {
				return false
			}
		}
	}
	return true
}
