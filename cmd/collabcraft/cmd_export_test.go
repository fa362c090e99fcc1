package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"collabcraft/export"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// jsonlLines reads every line of dir/sub/*.jsonl.
func jsonlLines(t *testing.T, dir, sub string) []map[string]any {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, sub, "*.jsonl"))
	if len(files) == 0 {
		t.Fatalf("no %s/*.jsonl in %s", sub, dir)
	}
	var out []map[string]any
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out = append(out, m)
		}
	}
	return out
}

func TestRunExport(t *testing.T) {
	run := fixtureRun(t)
	ds := filepath.Join(t.TempDir(), "datasets", "r1")
	var out bytes.Buffer
	opts := ExportOptions{In: []string{run}, Out: ds, Formats: "parquet,openai-jsonl,sharegpt,arrow", Unit: "transition",
		Layout: "messages", Roles: "raw", SplitBy: "task", ValidationFraction: 0, Audit: true, out: &out}
	if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	// The card holds the audit of what was written: 10 examples, all
	// conversation calls of 3 trials, read back from the Parquet files.
	card, err := os.ReadFile(filepath.Join(ds, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Audit\n", "of this dataset: 10 examples from 3 trials.", "| kind conversation | 10 |", "| all | 10 |", "Loops: 0 repeated calls"} {
		if !strings.Contains(string(card), want) {
			t.Errorf("card lacks %q:\n%s", want, card)
		}
	}
	// The paper's recipe keeps c1 (2 agents x 2 calls), b2 (2 x 1, best
	// of rooms level 1) and b4 (2 x 2, best of rooms level 2).
	lines := jsonlLines(t, ds, "openai")
	if len(lines) != 10 {
		t.Fatalf("%d openai lines, want 10\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		msgs := l["messages"].([]any)
		last := msgs[len(msgs)-1].(map[string]any)
		if len(l) != 1 || last["role"] != "assistant" || !strings.Contains(last["content"].(string), " says ") {
			t.Errorf("openai line %v", l)
		}
	}
	if n := len(jsonlLines(t, ds, "sharegpt")); n != 10 {
		t.Errorf("%d sharegpt lines, want 10", n)
	}
	for _, want := range []string{"kept  3  10", "train  3  10", "written  10"} {
		if !strings.Contains(squeeze(out.String()), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	var man map[string]any
	b, err := os.ReadFile(filepath.Join(ds, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &man); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"below_quantile": 2`) || !strings.Contains(string(b), `"fingerprint"`) {
		t.Errorf("manifest lacks the filter report or the run manifest:\n%.2000s", b)
	}

	// Episodes from the filtered view, strict roles: one per agent of a kept trial.
	view := run + ".filtered"
	if err := runFilter(context.Background(), FilterOptions{In: []string{run}, Out: view, out: &bytes.Buffer{}}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	ds2 := filepath.Join(t.TempDir(), "episodes")
	opts = ExportOptions{In: []string{view}, Out: ds2, Formats: "openai-jsonl", Unit: "episode", Layout: "messages",
		Roles: "strict", SplitBy: "hash", Fractions: "1,0,0", Audit: true, out: &bytes.Buffer{}}
	if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	// No Parquet to read back: the card points to the audit instead.
	if card, _ := os.ReadFile(filepath.Join(ds2, "README.md")); strings.Contains(string(card), "## Audit") || !strings.Contains(string(card), "collabcraft audit <this folder>") {
		t.Errorf("JSONL-only card:\n%s", card)
	}
	eps := jsonlLines(t, ds2, "openai")
	if len(eps) != 6 {
		t.Fatalf("%d episodes, want 6", len(eps))
	}
	for _, e := range eps {
		msgs := e["messages"].([]any)
		if msgs[0].(map[string]any)["role"] != "system" || msgs[len(msgs)-1].(map[string]any)["role"] != "assistant" {
			t.Errorf("episode %v", msgs)
		}
	}
}

func TestRunExportBadInput(t *testing.T) {
	run := fixtureRun(t)
	base := ExportOptions{In: []string{run}, Out: filepath.Join(t.TempDir(), "d"), Formats: "parquet", Unit: "transition",
		Layout: "messages", Roles: "raw", SplitBy: "task"}
	for _, c := range []struct {
		edit func(*ExportOptions)
		want string
	}{
		{func(o *ExportOptions) { o.In = nil }, "--in is required"},
		{func(o *ExportOptions) { o.Out = "" }, "--out is required"},
		{func(o *ExportOptions) { o.Formats = "csv" }, `format "csv"`},
		{func(o *ExportOptions) { o.Unit = "trial" }, `--unit "trial"`},
		{func(o *ExportOptions) { o.Layout = "flat" }, `layout "flat"`},
		{func(o *ExportOptions) { o.Roles = "loose" }, `roles "loose"`},
		{func(o *ExportOptions) { o.SplitBy = "row" }, `--split-by "row"`},
		{func(o *ExportOptions) { o.SplitBy = "hash"; o.Fractions = "0.5,0.5" }, "three numbers"},
		{func(o *ExportOptions) { o.Kinds = []string{"x"}; o.Set = []string{"kinds"} }, `kinds: "x"`},
	} {
		o := base
		c.edit(&o)
		o.out = &bytes.Buffer{}
		if err := runExport(context.Background(), o, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// TestExportDAG: a run of --org dag exports with an org column; every
// kind of the DAG's calls is an example, and --kinds keeps one kind
// alone; --unit villageragent-action writes VillagerAgent's layout.
func TestExportDAG(t *testing.T) {
	tasks, err := procgen.Generate("cooking", procgen.GenerateOptions{Options: procgen.Options{Split: "train", Agents: 2, N: 3, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cooking.json")
	if err := procgen.WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(t.TempDir(), "dag")
	gopts := defaultGenerateOptions(t, []string{path}, run)
	gopts.Org = "dag"
	if err := runGenerate(context.Background(), gopts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	exportKinds := func(unit string, kinds ...string) []map[string]any {
		t.Helper()
		ds := filepath.Join(t.TempDir(), "ds")
		opts := ExportOptions{In: []string{run}, Out: ds, Formats: "openai-jsonl,parquet", Unit: unit, Layout: "messages", Roles: "raw",
			SplitBy: "task", out: &bytes.Buffer{}}
		opts.KeepAll, opts.Set = true, []string{"keep-all"}
		if len(kinds) > 0 {
			opts.Kinds, opts.Set = kinds, append(opts.Set, "kinds")
		}
		if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
			t.Fatal(err)
		}
		src, err := export.ReadDataset(ds)
		if err != nil {
			t.Fatal(err)
		}
		for ex, err := range src {
			if err != nil || ex.Meta.Org != "dag" || ex.Meta.NumAgents != 2 {
				t.Fatalf("%s: org %q, %d agents (%v)", ex.ID, ex.Meta.Org, ex.Meta.NumAgents, err)
			}
		}
		var out bytes.Buffer
		if err := runAudit(context.Background(), AuditOptions{JSON: true, NearThreshold: 0.8, out: &out}, GlobalOptions{}, []string{ds}); err != nil {
			t.Fatal(err)
		}
		var r struct {
			ByDimension map[string][]struct {
				Value    string `json:"value"`
				Examples int    `json:"examples"`
			} `json:"by_dimension"`
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		var rows []map[string]any
		for _, g := range r.ByDimension["kind"] {
			rows = append(rows, map[string]any{"kind": g.Value, "examples": g.Examples})
		}
		return rows
	}
	all := exportKinds("transition")
	got := map[string]bool{}
	for _, r := range all {
		got[r["kind"].(string)] = true
	}
	for _, k := range []string{"env_summary", "decompose", "assign", "react", "reflect", "summary"} {
		if !got[k] {
			t.Errorf("no %s examples in %v", k, all)
		}
		one := exportKinds("transition", k)
		if len(one) != 1 || one[0]["kind"] != k {
			t.Errorf("--kinds %s exported %v", k, one)
		}
	}
	if va := exportKinds("villageragent-action"); len(va) != 1 || va[0]["kind"] != "react" {
		t.Errorf("--unit villageragent-action: %v", va)
	}
	if err := runExport(context.Background(), ExportOptions{In: []string{run}, Out: filepath.Join(t.TempDir(), "x"), Formats: "parquet",
		Unit: "villager", Layout: "messages", Roles: "raw", SplitBy: "task"}, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), "villageragent-action") {
		t.Errorf("a bad --unit: %v", err)
	}
}

// TestExportMixAndMaxTokens: on a real scripted run of crafting and
// construction, --mix kind:coding<=0.3 --mix-by chars leaves coding calls at
// most 30% of the train split's response characters (from most of them), the
// same examples every time; --max-example-tokens drops the longer examples;
// card and manifest report both, and the mix by examples and by characters.
func TestExportMixAndMaxTokens(t *testing.T) {
	var files []string
	for _, kind := range []string{"crafting", "construction"} {
		tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: "train", Agents: 2, N: 2, Seed: 3}})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), kind+".json")
		if err := procgen.WriteTaskFile(path, tasks); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	run := filepath.Join(t.TempDir(), "run")
	if err := runGenerate(context.Background(), defaultGenerateOptions(t, files, run), GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	export1 := func(mix, by string, maxTokens int) (export.Manifest, string, string) {
		t.Helper()
		ds := filepath.Join(t.TempDir(), "ds")
		opts := ExportOptions{In: []string{run}, Out: ds, Formats: "openai-jsonl", Unit: "transition", Layout: "messages", Roles: "raw",
			SplitBy: "hash", Fractions: "1,0,0", Mix: mix, MixBy: by, MaxExampleTokens: maxTokens, out: &bytes.Buffer{}}
		opts.KeepAll, opts.Set = true, []string{"keep-all"}
		if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
			t.Fatal(err)
		}
		m, err := export.ReadManifest(ds)
		if err != nil {
			t.Fatal(err)
		}
		card, _ := os.ReadFile(filepath.Join(ds, "README.md"))
		data, _ := os.ReadFile(filepath.Join(ds, "openai", "train.jsonl"))
		return *m, string(card), string(data)
	}
	share := func(c export.Composition, kind string) float64 {
		var all int64
		for _, s := range c.Kind {
			all += s.ResponseChars
		}
		return float64(c.Kind[kind].ResponseChars) / float64(all)
	}
	plain, card, _ := export1("", "examples", 0)
	before := share(plain.Counts.Composition["train"], "coding")
	if before <= 0.3 {
		t.Fatalf("coding calls are %.0f%% of the response characters before --mix; the test needs more", 100*before)
	}
	for _, want := range []string{"**Mix** (examples by task type and by kind of model call", "| kind | train examples | share | train response chars | share | all examples | share | all response chars | share |", "| coding | "} {
		if !strings.Contains(card, want) {
			t.Errorf("card lacks %q", want)
		}
	}

	mixed, card, data := export1("kind:coding<=0.3", "chars", 0)
	after := share(mixed.Counts.Composition["train"], "coding")
	if after > 0.3 || after < 0.2 || mixed.Counts.MixDropped == 0 || mixed.Counts.Written+mixed.Counts.MixDropped != plain.Counts.Written {
		t.Errorf("coding share of response chars %.3f (before %.3f), %d dropped, %d written of %d", after, before, mixed.Counts.MixDropped, mixed.Counts.Written, plain.Counts.Written)
	}
	t.Logf("coding calls: %.1f%% of the response characters before --mix, %.1f%% after (%d of %d examples dropped)", 100*before, 100*after, mixed.Counts.MixDropped, plain.Counts.Written)
	if got := share(mixed.Counts.MixBefore["train"], "coding"); got != before {
		t.Errorf("mix_before gives coding %.3f, the plain export %.3f", got, before)
	}
	if !strings.Contains(card, "`--mix` capped `kind:coding<=0.3` by response characters in the train split (seed 0)") ||
		!strings.Contains(card, "| train before --mix examples | share | train before --mix response chars | share |") {
		t.Errorf("card does not report the mix:\n%s", card)
	}
	if _, _, again := export1("kind:coding<=0.3", "chars", 0); again != data {
		t.Error("the same --mix gave another dataset")
	}
	byExamples, _, _ := export1("kind:coding<=0.3,type:construction<=0.6", "examples", 0)
	c := byExamples.Counts.Composition["train"]
	if n := c.Kind["coding"].Examples; float64(n) > 0.3*float64(byExamples.Counts.Written) {
		t.Errorf("coding: %d of %d examples", n, byExamples.Counts.Written)
	}
	if n := c.TaskType["construction"].Examples; float64(n) > 0.6*float64(byExamples.Counts.Written) {
		t.Errorf("construction: %d of %d examples", n, byExamples.Counts.Written)
	}

	limit := plain.Tokens.All.P50
	short, card, _ := export1("", "examples", limit)
	if short.Counts.OverMaxTokens == 0 || short.Tokens.All.Max > limit || short.Counts.Written+short.Counts.OverMaxTokens != plain.Counts.Written {
		t.Errorf("--max-example-tokens %d: %d dropped, longest %d, %d written of %d", limit, short.Counts.OverMaxTokens, short.Tokens.All.Max, short.Counts.Written, plain.Counts.Written)
	}
	if !strings.Contains(card, fmt.Sprintf("`--max-example-tokens %d` dropped %d examples longer than that", limit, short.Counts.OverMaxTokens)) {
		t.Errorf("card does not count the long examples:\n%s", card)
	}
}

// A run that generate is still writing is exported only as a snapshot
// asked for (issue 26: it was exported silently).
func TestExportRunBeingWritten(t *testing.T) {
	run := fixtureRun(t)
	w, err := trajectory.OpenWriter(run, &trajectory.Manifest{Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	opts := ExportOptions{In: []string{run}, Out: filepath.Join(t.TempDir(), "ds"), Formats: "openai-jsonl", Unit: "transition",
		Layout: "messages", Roles: "raw", SplitBy: "task", out: io.Discard}
	err = runExport(context.Background(), opts, GlobalOptions{}, nil)
	if err == nil || !strings.Contains(err.Error(), "is still being written by process "+strconv.Itoa(os.Getpid())) || !strings.Contains(err.Error(), "--snapshot") {
		t.Fatalf("export of a run being written: %v", err)
	}
	opts.Snapshot = true
	if err := runExport(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatalf("export --snapshot: %v", err)
	}
}
