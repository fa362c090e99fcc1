package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
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
verifies it: the record header and its checksum (which covers its length),
the trial data's checksum, and that the data decodes into the trial its
header names, with the run's blobs, which must match their ids. It holds
each trials file to its seal in run.json (written when its writer closed
it: its length and the trial of each record), so a file cut short or a
record missing is named as lost, and a record spliced in from another file
is never taken for the run's. It lists every damaged stretch of a trials
file with its offset and, when its header or the seal names it, its trial,
and exits with status 1 unless all damage is harmless.

Two kinds of damage cost nothing: the end of the run's newest file cut
short while it was written (a crash; that trial was never recorded), and
damage to a record that a later record of its trial replaced.

--repair rewrites each damaged trials file as its intact records, byte for
byte (each file atomically), and moves every damaged stretch aside to
RUN/damaged/FILE.OFFSET.bin: nothing is deleted. It seals the files as they
now are and notes in run.json which trials were lost. The trials lost are
then no longer recorded, so rerunning the run's generate command plays them
again. A record that needs a blob run.json lacks is left in place (running
generate again registers the blob). Views made from the run before the
repair must be made again. A run that another process is writing is
refused.`,
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
	var damaged []string // runs with damage that is not harmless
	var blobbed []string // runs repaired but for records that need a blob
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
		if opts.Repair {
			if slices.ContainsFunc(rep.Damaged, func(d trajectory.Damage) bool { return d.Blob != "" }) {
				blobbed = append(blobbed, dir)
			}
		} else if len(rep.Harmful()) > 0 {
			damaged = append(damaged, dir)
		}
	}
	if len(blobbed) > 0 {
		return fmt.Errorf("check: %s: records need blobs run.json lacks or holds changed, which repair cannot restore; rerun the run's generate command, which registers them again",
			strings.Join(blobbed, ", "))
	}
	if len(damaged) > 0 {
		return fmt.Errorf("check: damaged or missing records in %s; collabcraft check --repair %s moves the damage aside and notes what was lost",
			strings.Join(damaged, ", "), strings.Join(damaged, " "))
	}
	return nil
}

// printReport prints what Check found or Repair moved, one line per
// damaged stretch or missing record.
func printReport(out io.Writer, rep trajectory.Report, repaired bool) {
	fmt.Fprintf(out, "%s: %s, %s, %s", rep.Run, plural.Count(rep.Files, "trials file"), plural.Count(rep.Records, "intact record"), plural.Count(rep.Trials, "trial"))
	if len(rep.Damaged) == 0 {
		fmt.Fprintln(out, ", no damage")
		return
	}
	fmt.Fprintf(out, ", %d damaged or missing:\n", len(rep.Damaged))
	var lost []string
	unknown := 0
	for _, d := range rep.Damaged {
		var line string
		switch {
		case d.File == "":
			line = "  run"
		case d.Missing:
			line = "  " + d.File + " missing record"
		default:
			line = fmt.Sprintf("  %s offset %d, %d bytes", d.File, d.Offset, d.Len)
		}
		if d.TrialID != "" {
			line += fmt.Sprintf(", trial %q", d.TrialID)
		}
		line += ": " + d.Reason
		switch {
		case d.Interrupted:
			line += " (a write cut short by a crash; nothing recorded is lost)"
		case d.Superseded:
			line += " (recorded again later; nothing is lost)"
		case d.Foreign != "" || d.Extra:
			line += " (not this run's: never read as part of it)"
		case d.Blob != "" && d.TrialID != "":
			line += " (its bytes are intact; rerun generate to register the blob)"
			lost = append(lost, d.TrialID)
		case d.TrialID != "":
			lost = append(lost, d.TrialID)
		case d.Count > 0:
			unknown += d.Count
		case d.Blob == "":
			unknown++
		}
		if d.MovedTo != "" {
			line += " -> moved to " + d.MovedTo
		}
		fmt.Fprintln(out, line)
	}
	if len(lost) > 0 || unknown > 0 {
		what := plural.Count(len(lost), "trial")
		if unknown > 0 {
			what += fmt.Sprintf(" and %s no seal or header names", plural.Count(unknown, "record"))
		}
		if repaired {
			fmt.Fprintf(out, "repaired %s: %s lost, no longer recorded (noted in %s); rerun its generate command to play them again\n",
				rep.Run, what, filepath.Join(rep.Run, trajectory.ManifestFile))
		} else {
			fmt.Fprintf(out, "%s: %s lost\n", rep.Run, what)
		}
		return
	}
	if repaired {
		fmt.Fprintf(out, "repaired %s: the damaged bytes are in %s; no recorded trial was lost\n", rep.Run, filepath.Join(rep.Run, trajectory.DamagedDir))
	}
}
