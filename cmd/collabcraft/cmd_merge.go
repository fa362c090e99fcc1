package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"collabcraft/plural"
	"collabcraft/stats"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// MergeOptions holds the flags of `merge`.
type MergeOptions struct {
	Out     string
	Partial bool

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `merge`.
func (opts *MergeOptions) AddFlags(f *pflag.FlagSet) {
	f.StringVarP(&opts.Out, "out", "o", "", "run directory to merge into (required; created if missing)")
	f.BoolVar(&opts.Partial, "partial", false, "merge although shards of the job are missing")
}

func newMergeCommand(gopts *GlobalOptions) *cobra.Command {
	var opts MergeOptions
	cmd := &cobra.Command{
		Use:   "merge RUN [RUN ...] -o RUN",
		Short: "Merge the runs of a sharded job into one run",
		Long: `merge unites runs made by 'generate --shard i/N' (on one machine or many)
into one run, as if the job had run unsharded: the trials files are copied
as they are, the static prompt texts united and the counts recomputed.

It refuses runs generated with different configurations (another task file,
model, seed or setting: their config fingerprints differ) and runs that
recorded the same trial (overlapping shards), naming the runs and the trial,
and a set of shard runs that leaves out shards of the job, naming them
(--partial merges it anyway; merging the rest later completes it).
Merging again after a shard resumed copies only what grew; merging twice
changes nothing.`,
		Example: `  collabcraft merge runs/r1-shard0 runs/r1-shard1 runs/r1-shard2 runs/r1-shard3 -o runs/r1
  collabcraft merge /shared/runs/r1-* -o /shared/runs/r1`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMerge(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func runMerge(_ context.Context, opts MergeOptions, gopts GlobalOptions, args []string) error {
	if len(args) == 0 {
		return commandLinef("give the runs to merge, e.g. collabcraft merge runs/a runs/b -o runs/all")
	}
	if opts.Out == "" {
		return commandLinef("-o/--out is required: the run directory to merge into")
	}
	dst := filepath.Clean(opts.Out)
	var manifests []*trajectory.Manifest
	for i, src := range args {
		if filepath.Clean(src) == dst {
			return usagef("run %s is also the output: merge into another directory", src)
		}
		if slices.ContainsFunc(args[:i], func(s string) bool { return filepath.Clean(s) == filepath.Clean(src) }) {
			return usagef("run %s is given twice", src)
		}
		m, err := trajectory.ReadManifest(src)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		if i > 0 && m.Fingerprint != manifests[0].Fingerprint {
			return fmt.Errorf("merge: %s and %s were generated with different configurations (%s): only the shards of one job merge",
				args[0], src, configDiff(manifests[0].Config, m.Config))
		}
		manifests = append(manifests, m)
	}
	if err := checkNoOverlap(dst, args); err != nil {
		return err
	}
	err := trajectory.Merge(dst, args, trajectory.MergeOptions{Partial: opts.Partial})
	if ms := (*trajectory.MissingShardsError)(nil); errors.As(err, &ms) {
		n, list := len(ms.Missing), strings.Join(ms.Missing, ", ")
		return fmt.Errorf("merge: %s %s of the job %s missing (the runs of generate --shard %s); give them too, or pass --partial to merge without them",
			plural.Word(n, "shard"), list, plural.Word(n, "is", "are"), list)
	}
	if err != nil {
		return fmt.Errorf("merge: %s", strings.TrimPrefix(err.Error(), "trajectory: "))
	}
	if gopts.Quiet {
		return nil
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	m, err := trajectory.ReadManifest(dst)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	t := stats.Table{Title: fmt.Sprintf("merged %d runs into %s:", len(args), dst),
		Header: []string{"run", "trials", "successes", "errors", "transitions"}}
	row := func(name string, c trajectory.Counts) []string {
		return []string{name, strconv.Itoa(c.Trials), strconv.Itoa(c.Successes), strconv.Itoa(c.Errors), strconv.Itoa(c.Transitions)}
	}
	for i, src := range args {
		t.Rows = append(t.Rows, row(src, manifests[i].Counts))
	}
	t.Rows = append(t.Rows, row(dst, m.Counts))
	return t.WriteText(out)
}

// checkNoOverlap refuses runs that recorded the same trial id, and a
// destination holding a trial from a trials file that none of the runs has
// (merged before from a run not given now). Records in one trials file are
// the same records wherever the file is, so merging again is allowed, also
// after a shard resumed and re-ran a trial into a new file.
func checkNoOverlap(dst string, srcs []string) error {
	type where struct{ run, file string }
	seen := map[string]where{}
	srcFiles := map[string]bool{}
	for _, src := range srcs {
		ix, err := trajectory.ReadIndex(src)
		if err != nil {
			return fmt.Errorf("merge: %w", err)
		}
		for _, e := range ix.Entries() {
			if w, ok := seen[e.TrialID]; ok {
				return fmt.Errorf("merge: trial %q is in both %s and %s: the runs overlap (the shards of one job share N and have distinct i in --shard i/N)",
					e.TrialID, w.run, src)
			}
			seen[e.TrialID] = where{src, e.File}
		}
		ents, err := os.ReadDir(filepath.Join(src, trajectory.TrialsDir))
		if err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("merge: %w", err)
		}
		for _, ent := range ents {
			srcFiles[filepath.Join(trajectory.TrialsDir, ent.Name())] = true
		}
	}
	if _, err := os.Stat(filepath.Join(dst, trajectory.ManifestFile)); err != nil {
		return nil // a new destination
	}
	ix, err := trajectory.ReadIndex(dst)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	for _, e := range ix.Entries() {
		if w, ok := seen[e.TrialID]; ok && !srcFiles[e.File] {
			return fmt.Errorf("merge: trial %q of %s is already in %s from another run (%s): the runs overlap",
				e.TrialID, w.run, dst, e.File)
		}
	}
	return nil
}

// configDiff names the top-level config fields two runs disagree on.
func configDiff(a, b json.RawMessage) string {
	var ma, mb map[string]json.RawMessage
	if json.Unmarshal(a, &ma) != nil || json.Unmarshal(b, &mb) != nil {
		return "config fingerprints differ"
	}
	var diff []string
	for k, va := range ma {
		if vb, ok := mb[k]; !ok || !jsonEqual(va, vb) {
			diff = append(diff, k)
		}
	}
	for k := range mb {
		if _, ok := ma[k]; !ok {
			diff = append(diff, k)
		}
	}
	if len(diff) == 0 {
		return "config fingerprints differ"
	}
	slices.Sort(diff)
	return "they differ in " + strings.Join(diff, ", ")
}

func jsonEqual(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}
