package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"collabcraft/atomicfile"
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
	if err := syncTree(tmp); err != nil {
		return err
	}
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
		return syncParent(dest)
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return syncParent(dest)
}

// syncTree syncs every directory under root, so the files written and
// renamed in them (e.g. data/) are there once root is renamed into place.
func syncTree(root string) error {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return atomicfile.SyncDir(path)
	})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// syncParent makes the rename of dest durable.
func syncParent(dest string) error {
	if err := atomicfile.SyncDir(filepath.Dir(filepath.Clean(dest))); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

func removeAll(dir string) { os.RemoveAll(dir) }

func baseName(dest string) string { return filepath.Base(filepath.Clean(dest)) }
