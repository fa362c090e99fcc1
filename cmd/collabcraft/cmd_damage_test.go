package main

import (
	"bytes"
	"context"
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
			if !strings.Contains(string(card), "1 damaged run record(s) were skipped") ||
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
