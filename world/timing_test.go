package world

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"collabcraft/mcdata"
)

// Mining times are Minecraft's: hardness, the tool's speed and whether it
// can harvest the block (the Minecraft Wiki's breaking-time table).
func TestMiningSeconds(t *testing.T) {
	for _, c := range []struct {
		block, tool string
		want        float64
	}{
		{"stone", "wooden_pickaxe", 1.15}, {"stone", "", 7.5}, {"stone", "iron_pickaxe", 0.4},
		{"oak_log", "", 3}, {"oak_log", "iron_axe", 0.5}, {"dirt", "", 0.75}, {"iron_ore", "stone_pickaxe", 1.15},
		{"obsidian", "diamond_pickaxe", 9.4}, {"wheat", "", 0.05},
	} {
		b, err := mcdata.LookupBlock(c.block)
		if err != nil {
			t.Fatal(err)
		}
		if got := mineSeconds(b, c.tool); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s with %q: %v s, want %v s", c.block, c.tool, got, c.want)
		}
	}
}

// Walking runs at 4.317 blocks/s; crafting is quick; a furnace takes
// 10 s an item, a smoker 5 s, and a station busy with another item is not
// shared.
func TestActionTimes(t *testing.T) {
	task := cookingTask()
	task.InitialInventory = map[string]map[string]int{"0": {"potato": 2, "chicken": 1, "wheat": 3}, "1": {"beef": 1}}
	w := mustBuild(t, task, 5, Options{})
	a := w.Agent("Andy_0")
	start := a.Pos()
	res := do(t, w, "Andy_0", fmt.Sprintf("!goToCoordinates(%v, %v, %v, 0)", start.X+12, start.Y, start.Z))
	if want := 12 / WalkSpeed; math.Abs(res.Duration.Seconds()-want) > 0.01 {
		t.Errorf("walking 12 blocks took %v, want %.2fs: %q", res.Duration, want, res.Output)
	}
	if res := do(t, w, "Andy_0", `!craftRecipe("bread", 1)`); res.Duration > time.Second || res.Failed {
		t.Errorf("crafting bread took %v: %q", res.Duration, res.Output)
	}
	// Both stand in the house, in front of the smoker.
	for _, c := range w.containers {
		if c.Kind == "smoker" {
			a.pos = c.Pos.Add(0, 0, 1).Center()
			w.Agent("Jill_0").pos = a.pos
		}
	}

	// Commands issued at the same moment (the clock is not advanced).
	exec := func(agent, cmd string) CommandResult {
		res, err := w.Execute(agent, cmd)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res = exec("Andy_0", `!smeltItem("potato", 2)`)
	if res.Output != "Code output:\nSuccessfully smelted potato, got 2 baked_potato.\n" || res.Duration != 10200*time.Millisecond {
		t.Errorf("smoker: %q in %v, want 2 items in 10.2s", res.Output, res.Duration)
	}
	res = exec("Jill_0", `!smeltItem("beef", 1)`)
	if res.Output != "Code output:\nSuccessfully smelted beef, got 1 cooked_beef.\n" || res.Duration != 10200*time.Millisecond {
		t.Errorf("with the smoker busy, the furnace: %q in %v, want 1 item in 10.2s", res.Output, res.Duration)
	}
	res = exec("Andy_0", `!smeltItem("chicken", 1)`)
	if !strings.HasSuffix(res.Output, "\nThe furnace is currently smelting potato.\n") {
		t.Errorf("both stations busy: %q", res.Output)
	}
	w.Advance(11 * time.Second)
	if res = exec("Andy_0", `!smeltItem("chicken", 1)`); res.Duration != 5200*time.Millisecond {
		t.Errorf("after the wait the smoker is free: %q in %v", res.Output, res.Duration)
	}
}

// No response keeps a command busy without end: unbreakable blocks and
// fluids are never collected, unreachable ones cost thinking time, and
// the 10-minute collect timeout ends the rest.
func TestCollectLimits(t *testing.T) {
	w := mustBuild(t, cookingTask(), 2, Options{})
	for _, b := range []string{"bedrock", "water"} {
		res := do(t, w, "Andy_0", fmt.Sprintf("!collectBlocks(%q, 5)", b))
		if want := fmt.Sprintf("Code output:\nNo %s nearby to collect.\nCollected 0 %s.\n", b, b); res.Output != want {
			t.Errorf("got %q, want %q", res.Output, want)
		}
	}
	// Shut Andy in a glass box in the air, with scaffolding to spare.
	a := w.Agent("Andy_0")
	a.Inventory().Add("dirt", 64)
	a.pos = a.pos.Add(0, 6, 0)
	q := a.pos.Block()
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			for dy := -1; dy <= 2; dy++ {
				if dx != 0 || dz != 0 || dy == -1 || dy == 2 {
					w.SetBlock(q.Add(dx, dy, dz), "glass")
				}
			}
		}
	}
	res := do(t, w, "Andy_0", `!collectBlocks("wheat", 100000)`)
	if res.Duration > 11*time.Minute || !strings.Contains(res.Output, "Pathfinding stopped") {
		t.Errorf("trapped collect: %v, %q", res.Duration, res.Output)
	}
	// Digging down drops the agent into the shaft it digs.
	b := w.Agent("Jill_0")
	y := b.Pos().Y
	res = do(t, w, "Jill_0", "!digDown(2)")
	if b.Pos().Y != y-2 {
		t.Errorf("after digging 2 down, y = %v, want %v: %q", b.Pos().Y, y-2, res.Output)
	}
}
