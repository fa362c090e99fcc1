package filter

import (
	"path/filepath"
	"slices"
	"testing"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

func ptr[T any](v T) *T { return &v }

func TestPaperRecipe(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r1")
	writeRun(t, dir, mixedRun()...)
	ids, f := apply(t, Paper(), dir)
	// The default groups construction by rooms level (within the split):
	// each level keeps its own best, 0.9 of the easy houses and 0.4 of the
	// hard ones, which one pooled threshold (0.725) would have crowded out.
	want := []string{"cook_ok", "craft_ok", "easy_3", "hard_3"}
	if !slices.Equal(ids, want) {
		t.Fatalf("kept %v, want %v", ids, want)
	}
	r := f.Report()
	wantTrials := Counts{In: 12, Kept: 4, Dropped: map[Reason]int64{Errored: 1, NotSuccessful: 1, BelowQuantile: 6}}
	if !sameCounts(r.Trials, wantTrials) {
		t.Errorf("trial counts %+v, want %+v", r.Trials, wantTrials)
	}
	got := map[string]float64{}
	for _, th := range r.Thresholds {
		got[th.Group] = th.Min
	}
	if len(got) != 2 || !near(got["split=train,rooms=0"], 0.825) || !near(got["split=train,rooms=2"], 0.325) {
		t.Errorf("thresholds %+v, want rooms 0 at 0.825 and rooms 2 at 0.325, within train", r.Thresholds)
	}
	// Without grouping, one threshold per split: 0.725 over these scores.
	_, f = apply(t, Config{TopQuantile: &Quantile{Q: 0.75}}, dir)
	if th := f.Report().Thresholds; len(th) != 1 || th[0].Group != "split=train" || !near(th[0].Min, 0.725) {
		t.Errorf("ungrouped thresholds %+v, want split=train at 0.725", th)
	}
}

func TestQuantileGroupBy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r1")
	writeRun(t, dir, mixedRun()...)
	cfg := Config{TopQuantile: &Quantile{Q: 0.75, GroupBy: []string{"rooms"}}}
	ids, f := apply(t, cfg, dir)
	// Each rooms level keeps its own best: 0.9 of the easy ones, 0.4 of the
	// hard ones, which the pooled threshold (0.725) would have crowded out.
	// Crafting and cooking trials are not construction: the rule passes them.
	want := []string{"cook_err", "cook_ok", "craft_fail", "craft_ok", "easy_3", "hard_3"}
	if !slices.Equal(ids, want) {
		t.Fatalf("kept %v, want %v", ids, want)
	}
	th := f.Report().Thresholds
	if len(th) != 2 {
		t.Fatalf("thresholds %+v, want two groups", th)
	}
	got := map[string]float64{th[0].Group: th[0].Min, th[1].Group: th[1].Min}
	if !near(got["split=train,rooms=0"], 0.825) || !near(got["split=train,rooms=2"], 0.325) {
		t.Errorf("thresholds %v, want rooms=0 at 0.825 and rooms=2 at 0.325", got)
	}
}

func TestQuantilePerRunAndErrorsLeftOut(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	writeRun(t, a,
		spec{id: "x1", typ: "construction", score: 0.2, agents: conv2},
		spec{id: "x2", typ: "construction", score: 0.4, agents: conv2},
		spec{id: "x3", typ: "construction", score: 0.0, end: trajectory.EndError, agents: conv2})
	writeRun(t, b,
		spec{id: "y1", typ: "construction", score: 0.8, agents: conv2},
		spec{id: "y2", typ: "construction", score: 0.9, agents: conv2})
	ids, f := apply(t, Config{TopQuantile: &Quantile{Q: 0.5}}, a, b)
	// Run a's median is 0.3 (the errored trial is not in the population, and
	// with no score above the cut it fails); run b's is 0.85.
	want := []string{"x2", "y2"}
	if !slices.Equal(ids, want) {
		t.Fatalf("kept %v, want %v", ids, want)
	}
	if th := f.Report().Thresholds; len(th) != 2 || !near(th[0].Min, 0.3) || th[0].Trials != 2 || !near(th[1].Min, 0.85) {
		t.Errorf("thresholds %+v", th)
	}
}

func TestEachRule(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r1")
	specs := append(mixedRun(),
		spec{id: "short", typ: "techtree", score: 1, success: true, agents: [][]string{{"conversation"}, {"coding"}}},
		spec{id: "mixed_team", typ: "cooking", score: 1, success: true, agents: conv2, backends: []string{"openai", "scripted"}})
	writeRun(t, dir, specs...)
	all := []string{"cook_err", "cook_ok", "craft_fail", "craft_ok", "easy_0", "easy_1", "easy_2", "easy_3",
		"hard_0", "hard_1", "hard_2", "hard_3", "mixed_team", "short"}
	cases := []struct {
		name   string
		cfg    Config
		kept   []string
		reason Reason
		trials int64 // trials dropped for reason
		trans  int64 // transitions dropped for reason
	}{
		{"none", Config{}, all, Kept, 0, 0},
		{"drop-errors", Config{DropErrors: true}, without(all, "cook_err"), Errored, 1, 4},
		{"success", Config{Success: true},
			[]string{"cook_ok", "craft_ok", "easy_0", "easy_1", "easy_2", "easy_3", "hard_0", "hard_1", "hard_2", "hard_3", "mixed_team", "short"},
			NotSuccessful, 2, 8},
		{"min-score", Config{MinScore: ptr(0.65)},
			[]string{"cook_ok", "craft_ok", "easy_1", "easy_2", "easy_3", "mixed_team", "short"}, BelowMinScore, 7, 28},
		{"max-turns", Config{MaxTurns: 1}, []string{"short"}, TooManyTurns, 13, 52},
		{"kinds", Config{Kinds: []string{"conversation", "coding"}}, all, KindExcluded, 0, 13},
		{"agents by backend", Config{Agents: &Agents{Backends: []string{"openai"}}}, all, AgentExcluded, 0, 52},
		{"agents by name", Config{Agents: &Agents{Names: []string{"*_1"}}}, all, AgentExcluded, 0, 27},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ids, f := apply(t, c.cfg, dir)
			if !slices.Equal(ids, c.kept) {
				t.Fatalf("kept %v, want %v", ids, c.kept)
			}
			r := f.Report()
			// 13 trials of 2 agents x 2 calls, and "short" with 2 calls.
			if r.Trials.In != 14 || r.Transitions.In != 54 {
				t.Errorf("in: %d trials, %d transitions; want 14 and 54", r.Trials.In, r.Transitions.In)
			}
			if c.reason != Kept && (r.Trials.Dropped[c.reason] != c.trials || r.Transitions.Dropped[c.reason] != c.trans) {
				t.Errorf("dropped for %s: %d trials, %d transitions; want %d and %d",
					c.reason, r.Trials.Dropped[c.reason], r.Transitions.Dropped[c.reason], c.trials, c.trans)
			}
			if n := len(r.Trials.Dropped) + len(r.Transitions.Dropped); c.reason == Kept && n != 0 {
				t.Errorf("no rules dropped %v", r.Trials.Dropped)
			}
		})
	}
}

func TestTransitionRulesPrune(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r1")
	writeRun(t, dir, spec{id: "m", typ: "cooking", score: 1, success: true, agents: conv2, backends: []string{"openai", "scripted"}})
	in, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := New(Config{Kinds: []string{"conversation"}, Agents: &Agents{Backends: []string{"scripted"}}})
	var got *trajectory.Trial
	for tr, err := range f.Apply(in) {
		if err != nil {
			t.Fatal(err)
		}
		got = tr
	}
	// Agent_0 (openai) is gone; Agent_1 keeps its conversation call only.
	if len(got.Agents) != 1 || got.Agents[0].Name != "Agent_1" || len(got.Agents[0].Transitions) != 1 ||
		got.Agents[0].Transitions[0].Kind != "conversation" || got.Agents[0].Transitions[0].Step != 0 {
		t.Fatalf("pruned trial agents: %+v", got.Agents)
	}
	r := f.Report()
	if r.Transitions.Dropped[AgentExcluded] != 2 || r.Transitions.Dropped[KindExcluded] != 1 || r.Transitions.Kept != 1 {
		t.Errorf("transition counts %+v: the kinds rule runs first, then agents", r.Transitions)
	}
}

func TestReportRecountsEachPass(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r1")
	writeRun(t, dir, mixedRun()...)
	in, _ := Open(dir)
	f, _ := New(Paper())
	for range 2 {
		for _, err := range f.Apply(in) {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if r := f.Report(); r.Trials.In != 12 || r.Trials.Kept != 4 {
		t.Errorf("after two passes: %+v, want the counts of one", r.Trials)
	}
}

func TestQuantileFunction(t *testing.T) {
	s := []float64{1, 2, 3, 4, 5}
	for q, want := range map[float64]float64{0: 1, 0.25: 2, 0.5: 3, 0.75: 4, 1: 5, 0.6: 3.4} {
		if got := quantile(s, q); !near(got, want) {
			t.Errorf("quantile(1..5, %g) = %g, want %g", q, got, want)
		}
	}
	if got := quantile([]float64{0.5}, 0.75); got != 0.5 {
		t.Errorf("one score: %g", got)
	}
}

func without(ids []string, drop ...string) []string {
	return slices.DeleteFunc(slices.Clone(ids), func(s string) bool { return slices.Contains(drop, s) })
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func sameCounts(a, b Counts) bool {
	if a.In != b.In || a.Kept != b.Kept || len(a.Dropped) != len(b.Dropped) {
		return false
	}
	for k, v := range b.Dropped {
		if a.Dropped[k] != v {
			return false
		}
	}
	return true
}

// TestSuccessOfVillagerBenchHouses: the success rule keeps a VillagerBench
// house only when the world's judge called it complete (the trial's
// success: C = 100 and VHR = 100, world.TestVBConstructionWorld), not on
// its score alone; other scored kinds are left to the score rules, binary
// ones need success.
func TestSuccessOfVillagerBenchHouses(t *testing.T) {
	vb, mc := procgen.VBConstruction.TaskType, procgen.Construction.TaskType
	cases := []struct {
		name string
		t    trajectory.Trial
		keep bool
	}{
		{"house complete", trajectory.Trial{TaskType: vb, Outcome: trajectory.Outcome{Score: 1, Success: true}, Metrics: map[string]float64{trajectory.VHRMetric: 1}}, true},
		{"leftovers in a view", trajectory.Trial{TaskType: vb, Outcome: trajectory.Outcome{Score: 1}, Metrics: map[string]float64{trajectory.VHRMetric: 0.96}}, false},
		{"not complete, no view rate recorded", trajectory.Trial{TaskType: vb, Outcome: trajectory.Outcome{Score: 1}}, false},
		{"a block short", trajectory.Trial{TaskType: vb, Outcome: trajectory.Outcome{Score: 0.98}, Metrics: map[string]float64{trajectory.VHRMetric: 1}}, false},
		{"MineCollab house half built", trajectory.Trial{TaskType: mc, Outcome: trajectory.Outcome{Score: 0.5}}, true},
		{"crafting failed", trajectory.Trial{TaskType: procgen.Crafting.TaskType}, false},
	}
	for _, c := range cases {
		if got := (successRule{}).Judge(&c.t).Keep(); got != c.keep {
			t.Errorf("%s: kept %v, want %v", c.name, got, c.keep)
		}
	}
}
