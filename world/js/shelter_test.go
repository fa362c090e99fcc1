package js

import (
	"fmt"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/world"
)

// TestVoyagerBuildsShelter builds a shelter task's whole structure with
// Voyager's placeItem, cell by cell in the validator's order (foundation,
// walls bottom up, ceiling): every cell has a block to be placed against,
// the inventory the task deals is enough, and the score climbs to 1.
func TestVoyagerBuildsShelter(t *testing.T) {
	spec := procgen.ShelterSpec{Site: [3]int{100, procgen.ShelterFloorY, -40}, Size: 4, Height: 3, Wall: "spruce_planks", Stone: "stone_bricks"}
	task := procgen.ShelterTask("shelter", spec, procgen.Options{Split: procgen.SplitTrain, Agents: 1})
	if ps := procgen.ValidateTask(&task); len(ps) > 0 {
		t.Fatal(ps)
	}
	w, err := world.Build(task, 2, world.Options{Dialect: world.DialectCurrent})
	if err != nil {
		t.Fatal(err)
	}
	if w.Score() != 0 {
		t.Fatalf("score %v before building", w.Score())
	}
	cells := w.ShelterCells()
	st := &VoyagerState{}
	var code strings.Builder
	for i, c := range cells {
		item := spec.Wall
		if c.Stone {
			item = spec.Stone
		}
		fmt.Fprintf(&code, "await placeItem(bot, %q, new Vec3(%d, %d, %d));\n", item, c.P.X, c.P.Y, c.P.Z)
		if c.Part != cells[min(i+1, len(cells)-1)].Part || i == len(cells)-1 {
			res := runVoyager(t, w, st, code.String())
			if res.Error != "" || strings.Contains(strings.Join(res.Chat, "\n"), "floating") {
				t.Fatalf("%s: error %q, chat %q", c.Part, res.Error, res.Chat)
			}
			r, _ := w.ShelterCheck()
			t.Logf("after the %s: %+v, score %.3f", c.Part, r, w.Score())
			code.Reset()
		}
	}
	r, ok := w.ShelterCheck()
	f, wl, c := spec.Cells()
	if !ok || r.Foundation != (world.ShelterPart{Done: f, Total: f}) || r.Walls != (world.ShelterPart{Done: wl, Total: wl}) || r.Ceiling != (world.ShelterPart{Done: c, Total: c}) || !w.Success() {
		t.Fatalf("built: %+v, score %v", r, w.Score())
	}
}
