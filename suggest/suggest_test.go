package suggest

import (
	"slices"
	"strconv"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"oak_plank", "oak_planks", 1}, {"flaw", "lawn", 2}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestClosest(t *testing.T) {
	known := []string{"workers", "worker-id", "trials-per-task", "think-time", "timeout", "oak_log", "oak_planks", "dark_oak_log"}
	for name, want := range map[string][]string{
		"wrokers":   {"workers"},
		"timout":    {"timeout"},
		"oak":       {"oak_log", "oak_planks", "dark_oak_log"}, // contained, ranked after typos
		"zzzzzzzzz": nil,
	} {
		if got := Closest(name, known); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("Closest(%q) = %q, want %q", name, got, want)
		}
	}
	if got := DidYouMean("wrokers", known, func(s string) string { return "--" + s }); got != " (did you mean --workers?)" {
		t.Errorf("DidYouMean: %q", got)
	}
	if got := DidYouMean("zzzzzzzzz", known, strconv.Quote); got != "" {
		t.Errorf("DidYouMean of nothing close: %q", got)
	}
	if got := Or([]string{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("Or: %q", got)
	}
}
