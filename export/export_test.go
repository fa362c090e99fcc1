package export

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/parquet-go/parquet-go"
)

var allFormats = []Format{FormatParquet, FormatOpenAI, FormatShareGPT, FormatArrow}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var v T
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v: %s", path, err, sc.Text())
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func readManifest(t *testing.T, dir string) Manifest {
	t.Helper()
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return *m
}

// pqTaskRow reads the columns the tests check of a Parquet file.
type pqTaskRow struct {
	ID     string `parquet:"id"`
	TaskID string `parquet:"task_id"`
	Split  string `parquet:"split"`
}

func readParquetRows(t *testing.T, path string) []pqTaskRow {
	t.Helper()
	rows, err := parquet.ReadFile[pqTaskRow](path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

func arrowRows(t *testing.T, path string) int64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewReader(f) // the stream format, as datasets reads it
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Release()
	var n int64
	for r.Next() {
		n += r.RecordBatch().NumRows()
	}
	if r.Err() != nil {
		t.Fatalf("%s: %v", path, r.Err())
	}
	return n
}

func TestWriteAllFormats(t *testing.T) {
	fx := newFixture(24, 9)
	within, across := fx.withDuplicates()
	dest := filepath.Join(t.TempDir(), "datasets", "r1")
	limits := Limits{RowGroupRows: 7, FileRows: 40} // several row groups and files per split
	split := SplitRule{By: "task", ValidationFraction: 0.25}
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Limits: limits, Split: split,
		Versions: map[string]string{"collabcraft": "test"}, Inputs: []string{"runs/r1"}})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Counts
	if c.In != int64(len(fx.examples)) || c.Duplicates != int64(within) || c.CrossSplitDropped != int64(across) {
		t.Errorf("counts %+v, want in %d, %d duplicates, %d cross-split", c, len(fx.examples), within, across)
	}
	if c.Written != c.In-c.Duplicates-c.CrossSplitDropped {
		t.Errorf("written %d != in - dropped", c.Written)
	}
	if c.PerSplit["validation"] == 0 || c.PerSplit["test"] == 0 || c.PerSplit["train"] == 0 {
		t.Errorf("expected train, validation and test examples: %v", c.PerSplit)
	}

	// Every format has the same number of examples per split.
	rows := map[Format]map[string]int64{}
	taskSplit := map[string]string{}
	parquetFiles := map[string]int{}
	for _, f := range res.Files {
		if rows[f.Format] == nil {
			rows[f.Format] = map[string]int64{}
		}
		path := filepath.Join(dest, filepath.FromSlash(f.Path))
		var n int64
		switch f.Format {
		case FormatParquet:
			parquetFiles[f.Split]++
			for _, r := range readParquetRows(t, path) {
				n++
				if r.Split != f.Split {
					t.Errorf("%s: row of split %q", f.Path, r.Split)
				}
				if prev, ok := taskSplit[r.TaskID]; ok && prev != r.Split {
					t.Errorf("task %s in splits %s and %s", r.TaskID, prev, r.Split)
				}
				taskSplit[r.TaskID] = r.Split
			}
		case FormatOpenAI:
			n = int64(len(readJSONL[openaiLine](t, path)))
		case FormatShareGPT:
			for i, l := range readJSONL[sharegptLine](t, path) {
				n++
				if l.System == "" || len(l.Conversations)%2 != 0 {
					t.Errorf("%s line %d: system %q, %d turns", f.Path, i+1, l.System, len(l.Conversations))
				}
				for k, turn := range l.Conversations {
					if want := []string{"human", "gpt"}[k%2]; turn.From != want {
						t.Errorf("%s line %d turn %d: from %q, want %q", f.Path, i+1, k, turn.From, want)
					}
				}
			}
		case FormatArrow:
			n = arrowRows(t, path)
		}
		if n != f.Rows {
			t.Errorf("%s: %d rows, manifest says %d", f.Path, n, f.Rows)
		}
		rows[f.Format][f.Split] += n
		// The recorded hash and size are the file's.
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != f.SHA256 || int64(len(data)) != f.Bytes {
			t.Errorf("%s: sha256/size do not match the manifest", f.Path)
		}
	}
	for _, f := range allFormats {
		if !reflect.DeepEqual(rows[f], c.PerSplit) {
			t.Errorf("%s rows per split %v, want %v", f, rows[f], c.PerSplit)
		}
	}
	for split, n := range parquetFiles {
		if n < 2 && c.PerSplit[split] > 40 {
			t.Errorf("split %s: %d rows in %d parquet file(s); expected rotation at 40 rows", split, c.PerSplit[split], n)
		}
	}
	names, _ := filepath.Glob(filepath.Join(dest, "data", "train-*.parquet"))
	for i, name := range names {
		if want := filepath.Join(dest, "data", "train-"+pad5(i)+"-of-"+pad5(len(names))+".parquet"); name != want {
			t.Errorf("parquet file %s, want %s", name, want)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dest, "*", ".*tmp")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	m := readManifest(t, dest)
	if !reflect.DeepEqual(m.Files, res.Files) || m.Counts.Written != c.Written || m.Versions["collabcraft"] != "test" {
		t.Errorf("manifest disagrees with the result: %+v", m)
	}
	card, _ := os.ReadFile(filepath.Join(dest, "README.md"))
	var perKind []string
	var sum int64
	for _, k := range slices.Sorted(maps.Keys(c.PerKind)) {
		perKind = append(perKind, k+" "+itoa(c.PerKind[k]))
		sum += c.PerKind[k]
	}
	if sum != c.Written || len(perKind) == 0 {
		t.Errorf("examples per kind %v, want %d in all", c.PerKind, c.Written)
	}
	for _, want := range []string{"Examples per kind of model call: " + strings.Join(perKind, ", ") + ".\n", "configs:\n- config_name: default", `path: "data/train-*.parquet"`,
		"    list:\n    - name: role\n      dtype: string", "num_examples: " + itoa(c.PerSplit["train"]),
		"load_from_disk", "SFTTrainer", "type: chat_template", "dataset: r1_train", "with 25% of the train targets"} {
		if !strings.Contains(string(card), want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
	var lf map[string]map[string]any
	data, _ := os.ReadFile(filepath.Join(dest, "dataset_info.json"))
	if err := json.Unmarshal(data, &lf); err != nil {
		t.Fatal(err)
	}
	for split := range c.PerSplit {
		e := lf["r1_"+split]
		if e == nil || e["file_name"] != "sharegpt/"+split+".jsonl" || e["formatting"] != "sharegpt" {
			t.Errorf("dataset_info.json entry for %s: %v", split, e)
			continue
		}
		tags := e["tags"].(map[string]any)
		if tags["role_tag"] != "from" || tags["user_tag"] != "human" || tags["assistant_tag"] != "gpt" || tags["system_tag"] != "system" {
			t.Errorf("tags: %v", tags)
		}
	}
}

func pad5(i int) string { return strings.Repeat("0", 5-len(itoa(int64(i)))) + itoa(int64(i)) }
func itoa(i int64) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// Without cross-split duplicates the input is read once; with them, the
// result is the same as if the splits had been known from the start.
func TestWritePasses(t *testing.T) {
	fx := newFixture(12, 4)
	within := fx.examples[5]
	within.ID += "/again"
	fx.examples = append(fx.examples, within)
	calls := 0
	counted := func(yield func(Example, error) bool) {
		calls++
		fx.source()(yield)
	}
	res, err := Write(context.Background(), counted, filepath.Join(t.TempDir(), "one"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 1 || res.Counts.Duplicates != 1 || res.Counts.CrossSplitDropped != 0 {
		t.Errorf("read %d times, counts %+v; want one pass and one duplicate", calls, res.Counts)
	}

	fx.withDuplicates()
	calls = 0
	res, err = Write(context.Background(), counted, filepath.Join(t.TempDir(), "three"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 3 || res.Counts.CrossSplitDropped != 2 || res.Counts.Duplicates != 2 {
		t.Errorf("read %d times, counts %+v; want three passes, 2 cross-split and 2 duplicates", calls, res.Counts)
	}
}

func TestWriteIsDeterministic(t *testing.T) {
	fx := newFixture(9, 4)
	dir := t.TempDir()
	var sums [2]map[string]string
	for i := range 2 {
		dest := filepath.Join(dir, "d"+itoa(int64(i)))
		if _, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Name: "same"}); err != nil {
			t.Fatal(err)
		}
		sums[i] = map[string]string{}
		filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				data, _ := os.ReadFile(p)
				rel, _ := filepath.Rel(dest, p)
				sums[i][rel] = string(data)
			}
			return err
		})
	}
	if !reflect.DeepEqual(sums[0], sums[1]) {
		t.Error("two exports of the same input differ")
	}
}

func TestStrictRolesAndPromptCompletion(t *testing.T) {
	fx := newFixture(6, 5)
	dest := filepath.Join(t.TempDir(), "pc")
	res, err := Write(context.Background(), fx.source(), dest, Options{Formats: allFormats, Roles: RolesStrict,
		Layout: LayoutPromptCompletion, Split: HashSplitRule(0.6, 0.2, 0.2)})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		path := filepath.Join(dest, filepath.FromSlash(f.Path))
		switch f.Format {
		case FormatOpenAI:
			for i, l := range readJSONL[openaiLine](t, path) {
				if err := checkStrict(l.Messages); err != nil {
					t.Errorf("%s line %d: %v", f.Path, i+1, err)
				}
				for _, m := range l.Messages[1:] {
					if m.Role == "system" {
						t.Errorf("%s line %d: a later system turn survived", f.Path, i+1)
					}
				}
			}
		case FormatParquet:
			rows, err := parquet.ReadFile[pqPromptCompletionRow](path)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if len(r.Completion) != 1 || r.Completion[0].Role != "assistant" || r.Prompt[len(r.Prompt)-1].Role != "user" {
					t.Errorf("%s %s: prompt/completion split wrong: %+v | %+v", f.Path, r.ID, r.Prompt, r.Completion)
				}
			}
		}
	}
	data, _ := os.ReadFile(filepath.Join(dest, "dataset_info.json"))
	if !strings.Contains(string(data), `"pc_openai_train"`) {
		t.Error("strict roles: openai files not registered for LLaMA-Factory")
	}
}

func TestWriteIsAtomic(t *testing.T) {
	fx := newFixture(6, 3)
	fx.withDuplicates() // a cross-split duplicate: one-pass attempt, hashing pass, writing pass
	parent := t.TempDir()
	dest := filepath.Join(parent, "ds")

	// A source that fails half way through any of its passes leaves nothing.
	boom := errors.New("run file truncated")
	calls := 0
	failOn := func(call int) Source {
		calls = 0
		return func(yield func(Example, error) bool) {
			calls++
			for i, e := range fx.examples {
				if calls == call && i == len(fx.examples)/2 {
					yield(Example{}, boom)
					return
				}
				if !yield(e, nil) {
					return
				}
			}
		}
	}
	for call := 1; call <= 3; call++ {
		if _, err := Write(context.Background(), failOn(call), dest, Options{Formats: allFormats}); !errors.Is(err, boom) {
			t.Fatalf("failing in pass %d: want the source's error, got %v", call, err)
		}
		if calls != call {
			t.Errorf("failing in pass %d: the source was read %d times", call, calls)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 0 {
			t.Fatalf("a failed export left %v", entries)
		}
	}
	// A complete dataset is never replaced without overwrite...
	if _, err := Write(context.Background(), fx.source(), dest, Options{}); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dest, "manifest.json"))
	_, err := Write(context.Background(), fx.source(), dest, Options{Formats: []Format{FormatOpenAI}})
	if err == nil || !strings.Contains(err.Error(), "already exists: export with --overwrite to replace it, or choose another --out") {
		t.Fatalf("want an already-exists error naming --overwrite, got %v", err)
	}
	// ...nor by a failed overwrite, or one whose card summary fails...
	if _, err := Write(context.Background(), failOn(3), dest, Options{Overwrite: true}); !errors.Is(err, boom) {
		t.Fatalf("want the source's error, got %v", err)
	}
	var staged []string
	summaryFails := func(dir string) (string, error) {
		staged, _ = filepath.Glob(filepath.Join(dir, "data", "*.parquet"))
		return "", boom
	}
	if _, err := Write(context.Background(), fx.source(), dest, Options{Overwrite: true, Summary: summaryFails}); !errors.Is(err, boom) {
		t.Fatalf("want the summary's error, got %v", err)
	}
	if len(staged) == 0 {
		t.Error("the summary was called before the data files were written")
	}
	after, _ := os.ReadFile(filepath.Join(dest, "manifest.json"))
	if string(before) != string(after) {
		t.Fatal("an existing dataset changed")
	}
	// ...and a successful overwrite swaps it whole, the summary in its card.
	summary := func(string) (string, error) { return "## Audit\n\nall good\n", nil }
	if _, err := Write(context.Background(), fx.source(), dest, Options{Overwrite: true, Formats: []Format{FormatOpenAI}, Summary: summary}); err != nil {
		t.Fatal(err)
	}
	if card, _ := os.ReadFile(filepath.Join(dest, "README.md")); !strings.Contains(string(card), "## Audit\n\nall good\n") {
		t.Errorf("the card lacks the summary:\n%s", card)
	}
	if _, err := os.Stat(filepath.Join(dest, "data")); !errors.Is(err, os.ErrNotExist) {
		t.Error("old parquet files survived the overwrite")
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 || entries[0].Name() != "ds" {
		t.Errorf("left beside the dataset: %v", entries)
	}

	// Cancellation stops the export the same way.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Write(ctx, fx.source(), filepath.Join(parent, "cancelled"), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("want context.Canceled, got %v", err)
	}
}

func TestWriteRejectsBadInput(t *testing.T) {
	fx := newFixture(3, 2)
	fx.examples[2].Messages = append(fx.examples[2].Messages, msg("tool", "x"))
	_, err := Write(context.Background(), fx.source(), filepath.Join(t.TempDir(), "x"), Options{})
	if err == nil || !strings.Contains(err.Error(), fx.examples[2].ID) || !strings.Contains(err.Error(), `role "tool"`) {
		t.Errorf("want an error naming the example and role, got %v", err)
	}

	fx = newFixture(3, 2)
	fx.examples[3].Meta.Split = "test" // same task, different split
	_, err = Write(context.Background(), fx.source(), filepath.Join(t.TempDir(), "x"), Options{})
	if err == nil || !strings.Contains(err.Error(), "is in split") {
		t.Errorf("want a task-in-two-splits error, got %v", err)
	}

	empty := func(yield func(Example, error) bool) {}
	if _, err := Write(context.Background(), empty, filepath.Join(t.TempDir(), "x"), Options{}); err == nil || !strings.Contains(err.Error(), "no examples") {
		t.Errorf("empty input: %v", err)
	}

	for _, o := range []Options{{Formats: []Format{"csv"}}, {Layout: "chatml"}, {Roles: "loose"}, {Unit: "trial"}} {
		if _, err := Write(context.Background(), fx.source(), filepath.Join(t.TempDir(), "x"), o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	if fs, err := ParseFormats("parquet,arrow"); err != nil || !slices.Equal(fs, []Format{FormatParquet, FormatArrow}) {
		t.Errorf("ParseFormats: %v %v", fs, err)
	}
}

func TestArrowDirectoryMatchesDatasets(t *testing.T) {
	fx := newFixture(8, 3)
	dest := filepath.Join(t.TempDir(), "a")
	if _, err := Write(context.Background(), fx.source(), dest, Options{Formats: []Format{FormatArrow}}); err != nil {
		t.Fatal(err)
	}
	var dd map[string][]string
	data, _ := os.ReadFile(filepath.Join(dest, "arrow", "dataset_dict.json"))
	json.Unmarshal(data, &dd)
	if len(dd["splits"]) == 0 {
		t.Fatalf("dataset_dict.json: %s", data)
	}
	for _, split := range dd["splits"] {
		var state map[string]any
		data, _ := os.ReadFile(filepath.Join(dest, "arrow", split, "state.json"))
		if err := json.Unmarshal(data, &state); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"_data_files", "_fingerprint", "_format_columns", "_format_kwargs", "_format_type", "_output_all_columns", "_split"} {
			if _, ok := state[k]; !ok {
				t.Errorf("%s state.json lacks %s", split, k)
			}
		}
		if state["_split"] != split || len(state["_fingerprint"].(string)) != 16 {
			t.Errorf("state.json: %s", data)
		}
		for _, df := range state["_data_files"].([]any) {
			name := df.(map[string]any)["filename"].(string)
			f, err := os.Open(filepath.Join(dest, "arrow", split, name))
			if err != nil {
				t.Fatal(err)
			}
			r, err := ipc.NewReader(f)
			if err != nil {
				t.Fatalf("%s is not an Arrow IPC stream: %v", name, err)
			}
			if md, ok := r.Schema().Metadata().GetValue("huggingface"); !ok || !strings.Contains(md, `"messages":[{"role":{"dtype":"string","_type":"Value"}`) {
				t.Errorf("schema metadata: %q", md)
			}
			if got := r.Schema().Field(1).Type.String(); got != "list<item: struct<role: utf8 nullable, content: utf8 nullable>, nullable>" {
				t.Errorf("messages type %s", got)
			}
			for r.Next() {
				rec := r.RecordBatch()
				ids := rec.Column(0).(*array.String)
				if ids.Len() == 0 || ids.Value(0) == "" {
					t.Error("empty id column")
				}
			}
			r.Release()
			f.Close()
		}
		var info map[string]any
		data, _ = os.ReadFile(filepath.Join(dest, "arrow", split, "dataset_info.json"))
		if err := json.Unmarshal(data, &info); err != nil {
			t.Fatal(err)
		}
		feats := info["features"].(map[string]any)
		if feats["score"].(map[string]any)["dtype"] != "float64" || feats["depth"].(map[string]any)["dtype"] != "int64" {
			t.Errorf("features: %v", feats)
		}
	}
}
