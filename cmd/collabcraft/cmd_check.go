package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"collabcraft/plural"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// CheckOptions holds the flags of `check`.
type CheckOptions struct {
	Repair bool

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `check`.
func (opts *CheckOptions) AddFlags(f *pflag.FlagSet) {
	f.BoolVar(&opts.Repair, "repair", false, "rewrite damaged trials files as their intact records and move the damaged bytes aside")
}

func newCheckCommand(gopts *GlobalOptions) *cobra.Command {
	var opts CheckOptions
	cmd := &cobra.Command{
		Use:   "check RUN [RUN ...] [--repair]",
		Short: "Verify every record of runs, and repair damaged ones",
		Long: `check reads every record of each run, superseded ones included, and
verifies it: the record header and its checksum, the trial data's checksum,
and that the data decodes into the trial its header names. It lists every
damaged stretch of a trials file with its offset and, when its header
survived, its trial, and exits with status 1 if damage may have cost
recorded trials.

Two kinds of damage cost nothing: the end of a file cut short while it was
written (a crash; that trial was never recorded), and damage to a record
that a later record of its trial replaced.

--repair rewrites each damaged trials file as its intact records, byte for
byte (each file atomically), and moves every damaged stretch aside to
RUN/damaged/FILE.OFFSET.bin: nothing is deleted. The trials lost with it are
then no longer recorded, so rerunning the run's generate command plays them
again. Views made from the run before the repair must be made again. A run
that another process is writing is refused.`,
		Example: `  collabcraft check runs/r1
  collabcraft check runs/r1 --repair
  collabcraft check runs/r1-shard*`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runCheck(_ context.Context, opts CheckOptions, gopts GlobalOptions, args []string) error {
	if len(args) == 0 {
		return commandLinef("give the runs to check, e.g. collabcraft check runs/r1")
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	if gopts.Quiet {
		out = io.Discard
	}
	var damaged []string // runs with damage that may cost trials
	for _, dir := range args {
		var rep trajectory.Report
		var err error
		if opts.Repair {
			rep, err = trajectory.Repair(dir)
		} else {
			rep, err = trajectory.Check(dir)
		}
		if err != nil {
			return fmt.Errorf("check: %s", strings.TrimPrefix(err.Error(), "trajectory: "))
		}
		printReport(out, rep, opts.Repair)
		if len(rep.Lost()) > 0 && !opts.Repair {
			damaged = append(damaged, dir)
		}
	}
	if len(damaged) > 0 {
		return fmt.Errorf("check: damaged records in %s; collabcraft check --repair %s moves them aside",
			strings.Join(damaged, ", "), strings.Join(damaged, " "))
	}
	return nil
}

// printReport prints what Check found or Repair moved, one line per
// damaged stretch.
func printReport(out io.Writer, rep trajectory.Report, repaired bool) {
	fmt.Fprintf(out, "%s: %s, %s, %s", rep.Run, plural.Count(rep.Files, "trials file"), plural.Count(rep.Records, "intact record"), plural.Count(rep.Trials, "trial"))
	if len(rep.Damaged) == 0 {
		fmt.Fprintln(out, ", no damage")
		return
	}
	fmt.Fprintf(out, ", %d damaged:\n", len(rep.Damaged))
	var lost []string
	unknown := 0
	for _, d := range rep.Damaged {
		line := fmt.Sprintf("  %s offset %d, %d bytes", d.File, d.Offset, d.Len)
		if d.TrialID != "" {
			line += fmt.Sprintf(", trial %q", d.TrialID)
		}
		line += ": " + d.Reason
		switch {
		case d.Interrupted:
			line += " (a write cut short; nothing recorded is lost)"
		case d.Superseded:
			line += " (recorded again later; nothing is lost)"
		case d.TrialID != "":
			lost = append(lost, d.TrialID)
		default:
			unknown++
		}
		if d.MovedTo != "" {
			line += " -> moved to " + d.MovedTo
		}
		fmt.Fprintln(out, line)
	}
	if !repaired {
		return
	}
	if len(lost) > 0 || unknown > 0 {
		what := plural.Count(len(lost), "trial")
		if unknown > 0 {
			what += fmt.Sprintf(" and the trials of %s whose headers were lost", plural.Count(unknown, "stretch", "stretches"))
		}
		fmt.Fprintf(out, "repaired %s: %s no longer recorded; rerun its generate command to play them again\n", rep.Run, what)
		return
	}
	fmt.Fprintf(out, "repaired %s: the damaged bytes are in %s; no recorded trial was lost\n", rep.Run, filepath.Join(rep.Run, trajectory.DamagedDir))
}
