//go:build unix

package trajectory

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
)

// TestHelperWriter is not a test: TestKillDuringWrites runs the test binary
// as a child process that writes trials until it is killed, printing the
// number of trials whose Write has returned.
func TestHelperWriter(t *testing.T) {
	dir := os.Getenv("TRAJECTORY_HELPER_DIR")
	if dir == "" {
		t.Skip("not a test of its own: the child process the kill tests start and kill (they set TRAJECTORY_HELPER_DIR)")
	}
	w, err := OpenWriter(dir, testManifest(), WriterOptions{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	w.AddBlobs(realisticBlobs(t)...)
	for i := uint64(0); ; i++ {
		if err := w.Write(realisticTrial(t, i, 20)); err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		fmt.Println(i + 1)
	}
}

// TestKillDuringWrites kills a writing process with SIGKILL: every trial it
// acknowledged is in the run, byte-exact, and nothing partial is.
func TestKillDuringWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$")
	cmd.Env = append(os.Environ(), "TRAJECTORY_HELPER_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	acked := 0
	for acked < 25 && sc.Scan() {
		n, err := strconv.Atoi(sc.Text())
		if err != nil {
			t.Fatalf("helper: %s", sc.Text())
		}
		acked = n
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	captureWarnings(t)
	got := readAll(t, dir)
	if len(got) < acked {
		t.Fatalf("%d trials in the run, but %d were acknowledged", len(got), acked)
	}
	for _, tr := range got {
		sameTrial(t, realisticTrial(t, tr.Seed, 20), tr)
	}
	t.Logf("killed after %d acknowledged trials; %d in the run", acked, len(got))
}
