//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"collabcraft/trajectory"
)

const (
	mainArgsEnv  = "COLLABCRAFT_MAIN_ARGS"  // JSON array: the command line of mainChildProcess
	mainFSizeEnv = "COLLABCRAFT_MAIN_FSIZE" // bytes: the largest file mainChildProcess may write
)

func init() { childProcesses = append(childProcesses, mainChildProcess) }

// mainChildProcess is the collabcraft process of the tests below, when
// mainArgsEnv is set: it runs main with the command line in it, optionally
// with files limited in size (writes past the limit fail with EFBIG, as on
// a full disk), and exits as collabcraft does.
func mainChildProcess() {
	spec := os.Getenv(mainArgsEnv)
	if spec == "" {
		return
	}
	var args []string
	if err := json.Unmarshal([]byte(spec), &args); err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	if s := os.Getenv(mainFSizeEnv); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err == nil {
			signal.Ignore(syscall.SIGXFSZ) // fail the write instead of killing the process
			err = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
	}
	os.Args = append([]string{"collabcraft"}, args...)
	main()
	os.Exit(0)
}

// mainChild starts collabcraft with args (and a file size limit unless 0)
// in a child process; its stdout and stderr go to the buffers returned.
func mainChild(t *testing.T, fsize int, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	spec, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	child := exec.Command(os.Args[0], childTestArgs...)
	child.Env = append(os.Environ(), mainArgsEnv+"="+string(spec))
	if fsize > 0 {
		child.Env = append(child.Env, fmt.Sprintf("%s=%d", mainFSizeEnv, fsize))
	}
	var stdout, stderr bytes.Buffer
	child.Stdout, child.Stderr = &stdout, &stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	return child, &stdout, &stderr
}

// exitStatus waits for child and returns its exit status.
func exitStatus(t *testing.T, child *exec.Cmd) int {
	t.Helper()
	err := child.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return child.ProcessState.ExitCode()
}

// SIGINT exits 130 and SIGTERM 143 (issue 11: SIGTERM exited 130), and
// the message says what the run holds and how to go on, in one clean line
// (issue 11: "rerun the same command to resume sigint: context canceled").
func TestGenerateSignals(t *testing.T) {
	path, _ := writeCraftingTasks(t, 150, 9)
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		out := filepath.Join(t.TempDir(), "sigint")
		child, stdout, stderr := mainChild(t, 0, "generate", "--tasks", path, "--out", out, "--workers", "1", "--trials-per-task", "20", "-q")
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			if ix, err := trajectory.ReadIndex(out); err == nil && ix.Records() >= 4 {
				break
			}
			if time.Now().After(deadline) {
				child.Process.Kill()
				t.Fatalf("%v: the child recorded nothing in time:\n%s", tc.sig, stderr)
			}
		}
		if err := child.Process.Signal(tc.sig); err != nil {
			t.Fatal(err)
		}
		if code := exitStatus(t, child); code != tc.want {
			t.Errorf("%v: exit %d, want %d\n%s", tc.sig, code, tc.want, stderr)
		}
		n := index(t, out).Counts().Trials
		want := fmt.Sprintf("collabcraft: interrupted: %d trials recorded in %s; rerun the same command to resume\n", n, out)
		if stderr.String() != want || stdout.Len() != 0 {
			t.Errorf("%v: stderr %q, stdout %q; want stderr %q", tc.sig, stderr, stdout, want)
		}
		if n == 0 || n >= 3000 {
			t.Errorf("%v: %d trials recorded", tc.sig, n)
		}
	}
}

var trialIDPattern = regexp.MustCompile(`\w+#\d+`)

// Disk full during generate: the summary counts the trials on disk, and
// the error names the one trial whose write failed. (Issue 11: it said
// "0 trials recorded" with 133 on disk, and the error nested two trial
// names.) Files limited in size stand in for the full disk.
func TestGenerateDiskFull(t *testing.T) {
	path, _ := writeCraftingTasks(t, 40, 5)
	out := filepath.Join(t.TempDir(), "run")
	child, stdout, stderr := mainChild(t, 64<<10, "generate", "--tasks", path, "--out", out, "--workers", "4", "--trials-per-task", "3")
	if code := exitStatus(t, child); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout, stderr)
	}
	c := index(t, out).Counts()
	if c.Trials == 0 || c.Trials >= 120 || c.Records != c.Trials {
		t.Fatalf("the run holds %+v: want some of the 120 trials, each once", c)
	}
	played := fmt.Sprintf("generate: %s stopped: %d trials played, 0 already recorded (of 120)\n", out, c.Trials)
	run := fmt.Sprintf("  run          %d trials recorded, %d successes, %d errors\n", c.Trials, c.Successes, c.Errors)
	if !strings.HasPrefix(stdout.String(), played) || !strings.Contains(stdout.String(), run) {
		t.Errorf("summary:\n%swant %q and %q", stdout, played, run)
	}
	msg := stderr.String()
	ids := trialIDPattern.FindAllString(msg, -1)
	if !strings.HasPrefix(msg, "collabcraft: error: generate: writing the run: ") || !strings.Contains(msg, "file too large") ||
		len(ids) != 1 || strings.Count(msg, "\n") != 1 {
		t.Errorf("error %q: want one line about the failed write", msg)
	}
	for _, id := range ids {
		if id != ids[0] {
			t.Errorf("error %q names trials %s and %s", msg, ids[0], id)
			break
		}
	}
}
