package js

import (
	"context"
	"testing"
	"time"

	"collabcraft/procgen"
	"collabcraft/world"
)

// testWorld is a crafting world where Andy_0 holds building blocks.
func testWorld(t testing.TB) *world.World { return testWorldOf(t, 2) }

// clearedWorld is testWorld with Andy_0 alone and the 9x9x6 cells around
// and above him emptied: a lot to build on.
func clearedWorld(t testing.TB) *world.World {
	w := testWorldOf(t, 1)
	p := w.Agent("Andy_0").Pos().Block()
	for x := -1; x <= 7; x++ {
		for z := -1; z <= 7; z++ {
			for y := 0; y < 6; y++ {
				w.SetBlock(p.Add(x, y, z), "air")
			}
		}
	}
	return w
}

// clearedLevelWorld empties a 19x19 lot of three layers beside Andy_0,
// on solid ground, for a 15x15 level.
func clearedLevelWorld(t testing.TB) *world.World {
	w := testWorldOf(t, 1)
	p := w.Agent("Andy_0").Pos().Block()
	for x := -2; x <= 18; x++ {
		for z := -2; z <= 18; z++ {
			w.SetBlock(p.Add(x, -1, z), "stone")
			for y := 0; y < 3; y++ {
				w.SetBlock(p.Add(x, y, z), "air")
			}
		}
	}
	return w
}

func testWorldOf(t testing.TB, agents int) *world.World {
	t.Helper()
	w, err := world.Build(procgen.Task{
		ID: "js_test", Type: procgen.TypeCrafting, AgentCount: agents, Target: procgen.Target{Item: "bookshelf"}, NumberOfTarget: 1,
		InitialInventory: map[string]map[string]int{
			"0": {"dirt": 64, "oak_planks": 200, "torch": 4, "stone": 300, "stone_pickaxe": 1},
			"1": {"book": 1},
		},
		MissingItems: []string{"leather"},
	}, 1, world.Options{Dialect: world.DialectCurrent})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// run executes code for Andy_0 and advances the clock.
// stepOptions are the default limits but a wall-time backstop far past
// what the step limit takes under the race detector on a loaded machine:
// the tests that run programs into the step limit check that limit, not
// the backstop.
var stepOptions = Options{Limits: Limits{Wall: 10 * time.Minute}}

func run(t testing.TB, w *world.World, code string) Result {
	t.Helper()
	res, err := Execute(context.Background(), w, "Andy_0", code, stepOptions)
	if err != nil {
		t.Fatal(err)
	}
	w.Advance(res.Duration)
	return res
}
