// Package atomicfile replaces files so that a reader sees the old contents
// or the new, never a mix, and a crash leaves one of the two on disk.
//
// Every small file collabcraft rewrites in place (task files, run.json,
// views, stage stamps, merged trials files) goes through Write. Files are
// created 0666 less the umask, like os.WriteFile: 0644 under the usual
// umask 022, so everything a run holds is as readable as its trials.
// The temporary file is .<name>.tmp<random> beside the file; one left by a
// crash (the only way one stays) can be deleted.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// Write replaces path with data: it writes a temporary file in path's
// directory (which must exist), fsyncs it, renames it over path and fsyncs
// the directory, so the rename survives a crash. On failure the temporary
// file is removed and path is left as it was. Errors name path.
func Write(path string, data []byte) error {
	return WriteFrom(path, bytes.NewReader(data))
}

// WriteFrom is Write for contents too large to hold in memory: it copies r
// into the temporary file.
func WriteFrom(path string, r io.Reader) error {
	if err := write(path, r); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func write(path string, r io.Reader) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return errors.New("is a directory (expected a file name)")
	}
	f, err := createTemp(path)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return SyncDir(filepath.Dir(path))
}

// rename is os.Rename; tests replace it to fail after the temporary file
// is written.
var rename = os.Rename

// createTemp makes a new hidden file beside path. Unlike os.CreateTemp
// (always 0600) it lets the umask decide the mode, as os.Create does.
func createTemp(path string) (*os.File, error) {
	prefix := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	for range 100 {
		f, err := os.OpenFile(prefix+strconv.FormatUint(rand.Uint64(), 36), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, os.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("no free temporary name %s*", prefix)
}

// SyncDir fsyncs directory dir, which makes the files created, renamed or
// removed in it durable. File systems that cannot sync a directory are
// not an error.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}
