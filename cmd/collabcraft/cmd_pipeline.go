package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"collabcraft/audit"
	"collabcraft/export"
	"collabcraft/generate"
	"collabcraft/pipeline"
	"collabcraft/procgen"
	"collabcraft/suggest"

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

func newPipelineCommand(gopts *GlobalOptions) *cobra.Command {
	var opts PipelineOptions
	cmd := &cobra.Command{
		Use:   "pipeline --preset NAME | --config FILE [--set section.flag=value ...]",
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
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPipeline(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// pipelineStages are the stage options a config resolves to, checked
// before anything runs; they are the steps of its plan.
type pipelineStages struct {
	plan   *pipeline.Plan
	tasks  []TasksOptions // extra `procgen tasks` files, as plan.Tasks
	gen    GenerateOptions
	filter FilterOptions
	export ExportOptions
	// audit is the dataset's audit made for its card by the last Export,
	// which Report writes as HTML rather than audit the dataset again.
	audit *audit.Report
	// outerLimit is the process's memory limit before the pipeline set
	// its own (pipelineHeapLimit), the one generate runs with.
	outerLimit int64

	out   io.Writer
	gopts GlobalOptions
}

// pipelineHeapLimit is the Go heap a pipeline aims to stay within outside
// generate. Procgen, filter, the report and the closing stats hold at most
// about 200 MiB live, and by default the collector lets the heap grow to
// twice that: the report stage and the stats after it peaked at 495-518
// MiB RSS on a tenth of the minecollab preset. Export sets its own, lower
// limit (exportHeapLimit). Generate runs with the limit the process had
// (GOMEMLIMIT, or generate.memory-limit): world/js stops a program that
// grows the heap past the process's limit, and the pipeline must not
// change which programs that stops. GOMEMLIMIT, when set, wins.
const pipelineHeapLimit = 384 << 20

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
		return usagef("%s%s", strings.TrimPrefix(err.Error(), "pipeline: "), stageFlagHint(err, sets))
	}
	st, err := resolveStages(cfg, file)
	if err != nil {
		return err
	}
	switch {
	case opts.PrintConfig:
		return printConfig(out, cfg)
	case opts.DryRun:
		return st.plan.DryRun(out, pipeline.Trials{PerTask: st.gen.TrialsPerTask, Limit: st.gen.Limit, Shard: st.gen.Shard,
			Backend: st.gen.Backend, Workers: st.gen.Workers, CPUs: runtime.NumCPU()})
	}
	st.out, st.gopts = out, gopts
	st.outerLimit = debug.SetMemoryLimit(-1)
	defer limitHeap(pipelineHeapLimit)()
	var log io.Writer
	if !gopts.Quiet {
		log = out
	}
	res, err := st.plan.Run(ctx, st, log)
	if err != nil {
		return err
	}
	return st.printResult(res, log)
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
	return "", nil, commandLinef("give --preset (%s) or --config FILE", strings.Join(pipeline.Presets(), ", "))
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
	st := &pipelineStages{}
	paths := cfg.Paths()
	var extra []pipeline.TaskFile
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
		n := to.N
		if n == 0 {
			n = procgen.DefaultCount(to.Type, to.Split)
		}
		extra = append(extra, pipeline.TaskFile{Name: to.Output, Kind: to.Type, Split: to.Split, Agents: to.Agents, Tasks: n})
		to.out = io.Discard
		st.tasks = append(st.tasks, to)
	}
	plan, err := pipeline.NewPlan(cfg, file, extra)
	if err != nil {
		return nil, usagef("%s", strings.TrimPrefix(err.Error(), "pipeline: "))
	}
	st.plan = plan
	for i := range st.tasks {
		st.tasks[i].Output = plan.Tasks[i].Path
	}

	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	st.gen.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Generate, file, "generate", map[string]string{
		"tasks": "the task files in " + paths.Tasks, "out": "a run in " + paths.Runs,
	}); err != nil {
		return nil, err
	}
	st.gen.setFrom(fs)
	probe := st.gen
	probe.Tasks, probe.Out = []string{paths.Tasks}, paths.Runs
	if _, err := probe.check(); err != nil {
		return nil, usagef("%s: generate: %s", file, err)
	}

	fs = pflag.NewFlagSet("filter", pflag.ContinueOnError)
	st.filter.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Filter, file, "filter", map[string]string{
		"in": "the runs in " + paths.Runs, "out": "the view " + paths.View, "json": "",
	}); err != nil {
		return nil, err
	}
	st.filter.setFrom(fs)

	fs = pflag.NewFlagSet("export", pflag.ContinueOnError)
	st.export.AddFlags(fs)
	if err := applyStageFlags(fs, cfg.Export, file, "export", map[string]string{
		"in": "the view " + paths.View, "out": "the dataset " + paths.Dataset, "json": "", "overwrite": "",
	}); err != nil {
		return nil, err
	}
	st.export.setFrom(fs)
	st.export.Overwrite, st.export.Name = true, cfg.DatasetName()
	// Check the export and filter values now rather than after generating.
	if _, err := st.export.exportOptions(); err != nil {
		return nil, usagef("%s: export: %s", file, err)
	}
	if _, err := st.filter.Config(false); err != nil {
		return nil, usagef("%s: filter: %s", file, err)
	}
	return st, nil
}

// stageFlagHint says where a top-level key that is a stage's flag goes
// ("workers is a flag of generate: --set generate.workers=4").
func stageFlagHint(err error, sets []string) string {
	var unknown *pipeline.UnknownKeyError
	if !errors.As(err, &unknown) || unknown.Section != "" {
		return ""
	}
	for _, stage := range []struct {
		name  string
		flags func(*pflag.FlagSet)
	}{
		{"generate", new(GenerateOptions).AddFlags},
		{"filter", new(FilterOptions).AddFlags},
		{"export", new(ExportOptions).AddFlags},
	} {
		fs := pflag.NewFlagSet(stage.name, pflag.ContinueOnError)
		stage.flags(fs)
		if fs.Lookup(unknown.Key) == nil {
			continue
		}
		if unknown.Line > 0 {
			return fmt.Sprintf("; %s is a flag of %s: put it under %s:", unknown.Key, stage.name, stage.name)
		}
		value := "VALUE"
		for _, s := range sets {
			if v, ok := strings.CutPrefix(s, unknown.Key+"="); ok {
				value = v
			}
		}
		return fmt.Sprintf("; %s is a flag of %s: --set %s.%s=%s", unknown.Key, stage.name, stage.name, unknown.Key, value)
	}
	return ""
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
			return usagef("%s: unknown flag %q%s (the flags of %s: %s)", at, f.Name, suggest.DidYouMean(f.Name, known, strconv.Quote), stage, strings.Join(known, ", "))
		}
		if err := fs.Set(f.Name, f.Value); err != nil {
			return usagef("%s: flag %q: invalid value %q (want %s)", at, f.Name, f.Value, valueWord(fs.Lookup(f.Name).Value.Type()))
		}
	}
	return nil
}

// Tasks writes an extra task file with `procgen tasks`.
func (st *pipelineStages) Tasks(ctx context.Context, f pipeline.TaskFile) error {
	i := slices.IndexFunc(st.plan.Tasks, func(t pipeline.TaskFile) bool { return t.Path == f.Path })
	return runTasks(ctx, st.tasks[i], GlobalOptions{Quiet: true}, nil)
}

// Generate plays a run with `generate` (which resumes by itself).
func (st *pipelineStages) Generate(ctx context.Context, r pipeline.Run) error {
	g := st.gen
	g.Tasks, g.Out, g.out = r.Files, r.Dir, st.out
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(st.outerLimit)) // see pipelineHeapLimit
	err := runGenerate(ctx, g, st.gopts, nil)
	var changed *generate.ConfigChangedError
	if errors.As(err, &changed) {
		// generate's advice names its own flags; say how a pipeline sets them.
		return fmt.Errorf("%w\n(in a pipeline: --set generate.force=true, or --out elsewhere)", err)
	}
	return err
}

// Filter writes the view with `filter`.
func (st *pipelineStages) Filter(ctx context.Context, runs []string, view string) error {
	fo := st.filter
	fo.In, fo.Out, fo.out = runs, view, st.out
	if st.gopts.Quiet {
		fo.out = io.Discard
	}
	return runFilter(ctx, fo, st.gopts, nil)
}

// Export writes the dataset with `export`.
func (st *pipelineStages) Export(ctx context.Context, view, dataset string) error {
	eo := st.export
	eo.In, eo.Out, eo.out = []string{view}, dataset, st.out
	eo.viewTrials = reportViewTrials
	eo.audited = func(r *audit.Report) { st.audit = r }
	return runExport(ctx, eo, st.gopts, nil)
}

// reportViewTrials is how many trials the pipeline's report can replay.
const reportViewTrials = 300

// Report writes the dataset's audit as an HTML report, as `audit --html`
// would: the one Export made for the card, or a new one when the dataset
// was already there.
func (st *pipelineStages) Report(ctx context.Context, dataset, html string) error {
	if r := st.audit; r != nil {
		st.audit = nil // written once; the closing stats need its memory
		return writeAuditHTML(r, html)
	}
	return runAudit(ctx, AuditOptions{HTML: html, ViewTrials: reportViewTrials, NearThreshold: 0.8, out: io.Discard}, st.gopts, []string{dataset})
}

// printResult prints the runs' stats table, then where the dataset is
// and how to load it: the last lines a user sees.
func (st *pipelineStages) printResult(res *pipeline.Result, log io.Writer) error {
	out, paths := st.out, st.plan.Paths
	if tables := res.Stats.Tables(); len(tables) > 0 {
		if log != nil {
			fmt.Fprintln(log)
		}
		t := tables[0]
		t.Title = "runs " + strings.Join(st.plan.RunDirs(), ", ") + ":"
		if err := t.WriteText(out); err != nil {
			return err
		}
	}
	m := res.Dataset
	var splits []string
	for _, split := range datasetSplits(m.Counts.PerSplit) {
		splits = append(splits, fmt.Sprintf("%s %d", split, m.Counts.PerSplit[split]))
	}
	fmt.Fprintf(out, "\npipeline %s done in %s.\n", st.plan.Config.Name, res.Took.Round(100*time.Millisecond))
	if len(res.Stages) > 0 {
		fmt.Fprintf(out, "stages: %s\n", pipeline.CostLine(res.Stages))
	}
	fmt.Fprintf(out, "dataset: %s (%d examples: %s)\n", paths.Dataset, m.Counts.Written, strings.Join(splits, ", "))
	fmt.Fprint(out, loadSnippet(paths.Dataset, m.Formats))
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
