package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	for _, data := range []string{"first\n", "second, longer\n", ""} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != data {
			t.Fatalf("after Write(%q): file holds %q (%v)", data, got, err)
		}
	}
	onlyFile(t, path)
}

// A failed rename keeps the old file and leaves no temporary file behind.
func TestWriteFailureKeepsOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "view.json")
	if err := Write(path, []byte("old\n")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	rename = func(string, string) error { return boom }
	t.Cleanup(func() { rename = os.Rename })
	err := Write(path, []byte("new\n"))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "write "+path+": ") {
		t.Fatalf("Write = %v, want boom naming %s", err, path)
	}
	if got, _ := os.ReadFile(path); string(got) != "old\n" {
		t.Fatalf("file holds %q after a failed write, want the old contents", got)
	}
	onlyFile(t, path)
}

// Bad paths fail with one line naming the path and leave nothing behind.
func TestWriteBadPaths(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		dir:                              "write " + dir + ": is a directory (expected a file name)",
		filepath.Join(file, "t.json"):    "write " + filepath.Join(file, "t.json") + ": open " + file + "/.t.json.tmp",
		filepath.Join(dir, "new/t.json"): "write " + filepath.Join(dir, "new/t.json") + ": open " + dir + "/new/.t.json.tmp",
	} {
		err := Write(path, []byte("{}\n"))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Write(%s) = %v, want %q...", path, err, want)
		}
	}
	onlyFile(t, file)
}

func TestSyncDir(t *testing.T) {
	if err := SyncDir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if err := SyncDir(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("SyncDir(missing) = %v, want not-exist", err)
	}
}

// onlyFile fails unless path is the only entry of its directory.
func onlyFile(t *testing.T, path string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != filepath.Base(path) {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("directory holds %v, want only %s", names, filepath.Base(path))
	}
}
