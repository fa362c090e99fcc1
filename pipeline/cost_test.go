package pipeline

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStageCosts: a stage run twice adds up under one name, its error is
// passed on, and the costs show the work done: CPU time for a busy
// stage, the memory it touched as its peak.
func TestStageCosts(t *testing.T) {
	p := &Plan{}
	var keep []byte
	busy := func() error {
		keep = make([]byte, 64<<20)
		for i := range keep {
			keep[i] = byte(i)
		}
		return nil
	}
	if err := p.timed("generate", busy); err != nil {
		t.Fatal(err)
	}
	broken := errors.New("no disk")
	if err := p.timed("generate", func() error { return broken }); !errors.Is(err, broken) {
		t.Fatalf("error %v", err)
	}
	if err := p.timed("export", func() error { time.Sleep(20 * time.Millisecond); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(p.costs) != 2 || p.costs[0].Stage != "generate" || p.costs[1].Stage != "export" {
		t.Fatalf("costs %+v", p.costs)
	}
	g, e := p.costs[0], p.costs[1]
	if runtime.GOOS == "linux" && (g.CPU <= 0 || g.PeakRSS < 64<<20) {
		t.Errorf("generate touched 64 MiB: %+v", g)
	}
	if e.Wall < 20*time.Millisecond {
		t.Errorf("export slept 20 ms: %+v", e)
	}
	if line := CostLine(p.costs); !strings.HasPrefix(line, "generate ") || !strings.Contains(line, ", export ") || !strings.Contains(line, "CPU-s") {
		t.Errorf("line %q", line)
	}
	runtime.KeepAlive(keep)
}

// TestStageStartsWithoutTheLastOnesGarbage: what a stage freed is handed
// back to the system before the next stage starts, so its peak is its own.
func TestStageStartsWithoutTheLastOnesGarbage(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak of a stage alone is Linux's (VmHWM)")
	}
	p := &Plan{}
	if err := p.timed("generate", func() error {
		garbage := make([]byte, 128<<20)
		for i := range garbage {
			garbage[i] = byte(i)
		}
		runtime.KeepAlive(garbage)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := p.timed("export", func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	g, e := p.costs[0], p.costs[1]
	if g.PeakRSS < 128<<20 || e.PeakRSS > g.PeakRSS-96<<20 {
		t.Errorf("generate's 128 MiB of garbage stayed resident into export: generate %d MiB, export %d MiB", g.PeakRSS>>20, e.PeakRSS>>20)
	}
}
