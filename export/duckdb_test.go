package export

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
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
	res := check(t, dataset)
	return res.Parquet, res.Arrow
}

// checkerOutput is what the node helper prints.
type checkerOutput struct {
	Parquet []checked `json:"parquet"`
	Arrow   []checked `json:"arrow"`
	JSONL   []checked `json:"jsonl"`
}

func check(t *testing.T, dataset string) checkerOutput {
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
	var res checkerOutput
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node check.mjs output: %v", err)
	}
	return res
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

// TestCompressedJSONL: with --compress-jsonl the OpenAI files are gzip or
// zstd streams whose content is the plain export's, byte for byte; DuckDB
// reads them as they are; the manifest, the card's configs and the Axolotl
// recipe name the compressed files, and dataset_info.json does not register
// them (LLaMA-Factory reads no compressed file). ShareGPT stays plain.
func TestCompressedJSONL(t *testing.T) {
	fx := newFixture(12, 7)
	write := func(c Compression) (string, *Dataset) {
		dest, err := filepath.Abs(filepath.Join(t.TempDir(), "ds"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Roles: RolesStrict, Compress: c,
			Split: SplitRule{By: "task", ValidationFraction: 0.3}, Versions: map[string]string{"collabcraft": "test"}})
		if err != nil {
			t.Fatal(err)
		}
		return dest, res
	}
	plainDir, plain := write(CompressNone)
	for _, c := range []Compression{CompressGzip, CompressZstd} {
		dir, res := write(c)
		ext := map[Compression]string{CompressGzip: ".gz", CompressZstd: ".zst"}[c]
		var openai, sharegpt int
		for _, f := range res.Files {
			switch f.Format {
			case FormatOpenAI:
				openai++
				if !strings.HasSuffix(f.Path, ".jsonl"+ext) {
					t.Fatalf("%s: %s", c, f.Path)
				}
				want, err := os.ReadFile(filepath.Join(plainDir, "openai", f.Split+".jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				if got := decompress(t, c, filepath.Join(dir, f.Path)); !bytes.Equal(got, want) {
					t.Errorf("%s: %s decompresses to %d bytes, not the plain file's %d", c, f.Path, len(got), len(want))
				}
				if f.Bytes*2 > int64(len(want)) {
					t.Errorf("%s: %s is %d bytes, the plain file %d", c, f.Path, f.Bytes, len(want))
				}
			case FormatShareGPT:
				sharegpt++
				if !strings.HasSuffix(f.Path, ".jsonl") {
					t.Errorf("%s: ShareGPT compressed: %s", c, f.Path)
				}
			}
		}
		if openai == 0 || sharegpt == 0 || len(res.Files) != len(plain.Files) {
			t.Fatalf("%s: %d OpenAI and %d ShareGPT files of %d (plain: %d)", c, openai, sharegpt, len(res.Files), len(plain.Files))
		}
		info, _ := os.ReadFile(filepath.Join(dir, "dataset_info.json"))
		card, _ := os.ReadFile(filepath.Join(dir, "README.md"))
		manifest, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if strings.Contains(string(info), "openai/") || !strings.Contains(string(info), "sharegpt/train.jsonl") {
			t.Errorf("%s: dataset_info.json:\n%s", c, info)
		}
		if !strings.Contains(string(card), "openai/{split}.jsonl"+ext+"`") || !strings.Contains(string(manifest), `"jsonl_compression": "`+string(c)+`"`) {
			t.Errorf("%s: card or manifest does not name the compression", c)
		}
		m, err := ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := Recipes(m, ".", ".")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(rs["axolotl_sft.yaml"], "path: openai/train.jsonl"+ext+"\n") {
			t.Errorf("%s: Axolotl recipe:\n%s", c, rs["axolotl_sft.yaml"])
		}
		// An independent reader sees the plain export's rows.
		got := check(t, dir).JSONL
		if len(got) != openai {
			t.Fatalf("%s: DuckDB read %d OpenAI files, the manifest lists %d", c, len(got), openai)
		}
		for _, f := range got {
			split := strings.TrimSuffix(strings.TrimPrefix(f.File, "openai/"), ".jsonl"+ext)
			want := readJSONL[openaiLine](t, filepath.Join(plainDir, "openai", split+".jsonl"))
			if len(f.Rows) != len(want) {
				t.Fatalf("%s: %s: DuckDB read %d rows, want %d", c, f.File, len(f.Rows), len(want))
			}
			for i, r := range f.Rows {
				if ms := messagesOf(t, r["messages"]); !reflect.DeepEqual(ms, want[i].Messages) {
					t.Errorf("%s: %s row %d differs", c, f.File, i)
				}
			}
		}
	}
	if _, err := ParseCompression("lz4"); err == nil || !strings.Contains(err.Error(), `"lz4": expected none, gzip or zstd`) {
		t.Errorf("lz4: %v", err)
	}
}

func decompress(t *testing.T, c Compression, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader
	switch c {
	case CompressGzip:
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case CompressZstd:
		zr, err := zstd.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	}
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return data
}
