package villagerbench

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"collabcraft/mcdata"
)

func TestSceneOps(t *testing.T) {
	for i, op := range SceneOps() {
		if op.Block != "air" {
			if err := mcdata.CheckState(op.Block, op.State); err != nil {
				t.Errorf("op %d: %v", i, err)
			}
		}
		for a := range 3 {
			if op.From[a] > op.To[a] {
				t.Errorf("op %d: %v..%v is not ordered", i, op.From, op.To)
			}
		}
	}
	for p, want := range map[[3]int]string{
		ChestPos:      "chest",
		SignPos:       "oak_wall_sign",
		Spawn:         "air", // the doorway
		{-5, -59, 0}:  "air",
		{-5, -56, 0}:  "glass", // the antechamber's roof over the doorway
		{-5, -60, 5}:  "glass",
		{-19, -50, 0}: "glass",
		{-12, -61, 0}: "stone_bricks",
		{-12, -60, 0}: "air", // the enclosure
		{-12, -45, 0}: "air",
		{-4, -60, 1}:  "furnace",
		{-3, -59, 3}:  "spruce_planks",
		{-30, -61, 0}: "", // superflat ground, west of the walls
	} {
		if got := SceneBlockAt(p); got != want {
			t.Errorf("scene at %v: %q, want %q", p, got, want)
		}
	}
	if !Enclosure.Contains([3]int{-6, -60, 6}) || Enclosure.Contains([3]int{-5, -60, 0}) || Enclosure.Contains([3]int{-10, -60, 7}) {
		t.Error("the enclosure is the inside of the glass walls")
	}
	for x := Enclosure.Min[0]; x <= Enclosure.Max[0]; x++ {
		for z := Enclosure.Min[2]; z <= Enclosure.Max[2]; z++ {
			if n := SceneBlockAt([3]int{x, -60, z}); n != "air" {
				t.Fatalf("the enclosure's ground layer at %d, %d holds %q", x, z, n)
			}
		}
	}
}

// TestObstructed: eleven of the paper's blueprints reach into the
// enclosure's walls, as VillagerBench's own scene has them.
func TestObstructed(t *testing.T) {
	var ids []string
	for _, bp := range Paper() {
		if o := Obstructed(&bp); len(o) > 0 {
			ids = append(ids, bp.ID)
			for _, b := range o {
				if SceneBlockAt(b.Position) != "glass" {
					t.Errorf("%s: %s at %v is in %s", bp.ID, b.Name, b.Position, SceneBlockAt(b.Position))
				}
			}
		}
	}
	want := []string{"task_60", "task_61", "task_68", "task_69", "task_70", "task_72", "task_73", "task_78", "task_87", "task_91", "task_98"}
	if !slices.Equal(ids, want) {
		t.Errorf("obstructed: %v, want %v", ids, want)
	}
}

func TestChest(t *testing.T) {
	bp := Paper()[0] // cut_sandstone, terracotta, torch
	loaded, lost := Chest(&bp, false)
	want := []Stack{{0, "dirt", 64}, {1, "dirt", 64}, {2, "ladder", 64}, {3, "ladder", 64}, {4, "cut_sandstone", 64}, {5, "terracotta", 64}, {6, "torch", 64}}
	if !reflect.DeepEqual(loaded, want) || lost != nil {
		t.Errorf("task_0's chest: %v, lost %v; want %v", loaded, lost, want)
	}
	if loaded, _ := Chest(&bp, true); len(loaded) != 6 || slices.ContainsFunc(loaded, func(s Stack) bool { return s.Item == "cut_sandstone" }) {
		t.Errorf("with the factory the sandstone is dug, not given: %v", loaded)
	}
	// The special cases, one block of each.
	var blocks []Block
	for i, name := range []string{"dirt", "potted_cactus", "oak_wall_sign", "white_bed", "white_banner", "wall_torch", "fire", "bedrock"} {
		blocks = append(blocks, Block{name, [3]int{-10 + i, -60, 0}, Any})
	}
	odd := Blueprint{ID: "odd", Blocks: blocks}
	loaded, lost = Chest(&odd, false)
	want = []Stack{
		{0, "dirt", 64}, {1, "dirt", 64}, {2, "dirt", 64}, // 129: a third stack of 64
		{3, "ladder", 64}, {4, "ladder", 64},
		{5, "cactus", 64}, {6, "flower_pot", 64},
		{7, "oak_sign", 64},
		{8, "white_bed", 1},
		{9, "white_banner", 16},
		{10, "torch", 64},
		{12, "bedrock", 1}, // "bed" is in "bedrock"
	}
	if !reflect.DeepEqual(loaded, want) || !reflect.DeepEqual(lost, []Stack{{11, "fire", 64}}) {
		t.Errorf("chest:\n%v\nlost %v\nwant\n%v\nlost fire in slot 11", loaded, lost, want)
	}
	// A potted plant of more than 64 goes on with flower pots, as the code's loop does.
	blocks = nil
	for i := range 70 {
		blocks = append(blocks, Block{"potted_cactus", [3]int{-30 + i%20, -60 + i/20, 0}, Any})
	}
	loaded, _ = Chest(&Blueprint{Blocks: blocks}, false)
	if got := loaded[4:]; !reflect.DeepEqual(got, []Stack{{4, "cactus", 64}, {5, "flower_pot", 64}, {6, "flower_pot", 64}}) {
		t.Errorf("70 potted cacti: %v", got)
	}
	// Past 27 slots the judge's commands fail.
	blocks = nil
	for i, name := range mcdata.Blocks()[:40] {
		if mcdata.IsItem(name) && name != "air" {
			blocks = append(blocks, Block{name, [3]int{-40 + i, -60, 0}, Any})
		}
	}
	loaded, lost = Chest(&Blueprint{Blocks: blocks}, false)
	if len(loaded) != ChestSlots || len(lost) != len(blocks)+4-ChestSlots || lost[0].Slot != ChestSlots {
		t.Errorf("%d materials: %d stacks loaded, %d lost (first %v); want 27 loaded", len(blocks), len(loaded), len(lost), lost[0])
	}
	// Of the paper's 100, only task_57's fire and task_95's sweet berry
	// bush (whose item is sweet_berries) cannot be loaded.
	for _, bp := range Paper() {
		_, lost := Chest(&bp, false)
		switch {
		case bp.ID == "task_57" && reflect.DeepEqual(lost, []Stack{{16, "fire", 64}}):
		case bp.ID == "task_95" && reflect.DeepEqual(lost, []Stack{{7, "sweet_berry_bush", 64}}):
		case lost != nil:
			t.Errorf("%s: lost %v", bp.ID, lost)
		}
	}
}

func TestEndReason(t *testing.T) {
	b := Budgets{ActionSeconds: 300, WallSeconds: 1800}
	s := time.Second
	for _, c := range []struct {
		check Check
		want  string
	}{
		{Check{Elapsed: 100 * s, ActionTime: 80 * s, C: 0.5, VHR: 0.7, LastBest: 90 * s}, ""},
		{Check{Elapsed: 100 * s, ActionTime: 80 * s, C: 1, VHR: 1, LastBest: 90 * s}, EndComplete},
		{Check{Elapsed: 100 * s, ActionTime: 80 * s, C: 1, VHR: 0.9, LastBest: 90 * s}, ""},
		{Check{Elapsed: 400 * s, ActionTime: 301 * s, C: 0.5, LastBest: 90 * s}, EndActionTimeout},
		{Check{Elapsed: 1801 * s, ActionTime: 200 * s, C: 0.5, LastBest: 90 * s}, EndMaxTime},
		{Check{Elapsed: 1801 * s, ActionTime: 301 * s, C: 1, VHR: 1, LastBest: 90 * s}, EndMaxTime}, // written last
		{Check{Elapsed: 1900 * s, ActionTime: 301 * s, C: 0.9, LastBest: 1200 * s}, EndNoGain},
		// No rise for 600 s after one at 610 s ends the trial at 1211 s ...
		{Check{Elapsed: 1211 * s, ActionTime: 200 * s, C: 0.5, LastBest: 610 * s}, EndNoGain},
		{Check{Elapsed: 1210 * s, ActionTime: 200 * s, C: 0.5, LastBest: 610 * s}, ""},
		// ... but C stopping at 500 s leaves it to the budgets.
		{Check{Elapsed: 1801 * s, ActionTime: 200 * s, C: 0.5, LastBest: 500 * s}, EndMaxTime},
		{Check{Elapsed: 850 * s, ActionTime: 200 * s, C: 0.5, LastBest: -5 * s}, ""},
	} {
		if got := EndReason(c.check, b); got != c.want {
			t.Errorf("%+v: %q, want %q", c.check, got, c.want)
		}
	}
	// Within a large budget, C stopping at 500 s never ends the trial.
	long := Budgets{ActionSeconds: 3000, WallSeconds: 3000}
	if got := EndReason(Check{Elapsed: 2900 * s, ActionTime: 200 * s, C: 0.5, LastBest: 500 * s}, long); got != "" {
		t.Errorf("C last rising at 500 s, at 2900 s: %q, want none", got)
	}
	if e := Efficiency(EndComplete, 150*s, b); e != 2 {
		t.Errorf("E = %v, want 300/150", e)
	}
	if Efficiency(EndActionTimeout, 400*s, b) != 1 || Efficiency(EndMaxTime, 0, b) != 1 {
		t.Error("E is 1 on an action time-out and without actions")
	}
}
