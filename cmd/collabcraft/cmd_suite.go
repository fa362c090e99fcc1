package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"collabcraft/procgen"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// SuiteOptions holds the flags of `procgen suite`.
type SuiteOptions struct {
	Out  string
	Seed uint64
	Demo bool

	out io.Writer // where the summary goes; os.Stdout when nil
}

// AddFlags registers the flags of `procgen suite`.
func (opts *SuiteOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVar(&opts.Out, "out", "", "directory to write the task files into (required)")
	f.Uint64Var(&opts.Seed, "seed", 0, "random seed; the same seed gives byte-identical files")
	f.BoolVar(&opts.Demo, "demo", false, "a small suite (a few dozen tasks per type) instead of the paper's sizes")
}

func newSuiteCommand(gopts *GlobalOptions) *cobra.Command {
	var opts SuiteOptions
	cmd := &cobra.Command{
		Use:   "suite --out DIR [--demo]",
		Short: "Write the default train, dev and test task files of every type",
		Long: `suite writes the default task suite into a directory: for crafting,
cooking and construction a train, dev and test file for 2 agents (cooking has
no dev split), with the paper's sizes (crafting 1,200/100/100, cooking 280/90,
construction 2,000/30/30), plus crafting and cooking test files for 3, 4 and
5 agents. It prints a summary table and the time taken. --demo writes the
same files with a few dozen tasks each.`,
		Example: `  collabcraft procgen suite --out tasks/
  collabcraft procgen suite --out out/demo/tasks --demo`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSuite(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runSuite(ctx context.Context, opts SuiteOptions, gopts GlobalOptions, _ []string) error {
	if opts.Out == "" {
		return commandLinef("--out is required: the directory to write the task files into")
	}
	// Make the directory first: a bad --out fails before the generation.
	if err := os.MkdirAll(opts.Out, 0o755); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("suite: --out %s: cannot make the directory: %w", opts.Out, err)
	}
	start := time.Now()
	files, err := procgen.GenerateSuite(ctx, procgen.SuiteOptions{Seed: opts.Seed, Demo: opts.Demo})
	if err != nil {
		return err
	}
	total := 0
	for _, f := range files {
		if err := procgen.WriteTaskFile(filepath.Join(opts.Out, f.Name), f.Tasks); err != nil {
			return err
		}
		total += len(f.Tasks)
	}
	if gopts.Quiet {
		return nil
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tTYPE\tSPLIT\tAGENTS\tTASKS\tBREAKDOWN")
	for _, f := range files {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\n", f.Name, f.Kind, f.Split, f.Agents, len(f.Tasks), procgen.Breakdown(f.Tasks))
	}
	tw.Flush()
	fmt.Fprintf(out, "wrote %d tasks in %d files to %s in %s\n", total, len(files), opts.Out, time.Since(start).Round(time.Millisecond))
	return nil
}
