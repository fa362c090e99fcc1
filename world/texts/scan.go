package texts

import "strings"

// Hand-written readers for the texts agents read on every call: the
// experts parse each call's context, so these avoid the regexp engine.
// Each is documented with the pattern it reads, and TestScannersMatch
// checks it against that pattern.

// isLower reports whether c is in [a-z_], the letters of an item name.
func isLower(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' }

// isWord reports whether c is in \w: [0-9A-Za-z_].
func isWord(c byte) bool { return isLower(c) || '0' <= c && c <= '9' || 'A' <= c && c <= 'Z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// span is the length of the run of bytes of class at s[i:].
func span(s string, i int, class func(byte) bool) int {
	j := i
	for j < len(s) && class(s[j]) {
		j++
	}
	return j - i
}

// spanBack is the length of the run of bytes of class ending at s[:i].
func spanBack(s string, i int, class func(byte) bool) int {
	j := i
	for j > 0 && class(s[j-1]) {
		j--
	}
	return i - j
}

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
	n = span(s, i, isDigit)
	if n > 18 {
		return 0, n
	}
	for _, c := range []byte(s[i : i+n]) {
		v = v*10 + int(c-'0')
	}
	return v, n
}
