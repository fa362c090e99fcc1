package js

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"collabcraft/world/js/hostile"
)

// The hostile corpus runs in a child process (this test binary again)
// under a memory ulimit: a program that escapes its limits then fails
// this test, naming itself, instead of taking the machine down.
const (
	hostileChild = "COLLABCRAFT_HOSTILE_CHILD"
	// hostileMemoryKB is the child's address space (ulimit -v): the Go
	// runtime, the world and one execution's limit with its margin.
	hostileMemoryKB = 3 << 20
	// hostileTime bounds each execution: what the step budget (about 1 s
	// on an idle core) or the memory limit take on a machine loaded many
	// times over, under the 30 s wall backstop, which no program may need.
	hostileTime = 20 * time.Second
	// hostileHeap bounds each execution's heap growth, sampled.
	hostileHeap = 1 << 30
)

// TestHostilePrograms: every program of the corpus ends as a thrown error
// with the expected text, within hostileTime and hostileHeap, and the
// process lives on.
func TestHostilePrograms(t *testing.T) {
	if os.Getenv(hostileChild) != "" {
		runHostile(t)
		return
	}
	if raceEnabled {
		t.Skip("the race detector needs more address space than the ulimit allows")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", `ulimit -v "$1" && exec "$0" -test.run '^TestHostilePrograms$' -test.v -test.count=1`,
		os.Args[0], fmt.Sprint(hostileMemoryKB))
	cmd.Env = append(os.Environ(), hostileChild+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	current := ""
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		lines = append(lines, line)
		if name, ok := strings.CutPrefix(line, "=== RUN   TestHostilePrograms/"); ok {
			current = name
		}
		if strings.Contains(line, "hostile_test.go") {
			t.Log(strings.TrimSpace(line))
		}
	}
	if err := cmd.Wait(); err != nil {
		tail := lines[max(0, len(lines)-40):]
		t.Fatalf("the corpus process failed (%v) in %q:\n%s", err, current, strings.Join(tail, "\n"))
	}
}

// runHostile is the child's side: each program in turn.
func runHostile(t *testing.T) {
	w := testWorld(t)
	for _, p := range hostile.Programs {
		t.Run(strings.ReplaceAll(p.Name, " ", "_"), func(t *testing.T) {
			runtime.GC()
			base := heapBytes()
			var peak atomic.Uint64
			peak.Store(base)
			done := make(chan struct{})
			go func() {
				tick := time.NewTicker(time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-done:
						return
					case <-tick.C:
						if h := heapBytes(); h > peak.Load() {
							peak.Store(h)
						}
					}
				}
			}()
			start := time.Now()
			res, err := Execute(context.Background(), w, "Andy_0", p.Code, Options{})
			took := time.Since(start)
			close(done)
			if err != nil {
				t.Fatal(err)
			}
			grew := peak.Load() - base
			t.Logf("%-32s %6.2fs %5d MiB  %.90s", p.Name, took.Seconds(), grew>>20, res.Error)
			matched := false
			for want := range strings.SplitSeq(p.Want, "|") {
				matched = matched || strings.HasPrefix(res.Error, want)
			}
			if res.Kind != Threw || !matched {
				t.Errorf("got %v %q, want a throw starting %q", res.Kind, res.Error, p.Want)
			}
			if took > hostileTime {
				t.Errorf("took %v, bound %v", took, hostileTime)
			}
			if grew > hostileHeap {
				t.Errorf("heap grew by %d MiB, bound %d MiB", grew>>20, hostileHeap>>20)
			}
		})
	}
}
