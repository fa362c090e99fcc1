package world

import "testing"

// Shared ground sections are copied on write: a change in one world never
// shows in another, and a cached ground equals a freshly laid one.
func TestFillGroundCopyOnWrite(t *testing.T) {
	layers := []string{"bedrock", "stone", "dirt", "grass_block"}
	lay := func(ox int) *blockGrid {
		g := newBlockGrid()
		g.fillGround(ox-20, -20, ox+21, 21, 10, layers)
		return g
	}
	fresh := newBlockGrid()
	fresh.fillLayers(-20+160, -20, 21+160, 21, 10, layers)
	a, b := lay(0), lay(160)
	b.set(Pos{160, 10, 0}, "air")
	b.set(Pos{161, 9, 3}, "diamond_ore")
	c := lay(160)
	for x := -22; x <= 22; x++ {
		for z := -22; z <= 22; z++ {
			for y := 5; y <= 12; y++ {
				want := fresh.name(Pos{x + 160, y, z})
				if got := a.name(Pos{x, y, z}); got != want {
					t.Fatalf("world a at %d,%d,%d: %s, want %s", x, y, z, got, want)
				}
				if got := c.name(Pos{x + 160, y, z}); got != want {
					t.Fatalf("world c at %d,%d,%d: %s, want %s", x+160, y, z, got, want)
				}
			}
		}
	}
	if got := b.name(Pos{160, 10, 0}); got != "air" {
		t.Errorf("world b kept %s where it dug", got)
	}
	if got := b.name(Pos{161, 9, 3}); got != "diamond_ore" {
		t.Errorf("world b: %s, want diamond_ore", got)
	}
	if len(b.positions("diamond_ore")) != 1 || len(a.positions("diamond_ore")) != 0 {
		t.Errorf("diamond_ore index: b %d, a %d; want 1, 0", len(b.positions("diamond_ore")), len(a.positions("diamond_ore")))
	}
}
