package scripted

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// BenchmarkCraftingTrials plays the default 2-agent crafting train suite
// (the first 200 tasks, round robin) with scripted teams through the
// worker pool and writes every trial to a run with full recording:
// trials/s and transitions/s on this machine's cores. The p2p and dag
// sub-benchmarks play the same tasks, MINDcraft's peers and VillagerAgent's
// DAG organisation, in the same run.
func BenchmarkCraftingTrials(b *testing.B) {
	tasks := genTasks(b, procgen.KindCrafting, procgen.SplitTrain, 2, 200)
	benchOrgs(b, tasks)
}

// BenchmarkCookingTrials is the same for the 2-agent cooking train suite.
func BenchmarkCookingTrials(b *testing.B) {
	tasks := genTasks(b, procgen.KindCooking, procgen.SplitTrain, 2, 100)
	benchOrgs(b, tasks)
}

// benchOrgs runs the tasks under p2p, then under the DAG; the dag
// sub-benchmark also reports its trials/s over p2p's just measured
// (dag/p2p: the target is at least 0.5).
func benchOrgs(b *testing.B, tasks []procgen.Task) {
	var p2p float64
	b.Run("p2p", func(b *testing.B) { p2p = benchRun(b, tasks, nil) })
	b.Run("dag", func(b *testing.B) {
		if dag := benchRun(b, tasks, dag.Org{}); p2p > 0 {
			b.ReportMetric(dag/p2p, "dag/p2p")
		}
	})
}

// BenchmarkConstructionTrials is the same for 20 tasks of the 2-agent
// construction train suite: builders that write code (coding on, as
// MineCollab runs construction), every program run in the sandbox.
func BenchmarkConstructionTrials(b *testing.B) {
	tasks := genTasks(b, procgen.KindConstruction, procgen.SplitTrain, 2, 20)
	benchRun(b, tasks, nil)
}

// BenchmarkDecide measures the backend alone: one conversation call of a
// crafting leader with a full window.
func BenchmarkDecide(b *testing.B) {
	recs := play(b, genTasks(b, procgen.KindCrafting, procgen.SplitTrain, 2, 4), DefaultOptions(), 1)
	var reqs []generate.Request
	for _, r := range recs {
		for _, tr := range r.Agents[0].Transitions {
			if tr.Kind == trajectory.KindConversation {
				reqs = append(reqs, generate.Request{Kind: tr.Kind, Seed: uint64(tr.Step), View: generate.View{
					Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
					Goal: "Collaborate with other agents to craft a bookshelf", Turns: tr.Messages,
					Inventory: "\nINVENTORY\n- book: 3\n- oak_planks: 6\nWEARING: Nothing\n", CommandDocs: "\n!getCraftingPlan: x\n",
				}})
			}
		}
	}
	be := New(DefaultOptions())
	i := 0
	for b.Loop() {
		be.Complete(context.Background(), reqs[i%len(reqs)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// benchRun plays the tasks under org (nil: p2p) and returns its trials/s.
func benchRun(b *testing.B, tasks []procgen.Task, org generate.Organisation) float64 {
	dir := b.TempDir()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "bench", Config: []byte(`{"bench":true}`)}, trajectory.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	// Register the static prompt texts as collabcraft generate does, so
	// the records (and their cost) are the real ones.
	blobs := generate.PaperPrompts().StaticTexts(tasks[0].Type)
	for _, t := range tasks {
		names := generate.AgentNames(t.AgentCount, 0)
		wd, err := world.Build(t, 0, world.Options{AgentNames: names})
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range names {
			blobs = append(blobs, wd.Docs(n))
		}
	}
	if err := w.AddBlobs(blobs...); err != nil {
		b.Fatal(err)
	}
	be := New(DefaultOptions())
	player := &generate.Player{Team: generate.SeatAll(be, "scripted"), Org: org}
	trials, transitions := 0, 0
	attempt := 0
	cpu0 := cpuTime()
	for b.Loop() {
		jobs := generate.Jobs(tasks, 1, uint64(attempt))
		for i := range jobs {
			jobs[i].Attempt = attempt // fresh trial ids each round
		}
		attempt++
		pool := &generate.Pool{Workers: runtime.GOMAXPROCS(0), Play: player.Play, Write: func(t *trajectory.Trial) error {
			for _, a := range t.Agents {
				transitions += len(a.Transitions)
			}
			return w.Write(t)
		}}
		s, err := pool.Run(context.Background(), jobs)
		if err != nil {
			b.Fatal(err)
		}
		trials += s.Trials
	}
	// CPU time per trial is steady on a loaded machine, where trials/s is not.
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(trials), "cpu-ms/trial")
	rate := float64(trials) / b.Elapsed().Seconds()
	b.ReportMetric(rate, "trials/s")
	b.ReportMetric(float64(transitions)/b.Elapsed().Seconds(), "transitions/s")
	return rate
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
