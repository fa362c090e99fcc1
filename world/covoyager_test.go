package world

import (
	"testing"

	"collabcraft/procgen"
)

// TestCoVoyagerArenas: every generated arena, test and train, builds with
// its chest empty in the middle, its ores and trees, the cooking family's
// prey, and the agents standing free; the score is the share of the count
// in the chest, not in anyone's hands.
func TestCoVoyagerArenas(t *testing.T) {
	for _, split := range []string{procgen.SplitTest, procgen.SplitTrain} {
		tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: 3, N: 30}})
		if err != nil {
			t.Fatal(err)
		}
		for k, task := range tasks {
			w := mustBuild(t, task, task.Seed+uint64(k%3), Options{})
			chest, ok := w.HandoverChest()
			if !ok || w.BlockAt(chest.X, chest.Y, chest.Z) != "chest" || len(w.ChestCounts(chest)) != 0 {
				t.Fatalf("%s: no empty chest at %v", task.ID, chest)
			}
			count := map[string]int{}
			x0, z0 := w.coVoyagerCorner()
			s := task.CoVoyager
			for x := x0; x < x0+s.Arena[0]; x++ {
				for z := z0; z < z0+s.Arena[1]; z++ {
					for y := chest.Y; y < chest.Y+2; y++ {
						count[w.BlockAt(x, y, z)]++
					}
				}
			}
			for _, b := range []string{"cobblestone", "iron_ore", "diamond_ore", "redstone_ore", "coal_ore"} {
				if count[b] < 3 {
					t.Errorf("%s: %d %s in the arena", task.ID, count[b], b)
				}
			}
			logs := 0
			for b, n := range count {
				if len(b) > 4 && b[len(b)-4:] == "_log" {
					logs += n
				}
			}
			if logs < 2*s.Trees {
				t.Errorf("%s: %d logs within 2 blocks of the ground for %d trees", task.ID, logs, s.Trees)
			}
			if mob := procgen.CoVoyagerMobs[s.Target]; mob != "" {
				prey := 0
				for _, e := range w.Entities() {
					if e.Name == mob {
						prey++
					}
				}
				if prey < s.Count+1 {
					t.Errorf("%s: %d %s for %d", task.ID, prey, mob, s.Count)
				}
			}
			for _, a := range w.agents {
				p := a.Pos()
				if b := w.BlockAt(int(p.X), int(p.Y), int(p.Z)); b != "air" {
					t.Errorf("%s: %s spawns in %s", task.ID, a.Name, b)
				}
			}
			w.agents[0].inv.Add(s.Target, s.Count)
			if w.Score() != 0 {
				t.Errorf("%s: score %v with the target held, not in the chest", task.ID, w.Score())
			}
			w.containers[chest].Inv.Add(s.Target, 1)
			if want := 1 / float64(s.Count); w.Score() != want || w.Success() != (s.Count == 1) {
				t.Errorf("%s: one in the chest: score %v, want %v", task.ID, w.Score(), want)
			}
		}
	}
}
