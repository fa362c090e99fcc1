package world

import "testing"

// TestBuilderGoesDownTheStairwell: a builder in a house's closed upper
// room gets out the way it came up, down the stair hole in the floor.
// mineflayer-pathfinder stands on no block's edge: over a hole its
// forward move would bridge and its drop-down move falls through
// (movements.js getMoveForward, getMoveDropDown, 2.4.5). The simulator
// lets a body stand over a hole beside a floor cell, and that cell used
// to be a plain step with no drop from it: a builder that went up the
// stairs, or towered into an upper room, found "No path to the goal!"
// on every walk out and repaired from inside till the timeout (issue 28:
// the seed-5 preset's materials_0_rooms_1_window_0_carpet_0_variant_54,
// both builders shut in the top room from 485 s).
func TestBuilderGoesDownTheStairwell(t *testing.T) {
	w := mustBuild(t, constructionTask(t, houseBlueprint(150, -170)), 11, Options{})
	// Beside the site: a lower room open to the east, a stone floor at
	// y -56 with a hole of two cells over a stair block, and a closed
	// upper room (walls two high, a roof).
	for x := 158; x <= 162; x++ {
		for z := -170; z <= -166; z++ {
			w.blocks.set(Pos{x, -56, z}, "stone")
			w.blocks.set(Pos{x, -53, z}, "stone")
			if x == 158 || x == 162 || z == -170 || z == -166 {
				w.blocks.set(Pos{x, -55, z}, "stone")
				w.blocks.set(Pos{x, -54, z}, "stone")
			}
		}
	}
	w.blocks.set(Pos{160, -56, -168}, "air")
	w.blocks.set(Pos{160, -56, -167}, "air")
	w.blocks.set(Pos{160, -58, -168}, "stone")
	start, out := Pos{159, -55, -169}, Pos{166, -60, -168}
	if !w.standable(start) {
		t.Fatalf("%v is not a place to stand", start)
	}
	search := func() (path, string) {
		w.thinkBudget = thinkBudget
		return w.findPath(start, near(out, 0), ability{scaffold: 64})
	}
	p, err := search()
	if err != "" || p.end != out {
		t.Fatalf("from the upper room: %q, ending at %v; want a path down the stairwell to %v", err, p.end, out)
	}
	if len(p.scaffold) > 0 || len(p.dug) > 0 {
		t.Errorf("the way down placed %v and dug %v; want neither", p.scaffold, p.dug)
	}
	// Where the world does not let agents drop down holes, the room is
	// closed (the simulator as it was for builders).
	w.holeDrops = false
	if _, err := search(); err != errNoPath {
		t.Errorf("without hole drops: %q, want %q", err, errNoPath)
	}
}
