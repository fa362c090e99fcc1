package dispatcher_test

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/generate/dispatch"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// BenchmarkDispatcherTrials plays MindAgent's 13 levels at every α (the
// 2-agent cuisine test split: 65 settings of 3 episodes, 180 dispatch calls
// each) with the scripted dispatcher through the worker pool and writes
// every trial to a run with full recording: trials/s, transitions/s and CPU
// per trial.
func BenchmarkDispatcherTrials(b *testing.B) {
	tasks, err := procgen.GenerateCuisine(procgen.CuisineOptions{Options: procgen.Options{Split: procgen.SplitTest, Agents: 2}})
	if err != nil {
		b.Fatal(err)
	}
	w, err := trajectory.OpenWriter(b.TempDir(), &trajectory.Manifest{Name: "bench", Config: []byte(`{"bench":true}`)}, trajectory.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	var demos []string // the static texts, as generate registers them
	for _, n := range cuisine.DemoTeams(false) {
		t, _ := cuisine.Demos(n, false)
		demos = append(demos, t...)
	}
	if err := w.AddBlobs(demos...); err != nil {
		b.Fatal(err)
	}
	player := &generate.Player{Team: generate.SeatAll(scripted.New(scripted.DefaultOptions()), "scripted"), Org: dispatch.Org{}}
	trials, transitions, attempt := 0, 0, 0
	cpu0 := cpuTime()
	for b.Loop() {
		jobs := generate.Jobs(tasks, 1, uint64(attempt))
		for i := range jobs {
			jobs[i].Attempt = attempt
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
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(trials), "cpu-ms/trial")
	b.ReportMetric(float64(trials)/b.Elapsed().Seconds(), "trials/s")
	b.ReportMetric(float64(transitions)/b.Elapsed().Seconds(), "transitions/s")
}

// BenchmarkDispatch measures the scripted dispatcher alone: one call with a
// full window (rules, demo, info and five live turns).
func BenchmarkDispatch(b *testing.B) {
	l, _ := cuisine.LevelNamed("level_11")
	task := &procgen.Task{ID: "b", Type: procgen.TypeCuisine, AgentCount: 4, Level: &l, Alpha: 1.5, Episodes: 1}
	var team []generate.Seat
	for i := range 4 {
		team = append(team, generate.Seat{Name: string(rune('A' + i))})
	}
	team = append(team, generate.Seat{Name: dispatch.Seat, Backend: scripted.New(scripted.DefaultOptions())})
	res, err := dispatch.Org{}.Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	trs := res.Agents[4].Transitions
	be := scripted.New(scripted.DefaultOptions())
	i := 0
	for b.Loop() {
		tr := trs[3+i%(len(trs)-3)]
		be.Complete(context.Background(), generate.Request{Kind: trajectory.KindDispatch, Messages: tr.Messages, Seed: uint64(i)})
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "calls/s")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
