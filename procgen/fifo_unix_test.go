//go:build unix

package procgen

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestMalformedFIFOLine: a malformed task file read from a FIFO (a shell's
// <(...)) gets the line of its error, without the file being opened again
// (a FIFO opened again waits for a writer that has gone).
func TestMalformedFIFOLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tasks.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString("{\n  \"a\": {\"type\": \"techtree\"},\n  \"b\": {\"type\": \"techtree\",}\n}\n")
		f.Close()
	}()
	_, err := ReadTaskFile(path)
	if err == nil || !strings.Contains(err.Error(), `task "b": malformed JSON: line 3:`) {
		t.Fatalf("got %v, want task b's error on line 3", err)
	}
}
