package trajectory

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunBeforeChecksums reads a run written before record headers had
// checksums (testdata/before-checksums, made at 4e235dd: t1 errored, then
// re-ran in a second file). Damage to its data frames shows only when they
// are decoded: Check finds it, Repair moves it aside, and a resumed writer
// (whose records have checksums) completes the run.
func TestRunBeforeChecksums(t *testing.T) {
	dir := t.TempDir()
	copyRun(t, "testdata/before-checksums", dir)
	got := readAll(t, dir)
	if len(got) != 3 || got[1].TrialID != "t1" || got[1].Outcome.EndReason != EndSuccess ||
		!strings.Contains(got[0].Agents[0].Transitions[0].Messages[0].Content, "!collectBlocks") {
		t.Fatalf("read %+v", got)
	}
	for _, tr := range got { // made before Transition.Scripted
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				if x.Scripted != "" {
					t.Fatalf("trial %s: scripted %q", tr.TrialID, x.Scripted)
				}
			}
		}
	}
	if rep, err := Check(dir); err != nil || rep.Records != 4 || rep.Trials != 3 || len(rep.Damaged) > 0 {
		t.Fatalf("Check: %+v, %v", rep, err)
	}

	ix, _ := ReadIndex(dir)
	e, _ := ix.Lookup("t2")
	path := filepath.Join(dir, e.File)
	b, _ := os.ReadFile(path)
	b[e.dataOff+e.dataLen/2] ^= 0x55
	os.WriteFile(path, b, 0o644)
	r, err := Open(dir) // the index cannot see damage to unchecksummed data
	if err != nil {
		t.Fatal(err)
	}
	var de *DamageError
	for tr, err := range r.Trials() {
		if err != nil && (!errors.As(err, &de) || de.Damaged[0].TrialID != "t2") {
			t.Fatalf("trial %v: err = %v", tr, err)
		}
	}
	if de == nil || len(r.Damaged()) != 1 {
		t.Fatalf("damage of t2 not reported: %v", r.Damaged())
	}
	rep, err := Check(dir)
	if err != nil || len(rep.Lost()) != 1 || rep.Lost()[0].TrialID != "t2" {
		t.Fatalf("Check: %+v, %v", rep, err)
	}

	if _, err := Repair(dir); err != nil {
		t.Fatal(err)
	}
	w, err := OpenWriter(dir, &Manifest{Config: []byte(`{"backend":"scripted","seed":1}`)}, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(got[2]); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	again := readAll(t, dir)
	for i := range got {
		got[i].Run = ""
		sameTrial(t, got[i], again[i])
	}
	if m, _ := ReadManifest(dir); m.Format != FormatVersion || m.Counts.Trials != 3 {
		t.Fatalf("resumed run: format %d, counts %+v", m.Format, m.Counts)
	}
}
