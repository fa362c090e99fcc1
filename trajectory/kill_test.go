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

func init() { childProcesses = append(childProcesses, writerProcess) }

// writerProcess is the child process TestKillDuringWrites starts (it sets
// TRAJECTORY_HELPER_DIR): it writes trials until it is killed, printing
// the number of trials whose Write has returned.
func writerProcess() {
	dir := os.Getenv("TRAJECTORY_HELPER_DIR")
	if dir == "" {
		return
	}
	t := childTB{}
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
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
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
