package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The global --quiet reaches the commands: procgen tasks prints its
// summary line to stderr only without it.
func TestQuietReachesCommands(t *testing.T) {
	dir := t.TempDir()
	stderr := os.Stderr
	t.Cleanup(func() { os.Stderr = stderr })
	for _, quiet := range []bool{false, true} {
		f, err := os.Create(filepath.Join(dir, "stderr"))
		if err != nil {
			t.Fatal(err)
		}
		os.Stderr = f
		args := []string{"procgen", "tasks", "--type", "crafting", "--n", "2", "-o", filepath.Join(dir, "tasks.json")}
		if quiet {
			args = append([]string{"-q"}, args...)
		}
		root := newRootCommand()
		root.SetArgs(args)
		err = root.Execute()
		os.Stderr = stderr
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(f.Name())
		if printed := strings.Contains(string(got), "wrote 2 crafting tasks"); printed == quiet {
			t.Errorf("quiet %t: stderr %q", quiet, got)
		}
	}
}
