package world

import (
	"strings"
	"testing"
)

// MINDcraft's breakBlockAt awaits bot.pathfinder.goto with no catch
// (skills.js:543-549 @0012750), and mineflayer-pathfinder's goto rejects
// with NoPath when the search runs out of cells (lib/goto.js:25-26 and
// lib/astar.js:121 @2.4.5): the error ends the program, as placeBlock's
// walk does (skills.js:719-723), with no "Pathfinding stopped" line (that
// is goToPosition's catch, skills.js:1050-1052), and neither placeBlock's
// "Cannot place ...: block in the way" after it.
func TestBreakBlockAtThrowsNoPath(t *testing.T) {
	w := mustBuild(t, constructionTask(t, houseBlueprint(150, -170)), 4, Options{})
	a := w.Agent("Jill_0")
	p := a.pos.Block()
	for dy := 0; dy <= 2; dy++ { // walled in stone, which her pathfinder does not dig
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				if dx != 0 || dz != 0 || dy == 2 {
					w.setBlock(p.Add(dx, dy, dz), "stone")
				}
			}
		}
	}
	a.inv.Remove("dirt", a.inv.Count("dirt")) // no towering over the wall
	far := p.Add(-6, 0, 0)
	w.setBlock(far, "dirt")
	s, err := w.NewSession("Jill_0")
	if err != nil {
		t.Fatal(err)
	}
	const want = "NoPath: No path to the goal!"
	for _, c := range []struct {
		name string
		call func() bool
	}{
		{"breakBlockAt", func() bool { return s.BreakBlockAt(far) }},
		{"placeBlock air", func() bool { return s.PlaceBlock("air", far) }},
		{"placeBlock glass over dirt", func() bool { a.inv.Add("glass", 1); return s.PlaceBlock("glass", far) }},
	} {
		before := len(s.Output())
		if c.call() {
			t.Fatalf("%s: reached a block out of reach: %s", c.name, s.Output())
		}
		out := s.Output()[before:]
		if got := s.Thrown(); got != want {
			t.Errorf("%s: threw %q, want %q (output %q)", c.name, got, want, out)
		}
		if strings.Contains(out, "Pathfinding stopped") || strings.Contains(out, "Cannot place") {
			t.Errorf("%s: output %q goes on past the throw", c.name, out)
		}
		if w.BlockAt(far.X, far.Y, far.Z) != "dirt" {
			t.Fatalf("%s: the dirt is gone", c.name)
		}
	}
}
