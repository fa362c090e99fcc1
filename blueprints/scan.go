package blueprints

import (
	"strconv"
	"strings"
)

// The scripted builders read the level texts back on every turn, so the two
// matchers they call most are written out here instead of run as regular
// expressions (a level matrix took a backtracking regexp over a few
// kilobytes each time). Each finds exactly what its pattern would, leftmost
// first; TestScansAreTheRegexps holds them to the patterns.

// textScan reads a text from a position on.
type textScan struct {
	s string
	i int
}

// lit consumes t if the text goes on with it.
func (c *textScan) lit(t string) bool {
	if !strings.HasPrefix(c.s[c.i:], t) {
		return false
	}
	c.i += len(t)
	return true
}

// num consumes a number, `-?\d+` with minus, else `\d+`, and returns its
// value as strconv.Atoi reads it.
func (c *textScan) num(minus bool) (int, bool) {
	start := c.i
	if minus && c.i < len(c.s) && c.s[c.i] == '-' {
		c.i++
	}
	digits := c.i
	for c.i < len(c.s) && c.s[c.i] >= '0' && c.s[c.i] <= '9' {
		c.i++
	}
	if c.i == digits {
		return 0, false
	}
	n, _ := strconv.Atoi(c.s[start:c.i])
	return n, true
}

// levelStarts is levelStartRE's every match in s: `Level (\d+): Start at
// coordinates X: (-?\d+), Y: (-?\d+), Z: (-?\d+)`, as level and origin.
func levelStarts(s string, yield func(level int, origin [3]int) bool) {
	const head = "Level "
	for from := 0; ; {
		at := strings.Index(s[from:], head)
		if at < 0 {
			return
		}
		c := textScan{s: s, i: from + at + len(head)}
		level, ok := c.num(false)
		ok = ok && c.lit(": Start at coordinates X: ")
		origin, ok := c.coordinates(ok)
		if !ok {
			from += at + 1
			continue
		}
		if !yield(level, origin) {
			return
		}
		from = c.i
	}
}

// coordinates consumes `(-?\d+), Y: (-?\d+), Z: (-?\d+)` when ok (what came
// before matched).
func (c *textScan) coordinates(ok bool) (xyz [3]int, _ bool) {
	if !ok {
		return xyz, false
	}
	for k, sep := range []string{"", ", Y: ", ", Z: "} {
		if !c.lit(sep) {
			return xyz, false
		}
		if xyz[k], ok = c.num(true); !ok {
			return xyz, false
		}
	}
	return xyz, true
}

// levelMatrix is levelMatrixRE's first match in s: `Level (-?\d+) starting
// at coordinates X: (-?\d+), Y: (-?\d+), Z: (-?\d+)\n\[\n((?:\[[^\]\n]*\],\n)*)\]`,
// as the level, its origin and the rows' text.
func levelMatrix(s string) (level int, origin [3]int, rows string, ok bool) {
	const head = "Level "
	for from := 0; ; from++ {
		at := strings.Index(s[from:], head)
		if at < 0 {
			return 0, origin, "", false
		}
		from += at
		c := textScan{s: s, i: from + len(head)}
		level, ok = c.num(true)
		ok = ok && c.lit(" starting at coordinates X: ")
		origin, ok = c.coordinates(ok)
		if !ok || !c.lit("\n[\n") {
			continue
		}
		// Whole rows, `[` then anything but `]` and newlines, then `],\n`;
		// the matrix's `]` must follow the last (a row cut short cannot be
		// given back: what is left starts with `[`).
		first := c.i
		for c.i < len(s) && s[c.i] == '[' {
			end := strings.IndexAny(s[c.i+1:], "]\n")
			if end < 0 || !strings.HasPrefix(s[c.i+1+end:], "],\n") {
				break
			}
			c.i += 1 + end + len("],\n")
		}
		if c.i < len(s) && s[c.i] == ']' {
			return level, origin, s[first:c.i], true
		}
	}
}
