package export

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// scribbling yields src's examples through one reused message list and
// metadata values, overwritten as soon as yield returns, as a source that
// recycles its buffers does.
func scribbling(src Source) Source {
	return func(yield func(Example, error) bool) {
		var msgs []Message
		var success bool
		var depth int
		for ex, err := range src {
			msgs = append(msgs[:0], ex.Messages...)
			ex.Messages = msgs
			if ex.Meta.Success != nil {
				success = *ex.Meta.Success
				ex.Meta.Success = &success
			}
			if ex.Meta.Knobs.Depth != nil {
				depth = *ex.Meta.Knobs.Depth
				ex.Meta.Knobs.Depth = &depth
			}
			if !yield(ex, err) {
				return
			}
			for i := range msgs {
				msgs[i] = Message{Role: "user", Content: "overwritten"}
			}
			success, depth = !success, -1
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
