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

// TestVoyagerPlacesFromWhereItSees: Voyager's placeItem walks to
// GoalPlaceBlock's goal, not into the structure: a builder south of a 4x4
// plot places the north wall from outside the south wall's row, and a
// teammate standing in a wall cell keeps that cell empty ("the block is
// still air") until a program walks it off with bot.pathfinder.goto.
func TestVoyagerPlacesFromWhereItSees(t *testing.T) {
	spec := procgen.ShelterSpec{Site: [3]int{100, procgen.ShelterFloorY, -40}, Size: 4, Height: 3, Wall: "oak_planks", Stone: "cobblestone"}
	task := procgen.ShelterTask("shelter", spec, procgen.Options{Split: procgen.SplitTrain, Agents: 3})
	w, err := world.Build(task, 2, world.Options{AgentNames: []string{"Andy", "Jill", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	run := func(agent, code string) VoyagerResult {
		t.Helper()
		res, err := ExecuteVoyager(t.Context(), w, agent, "", code, &VoyagerState{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w.Advance(res.Duration)
		return res
	}
	x, y, z := spec.Site[0], spec.Site[1], spec.Site[2]
	var found strings.Builder
	fmt.Fprintf(&found, "for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) await placeItem(bot, 'cobblestone', new Vec3(%d + i, %d, %d + j));\n", x, y, z)
	if res := run("Bob", found.String()); res.Error != "" {
		t.Fatalf("foundation: %q %q", res.Error, res.Chat)
	}
	res := run("Andy", fmt.Sprintf("await placeItem(bot, 'oak_planks', new Vec3(%d, %d, %d));", x+1, y+1, z))
	feet := w.Agent("Andy").Pos().Block()
	if res.Error != "" || w.BlockAt(x+1, y+1, z) != "oak_planks" {
		t.Fatalf("north wall: %q %q", res.Error, res.Chat)
	}
	if feet.Z <= z+3 && feet.X >= x && feet.X <= x+3 {
		t.Errorf("Andy placed the north wall standing at %v, on the plot (z %d to %d)", feet, z, z+3)
	}
	// Jill stands in the south-west corner's wall cell: Andy cannot place there.
	res = run("Jill", fmt.Sprintf("await bot.pathfinder.goto(new GoalNear(%d, %d, %d, 0));", x, y+1, z+3))
	if got := w.Agent("Jill").Pos().Block(); res.Error != "" || got != (world.Pos{X: x, Y: y + 1, Z: z + 3}) {
		t.Fatalf("Jill's goto: at %v, error %q", got, res.Error)
	}
	res = run("Andy", fmt.Sprintf("await placeItem(bot, 'oak_planks', new Vec3(%d, %d, %d));", x, y+1, z+3))
	if chat := strings.Join(res.Chat, "\n"); !strings.Contains(chat, "No block has been placed : the block is still air") {
		t.Fatalf("placing into Jill's cell: %q", chat)
	}
	res = run("Jill", fmt.Sprintf("await bot.pathfinder.goto(new GoalXZ(%d, %d));", x-3, z+6))
	if got := w.Agent("Jill").Pos().Block(); res.Error != "" || got.X != x-3 || got.Z != z+6 {
		t.Fatalf("Jill's GoalXZ: at %v, error %q", got, res.Error)
	}
	res = run("Andy", fmt.Sprintf("await placeItem(bot, 'oak_planks', new Vec3(%d, %d, %d));", x, y+1, z+3))
	if res.Error != "" || w.BlockAt(x, y+1, z+3) != "oak_planks" {
		t.Fatalf("placing after Jill left: %q %q", res.Error, res.Chat)
	}
	if res := run("Jill", "await bot.pathfinder.goto({x: 1, y: 2, z: 3});"); !strings.Contains(res.Error, "bot.pathfinder.goto takes a goal") {
		t.Errorf("goto without a goal: %q", res.Error)
	}
}
