package main

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// residentBytes is the process's resident memory now (VmRSS).
func residentBytes(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// TestCardAuditStartsWithoutTheWritersGarbage: what was freed before the
// card audit (here 128 MiB standing for the writers' buffers) is handed
// back to the system as the audit starts, so the audit's memory is not
// stacked on it.
func TestCardAuditStartsWithoutTheWritersGarbage(t *testing.T) {
	run := fixtureRun(t)
	garbage := make([]byte, 128<<20)
	for i := range garbage {
		garbage[i] = byte(i)
	}
	before := residentBytes(t)
	runtime.KeepAlive(garbage)
	garbage = nil
	var at int64
	opts := ExportOptions{In: []string{run}, Out: filepath.Join(t.TempDir(), "ds"), Formats: "parquet", Unit: "transition",
		Layout: "messages", Roles: "raw", SplitBy: "task", Audit: true, out: &strings.Builder{},
		auditing: func() { at = residentBytes(t) }}
	if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if at == 0 {
		t.Fatal("no card audit")
	}
	if at > before-96<<20 {
		t.Errorf("the freed 128 MiB stayed resident into the card audit: %d MiB before, %d MiB as it started", before>>20, at>>20)
	}
}
