package procgen

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecodeValidate feeds arbitrary bytes to the task-file reader and the
// validator: errors are fine, panics are not, and a file that decodes
// encodes again.
func FuzzDecodeValidate(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"t": {"type": "construction", "agent_count": 2, "blueprint": {"levels": [{"level": 0, "coordinates": [0, 0, 0], "placement": [["stone"]]}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tasks, err := DecodeTasks(data)
		if err != nil {
			return
		}
		named := true
		for i := range tasks {
			ValidateTask(&tasks[i])
			named = named && tasks[i].ID != "" // an empty id is a problem the validator lists
		}
		out, err := EncodeTasks(tasks)
		if !named {
			return
		}
		if err != nil {
			t.Fatalf("decoded tasks do not encode: %v", err)
		}
		again, err := DecodeTasks(out)
		if err != nil || len(again) != len(tasks) {
			t.Fatalf("encoded tasks do not decode: %v (%d of %d tasks)", err, len(again), len(tasks))
		}
	})
}
