//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Files are 0666 less the umask, like os.WriteFile, and not os.CreateTemp's
// 0600: a replaced 0600 file comes out 0644 under umask 022.
func TestWriteModeFollowsUmask(t *testing.T) {
	for _, tc := range []struct {
		umask int
		want  os.FileMode
	}{{0o022, 0o644}, {0o077, 0o600}, {0o002, 0o664}} {
		old := syscall.Umask(tc.umask)
		path := filepath.Join(t.TempDir(), "tasks.json")
		if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		err := Write(path, []byte("new"))
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != tc.want {
			t.Errorf("umask %03o: mode %v, want %v", tc.umask, got, tc.want)
		}
	}
}
