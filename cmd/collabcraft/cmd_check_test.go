package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// TestRunCheck: check names the damaged record and fails; --repair moves
// it aside and says which trial to play again; then the run checks clean.
func TestRunCheck(t *testing.T) {
	run := filepath.Join(t.TempDir(), "r")
	writeRunWithConfig(t, run, `{}`, fixtureTrial("t1", "techtree", 1, true, nil, 2),
		fixtureTrial("t2", "techtree", 1, true, nil, 2), fixtureTrial("t3", "techtree", 0, false, nil, 1))
	ix, err := trajectory.ReadIndex(run)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := ix.Lookup("t2")
	next, _ := ix.Lookup("t3")
	path := filepath.Join(run, e.File)
	b, _ := os.ReadFile(path)
	b[next.Offset-3] ^= 0xff // in t2's zstd frame
	os.WriteFile(path, b, 0o644)

	var out bytes.Buffer
	err = runCheck(context.Background(), CheckOptions{out: &out}, GlobalOptions{}, []string{run})
	if err == nil || !strings.Contains(err.Error(), "collabcraft check --repair "+run) ||
		!strings.Contains(out.String(), `trial "t2": data checksum mismatch`) {
		t.Fatalf("check: err = %v, output:\n%s", err, out.String())
	}
	out.Reset()
	if err := runCheck(context.Background(), CheckOptions{Repair: true, out: &out}, GlobalOptions{}, []string{run}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "moved to damaged/") || !strings.Contains(out.String(), "1 trial lost, no longer recorded") {
		t.Fatalf("check --repair output:\n%s", out.String())
	}
	out.Reset()
	if err := runCheck(context.Background(), CheckOptions{out: &out}, GlobalOptions{}, []string{run}); err != nil ||
		!strings.Contains(out.String(), ": 1 trials file, 2 intact records, 2 trials, no damage") {
		t.Fatalf("check after repair: err = %v, output:\n%s", err, out.String())
	}
}
