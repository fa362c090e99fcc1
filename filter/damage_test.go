package filter

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"collabcraft/trajectory"
)

// damageRun writes the mixed run into dir and flips bytes inside the data
// frame of one trial's record; it returns that trial's id.
func damageRun(t *testing.T, dir string) string {
	t.Helper()
	writeRun(t, dir, mixedRun()...)
	ix, err := trajectory.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	victim := ix.Entries()[3]
	path := filepath.Join(dir, victim.File)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The record ends where the next one in its file starts; its data
	// frame is the record's tail.
	end := int64(len(b))
	for _, e := range ix.Entries() {
		if e.File == victim.File && e.Offset > victim.Offset && e.Offset < end {
			end = e.Offset
		}
	}
	at := end - 16
	for i := range 4 {
		b[at+int64(i)] ^= 0x5A
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return victim.TrialID
}

func TestDamagedRunIsAnErrorUnlessSkipped(t *testing.T) {
	run := filepath.Join(t.TempDir(), "run")
	victim := damageRun(t, run)
	total := len(mixedRun())

	_, err := Open(run)
	var de *trajectory.DamageError
	if !errors.As(err, &de) || len(de.Damaged) != 1 || de.Damaged[0].TrialID != victim {
		t.Fatalf("Open of a damaged run: err = %v, want a DamageError naming %s", err, victim)
	}

	in, err := OpenWith(trajectory.OpenOptions{SkipDamaged: true}, run)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for tr, err := range in.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		if tr.TrialID == victim {
			t.Fatalf("the damaged trial %s was read", victim)
		}
		n++
	}
	if n != total-1 || len(in.Damaged()) != 1 || in.Damaged()[0].TrialID != victim {
		t.Fatalf("read %d of %d trials, damaged %v", n, total, in.Damaged())
	}

	// A view made while skipping names only intact records, so it reads
	// without the option and says what its run had damaged.
	view := filepath.Join(t.TempDir(), "view")
	f, _ := New(Config{})
	v, err := MakeView(context.Background(), in, f, view)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteView(view, v); err != nil {
		t.Fatal(err)
	}
	vin, err := Open(view)
	if err != nil {
		t.Fatalf("reading a view of a damaged run: %v", err)
	}
	got := collect(t, vin.Trials())
	if len(got) != total-1 || len(vin.Damaged()) != 1 {
		t.Fatalf("view yields %d trials (want %d), damaged %v", len(got), total-1, vin.Damaged())
	}
}
