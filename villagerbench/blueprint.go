// Package villagerbench holds VillagerBench's construction task data
// (seed 001, github:cnsdqd-dyb/VillagerAgent at dd1ecc1): its blueprint
// type (blocks with a facing), the blueprint text its agents read, the
// scores its judge computes (C, VHR), the dependency complexity D and the
// budgets it sets, the scene the judge lays out, the paper's 100 blueprints
// rebuilt from their descriptions, and generated blueprints beyond them.
//
// MINDcraft's blueprints (levels of block-name grids) stay in package
// blueprints; a VillagerBench blueprint is a list of blocks, each with a
// facing, checked with VillagerBench's own rules.
package villagerbench

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"collabcraft/mcdata"
)

// Facing is a VillagerBench blueprint block's orientation: a horizontal
// facing (W, E, S, N), an axis (x, y, z), or A, which matches any.
type Facing string

// The facings of VillagerBench's blueprints.
const (
	West  Facing = "W"
	East  Facing = "E"
	South Facing = "S"
	North Facing = "N"
	AxisX Facing = "x"
	AxisY Facing = "y"
	AxisZ Facing = "z"
	Any   Facing = "A"
)

// Facings lists every facing, in the order VillagerBench's messages name
// them ("facing is one of [W, E, S, N, x, y, z, A]").
var Facings = []Facing{West, East, South, North, AxisX, AxisY, AxisZ, Any}

var facingNames = map[Facing]string{West: "west", East: "east", South: "south", North: "north"}

// Valid reports whether f is one of Facings.
func (f Facing) Valid() bool { return slices.Contains(Facings, f) }

// State is the block state a block placed with facing f holds: W, E, S, N
// set its facing property, x, y, z its axis, A nothing (build_judger.py's
// render and minecraft_server.py's /post_place write the same).
func (f Facing) State() mcdata.State {
	switch f {
	case West, East, South, North:
		return mcdata.State{Facing: facingNames[f]}
	case AxisX, AxisY, AxisZ:
		return mcdata.State{Axis: string(f)}
	}
	return mcdata.State{}
}

// Matches is check_block's orientation test (build_judger.py:279-296): A
// matches anything; W, E, S, N match a block whose facing property is
// west, east, south, north; x, y, z a block whose axis is that axis.
func (f Facing) Matches(st mcdata.State) bool {
	switch f {
	case Any:
		return true
	case West, East, South, North:
		return st.Facing == facingNames[f]
	case AxisX, AxisY, AxisZ:
		return st.Axis == string(f)
	}
	return false
}

// Block is one block of a blueprint: its name, world position and facing.
type Block struct {
	Name     string `json:"name"`
	Position [3]int `json:"position"` // world x, y, z
	Facing   Facing `json:"facing"`
}

// Blueprint is a VillagerBench construction blueprint: the blocks to
// place, and the text its agents are given for it (VillagerBench's
// blueprint_description_all entry; what its decomposer reads as the
// task's meta-data). Blocks are in CompareBlocks order.
type Blueprint struct {
	ID          string   `json:"id"`
	Description []string `json:"description"`
	Blocks      []Block  `json:"blocks"`
}

// CompareBlocks orders blocks by y, then z, then x: bottom layer first,
// row by row, the order blueprints keep their blocks in.
func CompareBlocks(a, b Block) int {
	return cmp.Or(cmp.Compare(a.Position[1], b.Position[1]), cmp.Compare(a.Position[2], b.Position[2]), cmp.Compare(a.Position[0], b.Position[0]))
}

// Box is an inclusive world-space box.
type Box struct {
	Min, Max [3]int // x, y, z
}

// Contains reports whether p lies in the box.
func (b Box) Contains(p [3]int) bool {
	for i := range 3 {
		if p[i] < b.Min[i] || p[i] > b.Max[i] {
			return false
		}
	}
	return true
}

// Bounds is the box spanned by the blocks (the zero Box for none).
func (bp *Blueprint) Bounds() Box {
	if len(bp.Blocks) == 0 {
		return Box{}
	}
	bx := Box{Min: bp.Blocks[0].Position, Max: bp.Blocks[0].Position}
	for _, b := range bp.Blocks[1:] {
		for i := range 3 {
			bx.Min[i] = min(bx.Min[i], b.Position[i])
			bx.Max[i] = max(bx.Max[i], b.Position[i])
		}
	}
	return bx
}

// Materials counts the blocks by name, in the order names first appear.
func (bp *Blueprint) Materials() (names []string, counts map[string]int) {
	counts = map[string]int{}
	for _, b := range bp.Blocks {
		if counts[b.Name] == 0 {
			names = append(names, b.Name)
		}
		counts[b.Name]++
	}
	return names, counts
}

// Site is where a blueprint may stand: the box build_judger.py clears and
// controls around the glass enclosure (x -40..-2, z -19..19, y from the
// ground, -60, to -40; build_judger.py:509-515). A block outside it would
// sit in terrain the judge never resets.
var Site = Box{Min: [3]int{-40, -60, -19}, Max: [3]int{-2, -40, 19}}

// ignored are the names the judge drops from a blueprint
// (build_judger.py:241, 303): a blueprint lists blocks to place.
var ignored = map[string]bool{"air": true, "water": true, "lava": true}

// Validate checks that every block is a known block of the pinned
// Minecraft version placed with a facing it can hold, inside Site, each
// cell once, and that the description, when there is one, describes
// exactly the blocks (ParseDescription). Errors name the blueprint, the
// field and what was expected.
func (bp *Blueprint) Validate() error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("villagerbench: blueprint %s: %s", cmp.Or(bp.ID, "(no id)"), fmt.Sprintf(format, args...))
	}
	if len(bp.Blocks) == 0 {
		return fail("blocks: none, expected at least one block to place")
	}
	seen := map[[3]int]int{}
	for i, b := range bp.Blocks {
		if err := checkBlock(b); err != nil {
			return fail("blocks[%d].%v", i, err)
		}
		if j, ok := seen[b.Position]; ok {
			return fail("blocks[%d].position: %v is blocks[%d]'s cell too, expected each cell once", i, b.Position, j)
		}
		seen[b.Position] = i
	}
	if !slices.IsSortedFunc(bp.Blocks, CompareBlocks) {
		return fail("blocks: not in order (by y, then z, then x)")
	}
	if len(bp.Description) == 0 {
		return nil
	}
	described, err := ParseDescription(bp.Description)
	if err != nil {
		return fail("description%v", strings.TrimPrefix(err.Error(), "villagerbench: description"))
	}
	if d := diffBlocks(described, bp.Blocks); d != "" {
		return fail("description: %s", d)
	}
	return nil
}

// checkBlock is one block's name, facing and position check; the error
// starts with the field.
func checkBlock(b Block) error {
	switch {
	case ignored[b.Name]:
		return fmt.Errorf("name: %q, expected a block to place (the judge drops air, water and lava)", b.Name)
	case !mcdata.IsBlock(b.Name):
		_, err := mcdata.LookupBlock(b.Name)
		return fmt.Errorf("name: %v", strings.TrimPrefix(err.Error(), "mcdata: "))
	}
	if err := checkFacing(b.Name, b.Facing); err != nil {
		return fmt.Errorf("facing: %v", err)
	}
	if !Site.Contains(b.Position) {
		return fmt.Errorf("position: %v is outside the construction site (x %d..%d, y %d..%d, z %d..%d)", b.Position,
			Site.Min[0], Site.Max[0], Site.Min[1], Site.Max[1], Site.Min[2], Site.Max[2])
	}
	return nil
}

// checkFacing: f is a facing, and one the block can hold (a stair faces W,
// E, S or N; a log lies along x, y or z; anything matches A).
func checkFacing(name string, f Facing) error {
	if !f.Valid() {
		fs := make([]string, len(Facings))
		for i, f := range Facings {
			fs[i] = string(f)
		}
		return fmt.Errorf("%q, expected one of %s", f, strings.Join(fs, ", "))
	}
	if err := mcdata.CheckState(name, f.State()); err != nil {
		b, _ := mcdata.LookupBlock(name)
		takes := "only A"
		switch {
		case b.Facings != nil && b.Axes != nil:
			takes = "W, E, S, N, x, y, z or A"
		case b.Facings != nil:
			takes = "W, E, S, N or A"
		case b.Axes != nil:
			takes = "x, y, z or A"
		}
		return fmt.Errorf("%q: %s takes %s", f, name, takes)
	}
	return nil
}

// diffBlocks describes the first difference between two block lists in
// CompareBlocks order ("" when they are the same).
func diffBlocks(got, want []Block) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("describes %s, the blocks have %s", blockText(got[i]), blockText(want[i]))
		}
	}
	switch {
	case len(got) > len(want):
		return fmt.Sprintf("describes %s, which the blocks do not have", blockText(got[len(want)]))
	case len(got) < len(want):
		return fmt.Sprintf("does not describe %s", blockText(want[len(got)]))
	}
	return ""
}

func blockText(b Block) string {
	return fmt.Sprintf("%s facing %s at %d %d %d", b.Name, b.Facing, b.Position[0], b.Position[1], b.Position[2])
}
