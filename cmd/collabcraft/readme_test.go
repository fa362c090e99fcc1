package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"collabcraft/export"

	"github.com/spf13/cobra"
)

type cobraCommand = cobra.Command

var update = flag.Bool("update", false, "rewrite README.md's transcripts and docs/recipes from real runs: "+
	"go test ./cmd/collabcraft -run 'TestReadme|TestRecipes' -update")

const readmePath = "../../README.md"

// demo is one run of the demo preset, shared by the tests that check what
// the README and the recipes say of it.
var demo struct {
	once sync.Once
	dir  string // its out directory
	out  string // what it printed, its paths as make demo prints them
	err  error
}

// demoRun runs `collabcraft pipeline --preset demo` (what make demo runs)
// once per test binary, into a temporary directory.
func demoRun(t *testing.T) (dir, out string) {
	t.Helper()
	demo.once.Do(func() {
		// With the default limits: the builders' programs are bounded by
		// world/js's step budget, so the figures do not depend on load.
		demo.dir, demo.err = os.MkdirTemp("", "collabcraft-demo-")
		if demo.err != nil {
			return
		}
		var b bytes.Buffer
		demo.err = runPipeline(context.Background(), PipelineOptions{Preset: "demo", Out: filepath.Join(demo.dir, "out", "demo"), out: &b}, GlobalOptions{}, nil)
		demo.out = demoPaths(b.String(), demo.dir)
	})
	if demo.err != nil {
		t.Fatal(demo.err)
	}
	return filepath.Join(demo.dir, "out", "demo"), demo.out
}

// demoPaths writes a demo run's paths as make demo's, run in a checkout
// at /path/to/collabcraft.
func demoPaths(s, dir string) string {
	s = strings.ReplaceAll(s, `"`+dir+"/", `"/path/to/collabcraft/`)
	return strings.ReplaceAll(s, dir+"/", "")
}

// childProcesses are the processes tests start from this test binary (a
// collabcraft run, a generate to kill): each, when its variable is set
// in the environment, runs and exits instead of the tests.
var childProcesses []func()

// childTestArgs are the test flags a child process is started with: no
// test runs if it were not dispatched as a child.
var childTestArgs = []string{"-test.run=^$", "-test.count=1"}

func TestMain(m *testing.M) {
	for _, child := range childProcesses {
		child()
	}
	code := m.Run()
	if demo.dir != "" {
		os.RemoveAll(demo.dir)
	}
	os.Exit(code)
}

// transcript is a README block that starts "$ command": the lines after it
// are what the command prints; a line "..." stands for lines left out.
type transcript struct {
	command    string
	want       []string
	start, end int // the block's lines in the README, end exclusive
}

func transcripts(readme string) []transcript {
	lines := strings.Split(readme, "\n")
	var out []transcript
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "    $ ")
		if !ok {
			continue
		}
		tr := transcript{command: cmd, start: i}
		j := i + 1
		for ; j < len(lines); j++ {
			if l := lines[j]; l != "" && !strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "    $ ") {
				break
			}
			tr.want = append(tr.want, strings.TrimPrefix(lines[j], "    "))
		}
		for len(tr.want) > 0 && tr.want[len(tr.want)-1] == "" {
			tr.want = tr.want[:len(tr.want)-1]
		}
		tr.end = tr.start + 1 + len(tr.want)
		out = append(out, tr)
		i = tr.end - 1
	}
	return out
}

var durationRe = regexp.MustCompile(`\b\d+(\.\d+)?(µs|ms|s|m\d+(\.\d+)?s|h\d+m\d+(\.\d+)?s)\b|\(\d+(\.\d+)? trials/s\)|\d+(\.\d+)? CPU-s|\d+ MiB`)

// maskTimes hides what differs from run to run: durations, rates, CPU time and memory.
func maskTimes(s string) string { return durationRe.ReplaceAllString(s, "TIME") }

// check compares a transcript with what its command printed: every line,
// or, after a "..." line, the output's last lines from the first one on.
// It returns the transcript as it should read.
func (tr transcript) check(got string) (fixed []string, ok bool) {
	out := strings.Split(strings.TrimRight(got, "\n"), "\n")
	if len(tr.want) > 0 && tr.want[0] == "..." {
		tail := tr.want[1:]
		if len(tail) == 0 {
			return tr.want, true
		}
		at := slices.IndexFunc(out, func(l string) bool { return maskTimes(l) == maskTimes(tail[0]) })
		if at < 0 {
			return tr.want, false // the anchor line is gone: fix it by hand
		}
		fixed = append([]string{"..."}, out[at:]...)
	} else {
		fixed = out
	}
	return fixed, maskTimes(strings.Join(fixed, "\n")) == maskTimes(strings.Join(tr.want, "\n"))
}

// TestReadmeTranscripts runs every "$ command" block of the README and
// wants what it shows, times apart: the demo's last lines, a crafting
// plan. -update rewrites the blocks from the runs.
func TestReadmeTranscripts(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	lines := strings.Split(readme, "\n")
	trs := transcripts(readme)
	if len(trs) < 2 {
		t.Fatalf("the README has %d transcripts, want the demo's and procgen plan's at least", len(trs))
	}
	for i := len(trs) - 1; i >= 0; i-- { // from the end, so rewriting keeps earlier line numbers
		tr := trs[i]
		var got string
		switch {
		case tr.command == "make demo":
			_, got = demoRun(t)
		case strings.HasPrefix(tr.command, "collabcraft "):
			got = runCaptured(t, strings.Fields(tr.command)[1:])
		default:
			t.Errorf("README line %d: transcript of %q: only make demo and collabcraft commands are run", tr.start+1, tr.command)
			continue
		}
		fixed, ok := tr.check(got)
		if ok {
			continue
		}
		if *update {
			for k := range fixed {
				if fixed[k] != "" {
					fixed[k] = "    " + fixed[k]
				}
			}
			lines = slices.Concat(lines[:tr.start+1], fixed, lines[tr.end:])
			continue
		}
		t.Errorf("README line %d: $ %s prints\n%s\nnot\n%s\n(go test ./cmd/collabcraft -run TestReadme -update rewrites it)",
			tr.start+1, tr.command, strings.Join(fixed, "\n"), strings.Join(tr.want, "\n"))
	}
	if *update {
		if err := os.WriteFile(readmePath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runCaptured runs a collabcraft command in this process and returns what
// it printed on standard output.
func runCaptured(t *testing.T, args []string) string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	_, err = execute(context.Background(), newRootCommand(), args)
	os.Stdout = stdout
	if err != nil {
		t.Fatalf("collabcraft %s: %v", strings.Join(args, " "), err)
	}
	f.Seek(0, io.SeekStart)
	b, _ := io.ReadAll(f)
	f.Close()
	return string(b)
}

// The README's numbers in prose come from real runs too.
func TestReadmeNumbers(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, out := demoRun(t)
	tasks := regexp.MustCompile(`procgen: wrote (\d+) tasks`).FindStringSubmatch(out)
	dry := runCaptured(t, []string{"pipeline", "--preset", "minecollab", "--dry-run"})
	total := regexp.MustCompile(`(?m)^total +(\d+) +\d+$`).FindStringSubmatch(dry)
	if tasks == nil || total == nil {
		t.Fatalf("no task counts in the runs' output:\n%s\n%s", out, dry)
	}
	n, _ := strconv.Atoi(total[1])
	dir, _ := demoRun(t)
	m, err := export.ReadManifest(filepath.Join(dir, "dataset"))
	if err != nil || m.Tokens == nil {
		t.Fatalf("the demo's manifest: %v", err)
	}
	limit := m.Tokens.Limit
	for _, want := range []string{
		"`collabcraft pipeline --preset demo`: " + tasks[1] + " tasks of every type",
		"# " + thousands(n) + " tasks, scripted teams",
		fmt.Sprintf("(for the demo, %s tokens: %s)", thousands(m.Tokens.All.Max), thousands(limit)),
		fmt.Sprintf("`SFTConfig(max_length=%d,\n  assistant_only_loss=True)`", limit),
		fmt.Sprintf("`cutoff_len: %d`", limit), fmt.Sprintf("`sequence_len: %d`", limit),
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("the README lacks %q (from a real run)", want)
		}
	}
	// What lands in out/demo is there.
	block := readme[strings.Index(readme, "    out/demo/\n"):]
	block = block[:strings.Index(block, "\n\n")]
	for _, l := range strings.Split(block, "\n")[1:] {
		f := strings.Fields(l)
		if len(f) == 0 || !strings.HasPrefix(l, "      ") || strings.HasPrefix(l, "        ") {
			continue
		}
		if m, _ := filepath.Glob(filepath.Join(dir, strings.TrimSuffix(f[0], "/"))); len(m) == 0 {
			t.Errorf("the README says out/demo holds %s; the demo made none", f[0])
		}
	}
	for path, named := range map[string]string{"runs/demo/run.lock": "run.lock", ".pipeline/export.json": ".pipeline/"} {
		if _, err := os.Stat(filepath.Join(dir, path)); err != nil || !strings.Contains(block, named) {
			t.Errorf("out/demo/%s (%v): the README's listing must name %s and say what it is", path, err, named)
		}
	}
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// recipesDir holds the training recipes for the demo's dataset, run from
// the repository's root after make demo.
const recipesDir = "../../docs/recipes"

// TestRecipesMatchTheDemo: docs/recipes are the recipes export writes
// into the demo dataset's card, for a dataset at out/demo/dataset, and
// their length limits cover its p99 example (and its longest) as the
// card states them.
func TestRecipesMatchTheDemo(t *testing.T) {
	dir, _ := demoRun(t)
	dataset := filepath.Join(dir, "dataset")
	m, err := export.ReadManifest(dataset)
	if err != nil {
		t.Fatal(err)
	}
	want, err := export.Recipes(m, "out/demo/dataset", "docs/recipes")
	if err != nil {
		t.Fatal(err)
	}
	inCard, err := export.Recipes(m, ".", ".")
	if err != nil {
		t.Fatal(err)
	}
	card, err := os.ReadFile(filepath.Join(dataset, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	all := regexp.MustCompile(`\n\| all \| \d+ \| \d+ \| (\d+) \| (\d+) \| (\d+) \|\n`).FindStringSubmatch(string(card))
	if all == nil {
		t.Fatalf("the demo's card states no token lengths:\n%s", card)
	}
	p99, _ := strconv.Atoi(all[2])
	longest, _ := strconv.Atoi(all[3])
	if len(want) != 3 {
		t.Fatalf("the demo has %d recipes, want TRL, LLaMA-Factory and Axolotl", len(want))
	}
	for name, text := range want {
		path := filepath.Join(recipesDir, name)
		if *update {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != text {
			t.Errorf("%s differs from the demo dataset's recipe (go test ./cmd/collabcraft -run TestRecipes -update rewrites it):\n%s", path, text)
			continue
		}
		limit := recipeLimit(t, name, text)
		if limit < p99 || limit < longest || limit != m.Tokens.Limit {
			t.Errorf("%s: length limit %d, the card's p99 %d and longest %d tokens (limit %d)", name, limit, p99, longest, m.Tokens.Limit)
		}
		if !strings.Contains(string(card), inCard[name]) {
			t.Errorf("the card does not hold %s", name)
		}
	}
}

// recipeLimit reads a recipe's length limit.
func recipeLimit(t *testing.T, name, text string) int {
	t.Helper()
	key := map[string]string{"trl_sft.py": `max_length=(\d+),`, "llamafactory_sft.yaml": `(?m)^cutoff_len: (\d+)$`, "axolotl_sft.yaml": `(?m)^sequence_len: (\d+)$`}[name]
	m := regexp.MustCompile(key).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%s sets no length limit (%s)", name, key)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// documentedKeys are the configuration keys the recipes may use, each
// checked against its trainer's own definition of the config, since no
// trainer installs here (no PyPI; Debian packages none of them):
//
//   - TRL v1.9.0 (huggingface/trl f2cd577): SFTConfig in
//     trl/trainer/sft_config.py (max_length, assistant_only_loss,
//     completion_only_loss) over transformers' TrainingArguments (the
//     rest); SFTTrainer's arguments in docs/source/sft_trainer.md.
//   - LLaMA-Factory (hiyouga/LLaMA-Factory ff6d4d1): src/llamafactory/
//     hparams/data_args.py (dataset_dir, dataset, eval_dataset, template,
//     cutoff_len, train_on_prompt, mask_history), finetuning_args.py
//     (stage, finetuning_type, lora_target), model_args.py
//     (model_name_or_path), transformers' Seq2SeqTrainingArguments (the
//     rest); examples/train_lora/qwen3_lora_sft.yaml has the same layout.
//   - Axolotl (axolotl-ai-cloud/axolotl 067b021): src/axolotl/utils/
//     schemas/config.py (sequence_len, excess_length_strategy, datasets,
//     test_datasets, chat_template), training.py (train_on_inputs,
//     micro_batch_size, gradient_accumulation_steps, num_epochs,
//     learning_rate), peft.py (adapter, lora_*), model.py (base_model,
//     output_dir); a dataset's keys in datasets.py (roles_to_train,
//     train_on_eos, field_messages, message_property_mappings, ds_type,
//     split).
var documentedKeys = map[string][]string{
	"trl_sft.py": {"model", "train_dataset", "eval_dataset", "args", "output_dir", "max_length", "assistant_only_loss",
		"completion_only_loss", "per_device_train_batch_size", "gradient_accumulation_steps", "gradient_checkpointing", "bf16"},
	"llamafactory_sft.yaml": {"model_name_or_path", "stage", "do_train", "finetuning_type", "lora_target", "dataset_dir",
		"dataset", "eval_dataset", "template", "cutoff_len", "train_on_prompt", "mask_history", "output_dir",
		"per_device_train_batch_size", "gradient_accumulation_steps", "learning_rate", "num_train_epochs", "bf16"},
	"axolotl_sft.yaml": {"base_model", "chat_template", "datasets", "test_datasets", "sequence_len", "train_on_inputs",
		"excess_length_strategy", "adapter", "lora_r", "lora_alpha", "lora_target_linear", "output_dir", "micro_batch_size",
		"gradient_accumulation_steps", "num_epochs", "learning_rate", "bf16", "gradient_checkpointing",
		// keys of a dataset entry
		"path", "ds_type", "split", "type", "field_messages", "message_property_mappings", "role", "content", "roles_to_train", "train_on_eos"},
}

// mustKeys are the settings that make each recipe train on the
// assistant's turns only and not cut the examples.
var mustKeys = map[string][]string{
	"trl_sft.py":            {"max_length=", "assistant_only_loss=True"},
	"llamafactory_sft.yaml": {"cutoff_len: ", "train_on_prompt: false", "mask_history: true"},
	"axolotl_sft.yaml":      {"sequence_len: ", `roles_to_train: ["assistant"]`, "train_on_inputs: false"},
}

// TestRecipeKeysDocumented: every key the recipes set is one their
// trainer documents, and each sets its length limit and trains on the
// assistant's turns only.
func TestRecipeKeysDocumented(t *testing.T) {
	keyRe := map[string]*regexp.Regexp{
		"trl_sft.py":            regexp.MustCompile(`(?m)^\s+(\w+)=`),
		"llamafactory_sft.yaml": regexp.MustCompile(`(?m)^\s*-?\s*(\w+):`),
		"axolotl_sft.yaml":      regexp.MustCompile(`(?m)^\s*-?\s*(\w+):`),
	}
	for name, re := range keyRe {
		text, err := os.ReadFile(filepath.Join(recipesDir, name))
		if err != nil {
			t.Fatal(err)
		}
		var body []string
		for _, l := range strings.Split(string(text), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "#") {
				body = append(body, l)
			}
		}
		keys := re.FindAllStringSubmatch(strings.Join(body, "\n"), -1)
		if len(keys) < 8 {
			t.Errorf("%s: %d keys read", name, len(keys))
		}
		for _, k := range keys {
			if !slices.Contains(documentedKeys[name], k[1]) {
				t.Errorf("%s sets %q, which its trainer's config does not document (see documentedKeys)", name, k[1])
			}
		}
		for _, want := range mustKeys[name] {
			if !strings.Contains(string(text), want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}

// The README's command table lists every command, and its exit status
// table says what main decides.
func TestReadmeCommandTable(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	tick := regexp.MustCompile("`([^`]+)`")
	for _, l := range strings.Split(string(data), "\n") {
		cell, _, ok := strings.Cut(strings.TrimPrefix(l, "| "), " |")
		if !ok || !strings.HasPrefix(l, "| `") {
			continue
		}
		names := tick.FindAllStringSubmatch(cell, -1)
		first := strings.Fields(names[0][1])
		listed[strings.Join(first, " ")] = true
		for _, n := range names[1:] {
			if strings.Contains(cell, "(`"+n[1]+"`)") { // (import): a command under the first
				listed[strings.Join(append(slices.Clone(first), n[1]), " ")] = true
			} else { // / suite: beside it
				listed[strings.Join(append(slices.Clone(first[:len(first)-1]), n[1]), " ")] = true
			}
		}
	}
	var walk func(c *cobraCommand)
	walk = func(c *cobraCommand) {
		for _, sub := range documented(c) {
			if path := strings.TrimPrefix(sub.CommandPath(), "collabcraft "); sub.Runnable() && !listed[path] {
				t.Errorf("the README's command table lacks %s", path)
			}
			walk(sub)
		}
	}
	walk(newRootCommand())
	for _, want := range []string{"| 2 | a usage error", "| 130, 143 | stopped by Ctrl-C"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the README's exit status table lacks %q", want)
		}
	}
}

// TestDocsImagesUpToDate: each picture `make docs-images` draws is the
// one committed, and the README shows the command that draws it.
func TestDocsImagesUpToDate(t *testing.T) {
	makefile, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	// The README's commands, continuation lines joined, comments cut.
	shown := strings.ReplaceAll(string(readme), "\\\n", " ")
	recipe := regexp.MustCompile(`(?m)^docs-images:.*\n((?:\t.*\n)+)`).FindStringSubmatch(string(makefile))
	if recipe == nil {
		t.Fatal("the Makefile has no docs-images target")
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(recipe[1]), "\n") {
		args, ok := strings.CutPrefix(strings.TrimSpace(line), "$(BIN) ")
		if !ok {
			continue
		}
		n++
		f := strings.Fields(args)
		at := slices.Index(f, "-o")
		if at < 0 || at+1 >= len(f) {
			t.Fatalf("docs-images: %q writes no -o file", line)
		}
		image := f[at+1]
		got := filepath.Join(t.TempDir(), filepath.Base(image))
		run := slices.Clone(f)
		run[at+1] = got
		runCaptured(t, append([]string{"-q"}, run...))
		want, err := os.ReadFile(filepath.Join("..", "..", image))
		have, _ := os.ReadFile(got)
		if err != nil || !bytes.Equal(want, have) {
			t.Errorf("%s is stale: make docs-images redraws it (%v)", image, err)
		}
		// The README: the same command, writing the picture where you are.
		readmeArgs := slices.Clone(f)
		readmeArgs[at+1] = filepath.Base(image)
		cmd := regexp.MustCompile(`collabcraft ` + strings.Join(strings.Fields(regexp.QuoteMeta(strings.Join(readmeArgs, " "))), `\s+`) + `\s`)
		if !cmd.MatchString(shown) || !strings.Contains(string(readme), "]("+image+")") {
			t.Errorf("the README does not show %s with the command that draws it: collabcraft %s", image, strings.Join(readmeArgs, " "))
		}
	}
	if n == 0 {
		t.Error("docs-images draws nothing")
	}
}
