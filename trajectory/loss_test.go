package trajectory

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeTrials writes n trials named prefix0, prefix1, ... in one session.
func writeTrials(t *testing.T, dir, prefix string, n int) string {
	t.Helper()
	w := openTestWriter(t, dir)
	for i := range n {
		tr := &Trial{TrialID: fmt.Sprintf("%s%02d", prefix, i), Outcome: Outcome{EndReason: EndSuccess, Success: true},
			Agents: []Agent{{Name: "A", Memory: strings.Repeat(fmt.Sprint(prefix, i), 40)}}}
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	file := w.File()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return file
}

// A splice of two files mid-record names every record it destroyed, and
// the records spliced in (of this run or of another) are never adopted
// (issue 26: one record was named, the other 50 or 81 were gone without
// a word, and 109 trials of another run were read as this run's).
func TestSpliceNamesEveryRecord(t *testing.T) {
	for _, from := range []string{"this run", "another run"} {
		t.Run(from, func(t *testing.T) {
			dir := t.TempDir()
			a := writeTrials(t, dir, "a", 20)
			other, prefix := dir, "b"
			if from == "another run" {
				other, prefix = t.TempDir(), "x"
			}
			b := writeTrials(t, other, prefix, 20)
			ab, _ := os.ReadFile(filepath.Join(dir, a))
			bb, _ := os.ReadFile(filepath.Join(other, b))
			x, y := len(ab)*2/5+7, len(bb)/3+11 // both mid-record
			os.WriteFile(filepath.Join(dir, a), append(ab[:x:x], bb[y:]...), 0o644)

			ix, err := ReadIndex(dir)
			if err != nil {
				t.Fatal(err)
			}
			var lostIDs []string
			foreign := 0
			for _, d := range ix.Damaged() {
				switch {
				case d.Foreign != "":
					foreign++
				case d.Lost() && d.TrialID != "":
					lostIDs = append(lostIDs, d.TrialID)
				case d.Lost():
					t.Errorf("unnamed loss %v", d)
				}
			}
			kept := 0
			for _, e := range ix.Entries() {
				if strings.HasPrefix(e.TrialID, "a") {
					kept++
				}
				if strings.HasPrefix(e.TrialID, "x") {
					t.Errorf("trial %s of another run adopted", e.TrialID)
				}
			}
			if kept+len(lostIDs) != 20 || len(lostIDs) < 10 || foreign == 0 {
				t.Fatalf("kept %d, lost %d named (%v), %d foreign stretches: %v", kept, len(lostIDs), lostIDs, foreign, ix.Damaged())
			}
			rep, err := Repair(dir)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := ReadManifest(dir)
			note := m.Repairs[len(m.Repairs)-1]
			slices.Sort(note.Trials)
			slices.Sort(lostIDs)
			if !slices.Equal(note.Trials, lostIDs) || note.Unnamed != 0 || len(rep.Harmful()) == 0 {
				t.Fatalf("repair noted %v (+%d unnamed), want %v", note.Trials, note.Unnamed, lostIDs)
			}
			if rep, err := Check(dir); err != nil || len(rep.Damaged) != 0 {
				t.Fatalf("after repair: %+v %v", rep, err)
			}
		})
	}
}

// A bit flipped in a record's length prefix (issue 26: outside both
// checksums, it read as a crash's cut and cost the records after it
// without a word) is named as that record's damage, never as an
// interrupted write.
func TestLengthPrefixFlips(t *testing.T) {
	dir := t.TempDir()
	file := writeTrials(t, dir, "t", 4)
	path := filepath.Join(dir, file)
	full, _ := os.ReadFile(path)
	ix, _ := ReadIndex(dir)
	for _, e := range ix.Entries() {
		for bit := range 32 {
			b := slices.Clone(full)
			n := binary.LittleEndian.Uint32(b[e.Offset+4:])
			binary.LittleEndian.PutUint32(b[e.Offset+4:], n^1<<bit)
			os.WriteFile(path, b, 0o644)
			got, err := ReadIndex(dir)
			if err != nil {
				t.Fatal(err)
			}
			ds := got.Damaged()
			if len(ds) != 1 || ds[0].Interrupted || ds[0].TrialID != e.TrialID || !ds[0].Lost() {
				t.Fatalf("%s, bit %d of its length prefix: %v", e.TrialID, bit, ds)
			}
			var de *DamageError
			if _, err := Open(dir); !errors.As(err, &de) {
				t.Fatalf("%s, bit %d: Open: %v", e.TrialID, bit, err)
			}
		}
	}
}
