package scan

import (
	"regexp"
	"testing"
)

// TestClassesAreTheirPatterns checks every byte against the class the
// readers' doc comments name.
func TestClassesAreTheirPatterns(t *testing.T) {
	for _, c := range []struct {
		name  string
		class func(byte) bool
		re    *regexp.Regexp
	}{
		{"Digit", Digit, regexp.MustCompile(`^[0-9]$`)},
		{"Lower", Lower, regexp.MustCompile(`^[a-z_]$`)},
		{"Word", Word, regexp.MustCompile(`^\w$`)},
	} {
		for b := 0; b < 256; b++ {
			if got, want := c.class(byte(b)), c.re.MatchString(string([]byte{byte(b)})); got != want {
				t.Errorf("%s(%q) = %v, want %v", c.name, byte(b), got, want)
			}
		}
	}
}

func TestSpans(t *testing.T) {
	for _, c := range []struct {
		s          string
		end        int
		span, back int
	}{
		{"", 0, 0, 0},
		{"12ab34", 6, 2, 2},
		{"12ab34", 4, 2, 0},
		{"ab", 2, 0, 0},
		{"2024", 3, 4, 3},
	} {
		if got := Span(c.s, Digit); got != c.span {
			t.Errorf("Span(%q, Digit) = %d, want %d", c.s, got, c.span)
		}
		if got := SpanBack(c.s, c.end, Digit); got != c.back {
			t.Errorf("SpanBack(%q, %d, Digit) = %d, want %d", c.s, c.end, got, c.back)
		}
	}
}
