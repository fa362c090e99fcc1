package trajectory

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ReadTrials reads any entries in any order, across runs, as ReadTrial
// does one at a time; an entry of another run is an error and the rest
// still read.
func TestReadTrials(t *testing.T) {
	tmp := t.TempDir()
	r := rand.New(rand.NewPCG(5, 6))
	want := map[string]*Trial{}
	var dirs []string
	for run := range 2 {
		dir := filepath.Join(tmp, fmt.Sprintf("r%d", run))
		w := openTestWriter(t, dir)
		for i := range 20 {
			tr := randomTrial(r, 100*run+i, nil)
			want[dir+"/"+tr.TrialID] = tr
			if err := w.Write(tr); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	rd, err := Open(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	entries := rd.Index()
	r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	stray := entries[3]
	stray.Run = filepath.Join(tmp, "elsewhere")
	entries = slices.Insert(entries, 5, stray)
	i := 0
	for tr, err := range rd.ReadTrials(entries) {
		e := entries[i]
		i++
		if e.Run == stray.Run {
			if err == nil || !strings.Contains(err.Error(), "not a run of this reader") {
				t.Fatalf("entry of another run: got %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if tr.TrialID != e.TrialID || tr.Run != e.Run {
			t.Fatalf("entry %d: got trial %s of %s, want %s of %s", i, tr.TrialID, tr.Run, e.TrialID, e.Run)
		}
		sameTrial(t, want[e.Run+"/"+e.TrialID], tr)
		one, err := rd.ReadTrial(e)
		if err != nil {
			t.Fatal(err)
		}
		sameTrial(t, want[e.Run+"/"+e.TrialID], one)
	}
	if i != len(entries) {
		t.Fatalf("yielded %d, want %d", i, len(entries))
	}
	for range rd.ReadTrials(entries) {
		break // stopping early must not leak or panic
	}
}
