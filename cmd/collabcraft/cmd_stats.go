package main

import (
	"context"
	"encoding/json"
	"io"
	"os"

	"collabcraft/stats"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// StatsOptions holds the flags of `stats`.
type StatsOptions struct {
	Markdown        bool
	JSON            bool
	PricePrompt     float64 // USD per million prompt tokens
	PriceCompletion float64 // USD per million completion tokens
	SkipDamaged     bool

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `stats`.
func (opts *StatsOptions) AddFlags(f *pflag.FlagSet) {
	f.BoolVar(&opts.Markdown, "markdown", false, "print Markdown tables")
	f.BoolVar(&opts.JSON, "json", false, "print the numbers as JSON")
	f.Float64Var(&opts.PricePrompt, "price-prompt", 0, "USD per million prompt tokens, for cost per success (0: no cost)")
	f.Float64Var(&opts.PriceCompletion, "price-completion", 0, "USD per million completion tokens, for cost per success")
	addSkipDamagedFlag(f, &opts.SkipDamaged)
}

func newStatsCommand(gopts *GlobalOptions) *cobra.Command {
	var opts StatsOptions
	cmd := &cobra.Command{
		Use:   "stats RUN|VIEW [RUN|VIEW ...]",
		Short: "Summarise runs or filtered views as the MineCollab paper's tables",
		Long: `stats reads runs (or views written by filter) and prints, per task type,
the MineCollab paper's Table 2 (tasks per split, trials, successes,
transitions, average trajectory length = model calls per trial); success by
crafting depth and plan variant (Table 4), by agents without their recipe
and recipe access for cooking (Table 5), mean score by materials and rooms
level for construction (Table 6), and by number of agents (an organisation's
own seats, such as the DAG's TaskManager, are not agents); VillagerBench's
Tables 1 and 3 by team (organisation, backends, team size): completion C,
agent contribution rate ACR (from each item's first owner; organisations
other than p2p record it), efficiency E (C per simulated minute), balance B
as the paper defines it (1 - std of the min-max normalised active times) and
as its code computes it (1 - std of t / max t); its token cost and failure
rate, each formula named under the table; token usage and, given prices,
cost per success. On a view it describes the filtered dataset.`,
		Example: `  collabcraft stats runs/r1
  collabcraft stats runs/r1.filtered --markdown
  collabcraft stats runs/r1 runs/r2 --json --price-prompt 0.6 --price-completion 0.6`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runStats(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runStats(_ context.Context, opts StatsOptions, _ GlobalOptions, args []string) error {
	if len(args) == 0 {
		return commandLinef("give at least one run or view directory, e.g. collabcraft stats runs/r1")
	}
	if opts.Markdown && opts.JSON {
		return usagef("--markdown and --json exclude each other")
	}
	if opts.PricePrompt < 0 || opts.PriceCompletion < 0 {
		return usagef("--price-prompt/--price-completion: want prices of at least 0 USD per million tokens")
	}
	in, err := openInput(args, opts.SkipDamaged)
	if err != nil {
		return err
	}
	var prices *stats.Prices
	if opts.PricePrompt > 0 || opts.PriceCompletion > 0 {
		prices = &stats.Prices{Prompt: opts.PricePrompt, Completion: opts.PriceCompletion}
	}
	s, err := stats.Collect(in.Trials(), prices)
	if err != nil {
		return err
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	switch {
	case opts.JSON:
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	case opts.Markdown:
		return s.WriteMarkdown(out)
	default:
		return s.WriteText(out)
	}
}
