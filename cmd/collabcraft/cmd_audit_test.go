package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"collabcraft/audit"
)

// audit reads a scripted run, its filtered view and its exported dataset
// alike: the view and the dataset hold the run's kept examples.
func TestAuditRunViewDataset(t *testing.T) {
	path, _ := writeCraftingTasks(t, 6, 3)
	run := filepath.Join(t.TempDir(), "run")
	if err := runGenerate(context.Background(), defaultGenerateOptions(t, []string{path}, run), GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	view := run + ".filtered"
	if err := runFilter(context.Background(), FilterOptions{In: []string{run}, Out: view, out: &bytes.Buffer{}}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	ds := filepath.Join(t.TempDir(), "ds")
	eopts := ExportOptions{In: []string{view}, Out: ds, Formats: "parquet", Unit: "transition", Layout: "messages", Roles: "raw",
		SplitBy: "task", ValidationFraction: 0, out: &bytes.Buffer{}}
	if err := runExport(context.Background(), eopts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	reports := map[string]*audit.Report{}
	for _, dir := range []string{run, view, ds} {
		var out bytes.Buffer
		if err := runAudit(context.Background(), AuditOptions{JSON: true, NearThreshold: 0.8, out: &out}, GlobalOptions{}, []string{dir}); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		var r audit.Report
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		reports[dir] = &r
	}
	if r := reports[run]; r.Examples == 0 || r.Trials != 6 || r.Overall.Commands == 0 || len(r.ByDimension["agent"]) != 2 {
		t.Errorf("run: %d examples of %d trials, %d commands, %d agents", r.Examples, r.Trials, r.Overall.Commands, len(r.ByDimension["agent"]))
	}
	if v, d := reports[view], reports[ds]; v.Examples != d.Examples || v.Overall.DistinctResponses != d.Overall.DistinctResponses || v.Overall.Templates != d.Overall.Templates {
		t.Errorf("view and dataset differ: %d/%d examples, %d/%d distinct, %d/%d templates",
			v.Examples, d.Examples, v.Overall.DistinctResponses, d.Overall.DistinctResponses, v.Overall.Templates, d.Overall.Templates)
	}
	var text bytes.Buffer
	if err := runAudit(context.Background(), AuditOptions{NearThreshold: 0.8, out: &text}, GlobalOptions{}, []string{run}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"by task_type", "crafting", "top response templates", "loops:"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, text.String())
		}
	}
	if err := runAudit(context.Background(), AuditOptions{NearThreshold: 2}, GlobalOptions{}, []string{run}); err == nil || !strings.Contains(err.Error(), "--near 2") {
		t.Errorf("bad --near: %v", err)
	}
}

// limitHeap's limit is the command's own heap on top of what is live when
// it starts (in a pipeline, generate's caches live into export), and the
// previous limit comes back after.
func TestLimitHeapIsOnTopOfTheLiveHeap(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "") // a GOMEMLIMIT in the environment would win over limitHeap
	before := debug.SetMemoryLimit(-1)
	held := make([]byte, 64<<20)
	runtime.GC()
	restore := limitHeap(100 << 20)
	got := debug.SetMemoryLimit(-1)
	restore()
	runtime.KeepAlive(held)
	if got < 164<<20 || got > 200<<20 {
		t.Errorf("with 64 MiB live, limitHeap(100 MiB) set %d MiB, want 164 MiB and the little else that is live", got>>20)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("the limit after restore is %d, want %d", after, before)
	}
}
