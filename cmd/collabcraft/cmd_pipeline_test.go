package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"collabcraft/generate/llm/llmtest"
	"collabcraft/pipeline"
)

func TestPipelineDryRun(t *testing.T) {
	var out bytes.Buffer
	opts := PipelineOptions{Preset: "minecollab", DryRun: true, out: &out}
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^crafting_train\.json +crafting +train +2 +minecollab +1200 +1200$`),
		regexp.MustCompile(`(?m)^cooking_test_5_agents\.json +cooking +test +5 +minecollab-5agents +90 +90$`),
		regexp.MustCompile(`(?m)^crafting +test +400 +400$`), // 100 for each of 2..5 agents
		regexp.MustCompile(`(?m)^construction +train +2000 +2000$`),
		regexp.MustCompile(`(?m)^total +4400 +4400$`),
		regexp.MustCompile(`4400 trials \(1 per task\) -> runs out/minecollab/runs/minecollab, out/minecollab/runs/minecollab-3agents, ` +
			`out/minecollab/runs/minecollab-4agents, out/minecollab/runs/minecollab-5agents -> view out/minecollab/runs/minecollab.filtered`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("dry run lacks %s:\n%s", want, out.String())
		}
	}
	if _, err := os.Stat("out/minecollab"); err == nil {
		t.Error("a dry run wrote files")
	}

	out.Reset()
	opts = PipelineOptions{Preset: "demo", DryRun: true, out: &out, Set: []string{
		"procgen.types=[cooking]", "generate.trials-per-task=3", "generate.shard=0/2",
		"procgen.tasks=[{type: crafting, split: train, n: 5, output: extra.json}]",
	}}
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^total +41 +123$`).MatchString(out.String()) {
		t.Errorf("dry run lacks the total 41 tasks, 123 trials:\n%s", out.String())
	}
	// demo cooking: 24 train + 12 test; extra: 5 crafting -> 41 tasks, 123 trials, shard 0/2 plays 62.
	for _, want := range []string{"extra.json", "this machine plays 62 of the trials", "62 trials (3 per task)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dry run lacks %q:\n%s", want, out.String())
		}
	}
}

func TestPipelinePrintConfig(t *testing.T) {
	var out bytes.Buffer
	if err := runPipeline(context.Background(), PipelineOptions{Preset: "demo", PrintConfig: true, out: &out}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	want, _ := pipeline.Preset("demo")
	if out.String() != string(want) {
		t.Errorf("--print-config --preset demo is not the preset:\n%s", out.String())
	}
	// Printed with overrides, the config reads back as the same pipeline.
	out.Reset()
	opts := PipelineOptions{Preset: "demo", PrintConfig: true, Out: "elsewhere", Set: []string{"generate.workers=3"}, out: &out}
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "p.yaml")
	os.WriteFile(file, out.Bytes(), 0o644)
	var dry bytes.Buffer
	if err := runPipeline(context.Background(), PipelineOptions{Config: file, DryRun: true, out: &dry}, GlobalOptions{}, nil); err != nil {
		t.Fatalf("printed config does not run: %v\n%s", err, out.String())
	}
	if !strings.Contains(dry.String(), "-> runs elsewhere/runs/demo ->") {
		t.Errorf("printed config lost --out:\n%s", dry.String())
	}
}

func TestPipelineConfigErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	base := "name: x\nout: " + dir + "/o\nprocgen: {suite: demo}\n"
	for _, tc := range []struct {
		opts PipelineOptions
		want string
	}{
		{PipelineOptions{}, "give --preset (co-voyager, cuisineworld, demo, minecollab, s-agents, villagerbench) or --config FILE"},
		{PipelineOptions{Preset: "demo", Config: "x.yaml"}, "exclude each other"},
		{PipelineOptions{Preset: "huge"}, `--preset "huge": want co-voyager or cuisineworld or demo or minecollab or s-agents or villagerbench`},
		{PipelineOptions{Config: filepath.Join(dir, "missing.yaml")}, "missing.yaml: no such file"},
		{PipelineOptions{Config: write("a.yaml", base+"generate:\n  workerz: 3\n")}, `a.yaml: line 5: generate: unknown flag "workerz" (did you mean "workers"?) (the flags of generate: `},
		{PipelineOptions{Config: write("b.yaml", base+"filter:\n  quantile: lots\n")}, `b.yaml: line 5: filter: flag "quantile": invalid value "lots" (want a number)`},
		{PipelineOptions{Config: write("c.yaml", base+"export:\n  out: x\n")}, `flag "out" is set by the pipeline (to the dataset `},
		{PipelineOptions{Config: write("d.yaml", base+"export:\n  format: csv\n")}, `export: --format: format "csv"`},
		{PipelineOptions{Config: write("e.yaml", base+"generate:\n  trials-per-task: 0\n")}, `generate: --trials-per-task 0: want 1 or more`},
		{PipelineOptions{Config: write("f.yaml", base+"extra: 1\n")}, `f.yaml: line 4: unknown key "extra" at the top level: want one of name, out, procgen, generate, filter, export`},
		{PipelineOptions{Config: write("f2.yaml", base+"workers: 4\n")}, `f2.yaml: line 4: unknown key "workers" at the top level: want one of name, out, procgen, generate, filter, export; workers is a flag of generate: put it under generate:`},
		{PipelineOptions{Config: write("f3.yaml", base+"genrate:\n  workers: 4\n")}, `f3.yaml: line 4: unknown key "genrate" at the top level: want one of name, out, procgen, generate, filter, export (did you mean "generate"?)`},
		{PipelineOptions{Preset: "demo", Set: []string{"workers=4"}}, `--set workers=4: unknown key "workers" at the top level: want one of name, out, procgen, generate, filter, export; workers is a flag of generate: --set generate.workers=4`},
		{PipelineOptions{Config: write("g.yaml", base+"filter:\n  quiet: true\n")}, `unknown flag "quiet"`},
		{PipelineOptions{Config: write("h.yaml", "name: x\nout: o\nprocgen:\n  tasks:\n    - {split: train}\n")}, `procgen.tasks[0]: type is required`},
		{PipelineOptions{Config: write("i.yaml", "name: x\nout: o\nprocgen:\n  suite: demo\n  tasks:\n    - {type: crafting, split: train}\n")}, `task file crafting_train.json is made twice`},
		{PipelineOptions{Preset: "demo", Set: []string{"generate.shard=4/4"}}, "generate: --shard"},
		{PipelineOptions{Preset: "demo", Set: []string{"generate.voice=gpt-4o-mini"}}, `generate: --voice: "gpt-4o-mini": want openai:MODEL`},
	} {
		err := runPipeline(context.Background(), tc.opts, GlobalOptions{}, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// TestPipelineEndToEnd runs every stage against a test model server, then
// reruns: nothing is redone; a removed dataset is exported again from the
// same view; a new filter rule refilters and re-exports.
func TestPipelineEndToEnd(t *testing.T) {
	srv := newModelServer(t, testKey)
	t.Setenv(testKeyEnv, testKey)
	out := filepath.Join(t.TempDir(), "o")
	opts := PipelineOptions{Preset: "demo", Out: out, Set: []string{
		"procgen.types=[crafting, cooking]", "procgen.splits=[dev, test]", "procgen.agents=[2]",
		"generate.backend=openai", "generate.base-url=" + srv.URL + "/v1", "generate.model=test-model",
		"generate.api-key-env=" + testKeyEnv, "generate.max-turns=4", "generate.workers=4",
		"filter.keep-all=true",
	}}
	var log bytes.Buffer
	opts.out = &log
	// Generate runs under the process's own memory limit, not the
	// pipeline's (world/js stops programs past it), and the pipeline puts
	// the process's back when it ends.
	outer := debug.SetMemoryLimit(-1)
	var mu sync.Mutex
	var during []int64
	srv.Answer = func(msgs []llmtest.Message) string {
		mu.Lock()
		during = append(during, debug.SetMemoryLimit(-1))
		mu.Unlock()
		return modelAnswer(msgs)
	}
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if len(during) == 0 || slices.ContainsFunc(during, func(l int64) bool { return l != outer }) {
		t.Errorf("memory limits during generate: %v, want only the process's %d", slices.Compact(during), outer)
	}
	if after := debug.SetMemoryLimit(-1); after != outer {
		t.Errorf("memory limit after the pipeline: %d, want the process's %d back", after, outer)
	}
	text := log.String()
	dataset := filepath.Join(out, "dataset")
	abs, _ := filepath.Abs(filepath.Join(dataset, "data"))
	for _, want := range []string{
		"procgen: wrote 36 tasks in 3 files", // demo crafting dev 12 + test 12, cooking test 12
		"generate: " + filepath.Join(out, "runs", "demo") + " done: 36 trials played",
		"filter: " + filepath.Join(out, "runs", "demo") + " -> " + filepath.Join(out, "runs", "demo.filtered"),
		"export: " + filepath.Join(out, "runs", "demo.filtered") + " -> " + dataset,
		"runs " + filepath.Join(out, "runs", "demo") + ":",
		"dataset: " + dataset + " (180 examples: dev 60, test 120)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if tail := strings.Join(lines[len(lines)-3:], "\n"); tail != "load it in Python:\n  from datasets import load_dataset\n  ds = load_dataset(\"parquet\", data_dir=\""+abs+"\")" {
		t.Errorf("last lines:\n%s", tail)
	}
	for _, f := range []string{"manifest.json", "README.md", "openai/dev.jsonl", "openai/test.jsonl"} {
		if _, err := os.Stat(filepath.Join(dataset, f)); err != nil {
			t.Errorf("dataset: %v", err)
		}
	}
	data, _ := os.ReadFile(filepath.Join(dataset, "openai", "test.jsonl"))

	// A rerun redoes nothing.
	log.Reset()
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"task files in " + filepath.Join(out, "tasks") + " are up to date", "0 trials played, 36 already recorded",
		"filter: " + filepath.Join(out, "runs", "demo.filtered") + " is up to date", "export: " + dataset + " is up to date"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("rerun lacks %q:\n%s", want, log.String())
		}
	}
	// A missing dataset is exported again, byte for byte, without refiltering.
	os.RemoveAll(dataset)
	log.Reset()
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(dataset, "openai", "test.jsonl")); len(data) == 0 || !bytes.Equal(again, data) {
		t.Error("re-exported dataset differs")
	}
	if !strings.Contains(log.String(), "is up to date") || !strings.Contains(log.String(), "export: "+filepath.Join(out, "runs", "demo.filtered")) {
		t.Errorf("after removing the dataset:\n%s", log.String())
	}
	// Another filter rule refilters and re-exports.
	opts.Set = append(opts.Set, "filter.kinds=[conversation]")
	log.Reset()
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "filter: "+filepath.Join(out, "runs", "demo")+" -> ") || !strings.Contains(log.String(), "export: ") {
		t.Errorf("new rule did not refilter:\n%s", log.String())
	}
}

// TestPipelineNothingKept: when every trial fails, the pipeline says why
// (the first trial's error) instead of exporting an empty dataset.
func TestPipelineNothingKept(t *testing.T) {
	srv := newModelServer(t, testKey)
	srv.Faults = func(int, llmtest.Request) string { return "500" }
	t.Setenv(testKeyEnv, testKey)
	opts := PipelineOptions{Preset: "demo", Out: filepath.Join(t.TempDir(), "o"), out: &bytes.Buffer{}, Set: []string{
		"procgen.types=[cooking]", "procgen.splits=[test]", "generate.backend=openai", "generate.model=m",
		"generate.base-url=" + srv.URL + "/v1", "generate.api-key-env=" + testKeyEnv, "generate.max-attempts=1",
	}}
	err := runPipeline(context.Background(), opts, GlobalOptions{}, nil)
	if err == nil || !strings.Contains(err.Error(), "the filter kept no transitions of 12 trials (dropped: 12 error); every trial ended with an error, e.g. trial ") ||
		!strings.Contains(err.Error(), "internal error") {
		t.Errorf("error %v", err)
	}
}

// TestPipelineTeamSizes: the suite's 3-agent files reuse task ids of the
// 2-agent ones, so each team size plays in its own run; one view and one
// dataset cover them all. Scripted teams, as the presets have.
func TestPipelineTeamSizes(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	var log bytes.Buffer
	opts := PipelineOptions{Preset: "demo", Out: out, out: &log, Set: []string{
		"procgen.types=[crafting]", "procgen.splits=[test]", "procgen.agents=[2, 3]", "filter.keep-all=true",
	}}
	if err := runPipeline(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	two, three := filepath.Join(out, "runs", "demo"), filepath.Join(out, "runs", "demo-3agents")
	for _, want := range []string{
		"generate: " + two + " done: 12 trials played",
		"generate: " + three + " done: 6 trials played",
		"filter: " + two + ", " + three + " -> " + filepath.Join(out, "runs", "demo.filtered"),
		"runs " + two + ", " + three + ":",
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, log.String())
		}
	}
	for dir, agents := range map[string]int{two: 2, three: 3} {
		for _, tr := range trials(t, dir) {
			if len(tr.Team) != agents {
				t.Fatalf("%s: trial %s has %d agents, want %d", dir, tr.TrialID, len(tr.Team), agents)
			}
		}
	}
}
