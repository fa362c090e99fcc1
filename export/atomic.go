package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkDest fails early when dest holds something we may not replace.
func checkDest(dest string, overwrite bool) error {
	fi, err := os.Stat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("export: %w", err)
	case !overwrite:
		return fmt.Errorf("export: %s already exists (ask to overwrite it, or choose another destination)", dest)
	case !fi.IsDir():
		return fmt.Errorf("export: %s exists and is not a directory; not replacing it", dest)
	}
	return nil
}

// makeTempDir creates the working directory beside dest, on the same file
// system, so the final rename is atomic.
func makeTempDir(dest string) (string, error) {
	parent := filepath.Dir(filepath.Clean(dest))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	tmp, err := os.MkdirTemp(parent, "."+baseName(dest)+".tmp-")
	if err != nil {
		return "", fmt.Errorf("export: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("export: %w", err)
	}
	return tmp, nil
}

// commitDir moves the finished tmp directory to dest. An existing dest is
// replaced only with overwrite, by moving it aside first and deleting it
// only once the new dataset is in place; if that fails it is moved back.
func commitDir(tmp, dest string, overwrite bool) error {
	syncDir(tmp)
	if err := checkDest(dest, overwrite); err != nil {
		return err
	}
	if _, err := os.Stat(dest); err == nil {
		oldDir, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dest)), "."+baseName(dest)+".old-")
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		defer func() {
			if oldDir != "" {
				os.RemoveAll(oldDir)
			}
		}()
		old := filepath.Join(oldDir, baseName(dest))
		if err := os.Rename(dest, old); err != nil {
			return fmt.Errorf("export: moving the old dataset aside: %w", err)
		}
		if err := os.Rename(tmp, dest); err != nil {
			if rerr := os.Rename(old, dest); rerr != nil {
				oldDir = "" // keep it: it is the only copy
				return fmt.Errorf("export: installing the new dataset: %v; the old one is kept at %s (%v)", err, old, rerr)
			}
			return fmt.Errorf("export: installing the new dataset: %w", err)
		}
		syncDir(filepath.Dir(filepath.Clean(dest)))
		return nil
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	syncDir(filepath.Dir(filepath.Clean(dest)))
	return nil
}

// syncDir makes a rename durable; errors are ignored as some file systems
// cannot sync directories.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

func removeAll(dir string) { os.RemoveAll(dir) }

func baseName(dest string) string { return filepath.Base(filepath.Clean(dest)) }
