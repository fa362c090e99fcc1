//go:build unix

package export

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

const killChildEnv = "COLLABCRAFT_EXPORT_KILL_CHILD"

func init() { childProcesses = append(childProcesses, exportKillChild) }

// exportKillChild is the export TestKilledExportLeavesNoTempDir kills,
// when killChildEnv is set: it writes a few batches of examples (test ones
// spooled beside train's) into the destination it names, then waits to be
// killed.
func exportKillChild() {
	dest := os.Getenv(killChildEnv)
	if dest == "" {
		return
	}
	fx := newFixture(40, 4)
	src := func(yield func(Example, error) bool) {
		for _, e := range fx.examples {
			if !yield(e, nil) {
				return
			}
		}
		time.Sleep(time.Minute)
	}
	Write(context.Background(), src, dest, Options{})
	os.Exit(0)
}

// An export killed with kill -9 leaves its working directory, with the
// spooled rows of its splits other than train, and no dataset; the next
// export into the same place removes it (issue 11: ~90 MB leaked each time).
func TestKilledExportLeavesNoTempDir(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "ds")
	child := exec.Command(os.Args[0], "-test.run=^$", "-test.count=1")
	child.Env = append(os.Environ(), killChildEnv+"="+dest)
	var out bytes.Buffer
	child.Stdout, child.Stderr = &out, &out
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	tmpDirs := func() []string {
		dirs, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), ".ds.tmp-*"))
		return dirs
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if dirs := tmpDirs(); len(dirs) == 1 {
			text, _ := os.ReadFile(filepath.Join(dirs[0], markerName))
			spooled, _ := filepath.Glob(filepath.Join(dirs[0], spoolDirName, "*.zst"))
			if string(text) == markerText && len(spooled) > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatalf("the child made no working directory in time:\n%s", out.String())
		}
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	left := tmpDirs()
	if len(left) != 1 {
		t.Fatalf("after kill -9: %v, want the child's working directory", left)
	}
	if _, err := os.Stat(dest); !os.IsNotExist(err) {
		t.Fatalf("a killed export left a dataset: %v", err)
	}

	if _, err := Write(context.Background(), newFixture(3, 2).source(), dest, Options{}); err != nil {
		t.Fatal(err)
	}
	if dirs := tmpDirs(); len(dirs) != 0 {
		t.Errorf("after the next export: %v left", dirs)
	}
}
