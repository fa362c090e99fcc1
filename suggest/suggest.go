// Package suggest finds the known names closest to an unknown one, for the
// "did you mean" of an error: an item, a flag, a config key.
package suggest

import (
	"slices"
	"strings"
)

// Closest returns up to three known names close to name: by edit distance,
// and names that contain it or that it contains (oak -> oak_log), closest
// first, ties by name.
func Closest(name string, known []string) []string {
	type cand struct {
		name string
		dist int
	}
	limit := max(2, len(name)/3)
	var cs []cand
	for _, k := range known {
		if abs(len(k)-len(name)) > limit && !strings.Contains(k, name) {
			continue
		}
		dist := Distance(name, k)
		if dist > limit {
			if len(name) < 3 || !(strings.Contains(k, name) || strings.Contains(name, k)) {
				continue
			}
			dist = limit + abs(len(k)-len(name)) // substring matches rank after close typos
		}
		cs = append(cs, cand{k, dist})
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		return strings.Compare(a.name, b.name)
	})
	out := make([]string, 0, 3)
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		if !slices.Contains(out, c.name) {
			out = append(out, c.name)
		}
	}
	return out
}

// DidYouMean is " (did you mean X?)" for the closest known names, or ""
// when none is close. quote formats each name (e.g. as "--name").
func DidYouMean(name string, known []string, quote func(string) string) string {
	names := Closest(name, known)
	if len(names) == 0 {
		return ""
	}
	for i, n := range names {
		names[i] = quote(n)
	}
	return " (did you mean " + Or(names) + "?)"
}

// Or joins names as "a", "a or b", "a, b or c".
func Or(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Distance is the Levenshtein distance between a and b.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
