package export

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// --overwrite replaces a dataset or an empty directory; anything else is
// refused with a message naming it, and nothing is deleted (issue 11: a
// user's file in a folder that is not a dataset was deleted).
func TestOverwriteReplacesOnlyADataset(t *testing.T) {
	fx := newFixture(3, 2)
	parent := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, file, text, why string
	}{
		{"user-folder", "thesis.tex", "my thesis", "it has no manifest.json"},
		{"other-manifest", "manifest.json", `{"name": "my web app", "version": "1.0"}`, "its manifest.json is not a collabcraft dataset manifest"},
		{"broken-manifest", "manifest.json", `{"format_version": 1,`, "its manifest.json is not a collabcraft dataset manifest"},
	} {
		dest := filepath.Join(parent, tc.name)
		write(filepath.Join(dest, tc.file), tc.text)
		_, err := Write(context.Background(), fx.source(), dest, Options{Overwrite: true})
		if err == nil || !strings.Contains(err.Error(), dest+" is not a collabcraft dataset ("+tc.why+")") {
			t.Errorf("%s: want a refusal naming %s and why (%s), got %v", tc.name, dest, tc.why, err)
		}
		if got, err := os.ReadFile(filepath.Join(dest, tc.file)); err != nil || string(got) != tc.text {
			t.Errorf("%s: the user's file is gone or changed: %q, %v", tc.name, got, err)
		}
	}

	file := filepath.Join(parent, "notes.txt")
	write(file, "notes")
	_, err := Write(context.Background(), fx.source(), file, Options{Overwrite: true})
	if err == nil || !strings.Contains(err.Error(), file+" exists and is not a directory") {
		t.Errorf("a file as destination: got %v", err)
	}
	if got, _ := os.ReadFile(file); string(got) != "notes" {
		t.Errorf("the file was changed: %q", got)
	}

	empty := filepath.Join(parent, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for range 2 { // an empty directory, then the dataset made there
		if _, err := Write(context.Background(), fx.source(), empty, Options{Overwrite: true}); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(parent)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"broken-manifest", "empty", "notes.txt", "other-manifest", "user-folder"}; !slices.Equal(names, want) {
		t.Errorf("the destinations' parent holds %v, want %v", names, want)
	}
}

// The next export into a place removes the working directories killed
// exports left there, and nothing else that looks like one: not a
// running export's, not a user's folder of the same name.
func TestExportRemovesStaleTempDirs(t *testing.T) {
	fx := newFixture(3, 2)
	parent := t.TempDir()
	dest := filepath.Join(parent, "ds")

	killed, err := makeTempDir(dest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(killed.path, "half.parquet"), []byte("PAR1"), 0o644); err != nil {
		t.Fatal(err)
	}
	killed.marker.Close() // what the kernel does to the lock of a killed process
	running, err := makeTempDir(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer running.remove()
	user := filepath.Join(parent, ".ds.tmp-mine")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(user, markerName), []byte("my own notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	if _, err := Write(context.Background(), fx.source(), dest, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(killed.path); !os.IsNotExist(err) {
		t.Errorf("the killed export's directory is still there (%v)", err)
	}
	for _, dir := range []string{running.path, user} {
		if _, err := os.Stat(filepath.Join(dir, markerName)); err != nil {
			t.Errorf("%s was touched: %v", dir, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dest, markerName)); !os.IsNotExist(err) {
		t.Errorf("the dataset holds the marker (%v)", err)
	}
}

// datasetIn writes a dataset at parent/ds and returns its path and its
// fixture.
func datasetIn(t *testing.T, parent string) (string, *fixture) {
	t.Helper()
	fx := newFixture(3, 2)
	dest := filepath.Join(parent, "ds")
	if _, err := Write(context.Background(), fx.source(), dest, Options{}); err != nil {
		t.Fatal(err)
	}
	return dest, fx
}

// entriesOf lists a directory's names.
func entriesOf(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// An export killed in its swap leaves nothing behind once the next export
// into the place has run, and never leaves the place without a dataset
// (issue 26: each kill left a whole old dataset and an unmarked working
// directory, never cleaned; one left no dataset at --out). The states a
// kill can leave are made by hand: killed after moving the old dataset
// aside (where directories cannot be exchanged), and after exchanging them.
func TestExportCleansAKilledSwap(t *testing.T) {
	parent := t.TempDir()
	dest, fx := datasetIn(t, parent)
	before, _ := os.ReadFile(filepath.Join(dest, "manifest.json"))

	// Killed between the two renames: the old dataset aside, the new one
	// complete and no longer marked.
	aside := filepath.Join(parent, ".ds.old-123")
	os.Mkdir(aside, 0o755)
	if err := os.Rename(dest, filepath.Join(aside, "ds")); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), fx.source(), filepath.Join(parent, "new"), Options{}); err != nil {
		t.Fatal(err)
	}
	os.Rename(filepath.Join(parent, "new"), filepath.Join(parent, ".ds.tmp-456"))
	unlock, _ := lockDir(parent)
	cleanLeftovers(dest)
	unlock()
	if got, _ := os.ReadFile(filepath.Join(dest, "manifest.json")); string(got) != string(before) {
		t.Fatal("the old dataset is not back at the destination")
	}
	if names := entriesOf(t, parent); !slices.Equal(names, []string{"ds"}) {
		t.Fatalf("left behind: %v", names)
	}

	// Killed right after the exchange: the new dataset in place, the old
	// one in the working directory.
	if _, err := Write(context.Background(), fx.source(), filepath.Join(parent, ".ds.tmp-789"), Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), fx.source(), dest, Options{Overwrite: true}); err != nil {
		t.Fatal(err)
	}
	if names := entriesOf(t, parent); !slices.Equal(names, []string{"ds"}) {
		t.Fatalf("left behind: %v", names)
	}
}

// An export refuses a destination that holds its input (issue 26: export
// --in ds/myrun --out ds --overwrite deleted the run).
func TestExportRefusesItsInput(t *testing.T) {
	parent := t.TempDir()
	dest, fx := datasetIn(t, parent)
	run := filepath.Join(dest, "myrun")
	os.MkdirAll(run, 0o755)
	os.WriteFile(filepath.Join(run, "run.json"), []byte("{}"), 0o644)
	for _, src := range []string{run, dest, dest + "/./myrun/"} {
		_, err := Write(context.Background(), fx.source(), dest, Options{Overwrite: true, Sources: []string{src}})
		if err == nil || !strings.Contains(err.Error(), "holds the input") {
			t.Errorf("--in %s --out %s: %v", src, dest, err)
		}
	}
	if _, err := os.Stat(filepath.Join(run, "run.json")); err != nil {
		t.Fatalf("the input is gone: %v", err)
	}
	if _, err := Write(context.Background(), fx.source(), filepath.Join(parent, "other"), Options{Sources: []string{run}}); err != nil {
		t.Fatalf("a destination beside the input: %v", err)
	}
}

// A stop at any point before the swap keeps the old dataset and leaves
// nothing behind (issue 26: SIGTERM while the card was written was
// ignored, and the dataset replaced).
func TestExportStoppedKeepsTheOldDataset(t *testing.T) {
	parent := t.TempDir()
	dest, fx := datasetIn(t, parent)
	before, _ := os.ReadFile(filepath.Join(dest, "manifest.json"))
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Write(ctx, fx.source(), dest, Options{Overwrite: true, Name: "second", Summary: func(string) (string, error) {
		cancel() // the signal arrives while the card is written
		return "", nil
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dest, "manifest.json")); string(got) != string(before) {
		t.Fatal("the dataset was replaced")
	}
	if names := entriesOf(t, parent); !slices.Equal(names, []string{"ds"}) {
		t.Fatalf("left behind: %v", names)
	}
}
