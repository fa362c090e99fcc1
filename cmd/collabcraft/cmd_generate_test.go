package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/llm/llmtest"
	"collabcraft/procgen"
	"collabcraft/trajectory"

	"github.com/klauspost/compress/zstd"
	"github.com/spf13/pflag"
)

const (
	testKeyEnv = "COLLABCRAFT_TEST_KEY"
	testKey    = "sk-collabcraft-test-9f8e7d6c5b4a39281706"
)

// writeCraftingTasks writes n generated two-agent crafting tasks to a
// task file and returns its path and the tasks.
func writeCraftingTasks(t testing.TB, n int, seed uint64) (string, []procgen.Task) {
	t.Helper()
	tasks, err := procgen.GenerateCrafting(procgen.CraftingOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: n, Seed: seed}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "crafting.json")
	if err := procgen.WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	return path, tasks
}

// defaultGenerateOptions are the options as the command line's defaults
// leave them.
func defaultGenerateOptions(t testing.TB, tasks []string, out string) GenerateOptions {
	t.Helper()
	var opts GenerateOptions
	f := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	opts.AddFlags(f)
	if err := f.Parse(nil); err != nil {
		t.Fatal(err)
	}
	opts.Tasks, opts.Out, opts.out = tasks, out, io.Discard
	return opts
}

// openAIOptions plays every agent through the test model server, with
// short trials and fast retries.
func openAIOptions(t testing.TB, srv *llmtest.Server, tasks []string, out string) GenerateOptions {
	t.Helper()
	t.Setenv(testKeyEnv, testKey)
	opts := defaultGenerateOptions(t, tasks, out)
	opts.Backend, opts.BaseURL, opts.Model, opts.APIKeyEnv = "openai", srv.URL+"/v1", "test-model", testKeyEnv
	opts.MaxTurns, opts.Workers, opts.MaxAttempts = 6, 4, 4
	opts.Timeout, opts.backoff = 5*time.Second, time.Millisecond
	return opts
}

// trials reads a run's latest records in order, without what depends on
// the machine or the clock (wall times, start times, call latency).
func trials(t testing.TB, dirs ...string) []*trajectory.Trial {
	t.Helper()
	r, err := trajectory.Open(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	var out []*trajectory.Trial
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		tr.WallSeconds, tr.StartedAt, tr.Run = 0, time.Time{}, ""
		for _, a := range tr.Agents {
			for k := range a.Transitions {
				a.Transitions[k].Latency = 0
			}
		}
		out = append(out, tr)
	}
	return out
}

func index(t testing.TB, dir string) *trajectory.Index {
	t.Helper()
	ix, err := trajectory.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func sameTrials(t *testing.T, what string, a, b []*trajectory.Trial) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s: %d trials vs %d", what, len(a), len(b))
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Fatalf("%s: trial %s differs", what, a[i].TrialID)
		}
	}
}

// assertNoKey walks every file of a run, zstd files decompressed too,
// and fails if the API key is in any of them.
func assertNoKey(t *testing.T, dir string) {
	t.Helper()
	dec, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	files := 0
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if bytes.Contains(b, []byte(testKey)) {
			t.Errorf("%s holds the API key", path)
		}
		if strings.HasSuffix(path, ".zst") {
			plain, err := dec.DecodeAll(b, nil)
			if err != nil {
				t.Errorf("%s: %v", path, err)
			}
			if len(plain) == 0 || bytes.Contains(plain, []byte(testKey)) {
				t.Errorf("%s: decompressed, %d bytes, holds the key: %t", path, len(plain), bytes.Contains(plain, []byte(testKey)))
			}
		}
		return nil
	})
	if err != nil || files < 2 {
		t.Fatalf("walked %d files: %v", files, err)
	}
}

// The openai backend against a server that misbehaves: every trial is
// recorded once, completed or ended as an error; the recorded messages are
// exactly those the server answered; errors are played again on resume;
// the key never reaches the disk.
func TestGenerateOpenAIFaults(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, tasks := writeCraftingTasks(t, 8, 1)
	poison := "YOUR CURRENT ASSIGNED GOAL: \"" + tasks[0].Goal.ForAgent(0)
	srv.Faults = func(n int, r llmtest.Request) string {
		if p := r.Messages[0].Content; strings.Contains(p, poison) && strings.Contains(p, "named Andy_0 ") {
			return "echo-auth:500" // leaking the key, which must not reach the run
		}
		return faultSchedule(n, r)
	}
	out := filepath.Join(t.TempDir(), "run")
	opts := openAIOptions(t, srv, []string{path}, out)
	opts.TrialsPerTask = 2
	var summary bytes.Buffer
	opts.out = &summary
	if err := runGenerate(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}

	ix := index(t, out)
	if c := ix.Counts(); c.Records != 16 || c.Trials != 16 || c.Errors < 2 || c.Errors == 16 {
		t.Fatalf("counts %+v: want 16 trials recorded once, the poisoned ones (at least 2) as errors", c)
	}
	recorded := trials(t, out)
	remaining := map[string]int{}
	for k, v := range answeredByText(srv) {
		remaining[k] = v
	}
	errorTrials, transitions := 0, 0
	for _, tr := range recorded {
		if tr.TaskID == tasks[0].ID && tr.Outcome.EndReason != trajectory.EndError {
			t.Errorf("poisoned trial %s: outcome %+v", tr.TrialID, tr.Outcome)
		}
		if tr.Outcome.EndReason == trajectory.EndError {
			// Poisoned, or unlucky: every attempt of a call met a fault.
			errorTrials++
			if tr.Outcome.Success || !strings.Contains(tr.Error, "llm: call failed after") ||
				tr.TaskID == tasks[0].ID && !strings.Contains(tr.Error, "HTTP 500): error, status code: 500, status: 500 Internal Server Error, message: failed serving Bearer [redacted]") {
				t.Errorf("error trial %s: outcome %+v, error %q", tr.TrialID, tr.Outcome, tr.Error)
			}
		} else if tr.Error != "" || tr.Outcome.EndReason == "" {
			t.Errorf("trial %s: outcome %+v, error %q", tr.TrialID, tr.Outcome, tr.Error)
		}
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				transitions++
				msgs := make([]llmtest.Message, len(x.Messages))
				for i, m := range x.Messages {
					msgs[i] = llmtest.Message{Role: m.Role, Content: m.Content}
				}
				key := canonMessages(msgs)
				if remaining[key] == 0 {
					t.Fatalf("trial %s %s step %d: recorded messages the server never answered", tr.TrialID, a.Name, x.Step)
				}
				remaining[key]--
				if want := modelAnswer(msgs); x.Response != want {
					t.Errorf("trial %s %s step %d: response %q, the server said %q", tr.TrialID, a.Name, x.Step, x.Response, want)
				}
			}
		}
	}
	left := 0
	for _, v := range remaining {
		left += v
	}
	// An answer goes unrecorded only when its partner's call, made at the
	// same moment, failed for good: at most one per error trial.
	if left > errorTrials || transitions < 100 {
		t.Errorf("%d answers unrecorded (%d error trials), %d transitions", left, errorTrials, transitions)
	}
	if s := summary.String(); !strings.Contains(s, "16 trials played, 0 already recorded (of 16)") || !strings.Contains(s, "tokens") {
		t.Errorf("summary:\n%s", s)
	}

	// Resume with the server healthy: only the error trials are played.
	srv.Faults = nil
	summary.Reset()
	if err := runGenerate(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if c := index(t, out).Counts(); c.Records != 16+errorTrials || c.Trials != 16 || c.Errors != 0 {
		t.Errorf("after resume: %+v", c)
	}
	if s := summary.String(); !strings.Contains(s, "generate: "+out+" done: ") || !strings.Contains(s, "already recorded (of 16)") || !strings.Contains(s, "run          16 trials recorded") {
		t.Errorf("resume summary:\n%s", s)
	}
	m, err := trajectory.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Counts.Trials != 16 || len(m.Backends) != 1 || m.Backends[0].Params["api_key_env"] != testKeyEnv || m.Backends[0].Model != "test-model" {
		t.Errorf("manifest: counts %+v backends %+v", m.Counts, m.Backends)
	}
	assertNoKey(t, out)
}

// The same run with 1 and 8 workers gives the same records.
func TestGenerateWorkersDeterminism(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 6, 2)
	dirs := []string{filepath.Join(t.TempDir(), "w1"), filepath.Join(t.TempDir(), "w8")}
	for i, workers := range []int{1, 8} {
		opts := openAIOptions(t, srv, []string{path}, dirs[i])
		opts.Workers, opts.TrialsPerTask = workers, 2
		if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	a, b := trials(t, dirs[0]), trials(t, dirs[1])
	if len(a) != 12 {
		t.Fatalf("%d trials", len(a))
	}
	sameTrials(t, "workers 1 vs 8", a, b)
}

// A changed configuration is refused, naming what changed; settings that
// do not change the trials are not part of it; --force accepts it.
func TestGenerateConfigChange(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 4, 3)
	out := filepath.Join(t.TempDir(), "run")
	opts := openAIOptions(t, srv, []string{path}, out)
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}

	free := opts
	free.Workers, free.Limit, free.Timeout, free.MaxAttempts, free.RPS = 1, 2, time.Minute, 9, 1000
	var summary bytes.Buffer
	free.out = &summary
	if err := runGenerate(context.Background(), free, GlobalOptions{}, nil); err != nil {
		t.Fatalf("workers/limit/timeout/attempts/rps changed: %v", err)
	}
	if !strings.Contains(summary.String(), "0 trials played, 2 already recorded (of 2)") {
		t.Errorf("summary:\n%s", summary.String())
	}

	changed := opts
	changed.Seed, changed.TrialsPerTask = 2, 2
	err := runGenerate(context.Background(), changed, GlobalOptions{Quiet: true}, nil)
	if err == nil || !strings.Contains(err.Error(), "seed 1, now 2") || !strings.Contains(err.Error(), "trials_per_task 1, now 2") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("changed seed and trials: %v", err)
	}
	temp := opts
	temp.Temperature = new(0.5)
	if err := runGenerate(context.Background(), temp, GlobalOptions{Quiet: true}, nil); err == nil || !strings.Contains(err.Error(), "(openai.temperature unset, now 0.5)") {
		t.Fatalf("changed temperature: %v", err)
	}
	if c := index(t, out).Counts(); c.Records != 4 {
		t.Fatalf("a refused run wrote: %+v", c)
	}

	changed.Force = true
	summary.Reset()
	changed.out = &summary
	if err := runGenerate(context.Background(), changed, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	// The recorded attempts 0 are kept; attempts 1 are played.
	if c := index(t, out).Counts(); c.Records != 8 || c.Trials != 8 || !strings.Contains(summary.String(), "4 trials played, 4 already recorded (of 8)") {
		t.Errorf("forced: %+v\n%s", c, summary.String())
	}
	m, err := trajectory.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	var cfg generate.RunConfig
	if err := json.Unmarshal(m.Config, &cfg); err != nil || cfg.Seed != 2 || cfg.TrialsPerTask != 2 {
		t.Errorf("forced config %s: %v", m.Config, err)
	}
}

// Two shards play exactly the unsharded run's trials, and merged they
// are that run.
func TestGenerateShards(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 5, 4)
	base := t.TempDir()
	all := filepath.Join(base, "all")
	opts := openAIOptions(t, srv, []string{path}, all)
	opts.TrialsPerTask = 2
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	var shards []string
	for _, s := range []string{"0/2", "1/2"} {
		dir := filepath.Join(base, "shard"+s[:1])
		o := opts
		o.Out, o.Shard = dir, s
		if err := runGenerate(context.Background(), o, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
		if n := index(t, dir).Counts().Trials; n != 5 {
			t.Errorf("shard %s: %d trials, want 5", s, n)
		}
		shards = append(shards, dir)
	}
	want := trials(t, all)
	if len(want) != 10 {
		t.Fatalf("%d trials", len(want))
	}
	merged := filepath.Join(base, "merged")
	if err := trajectory.Merge(merged, shards, trajectory.MergeOptions{}); err != nil {
		t.Fatal(err)
	}
	sameTrials(t, "merged shards vs unsharded", trials(t, merged), want)
}

// Ctrl-C: no new trials, the running ones dropped, the run consistent and
// resumable; the command exits 130.
func TestGenerateInterrupt(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 8, 5)
	out := filepath.Join(t.TempDir(), "run")
	opts := openAIOptions(t, srv, []string{path}, out)
	opts.TrialsPerTask = 2
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnAnswer = func(n int) {
		if n == 100 { // about half the run
			cancel()
		}
	}
	err := runGenerate(ctx, opts, GlobalOptions{Quiet: true}, nil)
	if !errors.Is(err, context.Canceled) || exitCode(err, context.Canceled) != 130 || !strings.Contains(err.Error(), "rerun the same command to resume") {
		t.Fatalf("interrupted run: %v (exit %d)", err, exitCode(err, context.Canceled))
	}
	c := index(t, out).Counts()
	if c.Records == 0 || c.Records >= 16 || c.Records != c.Trials || c.Errors != 0 {
		t.Fatalf("after Ctrl-C: %+v", c)
	}
	srv.OnAnswer = nil
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	if c := index(t, out).Counts(); c.Records != 16 || c.Trials != 16 {
		t.Errorf("after resume: %+v", c)
	}
}

// Bad flags and files get a one-line error naming what is wrong.
func TestGenerateBadInput(t *testing.T) {
	path, tasks := writeCraftingTasks(t, 2, 6)
	dup := filepath.Join(t.TempDir(), "dup.json")
	if err := procgen.WriteTaskFile(dup, tasks[:1]); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run")
	t.Setenv(testKeyEnv, testKey)
	for _, c := range []struct {
		set   func(*GenerateOptions)
		usage bool
		want  string
	}{
		{func(o *GenerateOptions) { o.Tasks = nil }, true, "--tasks is required"},
		{func(o *GenerateOptions) { o.Out = "" }, true, "--out is required"},
		{func(o *GenerateOptions) { o.Shard = "2/2" }, true, `--shard: bad shard "2/2"`},
		{func(o *GenerateOptions) { o.TrialsPerTask = 0 }, true, "--trials-per-task 0"},
		{func(o *GenerateOptions) { o.Backend = "claude" }, true, `--backend "claude"`},
		{func(o *GenerateOptions) { o.Wire = "json" }, true, `--wire "json"`},
		{func(o *GenerateOptions) { o.Dialect = "new" }, true, `--dialect "new"`},
		{func(o *GenerateOptions) { o.Team = "Andy=gpt" }, true, `--team: entry "Andy=gpt": unknown backend "gpt"`},
		{func(o *GenerateOptions) { o.Team = "Andy" }, true, `expected NAME=BACKEND[:MODEL]`},
		{func(o *GenerateOptions) {
			o.Backend, o.Model, o.Team, o.BaseURL = "openai", "m", "Bob=openai:m,Andy_0=openai:m", "http://127.0.0.1:9/v1"
		}, true, `no agent "Bob" plays in these tasks (agents: Andy_0, Jill_0)`},
		{func(o *GenerateOptions) { o.Backend = "openai"; o.BaseURL = "http://127.0.0.1:9/v1" }, true, "--backend openai needs --model"},
		{func(o *GenerateOptions) { o.Backend, o.Model, o.BaseURL = "openai", "m", "localhost:8000" }, true, `base URL "localhost:8000"`},
		{func(o *GenerateOptions) { o.Team = "Andy=openai:m,Andy=scripted" }, true, `agent "Andy" is seated twice`},
		{func(o *GenerateOptions) { o.Team = "Jill=openai" }, true, "Jill=openai needs a model: Jill=openai:MODEL or --model"},
		{func(o *GenerateOptions) { o.Team = "Jill=scripted:x" }, true, `the scripted backend takes no model`},
		{func(o *GenerateOptions) { o.Tasks = []string{path, dup} }, false, `task "` + tasks[0].ID + `" is in both`},
		{func(o *GenerateOptions) { o.Tasks = []string{filepath.Join(out, "missing.json")} }, false, "missing.json"},
	} {
		opts := defaultGenerateOptions(t, []string{path}, out)
		c.set(&opts)
		err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil)
		var usage *usageError
		if err == nil || !strings.Contains(err.Error(), c.want) || errors.As(err, &usage) != c.usage || strings.Contains(err.Error(), "\n") {
			t.Errorf("want %q (usage %t), got %v", c.want, c.usage, err)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("bad input created the run: %v", err)
	}
}

// childEnv carries the options of a generate run to a child process.
const childEnv = "COLLABCRAFT_GENERATE_CHILD"

func init() { childProcesses = append(childProcesses, generateChildProcess) }

// generateChildProcess is the child of TestGenerateKillAndResume, when
// childEnv is set: it runs generate with the options in it until it is
// killed.
func generateChildProcess() {
	spec := os.Getenv(childEnv)
	if spec == "" {
		return
	}
	var opts GenerateOptions
	err := json.Unmarshal([]byte(spec), &opts)
	if err == nil {
		opts.out, opts.backoff = io.Discard, time.Millisecond
		err = runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil)
	}
	if err != nil {
		os.Stderr.WriteString("child: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(0)
}

// A run killed (SIGKILL) part-way and resumed ends with exactly the
// trials of an uninterrupted run.
func TestGenerateKillAndResume(t *testing.T) {
	srv := newModelServer(t, testKey)
	srv.Delay = 3 * time.Millisecond
	path, _ := writeCraftingTasks(t, 12, 7)
	base := t.TempDir()
	killed, whole := filepath.Join(base, "killed"), filepath.Join(base, "whole")
	opts := openAIOptions(t, srv, []string{path}, killed)
	opts.TrialsPerTask, opts.Workers = 2, 2

	killAndResume(t, opts, whole, 24)
}

// A mixed team: --team seats Andy on a model, Jill on the default
// scripted backend; the records and the manifest say who played with what.
func TestGenerateTeam(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 2, 8)
	out := filepath.Join(t.TempDir(), "run")
	opts := openAIOptions(t, srv, []string{path}, out)
	opts.Backend, opts.Team = "scripted", "Andy=openai:big-model"
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tr := range trials(t, out) {
		want := []trajectory.Member{{Name: "Andy_0", Backend: "openai", Model: "big-model"}, {Name: "Jill_0", Backend: "scripted"}}
		if !reflect.DeepEqual(tr.Team, want) || len(tr.Agents[0].Transitions) == 0 || len(tr.Agents[1].Transitions) == 0 {
			t.Errorf("trial %s team %+v", tr.TrialID, tr.Team)
		}
	}
	for text := range answeredByText(srv) {
		if !strings.Contains(text, "named Andy_0") {
			t.Errorf("the model server was asked for another agent than Andy: %.200s", text)
		}
	}
	m, err := trajectory.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Backends) != 2 || m.Backends[0].Name != "scripted" || m.Backends[1].Agent != "Andy" || m.Backends[1].Model != "big-model" || m.Backends[1].BaseURL != srv.URL+"/v1" {
		t.Errorf("manifest backends %+v", m.Backends)
	}
	var cfg generate.RunConfig
	if err := json.Unmarshal(m.Config, &cfg); err != nil || len(cfg.Team.([]any)) != 1 || cfg.OpenAI == nil || cfg.Scripted == nil {
		t.Errorf("config %s", m.Config)
	}
	assertNoKey(t, out)
	if len(m.TaskFiles) != 1 || m.TaskFiles[0].Tasks != 2 || len(m.TaskFiles[0].SHA256) != 64 || m.MCDataVersion == "" ||
		m.PromptTemplates["conversing"] == "" || len(m.Blobs) < 4 {
		t.Errorf("manifest: files %+v, mcdata %q, %d templates, %d blobs", m.TaskFiles, m.MCDataVersion, len(m.PromptTemplates), len(m.Blobs))
	}
	// Every agent's command docs are a run blob, so no record repeats them.
	docs := 0
	for _, text := range m.Blobs {
		if strings.Contains(text, "!startConversation") {
			docs++
		}
	}
	if docs == 0 {
		t.Error("no command docs among the run blobs")
	}
}

// writeSuite writes small task files of every type (2 to 3 agents) and
// returns their paths.
func writeSuite(t testing.TB, n int) []string {
	t.Helper()
	dir := t.TempDir()
	crafting, err := procgen.GenerateCrafting(procgen.CraftingOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: n, Seed: 21}})
	if err != nil {
		t.Fatal(err)
	}
	cooking, err := procgen.GenerateCooking(procgen.Options{Split: procgen.SplitTrain, Agents: 3, N: n, Seed: 22})
	if err != nil {
		t.Fatal(err)
	}
	construction, err := procgen.GenerateConstruction(procgen.ConstructionOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: n, Seed: 23}})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for name, tasks := range map[string][]procgen.Task{"a_crafting.json": crafting, "b_cooking.json": cooking, "c_construction.json": construction} {
		p := filepath.Join(dir, name)
		if err := procgen.WriteTaskFile(p, tasks); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// Scripted teams on every task type: 1 and 8 workers give the same
// records.
func TestGenerateScriptedWorkers(t *testing.T) {
	files := writeSuite(t, 2)
	dirs := []string{filepath.Join(t.TempDir(), "w1"), filepath.Join(t.TempDir(), "w8")}
	for i, workers := range []int{1, 8} {
		opts := defaultGenerateOptions(t, files, dirs[i])
		opts.Workers, opts.TrialsPerTask, opts.MaxTurns = workers, 2, 40 // long trials cut short: fast enough under -race
		if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	a, b := trials(t, dirs[0]), trials(t, dirs[1])
	if len(a) != 12 {
		t.Fatalf("%d trials, want 12", len(a))
	}
	sameTrials(t, "scripted, workers 1 vs 8", a, b)
	types := map[string]int{}
	for _, tr := range a {
		if tr.Outcome.Success {
			types[tr.TaskType]++
		}
		if tr.Team[0].Backend != "scripted" || len(tr.Agents[0].Transitions) == 0 {
			t.Errorf("trial %s: team %+v, %d transitions", tr.TrialID, tr.Team, len(tr.Agents[0].Transitions))
		}
	}
	// The suites' success rates are the scripted package's to test; here
	// the wiring: the experts solve crafting tasks through the command.
	if types[procgen.TypeCrafting] < 3 {
		t.Errorf("crafting: %d of 4 trials succeeded", types[procgen.TypeCrafting])
	}
}

// A scripted run killed part-way and resumed has exactly the records of
// an uninterrupted run.
func TestGenerateScriptedKillAndResume(t *testing.T) {
	path, _ := writeCraftingTasks(t, 150, 9)
	base := t.TempDir()
	opts := defaultGenerateOptions(t, []string{path}, filepath.Join(base, "killed"))
	opts.Workers = 1
	killAndResume(t, opts, filepath.Join(base, "whole"), 150)
}

// killAndResume runs generate with opts in a child process, kills it
// (SIGKILL) once a few trials are recorded, resumes the run, and checks it
// then holds exactly the records of an uninterrupted run into whole.
func killAndResume(t *testing.T, opts GenerateOptions, whole string, total int) {
	t.Helper()
	killed := opts.Out
	spec, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	child := exec.Command(os.Args[0], childTestArgs...)
	child.Env = append(os.Environ(), childEnv+"="+string(spec))
	var stderr bytes.Buffer
	child.Stdout, child.Stderr = &stderr, &stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if ix, err := trajectory.ReadIndex(killed); err == nil && ix.Records() >= 4 {
			break
		}
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatalf("the child recorded nothing in time:\n%s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := child.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	before := index(t, killed).Counts()
	if before.Trials >= total {
		t.Fatalf("the child finished before it was killed (%+v)", before)
	}

	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	opts.Out = whole
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	if c := index(t, killed).Counts(); c.Records != total || c.Trials != total {
		t.Errorf("killed at %d trials, resumed: %+v", before.Trials, c)
	}
	sameTrials(t, "killed and resumed vs uninterrupted", trials(t, killed), trials(t, whole))
}

// Several task files after --tasks, as the usage line reads (issue 11:
// `--tasks a.json b.json` failed with unknown command "b.json"), make the
// same run as a comma-separated list; invalid tasks are skipped and
// counted, or with --strict refuse the file.
func TestGenerateTaskFiles(t *testing.T) {
	a, _ := writeCraftingTasks(t, 2, 21)
	b, tasks := writeCraftingTasks(t, 3, 22)
	out := filepath.Join(t.TempDir(), "run")
	generate := func(args ...string) error {
		t.Helper()
		root := newRootCommand()
		root.SetArgs(append([]string{"generate", "--out", out, "--workers", "2", "-q"}, args...))
		return root.Execute()
	}
	if err := generate("--tasks", a, b); err != nil {
		t.Fatal(err)
	}
	if c := index(t, out).Counts(); c.Trials != 5 {
		t.Fatalf("--tasks a.json b.json: %d trials, want 5", c.Trials)
	}
	// The same files as a list: the same configuration, nothing to play.
	if err := generate("--tasks", a+","+b); err != nil {
		t.Fatal(err)
	}
	if c := index(t, out).Counts(); c.Records != 5 {
		t.Errorf("--tasks a.json,b.json: %d records, want the same 5", c.Records)
	}

	tasks[0].Target = procgen.Target{}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := procgen.WriteTaskFile(bad, tasks); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(t.TempDir(), "strict")
	if err := generate("--tasks", a, bad, "--strict"); err == nil || !strings.Contains(err.Error(), bad+" has invalid tasks, and strict mode refuses the whole file: task \""+tasks[0].ID+"\": target: missing") {
		t.Errorf("--strict: %v", err)
	}
	var summary bytes.Buffer
	opts := defaultGenerateOptions(t, []string{a}, filepath.Join(t.TempDir(), "lenient"))
	opts.out = &summary
	if err := runGenerate(context.Background(), opts, GlobalOptions{}, []string{bad}); err != nil {
		t.Fatal(err)
	}
	if s := summary.String(); !strings.Contains(s, "4 trials played") || !strings.Contains(s, "  invalid      1 task skipped") {
		t.Errorf("summary:\n%s", s)
	}
}

// --api shapes every call as that MINDcraft model class does and sends its
// stop sequence; run.json records the API and the resulting wire.
func TestGenerateAPI(t *testing.T) {
	for _, tc := range []struct {
		api, wire string
		first     string // role of the first message sent
	}{
		{"", "raw", "system"}, // a local endpoint: vllm.js
		{"gpt", "strict-all", "user"},
		{"ollama", "strict", "system"},
	} {
		srv := newModelServer(t, testKey)
		if tc.api == "ollama" { // local.js sends no stop sequence
			srv = llmtest.NewServer(t)
			srv.Key, srv.Answer = testKey, modelAnswer
			t.Cleanup(func() {
				for _, r := range srv.Requests() {
					if len(r.Stop) != 0 {
						t.Errorf("ollama request with stop %q", r.Stop)
						return
					}
				}
			})
		}
		path, _ := writeCraftingTasks(t, 1, 3)
		out := filepath.Join(t.TempDir(), "run")
		opts := openAIOptions(t, srv, []string{path}, out)
		opts.API = tc.api
		if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
		m, err := trajectory.ReadManifest(out)
		if err != nil {
			t.Fatal(err)
		}
		var cfg generate.RunConfig
		if err := json.Unmarshal(m.Config, &cfg); err != nil || cfg.Wire != tc.wire || cfg.API != cmp.Or(map[string]string{"gpt": "openai"}[tc.api], tc.api, "vllm") {
			t.Errorf("--api %q: config %s", tc.api, m.Config)
		}
		for _, tr := range trials(t, out) {
			if msgs := tr.Agents[0].Transitions[0].Messages; msgs[0].Role != tc.first {
				t.Errorf("--api %q: first message %q", tc.api, msgs[0])
			}
		}
	}
}
