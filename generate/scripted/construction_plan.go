package scripted

import (
	"cmp"
	"math"
	"regexp"
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/world/texts"
)

// A builder's plan: which rows of each level are its own, and the cells of
// the current level it still has to place, in the order it places them.
// The fix list a !checkBlueprintLevel prints is long and leaves the
// 15-turn window within a few calls, so the builder copies its own share
// of it into its memory, compactly ("stone y-60 z-170 x148..162"), as a
// player would jot down their part, instead of checking the level again.

var (
	reMemRows = regexp.MustCompile(`My rows: z(-?\d+)\.\.(-?\d+)\.`)
	reMemTodo = regexp.MustCompile(`Level (\d+) cells left for me: (.*?)\.(?:\s|$)`)
	reTodoGrp = regexp.MustCompile(`^([a-z_]+) y(-?\d+) (.+)$`)
	reTodoRun = regexp.MustCompile(`^z(-?\d+) x(-?\d+)(?:\.\.(-?\d+))?$`)
)

// rawRows is this agent's band of rows (z from lo to hi, inclusive), as
// split: the footprint is split once, from the first fix list the agent
// read (level 0's, the whole floor), into contiguous bands in team order,
// so a builder's cells touch each other and nobody walks through another's
// band. empty: more builders than rows.
func (s *state) rawRows() (lo, hi int, ok, empty bool) {
	if m := reMemRows.FindStringSubmatch(s.mem); m != nil {
		return atoi(m[1]), atoi(m[2]), true, false
	}
	var zs []int
	for _, a := range s.acts {
		if a.name != "!checkBlueprintLevel" || !blueprints.HasFixes(a.output) {
			continue
		}
		for _, f := range parseFixes(a.output) {
			if !slices.Contains(zs, f.z) {
				zs = append(zs, f.z)
			}
		}
		break
	}
	if len(zs) == 0 {
		return 0, 0, false, false
	}
	slices.Sort(zs)
	n := max(len(s.v.Team), 1)
	i, j := s.v.Agent*len(zs)/n, (s.v.Agent+1)*len(zs)/n
	if i >= j {
		return 0, 0, true, true
	}
	return zs[i], zs[j-1], true, false
}

// rows is the band with the first and last reaching out to any row beyond
// the footprint.
func (s *state) rows() (lo, hi int, ok bool) {
	lo, hi, ok, empty := s.rawRows()
	if !ok || empty {
		return math.MaxInt32, math.MaxInt32, ok
	}
	if s.v.Agent == 0 {
		lo = math.MinInt32
	}
	if s.v.Agent == len(s.v.Team)-1 {
		hi = math.MaxInt32
	}
	return lo, hi, true
}

// rowsText is the memory line for the band.
func (s *state) rowsText() string {
	lo, hi, ok, empty := s.rawRows()
	if !ok || empty {
		return ""
	}
	return "My rows: z" + itoa(lo) + ".." + itoa(hi) + "."
}

// order sorts cells for building: row by row in z, each row walked from
// the end the previous one finished at (serpentine), so every cell after a
// row's first touches one just placed and the walks stay short.
func order(cells []fix) []fix {
	out := slices.Clone(cells)
	slices.SortStableFunc(out, func(a, b fix) int {
		if a.y != b.y {
			return a.y - b.y
		}
		if a.z != b.z {
			return a.z - b.z
		}
		if a.z%2 == 0 {
			return a.x - b.x
		}
		return b.x - a.x
	})
	return out
}

// share is what this agent places from a fix list: the cells in its rows.
// Builders do not fill cells in each other's rows: a row filled from both
// ends leaves a pit with no open end that the path search cannot enter,
// and an owner walking to a cell a helper filled asks for an impossible
// path.
func (s *state) share(fixes []fix) []fix {
	place := fixes
	lo, hi, ok := s.rows()
	if !ok || len(s.v.Team) <= 1 {
		return order(place)
	}
	var mine []fix
	for _, f := range place {
		if f.z >= lo && f.z <= hi {
			mine = append(mine, f)
		}
	}
	return order(mine)
}

// todo is the rest of the agent's cells on level cur, in order: from the
// latest fix list of the level in the window, else from the memory, minus
// what was placed or given up since. known is false when neither holds the
// level's list (a check is needed).
func (s *state) todo(cur int) (cells []fix, known bool) {
	from := 0
	check := -1
	for i := len(s.acts) - 1; i >= 0; i-- {
		a := s.acts[i]
		if a.name == "!checkBlueprintLevel" && len(a.args) == 1 && atoi(a.args[0]) == cur && blueprints.HasFixes(a.output) {
			check = i
			break
		}
	}
	// A program's output is shortened past a few lines (coder.js), so
	// what it left undone is read from a fresh check, not from it.
	for _, a := range s.acts[check+1:] {
		if a.name == "!newAction" {
			return nil, false
		}
	}
	switch {
	case check >= 0:
		cells, from = s.share(parseFixes(s.acts[check].output)), check+1
	default:
		var ok bool
		if cells, ok = memTodo(s.mem, cur); !ok {
			return nil, false
		}
	}
	removal := map[[3]int]bool{}
	for _, f := range cells {
		if f.block == "" {
			removal[[3]int{f.x, f.y, f.z}] = true
		}
	}
	// target is the cell a walk to g was for: a removal is dug from the
	// cell above it.
	target := func(g [3]int) [3]int {
		if below := [3]int{g[0], g[1] - 1, g[2]}; removal[below] {
			return below
		}
		return g
	}
	gone := map[[3]int]bool{}
	for _, a := range s.acts[from:] {
		for _, c := range texts.FilledCells(a.output) {
			gone[c] = true
		}
		if a.name == "!goToCoordinates" && len(a.args) == 4 && !reachedExactly(a) {
			gone[target([3]int{atoi(a.args[0]), atoi(a.args[1]), atoi(a.args[2])})] = true
		}
		if (a.name == "!placeHere" && !texts.PlacedSome(a.output)) || a.name == "!digDown" {
			if g, ok := s.goalBefore(a); ok {
				gone[target(g)] = true
			}
		}
	}
	out := cells[:0:0]
	for _, f := range cells {
		if !gone[[3]int{f.x, f.y, f.z}] {
			out = append(out, f)
		}
	}
	return out, true
}

// todoText renders level cur's cells in order as runs along x, within
// budget characters (a prefix of the list when it is longer; the builder
// checks the level again when the prefix is done).
func todoText(cur int, cells []fix, budget int) string {
	head := "Level " + itoa(cur) + " cells left for me: "
	if len(cells) == 0 || budget <= len(head)+20 {
		return ""
	}
	var b strings.Builder
	b.WriteString(head)
	group := ""
	for i := 0; i < len(cells); {
		c := cells[i]
		j := i + 1
		step := 0
		for j < len(cells) {
			d := cells[j]
			if d.block != c.block || d.y != c.y || d.z != c.z {
				break
			}
			st := d.x - cells[j-1].x
			if (st != 1 && st != -1) || (step != 0 && st != step) {
				break
			}
			step = st
			j++
		}
		run := "z" + itoa(c.z) + " x" + itoa(c.x)
		if j-i > 1 {
			run += ".." + itoa(cells[j-1].x)
		}
		g := cmp.Or(c.block, "air") + " y" + itoa(c.y)
		var add string
		switch {
		case group == "":
			add = g + " " + run
		case g != group:
			add = "; " + g + " " + run
		default:
			add = ", " + run
		}
		if b.Len()+len(add)+1 > budget {
			break
		}
		b.WriteString(add)
		group = g
		i = j
	}
	if group == "" {
		return ""
	}
	return b.String() + "."
}

// memTodo reads level cur's cells back from the memory.
func memTodo(mem string, cur int) ([]fix, bool) {
	m := reMemTodo.FindStringSubmatch(mem)
	if m == nil || atoi(m[1]) != cur {
		return nil, false
	}
	var out []fix
	for _, g := range strings.Split(m[2], "; ") {
		gm := reTodoGrp.FindStringSubmatch(strings.TrimSpace(g))
		if gm == nil {
			continue
		}
		y := atoi(gm[2])
		for _, r := range strings.Split(gm[3], ", ") {
			rm := reTodoRun.FindStringSubmatch(strings.TrimSpace(r))
			if rm == nil {
				continue
			}
			z, a, b := atoi(rm[1]), atoi(rm[2]), atoi(rm[2])
			if rm[3] != "" {
				b = atoi(rm[3])
			}
			st := 1
			if b < a {
				st = -1
			}
			for x := a; ; x += st {
				blk := gm[1]
				if blk == "air" { // a block to remove
					blk = ""
				}
				out = append(out, fix{block: blk, x: x, y: y, z: z})
				if x == b {
					break
				}
			}
		}
	}
	return out, true
}

// failText is the memory line for cells that could not be placed.
func failText(cells map[[3]int]bool, budget int) string {
	keys := make([][3]int, 0, len(cells))
	for c := range cells {
		keys = append(keys, c)
	}
	slices.SortFunc(keys, func(a, b [3]int) int {
		for i := range 3 {
			if a[i] != b[i] {
				return a[i] - b[i]
			}
		}
		return 0
	})
	head := "Could not place: "
	var b strings.Builder
	for _, k := range keys {
		p := "(" + itoa(k[0]) + "," + itoa(k[1]) + "," + itoa(k[2]) + ")"
		if b.Len() > 0 {
			p = " " + p
		}
		if len(head)+b.Len()+len(p)+1 > budget {
			break
		}
		b.WriteString(p)
	}
	if b.Len() == 0 {
		return ""
	}
	return head + b.String() + "."
}

// buildFacts is the builder's memory: its rows, finished and stuck levels,
// cells it gave up on, then as much of its current level's list as fits.
func (s *state) buildFacts() []string {
	f := []string{"Building level by level, my band of rows each."}
	if r := s.rowsText(); r != "" {
		f = append(f, r)
	}
	done := s.doneLevels()
	var ks, st []string
	stuck := s.stuckLevels()
	for k := range s.levelCount() {
		if done[k] {
			ks = append(ks, itoa(k))
		} else if stuck[k] {
			st = append(st, itoa(k))
		}
	}
	if len(ks) > 0 {
		f = append(f, "Completed levels: "+strings.Join(ks, ", ")+".")
	}
	if len(st) > 0 {
		f = append(f, "Levels to finish later: "+strings.Join(st, ", ")+".")
	}
	used := 0
	for _, x := range f {
		used += len(x) + 1
	}
	if t := failText(s.failedCells(), min(150, maxMemory-used)); t != "" {
		f = append(f, t)
		used += len(t) + 1
	}
	if cur := s.currentLevel(); cur >= 0 {
		if cells, ok := s.todo(cur); ok {
			if t := todoText(cur, cells, maxMemory-used); t != "" {
				f = append(f, t)
			}
		}
	}
	return f
}
