package world

import (
	"fmt"
	"runtime"
	"testing"

	"collabcraft/procgen"
)

func benchQuery(b *testing.B, response string) {
	w := mustBuild(b, cookingTask(), 1, Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.Execute("Andy_0", response); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}

func BenchmarkQueryStats(b *testing.B)        { benchQuery(b, "Let me look. !stats") }
func BenchmarkQueryInventory(b *testing.B)    { benchQuery(b, "!inventory") }
func BenchmarkQueryEntities(b *testing.B)     { benchQuery(b, "!entities") }
func BenchmarkQueryNearbyBlocks(b *testing.B) { benchQuery(b, "!nearbyBlocks") }
func BenchmarkQueryCraftable(b *testing.B)    { benchQuery(b, "!craftable") }
func BenchmarkParseError(b *testing.B)        { benchQuery(b, `!collectBlocks("stone", "ten")`) }

// BenchmarkActionWalk walks 20 blocks across the farm and back.
func BenchmarkActionWalk(b *testing.B) {
	w := mustBuild(b, cookingTask(), 1, Options{})
	p := w.Agent("Andy_0").Pos()
	go1 := fmt.Sprintf("!goToCoordinates(%v, %v, %v, 1)", p.X+10, p.Y, p.Z-10)
	go2 := fmt.Sprintf("!goToCoordinates(%v, %v, %v, 1)", p.X-10, p.Y, p.Z+10)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		cmd := go1
		if i%2 == 1 {
			cmd = go2
		}
		i++
		res, _ := w.Execute("Andy_0", cmd)
		if res.Failed {
			b.Fatal(res.Output)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}

// BenchmarkActionGiveCraft gives items back and forth and crafts.
func BenchmarkActionGiveCraft(b *testing.B) {
	task := cookingTask()
	task.InitialInventory = map[string]map[string]int{"0": {"wheat": 64}, "1": {}}
	w := mustBuild(b, task, 1, Options{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		var agent, cmd string
		switch i % 3 {
		case 0:
			agent, cmd = "Andy_0", `!givePlayer("Jill_0", "wheat", 3)`
		case 1:
			agent, cmd = "Jill_0", `!craftRecipe("bread", 1)`
		case 2:
			agent, cmd = "Andy_0", `!takeFromChest("bowl", 1)`
			w.Agent("Andy_0").Inventory().Add("wheat", 3)
		}
		i++
		w.Execute(agent, cmd)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}

func benchBuild(b *testing.B, task procgen.Task) {
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := Build(task, seed, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	// Live memory of one world, after a collection.
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	w, _ := Build(task, 1, Options{})
	runtime.GC()
	runtime.ReadMemStats(&m1)
	runtime.KeepAlive(w)
	b.ReportMetric(float64(m1.HeapAlloc-m0.HeapAlloc)/1024, "KiB/world")
}

func BenchmarkBuildCooking(b *testing.B) { benchBuild(b, cookingTask()) }

func BenchmarkBuildCrafting(b *testing.B) {
	benchBuild(b, procgen.Task{
		ID: "bench", Type: procgen.TypeCrafting, AgentCount: 2, Target: procgen.Target{Item: "bookshelf"}, NumberOfTarget: 1,
		InitialInventory: map[string]map[string]int{"0": {"oak_planks": 4}, "1": {"book": 1}}, MissingItems: []string{"leather"},
	})
}

func BenchmarkBuildConstruction(b *testing.B) {
	benchBuild(b, taskFromFile(b, "../procgen/testdata/mindcraft_construction.json", "small_church"))
}
