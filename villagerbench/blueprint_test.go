package villagerbench

import (
	"slices"
	"strings"
	"testing"

	"collabcraft/mcdata"
)

func TestFacingStates(t *testing.T) {
	for f, want := range map[Facing]mcdata.State{
		West: {Facing: "west"}, East: {Facing: "east"}, South: {Facing: "south"}, North: {Facing: "north"},
		AxisX: {Axis: "x"}, AxisY: {Axis: "y"}, AxisZ: {Axis: "z"}, Any: {},
	} {
		if got := f.State(); got != want {
			t.Errorf("%s.State() = %v, want %v", f, got, want)
		}
		if !f.Matches(want) {
			t.Errorf("%s does not match its own state %v", f, want)
		}
	}
	if !Any.Matches(mcdata.State{Facing: "up"}) || !Any.Matches(mcdata.State{}) {
		t.Error("A matches any state")
	}
	if North.Matches(mcdata.State{Facing: "south"}) || North.Matches(mcdata.State{}) || AxisY.Matches(mcdata.State{Axis: "x"}) || AxisY.Matches(mcdata.State{Facing: "north"}) {
		t.Error("a facing matches only its own state")
	}
	if Facing("Q").Valid() || Facing("A").Matches(mcdata.State{}) != true {
		t.Error("Q is no facing")
	}
}

// TestValidateRefuses: a blueprint with an unknown block, a bad facing or
// a cell out of bounds is refused, naming the blueprint and the field.
func TestValidateRefuses(t *testing.T) {
	good := func() Blueprint {
		return Blueprint{ID: "t", Blocks: []Block{
			{"oak_planks", [3]int{-9, -60, 0}, Any},
			{"oak_stairs", [3]int{-8, -60, 0}, East},
			{"oak_log", [3]int{-9, -59, 0}, AxisY},
		}}
	}
	bp := good()
	if err := bp.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change func(*Blueprint)
		want   string
	}{
		{func(b *Blueprint) { b.Blocks[0].Name = "oak_plank" }, `blueprint t: blocks[0].name: unknown block "oak_plank" (did you mean "oak_planks"`},
		{func(b *Blueprint) { b.Blocks[0].Name = "air" }, `blocks[0].name: "air", expected a block to place`},
		{func(b *Blueprint) { b.Blocks[1].Facing = "Q" }, `blocks[1].facing: "Q", expected one of W, E, S, N, x, y, z, A`},
		{func(b *Blueprint) { b.Blocks[1].Facing = AxisX }, `blocks[1].facing: "x": oak_stairs takes W, E, S, N or A`},
		{func(b *Blueprint) { b.Blocks[2].Facing = North }, `blocks[2].facing: "N": oak_log takes x, y, z or A`},
		{func(b *Blueprint) { b.Blocks[0].Facing = West }, `blocks[0].facing: "W": oak_planks takes only A`},
		{func(b *Blueprint) { b.Blocks[2].Position = [3]int{-9, -30, 0} }, `blocks[2].position: [-9 -30 0] is outside the construction site (x -40..-2, y -60..-40, z -19..19)`},
		{func(b *Blueprint) { b.Blocks[0].Position = [3]int{5, -60, 0} }, `blocks[0].position: [5 -60 0] is outside the construction site`},
		{func(b *Blueprint) { b.Blocks[1].Position = b.Blocks[0].Position }, `blocks[1].position: [-9 -60 0] is blocks[0]'s cell too`},
		{func(b *Blueprint) { b.Blocks[0], b.Blocks[1] = b.Blocks[1], b.Blocks[0] }, `blocks: not in order`},
		{func(b *Blueprint) { b.Blocks = nil }, `blocks: none`},
		{func(b *Blueprint) { b.Description = []string{"material: oak_planks facing: A position: [-9, -60, 0]"} }, `description: does not describe oak_stairs facing E at -8 -60 0`},
		{func(b *Blueprint) {
			b.Description = []string{"[material:oak_planks facing:A positions:[[-9 -60 0] [-9 -60 1"}
		}, `description[0]: a [ is never closed`},
	} {
		bp := good()
		c.change(&bp)
		err := bp.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "villagerbench: blueprint t: ") {
			t.Errorf("got %v\nwant an error with %q", err, c.want)
		}
	}
}

func TestParseDescriptionShapes(t *testing.T) {
	lines := []string{
		"material: cut_sandstone facing: A position: [-8, -60, 0]",
		"[material:bone_block facing:x positions:[start:[-12 -60 0] end:[-10 -60 0] start:[-13 -60 1]]]",
		"[material:torch positions:[coords:[-9 -58 -1] facing:N coords:[-10 -58 0] facing:W]]",
		"[material:gravel facing:A shape:rectangle corners:[[-12 -60 2] [-10 -60 2] [-12 -60 3] [-10 -60 3]] missing:[[-11 -60 3]]]",
		"[material:sand facing:A layers:[height:-59 shape:rectangle corners:[[-9 -59 5] [-8 -59 5]] height:-58 corners:[[-9 -58 5] [-9 -58 5]]]]",
		"[name:lantern facing:A position:[-8 -59 0] name:composter facing:A position:[-8 -57 0]]",
		"[material:obsidian facing:A positions:[start:[-14 -60 -3] end:[-14 -60 -3] single:[-15 -60 -3]]]",
		"material: grass facing: A position: [-12, -60, 2]", // later than the gravel rectangle
	}
	got, err := ParseDescription(lines)
	if err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{"obsidian", [3]int{-15, -60, -3}, Any}, {"obsidian", [3]int{-14, -60, -3}, Any},
		{"cut_sandstone", [3]int{-8, -60, 0}, Any},
		{"bone_block", [3]int{-12, -60, 0}, AxisX}, {"bone_block", [3]int{-11, -60, 0}, AxisX}, {"bone_block", [3]int{-10, -60, 0}, AxisX},
		{"bone_block", [3]int{-13, -60, 1}, AxisX},
		{"short_grass", [3]int{-12, -60, 2}, Any}, {"gravel", [3]int{-11, -60, 2}, Any}, {"gravel", [3]int{-10, -60, 2}, Any},
		{"gravel", [3]int{-12, -60, 3}, Any}, {"gravel", [3]int{-10, -60, 3}, Any},
		{"wall_torch", [3]int{-9, -58, -1}, North}, {"wall_torch", [3]int{-10, -58, 0}, West},
		{"lantern", [3]int{-8, -59, 0}, Any},
		{"sand", [3]int{-9, -59, 5}, Any}, {"sand", [3]int{-8, -59, 5}, Any},
		{"sand", [3]int{-9, -58, 5}, Any},
		{"composter", [3]int{-8, -57, 0}, Any},
	}
	slices.SortFunc(want, CompareBlocks)
	if d := diffBlocks(got, want); d != "" {
		t.Errorf("%s\ngot  %v\nwant %v", d, got, want)
	}
	for line, msg := range map[string]string{
		"":                          "empty line",
		"[material:stone facing:A]": "stone: no cells",
		"[material:stone facing:A colour:[1 2 3]]":                                           `unknown key "colour"`,
		"[material:stone positions:[[1 2 3]]]":                                               "no facing",
		"[material:stone facing:A position:[1 2]]":                                           "position: expected a cell [x y z]",
		"[material:stone facing:A position:[1 b 3]]":                                         `cell coordinate "b" is not a whole number`,
		"[material:stone facing:Q position:[1 2 3]]":                                         `facing "Q"`,
		"[material:stone facing:A positions:[end:[1 2 3]]]":                                  "an entry without a cell (end)",
		"[material:stone positions:[pos:[1 2 3] facing:N coords:[1 2 4] facing:W]]":          "an entry without a cell (facing)",
		"[material:stone facing:A positions:[pos:[1 2 3] end:[1 2 4]]]":                      "end without start",
		"[material:stone facing:A position:[1 2 3]] extra":                                   "text after the closing ]",
		"[facing:A position:[1 2 3]]":                                                        "no material",
		"[[1 2 3]]":                                                                          "found a bare value",
		"[material:stone facing:A positions:[tip:[1 2 3]]]":                                  `unknown key "tip"`,
		"[material:stone facing:A corners:[[1 2 3]]]":                                        "corners: expected two or more cells",
		"[material:stone facing:A positions:[start:[-30000000 -60 0] end:[30000000 -60 0]]]": "positions: the box [-30000000 -60 0] to [30000000 -60 0] holds 60000001 cells, more than the construction site's 31941",
		"[material:stone facing:A corners:[[0 0 0] [900 900 900]]]":                          "corners: the box",
		"[material:stone facing:A corners:[[1 2 3] [1 2 3]] missing:x]":                      "missing: expected a list",
	} {
		_, err := ParseDescription([]string{"material: dirt facing: A position: [0, 0, 0]", line})
		if err == nil || !strings.Contains(err.Error(), msg) || !strings.HasPrefix(err.Error(), "villagerbench: description[1]: ") {
			t.Errorf("%q: got %v, want description[1] and %q", line, err, msg)
		}
	}
}

// TestDescribeReadsBack: the text Describe writes for any blueprint, the
// paper's included, reads back as the same blocks.
func TestDescribeReadsBack(t *testing.T) {
	for _, bp := range Paper() {
		text := Describe(bp.Blocks)
		got, err := ParseDescription(text)
		if err != nil {
			t.Fatalf("%s: %v\n%s", bp.ID, err, strings.Join(text, "\n"))
		}
		if d := diffBlocks(got, bp.Blocks); d != "" {
			t.Fatalf("%s: %s\n%s", bp.ID, d, strings.Join(text, "\n"))
		}
	}
	text := Describe([]Block{
		{"stone", [3]int{-9, -60, 0}, Any}, {"stone", [3]int{-8, -60, 0}, Any},
		{"stone", [3]int{-9, -60, 1}, Any}, {"stone", [3]int{-8, -60, 1}, Any},
		{"stone", [3]int{-6, -60, 1}, Any},
		{"wall_torch", [3]int{-9, -59, -1}, North},
	})
	want := []string{
		"[material:stone facing:A positions:[start:[-9 -60 0] end:[-8 -60 1]]]",
		"[material:stone facing:A positions:[[-6 -60 1]]]",
		"material: torch facing: N position: [-9, -59, -1]",
	}
	if !slices.Equal(text, want) {
		t.Errorf("Describe:\n%s\nwant\n%s", strings.Join(text, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzParseDescription: any text is read or refused, never a panic, and
// blocks read from it (of known names) are written by Describe as text
// that reads back the same.
func FuzzParseDescription(f *testing.F) {
	for _, bp := range Paper()[:20] {
		for _, line := range bp.Description {
			f.Add(line)
		}
	}
	f.Add("[material:stone facing:A positions:[start:[1 2 3]")
	f.Add("[[[]]] ] [ material: :")
	f.Fuzz(func(t *testing.T, line string) {
		blocks, err := ParseDescription([]string{line})
		if err != nil {
			return
		}
		for _, b := range blocks {
			if !mcdata.IsBlock(b.Name) {
				return
			}
		}
		again, err := ParseDescription(Describe(blocks))
		if err != nil || diffBlocks(again, blocks) != "" {
			t.Errorf("%q: %v does not read back from %q: %v %s", line, blocks, Describe(blocks), err, diffBlocks(again, blocks))
		}
	})
}
