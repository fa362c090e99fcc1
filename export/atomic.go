package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"collabcraft/atomicfile"
)

// checkDest fails early when dest holds something we may not replace:
// without overwrite anything, with it anything but a collabcraft dataset
// or an empty directory, so that a mistyped --out never deletes a user's
// files.
func checkDest(dest string, overwrite bool) error {
	fi, err := os.Stat(dest)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("export: %w", err)
	case !overwrite:
		return fmt.Errorf("export: %s already exists: export with --overwrite to replace it, or choose another --out", dest)
	case !fi.IsDir():
		return fmt.Errorf("export: %s exists and is not a directory; not replacing it, even with --overwrite: choose another --out", dest)
	}
	entries, err := os.ReadDir(dest)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if len(entries) == 0 {
		return nil
	}
	if why := notDataset(dest); why != "" {
		return fmt.Errorf("export: %s is not a collabcraft dataset (%s); only a dataset is replaced, so nothing was deleted: choose another destination or empty it yourself", dest, why)
	}
	return nil
}

// checkSources refuses a destination that is, or holds, one of the
// directories the input is read from: writing it would replace (with
// Overwrite: delete) the input.
func checkSources(dest string, sources []string) error {
	d, err := realPath(dest)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, src := range sources {
		s, err := realPath(src)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if rel, err := filepath.Rel(d, s); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("export: the destination %s holds the input %s, which writing it would delete; choose an --out outside the input", dest, src)
		}
	}
	return nil
}

// realPath is path made absolute with its symbolic links resolved, as far
// as it exists.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	rest := ""
	for p := abs; ; p = filepath.Dir(p) {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest), nil
		}
		if filepath.Dir(p) == p {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(p), rest)
	}
}

// notDataset says why directory dir is not a dataset Write made, or ""
// if it is one: it must hold manifest.json with our format version, the
// formats and the list of files.
func notDataset(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "it has no manifest.json"
	}
	if err != nil {
		return err.Error()
	}
	var m struct {
		FormatVersion int         `json:"format_version"`
		Formats       []Format    `json:"formats"`
		Files         *[]FileInfo `json:"files"`
	}
	if json.Unmarshal(data, &m) != nil || m.FormatVersion < 1 || len(m.Formats) == 0 || m.Files == nil {
		return "its manifest.json is not a collabcraft dataset manifest"
	}
	return ""
}

// An export works in a temporary directory beside dest, named
// .NAME.tmp-RANDOM, which is marked as ours by a marker file holding
// markerText. The marker stays locked while the export writes, so a later
// export can tell a directory a killed export left (unlocked) from one
// still being written. The final swap moves the old dataset to such a
// directory too (or, where directories cannot be exchanged in one step,
// to .NAME.old-RANDOM/NAME). Exports into one parent directory clean up
// and swap under a lock on that directory, one at a time; so, holding it,
// every .NAME.tmp-* or .NAME.old-* directory not marked and locked is a
// leftover of a killed export, and is removed, after a dataset a kill
// left only in .NAME.old-* is moved back to dest.
const (
	markerName = ".collabcraft-export"
	markerText = "collabcraft export in progress; this directory is deleted when the export ends or by the next export into the same destination\n"
)

// tempDir is the working directory of one export.
type tempDir struct {
	path   string
	marker *os.File // open and locked until the directory is committed or removed
}

// makeTempDir creates the working directory beside dest, on the same file
// system, so the final rename is atomic. It first removes what killed
// exports left for dest.
func makeTempDir(dest string) (*tempDir, error) {
	parent := filepath.Dir(filepath.Clean(dest))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	unlock, err := lockDir(parent)
	if err != nil {
		return nil, fmt.Errorf("export: lock %s: %w", parent, err)
	}
	defer unlock()
	cleanLeftovers(dest)
	path, err := os.MkdirTemp(parent, tempPrefix(dest))
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	t := &tempDir{path: path}
	if err := t.mark(); err != nil {
		t.remove()
		return nil, fmt.Errorf("export: %w", err)
	}
	return t, nil
}

func (t *tempDir) mark() error {
	if err := os.Chmod(t.path, 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(t.path, markerName), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	t.marker = f
	// Locked before the text is written, so no other export takes the
	// directory for stale. Where there are no locks, tryLock reports false
	// and no export removes another's directory.
	if _, err := tryLock(f); err != nil {
		return err
	}
	_, err = f.WriteString(markerText)
	return err
}

// unmark removes the marker before the directory becomes the dataset.
func (t *tempDir) unmark() error {
	err := os.Remove(t.marker.Name())
	t.marker.Close()
	t.marker = nil
	return err
}

func (t *tempDir) remove() {
	if t.marker != nil {
		t.marker.Close()
	}
	os.RemoveAll(t.path)
}

func tempPrefix(dest string) string { return "." + baseName(dest) + ".tmp-" }

func oldPrefix(dest string) string { return "." + baseName(dest) + ".old-" }

// cleanLeftovers removes what exports into dest that were killed left
// beside it: working directories (marked and unlocked, or no longer
// marked: killed in the swap) and old datasets moved aside, after moving
// the old dataset back to dest if the kill left none there. The caller
// holds the lock on dest's parent, so no export is swapping now; a
// directory still marked and locked is an export writing, and stays.
func cleanLeftovers(dest string) {
	parent := filepath.Dir(filepath.Clean(dest))
	entries, err := os.ReadDir(parent)
	if err != nil {
		return // the export itself will report what is wrong with parent
	}
	_, err = os.Lstat(dest)
	missing := errors.Is(err, fs.ErrNotExist)
	for _, e := range entries {
		name := e.Name()
		dir := filepath.Join(parent, name)
		switch {
		case !e.IsDir():
		case strings.HasPrefix(name, oldPrefix(dest)) && tempSuffix(name[len(oldPrefix(dest)):]):
			if !oldDataset(dir, baseName(dest)) {
				continue // not what an export moves aside
			}
			if old := filepath.Join(dir, baseName(dest)); missing && notDataset(old) == "" && os.Rename(old, dest) == nil {
				missing = false
				syncParent(dest)
				slog.Warn("export: put back the dataset an interrupted export had moved aside", "dir", dest)
			}
			if os.RemoveAll(dir) == nil {
				slog.Info("export: removed the old dataset an interrupted export left", "dir", dir)
			}
		case strings.HasPrefix(name, tempPrefix(dest)) && tempSuffix(name[len(tempPrefix(dest)):]):
			if removeIfStale(dir) {
				slog.Info("export: removed the temporary directory of an interrupted export", "dir", dir)
			}
		}
	}
}

// tempSuffix reports whether s is the random part os.MkdirTemp gives a
// name: digits.
func tempSuffix(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// oldDataset reports whether dir holds what an export moves aside: the
// directory name, a dataset, or nothing.
func oldDataset(dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	return len(entries) == 0 || len(entries) == 1 && entries[0].Name() == name && notDataset(filepath.Join(dir, name)) == ""
}

// removeIfStale removes a working directory a killed export left: marked
// as ours and not locked (so no export is writing it), or, no longer
// marked (killed in the swap), a whole dataset (the new one or the old).
// Anything else that merely looks like one is left.
func removeIfStale(dir string) bool {
	f, err := os.Open(filepath.Join(dir, markerName))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if notDataset(dir) != "" {
			return false
		}
	case err != nil:
		return false
	default:
		defer f.Close()
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return false
		}
		text, err := io.ReadAll(io.LimitReader(f, int64(len(markerText))+1))
		if err != nil || string(text) != markerText {
			return false
		}
		if ok, err := tryLock(f); err != nil || !ok {
			return false // an export is writing it now
		}
	}
	return os.RemoveAll(dir) == nil
}

// commitDir moves the finished working directory to dest, under the lock
// of dest's parent. An existing dest is replaced only with overwrite: the
// two are exchanged in one step where the file system can, else the old
// one is moved aside first; it is deleted once the new dataset is in
// place (if that fails it is moved back).
func commitDir(tmp *tempDir, dest string, overwrite bool) error {
	parent := filepath.Dir(filepath.Clean(dest))
	unlock, err := lockDir(parent)
	if err != nil {
		return fmt.Errorf("export: lock %s: %w", parent, err)
	}
	defer unlock()
	if err := checkDest(dest, overwrite); err != nil {
		return err
	}
	if err := tmp.unmark(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := syncTree(tmp.path); err != nil {
		return err
	}
	if _, err := os.Stat(dest); err != nil {
		if err := os.Rename(tmp.path, dest); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		return syncParent(dest)
	}
	swapped, err := exchange(tmp.path, dest)
	if err != nil {
		return fmt.Errorf("export: installing the new dataset: %w", err)
	}
	if swapped { // tmp.path holds the old dataset now
		if err := syncParent(dest); err != nil {
			return err
		}
		os.RemoveAll(tmp.path)
		return nil
	}
	oldDir, err := os.MkdirTemp(parent, oldPrefix(dest))
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
	if err := os.Rename(tmp.path, dest); err != nil {
		if rerr := os.Rename(old, dest); rerr != nil {
			oldDir = "" // keep it: it is the only copy
			return fmt.Errorf("export: installing the new dataset: %v; the old one is kept at %s (%v)", err, old, rerr)
		}
		return fmt.Errorf("export: installing the new dataset: %w", err)
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

func baseName(dest string) string { return filepath.Base(filepath.Clean(dest)) }
