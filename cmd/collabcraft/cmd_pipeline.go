package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"collabcraft/export"
	"collabcraft/filter"
	"collabcraft/generate"
	"collabcraft/pipeline"
	"collabcraft/procgen"
	"collabcraft/stats"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// PipelineOptions holds the flags of `pipeline`.
type PipelineOptions struct {
	Config      string
	Preset      string
	PrintConfig bool
	DryRun      bool
	Out         string
	Set         []string

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `pipeline`.
func (opts *PipelineOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVarP(&opts.Config, "config", "c", "", "pipeline config file (YAML); start from --print-config --preset demo")
	f.StringVar(&opts.Preset, "preset", "", "built-in config: "+strings.Join(pipeline.Presets(), " or "))
	f.BoolVar(&opts.PrintConfig, "print-config", false, "print the config (the preset's YAML, with comments) and exit")
	f.BoolVar(&opts.DryRun, "dry-run", false, "print the task files, tasks per type and split and trials it would make, and exit")
	f.StringVarP(&opts.Out, "out", "o", "", "directory to write under (overrides the config's out)")
	f.StringArrayVar(&opts.Set, "set", nil, "override a config value, e.g. generate.workers=8, procgen.types=[crafting], name=mine (repeatable; values are YAML)")
}

func newPipelineCommand() *cobra.Command {
	var opts PipelineOptions
	cmd := &cobra.Command{
		Use:   "pipeline --preset demo|minecollab | --config FILE [--set section.flag=value ...]",
		Short: "Run procgen, generate, filter and export in one go",
		Long: `pipeline makes a dataset from nothing: it writes the task files (procgen),
plays them (generate), keeps the good trials (filter) and writes the dataset
(export), then prints a stats table and how to load the result. Everything
goes under one directory (out): tasks/, runs/NAME (runs/NAME-3agents and so
on for bigger teams, whose task ids repeat those of the 2-agent files),
runs/NAME.filtered, dataset/.

The config is YAML, read strictly (an unknown field or flag is an error with
its line). Its procgen section picks files of a built-in suite and any files
made with the flags of 'procgen tasks'; the generate, filter and export
sections set the flags of those commands under their own names. --set
overrides any value, and --out the output directory. The presets demo (a few
dozen tasks of every type, scripted teams, under a minute on a laptop) and
minecollab (the MineCollab paper's sizes) need no network and no API keys.

Every stage resumes: a rerun skips task files and filtered views whose inputs
have not changed, plays only the trials not yet recorded, and exports again
only if the filtered trials changed or the dataset is missing.`,
		Example: `  collabcraft pipeline --preset demo
  collabcraft pipeline --preset minecollab --dry-run
  collabcraft pipeline --print-config --preset demo > pipeline.yaml
  collabcraft pipeline --config pipeline.yaml --set generate.workers=16 --out runs/big`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			quiet, _ := cmd.Flags().GetBool("quiet")
			return runPipeline(cmd.Context(), opts, GlobalOptions{Quiet: quiet}, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// pipelineRun is one generate run: the task files for one team size.
type pipelineRun struct {
	dir    string
	agents int
	files  []string
}

// pipelineStages are the stage options a config resolves to, checked
// before anything runs.
type pipelineStages struct {
	cfg    *pipeline.Config
	file   string // the config's name in messages
	paths  pipeline.Paths
	tasks  []TasksOptions // extra `procgen tasks` files
	runs   []pipelineRun  // the runs and the task files each plays
	gen    GenerateOptions
	filter FilterOptions
	export ExportOptions
}

func runPipeline(ctx context.Context, opts PipelineOptions, gopts GlobalOptions, _ []string) error {
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	file, data, err := opts.configSource()
	if err != nil {
		return err
	}
	sets := slices.Clone(opts.Set)
	if opts.Out != "" {
		sets = append(sets, "out="+strconv.Quote(opts.Out))
	}
	if opts.PrintConfig && len(sets) == 0 {
		_, err := out.Write(data)
		return err
	}
	cfg, err := pipeline.Parse(file, data, sets)
	if err != nil {
		return usagef("%s", strings.TrimPrefix(err.Error(), "pipeline: "))
	}
	st, err := resolveStages(cfg, file)
	if err != nil {
		return err
	}
	switch {
	case opts.PrintConfig:
		return printConfig(out, cfg)
	case opts.DryRun:
		return st.dryRun(out)
	}
	start := time.Now()
	if _, err := st.procgen(ctx, out, gopts); err != nil {
		return err
	}
	if err := st.generate(ctx, out, gopts); err != nil {
		return err
	}
	if err := st.runFilter(ctx, out, gopts); err != nil {
		return err
	}
	if err := st.runExport(ctx, out, gopts); err != nil {
		return err
	}
	return st.finish(out, gopts, time.Since(start))
}

// configSource returns the config's name and bytes: a file or a preset.
func (opts *PipelineOptions) configSource() (string, []byte, error) {
	switch {
	case opts.Config != "" && opts.Preset != "":
		return "", nil, usagef("--config and --preset exclude each other (print the preset and edit it: --print-config --preset %s)", opts.Preset)
	case opts.Preset != "":
		b, err := pipeline.Preset(opts.Preset)
		if err != nil {
			return "", nil, usagef("--preset %q: want %s", opts.Preset, strings.Join(pipeline.Presets(), " or "))
		}
		return "preset " + opts.Preset, b, nil
	case opts.Config != "":
		b, err := os.ReadFile(opts.Config)
		if err != nil {
			return "", nil, fmt.Errorf("pipeline: %w", err)
		}
		return opts.Config, b, nil
	}
	return "", nil, usagef("give --preset (%s) or --config FILE", strings.Join(pipeline.Presets(), ", "))
}

// printConfig prints a config resolved with --set/--out as YAML.
func printConfig(out io.Writer, cfg *pipeline.Config) error {
	enc := yaml.NewEncoder(out)
	enc.SetIndent(2)
	if err := enc.Encode(cfg); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return enc.Close()
}

// resolveStages checks every stage's flags against the stage's own flag set
// and fills its options, so a bad flag fails before any work is done.
func resolveStages(cfg *pipeline.Config, file string) (*pipelineStages, error) {
	st := &pipelineStages{cfg: cfg, file: file, paths: cfg.Paths()}
	names := map[string]bool{}
	for _, f := range cfg.SuiteFiles() {
		names[f.Name] = true
	}
	for i, flags := range cfg.Procgen.Tasks {
		var to TasksOptions
		fs := pflag.NewFlagSet("procgen tasks", pflag.ContinueOnError)
		to.AddFlags(fs)
		where := fmt.Sprintf("procgen.tasks[%d]", i)
		if err := applyStageFlags(fs, flags, file, where, nil); err != nil {
			return nil, err
		}
		if to.Type == "" {
			return nil, usagef("%s: %s: type is required: %s", file, where, strings.Join(procgen.Kinds(), ", "))
		}
		name := to.Output
		if name == "" {
			name = pipeline.TaskFileName(to.Type, to.Split, to.Agents)
		}
		if name != filepath.Base(name) || !strings.HasSuffix(name, ".json") {
			return nil, usagef("%s: %s: output %q: want a file name ending in .json (written under %s)", file, where, name, st.paths.Tasks)
		}
		if names[name] {
			return nil, usagef("%s: %s: task file %s is made twice (set output to another name)", file, where, name)
		}
		names[name] = true
		to.Output = filepath.Join(st.paths.Tasks, name)
		to.out = io.Discard
		st.tasks = append(st.tasks, to)
	}

	st.groupRuns()

	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	st.gen.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Generate, file, "generate", map[string]string{
		"tasks": "the task files in " + st.paths.Tasks, "out": "a run in " + st.paths.Runs,
	}); err != nil {
		return nil, err
	}
	st.gen.setFrom(fs)
	probe := st.gen
	probe.Tasks, probe.Out = []string{st.paths.Tasks}, st.paths.Runs
	if _, err := probe.check(); err != nil {
		return nil, usagef("%s: generate: %s", file, err)
	}

	fs = pflag.NewFlagSet("filter", pflag.ContinueOnError)
	st.filter.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Filter, file, "filter", map[string]string{
		"in": "the runs in " + st.paths.Runs, "out": "the view " + st.paths.View, "json": "",
	}); err != nil {
		return nil, err
	}
	st.filter.setFrom(fs)
	st.filter.In, st.filter.Out = st.runDirs(), st.paths.View

	fs = pflag.NewFlagSet("export", pflag.ContinueOnError)
	st.export.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Export, file, "export", map[string]string{
		"in": "the view " + st.paths.View, "out": "the dataset " + st.paths.Dataset, "json": "", "overwrite": "",
	}); err != nil {
		return nil, err
	}
	st.export.setFrom(fs)
	st.export.In, st.export.Out, st.export.Overwrite = []string{st.paths.View}, st.paths.Dataset, true
	if st.export.Name == "" {
		st.export.Name = cfg.Name
	}
	// Check the export and filter values now rather than after generating.
	if _, err := st.export.exportOptions(); err != nil {
		return nil, usagef("%s: export: %s", file, err)
	}
	if _, err := st.filter.Config(false); err != nil {
		return nil, usagef("%s: filter: %s", file, err)
	}
	return st, nil
}

// groupRuns puts the task files into one run per team size, in the order
// the sizes first appear.
func (st *pipelineStages) groupRuns() {
	add := func(agents int, file string) {
		for i := range st.runs {
			if st.runs[i].agents == agents {
				st.runs[i].files = append(st.runs[i].files, file)
				return
			}
		}
		st.runs = append(st.runs, pipelineRun{dir: st.cfg.RunDir(agents), agents: agents, files: []string{file}})
	}
	for _, f := range st.cfg.SuiteFiles() {
		add(f.Agents, filepath.Join(st.paths.Tasks, f.Name))
	}
	for _, to := range st.tasks {
		add(to.Agents, to.Output)
	}
}

func (st *pipelineStages) runDirs() []string {
	var dirs []string
	for _, r := range st.runs {
		dirs = append(dirs, r.dir)
	}
	return dirs
}

// applyStageFlags sets flags in fs; reserved flags are the pipeline's own
// (value: what it sets them to).
func applyStageFlags(fs *pflag.FlagSet, flags pipeline.Flags, file, stage string, reserved map[string]string) error {
	for _, f := range flags {
		at := fmt.Sprintf("%s: line %d: %s", file, f.Line, stage)
		if f.Line == 0 {
			at = "--set " + stage + "." + f.Name
		}
		if what, ok := reserved[f.Name]; ok {
			if what == "" {
				return usagef("%s: flag %q is not used by the pipeline", at, f.Name)
			}
			return usagef("%s: flag %q is set by the pipeline (to %s)", at, f.Name, what)
		}
		if f.Name == "quiet" || f.Name == "help" || fs.Lookup(f.Name) == nil {
			var known []string
			fs.VisitAll(func(fl *pflag.Flag) {
				if _, r := reserved[fl.Name]; !r {
					known = append(known, fl.Name)
				}
			})
			return usagef("%s: unknown flag %q (the flags of %s: %s)", at, f.Name, stage, strings.Join(known, ", "))
		}
		if err := fs.Set(f.Name, f.Value); err != nil {
			return usagef("%s: flag %q: invalid value %q (want %s)", at, f.Name, f.Value, fs.Lookup(f.Name).Value.Type())
		}
	}
	return nil
}

// dryRun prints what the pipeline would make.
func (st *pipelineStages) dryRun(out io.Writer) error {
	counts := st.cfg.SuiteCounts()
	for _, to := range st.tasks {
		n := to.N
		if n == 0 {
			n = procgen.DefaultCount(to.Type, to.Split)
		}
		counts = append(counts, pipeline.Count{File: filepath.Base(to.Output), Kind: to.Type, Split: to.Split, Agents: to.Agents, Tasks: n})
	}
	trials := st.gen.TrialsPerTask
	t := stats.Table{Title: fmt.Sprintf("pipeline %s (%s): task files in %s, runs in %s", st.cfg.Name, st.file, st.paths.Tasks, st.paths.Runs),
		Header: []string{"file", "type", "split", "agents", "run", "tasks", "trials"}}
	total := 0
	for _, c := range counts {
		run := filepath.Base(st.cfg.RunDir(c.Agents))
		t.Rows = append(t.Rows, []string{c.File, c.Kind, c.Split, strconv.Itoa(c.Agents), run, strconv.Itoa(c.Tasks), strconv.Itoa(c.Tasks * trials)})
		total += c.Tasks
	}
	if err := t.WriteText(out); err != nil {
		return err
	}
	keys, tasks := pipeline.Totals(counts)
	t = stats.Table{Title: "\nby type and split:", Header: []string{"type", "split", "tasks", "trials"}}
	for _, k := range keys {
		t.Rows = append(t.Rows, []string{k[0], k[1], strconv.Itoa(tasks[k]), strconv.Itoa(tasks[k] * trials)})
	}
	t.Rows = append(t.Rows, []string{"total", "", strconv.Itoa(total), strconv.Itoa(total * trials)})
	if err := t.WriteText(out); err != nil {
		return err
	}
	// --limit and --shard apply to each run (each is one generate call).
	played := 0
	for _, r := range st.runs {
		n := 0
		for _, c := range counts {
			if c.Agents == r.agents {
				n += c.Tasks
			}
		}
		if st.gen.Limit > 0 {
			n = min(n, st.gen.Limit)
		}
		n *= trials
		if st.gen.Shard != "" {
			sh, _ := generate.ParseShard(st.gen.Shard)
			n = len(sh.Of(make([]generate.Job, n)))
		}
		played += n
	}
	if st.gen.Limit > 0 {
		fmt.Fprintf(out, "generate --limit %d: only the first %d tasks of each run are played\n", st.gen.Limit, st.gen.Limit)
	}
	if st.gen.Shard != "" {
		fmt.Fprintf(out, "generate --shard %s: this machine plays %d of the trials\n", st.gen.Shard, played)
	}
	_, err := fmt.Fprintf(out, "\n%d trials (%d per task) -> runs %s -> view %s -> dataset %s\n",
		played, trials, strings.Join(st.runDirs(), ", "), st.paths.View, st.paths.Dataset)
	return err
}

// procgen writes the task files that are missing or stale, and returns
// every task file of the pipeline.
func (st *pipelineStages) procgen(ctx context.Context, out io.Writer, gopts GlobalOptions) ([]string, error) {
	suite := st.cfg.SuiteFiles()
	var files []string
	for _, f := range suite {
		files = append(files, filepath.Join(st.paths.Tasks, f.Name))
	}
	for _, to := range st.tasks {
		files = append(files, to.Output)
	}
	key, err := pipeline.Key("procgen/1", st.cfg.Procgen, files)
	if err != nil {
		return nil, err
	}
	if pipeline.ReadStamp(st.paths.Stamps, "procgen").Fresh(key) {
		st.logf(out, gopts, "procgen: %d task files in %s are up to date", len(files), st.paths.Tasks)
		return files, nil
	}
	start := time.Now()
	if err := os.MkdirAll(st.paths.Tasks, 0o755); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	tasks := 0
	if len(suite) > 0 {
		all, err := procgen.GenerateSuite(ctx, procgen.SuiteOptions{Seed: st.cfg.Procgen.Seed, Demo: st.cfg.Procgen.Suite == pipeline.SuiteDemo})
		if err != nil {
			return nil, err
		}
		for _, f := range all {
			if !slices.ContainsFunc(suite, func(s procgen.SuiteFile) bool { return s.Name == f.Name }) {
				continue
			}
			if err := procgen.WriteTaskFile(filepath.Join(st.paths.Tasks, f.Name), f.Tasks); err != nil {
				return nil, err
			}
			tasks += len(f.Tasks)
		}
	}
	for _, to := range st.tasks {
		if err := runTasks(ctx, to, GlobalOptions{Quiet: true}, nil); err != nil {
			return nil, fmt.Errorf("pipeline: %s: %w", filepath.Base(to.Output), err)
		}
		ts, err := procgen.ReadTaskFile(to.Output)
		if err != nil {
			return nil, err
		}
		tasks += len(ts)
	}
	stamp := &pipeline.Stamp{Key: key, Outputs: map[string]string{}}
	for _, f := range files {
		if stamp.Outputs[f], err = pipeline.FileHash(f); err != nil {
			return nil, fmt.Errorf("pipeline: %w", err)
		}
	}
	if err := pipeline.WriteStamp(st.paths.Stamps, "procgen", stamp); err != nil {
		return nil, err
	}
	st.logf(out, gopts, "procgen: wrote %d tasks in %d files to %s in %s", tasks, len(files), st.paths.Tasks, time.Since(start).Round(time.Millisecond))
	return files, nil
}

// generate plays the trials not yet recorded in the run (generate resumes
// by itself).
func (st *pipelineStages) generate(ctx context.Context, out io.Writer, gopts GlobalOptions) error {
	for _, r := range st.runs {
		g := st.gen
		g.Tasks, g.Out, g.out = r.files, r.dir, out
		st.logf(out, gopts, "")
		err := runGenerate(ctx, g, gopts, nil)
		if err != nil && strings.Contains(err.Error(), "another configuration") {
			// generate's advice names its own flags; say how a pipeline sets them.
			return fmt.Errorf("%w\n(in a pipeline: --set generate.force=true, or --out elsewhere)", err)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// runState identifies the runs' trials without reading them: each run's
// config fingerprint and trials files with their sizes (a writer only
// appends, to files of its own). run.json itself is left out: generate
// rewrites its end time on every rerun.
func (st *pipelineStages) runState() ([]string, error) {
	var state []string
	for _, dir := range st.runDirs() {
		m, err := trajectory.ReadManifest(dir)
		if err != nil {
			return nil, err
		}
		files, err := pipeline.DirState(filepath.Join(dir, trajectory.TrialsDir))
		if err != nil {
			return nil, err
		}
		state = append(state, dir+" "+m.Fingerprint)
		state = append(state, files...)
	}
	return state, nil
}

// runFilter writes the filtered view unless it is up to date with the run.
func (st *pipelineStages) runFilter(ctx context.Context, out io.Writer, gopts GlobalOptions) error {
	state, err := st.runState()
	if err != nil {
		return err
	}
	key, err := pipeline.Key("filter/1", flagPairs(st.cfg.Filter), state)
	if err != nil {
		return err
	}
	viewFile := filepath.Join(st.paths.View, "view.json")
	if pipeline.ReadStamp(st.paths.Stamps, "filter").Fresh(key) {
		st.logf(out, gopts, "\nfilter: %s is up to date", st.paths.View)
		return nil
	}
	st.logf(out, gopts, "")
	fo := st.filter
	fo.out = out
	if gopts.Quiet {
		fo.out = io.Discard
	}
	if err := runFilter(ctx, fo, gopts, nil); err != nil {
		return err
	}
	sum, err := pipeline.FileHash(viewFile)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return pipeline.WriteStamp(st.paths.Stamps, "filter", &pipeline.Stamp{Key: key, Outputs: map[string]string{viewFile: sum}})
}

// runExport writes the dataset unless it is up to date with the view.
func (st *pipelineStages) runExport(ctx context.Context, out io.Writer, gopts GlobalOptions) error {
	viewFile := filepath.Join(st.paths.View, "view.json")
	viewSum, err := pipeline.FileHash(viewFile)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	state, err := st.runState()
	if err != nil {
		return err
	}
	key, err := pipeline.Key("export/1", flagPairs(st.cfg.Export), st.export.Name, viewSum, state)
	if err != nil {
		return err
	}
	manifest := filepath.Join(st.paths.Dataset, "manifest.json")
	if pipeline.ReadStamp(st.paths.Stamps, "export").Fresh(key) {
		st.logf(out, gopts, "\nexport: %s is up to date", st.paths.Dataset)
		return nil
	}
	if err := st.checkKept(); err != nil {
		return err
	}
	st.logf(out, gopts, "")
	eo := st.export
	eo.out = out
	if err := runExport(ctx, eo, gopts, nil); err != nil {
		return err
	}
	sum, err := pipeline.FileHash(manifest)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return pipeline.WriteStamp(st.paths.Stamps, "export", &pipeline.Stamp{Key: key, Outputs: map[string]string{manifest: sum}})
}

// checkKept explains an empty filtered view before export fails on it.
func (st *pipelineStages) checkKept() error {
	v, err := filter.ReadView(st.paths.View)
	if err != nil {
		return err
	}
	if c := v.Report.Transitions; c.Kept > 0 {
		return nil
	}
	var why []string
	for _, r := range filter.Reasons {
		if n := v.Report.Trials.Dropped[r]; n > 0 {
			why = append(why, fmt.Sprintf("%d %s", n, r))
		}
	}
	hint := "loosen the rules, e.g. --set filter.keep-all=true"
	if v.Report.Trials.Dropped[filter.Errored] == v.Report.Trials.In {
		hint = "every trial ended with an error, e.g. " + firstTrialError(st.runDirs())
	}
	return fmt.Errorf("pipeline: the filter kept no transitions of %d trials (dropped: %s); %s",
		v.Report.Trials.In, strings.Join(why, ", "), hint)
}

// firstTrialError is the error of the first trial that ended with one.
func firstTrialError(runs []string) string {
	r, err := trajectory.Open(runs...)
	if err != nil {
		return err.Error()
	}
	for t, err := range r.Trials() {
		if err != nil {
			return err.Error()
		}
		if t.Outcome.EndReason == trajectory.EndError {
			return fmt.Sprintf("trial %s: %s", t.TrialID, t.Error)
		}
	}
	return "none recorded"
}

// finish prints the run's stats table, then where the dataset is and how
// to load it: the last lines a user sees.
func (st *pipelineStages) finish(out io.Writer, gopts GlobalOptions, took time.Duration) error {
	in, err := filter.Open(st.runDirs()...)
	if err != nil {
		return err
	}
	s, err := stats.Collect(in.Trials(), nil)
	if err != nil {
		return err
	}
	if tables := s.Tables(); len(tables) > 0 {
		st.logf(out, gopts, "")
		t := tables[0]
		t.Title = "runs " + strings.Join(st.runDirs(), ", ") + ":"
		if err := t.WriteText(out); err != nil {
			return err
		}
	}
	b, err := os.ReadFile(filepath.Join(st.paths.Dataset, "manifest.json"))
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	var m export.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("pipeline: %s: %w", filepath.Join(st.paths.Dataset, "manifest.json"), err)
	}
	var splits []string
	for _, split := range datasetSplits(m.Counts.PerSplit) {
		splits = append(splits, fmt.Sprintf("%s %d", split, m.Counts.PerSplit[split]))
	}
	fmt.Fprintf(out, "\npipeline %s done in %s.\n", st.cfg.Name, took.Round(100*time.Millisecond))
	fmt.Fprintf(out, "dataset: %s (%d examples: %s)\n", st.paths.Dataset, m.Counts.Written, strings.Join(splits, ", "))
	fmt.Fprint(out, loadSnippet(st.paths.Dataset, m.Formats))
	return nil
}

// datasetSplits orders a dataset's splits: train, validation, then the
// task files' own (dev, test, ...) by name.
func datasetSplits(perSplit map[string]int64) []string {
	var out []string
	for _, s := range []string{export.SplitTrain, export.SplitValidation} {
		if _, ok := perSplit[s]; ok {
			out = append(out, s)
		}
	}
	var rest []string
	for s := range perSplit {
		if s != export.SplitTrain && s != export.SplitValidation {
			rest = append(rest, s)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// loadSnippet is two lines of Python that load the dataset.
func loadSnippet(dir string, formats []export.Format) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	has := func(f export.Format) bool { return slices.Contains(formats, f) }
	var load string
	switch {
	case has(export.FormatParquet):
		load = fmt.Sprintf("load_dataset(%q, data_dir=%q)", "parquet", filepath.Join(abs, "data"))
	case has(export.FormatOpenAI):
		load = fmt.Sprintf("load_dataset(%q, data_dir=%q)", "json", filepath.Join(abs, "openai"))
	case has(export.FormatArrow):
		return fmt.Sprintf("load it in Python:\n  from datasets import load_from_disk\n  ds = load_from_disk(%q)\n", filepath.Join(abs, "arrow"))
	default:
		return fmt.Sprintf("its files are listed in %s\n", filepath.Join(abs, "manifest.json"))
	}
	return "load it in Python:\n  from datasets import load_dataset\n  ds = " + load + "\n"
}

// flagPairs are a stage's flags as "name=value", without lines, so a
// moved or commented line does not redo a stage.
func flagPairs(flags pipeline.Flags) []string {
	out := make([]string, len(flags))
	for i, f := range flags {
		out[i] = f.Name + "=" + f.Value
	}
	return out
}

func (st *pipelineStages) logf(out io.Writer, gopts GlobalOptions, format string, args ...any) {
	if !gopts.Quiet {
		fmt.Fprintf(out, format+"\n", args...)
	}
}
