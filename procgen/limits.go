package procgen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Limits bound what one task may ask of a run. A task past them would cost
// a trial far more memory and time than any MINDcraft task does, and the
// trial would take its worker (and, with a 50 MB goal in every prompt,
// the dataset) down with it: such a task is invalid, with an error saying
// which limit and the flag that raises it. Zero fields take
// DefaultLimits' values.
type Limits struct {
	// FileBytes is the largest task file read (--max-task-file).
	FileBytes int64
	// GoalBytes is the longest goal, per agent (--max-goal).
	GoalBytes int
	// BlueprintCells is the most cells (levels x rows x columns) of a
	// construction blueprint (--max-blueprint-cells). MINDcraft's largest
	// has 1,800.
	BlueprintCells int
}

// DefaultLimits are far above what MINDcraft's and collabcraft's task
// files hold, and far below what would take a trial down.
var DefaultLimits = Limits{FileBytes: 256 << 20, GoalBytes: 16 << 10, BlueprintCells: 1 << 16}

func (l Limits) withDefaults() Limits {
	if l.FileBytes <= 0 {
		l.FileBytes = DefaultLimits.FileBytes
	}
	if l.GoalBytes <= 0 {
		l.GoalBytes = DefaultLimits.GoalBytes
	}
	if l.BlueprintCells <= 0 {
		l.BlueprintCells = DefaultLimits.BlueprintCells
	}
	return l
}

// ReadTaskFileWith is ReadTaskFile within limits: a file larger than
// l.FileBytes is refused without being read whole. A task that does not
// decode (a field of the wrong type) costs only itself: the others are
// returned with a *DecodeError naming it. The file is decoded as it is
// read, so reading it costs its tasks' memory, not its size on top.
func ReadTaskFileWith(path string, l Limits) ([]Task, error) {
	l = l.withDefaults()
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("procgen: %w", err)
	}
	defer f.Close()
	tooLarge := fmt.Errorf("procgen: %s: the file is larger than %s, the most a task file may hold (raise it with --max-task-file)", path, byteSize(l.FileBytes))
	fi, err := f.Stat()
	regular := err == nil && fi.Mode().IsRegular()
	if regular && fi.Size() > l.FileBytes {
		return nil, tooLarge
	}
	// An error's line is counted in the file read again; a pipe or FIFO
	// cannot be, so what is read from one is kept for that.
	line := func(off int64) int { return lineAt(path, off) }
	var src io.Reader = f
	if !regular {
		var seen bytes.Buffer
		src = io.TeeReader(f, &seen)
		line = func(off int64) int { return 1 + bytes.Count(seen.Bytes()[:min(off, int64(seen.Len()))], []byte("\n")) }
	}
	lr := &io.LimitedReader{R: src, N: l.FileBytes + 1}
	rr := &readErr{r: lr}
	tasks, err := decodeTasks(bufio.NewReaderSize(rr, 64<<10), line)
	switch {
	case rr.err != nil: // the decoder saw it as the JSON's end
		return nil, fmt.Errorf("procgen: %s: %w", path, rr.err)
	case lr.N <= 0: // grew past the limit while read
		return nil, tooLarge
	}
	var de *DecodeError
	if errors.As(err, &de) {
		for i := range de.Problems {
			de.Problems[i].File = path
		}
		return tasks, err
	}
	if err != nil {
		return nil, fmt.Errorf("procgen: %s: %w", path, err)
	}
	return tasks, nil
}

// readErr keeps the error of a read that failed.
type readErr struct {
	r   io.Reader
	err error
}

func (e *readErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		e.err = err
	}
	return n, err
}

// lineAt is the line of byte off in the regular file at path (1 when it
// cannot be read again), for an error message.
func lineAt(path string, off int64) int {
	f, err := os.Open(path)
	if err != nil {
		return 1
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, off))
	line := 1
	for {
		b, err := r.ReadByte()
		if err != nil {
			return line
		}
		if b == '\n' {
			line++
		}
	}
}

// DecodeError lists the tasks of a file that did not decode; the file's
// other tasks decoded.
type DecodeError struct {
	Problems []Problem
}

func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString("procgen: ")
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// byteSize writes n bytes as KiB, MiB or GiB when it is a whole number of
// them.
func byteSize(n int64) string {
	for _, u := range []struct {
		unit string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
