package world

import (
	"math"
	"testing"
	"time"

	"collabcraft/procgen"
)

// TestCollectionWorlds: for each material and distance, the world holds
// enough of the material for its quantity, none of it nearer the spawn
// than the distance, iron ore only three or more blocks under the grass,
// and every stone and ore block within 4 blocks of a cell an agent can
// stand in (the world's collecting does not dig for a block); the score
// is the share of the quantity the team holds.
func TestCollectionWorlds(t *testing.T) {
	for _, m := range procgen.CollectionMaterials {
		for _, d := range procgen.CollectionDistances {
			s := procgen.CollectionSpec{Material: m, Quantity: 100, Distance: d}
			task := procgen.CollectionTask("c", s, procgen.Options{Split: procgen.SplitTest, Agents: 3})
			w := mustBuild(t, task, uint64(d), Options{})
			spawn := w.spawns[0]
			source := map[string][]string{
				procgen.MaterialLogs:   {"oak_log", "birch_log", "spruce_log"},
				procgen.MaterialStones: {"stone", "coal_ore", "iron_ore"},
				procgen.MaterialIron:   {"iron_ore"},
			}[m]
			n := 0
			nearest := math.Inf(1)
			for _, name := range source {
				for p := range w.blocks.positions(name) {
					n++
					dx, dz := float64(p.X-spawn.X), float64(p.Z-spawn.Z)
					nearest = min(nearest, math.Hypot(dx, dz))
				}
			}
			if n < 110 || nearest < float64(d)-3 {
				t.Errorf("%d %s at %d: %d source blocks, the nearest %.1f from the spawn", s.Quantity, m, d, n, nearest)
			}
			for _, name := range []string{"stone", "coal_ore", "iron_ore"} {
				for p := range w.blocks.positions(name) {
					if name == "iron_ore" && p.Y > collectionGround-3 {
						t.Fatalf("%s at %d: iron ore at %v, not underground", m, d, p)
					}
					if !w.reachable(p) {
						t.Fatalf("%s at %d: %s at %v is out of every standing cell's reach", m, d, name, p)
					}
				}
			}
			if w.Score() != 0 {
				t.Fatalf("score %v at the start", w.Score())
			}
			item := map[string]string{procgen.MaterialLogs: "birch_log", procgen.MaterialStones: "cobblestone", procgen.MaterialIron: "raw_iron"}[m]
			w.agents[0].inv.Add(item, 30)
			w.agents[2].inv.Add(item, 20)
			w.agents[1].inv.Add("dirt", 20)
			if held, want := w.Collected(); held != 50 || want != 100 || w.Score() != 0.5 || w.Success() {
				t.Fatalf("%s: holding 50: collected %d of %d, score %v", m, held, want, w.Score())
			}
			w.agents[1].inv.Add(item, 50)
			if !w.Success() || w.CollectedBy(w.agents[1].Name) != 50 {
				t.Fatalf("%s: holding 100: score %v", m, w.Score())
			}
		}
	}
}

// reachable reports whether some standable cell is within 4 blocks of p.
func (w *World) reachable(p Pos) bool {
	for dx := -4; dx <= 4; dx++ {
		for dy := -4; dy <= 4; dy++ {
			for dz := -4; dz <= 4; dz++ {
				if dx*dx+dy*dy+dz*dz <= 16 && w.standable(p.Add(dx, dy, dz)) {
					return true
				}
			}
		}
	}
	return false
}

// TestProgressWatch: the world notes when the collection's score rises
// as the clock moves; S-Agents' give-up rule needs more than 5 attempts
// and over 40 minutes since the last rise; the trial's metrics keep the
// last rise and the longest stall.
func TestProgressWatch(t *testing.T) {
	task := procgen.CollectionTask("c", procgen.CollectionSpec{Material: procgen.MaterialLogs, Quantity: 10, Distance: 8}, procgen.Options{Split: procgen.SplitTrain, Agents: 2})
	w := mustBuild(t, task, 1, Options{})
	w.Advance(5 * time.Minute)
	w.agents[0].inv.Add("oak_log", 2)
	w.Advance(time.Minute) // the rise is seen at 6 min
	w.agents[1].inv.Add("dirt", 2)
	w.AdvanceTo(30 * time.Minute) // no rise
	if got := w.ProgressRises(); len(got) != 1 || got[0] != 6*time.Minute || w.SinceProgress() != 24*time.Minute {
		t.Fatalf("rises %v, since %v", got, w.SinceProgress())
	}
	w.AdvanceTo(46*time.Minute + time.Second)
	if w.GaveUp(5) || !w.GaveUp(6) {
		t.Errorf("40 min 1 s without progress: gave up with 5 attempts %v, with 6 %v", w.GaveUp(5), w.GaveUp(6))
	}
	w.agents[1].inv.Add("birch_log", 1)
	w.Advance(time.Second)
	if w.GaveUp(20) || len(w.ProgressRises()) != 2 {
		t.Errorf("after a rise: gave up %v, rises %v", w.GaveUp(20), w.ProgressRises())
	}
	m := w.ProgressMetrics()
	if m[ProgressLastMetric] != (46*time.Minute+2*time.Second).Seconds() || m[ProgressStallMetric] != (40*time.Minute+2*time.Second).Seconds() {
		t.Errorf("metrics %v", m)
	}
	if other := mustBuild(t, cookingTask(), 1, Options{}); other.ProgressMetrics() != nil {
		t.Error("a cooking world reports progress metrics")
	}
}
