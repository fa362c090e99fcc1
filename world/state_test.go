package world

import (
	"strings"
	"testing"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
)

// stateWorld is a construction world whose first agent holds what the
// state tests place, standing near the site.
func stateWorld(t *testing.T) (*World, *Session) {
	t.Helper()
	bp := &blueprints.Blueprint{Levels: []blueprints.Level{{Level: 0, Coordinates: [3]int{0, -60, 0},
		Placement: [][]string{{"stone", "stone", "stone", "stone"}, {"stone", "stone", "stone", "stone"}}}}}
	task := constructionTask(t, bp)
	task.InitialInventory["0"] = map[string]int{"stone": 16, "oak_stairs": 4, "spruce_door": 2, "torch": 2, "oak_log": 2, "oak_trapdoor": 2}
	w := mustBuild(t, task, 1, Options{})
	s, err := w.NewSession(w.Agents()[0])
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

func TestPlaceBlockState(t *testing.T) {
	w, s := stateWorld(t)
	north, east := mcdata.State{Facing: "north"}, mcdata.State{Facing: "east"}
	if !s.PlaceBlockState("oak_stairs", Pos{0, -60, 0}, east) {
		t.Fatalf("placing a stair failed: %s", s.Output())
	}
	if got := w.StateAt(0, -60, 0); got != east || w.BlockAt(0, -60, 0) != "oak_stairs" {
		t.Errorf("stair: %s%s, want oak_stairs%s", w.BlockAt(0, -60, 0), got, east)
	}
	// MINDcraft's placeBlock gives no orientation.
	if !s.PlaceBlock("oak_stairs", Pos{1, -60, 0}) || !w.StateAt(1, -60, 0).IsZero() {
		t.Errorf("placeBlock without a facing: state %v, want none", w.StateAt(1, -60, 0))
	}
	// A log holds an axis; a facing on a block without one is dropped.
	if !s.PlaceBlockState("oak_log", Pos{2, -60, 0}, mcdata.State{Axis: "x"}) || w.StateAt(2, -60, 0) != (mcdata.State{Axis: "x"}) {
		t.Errorf("log: state %v, want axis x", w.StateAt(2, -60, 0))
	}
	if !s.PlaceBlockState("stone", Pos{3, -60, 0}, north) || !w.StateAt(3, -60, 0).IsZero() {
		t.Errorf("stone placed facing north holds %v, want no state", w.StateAt(3, -60, 0))
	}
	// A door's halves share its facing; breaking it clears both.
	if !s.PlaceBlockState("spruce_door", Pos{0, -60, 1}, north) {
		t.Fatalf("placing a door failed: %s", s.Output())
	}
	for _, y := range []int{-60, -59} {
		if w.BlockAt(0, y, 1) != "spruce_door" || w.StateAt(0, y, 1) != north {
			t.Errorf("door half at y %d: %s%s, want spruce_door%s", y, w.BlockAt(0, y, 1), w.StateAt(0, y, 1), north)
		}
	}
	// A torch placed facing a side hangs on the wall.
	if !s.PlaceBlockState("torch", Pos{1, -59, 0}, east) {
		t.Fatalf("placing a torch failed: %s", s.Output())
	}
	if w.BlockAt(1, -59, 0) != "wall_torch" || w.StateAt(1, -59, 0) != east {
		t.Errorf("torch facing east: %s%s, want wall_torch%s", w.BlockAt(1, -59, 0), w.StateAt(1, -59, 0), east)
	}
	if strings.Contains(s.Output(), "wall_torch") || w.Agent(w.Agents()[0]).inv.Count("torch") != 1 {
		t.Errorf("the log names the item placed and the torch leaves the inventory: %q", s.Output())
	}
	// Turning either half turns the door.
	if err := w.SetBlockState(Pos{0, -59, 1}, "spruce_door", mcdata.State{Facing: "west"}); err != nil {
		t.Fatal(err)
	}
	if w.StateAt(0, -60, 1).Facing != "west" || w.StateAt(0, -59, 1).Facing != "west" {
		t.Errorf("door turned by its top half: %v below, %v above", w.StateAt(0, -60, 1), w.StateAt(0, -59, 1))
	}
	if !s.BreakBlockAt(Pos{0, -60, 1}) {
		t.Fatalf("breaking the door failed: %s", s.Output())
	}
	for _, y := range []int{-60, -59} {
		if !w.StateAt(0, y, 1).IsZero() || w.BlockAt(0, y, 1) != "air" {
			t.Errorf("after breaking the door, y %d holds %s%s", y, w.BlockAt(0, y, 1), w.StateAt(0, y, 1))
		}
	}
	// Turning a block means breaking it and placing it again: placing over
	// the same block says it is there, as MINDcraft does, and keeps its facing.
	if s.PlaceBlockState("oak_stairs", Pos{0, -60, 0}, north) || w.StateAt(0, -60, 0) != east {
		t.Errorf("placing over a stair turned it to %v", w.StateAt(0, -60, 0))
	}
}

func TestSetBlockState(t *testing.T) {
	w, _ := stateWorld(t)
	p := Pos{5, -60, 5}
	if err := w.SetBlockState(p, "oak_trapdoor", mcdata.State{Facing: "up"}); err == nil || !strings.Contains(err.Error(), "facing=up") {
		t.Errorf("SetBlockState with a facing the block does not take: %v", err)
	}
	if w.BlockAt(5, -60, 5) != "air" {
		t.Errorf("a refused SetBlockState changed the world: %s", w.BlockAt(5, -60, 5))
	}
	if err := w.SetBlockState(p, "oak_trapdoor", mcdata.State{Facing: "west"}); err != nil {
		t.Fatal(err)
	}
	// The same block turned in place, then replaced: the state goes with it.
	if err := w.SetBlockState(p, "oak_trapdoor", mcdata.State{Facing: "south"}); err != nil || w.StateAt(5, -60, 5).Facing != "south" {
		t.Errorf("turning in place: %v, state %v", err, w.StateAt(5, -60, 5))
	}
	w.SetBlock(p, "stone")
	if !w.StateAt(5, -60, 5).IsZero() {
		t.Errorf("stone over a trapdoor kept its state %v", w.StateAt(5, -60, 5))
	}
	// Ground laid over a cell with a state clears it too.
	if err := w.SetBlockState(p, "oak_log", mcdata.State{Axis: "z"}); err != nil {
		t.Fatal(err)
	}
	w.blocks.fillLayer(0, 0, 10, 10, -60, "dirt")
	if !w.StateAt(5, -60, 5).IsZero() || w.BlockAt(5, -60, 5) != "dirt" {
		t.Errorf("after fillLayer: %s%s", w.BlockAt(5, -60, 5), w.StateAt(5, -60, 5))
	}
}
