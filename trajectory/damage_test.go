package trajectory

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDamageCostsOnlyItsRecord reproduces the cases of issue 11: 16 bytes
// flipped inside one trial's zstd frame, and 2 bytes flipped in a record
// header mid-file. Either way a default reader fails naming the damaged
// record and the fix, a skipping reader reads every other trial, and
// resume plays exactly the damaged trial again.
func TestDamageCostsOnlyItsRecord(t *testing.T) {
	src := t.TempDir()
	w := openTestWriter(t, src, realisticBlobs(t)...)
	for i := range 20 {
		if err := w.Write(realisticTrial(t, uint64(i), 3)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	ix, _ := ReadIndex(src)
	for _, tc := range []struct {
		name string
		at   func(e IndexEntry) int64 // where to flip, in the record e
		n    int
	}{
		{"data frame", func(e IndexEntry) int64 { return e.dataOff + e.dataLen/3 }, 16},
		{"record header", func(e IndexEntry) int64 { return e.Offset + 12 }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			copyRun(t, src, dir)
			victim := ix.Entries()[10]
			path := filepath.Join(dir, victim.File)
			b, _ := os.ReadFile(path)
			for i := range tc.n {
				b[tc.at(victim)+int64(i)] ^= 0xA5
			}
			os.WriteFile(path, b, 0o644)

			_, err := Open(dir)
			var de *DamageError
			if !errors.As(err, &de) || len(de.Damaged) != 1 || !strings.Contains(err.Error(), fmt.Sprintf("offset %d", victim.Offset)) ||
				!strings.Contains(err.Error(), "collabcraft check --repair") {
				t.Fatalf("Open: err = %v", err)
			}
			r, err := OpenWith(OpenOptions{SkipDamaged: true}, dir)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for tr, err := range r.Trials() {
				if err != nil || tr.TrialID == victim.TrialID {
					t.Fatalf("trial %v: err = %v", tr, err)
				}
				n++
			}
			if n != 19 || len(r.Damaged()) != 1 {
				t.Fatalf("read %d trials, damaged %v", n, r.Damaged())
			}
			resumeIx, err := ReadIndex(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ix.Entries() {
				if resumeIx.Done(e.TrialID) == (e.TrialID == victim.TrialID) {
					t.Errorf("resume: Done(%s) = %v", e.TrialID, resumeIx.Done(e.TrialID))
				}
			}
		})
	}
}
