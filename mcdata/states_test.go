package mcdata

import (
	"slices"
	"strings"
	"testing"
)

func TestBlockStates(t *testing.T) {
	horizontal := []string{"north", "south", "west", "east"}
	for _, name := range []string{"oak_stairs", "oak_trapdoor", "spruce_door", "ladder", "oak_wall_sign", "wall_torch", "chest", "furnace", "white_bed"} {
		b, err := LookupBlock(name)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(b.Facings, horizontal) || b.Axes != nil {
			t.Errorf("%s: facings %v, axes %v; want %v and none", name, b.Facings, b.Axes, horizontal)
		}
	}
	for _, name := range []string{"oak_log", "bone_block", "purpur_pillar", "hay_block", "stripped_spruce_wood"} {
		if b, _ := LookupBlock(name); !slices.Equal(b.Axes, []string{"x", "y", "z"}) || b.Facings != nil {
			t.Errorf("%s: axes %v, facings %v; want x, y, z and none", name, b.Axes, b.Facings)
		}
	}
	for _, name := range []string{"stone", "torch", "oak_sign", "oak_fence", "lantern"} {
		if b, _ := LookupBlock(name); b.Facings != nil || b.Axes != nil {
			t.Errorf("%s: facings %v, axes %v; want none", name, b.Facings, b.Axes)
		}
	}
	if b, _ := LookupBlock("observer"); len(b.Facings) != 6 {
		t.Errorf("observer faces %v, want all 6 directions", b.Facings)
	}
	b, _ := LookupBlock("oak_stairs")
	b.Facings[0] = "up"
	if again, _ := LookupBlock("oak_stairs"); again.Facings[0] != "north" {
		t.Error("LookupBlock shares Facings with the data")
	}
}

func TestCheckState(t *testing.T) {
	for _, c := range []struct {
		block string
		s     State
		err   string // "" = valid
	}{
		{"oak_stairs", State{Facing: "east"}, ""},
		{"oak_log", State{Axis: "x"}, ""},
		{"stone", State{}, ""},
		{"stone", State{Facing: "north"}, "block stone has no facing property (facing=north)"},
		{"oak_stairs", State{Facing: "up"}, "block oak_stairs: facing=up, expected one of north, south, west, east"},
		{"oak_log", State{Facing: "north"}, "block oak_log has no facing property"},
		{"oak_stairs", State{Axis: "y"}, "block oak_stairs has no axis property (axis=y)"},
		{"oak_log", State{Axis: "w"}, "axis=w, expected one of x, y, z"},
		{"stairs_of_oak", State{}, `unknown block "stairs_of_oak"`},
	} {
		err := CheckState(c.block, c.s)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("CheckState(%s, %v) = %v, want nil", c.block, c.s, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("CheckState(%s, %v) = %v, want an error with %q", c.block, c.s, err, c.err)
		}
	}
}

func TestStateString(t *testing.T) {
	for s, want := range map[State]string{
		{}:                          "",
		{Facing: "north"}:           "[facing=north]",
		{Axis: "y"}:                 "[axis=y]",
		{Facing: "east", Axis: "z"}: "[facing=east,axis=z]",
	} {
		if got := s.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", s, got, want)
		}
	}
}

func TestWallVariants(t *testing.T) {
	for block, wall := range map[string]string{
		"torch": "wall_torch", "redstone_torch": "redstone_wall_torch", "soul_torch": "soul_wall_torch",
		"oak_sign": "oak_wall_sign", "dark_oak_sign": "dark_oak_wall_sign", "white_banner": "white_wall_banner",
		"skeleton_skull": "skeleton_wall_skull", "tube_coral_fan": "tube_coral_wall_fan",
	} {
		if got, ok := WallVariant(block); !ok || got != wall {
			t.Errorf("WallVariant(%s) = %q, %v; want %q", block, got, ok, wall)
		}
		if got, ok := StandingOf(wall); !ok || got != block {
			t.Errorf("StandingOf(%s) = %q, %v; want %q", wall, got, ok, block)
		}
	}
	// Blocks that face already, or have no wall form, have no variant.
	for _, block := range []string{"oak_stairs", "stone", "ladder", "wall_torch", "cobblestone_wall", "nope"} {
		if w, ok := WallVariant(block); ok {
			t.Errorf("WallVariant(%s) = %q, want none", block, w)
		}
	}
	for _, wall := range []string{"cobblestone_wall", "oak_sign", "stone"} {
		if b, ok := StandingOf(wall); ok {
			t.Errorf("StandingOf(%s) = %q, want none", wall, b)
		}
	}
	// Every wall variant of the data is reached from its standing block.
	n := 0
	for _, name := range Blocks() {
		if strings.Contains(name, "wall_") {
			if b, ok := StandingOf(name); ok {
				n++
				if w, _ := WallVariant(b); w != name {
					t.Errorf("StandingOf(%s) = %s, whose wall variant is %q", name, b, w)
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("%d wall variants found, expected the torches, signs, banners, heads and coral fans (40+)", n)
	}
}
