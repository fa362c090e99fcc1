package js

import (
	"fmt"
	"testing"

	"collabcraft/mcdata"
)

// TestPlaceOnFacing: skills.placeBlock's placeOn turns the blocks
// MINDcraft writes a facing for (skills.js placeBlock's cheat branch):
// stairs, ladders and wall torches face away from the side they are
// placed on, a torch on the bottom stands, and a block MINDcraft writes
// nothing for (oak_planks, a trapdoor) holds no state whatever the side,
// and one with an axis holds the default, y.
func TestPlaceOnFacing(t *testing.T) {
	cases := []struct {
		item, placeOn string
		block         string
		want          mcdata.State
	}{
		{"oak_stairs", "north", "oak_stairs", mcdata.State{Facing: "south"}},
		{"oak_stairs", "south", "oak_stairs", mcdata.State{Facing: "north"}},
		{"oak_stairs", "east", "oak_stairs", mcdata.State{Facing: "west"}},
		{"oak_stairs", "west", "oak_stairs", mcdata.State{Facing: "east"}},
		{"oak_stairs", "", "oak_stairs", mcdata.State{Facing: "east"}}, // the default, bottom
		{"ladder", "south", "ladder", mcdata.State{Facing: "north"}},
		{"torch", "east", "wall_torch", mcdata.State{Facing: "west"}},
		{"torch", "side", "wall_torch", mcdata.State{Facing: "north"}},
		{"torch", "bottom", "torch", mcdata.State{}},
		{"stone_button", "north", "stone_button", mcdata.State{Facing: "south"}},
		{"oak_planks", "north", "oak_planks", mcdata.State{}},
		{"oak_trapdoor", "north", "oak_trapdoor", mcdata.State{}},
		{"oak_log", "north", "oak_log", mcdata.State{Axis: "y"}},
		{"bone_block", "", "bone_block", mcdata.State{Axis: "y"}},
	}
	for _, c := range cases {
		t.Run(c.item+"_"+c.placeOn, func(t *testing.T) {
			w := clearedWorld(t)
			a := w.Agent("Andy_0")
			a.Inventory().Add(c.item, 1)
			p := a.Pos().Block().Add(3, 0, 3)
			w.SetBlock(p.Add(0, 0, -1), "stone") // something to lean on
			arg := ""
			if c.placeOn != "" {
				arg = fmt.Sprintf(", %q", c.placeOn)
			}
			res := run(t, w, fmt.Sprintf("const ok = await skills.placeBlock(bot, %q, %d, %d, %d%s);\nif (!ok) throw new Error('not placed');", c.item, p.X, p.Y, p.Z, arg))
			if res.Kind != Finished {
				t.Fatalf("%v: %s", res.Kind, res.Message)
			}
			if got := w.BlockAt(p.X, p.Y, p.Z); got != c.block {
				t.Errorf("placed %s, want %s", got, c.block)
			}
			if got := w.StateAt(p.X, p.Y, p.Z); got != c.want {
				t.Errorf("state %+v, want %+v", got, c.want)
			}
		})
	}
}
