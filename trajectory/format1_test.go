package trajectory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run of format 1 (testdata/format-1, written at 0c9b387 in two
// sessions of three trials) reads as it is. Cut, it is held to the counts
// its last writer left (issue 26: the cut read as an interrupted write,
// and the next writer rewrote the counts over the loss): readers and a
// writer refuse it until check --repair acknowledges the loss, which
// run.json then notes; a resumed writer plays the lost trials again and
// the run becomes format 2, its files sealed.
func TestFormat1Run(t *testing.T) {
	dir := t.TempDir()
	copyRun(t, "testdata/format-1", dir)
	if got := readAll(t, dir); len(got) != 6 {
		t.Fatalf("read %d trials, want 6", len(got))
	}
	if rep, err := Check(dir); err != nil || rep.Records != 6 || len(rep.Damaged) > 0 {
		t.Fatalf("Check: %+v, %v", rep, err)
	}
	names, _ := trialsFiles(dir)
	path := filepath.Join(dir, names[1])
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(b)/2], 0o644)

	var de *DamageError
	if _, err := Open(dir); !errors.As(err, &de) || !strings.Contains(err.Error(), "run.json counted 6 records") {
		t.Fatalf("Open after a cut: %v", err)
	}
	m := testManifest()
	m.Config = []byte(`{"backend":"scripted","seed":1}`)
	if _, err := OpenWriter(dir, m, WriterOptions{}); !errors.As(err, &de) {
		t.Fatalf("OpenWriter after a cut: %v", err)
	}
	rep, err := Repair(dir)
	if err != nil || len(rep.Lost()) == 0 {
		t.Fatalf("Repair: %+v %v", rep, err)
	}
	after, _ := ReadManifest(dir)
	if after.Format != FormatVersion || len(after.Repairs) != 1 || after.Repairs[0].Unnamed+len(after.Repairs[0].Trials) == 0 || len(after.Files) != 2 {
		t.Fatalf("run.json after the repair: format %d, repairs %+v, %d seals", after.Format, after.Repairs, len(after.Files))
	}
	ix, err := ReadIndex(dir)
	if err != nil || len(harmful(ix.Damaged())) > 0 {
		t.Fatalf("after the repair: %v %v", ix.Damaged(), err)
	}
	missing := 6 - len(ix.Entries())
	if missing == 0 {
		t.Fatal("the cut cost no trial")
	}
	w, err := OpenWriter(dir, m, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
}

// Blobs are held to their ids (issue 26: a word changed in a blob of
// run.json passed check and reached the dataset; with a blob missing,
// check --repair moved every intact record aside). A changed or missing
// blob fails readers and check, repair leaves the records where they
// are, and a writer registering the blob again restores the run.
func TestBlobDamage(t *testing.T) {
	blob := strings.Repeat("a static prompt part of the run ", 3)
	for _, fault := range []string{"changed", "missing"} {
		t.Run(fault, func(t *testing.T) {
			dir := t.TempDir()
			w := openTestWriter(t, dir, blob)
			for _, id := range []string{"t1", "t2"} {
				if err := w.Write(&Trial{TrialID: id, Agents: []Agent{{Name: "A", Memory: id + " " + blob}}}); err != nil {
					t.Fatal(err)
				}
			}
			w.Close()
			m, _ := ReadManifest(dir)
			id := BlobID(blob)
			if fault == "changed" {
				m.Blobs[id] = strings.Replace(blob, "static", "dynamic", 1)
			} else {
				delete(m.Blobs, id)
			}
			writeManifest(dir, m)

			if fault == "changed" {
				if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "blob "+id) {
					t.Fatalf("Open: %v", err)
				}
			}
			rep, err := Check(dir)
			if err != nil || !strings.Contains(rep.Damaged[len(rep.Damaged)-1].String(), id) || len(rep.Lost()) == 0 {
				t.Fatalf("Check: %+v %v", rep, err)
			}
			rep, err = Repair(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range rep.Damaged {
				if d.MovedTo != "" {
					t.Fatalf("Repair moved %v", d)
				}
			}
			if rep, _ := Check(dir); rep.Records != 0 || len(rep.Damaged) == 0 {
				t.Fatalf("Check after Repair: %+v", rep)
			}
			w = openTestWriter(t, dir, blob) // generate again: the blob is registered again
			w.Close()
			if got := readAll(t, dir); len(got) != 2 || got[0].Agents[0].Memory != "t1 "+blob {
				t.Fatalf("after registering the blob again: %d trials", len(got))
			}
		})
	}
}
