package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// flipInRecord flips n bytes at offset off within the record of trial id in
// run (off counted from the record's start).
func flipInRecord(t *testing.T, run, id string, off int64, n int) trajectory.IndexEntry {
	t.Helper()
	ix, err := trajectory.ReadIndex(run)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := ix.Lookup(id)
	if !ok {
		t.Fatalf("no trial %s in %s", id, run)
	}
	path := filepath.Join(run, e.File)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		b[e.Offset+off+int64(i)] ^= 0xA5
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestDamagedRunReaders: issue 11's cases. A flipped record header used to
// drop the rest of its file with only a warning (export exited 0 with half
// the run); a flipped data frame made every reader fail with "corruption
// detected". Now each reader fails naming the record and the fix, and
// --skip-damaged reads on without that one trial.
func TestDamagedRunReaders(t *testing.T) {
	for _, tc := range []struct {
		name string
		off  int64
		n    int
	}{
		{"record header", 12, 2},
		{"data frame", 400, 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := fixtureRun(t)
			e := flipInRecord(t, run, "b2", tc.off, tc.n)
			ctx := context.Background()
			wantErr := func(what string, err error) {
				t.Helper()
				// A damaged header hides the trial id; the offset names the record.
				if err == nil || !strings.Contains(err.Error(), "offset "+strconv.FormatInt(e.Offset, 10)) || !strings.Contains(err.Error(), "collabcraft check --repair") {
					t.Errorf("%s of a damaged run: err = %v, want one naming the record at offset %d and the repair command", what, err, e.Offset)
				}
			}
			view := filepath.Join(t.TempDir(), "view")
			wantErr("filter", runFilter(ctx, FilterOptions{In: []string{run}, Out: view, out: &bytes.Buffer{}}, GlobalOptions{}, nil))
			wantErr("stats", runStats(ctx, StatsOptions{out: &bytes.Buffer{}}, GlobalOptions{}, []string{run}))
			exportOpts := ExportOptions{In: []string{run}, Out: filepath.Join(t.TempDir(), "ds"), Formats: "openai-jsonl", Unit: "transition",
				Layout: "messages", Roles: "raw", SplitBy: "task", out: &bytes.Buffer{}}
			wantErr("export", runExport(ctx, exportOpts, GlobalOptions{}, nil))

			var out bytes.Buffer
			if err := runStats(ctx, StatsOptions{JSON: true, SkipDamaged: true, out: &out}, GlobalOptions{}, []string{run}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), `"trials": 5`) {
				t.Errorf("stats --skip-damaged should count the 5 intact trials:\n%s", out.String())
			}
			exportOpts.SkipDamaged = true
			if err := runExport(ctx, exportOpts, GlobalOptions{}, nil); err != nil {
				t.Fatal(err)
			}
			card, _ := os.ReadFile(filepath.Join(exportOpts.Out, "README.md"))
			manifest, _ := os.ReadFile(filepath.Join(exportOpts.Out, "manifest.json"))
			if !strings.Contains(string(card), "1 damaged or missing run record was skipped") ||
				!strings.Contains(string(manifest), `"skipped_damaged_records"`) || !strings.Contains(string(manifest), `"offset": `+strconv.FormatInt(e.Offset, 10)) {
				t.Errorf("export --skip-damaged: the card and manifest should record the skipped record\n%s", manifest)
			}
			fo := FilterOptions{In: []string{run}, Out: view, out: &bytes.Buffer{}}
			fo.SkipDamaged = true
			if err := runFilter(ctx, fo, GlobalOptions{}, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestGenerateRepairAndResume: a run with a damaged header and a damaged
// data frame, repaired with check --repair and resumed with generate,
// holds exactly the trials of an undamaged run, and check then finds it
// clean. Before, generate said "0 trials played, N already recorded" and
// nothing could repair the run.
func TestGenerateRepairAndResume(t *testing.T) {
	path, _ := writeCraftingTasks(t, 24, 5)
	base := t.TempDir()
	ctx := context.Background()
	whole, damaged := filepath.Join(base, "whole"), filepath.Join(base, "damaged")
	for _, dir := range []string{whole, damaged} {
		if err := runGenerate(ctx, defaultGenerateOptions(t, []string{path}, dir), GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	entries := index(t, damaged).Entries()
	flipInRecord(t, damaged, entries[3].TrialID, 12, 2)    // header
	flipInRecord(t, damaged, entries[17].TrialID, 300, 16) // data frame

	var out bytes.Buffer
	if err := runCheck(ctx, CheckOptions{out: &out}, GlobalOptions{}, []string{damaged}); err == nil {
		t.Fatalf("check of a damaged run succeeded:\n%s", out.String())
	}
	out.Reset()
	if err := runCheck(ctx, CheckOptions{Repair: true, out: &out}, GlobalOptions{}, []string{damaged}); err != nil {
		t.Fatalf("check --repair: %v\n%s", err, out.String())
	}
	// Two stretches, or one when the two records lie side by side in the
	// file (which worker wrote first decides the file's order).
	aside, _ := os.ReadDir(filepath.Join(damaged, trajectory.DamagedDir))
	if len(aside) < 1 || len(aside) > 2 {
		t.Errorf("check --repair moved %d stretches aside, want 2 (or 1 if adjacent)", len(aside))
	}
	if got := index(t, damaged).Counts().Trials; got != 22 {
		t.Fatalf("after repair the run holds %d trials, want 22", got)
	}
	if err := runGenerate(ctx, defaultGenerateOptions(t, []string{path}, damaged), GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	sameTrials(t, "repaired and resumed vs whole", trials(t, damaged), trials(t, whole))
	if err := runCheck(ctx, CheckOptions{out: &bytes.Buffer{}}, GlobalOptions{}, []string{damaged}); err != nil {
		t.Errorf("check after the resume: %v", err)
	}
}

// TestGenerateRefusesALockedRun: a second writer (here one held open in
// this process) makes generate refuse the run, naming the holder's PID,
// instead of playing every trial twice.
func TestGenerateRefusesALockedRun(t *testing.T) {
	path, _ := writeCraftingTasks(t, 4, 5)
	dir := filepath.Join(t.TempDir(), "run")
	opts := defaultGenerateOptions(t, []string{path}, dir)
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	m, err := trajectory.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	holder, err := trajectory.OpenWriter(dir, m, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	err = runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil)
	var le *trajectory.LockedError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "process "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("generate into a locked run: err = %v, want a LockedError naming PID %d", err, os.Getpid())
	}
}
