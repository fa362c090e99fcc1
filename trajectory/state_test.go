package trajectory

import (
	"slices"
	"strings"
	"testing"
)

// A run's state changes with each write session and names only its
// trials files.
func TestReadState(t *testing.T) {
	dir := t.TempDir()
	w := openTestWriter(t, dir)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	empty, err := ReadState(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := ReadManifest(dir)
	if empty.Fingerprint == "" || empty.Fingerprint != m.Fingerprint || len(empty.Files) != 0 {
		t.Fatalf("new run: %+v (manifest fingerprint %q)", empty, m.Fingerprint)
	}

	var states []State
	for i := range 2 {
		w := openTestWriter(t, dir)
		if err := w.Write(realisticTrial(t, uint64(i), 2)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := ReadState(dir)
		if err != nil {
			t.Fatal(err)
		}
		states = append(states, s)
	}
	if len(states[0].Files) != 1 || len(states[1].Files) != 2 || !slices.IsSorted(states[1].Files) {
		t.Fatalf("states %+v", states)
	}
	for _, f := range states[1].Files {
		if name, size, ok := strings.Cut(f, " "); !ok || !strings.HasSuffix(name, TrialsExt) || strings.Contains(name, "/") || size == "0" {
			t.Errorf("file state %q: want NAME SIZE", f)
		}
	}
	if _, err := ReadState(t.TempDir()); err == nil {
		t.Error("a directory without run.json has a state")
	}
}
