package world

import (
	"testing"

	"collabcraft/procgen"
)

// TestShelterValidator: the validator takes stone for the foundation and
// ceiling and wood for the walls, whatever kind, and nothing else; the
// door gap is not judged; the score is the share of cells in place.
func TestShelterValidator(t *testing.T) {
	spec := procgen.ShelterSpec{Site: [3]int{0, procgen.ShelterFloorY, 0}, Size: 5, Height: 3, Wall: "oak_planks", Stone: "cobblestone"}
	task := procgen.ShelterTask("s", spec, procgen.Options{Split: procgen.SplitTest, Agents: 3})
	if inv := task.InitialInventory; inv["0"]["oak_planks"]+inv["1"]["oak_planks"] != 51 || inv["2"]["cobblestone"] != 55 || len(inv["2"]) != 1 {
		t.Fatalf("inventories %v: two agents with planks, one with stone", inv)
	}
	w := mustBuild(t, task, 1, Options{})
	r, _ := w.ShelterCheck()
	if r.Foundation.Total != 25 || r.Walls.Total != 46 || r.Ceiling.Total != 25 || r.Done() != 0 {
		t.Fatalf("empty plot: %+v", r)
	}
	for _, a := range w.agents {
		if d := a.pos.Z - float64(spec.Site[2]+spec.Size); d < 2 {
			t.Errorf("%s spawns at %v, not south of the plot", a.Name, a.pos)
		}
	}
	for i, c := range w.ShelterCells() {
		b := []string{"stone", "mossy_cobblestone"}[i%2]
		if !c.Stone {
			b = []string{"birch_planks", "spruce_log"}[i%2]
		}
		if c.Part == "ceiling" && c.P.X == 0 {
			b = "dirt" // not stone
		}
		if c.Part == "walls" && c.P.Z == 0 {
			b = "glass" // not wood
		}
		w.SetBlock(c.P, b)
	}
	w.SetBlock(Pos{2, spec.Site[1] + 1, 4}, "oak_door") // the door gap: not judged
	r, _ = w.ShelterCheck()
	if r.Foundation.Done != 25 || r.Walls.Done != 46-15 || r.Ceiling.Done != 20 {
		t.Fatalf("with dirt in the ceiling's west row and glass in the north wall: %+v", r)
	}
	if want := float64(25+31+20) / 96; w.Score() != want {
		t.Errorf("score %v, want %v", w.Score(), want)
	}
}
