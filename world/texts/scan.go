package texts

import (
	"strings"

	"collabcraft/scan"
)

// Hand-written readers for the texts agents read on every call: the
// experts parse each call's context, so these avoid the regexp engine.
// Each is documented with the pattern it reads, and TestScannersMatch
// checks it against that pattern.

// each calls f with the index after every occurrence of lit in s, left
// to right, until f returns true.
func each(s, lit string, f func(after int) bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return
		}
		at := from + k
		if f(at + len(lit)) {
			return
		}
		from = at + 1
	}
}

// number reads a run of digits at s[i:] as an int; n is its length (0:
// none). A run too long for an int reads as 0, as strconv.Atoi's error
// would.
func number(s string, i int) (v, n int) {
	n = scan.Span(s[i:], scan.Digit)
	if n > 18 {
		return 0, n
	}
	for _, c := range []byte(s[i : i+n]) {
		v = v*10 + int(c-'0')
	}
	return v, n
}
