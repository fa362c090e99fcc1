package scripted

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/js"
	"collabcraft/world/texts"
)

var (
	fullSuite = flag.Bool("full", false, "play the whole default suites (slow) instead of samples")
	dumpFails = flag.Int("dump", 0, "print the histories of up to N failed trials")
)

// suiteCase is one default suite file: a task kind, split and team size.
type suiteCase struct {
	kind, split string
	agents      int
	sample      int // tasks played by default (-short plays fewer)
}

// play runs tasks with scripted teams through the engine and the embedded
// world and returns the records.
func play(t testing.TB, tasks []procgen.Task, opts Options, seed uint64) []*trajectory.Trial {
	return playWith(t, tasks, opts, seed, generate.Config{})
}

func playWith(t testing.TB, tasks []procgen.Task, opts Options, seed uint64, cfg generate.Config) []*trajectory.Trial {
	t.Helper()
	p := &generate.Player{Config: cfg, Team: generate.SeatAll(New(opts), "scripted")}
	var out []*trajectory.Trial
	for _, j := range generate.Jobs(tasks, 1, seed) {
		rec, err := p.Play(context.Background(), j)
		if err != nil {
			t.Fatalf("%s: %v", j.TrialID(), err)
		}
		out = append(out, rec)
	}
	return out
}

func genTasks(t testing.TB, kind, split string, agents, n int) []procgen.Task {
	t.Helper()
	tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: agents, N: n, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return tasks
}

// rate is the share of trials that succeeded (construction: score 1).
func rate(recs []*trajectory.Trial) float64 {
	ok := 0
	for _, r := range recs {
		if r.Outcome.Success {
			ok++
		}
	}
	return float64(ok) / float64(len(recs))
}

func dump(t testing.TB, recs []*trajectory.Trial, max int) {
	for _, r := range recs {
		if r.Outcome.Success || max <= 0 {
			continue
		}
		max--
		var b strings.Builder
		fmt.Fprintf(&b, "=== %s: %s score %v sim %.0fs\n", r.TrialID, r.Outcome.EndReason, r.Outcome.Score, r.SimSeconds)
		for _, a := range r.Agents {
			fmt.Fprintf(&b, "--- %s (memory %q)\n", a.Name, a.Memory)
			for _, m := range a.History {
				fmt.Fprintf(&b, "[%s] %s\n", m.Role, strings.TrimSpace(m.Content))
			}
		}
		fmt.Fprintln(os.Stderr, b.String())
	}
}

func checkSuite(t *testing.T, c suiteCase, min float64) {
	n := c.sample
	if testing.Short() {
		n = max(n/4, 4)
	}
	if *fullSuite {
		n = procgen.DefaultCount(c.kind, c.split)
	}
	tasks := genTasks(t, c.kind, c.split, c.agents, n)
	recs := play(t, tasks, DefaultOptions(), 42)
	r := rate(recs)
	t.Logf("%s %s %d agents: %d trials, success %.1f%%", c.kind, c.split, c.agents, len(recs), 100*r)
	dump(t, recs, *dumpFails)
	if r < min {
		t.Errorf("%s %s %d agents: success %.1f%%, want at least %.0f%%", c.kind, c.split, c.agents, 100*r, 100*min)
	}
}

func TestCraftingSuites(t *testing.T) {
	for _, c := range []suiteCase{
		{procgen.KindCrafting, procgen.SplitTrain, 2, 60},
		{procgen.KindCrafting, procgen.SplitDev, 2, 20},
		{procgen.KindCrafting, procgen.SplitTest, 2, 20},
		{procgen.KindCrafting, procgen.SplitTest, 3, 20},
		{procgen.KindCrafting, procgen.SplitTest, 4, 20},
		{procgen.KindCrafting, procgen.SplitTest, 5, 20},
	} {
		t.Run(fmt.Sprintf("%s_%d", c.split, c.agents), func(t *testing.T) { checkSuite(t, c, 0.95) })
	}
}

func TestCookingSuites(t *testing.T) {
	for _, c := range []suiteCase{
		{procgen.KindCooking, procgen.SplitTrain, 2, 40},
		{procgen.KindCooking, procgen.SplitTest, 2, 20},
		{procgen.KindCooking, procgen.SplitTest, 3, 12},
		{procgen.KindCooking, procgen.SplitTest, 4, 12},
		{procgen.KindCooking, procgen.SplitTest, 5, 12},
	} {
		t.Run(fmt.Sprintf("%s_%d", c.split, c.agents), func(t *testing.T) { checkSuite(t, c, 0.95) })
	}
}

// TestConstructionSuite: builders finish the houses within the default
// timeouts. By default it plays 8 test tasks each with 2 and 5 agents (2
// each with -short); with -full it plays the 300-task sample #12 measures
// (150 train tasks, 30 dev, and 30 test tasks each for 2, 3, 4 and 5
// agents). The bars are what a regression breaks: the mean score (1.000
// to three decimals today), the worst house (above 0.99 today: a house
// left a few blocks short at the timeout), and the share of houses
// finished to the last block (15 of 16 today, 95% of the 300).
// It plays with a quarter of world/js's step budget, and no program may
// meet it: the budget that stops runaway code is far from what a
// builder's program takes (its loops and calls at most about 70,000
// steps, its skills' path searches under 700,000 expansions in the demo).
func TestConstructionSuite(t *testing.T) {
	defer func(l js.Limits) { js.DefaultLimits = l }(js.DefaultLimits)
	js.DefaultLimits.Steps /= stepHeadroom
	type part struct {
		split     string
		agents, n int
	}
	parts := []part{{procgen.SplitTest, 2, 8}, {procgen.SplitTest, 5, 8}}
	minMean, minWorst, minDone := 0.995, 0.95, 0.75
	switch {
	case *fullSuite:
		parts = []part{{procgen.SplitTrain, 2, 150}, {procgen.SplitDev, 2, 30}}
		for a := 2; a <= 5; a++ {
			parts = append(parts, part{procgen.SplitTest, a, 30})
		}
		minDone = 0.95
	case testing.Short():
		parts = []part{{procgen.SplitTest, 2, 2}, {procgen.SplitTest, 5, 2}}
	}
	var all []*trajectory.Trial
	for _, p := range parts {
		recs := play(t, genTasks(t, procgen.KindConstruction, p.split, p.agents, p.n), DefaultOptions(), 42)
		var sum float64
		for _, r := range recs {
			sum += r.Outcome.Score
			if r.Outcome.Score < 1 {
				t.Logf("%s: score %.3f %s sim %.0fs", r.TrialID, r.Outcome.Score, r.Outcome.EndReason, r.SimSeconds)
			}
		}
		dump(t, recs, *dumpFails)
		checkSteps(t, recs)
		t.Logf("construction %s, %d agents: mean score %.3f, score 1 on %.1f%%", p.split, p.agents, sum/float64(len(recs)), 100*rate(recs))
		all = append(all, recs...)
	}
	sum, worst := 0.0, 1.0
	for _, r := range all {
		sum += r.Outcome.Score
		worst = min(worst, r.Outcome.Score)
	}
	if mean := sum / float64(len(all)); mean < minMean {
		t.Errorf("mean score %.4f over %d houses, want at least %.3f", mean, len(all), minMean)
	}
	if worst < minWorst {
		t.Errorf("a house reached only score %.3f, want every one at least %.2f", worst, minWorst)
	}
	if got := rate(all); got < minDone {
		t.Errorf("score 1 on %.1f%% of %d houses, want at least %.0f%%", 100*got, len(all), 100*minDone)
	}
}

// stepHeadroom is how far under world/js's step budget the builders'
// programs stay.
const stepHeadroom = 4

// checkSteps fails for a coding call whose program met the step budget
// or the skill-call budget.
func checkSteps(t *testing.T, recs []*trajectory.Trial) {
	t.Helper()
	for _, r := range recs {
		for _, a := range r.Agents {
			for _, tr := range a.Transitions {
				if tr.Kind == trajectory.KindCoding && strings.Contains(tr.Output, "steps (loop iterations") {
					t.Errorf("%s: a program met a budget of %d steps:\n%s", r.TrialID, js.DefaultLimits.Steps, tr.Output)
				}
				// A scan of the house with a bot.blockAt per cell met the
				// skill-call budget (#28's first take-down).
				if tr.Kind == trajectory.KindCoding && strings.Contains(tr.Output, "skills and was stopped") {
					t.Errorf("%s: a program met the budget of %d skill calls:\n%s", r.TrialID, js.DefaultLimits.SkillCalls, tr.Output)
				}
			}
		}
	}
}

// TestConstructionUnbounded: given time (no turn cap, a 6,000 s timeout),
// the builders' programs, checks and repairs finish the house.
func TestConstructionUnbounded(t *testing.T) {
	tasks := genTasks(t, procgen.KindConstruction, procgen.SplitTest, 2, 1)
	for i := range tasks {
		tasks[i].Timeout = 6000
	}
	recs := playWith(t, tasks, DefaultOptions(), 42, generate.Config{MaxTurns: 5000})
	for _, r := range recs {
		t.Logf("%s: score %.3f %s sim %.0fs", r.TrialID, r.Outcome.Score, r.Outcome.EndReason, r.SimSeconds)
		if r.Outcome.Score < 1 {
			t.Errorf("%s: score %.3f with no time limit, want 1", r.TrialID, r.Outcome.Score)
		}
	}
	dump(t, recs, *dumpFails)
}

// TestConstructionNoise: under --noise builders slip in their programs (a
// call left open, a misspelt block, a loop one short); the linter's or the
// check's output shows it, and the house still gets built.
func TestConstructionNoise(t *testing.T) {
	tasks := genTasks(t, procgen.KindConstruction, procgen.SplitTest, 2, 4)
	recs := play(t, tasks, Options{Skill: 1, Noise: 1}, 42)
	lint, typos, sum := 0, 0, 0.0
	for _, r := range recs {
		sum += r.Outcome.Score
		for _, a := range r.Agents {
			for _, tr := range a.Transitions {
				if tr.Kind != trajectory.KindCoding {
					continue
				}
				if strings.Contains(tr.Output, "Code lint error") || strings.Contains(tr.Output, "#ERROR 1") {
					lint++
				}
				if strings.Contains(tr.Response, `"stone_block"`) || strings.Contains(tr.Response, `"terracota"`) {
					typos++
				}
			}
		}
	}
	if lint == 0 || typos == 0 {
		t.Errorf("noisy builders: %d lint errors and %d misspelt blocks, want both", lint, typos)
	}
	if mean := sum / float64(len(recs)); mean < 0.97 {
		t.Errorf("noisy builders: mean score %.3f, want at least 0.97", mean)
	}
}

// TestSkillAndNoise: lower skill and injected mistakes make longer, more
// varied trials that still mostly succeed, and the mistakes show up.
func TestSkillAndNoise(t *testing.T) {
	opts := Options{Skill: 0.5, Noise: 0.5}
	for _, kind := range []string{procgen.KindCrafting, procgen.KindCooking} {
		tasks := genTasks(t, kind, procgen.SplitTest, 2, 16)
		noisy := play(t, tasks, opts, 42)
		clean := play(t, tasks, DefaultOptions(), 42)
		mistakes, calls, cleanCalls := 0, 0, 0
		for i, r := range noisy {
			for _, a := range r.Agents {
				for _, tr := range a.Transitions {
					calls++
					if texts.IsMistake(tr.Output) || strings.Contains(tr.Output, "Invalid item type") {
						mistakes++
					}
				}
			}
			for _, a := range clean[i].Agents {
				cleanCalls += len(a.Transitions)
			}
		}
		t.Logf("%s skill 0.5 noise 0.5: success %.0f%% (clean %.0f%%), %d calls (clean %d), %d mistakes",
			kind, 100*rate(noisy), 100*rate(clean), calls, cleanCalls, mistakes)
		if rate(noisy) < 0.8 {
			t.Errorf("%s: noisy agents succeed only %.0f%%", kind, 100*rate(noisy))
		}
		if mistakes == 0 || calls <= cleanCalls {
			t.Errorf("%s: noise and skill changed nothing (%d mistakes, %d vs %d calls)", kind, mistakes, calls, cleanCalls)
		}
	}
}
