package audit

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"collabcraft/export"
	"collabcraft/generate/dag"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestSplitTargets: VillagerBench trials of every split, played by the
// DAG, exported as a dataset and audited from it: the manifest keeps
// each task's target (its dish, its structure), the audit counts them per
// split and finds none in two, and a test dish moved into train is found.
func TestSplitTargets(t *testing.T) {
	trials := playTrials(t, dag.Org{}, []string{procgen.KindFarm, procgen.KindVBConstruction}, []string{procgen.SplitTrain, procgen.SplitTest}, 2, 4)
	audit := func(trials []*trajectory.Trial) *Report {
		t.Helper()
		src := export.FromTrials(trajectory.Values(trials), export.UnitTransition)
		dir := filepath.Join(t.TempDir(), "ds")
		ds, err := export.Write(context.Background(), src, dir, export.Options{Formats: []export.Format{export.FormatParquet}, OrgColumn: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(ds.Counts.TaskTargets) != len(trials) {
			t.Errorf("%d task targets for %d tasks: %v", len(ds.Counts.TaskTargets), len(trials), ds.Counts.TaskTargets)
		}
		in, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Audit(in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := audit(trials)
	if len(r.Targets) != 2 {
		t.Fatalf("targets %+v, want farm and vbconstruction", r.Targets)
	}
	for _, ts := range r.Targets {
		if ts.PerSplit["test"] == 0 || ts.PerSplit["train"]+ts.PerSplit["validation"] == 0 || len(ts.Shared) > 0 {
			t.Errorf("%s: %v, shared %v", ts.TaskType, ts.PerSplit, ts.Shared)
		}
	}
	// A train task that cooks a test dish leaks it.
	var test string
	for _, tr := range trials {
		if tr.TaskType == procgen.TypeFarm && tr.Split == procgen.SplitTest {
			test = tr.Difficulty["dish"].(string)
		}
	}
	for _, tr := range trials {
		if tr.TaskType == procgen.TypeFarm && tr.Split == procgen.SplitTrain {
			tr.Difficulty["dish"] = test
		}
	}
	r = audit(trials)
	i := slices.IndexFunc(r.Targets, func(ts TargetSplits) bool { return ts.TaskType == procgen.KindFarm })
	if i < 0 || len(r.Targets[i].Shared) != 1 || r.Targets[i].Shared[0] != "dish:"+test+" (test, train)" {
		t.Errorf("after the leak: %+v", r.Targets)
	}
}
