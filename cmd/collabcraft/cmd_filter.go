package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"collabcraft/filter"
	"collabcraft/stats"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// RuleFlags are the filter rules as flags, shared by filter and export.
// Rules start from the paper's recipe (or from none with --keep-all, or
// when an input is already a filtered view), then a --rules YAML file, then
// the flags given on the command line, which win.
type RuleFlags struct {
	Rules         string // YAML file
	KeepAll       bool
	DropErrors    bool
	Success       bool
	TopQuantile   bool
	Quantile      float64
	GroupBy       []string
	MinScore      float64
	MaxTurns      int
	MaxViolations int
	DropLooping   bool
	Kinds         []string
	AgentBackends []string
	AgentNames    []string
	// SkipDamaged reads runs on without their damaged records (an input
	// flag rather than a rule, shared by the same commands).
	SkipDamaged bool

	// Set names the rule flags given on the command line; only those
	// override the base and the file (RunE fills it from cobra).
	Set []string
}

// AddFlags registers the rule flags.
func (r *RuleFlags) AddFlags(f *pflag.FlagSet) {
	f.StringVar(&r.Rules, "rules", "", "YAML file of filter rules (fields as the flags, e.g. top_quantile: {q: 0.75, group_by: [rooms]})")
	f.BoolVar(&r.KeepAll, "keep-all", false, "start from no rules instead of the paper's recipe (drop-errors, success, top-quantile 0.75)")
	f.BoolVar(&r.DropErrors, "drop-errors", true, "drop trials that ended with end reason error")
	f.BoolVar(&r.Success, "success", true, "keep only successful trials of binary task types (crafting, cooking) and complete VillagerBench houses (C = VHR = 100)")
	f.BoolVar(&r.TopQuantile, "top-quantile", true, "keep construction trials scoring at or above the --quantile of their run's (and group's) scores")
	f.Float64Var(&r.Quantile, "quantile", filter.DefaultQuantile, "quantile of the top-quantile rule (implies --top-quantile)")
	f.StringSliceVar(&r.GroupBy, "group-by", nil, "task knobs whose values each get their own quantile, e.g. rooms,materials (implies --top-quantile)")
	f.Float64Var(&r.MinScore, "min-score", 0, "drop trials scoring below this (any task type)")
	f.IntVar(&r.MaxTurns, "max-turns", 0, "drop trials in which an agent made more than this many model calls (0: off)")
	f.IntVar(&r.MaxViolations, "max-violations", 0, "drop trials whose commands hold more than this many grounding violations (see collabcraft audit; off unless given)")
	f.BoolVar(&r.DropLooping, "drop-looping", false, "drop trials in which an agent repeats its response 3 times in a row with nothing new in between")
	f.StringSliceVar(&r.Kinds, "kinds", nil, "keep only transitions of these kinds: "+strings.Join(trajectory.Kinds, ", "))
	f.StringSliceVar(&r.AgentBackends, "agent-backends", nil, "keep only transitions of agents played by these backends, e.g. openai")
	f.StringSliceVar(&r.AgentNames, "agent-names", nil, "keep only transitions of these agents (names or patterns such as Andy_*)")
	addSkipDamagedFlag(f, &r.SkipDamaged)
}

// addSkipDamagedFlag registers --skip-damaged, for every command that reads
// runs.
func addSkipDamagedFlag(f *pflag.FlagSet, skip *bool) {
	f.BoolVar(skip, "skip-damaged", false, "read runs on without their damaged records (each is logged) instead of failing; 'collabcraft check --repair RUN' fixes a run for good")
}

// openInput opens runs and views, logging each damaged record it skips.
func openInput(dirs []string, skipDamaged bool) (*filter.Input, error) {
	in, err := filter.OpenWith(trajectory.OpenOptions{SkipDamaged: skipDamaged}, dirs...)
	if err != nil {
		return nil, err
	}
	for _, d := range in.Damaged() {
		if d.Lost() && skipDamaged {
			slog.Warn("skipping a damaged record", "record", d.String())
		}
	}
	return in, nil
}

var ruleFlagNames = []string{"keep-all", "drop-errors", "success", "top-quantile", "quantile", "group-by",
	"min-score", "max-turns", "max-violations", "drop-looping", "kinds", "agent-backends", "agent-names"}

// setFrom records which rule flags the command line gave.
func (r *RuleFlags) setFrom(f *pflag.FlagSet) {
	for _, n := range ruleFlagNames {
		if f.Changed(n) {
			r.Set = append(r.Set, n)
		}
	}
}

func (r *RuleFlags) given(name string) bool {
	for _, n := range r.Set {
		if n == name {
			return true
		}
	}
	return false
}

// Config resolves the rules. anyView says an input is already a filtered
// view: the paper's recipe is not applied to it a second time (a top
// quarter of a top quarter), only the rules asked for.
func (r *RuleFlags) Config(anyView bool) (filter.Config, error) {
	cfg := filter.Paper()
	if r.KeepAll || anyView {
		cfg = filter.Config{}
	}
	if r.Rules != "" {
		var err error
		if cfg, err = filter.LoadConfig(r.Rules, cfg); err != nil {
			return filter.Config{}, err
		}
	}
	quantile := func() *filter.Quantile {
		if cfg.TopQuantile == nil {
			cfg.TopQuantile = &filter.Quantile{Q: filter.DefaultQuantile}
		}
		return cfg.TopQuantile
	}
	for _, n := range r.Set {
		switch n {
		case "drop-errors":
			cfg.DropErrors = r.DropErrors
		case "success":
			cfg.Success = r.Success
		case "top-quantile":
			if !r.TopQuantile {
				cfg.TopQuantile = nil
			} else {
				quantile()
			}
		case "quantile":
			quantile().Q = r.Quantile
		case "group-by":
			quantile().GroupBy = r.GroupBy
		case "min-score":
			cfg.MinScore = &r.MinScore
		case "max-turns":
			cfg.MaxTurns = r.MaxTurns
		case "max-violations":
			cfg.MaxViolations = &r.MaxViolations
		case "drop-looping":
			cfg.DropLooping = r.DropLooping
		case "kinds":
			cfg.Kinds = r.Kinds
		case "agent-backends", "agent-names":
			if cfg.Agents == nil {
				cfg.Agents = &filter.Agents{}
			}
			if n == "agent-backends" {
				cfg.Agents.Backends = r.AgentBackends
			} else {
				cfg.Agents.Names = r.AgentNames
			}
		}
	}
	if r.given("top-quantile") && !r.TopQuantile && (r.given("quantile") || r.given("group-by")) {
		return filter.Config{}, usagef("--top-quantile=false contradicts --quantile/--group-by")
	}
	if err := cfg.Validate(); err != nil {
		return filter.Config{}, usagef("%s", strings.TrimPrefix(err.Error(), "filter: "))
	}
	return cfg, nil
}

// FilterOptions holds the flags of `filter`.
type FilterOptions struct {
	In   []string
	Out  string
	JSON bool
	RuleFlags

	out io.Writer // where the report goes; os.Stdout when nil
}

// AddFlags registers the flags of `filter`.
func (opts *FilterOptions) AddFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&opts.In, "in", nil, "run or view directories to filter (required; repeat or separate by commas)")
	f.StringVarP(&opts.Out, "out", "o", "", "view directory to write (required), e.g. runs/r1.filtered")
	f.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	opts.RuleFlags.AddFlags(f)
}

func newFilterCommand(gopts *GlobalOptions) *cobra.Command {
	var opts FilterOptions
	cmd := &cobra.Command{
		Use:   "filter --in RUN [--in RUN ...] --out VIEW [rules]",
		Short: "Keep the good trials and transitions of runs as a filtered view",
		Long: `filter keeps the trials and transitions of one or more runs that pass its
rules and writes a filtered view: a small view.json naming the input runs,
the rules, and the record of every kept trial. Nothing is copied; export and
stats read a view as they read a run, and refuse one whose runs changed since.

The default rules are the MineCollab recipe: drop trials that ended in error,
keep successful crafting and cooking trials, keep construction trials scoring
at or above the 75th percentile of their run's construction scores. Rules come
from that default (or none with --keep-all, or when an input is already a
view), then a --rules YAML file, then the flags given, which win. Trial rules:
drop-errors, success, min-score, top-quantile, max-turns; transition rules:
kinds, agent-backends, agent-names. The report counts trials and transitions
in, kept, and dropped by each rule (the first rule that drops an item).`,
		Example: `  collabcraft filter --in runs/r1 --out runs/r1.filtered
  collabcraft filter --in runs/r1,runs/r2 --out runs/both.filtered --group-by rooms --kinds conversation
  collabcraft filter --in runs/mixed --out runs/llm-only --keep-all --agent-backends openai --drop-errors
  collabcraft filter --in runs/r1 --out runs/r1.strict --rules rules.yaml --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.setFrom(cmd.Flags())
			return runFilter(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runFilter(ctx context.Context, opts FilterOptions, _ GlobalOptions, _ []string) error {
	if len(opts.In) == 0 {
		return commandLinef("--in is required: the run (or view) directories to filter")
	}
	if opts.Out == "" {
		return commandLinef("--out is required: the view directory to write, e.g. %s.filtered", strings.TrimRight(opts.In[0], "/"))
	}
	in, f, err := opts.open(opts.In)
	if err != nil {
		return err
	}
	v, err := filter.MakeView(ctx, in, f, opts.Out)
	if err != nil {
		return err
	}
	if err := filter.WriteView(opts.Out, v); err != nil {
		return err
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(v.Report)
	}
	fmt.Fprintf(out, "filter: %s -> %s\n", strings.Join(opts.In, ", "), opts.Out)
	return printFilterReport(out, &v.Report)
}

// open opens the runs and views of dirs and builds the filter of these
// rules over them (the paper's default rules are not applied again to a
// view).
func (r *RuleFlags) open(dirs []string) (*filter.Input, *filter.Filter, error) {
	cfg, err := r.Config(anyView(dirs))
	if err != nil {
		return nil, nil, err
	}
	in, err := openInput(dirs, r.SkipDamaged)
	if err != nil {
		return nil, nil, err
	}
	f, err := filter.New(cfg)
	if err != nil {
		return nil, nil, err
	}
	return in, f, nil
}

func anyView(dirs []string) bool {
	for _, d := range dirs {
		if filter.IsView(d) {
			return true
		}
	}
	return false
}

// printFilterReport prints the counts as an aligned table, then the
// top-quantile thresholds.
func printFilterReport(out io.Writer, r *filter.Report) error {
	t := stats.Table{Header: []string{"", "trials", "transitions"}, Rows: [][]string{
		{"in", itoa64(r.Trials.In), itoa64(r.Transitions.In)},
		{"kept", itoa64(r.Trials.Kept), itoa64(r.Transitions.Kept)},
	}}
	for _, reason := range filter.Reasons {
		a, b := r.Trials.Dropped[reason], r.Transitions.Dropped[reason]
		if a != 0 || b != 0 {
			t.Rows = append(t.Rows, []string{"dropped: " + string(reason), itoa64(a), itoa64(b)})
		}
	}
	if err := t.WriteText(out); err != nil {
		return err
	}
	if len(r.Thresholds) == 0 {
		return nil
	}
	t = stats.Table{Title: "\ntop-quantile thresholds (construction):", Header: []string{"run", "group", "trials", "min score"}}
	for _, th := range r.Thresholds {
		t.Rows = append(t.Rows, []string{th.Run, th.Group, strconv.Itoa(th.Trials), strconv.FormatFloat(th.Min, 'g', 4, 64)})
	}
	return t.WriteText(out)
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
