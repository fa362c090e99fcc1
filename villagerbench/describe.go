package villagerbench

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
)

// VillagerBench's agents read a blueprint as a list of strings
// (data/blueprint_description_all.json, written by build_judger.py:152-177
// from env/utils.py's split_structure and describe_map): a cluster of one
// block is the line
//
//	material: cut_sandstone facing: A position: [-8, -60, 0]
//
// and a larger cluster is GPT-4's compressed JSON for it, flattened by
// json_to_string_list: lists in brackets, "key:value" pairs, every element
// followed by a space, nothing between the dicts of a list:
//
//	[material:bone_block facing:x positions:[start:[-12 -60 0] end:[-10 -60 0]]]
//	[material:torch positions:[pos:[-9 -58 -1] facing:N pos:[-10 -58 0] facing:W]]
//
// ParseDescription reads both shapes with these rules, which cover every
// line of the paper's 100 blueprints:
//
//   - A dict ends where a key it already has comes again ("pos:... facing:N
//     pos:..." is two dicts).
//   - A group is a dict with "material" (or "name") and usually "facing";
//     its cells come from "position" (one cell), "positions" (a list of
//     [x y z] cells, of start/end boxes, a start alone being one cell, and
//     of dicts giving a cell under "position", "pos", "coords" or "single"
//     with a facing of its own), "corners" (the filled box the corners span,
//     less the cells under "missing") and "layers" (a list of dicts with
//     corners). "height" and "shape" say nothing the cells do not.
//   - A cell described again takes the later description (GPT-4's boxes
//     and rectangles cover cells a later line then names; the later one is
//     the exception to the earlier).
//   - Names are Minecraft 1.19.2's: a name 1.21.1 retired becomes its
//     modern name (grass -> short_grass), and an item whose block stands
//     becomes its wall variant when it faces W, E, S or N (torch facing N
//     -> wall_torch facing N, the block a torch placed that way is).
//
// Any other key, or a malformed cell, is an error: nothing is dropped
// silently.

var (
	singleLineRE = regexp.MustCompile(`^material: (\S+) facing: (\S+) position: \[(-?\d+), (-?\d+), (-?\d+)\]$`)
	tokenRE      = regexp.MustCompile(`([A-Za-z_]+):|(\[)|(\])|([^\s\[\]]+)`)
)

// node is one value of a flattened line: a scalar, or a list of items and
// dicts in order.
type node struct {
	scalar string
	list   []item // nil for a scalar
	isList bool
}

// item is a list element: a value, or a dict (keys in order).
type item struct {
	value *node
	dict  map[string]*node
	keys  []string
}

type token struct {
	kind byte // 'k' key, '[', ']', 'v' value
	text string
}

func tokenize(s string) ([]token, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty line")
	}
	var out []token
	for _, m := range tokenRE.FindAllStringSubmatchIndex(s, -1) {
		switch {
		case m[2] >= 0:
			out = append(out, token{'k', s[m[2]:m[3]]})
		case m[4] >= 0:
			out = append(out, token{'[', ""})
		case m[6] >= 0:
			out = append(out, token{']', ""})
		default:
			out = append(out, token{'v', s[m[8]:m[9]]})
		}
	}
	return out, nil
}

// parseValue reads the value at toks[i] and returns the index after it.
func parseValue(toks []token, i int) (*node, int, error) {
	if i >= len(toks) {
		return nil, i, fmt.Errorf("line ends where a value should be")
	}
	switch toks[i].kind {
	case 'v':
		return &node{scalar: toks[i].text}, i + 1, nil
	case '[':
		n := &node{isList: true}
		i++
		var cur *item
		for {
			if i >= len(toks) {
				return nil, i, fmt.Errorf("a [ is never closed")
			}
			switch toks[i].kind {
			case ']':
				return n, i + 1, nil
			case 'k':
				key := toks[i].text
				v, next, err := parseValue(toks, i+1)
				if err != nil {
					return nil, next, err
				}
				if cur == nil || cur.dict[key] != nil {
					n.list = append(n.list, item{dict: map[string]*node{}})
					cur = &n.list[len(n.list)-1]
				}
				cur.dict[key] = v
				cur.keys = append(cur.keys, key)
				i = next
			default:
				v, next, err := parseValue(toks, i)
				if err != nil {
					return nil, next, err
				}
				n.list = append(n.list, item{value: v})
				cur = nil
				i = next
			}
		}
	}
	return nil, i, fmt.Errorf("unexpected %q", toks[i].kind)
}

// cell reads an [x y z] value.
func (n *node) cell() ([3]int, error) {
	var c [3]int
	if n == nil || !n.isList || len(n.list) != 3 {
		return c, fmt.Errorf("expected a cell [x y z]")
	}
	for i, it := range n.list {
		if it.value == nil || it.value.isList {
			return c, fmt.Errorf("expected a cell [x y z]")
		}
		v, err := strconv.Atoi(it.value.scalar)
		if err != nil {
			return c, fmt.Errorf("cell coordinate %q is not a whole number", it.value.scalar)
		}
		c[i] = v
	}
	return c, nil
}

// described is one cell as a line gives it: the name and facing as written.
type described struct {
	pos    [3]int
	name   string
	facing Facing
}

// groupKeys are the keys a group may have; entryKeys those of a dict in a
// positions list.
var (
	groupKeys = []string{"material", "name", "facing", "position", "positions", "corners", "missing", "layers", "height", "shape"}
	entryKeys = []string{"start", "end", "position", "pos", "coords", "single", "facing"}
	cellKeys  = []string{"position", "pos", "coords", "single"}
)

func scalarOf(n *node) (string, bool) {
	if n == nil || n.isList {
		return "", false
	}
	return n.scalar, true
}

// groupCells lists the cells of one group, in the order it gives them.
func groupCells(g item, outer map[string]*node) ([]described, error) {
	if g.dict == nil {
		return nil, fmt.Errorf("expected a dict with a material, found a bare value")
	}
	for _, k := range g.keys {
		if !slices.Contains(groupKeys, k) {
			return nil, fmt.Errorf("unknown key %q", k)
		}
	}
	get := func(k string) *node {
		if v := g.dict[k]; v != nil {
			return v
		}
		return outer[k]
	}
	name, ok := scalarOf(get("material"))
	if !ok {
		if name, ok = scalarOf(get("name")); !ok {
			return nil, fmt.Errorf("no material")
		}
	}
	facing := ""
	if f := get("facing"); f != nil {
		if facing, ok = scalarOf(f); !ok {
			return nil, fmt.Errorf("facing is a list")
		}
	}
	var out []described
	add := func(p [3]int, f string) error {
		if f == "" {
			f = facing
		}
		if f == "" {
			return fmt.Errorf("%s at %v: no facing", name, p)
		}
		out = append(out, described{p, name, Facing(f)})
		return nil
	}
	if v := g.dict["position"]; v != nil {
		p, err := v.cell()
		if err != nil {
			return nil, fmt.Errorf("position: %v", err)
		}
		if err := add(p, ""); err != nil {
			return nil, err
		}
	}
	if v := g.dict["positions"]; v != nil {
		if !v.isList {
			return nil, fmt.Errorf("positions: expected a list")
		}
		for _, e := range v.list {
			if err := positionsEntry(e, add); err != nil {
				return nil, fmt.Errorf("positions: %v", err)
			}
		}
	}
	if v := g.dict["corners"]; v != nil {
		cells, err := cornerCells(v, g.dict["missing"])
		if err != nil {
			return nil, err
		}
		for _, p := range cells {
			if err := add(p, ""); err != nil {
				return nil, err
			}
		}
	}
	if v := g.dict["layers"]; v != nil {
		if !v.isList {
			return nil, fmt.Errorf("layers: expected a list")
		}
		for _, layer := range v.list {
			if layer.dict == nil {
				return nil, fmt.Errorf("layers: expected dicts")
			}
			inner := maps.Clone(g.dict)
			delete(inner, "layers")
			cells, err := groupCells(layer, inner)
			if err != nil {
				return nil, fmt.Errorf("layers: %v", err)
			}
			out = append(out, cells...)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no cells", name)
	}
	return out, nil
}

// positionsEntry reads one element of a positions list.
func positionsEntry(e item, add func([3]int, string) error) error {
	if e.value != nil {
		p, err := e.value.cell()
		if err != nil {
			return err
		}
		return add(p, "")
	}
	for _, k := range e.keys {
		if !slices.Contains(entryKeys, k) {
			return fmt.Errorf("unknown key %q", k)
		}
	}
	facing := ""
	if f := e.dict["facing"]; f != nil {
		var ok bool
		if facing, ok = scalarOf(f); !ok {
			return fmt.Errorf("facing is a list")
		}
	}
	if !slices.ContainsFunc(e.keys, func(k string) bool { return k == "start" || slices.Contains(cellKeys, k) }) {
		return fmt.Errorf("an entry without a cell (%s)", strings.Join(e.keys, ", "))
	}
	if e.dict["end"] != nil && e.dict["start"] == nil {
		return fmt.Errorf("end without start")
	}
	if s := e.dict["start"]; s != nil {
		lo, err := s.cell()
		if err != nil {
			return fmt.Errorf("start: %v", err)
		}
		hi := lo
		if end := e.dict["end"]; end != nil {
			if hi, err = end.cell(); err != nil {
				return fmt.Errorf("end: %v", err)
			}
		}
		if err := checkBox(lo, hi); err != nil {
			return err
		}
		for _, p := range boxCells(lo, hi) {
			if err := add(p, facing); err != nil {
				return err
			}
		}
	}
	for _, k := range e.keys {
		if slices.Contains(cellKeys, k) {
			p, err := e.dict[k].cell()
			if err != nil {
				return fmt.Errorf("%s: %v", k, err)
			}
			if err := add(p, facing); err != nil {
				return err
			}
		}
	}
	return nil
}

// cornerCells is the filled box a corners list spans, less missing cells.
func cornerCells(corners, missing *node) ([][3]int, error) {
	if !corners.isList || len(corners.list) < 2 {
		return nil, fmt.Errorf("corners: expected two or more cells")
	}
	var lo, hi [3]int
	for i, it := range corners.list {
		p, err := it.value.cell()
		if it.value == nil || err != nil {
			return nil, fmt.Errorf("corners: expected cells [x y z]")
		}
		if i == 0 {
			lo, hi = p, p
		}
		for a := range 3 {
			lo[a], hi[a] = min(lo[a], p[a]), max(hi[a], p[a])
		}
	}
	if err := checkBox(lo, hi); err != nil {
		return nil, fmt.Errorf("corners: %v", err)
	}
	skip := map[[3]int]bool{}
	if missing != nil {
		if !missing.isList {
			return nil, fmt.Errorf("missing: expected a list of cells")
		}
		for _, it := range missing.list {
			if it.value == nil {
				return nil, fmt.Errorf("missing: expected cells [x y z]")
			}
			p, err := it.value.cell()
			if err != nil {
				return nil, fmt.Errorf("missing: %v", err)
			}
			skip[p] = true
		}
	}
	var out [][3]int
	for _, p := range boxCells(lo, hi) {
		if !skip[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// maxBoxCells bounds a described box: no box holds more cells than the
// construction site, so a malformed line cannot make a reader enumerate
// billions of cells.
var maxBoxCells = (Site.Max[0] - Site.Min[0] + 1) * (Site.Max[1] - Site.Min[1] + 1) * (Site.Max[2] - Site.Min[2] + 1)

// boxCells lists the cells of the box two corners span, x fastest; nil for
// a box larger than maxBoxCells (boxSize tells).
func boxCells(a, b [3]int) [][3]int {
	lo := [3]int{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])}
	hi := [3]int{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])}
	if boxSize(lo, hi) > float64(maxBoxCells) {
		return nil
	}
	var out [][3]int
	for y := lo[1]; y <= hi[1]; y++ {
		for z := lo[2]; z <= hi[2]; z++ {
			for x := lo[0]; x <= hi[0]; x++ {
				out = append(out, [3]int{x, y, z})
			}
		}
	}
	return out
}

// lineCells reads one description line.
func lineCells(line string) ([]described, error) {
	if m := singleLineRE.FindStringSubmatch(line); m != nil {
		var p [3]int
		for i := range 3 {
			p[i], _ = strconv.Atoi(m[3+i])
		}
		return []described{{p, m[1], Facing(m[2])}}, nil
	}
	toks, err := tokenize(line)
	if err != nil {
		return nil, err
	}
	v, next, err := parseValue(toks, 0)
	if err != nil {
		return nil, err
	}
	if next != len(toks) {
		return nil, fmt.Errorf("text after the closing ]")
	}
	if !v.isList {
		return nil, fmt.Errorf("expected the single-block form or a [list]")
	}
	var out []described
	for _, g := range v.list {
		cells, err := groupCells(g, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, cells...)
	}
	return out, nil
}

// ParseDescription reads VillagerBench's blueprint text (one string per
// line, as in blueprint_description_all.json) into blocks, in CompareBlocks
// order. Errors name the line ("villagerbench: description[3]: ...").
func ParseDescription(lines []string) ([]Block, error) {
	cells := map[[3]int]Block{}
	for i, line := range lines {
		ds, err := lineCells(line)
		if err != nil {
			return nil, fmt.Errorf("villagerbench: description[%d]: %v", i, err)
		}
		for _, d := range ds {
			b, err := blockOf(d)
			if err != nil {
				return nil, fmt.Errorf("villagerbench: description[%d]: %v", i, err)
			}
			cells[d.pos] = b // a later description of a cell wins
		}
	}
	blocks := slices.Collect(maps.Values(cells))
	slices.SortFunc(blocks, CompareBlocks)
	return blocks, nil
}

// blockOf turns a described cell into the block it asks for: the modern
// name, the wall variant of a standing item given a side facing.
func blockOf(d described) (Block, error) {
	name := d.name
	if !mcdata.IsBlock(name) {
		if modern, _, ok := mcdata.ModernName(name); ok && mcdata.IsBlock(modern[0]) {
			name = modern[0]
		}
	}
	if !d.facing.Valid() {
		return Block{}, fmt.Errorf("%s at %v: facing %q, expected one of W, E, S, N, x, y, z, A", d.name, d.pos, d.facing)
	}
	if facingNames[d.facing] != "" {
		if wall, ok := mcdata.WallVariant(name); ok {
			name = wall
		}
	}
	return Block{Name: name, Position: d.pos, Facing: d.facing}, nil
}

// Describe writes blocks as VillagerBench's blueprint text, for blueprints
// that have none (generated ones): layer by layer from the ground up, one
// line per material and facing, boxes of two or more cells as start/end
// pairs and the rest as [x y z] cells, a lone block in the single-block
// form. A wall variant is named by the item placed for it (torch, not
// wall_torch), as the paper's text does. ParseDescription reads it back.
func Describe(blocks []Block) []string {
	sorted := slices.SortedFunc(slices.Values(blocks), CompareBlocks)
	var lines []string
	for start := 0; start < len(sorted); {
		end := start
		for end < len(sorted) && sorted[end].Position[1] == sorted[start].Position[1] {
			end++
		}
		lines = append(lines, describeLayer(sorted[start:end])...)
		start = end
	}
	return lines
}

type groupKey struct {
	name   string
	facing Facing
}

func describeLayer(layer []Block) []string {
	var order []groupKey
	cells := map[groupKey]map[[3]int]bool{}
	for _, b := range layer {
		k := groupKey{b.Name, b.Facing}
		if cells[k] == nil {
			order = append(order, k)
			cells[k] = map[[3]int]bool{}
		}
		cells[k][b.Position] = true
	}
	var lines []string
	for _, k := range order {
		name := k.name
		if standing, ok := mcdata.StandingOf(name); ok {
			name = standing
		}
		set := cells[k]
		if len(set) == 1 {
			for p := range set {
				lines = append(lines, fmt.Sprintf("material: %s facing: %s position: [%d, %d, %d]", name, k.facing, p[0], p[1], p[2]))
			}
			continue
		}
		boxes, singles := rectangles(set)
		head := fmt.Sprintf("[material:%s facing:%s positions:[", name, k.facing)
		if len(boxes) > 0 {
			parts := make([]string, len(boxes))
			for i, bx := range boxes {
				parts[i] = fmt.Sprintf("start:%s end:%s", cellText(bx[0]), cellText(bx[1]))
			}
			lines = append(lines, head+strings.Join(parts, " ")+"]]")
		}
		if len(singles) > 0 {
			parts := make([]string, len(singles))
			for i, p := range singles {
				parts[i] = cellText(p)
			}
			lines = append(lines, head+strings.Join(parts, " ")+"]]")
		}
	}
	return lines
}

func cellText(p [3]int) string { return fmt.Sprintf("[%d %d %d]", p[0], p[1], p[2]) }

// rectangles covers one layer's cells greedily with rectangles: from the
// first free cell (z, then x), as far along x as the cells go, then along
// z while the whole run is there. Rectangles of one cell are singles.
func rectangles(set map[[3]int]bool) (boxes [][2][3]int, singles [][3]int) {
	cells := slices.SortedFunc(maps.Keys(set), func(a, b [3]int) int {
		return CompareBlocks(Block{Position: a}, Block{Position: b})
	})
	used := map[[3]int]bool{}
	free := func(p [3]int) bool { return set[p] && !used[p] }
	for _, p := range cells {
		if used[p] {
			continue
		}
		x1 := p[0]
		for free([3]int{x1 + 1, p[1], p[2]}) {
			x1++
		}
		z1 := p[2]
	grow:
		for {
			for x := p[0]; x <= x1; x++ {
				if !free([3]int{x, p[1], z1 + 1}) {
					break grow
				}
			}
			z1++
		}
		for z := p[2]; z <= z1; z++ {
			for x := p[0]; x <= x1; x++ {
				used[[3]int{x, p[1], z}] = true
			}
		}
		if x1 == p[0] && z1 == p[2] {
			singles = append(singles, p)
		} else {
			boxes = append(boxes, [2][3]int{p, {x1, p[1], z1}})
		}
	}
	return boxes, singles
}

// boxSize is how many cells the box lo..hi holds (as a float: a malformed
// box may hold more than an int counts).
func boxSize(lo, hi [3]int) float64 {
	n := 1.0
	for i := range 3 {
		n *= float64(hi[i]) - float64(lo[i]) + 1
	}
	return n
}

// checkBox refuses a box larger than the construction site.
func checkBox(a, b [3]int) error {
	lo := [3]int{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])}
	hi := [3]int{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])}
	if n := boxSize(lo, hi); n > float64(maxBoxCells) {
		return fmt.Errorf("the box %v to %v holds %.0f cells, more than the construction site's %d", a, b, n, maxBoxCells)
	}
	return nil
}
