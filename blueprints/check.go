package blueprints

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// BlockReader answers "which block is at x, y, z" for a world: the plain
// block name, "air" for empty.
type BlockReader interface {
	BlockAt(x, y, z int) string
}

// Cell is one compared position.
type Cell struct {
	Level    int    // the level's "level" field
	X, Y, Z  int    // world coordinates
	Expected string // blueprint block
	Actual   string // world block
}

// Diff compares one level (by index) with the world, in MINDcraft's order
// (rows, then columns), skipping cells where both are air. ok is false for
// a level index out of range.
func (b *Blueprint) Diff(w BlockReader, level int) (matches, mismatches []Cell, ok bool) {
	if level < 0 || level >= len(b.Levels) {
		return nil, nil, false
	}
	lv := b.Levels[level]
	x0, y, z0 := lv.Coordinates[0], lv.Coordinates[1], lv.Coordinates[2]
	for r, row := range lv.Placement {
		for c, want := range row {
			x, z := x0+c, z0+r
			got := w.BlockAt(x, y, z)
			if got == "" {
				got = Air
			}
			if want == Air && got == Air {
				continue
			}
			cell := Cell{Level: lv.Level, X: x, Y: y, Z: z, Expected: want, Actual: got}
			if got == want {
				matches = append(matches, cell)
			} else {
				mismatches = append(mismatches, cell)
			}
		}
	}
	return matches, mismatches, true
}

// Style is the MINDcraft version whose wording the checks reproduce. The
// two differ in one place: the fix-list heading.
type Style int

const (
	// StylePaper is the version the paper froze (seed 002, section 9.1.2):
	// "Level 1 requires the following fixes:" with one space. It is
	// collabcraft's default dialect.
	StylePaper Style = iota
	// StyleCurrent is MINDcraft's later source (commit 0012750, June
	// 2025): "Level 1  requires the following fixes:" with two spaces.
	StyleCurrent
)

// CheckLevel is !checkBlueprintLevel(level) in the current source's wording
// (StyleCurrent); CheckLevelText picks the wording.
func (b *Blueprint) CheckLevel(w BlockReader, level int) string {
	return b.CheckLevelText(w, level, StyleCurrent)
}

// CheckLevelText is !checkBlueprintLevel(level): "Level {n} is correct" or
// the fix list (see ExplainLevelText) in the given style. level is an index
// into Levels; out of range gives "" (MINDcraft throws there and records
// nothing; the command layer checks the argument's domain first).
func (b *Blueprint) CheckLevelText(w BlockReader, level int, style Style) string {
	return b.levelText(w, level, style, fmt.Sprintf("Level %d is correct", level))
}

// ExplainLevelDifference is ExplainLevelText in the current source's
// wording (StyleCurrent).
func (b *Blueprint) ExplainLevelDifference(w BlockReader, level int) string {
	return b.ExplainLevelText(w, level, StyleCurrent)
}

// ExplainLevelText is MINDcraft's per-level text: "Level {n} is complete",
// or the heading "Level {n} requires the following fixes:\n" (two spaces
// before "requires" in StyleCurrent) followed by one line per mismatch:
//
//	Place {expected} at coordinates X: {x}, Y: {y}, Z: {z}
//	Remove the {actual} at coordinates X: {x}, Y: {y}, Z: {z}
//	Replace the {actual} with a {expected} at coordinates X: {x}, Y: {y}, Z: {z} (trailing space)
func (b *Blueprint) ExplainLevelText(w BlockReader, level int, style Style) string {
	if level < 0 || level >= len(b.Levels) {
		return ""
	}
	return b.levelText(w, level, style, fmt.Sprintf("Level %d is complete", b.Levels[level].Level))
}

// levelText is done when the level matches the world, else the fix list;
// "" for a level index out of range.
func (b *Blueprint) levelText(w BlockReader, level int, style Style, done string) string {
	_, mismatches, ok := b.Diff(w, level)
	if !ok {
		return ""
	}
	if len(mismatches) == 0 {
		return done
	}
	return explainFixes(b.Levels[level].Level, mismatches, style)
}

func explainFixes(level int, mismatches []Cell, style Style) string {
	var sb strings.Builder
	gap := " "
	if style == StyleCurrent {
		gap = "  "
	}
	fmt.Fprintf(&sb, "Level %d%srequires the following fixes:\n", level, gap)
	for _, m := range mismatches {
		switch {
		case m.Actual == Air:
			fmt.Fprintf(&sb, "Place %s at coordinates X: %d, Y: %d, Z: %d\n", m.Expected, m.X, m.Y, m.Z)
		case m.Expected == Air:
			fmt.Fprintf(&sb, "Remove the %s at coordinates X: %d, Y: %d, Z: %d\n", m.Actual, m.X, m.Y, m.Z)
		default:
			fmt.Fprintf(&sb, "Replace the %s with a %s at coordinates X: %d, Y: %d, Z: %d \n", m.Actual, m.Expected, m.X, m.Y, m.Z)
		}
	}
	return sb.String()
}

// The matchers below read the texts above back, for agents that parse the
// queries' answers (the scripted experts); TestTextsReadBack keeps each
// next to its format honest.
var (
	levelDoneRE  = regexp.MustCompile(`Level (\d+) is (?:correct|complete)`)
	levelFixesRE = regexp.MustCompile(`Level (\d+) {1,2}requires the following fixes:`)
	fixRE        = regexp.MustCompile(`(?m)^(?:Place ([a-z_]+)|Replace the ([a-z_]+) with a ([a-z_]+)|Remove the ([a-z_]+)) at coordinates X: (-?\d+), Y: (-?\d+), Z: (-?\d+)`)
)

// ParseLevelDone returns the level of the first "Level {n} is correct"
// (or "is complete") in s.
func ParseLevelDone(s string) (level int, ok bool) {
	m := levelDoneRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	level, _ = strconv.Atoi(m[1])
	return level, true
}

// HasFixes reports whether s holds a fix-list heading, in either style.
func HasFixes(s string) bool {
	return strings.Contains(s, "requires the following fixes:") && levelFixesRE.MatchString(s)
}

// ParseFixes reads the fix lines in s back as cells (Level left 0).
func ParseFixes(s string) []Cell {
	var out []Cell
	for _, m := range fixRE.FindAllStringSubmatch(s, -1) {
		c := Cell{Expected: m[1] + m[3], Actual: m[2] + m[4]}
		if c.Expected == "" {
			c.Expected = Air
		}
		if c.Actual == "" {
			c.Actual = Air
		}
		c.X, _ = strconv.Atoi(m[5])
		c.Y, _ = strconv.Atoi(m[6])
		c.Z, _ = strconv.Atoi(m[7])
		out = append(out, c)
	}
	return out
}

// ParseCheck reads a blueprint check's text (CheckAllText or level checks)
// back per level: the levels it calls complete, and each other level's fix
// cells (with Level set). "Blueprint is correct" reports all as true.
func ParseCheck(s string) (complete []int, fixes map[int][]Cell, allCorrect bool) {
	if IsCorrect(s) {
		return nil, nil, true
	}
	for _, m := range levelDoneRE.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		complete = append(complete, n)
	}
	heads := levelFixesRE.FindAllStringSubmatchIndex(s, -1)
	for i, h := range heads {
		end := len(s)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		n, _ := strconv.Atoi(s[h[2]:h[3]])
		cells := ParseFixes(s[h[1]:end])
		for j := range cells {
			cells[j].Level = n
		}
		if fixes == nil {
			fixes = map[int][]Cell{}
		}
		fixes[n] = cells
	}
	return complete, fixes, false
}

// ExplainedLevels are the level numbers of the "Level {n}: Start at
// coordinates" entries in s (Explain's text, which task goals quote).
func ExplainedLevels(s string) []int {
	var out []int
	levelStarts(s, func(n int, _ [3]int) bool {
		out = append(out, n)
		return true
	})
	return out
}

// ExplainedOrigin is the start of level n in s (Explain's text); ok is
// false when s does not give it.
func ExplainedOrigin(s string, n int) (origin [3]int, ok bool) {
	levelStarts(s, func(k int, o [3]int) bool {
		if k == n {
			origin, ok = o, true
		}
		return !ok
	})
	return origin, ok
}

// CheckAll is CheckAllText in the current source's wording (StyleCurrent).
func (b *Blueprint) CheckAll(w BlockReader) string { return b.CheckAllText(w, StyleCurrent) }

// CheckAllText is !checkBlueprint: "Blueprint is correct", or every level's
// ExplainLevelText, each followed by "\n".
func (b *Blueprint) CheckAllText(w BlockReader, style Style) string {
	if b.Mismatches(w) == 0 {
		return allCorrect
	}
	var sb strings.Builder
	for i := range b.Levels {
		sb.WriteString(b.ExplainLevelText(w, i, style))
		sb.WriteString("\n")
	}
	return sb.String()
}

// allCorrect is CheckAllText for a house that matches its blueprint.
const allCorrect = "Blueprint is correct"

// IsCorrect reports whether s holds a check's "Blueprint is correct".
func IsCorrect(s string) bool { return strings.Contains(s, allCorrect) }

// Explain is !getBlueprint: "Level {n}: Start at coordinates X: {x}, Y: {y},
// Z: {z}" for each level, with no separator (as MINDcraft writes it).
func (b *Blueprint) Explain() string {
	var sb strings.Builder
	for _, lv := range b.Levels {
		c := lv.Coordinates
		fmt.Fprintf(&sb, "Level %d: Start at coordinates X: %d, Y: %d, Z: %d", lv.Level, c[0], c[1], c[2])
	}
	return sb.String()
}

// ExplainLevel is !getBlueprintLevel(level): "Level {n} starting at
// coordinates X: {x}, Y: {y}, Z: {z}\n[\n", a "[b1, b2, ...],\n" line per
// row, then "]\n". Out of range gives "".
func (b *Blueprint) ExplainLevel(level int) string {
	if level < 0 || level >= len(b.Levels) {
		return ""
	}
	lv := b.Levels[level]
	c := lv.Coordinates
	var sb strings.Builder
	fmt.Fprintf(&sb, "Level %d starting at coordinates X: %d, Y: %d, Z: %d\n[\n", lv.Level, c[0], c[1], c[2])
	for _, row := range lv.Placement {
		sb.WriteString("[")
		sb.WriteString(strings.Join(row, ", "))
		sb.WriteString("],\n")
	}
	sb.WriteString("]\n")
	return sb.String()
}

// ParseLevel reads ExplainLevel's text (the first one in s) back as a
// level; ok is false when s holds none.
func ParseLevel(s string) (lv Level, ok bool) {
	if !strings.Contains(s, " starting at coordinates X: ") {
		return Level{}, false
	}
	level, origin, rows, ok := levelMatrix(s)
	if !ok {
		return Level{}, false
	}
	lv.Level = level
	lv.Coordinates = origin
	for _, line := range strings.Split(strings.TrimSuffix(rows, "\n"), "\n") {
		if line == "" {
			continue
		}
		row := strings.TrimSuffix(strings.TrimPrefix(line, "["), "],")
		var cells []string
		if row != "" {
			cells = strings.Split(row, ", ")
		}
		lv.Placement = append(lv.Placement, cells)
	}
	return lv, true
}

// Tally counts matches and mismatches over every level: Diff's cells,
// counted without making them (the world's score is asked after every
// step).
func (b *Blueprint) Tally(w BlockReader) (matches, mismatches int) {
	for _, lv := range b.Levels {
		x0, y, z0 := lv.Coordinates[0], lv.Coordinates[1], lv.Coordinates[2]
		for r, row := range lv.Placement {
			for c, want := range row {
				got := w.BlockAt(x0+c, y, z0+r)
				if got == "" {
					got = Air
				}
				switch {
				case want == Air && got == Air:
				case got == want:
					matches++
				default:
					mismatches++
				}
			}
		}
	}
	return matches, mismatches
}

// Mismatches is the number of cells still wrong.
func (b *Blueprint) Mismatches(w BlockReader) int {
	_, mm := b.Tally(w)
	return mm
}

// Score is MINDcraft's construction score as a fraction: over every cell
// where the blueprint or the world is not air, matches / (matches +
// mismatches), in [0, 1]. A blueprint of only air on empty ground scores 1.
// The task succeeds only at 1.
func (b *Blueprint) Score(w BlockReader) float64 {
	m, mm := b.Tally(w)
	if m+mm == 0 {
		return 1
	}
	return float64(m) / float64(m+mm)
}
