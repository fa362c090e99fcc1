package js

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFunctionRefsIsCodersRegex: functionRefs captures what coder.js's
// /(?:skills|world)\.(.*?)\(/g does, on 100,000 drawn texts of calls,
// near misses, line breaks and overlaps.
func TestFunctionRefsIsCodersRegex(t *testing.T) {
	re := regexp.MustCompile(`(?:skills|world)\.(.*?)\(`)
	pieces := []string{"skills.", "world.", "skills", "world", ".", "(", ")", "\n", " ", "placeBlock", "getPosition(bot)",
		"await skills.placeBlock(bot, 'x', 1, 2, 3);\n", "world.skills.x(", "myworld.y(", "skillsworld.(", "é", "\xff", ";"}
	rng := rand.New(rand.NewPCG(34, 5))
	found := 0
	for range 100_000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := b.String()
		var want, got []string
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			want = append(want, m[1])
		}
		functionRefs(src, func(name string) { got = append(got, name) })
		if !slices.Equal(got, want) {
			t.Fatalf("functionRefs(%q) = %q, the regex captures %q", src, got, want)
		}
		found += len(want)
	}
	if found < 10_000 {
		t.Fatalf("only %d captures to compare", found)
	}
}
