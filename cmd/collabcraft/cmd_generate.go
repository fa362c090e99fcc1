package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/llm"
	"collabcraft/generate/scripted"
	"collabcraft/generate/team"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// GenerateOptions holds the flags of `generate`.
type GenerateOptions struct {
	Tasks         []string
	Out           string
	Backend       string // default backend: scripted | openai
	Team          string // per-agent backends: "Andy=openai:MODEL,Jill=scripted"
	TrialsPerTask int
	Workers       int // 0 = number of CPUs
	Limit         int // 0 = all tasks
	Shard         string
	Seed          uint64
	Force         bool

	// openai
	BaseURL     string
	Model       string
	APIKeyEnv   string
	Temperature *float64 // nil = the server's default
	TopP        *float64 // nil = the server's default
	MaxTokens   int
	ModelSeed   *int // nil = none
	Timeout     time.Duration
	MaxAttempts int
	RPS         float64
	TPM         int

	// scripted
	Skill float64
	Noise float64

	// engine
	Dialect   string
	Wire      string
	ThinkTime float64
	MaxTurns  int

	temperature, topP float64 // flag storage for the pointers above
	modelSeed         int
	backoff           time.Duration // tests: first retry delay of the openai client (0 = its default)

	out    io.Writer // os.Stdout when nil
	errOut io.Writer // os.Stderr when nil: the progress bar
}

// AddFlags registers the flags of `generate`.
func (opts *GenerateOptions) AddFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&opts.Tasks, "tasks", nil, "task files to play (required; repeat or separate by commas)")
	f.StringVarP(&opts.Out, "out", "o", "", "run directory to write or resume (required), e.g. runs/r1")
	f.StringVar(&opts.Backend, "backend", team.Scripted, "backend of every agent --team does not name: scripted or openai")
	f.StringVar(&opts.Team, "team", "", `per-agent backends, e.g. "Andy=openai:llama-3.3-70b,Jill=scripted"`)
	f.IntVar(&opts.TrialsPerTask, "trials-per-task", 1, "trials (attempts) per task")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "trials played at once")
	f.IntVar(&opts.Limit, "limit", 0, "play only the first N tasks (in file order; 0 = all)")
	f.StringVar(&opts.Shard, "shard", "", "play only share i of n (i/n, 0 <= i < n) of the trials; merge the shard runs later")
	f.Uint64Var(&opts.Seed, "seed", 1, "run seed: every trial's seed follows from it, the task id and the attempt")
	f.BoolVar(&opts.Force, "force", false, "write into a run made with another configuration (its recorded trials are kept and skipped)")

	f.StringVar(&opts.BaseURL, "base-url", "", "openai: OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (default "+llm.DefaultBaseURL+")")
	f.StringVar(&opts.Model, "model", "", "openai: model name, e.g. meta-llama/Llama-3.3-70B-Instruct")
	f.StringVar(&opts.APIKeyEnv, "api-key-env", llm.DefaultAPIKeyEnv, "openai: environment variable that holds the API key (the key is never written)")
	f.Float64Var(&opts.temperature, "temperature", 0, "openai: sampling temperature (default: the server's)")
	f.Float64Var(&opts.topP, "top-p", 0, "openai: nucleus sampling top_p (default: the server's)")
	f.IntVar(&opts.MaxTokens, "max-tokens", 0, "openai: max_tokens per call (0 = the server's default)")
	f.IntVar(&opts.modelSeed, "model-seed", 0, "openai: seed sent with every call (default: none)")
	f.DurationVar(&opts.Timeout, "timeout", llm.DefaultTimeout, "openai: time limit of one HTTP attempt")
	f.IntVar(&opts.MaxAttempts, "max-attempts", llm.DefaultMaxAttempts, "openai: attempts per call before the trial ends with an error")
	f.Float64Var(&opts.RPS, "rps", 0, "openai: requests per second over all workers (0 = no limit)")
	f.IntVar(&opts.TPM, "tpm", 0, "openai: tokens per minute over all workers (0 = no limit)")

	f.Float64Var(&opts.Skill, "skill", 1, "scripted: how optimally the scripted agents play, 0 to 1")
	f.Float64Var(&opts.Noise, "noise", 0, "scripted: rate of realistic mistakes (each followed by recovery), 0 to 1")

	f.StringVar(&opts.Dialect, "dialect", string(world.DialectPaper), `action output wording: paper ("Code output:") or current ("Action output:")`)
	f.StringVar(&opts.Wire, "wire", string(generate.WireStrict), "messages as sent: strict (MINDcraft's strictFormat) or raw (roles as they are)")
	f.Float64Var(&opts.ThinkTime, "think-time", generate.DefaultThinkTime, "simulated seconds one model call takes")
	f.IntVar(&opts.MaxTurns, "max-turns", generate.DefaultMaxTurns, "conversation calls per agent before a trial ends with turn_cap")
}

// setFrom turns the optional flags the command line gave into pointers.
func (opts *GenerateOptions) setFrom(f *pflag.FlagSet) {
	if f.Changed("temperature") {
		opts.Temperature = &opts.temperature
	}
	if f.Changed("top-p") {
		opts.TopP = &opts.topP
	}
	if f.Changed("model-seed") {
		opts.ModelSeed = &opts.modelSeed
	}
}

func newGenerateCommand() *cobra.Command {
	var opts GenerateOptions
	cmd := &cobra.Command{
		Use:   "generate --tasks FILE... --out RUN [--backend scripted|openai] [--team SPEC] [flags]",
		Short: "Play tasks with teams of agents and record every model call into a run",
		Long: `generate plays every task of the task files with a team of agents in the
embedded world, --trials-per-task times, several trials at once (--workers),
and records each finished trial, with every model call it made, into the run
directory (run.json and trials/*.jsonl.zst).

Backends: scripted (the default: expert agents, no network, no keys) or
openai (any OpenAI-compatible endpoint: --base-url, --model, the key from the
environment variable --api-key-env names). --team seats agents on their own
backends, e.g. "Andy=openai:llama-3.3-70b,Jill=scripted"; agents it leaves
out get --backend.

Rerunning the same command resumes the run: recorded trials are skipped,
trials that ended with an error are played again, the rest are completed.
A rerun with another configuration (task files, seed, trials per task,
backends, models and sampling, engine settings) is refused unless --force;
--workers, --limit, --shard, --quiet and the openai timeouts, attempts and
rate limits may change freely. Ctrl-C stops cleanly: trials in flight are
dropped, the run stays consistent, and rerunning resumes it.

--shard i/n plays a fixed share of the trials, so n machines can split a
job; unite their runs with collabcraft merge.`,
		Example: `  collabcraft generate --tasks tasks/crafting_train.json --out runs/r1
  collabcraft generate --tasks tasks/crafting_train.json --out runs/quick --limit 20 --workers 4
  OPENAI_API_KEY=sk-... collabcraft generate --tasks tasks/crafting_train.json --out runs/llama \
      --backend openai --base-url http://localhost:8000/v1 --model meta-llama/Llama-3.3-70B-Instruct \
      --temperature 0.7 --workers 32 --rps 20
  collabcraft generate --tasks tasks/cooking_train.json --out runs/mixed \
      --team "Andy=openai:gpt-4o-mini,Jill=scripted" --trials-per-task 3
  collabcraft generate --tasks tasks/construction_train.json --out runs/c1 --shard 0/4`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.setFrom(cmd.Flags())
			quiet, _ := cmd.Flags().GetBool("quiet")
			return runGenerate(cmd.Context(), opts, GlobalOptions{Quiet: quiet}, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// generateConfig is the configuration of a run that decides its trials:
// run.json "config", whose fingerprint a resumed run must match. Settings
// that do not change what a trial records (workers, limit, shard, quiet,
// timeouts, retries, rate limits, the key's variable) are left out.
type generateConfig struct {
	TaskFiles     []string          `json:"task_files"` // SHA-256 of each file, in order
	TrialsPerTask int               `json:"trials_per_task"`
	Seed          uint64            `json:"seed"`
	Backend       string            `json:"backend"`
	Team          []team.Assignment `json:"team,omitempty"`
	OpenAI        *openAIConfig     `json:"openai,omitempty"`
	Scripted      *scriptedConfig   `json:"scripted,omitempty"`
	Dialect       string            `json:"dialect"`
	Wire          string            `json:"wire"`
	ThinkTime     float64           `json:"think_time"`
	MaxTurns      int               `json:"max_turns"`
}

type openAIConfig struct {
	BaseURL     string   `json:"base_url"`
	Model       string   `json:"model,omitempty"`
	Temperature *float64 `json:"temperature,omitempty"`
	TopP        *float64 `json:"top_p,omitempty"`
	MaxTokens   int      `json:"max_tokens,omitempty"`
	Seed        *int     `json:"seed,omitempty"`
}

type scriptedConfig struct {
	Skill float64 `json:"skill"`
	Noise float64 `json:"noise"`
}

// check validates the flag values that need no file.
func (opts *GenerateOptions) check() (generate.Shard, error) {
	var shard generate.Shard
	switch {
	case len(opts.Tasks) == 0:
		return shard, usagef("--tasks is required: the task files to play (see collabcraft procgen tasks)")
	case opts.Out == "":
		return shard, usagef("--out is required: the run directory to write or resume, e.g. runs/r1")
	case opts.TrialsPerTask < 1:
		return shard, usagef("--trials-per-task %d: want 1 or more", opts.TrialsPerTask)
	case opts.Workers < 0:
		return shard, usagef("--workers %d: want 1 or more (0 = one per CPU)", opts.Workers)
	case opts.Limit < 0:
		return shard, usagef("--limit %d: want 0 (all tasks) or more", opts.Limit)
	case opts.Backend != team.Scripted && opts.Backend != team.OpenAI:
		return shard, usagef("--backend %q: want scripted or openai", opts.Backend)
	case opts.Dialect != string(world.DialectPaper) && opts.Dialect != string(world.DialectCurrent):
		return shard, usagef("--dialect %q: want paper or current", opts.Dialect)
	case opts.ThinkTime < 0:
		return shard, usagef("--think-time %g: want 0 (the default, %g s) or more", opts.ThinkTime, generate.DefaultThinkTime)
	case opts.MaxTurns < 0:
		return shard, usagef("--max-turns %d: want 0 (the default, %d) or more", opts.MaxTurns, generate.DefaultMaxTurns)
	case opts.Skill < 0 || opts.Skill > 1:
		return shard, usagef("--skill %g: want 0 to 1", opts.Skill)
	case opts.Noise < 0 || opts.Noise > 1:
		return shard, usagef("--noise %g: want 0 to 1", opts.Noise)
	case opts.MaxAttempts < 0:
		return shard, usagef("--max-attempts %d: want 1 or more", opts.MaxAttempts)
	case opts.Timeout < 0:
		return shard, usagef("--timeout %v: want a positive duration, e.g. 2m", opts.Timeout)
	case opts.RPS < 0 || opts.TPM < 0:
		return shard, usagef("--rps/--tpm: want 0 (no limit) or more")
	}
	if _, err := generate.ParseWire(opts.Wire); err != nil {
		return shard, usagef("--wire %q: want strict or raw", opts.Wire)
	}
	if opts.Shard != "" {
		s, err := generate.ParseShard(opts.Shard)
		if err != nil {
			return shard, usagef("--shard: %s", strings.TrimPrefix(err.Error(), "generate: "))
		}
		shard = s
	}
	return shard, nil
}

func runGenerate(ctx context.Context, opts GenerateOptions, gopts GlobalOptions, _ []string) error {
	shard, err := opts.check()
	if err != nil {
		return err
	}
	spec, err := team.Parse(opts.Team)
	if err != nil {
		return usagef("--team: %s", strings.TrimPrefix(err.Error(), "team: "))
	}
	tasks, files, err := readGenerateTasks(opts.Tasks)
	if err != nil {
		return err
	}
	if opts.Limit > 0 && opts.Limit < len(tasks) {
		tasks = tasks[:opts.Limit]
	}

	llmCfg := llm.Config{
		BaseURL: opts.BaseURL, Model: opts.Model, APIKeyEnv: opts.APIKeyEnv,
		Temperature: opts.Temperature, TopP: opts.TopP, MaxTokens: opts.MaxTokens, Seed: opts.ModelSeed,
		Timeout: opts.Timeout, MaxAttempts: opts.MaxAttempts, Limiter: llm.NewLimiter(opts.RPS, opts.TPM),
		MinBackoff: opts.backoff, MaxBackoff: 10 * opts.backoff,
		Stop: []string{"***"}, // MINDcraft's stop sequence for OpenAI-compatible models
	}
	tm, err := team.New(team.Options{
		Default: opts.Backend, Spec: spec, OpenAI: llmCfg,
		Scripted:       scriptedFactory(opts.Skill, opts.Noise),
		ScriptedParams: map[string]any{"skill": opts.Skill, "noise": opts.Noise},
		ExtraParams:    rateParams(opts.RPS, opts.TPM),
	})
	if err != nil { // bad flag values: a model, URL or sampling setting
		return usagef("%s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "team: "), "llm: "))
	}
	maxAgents := 1
	for i := range tasks {
		maxAgents = max(maxAgents, tasks[i].AgentCount)
	}
	if err := tm.Check(generate.AgentNames(maxAgents, 0)); err != nil {
		return usagef("--team: %s", strings.TrimPrefix(err.Error(), "team: "))
	}

	cfg := opts.config(files, spec, tm)
	m, err := opts.manifest(cfg, files, tasks, tm)
	if err != nil {
		return err
	}
	if err := checkResume(opts.Out, m.Config, opts.Force); err != nil {
		return err
	}
	var secrets []string
	if tm.UsesOpenAI() {
		secrets = append(secrets, os.Getenv(cmpStr(opts.APIKeyEnv, llm.DefaultAPIKeyEnv)))
	}
	label := ""
	if shard.N > 1 {
		label = fmt.Sprintf("shard-%d-of-%d", shard.I, shard.N)
	}
	w, err := trajectory.OpenWriter(opts.Out, m, trajectory.WriterOptions{Force: opts.Force, Label: label, Secrets: secrets})
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	sum, runErr := playRun(ctx, opts, gopts, w, tm, shard, tasks)
	if err := w.Close(); err != nil && runErr == nil {
		runErr = fmt.Errorf("generate: %w", err)
	}
	if !gopts.Quiet {
		printGenerateSummary(opts.stdout(), opts.Out, sum, runErr)
		if m, err := trajectory.ReadManifest(opts.Out); err == nil {
			c := m.Counts
			fmt.Fprintf(opts.stdout(), "  run          %d trials recorded, %d successes, %d errors\n", c.Trials, c.Successes, c.Errors)
		}
	}
	if runErr != nil && errors.Is(runErr, context.Canceled) && ctx.Err() != nil {
		return fmt.Errorf("generate: interrupted; rerun the same command to resume %s: %w", opts.Out, context.Canceled)
	}
	return runErr
}

// playRun plays the jobs of the run that are not recorded yet.
func playRun(ctx context.Context, opts GenerateOptions, gopts GlobalOptions, w *trajectory.Writer, tm *team.Team, shard generate.Shard, tasks []procgen.Task) (generate.Summary, error) {
	ix, err := trajectory.ReadIndex(opts.Out)
	if err != nil {
		return generate.Summary{}, fmt.Errorf("generate: %w", err)
	}
	jobs := shard.Of(generate.Jobs(tasks, opts.TrialsPerTask, opts.Seed))
	todo := 0
	for _, j := range jobs {
		if !ix.Done(j.TrialID()) {
			todo++
		}
	}
	wire, _ := generate.ParseWire(opts.Wire)
	pl := &generate.Player{
		Config:  generate.Config{ThinkTime: opts.ThinkTime, MaxTurns: opts.MaxTurns, Wire: wire},
		Dialect: world.Dialect(opts.Dialect),
		Team:    tm.Seats,
	}
	gw := newGroupWriter(w, 16)
	pool := &generate.Pool{Workers: opts.Workers, Play: pl.Play, Write: gw.Write, Done: ix.Done}
	bar := newGenerateBar(opts.stderr(), gopts.Quiet, todo)
	if bar != nil {
		pool.Progress = func(s generate.Summary) {
			bar.Describe(fmt.Sprintf("success %5.1f%%", 100*float64(s.Successes)/float64(s.Trials)))
			bar.Set(s.Trials)
		}
	}
	sum, err := pool.Run(ctx, jobs)
	// Trials finished before a stop are written all the same.
	if werr := gw.Wait(); werr != nil && (err == nil || errors.Is(err, context.Canceled)) {
		err = werr
	}
	if bar != nil {
		if err == nil {
			bar.Finish()
		}
		bar.Exit()
	}
	return sum, err
}

// groupWriter lets the workers go on playing while finished trials are
// written: up to n writes run at once, so that they share fsyncs
// (trajectory.Writer makes concurrent writes wait for one fsync) instead
// of each worker waiting for its own.
type groupWriter struct {
	w   *trajectory.Writer
	sem chan struct{}
	wg  sync.WaitGroup

	mu  sync.Mutex
	err error // the first failed write
}

func newGroupWriter(w *trajectory.Writer, n int) *groupWriter {
	return &groupWriter{w: w, sem: make(chan struct{}, n)}
}

// Write queues t; it fails once an earlier write has failed, which stops
// the pool.
func (g *groupWriter) Write(t *trajectory.Trial) error {
	if err := g.firstErr(); err != nil {
		return err
	}
	g.sem <- struct{}{}
	g.wg.Add(1)
	go func() {
		defer func() { <-g.sem; g.wg.Done() }()
		if err := g.w.Write(t); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = fmt.Errorf("generate: writing trial %s: %w", t.TrialID, err)
			}
			g.mu.Unlock()
		}
	}()
	return nil
}

// Wait returns once every queued trial is on disk (or failed).
func (g *groupWriter) Wait() error {
	g.wg.Wait()
	return g.firstErr()
}

func (g *groupWriter) firstErr() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

// newGenerateBar is the progress bar, or nil when stderr is not a
// terminal or the run is quiet.
func newGenerateBar(errOut io.Writer, quiet bool, total int) *progressbar.ProgressBar {
	f, ok := errOut.(*os.File)
	if quiet || total == 0 || !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(errOut),
		progressbar.OptionSetDescription("success     -"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("trials"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

func printGenerateSummary(out io.Writer, dir string, s generate.Summary, err error) {
	state := "done"
	if err != nil {
		state = "stopped"
	}
	rate := 0.0
	if s.Trials > 0 {
		rate = 100 * float64(s.Successes) / float64(s.Trials)
	}
	perSec := 0.0
	if secs := s.Wall.Seconds(); secs > 0 {
		perSec = float64(s.Trials) / secs
	}
	fmt.Fprintf(out, "generate: %s %s: %d trials played, %d already recorded (of %d)\n", dir, state, s.Trials, s.Skipped, s.Total)
	fmt.Fprintf(out, "  successes    %d (%.1f%%)\n", s.Successes, rate)
	fmt.Fprintf(out, "  errors       %d\n", s.Errors)
	fmt.Fprintf(out, "  transitions  %d\n", s.Transitions)
	fmt.Fprintf(out, "  tokens       %d prompt, %d completion\n", s.PromptTokens, s.CompletionTokens)
	fmt.Fprintf(out, "  time         %s (%.1f trials/s)\n", s.Wall.Round(time.Millisecond), perSec)
}

// readGenerateTasks reads the task files in order; a task id may appear
// only once over all of them, since it names its trials.
func readGenerateTasks(paths []string) ([]procgen.Task, []trajectory.TaskFile, error) {
	var tasks []procgen.Task
	var files []trajectory.TaskFile
	from := map[string]string{}
	for _, p := range paths {
		ts, err := procgen.ReadTaskFile(p)
		if err != nil {
			return nil, nil, err
		}
		tf, err := trajectory.HashTaskFile(p)
		if err != nil {
			return nil, nil, fmt.Errorf("generate: %w", err)
		}
		tf.Tasks = len(ts)
		files = append(files, tf)
		for _, t := range ts {
			if prev, ok := from[t.ID]; ok {
				return nil, nil, fmt.Errorf("generate: task %q is in both %s and %s; task ids name trials, so they must be unique", t.ID, prev, p)
			}
			from[t.ID] = p
		}
		tasks = append(tasks, ts...)
	}
	if len(tasks) == 0 {
		return nil, nil, fmt.Errorf("generate: %s: no tasks", strings.Join(paths, ", "))
	}
	return tasks, files, nil
}

func (opts *GenerateOptions) config(files []trajectory.TaskFile, spec []team.Assignment, tm *team.Team) generateConfig {
	cfg := generateConfig{
		TrialsPerTask: opts.TrialsPerTask, Seed: opts.Seed, Backend: opts.Backend, Team: spec,
		Dialect: opts.Dialect, Wire: opts.Wire, ThinkTime: opts.ThinkTime, MaxTurns: opts.MaxTurns,
	}
	for _, f := range files {
		cfg.TaskFiles = append(cfg.TaskFiles, f.SHA256)
	}
	if tm.UsesOpenAI() {
		cfg.OpenAI = &openAIConfig{BaseURL: cmpStr(opts.BaseURL, llm.DefaultBaseURL), Model: opts.Model,
			Temperature: opts.Temperature, TopP: opts.TopP, MaxTokens: opts.MaxTokens, Seed: opts.ModelSeed}
	}
	if opts.Backend == team.Scripted || slices.ContainsFunc(spec, func(a team.Assignment) bool { return a.Backend == team.Scripted }) {
		cfg.Scripted = &scriptedConfig{Skill: opts.Skill, Noise: opts.Noise}
	}
	return cfg
}

// manifest is run.json for this invocation: the configuration, versions,
// task files, backends, prompt templates and the static prompt texts
// (templates, examples, every agent's command docs) stored once per run.
func (opts *GenerateOptions) manifest(cfg generateConfig, files []trajectory.TaskFile, tasks []procgen.Task, tm *team.Team) (*trajectory.Manifest, error) {
	raw, err := json.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("generate: config: %w", err)
	}
	prompts := generate.DefaultPrompts()
	var types []string
	for i := range tasks {
		if !slices.Contains(types, tasks[i].Type) {
			types = append(types, tasks[i].Type)
		}
	}
	texts := prompts.StaticTexts(types...)
	docs, err := commandDocs(tasks, world.Dialect(opts.Dialect))
	if err != nil {
		return nil, err
	}
	blobs := map[string]string{}
	for _, t := range append(texts, docs...) {
		blobs[trajectory.BlobID(t)] = t
	}
	return &trajectory.Manifest{
		Name:               filepath.Base(filepath.Clean(opts.Out)),
		CollabcraftVersion: version,
		MCDataVersion:      mcdata.DataVersion(),
		Config:             raw,
		TaskFiles:          files,
		Backends:           tm.Manifest(),
		Seed:               opts.Seed,
		PromptTemplates:    prompts.Templates(),
		Blobs:              blobs,
	}, nil
}

// commandDocs returns every distinct $COMMAND_DOCS text the agents of
// tasks will see. Docs depend on the task type, goal and conversation and
// on the agent's blocked commands, so one world is built per distinct
// combination rather than per task.
func commandDocs(tasks []procgen.Task, dialect world.Dialect) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for i := range tasks {
		t := &tasks[i]
		fresh := false
		for _, id := range t.AgentIDs() {
			key := fmt.Sprintf("%t\x00%t\x00%t\x00%q", t.Type == procgen.TypeConstruction, t.Goal.IsZero(), t.Conversation == "", t.BlockedActions[id])
			if !seen[key] {
				seen[key], fresh = true, true
			}
		}
		if !fresh {
			continue
		}
		names := generate.AgentNames(max(t.AgentCount, 1), 0)
		w, err := world.Build(*t, 0, world.Options{AgentNames: names, Dialect: dialect})
		if err != nil {
			return nil, fmt.Errorf("generate: %w", err)
		}
		for _, n := range names {
			if d := w.Docs(n); !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// checkResume refuses to write into a run made with another
// configuration, naming what changed, unless forced.
func checkResume(dir string, config json.RawMessage, force bool) error {
	if _, err := os.Stat(filepath.Join(dir, trajectory.ManifestFile)); err != nil {
		return nil // a new run
	}
	old, err := trajectory.ReadManifest(dir)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	fp, err := trajectory.Fingerprint(config)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	if old.Fingerprint == fp || force {
		return nil
	}
	return fmt.Errorf("generate: %s was generated with another configuration (%s); rerun with the same flags to resume it, choose another --out, or add --force to continue it with the new configuration",
		dir, resumeConfigDiff(old.Config, config))
}

// resumeConfigDiff names the top-level settings that differ: "seed 1, now 2".
func resumeConfigDiff(old, cur json.RawMessage) string {
	var a, b map[string]any
	if json.Unmarshal(old, &a) != nil || json.Unmarshal(cur, &b) != nil {
		return "the configuration differs"
	}
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diffs []string
	for _, k := range keys {
		if !reflect.DeepEqual(a[k], b[k]) {
			diffs = append(diffs, fmt.Sprintf("%s %s, now %s", k, shortJSON(a[k]), shortJSON(b[k])))
		}
	}
	if len(diffs) == 0 {
		return "the configuration differs"
	}
	return strings.Join(diffs, "; ")
}

func shortJSON(v any) string {
	if v == nil {
		return "unset"
	}
	b, _ := json.Marshal(v)
	if s := string(b); len(s) <= 60 {
		return s
	}
	return string(b[:57]) + "..."
}

func rateParams(rps float64, tpm int) map[string]any {
	p := map[string]any{}
	if rps > 0 {
		p["rps"] = rps
	}
	if tpm > 0 {
		p["tpm"] = tpm
	}
	return p
}

func cmpStr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func (opts *GenerateOptions) stdout() io.Writer {
	if opts.out != nil {
		return opts.out
	}
	return os.Stdout
}

func (opts *GenerateOptions) stderr() io.Writer {
	if opts.errOut != nil {
		return opts.errOut
	}
	return os.Stderr
}

// scriptedFactory makes the scripted agents of a run: one stateless
// backend serves every seat of every trial.
func scriptedFactory(skill, noise float64) team.ScriptedFactory {
	b := scripted.New(scripted.Options{Skill: skill, Noise: noise})
	return func() generate.Backend { return b }
}
