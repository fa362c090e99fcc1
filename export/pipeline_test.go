package export

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// scribbling yields src's examples through one reused message list and
// metadata values, overwritten as soon as yield returns, as a source that
// recycles its buffers does.
func scribbling(src Source) Source {
	return func(yield func(Example, error) bool) {
		var msgs []Message
		var success bool
		for ex, err := range src {
			msgs = append(msgs[:0], ex.Messages...)
			ex.Messages = msgs
			if ex.Meta.Success != nil {
				success = *ex.Meta.Success
				ex.Meta.Success = &success
			}
			if !yield(ex, err) {
				return
			}
			for i := range msgs {
				msgs[i] = Message{Role: "user", Content: "overwritten"}
			}
			success = !success
		}
	}
}

// datasetFiles reads every file of a dataset directory.
func datasetFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			files[rel] = string(data)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// The writers run in goroutines of their own, fed in batches: the files
// must not depend on timing, and an example must be written as it was
// yielded even if the source reuses its buffers right after.
func TestPipelinedWriteIsDeterministic(t *testing.T) {
	const n = 3000 // many batches, row groups and files
	opts := Options{Formats: allFormats, Name: "same",
		Limits: Limits{RowGroupRows: 128, ArrowBatchRows: 100, FileRows: 1000}}
	dir := t.TempDir()
	var sets []map[string]string
	for i, src := range []Source{realisticSource(n, nil), realisticSource(n, nil), scribbling(realisticSource(n, nil))} {
		dest := filepath.Join(dir, itoa(int64(i)))
		res, err := Write(context.Background(), src, dest, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Counts.Written != n {
			t.Fatalf("wrote %d of %d examples", res.Counts.Written, n)
		}
		sets = append(sets, datasetFiles(t, dest))
	}
	if len(sets[0]) < 10 {
		t.Fatalf("only %d files; the limits should have split the data more", len(sets[0]))
	}
	for i, set := range sets[1:] {
		for name, data := range sets[0] {
			if set[name] != data {
				t.Errorf("export %d: %s differs from the first export", i+1, name)
			}
		}
		if len(set) != len(sets[0]) {
			t.Errorf("export %d: %d files, the first export has %d", i+1, len(set), len(sets[0]))
		}
	}
}

// A failure or cancellation in the middle of a long input stops every
// stage: Write returns the cause, the source is not read further, and no
// goroutine is left behind.
func TestPipelineStops(t *testing.T) {
	base := runtime.NumGoroutine()
	boom := errors.New("trials file truncated")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		stop func(i int, yield func(Example, error) bool) bool // true: the source stops at i
		want error
	}{
		{"source error", context.Background(), func(i int, yield func(Example, error) bool) bool {
			return i == 2000 && !yield(Example{}, boom)
		}, boom},
		{"cancelled", ctx, func(i int, _ func(Example, error) bool) bool {
			if i == 2000 {
				cancel()
			}
			return false
		}, context.Canceled},
	} {
		read := 0
		src := func(yield func(Example, error) bool) {
			i := 0
			for ex := range realisticSource(5000, nil) {
				if tc.stop(i, yield) {
					return
				}
				read, i = read+1, i+1
				if !yield(ex, nil) {
					return
				}
			}
		}
		_, err := Write(tc.ctx, src, filepath.Join(t.TempDir(), "ds"), Options{Formats: allFormats})
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
		if read == 5000 {
			t.Errorf("%s: the source was read to its end", tc.name)
		}
	}
	for range 100 {
		if runtime.NumGoroutine() <= base {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running, %d before", runtime.NumGoroutine(), base)
}
