package blueprints

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// handHouse builds rooms into a grid with the generator's own steps but
// no randomness: the lower room always, the upper one when asked.
func handHouse(t *testing.T, upper, stairs bool) (*builder, []Room) {
	t.Helper()
	b := &builder{opts: HouseOptions{}, rng: rand.New(rand.NewPCG(1, 2)), s: 12, g: newGrid(12, 12, 12), reserved: map[[3]int]bool{}}
	for r := range 12 {
		for c := range 12 {
			b.g.set(0, r, c, "stone")
		}
	}
	low := Room{Level: 0, Row: 2, Col: 2, Rows: 6, Cols: 6, Height: 4, Material: "stone", Parent: -1}
	b.addRoom(low)
	if upper {
		up := Room{Level: 3, Row: 2, Col: 2, Rows: 6, Cols: 6, Height: 4, Material: "terracotta", Direction: "above"}
		st := b.planStairs(low, up)
		if st == nil {
			t.Fatal("no staircase fits a 6x6 room")
		}
		b.addRoom(up)
		if stairs {
			b.buildStairs(st, up.Material)
		}
	}
	return b, b.rooms
}

func TestReachabilityDoorsAndStairs(t *testing.T) {
	origin := [3]int{0, 0, 0}
	// A closed box: nobody gets in.
	b, rooms := handHouse(t, false, false)
	err := CheckRooms(b.g.toBlueprint(origin), rooms)
	if err == nil || !strings.Contains(err.Error(), "room 0") || !strings.Contains(err.Error(), "not reachable on foot") {
		t.Fatalf("sealed room: error %v", err)
	}
	// A door in the wall lets you in.
	b.door(0, 4, 2)
	if err := CheckRooms(b.g.toBlueprint(origin), rooms); err != nil {
		t.Fatalf("room with a door: %v", err)
	}
	// A one-high hole is not a way in: the door must give two blocks of headroom.
	b, rooms = handHouse(t, false, false)
	b.g.set(1, 4, 2, Air)
	if err := CheckRooms(b.g.toBlueprint(origin), rooms); err == nil {
		t.Fatal("a one-block hole counted as an entrance")
	}

	// Upper room without stairs: unreachable; with them: reachable. Doors
	// on all four sides, so the staircase cannot block every way in.
	fourDoors := func(b *builder) {
		b.door(0, 4, 2)
		b.door(0, 4, 7)
		b.door(0, 2, 4)
		b.door(0, 7, 4)
	}
	b, rooms = handHouse(t, true, false)
	fourDoors(b)
	if err := CheckRooms(b.g.toBlueprint(origin), rooms); err == nil || !strings.Contains(err.Error(), "room 1") {
		t.Fatalf("upper room without stairs: error %v", err)
	}
	b, rooms = handHouse(t, true, true)
	fourDoors(b)
	bp := b.g.toBlueprint(origin)
	if err := CheckRooms(bp, rooms); err != nil {
		t.Fatalf("upper room with stairs: %v", err)
	}
	// Knock out the top step: a two-block climb is too high.
	for _, lv := range bp.Levels[2:3] {
		for r, row := range lv.Placement {
			for c, name := range row {
				if name == "terracotta" && r > 2 && r < 7 && c > 2 && c < 7 {
					lv.Placement[r][c] = Air
				}
			}
		}
	}
	if err := CheckRooms(bp, rooms); err == nil {
		t.Fatal("stairs missing their top step still counted as climbable")
	}
}

func TestWalkOnImportedShapes(t *testing.T) {
	// A slab; a two-high pillar; a low ceiling over the cell before the
	// last one; and a step up at the end, which is stairs or a full block.
	build := func(last string) *Blueprint {
		return &Blueprint{Levels: []Level{
			{Level: 0, Coordinates: [3]int{0, 0, 0}, Placement: [][]string{{"stone", "stone", "stone", "stone"}}},
			{Level: 1, Coordinates: [3]int{0, 1, 0}, Placement: [][]string{{"air", "stone", "air", last}}},
			{Level: 2, Coordinates: [3]int{0, 2, 0}, Placement: [][]string{{"air", "stone", "air", "air"}}},
			{Level: 3, Coordinates: [3]int{0, 3, 0}, Placement: [][]string{{"air", "air", "stone", "air"}}},
		}}
	}
	w := Walk(build("oak_stairs"))
	if !w.Reachable(0, 1, 0) || !w.Reachable(2, 1, 0) {
		t.Error("cannot stand on the slab")
	}
	if w.Reachable(1, 3, 0) {
		t.Error("climbed a two-block pillar")
	}
	if !w.Reachable(3, 2, 0) {
		t.Error("cannot walk up stairs under a low ceiling")
	}
	// A full block needs a jump, and the ceiling leaves no room for one.
	if Walk(build("stone")).Reachable(3, 2, 0) {
		t.Error("jumped onto a block with no headroom for the jump")
	}
}
