package stats

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"collabcraft/filter"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.txt, *.md and *.json from the current stats")

// TestGolden checks stats' whole output, text, Markdown and JSON (every
// number in full), on fixed runs of the scripted backend: two runs (16
// trials of the three kinds with 2 and 3 agents, and 6 trials capped at 4
// turns, so some fail) and a filtered view of them (default rules and
// conversation calls only). The expected files were written before stats
// streamed, so any change in what it reports fails here. Regenerate, after
// checking the difference is intended, with
// go test ./stats -run TestGolden -update.
func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	for _, c := range []struct {
		name   string
		inputs []string
		prices *Prices
	}{
		{"runs", []string{"run", "run2"}, &Prices{Prompt: 0.6, Completion: 2.4}},
		{"view", []string{"view"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var dirs []string
			for _, in := range c.inputs {
				dirs = append(dirs, filepath.Join(dir, in))
			}
			in, err := filter.Open(dirs...)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Collect(in.Trials(), c.prices)
			if err != nil {
				t.Fatal(err)
			}
			var text, md bytes.Buffer
			if err := s.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if err := s.WriteMarkdown(&md); err != nil {
				t.Fatal(err)
			}
			js, err := json.MarshalIndent(s, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			for ext, got := range map[string][]byte{"txt": text.Bytes(), "md": md.Bytes(), "json": append(js, '\n')} {
				path := filepath.Join(dir, c.name+"."+ext)
				if *update {
					if err := os.WriteFile(path, got, 0o666); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (write it with -update)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", path, got, want)
				}
			}
		})
	}
}
