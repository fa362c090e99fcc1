package blueprints

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The patterns the scans replace.
var (
	levelStartPattern  = regexp.MustCompile(`Level (\d+): Start at coordinates X: (-?\d+), Y: (-?\d+), Z: (-?\d+)`)
	levelMatrixPattern = regexp.MustCompile(`Level (-?\d+) starting at coordinates X: (-?\d+), Y: (-?\d+), Z: (-?\d+)\n\[\n((?:\[[^\]\n]*\],\n)*)\]`)
)

// scanText draws level texts (both kinds, whole) and damages some: a
// character dropped, doubled or replaced by one the patterns care about, so
// that matches, near misses and overlaps all occur.
func scanText(rng *rand.Rand) string {
	num := func() string { return strconv.Itoa(rng.IntN(200) - 100) }
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		if rng.IntN(8) == 0 {
			b.WriteString("Level ") // a broken head right before a whole one
		}
		if rng.IntN(2) == 0 {
			b.WriteString("Level " + strconv.Itoa(rng.IntN(20)) + ": Start at coordinates X: " + num() + ", Y: " + num() + ", Z: " + num())
		} else {
			b.WriteString("Level " + num() + " starting at coordinates X: " + num() + ", Y: " + num() + ", Z: " + num() + "\n[\n")
			for range rng.IntN(4) {
				b.WriteString("[" + []string{"", "stone", "stone, air", "air, dirt, oak_planks", "[x"}[rng.IntN(5)] + "],\n")
			}
			b.WriteString("]")
		}
		b.WriteString([]string{"", "\n", " and ", "\n\n"}[rng.IntN(4)])
	}
	t := []byte(b.String())
	for range rng.IntN(4) {
		i := rng.IntN(len(t))
		switch rng.IntN(3) {
		case 0:
			t = append(t[:i], t[i+1:]...)
		case 1:
			t = append(t[:i+1], t[i:]...)
		default:
			const damage = "[]\n,-: 0L"
			t[i] = damage[rng.IntN(len(damage))]
		}
	}
	return string(t)
}

// TestScansAreTheRegexps: levelStarts and levelMatrix find what
// levelStartPattern and levelMatrixPattern find, on 200,000 drawn texts.
func TestScansAreTheRegexps(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 3))
	matched := [2]int{}
	for range 200_000 {
		s := scanText(rng)
		var want []string
		for _, m := range levelStartPattern.FindAllStringSubmatch(s, -1) {
			want = append(want, strings.Join(atois(m[1:]), " "))
		}
		var got []string
		levelStarts(s, func(n int, o [3]int) bool {
			got = append(got, strings.Join(atois([]string{strconv.Itoa(n), strconv.Itoa(o[0]), strconv.Itoa(o[1]), strconv.Itoa(o[2])}), " "))
			return true
		})
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("levelStarts(%q) = %q, the pattern finds %q", s, got, want)
		}
		matched[0] += len(want)
		level, origin, rows, ok := levelMatrix(s)
		m := levelMatrixPattern.FindStringSubmatch(s)
		if ok != (m != nil) {
			t.Fatalf("levelMatrix(%q) found %v, the pattern %q", s, ok, m)
		}
		if !ok {
			continue
		}
		matched[1]++
		got1 := strings.Join(atois([]string{strconv.Itoa(level), strconv.Itoa(origin[0]), strconv.Itoa(origin[1]), strconv.Itoa(origin[2])}), " ") + "|" + rows
		want1 := strings.Join(atois(m[1:5]), " ") + "|" + m[5]
		if got1 != want1 {
			t.Fatalf("levelMatrix(%q) = %q, the pattern %q", s, got1, want1)
		}
	}
	if matched[0] < 1000 || matched[1] < 1000 {
		t.Fatalf("too few matches to compare: %v", matched)
	}
}

// atois is each string as strconv.Atoi reads it, back in decimal.
func atois(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		n, _ := strconv.Atoi(s)
		out[i] = strconv.Itoa(n)
	}
	return out
}

// TestTallyIsDiff: Tally counts what Diff lists, level by level summed, on
// random blueprints against random worlds (air, unset cells, matches and
// mismatches).
func TestTallyIsDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 8))
	names := []string{Air, "stone", "oak_planks", "glass", ""}
	for range 2000 {
		var b Blueprint
		for l := range rng.IntN(4) {
			lv := Level{Level: l, Coordinates: [3]int{rng.IntN(5), l, rng.IntN(5)}}
			for range rng.IntN(5) {
				row := make([]string, rng.IntN(5))
				for i := range row {
					row[i] = names[rng.IntN(len(names)-1)]
				}
				lv.Placement = append(lv.Placement, row)
			}
			b.Levels = append(b.Levels, lv)
		}
		w := world{}
		for range rng.IntN(40) {
			w[[3]int{rng.IntN(10), rng.IntN(4), rng.IntN(10)}] = names[rng.IntN(len(names))]
		}
		var m, mm int
		for i := range b.Levels {
			a, c, _ := b.Diff(w, i)
			m, mm = m+len(a), mm+len(c)
		}
		if gm, gmm := b.Tally(w); gm != m || gmm != mm {
			t.Fatalf("Tally = %d, %d; Diff lists %d, %d", gm, gmm, m, mm)
		}
	}
}
