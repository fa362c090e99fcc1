package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/dispatch"
	"collabcraft/generate/latency"
	"collabcraft/generate/llm"
	"collabcraft/generate/orgs"
	"collabcraft/generate/scripted"
	"collabcraft/generate/team"
	"collabcraft/generate/voice"
	"collabcraft/plural"
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
	Strict        bool

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
	Voice string // "openai:MODEL": rewrite the scripted agents' words ("" = no)

	// limits
	TaskLimitFlags
	MaxResponse  string        // openai: the most bytes of an answer read
	TrialTimeout time.Duration // each trial's budget of real time (0 = none)
	MemoryLimit  string        // the process's memory limit ("" = Go's, GOMEMLIMIT)

	// engine
	Profile   string
	API       string
	APIModel  string
	Dialect   string
	Wire      string
	ThinkTime float64
	Latency   string
	MaxTurns  int
	Coding    string
	Org       string // p2p | dag | dispatcher
	DAGMode   string // dag: merge | update
	// dispatcher: MindAgent's ablations, the rules' hash seed, the orders
	DispatchNotes, DispatchFeedback bool
	DispatchHashSeed                int64 // -1: one per trial
	DispatchOrders                  string

	temperature, topP float64 // flag storage for the pointers above
	modelSeed         int
	backoff           time.Duration // tests: first retry delay of the openai client (0 = its default)

	out    io.Writer // os.Stdout when nil
	errOut io.Writer // os.Stderr when nil: the progress bar
}

// AddFlags registers the flags of `generate`.
func (opts *GenerateOptions) AddFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&opts.Tasks, "tasks", nil, "task files to play (required): --tasks a.json b.json, --tasks a.json,b.json or a repeated --tasks")
	f.StringVarP(&opts.Out, "out", "o", "", "run directory to write or resume (required), e.g. runs/r1")
	f.StringVar(&opts.Backend, "backend", team.Scripted, "backend of every agent --team does not name: scripted or openai")
	f.StringVar(&opts.Team, "team", "", `per-agent backends, e.g. "Andy=openai:llama-3.3-70b,Jill=scripted"`)
	f.IntVar(&opts.TrialsPerTask, "trials-per-task", 1, "trials (attempts) per task")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "trials played at once")
	f.IntVar(&opts.Limit, "limit", 0, "play only the first N tasks (in file order; 0 = all)")
	f.StringVar(&opts.Shard, "shard", "", "play only share i of n (i/n, 0 <= i < n) of the trials; merge the shard runs later")
	f.Uint64Var(&opts.Seed, "seed", 1, "run seed: every trial's seed follows from it, the task id and the attempt")
	f.BoolVar(&opts.Force, "force", false, "write into a run made with another configuration (its recorded trials are kept and skipped)")
	f.BoolVar(&opts.Strict, "strict", false, "refuse a task file that holds an invalid task (default: skip the invalid tasks with a warning)")

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
	f.StringVar(&opts.Voice, "voice", "", "scripted: rewrite the words of the scripted agents' responses through a model, openai:MODEL, on the endpoint of --base-url (key, timeout, attempts and rate limits as for openai); commands stay as scripted")

	f.StringVar(&opts.Profile, "profile", generate.ProfileMineCollab, "prompts: minecollab (MineCollab's task profiles, as its harness renders them), paper (the paper's prompts) or a MINDcraft profile file")
	f.StringVar(&opts.Dialect, "dialect", "", `action output wording: paper ("Code output:") or current ("Action output:"); default: the profile's (current, paper for --profile paper)`)
	f.StringVar(&opts.API, "api", "", "MINDcraft API whose message shaping the calls get, as its src/models class sends them: openai (gpt), vllm, ollama, deepseek, qwen, openrouter, ... (default: openai for api.openai.com, else vllm)")
	f.StringVar(&opts.APIModel, "api-model", "", "the model name --api shapes for (vllm strict-formats names containing deepseek or qwen); default --model")
	f.StringVar(&opts.Wire, "wire", "", "override --api's shaping: strict (system prompt, then strictFormat), strict-all (strictFormat over everything) or raw (roles as they are)")
	f.Float64Var(&opts.ThinkTime, "think-time", generate.DefaultThinkTime, "simulated seconds one model call takes")
	f.StringVar(&opts.Latency, "latency", "", "a model of how long each model call takes on the simulated clock, replacing --think-time: kind=distribution entries, comma-separated, drawn per call kind and seeded per trial (each transition records its draw as sim_latency_ms), e.g. default=lognormal(2s,0.5),critic=uniform(500ms,1.5s); distributions constant(d), uniform(a,b), lognormal(median,sigma), exponential(mean); default covers the kinds not named")
	f.IntVar(&opts.MaxTurns, "max-turns", generate.DefaultMaxTurns, "conversation calls per agent before a trial ends with turn_cap")
	f.StringVar(&opts.Coding, "coding", string(generate.CodingAuto), "whether !newAction runs model-written code: on, off or auto (MineCollab's: on for construction, off for the other kinds)")
	f.StringVar(&opts.Org, "org", "p2p", "how the team is organised: p2p (MINDcraft's peers talking with !commands), dag (VillagerAgent's task graph: a decomposer and a controller plan, agents act with JSON tool calls), dispatcher (MindAgent's: one model plans every agent's action each step; cuisine tasks), tree (S-Agents': a leader plans for leaves that write Voyager programs, asynchronously on a message pool; collection and shelter tasks), chain (S-Agents' chain baseline: each agent commands the next), graph (S-Agents' graph baseline: every agent commands every other and works itself; collection and shelter tasks) or queue (Co-Voyager's: a task manager and a critic plan subtasks that coders and a scripted human take from a queue, handing over through a chest; covoyager tasks)")
	f.StringVar(&opts.DAGMode, "dag-mode", string(dag.Merge), "dag: how the decomposer plans and replans: merge (the paper's: candidates, the controller assigns, a strategy per replan) or update (VillagerAgent's code: it assigns agents itself and decomposes the whole task again)")
	f.BoolVar(&opts.DispatchNotes, "dispatch-notes", true, "dispatcher: the rules hold MindAgent's inference-knowledge notes (false: its --without_notes ablation)")
	f.BoolVar(&opts.DispatchFeedback, "dispatch-feedback", true, "dispatcher: each user turn starts with the last step's error messages and suggestions (false: its --without_feedback ablation)")
	f.Int64Var(&opts.DispatchHashSeed, "dispatch-hash-seed", -1, "dispatcher: the PYTHONHASHSEED whose set order the rules list the objects in, 0 to 4294967295 (-1: one per trial, as each MindAgent run had its own)")
	f.StringVar(&opts.DispatchOrders, "dispatch-orders", "seeded", "dispatcher: seeded (a stream per episode from the trial seed) or mindagent (random.Random(0) across a setting's episodes: the orders MindAgent's runs, and the paper's GPT-4 tables, saw)")

	opts.TaskLimitFlags.AddFlags(f)
	f.StringVar(&opts.MaxResponse, "max-response", sizeText(llm.DefaultMaxResponse), "openai: the most bytes of an answer read; a larger one fails its call (the trial ends with an error)")
	f.DurationVar(&opts.TrialTimeout, "trial-timeout", time.Hour, "each trial's budget of real time; a trial past it ends with an error (played again on resume) and the batch goes on (0 = none)")
	f.StringVar(&opts.MemoryLimit, "memory-limit", "", "the process's memory limit, e.g. 8GiB (default: GOMEMLIMIT, or none): the collector works harder near it, and model-written code is stopped past it")
}

// orgOptions are the organisations' settings from the flags.
func (opts *GenerateOptions) orgOptions() (orgs.Options, error) {
	o := orgs.Options{DAGMode: opts.DAGMode,
		Dispatch: dispatch.Config{NoNotes: !opts.DispatchNotes, NoFeedback: !opts.DispatchFeedback}}
	switch {
	case opts.DispatchHashSeed == -1:
	case opts.DispatchHashSeed < 0 || opts.DispatchHashSeed > math.MaxUint32:
		return o, fmt.Errorf("--dispatch-hash-seed %d: want -1 (one per trial) or 0 to 4294967295", opts.DispatchHashSeed)
	default:
		h := uint32(opts.DispatchHashSeed)
		o.Dispatch.HashSeed = &h
	}
	switch opts.DispatchOrders {
	case "seeded":
	case "mindagent":
		o.Dispatch.MindAgentOrders = true
	default:
		return o, fmt.Errorf("--dispatch-orders %q: want seeded or mindagent", opts.DispatchOrders)
	}
	return o, nil
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

func newGenerateCommand(gopts *GlobalOptions) *cobra.Command {
	var opts GenerateOptions
	cmd := &cobra.Command{
		Use:   "generate --tasks FILE [FILE...] --out RUN [--backend scripted|openai] [--team SPEC] [flags]",
		Short: "Play tasks with teams of agents and record every model call into a run",
		Long: `generate plays every task of the task files with a team of agents in the
embedded world, --trials-per-task times, several trials at once (--workers),
and records each finished trial, with every model call it made, into the run
directory (run.json and trials/*.jsonl.zst).

Every task is checked first, as collabcraft validate does. An invalid task
(say, an unknown item name or no target) is not played: a warning names its
file, task and field, and the summary counts it; the file's valid tasks are
played. --strict refuses a file with an invalid task instead.

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
rate limits may change freely. Ctrl-C (exit 130) or SIGTERM (exit 143) stops
cleanly: trials in flight are dropped, the run stays consistent, and
rerunning resumes it.

--voice openai:MODEL passes what the scripted agents say through a model
at --base-url, to vary their words: the words before each command are
rewritten (at temperature 0, with the call's seed), the command is kept
byte for byte, and the record keeps the scripted response beside the
voiced one. A command alone, a !startConversation message and silence are
not sent; a rewrite that loses a number, an item or player name, holds a
command or runs far too long is refused and the scripted words kept.

--shard i/n plays a fixed share of the trials, so n machines can split a
job; unite their runs with collabcraft merge.`,
		Example: `  collabcraft generate --tasks tasks/crafting_train.json --out runs/r1
  collabcraft generate --tasks tasks/crafting_train.json tasks/cooking_train.json --out runs/both
  collabcraft generate --tasks tasks/crafting_train.json --out runs/quick --limit 20 --workers 4
  OPENAI_API_KEY=sk-... collabcraft generate --tasks tasks/crafting_train.json --out runs/llama \
      --backend openai --base-url http://localhost:8000/v1 --model meta-llama/Llama-3.3-70B-Instruct \
      --temperature 0.7 --workers 32 --rps 20
  collabcraft generate --tasks tasks/cooking_train.json --out runs/mixed \
      --team "Andy=openai:gpt-4o-mini,Jill=scripted" --trials-per-task 3
  collabcraft generate --tasks tasks/construction_train.json --out runs/c1 --shard 0/4
  collabcraft generate --tasks tasks/cooking_train.json --out runs/voiced \
      --voice openai:Qwen/Qwen2.5-7B-Instruct --base-url http://localhost:8000/v1`,
		// Arguments are more task files: --tasks a.json b.json reads so.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.setFrom(cmd.Flags())
			return runGenerate(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// check validates the flag values that need no file.
func (opts *GenerateOptions) check() (generate.Shard, error) {
	var shard generate.Shard
	switch {
	case len(opts.Tasks) == 0:
		return shard, commandLinef("--tasks is required: the task files to play, e.g. --tasks a.json b.json (see collabcraft procgen tasks)")
	case opts.Out == "":
		return shard, commandLinef("--out is required: the run directory to write or resume, e.g. runs/r1")
	case opts.TrialsPerTask < 1:
		return shard, usagef("--trials-per-task %d: want 1 or more", opts.TrialsPerTask)
	case opts.Workers < 0:
		return shard, usagef("--workers %d: want 1 or more (0 = one per CPU)", opts.Workers)
	case opts.Limit < 0:
		return shard, usagef("--limit %d: want 0 (all tasks) or more", opts.Limit)
	case opts.Backend != team.Scripted && opts.Backend != team.OpenAI:
		return shard, usagef("--backend %q: want scripted or openai", opts.Backend)
	case opts.Dialect != "" && opts.Dialect != string(world.DialectPaper) && opts.Dialect != string(world.DialectCurrent):
		return shard, usagef("--dialect %q: want paper or current", opts.Dialect)
	case opts.ThinkTime < 0:
		return shard, usagef("--think-time %g: want 0 (the default, %g s) or more", opts.ThinkTime, generate.DefaultThinkTime)
	case opts.Latency != "" && latencyErr(opts.Latency) != nil:
		return shard, usagef("--latency %q: %s", opts.Latency, strings.TrimPrefix(latencyErr(opts.Latency).Error(), "latency: "))
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
	case opts.Temperature != nil && !(*opts.Temperature >= 0 && *opts.Temperature <= 2):
		return shard, usagef("--temperature %g: want 0 to 2", *opts.Temperature)
	case opts.TopP != nil && !(*opts.TopP > 0 && *opts.TopP <= 1):
		return shard, usagef("--top-p %g: want more than 0, at most 1", *opts.TopP)
	case opts.TrialTimeout < 0:
		return shard, usagef("--trial-timeout %v: want a positive duration, e.g. 1h (0 = none)", opts.TrialTimeout)
	}
	if _, err := generate.ParseWire(opts.Wire); opts.Wire != "" && err != nil {
		return shard, usagef("--wire %q: want strict, strict-all or raw", opts.Wire)
	}
	if _, err := generate.ParseAPI(opts.API); opts.API != "" && err != nil {
		return shard, usagef("--api %q: %s", opts.API, strings.TrimPrefix(err.Error(), "generate: "))
	}
	if _, err := generate.ParseCoding(opts.Coding); err != nil {
		return shard, usagef("--coding %q: want on, off or auto", opts.Coding)
	}
	oo, err := opts.orgOptions()
	if err != nil {
		return shard, usagef("%s", err)
	}
	if _, err := orgs.New(opts.Org, oo); err != nil {
		return shard, usagef("--org %q, --dag-mode %q: %s", opts.Org, opts.DAGMode, strings.TrimPrefix(err.Error(), "orgs: "))
	}
	if _, err := voice.ParseSpec(opts.Voice); opts.Voice != "" && err != nil {
		return shard, usagef("--voice: %s", strings.TrimPrefix(err.Error(), "voice: "))
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

// runGenerate plays opts.Tasks and the task files in args.
func runGenerate(ctx context.Context, opts GenerateOptions, gopts GlobalOptions, args []string) error {
	opts.Tasks = append(slices.Clip(opts.Tasks), args...)
	bc, err := opts.batchConfig()
	if err != nil {
		return err
	}
	var bar *progressbar.ProgressBar
	if !gopts.Quiet && isTerminal(opts.stderr()) {
		bc.Progress = func(s generate.Summary, todo int) {
			if bar == nil {
				bar = newGenerateBar(opts.stderr(), todo)
			}
			bar.Describe(fmt.Sprintf("success %5.1f%%", 100*float64(s.Successes)/float64(s.Trials)))
			bar.Set(s.Trials)
		}
	}
	sum, runErr := generate.RunBatch(ctx, bc)
	if bar != nil {
		if runErr == nil {
			bar.Finish()
		}
		bar.Exit()
	}
	var seating *generate.SeatingError
	var changed *generate.ConfigChangedError
	switch {
	case errors.As(runErr, &seating):
		return usagef("--team: %s", strings.TrimPrefix(seating.Err.Error(), "team: "))
	case errors.As(runErr, &changed):
		return fmt.Errorf("%w; rerun with the same flags to resume it, choose another --out, or add --force to continue it with the new configuration", runErr)
	case runErr != nil && sum.Total == 0:
		return runErr // it stopped before playing: no summary to print
	}
	// What the run holds is read back from its trials: run.json's counts
	// are stale when the run could not be closed (a full disk).
	ix, ixErr := trajectory.ReadIndex(opts.Out)
	if ixErr == nil && !gopts.Quiet {
		printGenerateSummary(opts.stdout(), opts.Out, sum, runErr, ix.Counts())
	}
	if errors.Is(runErr, context.Canceled) && ctx.Err() != nil {
		if ixErr != nil {
			return &interruptedError{fmt.Sprintf("interrupted; rerun the same command to resume %s", opts.Out)}
		}
		return &interruptedError{fmt.Sprintf("interrupted: %d trials recorded in %s; rerun the same command to resume", ix.Counts().Trials, opts.Out)}
	}
	return runErr
}

// batchConfig checks the flags, builds the team and sets up the batch.
func (opts *GenerateOptions) batchConfig() (generate.BatchConfig, error) {
	shard, err := opts.check()
	if err != nil {
		return generate.BatchConfig{}, err
	}
	spec, err := team.Parse(opts.Team)
	if err != nil {
		return generate.BatchConfig{}, usagef("--team: %s", strings.TrimPrefix(err.Error(), "team: "))
	}
	profiles, err := generate.LoadProfiles(opts.Profile)
	if err != nil {
		return generate.BatchConfig{}, usagef("%s", strings.TrimPrefix(err.Error(), "generate: "))
	}
	limits, err := opts.Limits()
	if err != nil {
		return generate.BatchConfig{}, err
	}
	var maxResponse int64
	if opts.MaxResponse != "" {
		if maxResponse, err = parseSize("--max-response", opts.MaxResponse); err != nil {
			return generate.BatchConfig{}, err
		}
	}
	if err := setMemoryLimit("--memory-limit", opts.MemoryLimit); err != nil {
		return generate.BatchConfig{}, err
	}
	llmCfg := llm.Config{
		BaseURL: opts.BaseURL, Model: opts.Model, APIKeyEnv: opts.APIKeyEnv,
		Temperature: opts.Temperature, TopP: opts.TopP, MaxTokens: opts.MaxTokens, Seed: opts.ModelSeed,
		Timeout: opts.Timeout, MaxAttempts: opts.MaxAttempts, Limiter: llm.NewLimiter(opts.RPS, opts.TPM),
		MinBackoff: opts.backoff, MaxBackoff: 10 * opts.backoff, MaxResponse: maxResponse,
	}
	scriptedSeats := scriptedFactory(opts.Skill, opts.Noise)
	var voiceClient *llm.Client
	if opts.Voice != "" {
		if !opts.usesScripted(spec) {
			return generate.BatchConfig{}, usagef("--voice rewrites what the scripted agents say, and no agent is scripted (--backend %s, --team %q)", opts.Backend, opts.Team)
		}
		model, _ := voice.ParseSpec(opts.Voice) // checked
		if voiceClient, err = voice.Client(llmCfg, model); err != nil {
			return generate.BatchConfig{}, usagef("--voice: %s", strings.TrimPrefix(err.Error(), "llm: "))
		}
		scriptedSeats = voicedFactory(scriptedSeats, voiceClient)
	}
	api, wire := opts.shaping(spec)
	llmCfg.Stop = api.Stop
	tm, err := team.New(team.Options{
		Default: opts.Backend, Spec: spec, OpenAI: llmCfg,
		Scripted:       scriptedSeats,
		ScriptedParams: map[string]any{"skill": opts.Skill, "noise": opts.Noise},
		ExtraParams:    rateParams(opts.RPS, opts.TPM),
	})
	if err != nil { // bad flag values: a model, URL or sampling setting
		return generate.BatchConfig{}, usagef("%s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "team: "), "llm: "))
	}
	coding, _ := generate.ParseCoding(opts.Coding)
	oo, _ := opts.orgOptions()
	org, _ := orgs.New(opts.Org, oo) // checked
	bc := generate.BatchConfig{
		Org: org,
		Dir: opts.Out, TaskFiles: opts.Tasks, Limit: opts.Limit, Shard: shard, Workers: opts.Workers, Force: opts.Force, Strict: opts.Strict,
		TrialsPerTask: opts.TrialsPerTask, Seed: opts.Seed, Backends: opts.backends(spec, tm, voiceClient), Profiles: profiles,
		API: api.Name, Dialect: world.Dialect(opts.Dialect), Wire: wire, ThinkTime: opts.ThinkTime, MaxTurns: opts.MaxTurns, Coding: coding,
		Seating: tm, Version: version, TaskLimits: limits, TrialTimeout: opts.TrialTimeout,
	}
	if opts.Latency != "" {
		bc.Latency, _ = latency.Parse(opts.Latency) // checked
	}
	if tm.UsesOpenAI() || voiceClient != nil {
		bc.Secrets = append(bc.Secrets, os.Getenv(cmpStr(opts.APIKeyEnv, llm.DefaultAPIKeyEnv)))
	}
	return bc, nil
}

// latencyErr is what is wrong with a --latency spec.
func latencyErr(spec string) error {
	_, err := latency.Parse(spec)
	return err
}

// shaping resolves --api, --api-model and --wire: the API the calls are
// shaped for and the wire format that gives.
func (opts *GenerateOptions) shaping(spec []team.Assignment) (generate.API, generate.Wire) {
	name := opts.API
	if name == "" {
		url := ""
		if opts.Backend == team.OpenAI || slices.ContainsFunc(spec, func(a team.Assignment) bool { return a.Backend == team.OpenAI }) {
			url = cmpStr(opts.BaseURL, llm.DefaultBaseURL)
		}
		name = generate.DefaultAPI(url)
	}
	api, _ := generate.ParseAPI(name) // checked
	if opts.Wire != "" {
		w, _ := generate.ParseWire(opts.Wire) // checked
		return api, w
	}
	return api, api.Wire(cmpStr(opts.APIModel, opts.Model))
}

// backends is how run.json records the team: the openai settings that
// decide answers if a seat calls a model, the scripted ones if a seat is
// scripted, and the voice if vc voices them.
func (opts *GenerateOptions) backends(spec []team.Assignment, tm *team.Team, vc *llm.Client) generate.Backends {
	b := generate.Backends{Default: opts.Backend}
	if len(spec) > 0 {
		b.Team = spec
	}
	if tm.UsesOpenAI() {
		b.OpenAI = &generate.OpenAIConfig{BaseURL: cmpStr(opts.BaseURL, llm.DefaultBaseURL), Model: opts.Model,
			Temperature: opts.Temperature, TopP: opts.TopP, MaxTokens: opts.MaxTokens, Seed: opts.ModelSeed}
	}
	if opts.usesScripted(spec) {
		b.Scripted = &generate.ScriptedConfig{Skill: opts.Skill, Noise: opts.Noise}
	}
	if vc != nil {
		b.Voice = voice.RunConfig(vc)
	}
	return b
}

// usesScripted reports whether an agent may be seated on the scripted
// backend: by default or by name.
func (opts *GenerateOptions) usesScripted(spec []team.Assignment) bool {
	return opts.Backend == team.Scripted || slices.ContainsFunc(spec, func(a team.Assignment) bool { return a.Backend == team.Scripted })
}

// isTerminal reports whether w is a terminal, where a progress bar goes.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newGenerateBar is the progress bar of total trials.
func newGenerateBar(errOut io.Writer, total int) *progressbar.ProgressBar {
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

// printGenerateSummary prints what the batch played and, from run, what
// the run holds.
func printGenerateSummary(out io.Writer, dir string, s generate.Summary, err error, run trajectory.Counts) {
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
	if v := s.Voice; v.Calls > 0 {
		fmt.Fprintf(out, "  voice        %d calls, %d rewrites refused (scripted words kept); %d prompt, %d completion tokens\n",
			v.Calls, v.Rejected, v.Usage.PromptTokens, v.Usage.CompletionTokens)
	}
	fmt.Fprintf(out, "  time         %s (%.1f trials/s)\n", s.Wall.Round(time.Millisecond), perSec)
	if s.Invalid > 0 {
		fmt.Fprintf(out, "  invalid      %d %s skipped (see the warnings; collabcraft validate lists every problem)\n", s.Invalid, plural.Word(s.Invalid, "task"))
	}
	fmt.Fprintf(out, "  run          %d trials recorded, %d successes, %d errors\n", run.Trials, run.Successes, run.Errors)
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

// voicedFactory seats the scripted agents of f with their words voiced
// through c (--voice): one backend serves every seat.
func voicedFactory(f team.ScriptedFactory, c *llm.Client) team.ScriptedFactory {
	b := voice.New(f(), c)
	return func() generate.Backend { return b }
}
