package villager

import "testing"

// Expected values printed by Python 3.11 with python3-levenshtein 0.12.2.
func TestNamesHelpersAsPython(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"kitten", "sitting", 3}, {"é中x", "e中", 2}, {"", "abc", 3}} {
		if got := levenshtein(c.a, c.b); got != c.d {
			t.Errorf("levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
	if got := Pos1(0.25, 0.35, -0.05) + Pos1(2.5, -60, 0); got != "(0.2, 0.3, -0.1)(2.5, -60.0, 0.0)" {
		t.Errorf("Pos1: %s", got)
	}
	// json.dumps(..., sort_keys=True): keys sorted at every depth.
	v := Dict{{"b", 1}, {"a", Dict{{"z", []any{Dict{{"y", 1}, {"x", 2}}}}, {"B", 0}}}}
	if got := JSON(SortKeys(v)); got != `{"a": {"B": 0, "z": [{"x": 2, "y": 1}]}, "b": 1}` {
		t.Errorf("SortKeys: %s", got)
	}
	if Repr(Num(-60)) != "-60" || Repr(Num(0.5)) != "0.5" || Repr(Num(12.537)) != "12.537" {
		t.Errorf("Num: %s %s", Repr(Num(-60)), Repr(Num(0.5)))
	}
	n := NewNames([]string{"cow", "chicken"}, []string{"chicken", "beef", "cooked_beef"})
	if n.Kind("chicken") != "entity" || n.Kind("beef") != "item" || n.Kind("pork") != "error" {
		t.Errorf("Kind: %s %s %s", n.Kind("chicken"), n.Kind("beef"), n.Kind("pork"))
	}
	// "cooked_bef": cooked 1, bef ~ beef 0.75: mean 0.875; beef alone 0.375.
	if got := n.Similar("cooked_bef"); got != "cooked_beef" {
		t.Errorf("Similar(cooked_bef) = %q", got)
	}
}
