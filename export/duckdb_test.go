package export

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// checkerDir holds the node helper that reads our files with DuckDB and
// Apache Arrow JS, independent readers that share no code with the writers.
const checkerDir = "testdata/duckdb"

type checked struct {
	File     string            `json:"file"`
	Count    int64             `json:"count"`
	Columns  map[string]string `json:"columns"`
	Metadata map[string]string `json:"metadata"`
	Rows     []map[string]any  `json:"rows"`
}

// runChecker runs the node helper on a dataset directory. It fails when the
// helper's dependencies are not installed, except outside CI where it skips
// with the reason.
func runChecker(t *testing.T, dataset string) (parquetFiles, arrowFiles []checked) {
	t.Helper()
	const install = "run `npm ci --prefix export/testdata/duckdb` (the install step in .ci/run)"
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(checkerDir, "node_modules", "@duckdb", "node-api")); err != nil {
		missing = "export/testdata/duckdb/node_modules is not installed"
	}
	if missing != "" {
		if os.Getenv("CI") == "" {
			t.Skipf("independent Parquet/Arrow reader unavailable: %s; %s (CI is unset, so skipping)", missing, install)
		}
		t.Fatalf("independent Parquet/Arrow reader unavailable: %s; %s", missing, install)
	}
	cmd := exec.Command("node", "check.mjs", dataset)
	cmd.Dir = checkerDir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node check.mjs %s: %v\n%s", dataset, err, stderr.String())
	}
	var res struct {
		Parquet []checked `json:"parquet"`
		Arrow   []checked `json:"arrow"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node check.mjs output: %v", err)
	}
	return res.Parquet, res.Arrow
}

// messagesOf converts a reader's JSON messages to our type.
func messagesOf(t *testing.T, v any) []Message {
	t.Helper()
	data, _ := json.Marshal(v)
	var ms []Message
	if err := json.Unmarshal(data, &ms); err != nil {
		t.Fatalf("messages %s: %v", data, err)
	}
	return ms
}

func TestIndependentReaders(t *testing.T) {
	fx := newFixture(12, 7)
	fx.withDuplicates()
	dest, err := filepath.Abs(filepath.Join(t.TempDir(), "ds"))
	if err != nil {
		t.Fatal(err)
	}
	limits := Limits{RowGroupRows: 5, FileRows: 30}
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Limits: limits,
		Split: SplitRule{By: "task", ValidationFraction: 0.3}})
	if err != nil {
		t.Fatal(err)
	}
	pq, arrowFiles := runChecker(t, dest)

	// The JSONL export is the reference: rows per split, in order.
	want := map[string][]openaiLine{}
	for split := range res.Counts.PerSplit {
		want[split] = readJSONL[openaiLine](t, filepath.Join(dest, "openai", split+".jsonl"))
	}
	byExample := map[string]Example{}
	for _, e := range fx.examples {
		byExample[e.ID] = e
	}
	manifestRows := map[string]int64{}
	for _, f := range res.Files {
		manifestRows[f.Path] = f.Rows
	}

	compare := func(kind string, files []checked, nFiles int) {
		if len(files) != nFiles {
			t.Fatalf("%s: the reader saw %d files, the manifest lists %d", kind, len(files), nFiles)
		}
		got := map[string][]map[string]any{}
		for _, f := range files {
			if f.Count != manifestRows[f.File] || int64(len(f.Rows)) != f.Count {
				t.Errorf("%s: %d rows (%d read), manifest says %d", f.File, f.Count, len(f.Rows), manifestRows[f.File])
			}
			for _, r := range f.Rows {
				got[r["split"].(string)] = append(got[r["split"].(string)], r)
			}
		}
		for split, lines := range want {
			if len(got[split]) != len(lines) {
				t.Errorf("%s %s: %d rows, JSONL has %d", kind, split, len(got[split]), len(lines))
				continue
			}
			for i, r := range got[split] {
				if ms := messagesOf(t, r["messages"]); !reflect.DeepEqual(ms, lines[i].Messages) {
					t.Errorf("%s %s row %d: messages differ from JSONL:\n%q\n%q", kind, split, i, ms, lines[i].Messages)
				}
				ex, ok := byExample[r["id"].(string)]
				if !ok {
					t.Errorf("%s: unknown id %v", kind, r["id"])
					continue
				}
				if r["task_id"] != ex.Meta.TaskID || r["agent"] != ex.Meta.Agent || r["step"] != float64(ex.Meta.Step) {
					t.Errorf("%s %s: metadata %v, want %+v", kind, ex.ID, r, ex.Meta)
				}
				if (ex.Meta.Score == nil) != (r["score"] == nil) || (ex.Meta.Knobs.Get("depth") == nil) != (r["depth"] == nil) ||
					(ex.Meta.Knobs.Get("plan") == nil) != (r["plan"] == nil) {
					t.Errorf("%s %s: nulls wrong: score %v depth %v plan %v", kind, ex.ID, r["score"], r["depth"], r["plan"])
				}
				if ex.Meta.Score != nil && r["score"] != *ex.Meta.Score {
					t.Errorf("%s %s: score %v, want %v", kind, ex.ID, r["score"], *ex.Meta.Score)
				}
			}
		}
	}

	nParquet, nArrow := 0, 0
	for _, f := range res.Files {
		switch f.Format {
		case FormatParquet:
			nParquet++
		case FormatArrow:
			nArrow++
		}
	}
	compare("duckdb/parquet", pq, nParquet)
	for _, f := range pq {
		typ := strings.ReplaceAll(f.Columns["messages"], `"`, "")
		if typ != "STRUCT(role VARCHAR, content VARCHAR)[]" {
			t.Errorf("%s: DuckDB sees messages as %s, want a list of structs with role and content", f.File, f.Columns["messages"])
		}
		if f.Columns["score"] != "DOUBLE" || f.Columns["success"] != "BOOLEAN" || f.Columns["depth"] != "BIGINT" {
			t.Errorf("%s: metadata column types %v", f.File, f.Columns)
		}
	}
	compare("arrow-js/arrow", arrowFiles, nArrow)
	for _, f := range arrowFiles {
		if !strings.Contains(f.Metadata["huggingface"], `"features"`) {
			t.Errorf("%s: no huggingface features in the schema metadata", f.File)
		}
	}
}
