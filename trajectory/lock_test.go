//go:build unix

package trajectory

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

func init() { childProcesses = append(childProcesses, holderProcess) }

// holderProcess is the child process TestOneWriterPerRun starts (it sets
// TRAJECTORY_HOLDER_DIR): it opens a writer and waits to be killed.
func holderProcess() {
	dir := os.Getenv("TRAJECTORY_HOLDER_DIR")
	if dir == "" {
		return
	}
	w, err := OpenWriter(dir, testManifest(), WriterOptions{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	// Kept reachable: an unreferenced writer's lock file would be closed
	// by its finalizer at the next GC, dropping the lock (a flaky pass of
	// the merge below).
	heldWriter = w
	fmt.Println("ready")
	// Hold the run until the parent closes our stdin (or kills us). Not
	// select{}: with every goroutine blocked, the runtime's deadlock check
	// kills the process once its last timer has fired ("all goroutines
	// are asleep"), which let the parent's merge through under load.
	io.Copy(io.Discard, os.Stdin)
	os.Exit(0)
}

var heldWriter *Writer

// TestOneWriterPerRun: while another process writes a run, a writer, a
// merge into it and a repair of it are refused naming that process; once
// it is killed, its lock is gone.
func TestOneWriterPerRun(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TRAJECTORY_HOLDER_DIR="+dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe() // closed when the test ends: the child exits
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if sc := bufio.NewScanner(out); !sc.Scan() || sc.Text() != "ready" {
		t.Fatalf("helper: %q", sc.Text())
	}
	pid := cmd.Process.Pid
	refused := func(what string, err error) {
		t.Helper()
		var le *LockedError
		if !errors.As(err, &le) || le.PID != pid || !strings.Contains(err.Error(), fmt.Sprintf("process %d", pid)) {
			// Say whether the holder still lives and holds the lock, to
			// tell a lost lock from a dead holder (seen once under load).
			alive := syscall.Kill(pid, 0) == nil
			holder, writing, werr := Writing(dir)
			cmd.Process.Kill()
			cmd.Wait() // its stderr is all copied once it is reaped
			t.Fatalf("%s while process %d writes the run: err = %v (holder alive or a zombie %v; lock held by %d: %v, %v; its stderr %q)", what, pid, err, alive, holder, writing, werr, stderr.String())
		}
	}
	_, err = OpenWriter(dir, testManifest(), WriterOptions{})
	refused("a second writer", err)
	src := t.TempDir()
	w := openTestWriter(t, src)
	if err := w.Write(&Trial{TrialID: "t1", Outcome: Outcome{EndReason: EndSuccess}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	refused("a merge into it", Merge(dir, []string{src}, MergeOptions{}))
	_, err = Repair(dir)
	refused("a repair", err)

	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if err := Merge(dir, []string{src}, MergeOptions{}); err != nil {
		t.Fatalf("merge after the writer was killed: %v", err)
	}
}
