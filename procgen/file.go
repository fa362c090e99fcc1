package procgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"collabcraft/atomicfile"
	"collabcraft/plainjson"
)

// ReadTaskFile reads a task file (a JSON object of task id -> task) and
// returns its tasks in file order, within DefaultLimits. Errors name the
// file and the task id; a task that does not decode is a *DecodeError
// (see ReadTaskFileWith), returned with the file's other tasks.
func ReadTaskFile(path string) ([]Task, error) { return ReadTaskFileWith(path, Limits{}) }

// DecodeTasks parses the contents of a task file, keeping file order. A
// task that does not decode into a Task (a field of the wrong type) costs
// only itself: the others are returned with a *DecodeError naming it and
// the field; malformed JSON fails the whole file.
func DecodeTasks(data []byte) ([]Task, error) {
	return decodeTasks(bytes.NewReader(data), func(off int64) int {
		return 1 + bytes.Count(data[:min(int(off), len(data))], []byte("\n"))
	})
}

// decodeTasks is DecodeTasks over a reader, which it reads once, a task
// at a time; lineAt gives the line of a byte offset, for errors.
func decodeTasks(r io.Reader, lineAt func(off int64) int) ([]Task, error) {
	dec := json.NewDecoder(r)
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("malformed JSON: %v", syntaxDetail(lineAt, dec, err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("expected a JSON object of task id -> task")
	}
	var tasks []Task
	var bad []Problem
	seen := map[string]bool{}
	var raw json.RawMessage
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("malformed JSON: %v", syntaxDetail(lineAt, dec, err))
		}
		id := tok.(string) // object keys are always strings
		raw = raw[:0]      // reused: a task keeps copies of what it holds
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("task %q: malformed JSON: %v", id, syntaxDetail(lineAt, dec, err))
		}
		if seen[id] {
			return nil, fmt.Errorf("task %q: duplicate task id", id)
		}
		seen[id] = true
		t := Task{ID: id}
		if err := json.Unmarshal(raw, &t); err != nil {
			bad = append(bad, decodeProblem(id, err))
			continue
		}
		tasks = append(tasks, t)
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("malformed JSON: %v", syntaxDetail(lineAt, dec, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("malformed JSON: unexpected data after the task object")
	}
	if len(bad) > 0 {
		return tasks, &DecodeError{Problems: bad}
	}
	return tasks, nil
}

// decodeProblem names the field a task failed to decode on, and what it
// expected.
func decodeProblem(id string, err error) Problem {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "(the task)"
		}
		return Problem{TaskID: id, Field: field, Message: fmt.Sprintf("%s, expected %s", jsonKind(te.Value), te.Type)}
	}
	return Problem{TaskID: id, Message: strings.TrimPrefix(err.Error(), "json: ")}
}

// jsonKind names what a JSON value was, as UnmarshalTypeError.Value gives it.
func jsonKind(v string) string {
	switch v {
	case "number", "string", "bool", "array", "object":
		return "a JSON " + v
	}
	return v
}

// syntaxDetail adds the line number to a JSON syntax error.
func syntaxDetail(lineAt func(off int64) int, dec *json.Decoder, err error) string {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of file"
	}
	off := dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	return fmt.Sprintf("line %d: %v", lineAt(off), err)
}

// EncodeTasks renders tasks as a task file: one object, tasks in the given
// order, 2-space indent with arrays of plain values on one line, a final
// newline. The same tasks always give the
// same bytes.
func EncodeTasks(tasks []Task) ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeTasks(&buf, tasks); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodeTasks writes EncodeTasks' bytes to w a task at a time, so that
// a file of 2,000 blueprints costs one task's memory rather than the
// file's several times over.
func encodeTasks(w io.Writer, tasks []Task) error {
	var out, task, piece bytes.Buffer
	p := prettyWriter{out: &out}
	seen := map[string]bool{}
	for i, t := range tasks {
		if t.ID == "" {
			return fmt.Errorf("task %d has no id", i)
		}
		if seen[t.ID] {
			return fmt.Errorf("task %q: duplicate task id", t.ID)
		}
		seen[t.ID] = true
		v, err := t.MarshalJSON()
		if err != nil {
			return fmt.Errorf("task %q: %w", t.ID, err)
		}
		task.Reset()
		if err := json.Compact(&task, v); err != nil {
			return fmt.Errorf("task %q: %w", t.ID, err)
		}
		piece.Reset()
		if i == 0 {
			piece.WriteByte('{')
		} else {
			piece.WriteByte(',')
		}
		k, _ := plainjson.Marshal(t.ID)
		piece.Write(k)
		piece.WriteByte(':')
		piece.Write(task.Bytes())
		p.write(piece.Bytes())
		if out.Len() >= 64<<10 {
			if _, err := w.Write(out.Bytes()); err != nil {
				return err
			}
			out.Reset()
		}
	}
	if len(tasks) == 0 {
		p.write([]byte("{}"))
	} else {
		p.write([]byte("}"))
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// WriteTaskFile writes tasks to path atomically (see atomicfile.Write),
// creating missing parent directories.
func WriteTaskFile(path string, tasks []Task) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("procgen: write %s: %w", path, err)
	}
	// The file is encoded as it is written; a task that does not encode
	// fails the write, which leaves path as it was.
	r, w := io.Pipe()
	encoded := make(chan error, 1)
	go func() {
		err := encodeTasks(w, tasks)
		w.CloseWithError(err)
		encoded <- err
	}()
	err := atomicfile.WriteFrom(path, r)
	r.Close() // the encoder stops at its next write if the file failed first
	encErr := <-encoded
	switch {
	case encErr != nil && !errors.Is(encErr, io.ErrClosedPipe):
		return fmt.Errorf("procgen: %s: %w", path, encErr)
	case err != nil:
		return fmt.Errorf("procgen: %w", err)
	}
	return nil
}
