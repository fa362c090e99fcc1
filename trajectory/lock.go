package trajectory

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// runLock is the exclusive lock on a run directory (its run.lock file),
// held by the one process that writes the run: a Writer for its whole
// life, Merge into it, Repair of it. Closing the file releases it.
type runLock struct{ f *os.File }

// lockRun takes the lock of run directory dir without waiting and writes
// this process's PID into the lock file, so a refused process can name
// the holder.
func lockRun(dir string) (*runLock, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	ok, err := tryLockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("trajectory: lock %s: %w", path, err)
	}
	if !ok {
		holder, _ := os.ReadFile(path)
		f.Close()
		pid, _ := strconv.Atoi(string(bytes.TrimSpace(holder)))
		return nil, &LockedError{Dir: dir, PID: pid}
	}
	err = f.Truncate(0)
	if err == nil {
		_, err = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("trajectory: %s: %w", path, err)
	}
	return &runLock{f: f}, nil
}

// withRunLock runs fn holding the lock of run directory dir (see lockRun).
func withRunLock(dir string, fn func() error) error {
	l, err := lockRun(dir)
	if err != nil {
		return err
	}
	defer l.unlock()
	return fn()
}

// unlock releases the lock. The PID stays in the file: it only counts
// while the file is locked.
func (l *runLock) unlock() error { return l.f.Close() }

// LockedError is returned when another process writes the run directory.
type LockedError struct {
	Dir string
	PID int // the holder's process id; 0 if it could not be read
}

func (e *LockedError) Error() string {
	holder := "another process"
	if e.PID > 0 {
		holder = fmt.Sprintf("process %d", e.PID)
	}
	return fmt.Sprintf("trajectory: %s is being written by %s (it holds %s); one process writes a run at a time: wait for it to finish or stop it",
		e.Dir, holder, filepath.Join(e.Dir, lockName))
}

// Writing reports whether a process writes run directory dir now (holds
// its lock), and its PID when known. A reader of such a run sees the
// trials recorded so far: a snapshot.
func Writing(dir string) (pid int, writing bool, err error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("trajectory: %w", err)
	}
	defer f.Close()
	ok, err := tryLockFile(f)
	if err != nil {
		return 0, false, fmt.Errorf("trajectory: lock %s: %w", path, err)
	}
	if ok {
		return 0, false, nil // closing f releases it
	}
	holder, _ := os.ReadFile(path)
	pid, _ = strconv.Atoi(string(bytes.TrimSpace(holder)))
	return pid, true, nil
}
