package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"

	"collabcraft/atomicfile"
	"collabcraft/audit"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// AuditOptions holds the flags of `audit`.
type AuditOptions struct {
	JSON          bool
	HTML          string
	ViewTrials    int
	NearThreshold float64

	out io.Writer // os.Stdout when nil
}

// AddFlags registers the flags of `audit`.
func (opts *AuditOptions) AddFlags(f *pflag.FlagSet) {
	f.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	f.StringVar(&opts.HTML, "html", "", "also write the report as one self-contained HTML file (plots, tables, a trial viewer) to this path")
	f.IntVar(&opts.ViewTrials, "html-trials", 300, "trials the HTML report's viewer can replay (the first seen; 0: none)")
	f.Float64Var(&opts.NearThreshold, "near", 0.8, "Jaccard similarity (MinHash) from which examples of two splits count as near duplicates")
}

func newAuditCommand(gopts *GlobalOptions) *cobra.Command {
	var opts AuditOptions
	cmd := &cobra.Command{
		Use:   "audit RUN|VIEW|DATASET [...]",
		Short: "Measure the quality of training data: diversity, loops, grounding, split overlap",
		Long: `audit reads runs, filtered views or exported datasets as examples (one per
model call) and reports, overall and by task type, transition kind, both
together, agent, backend and split:

  silent responses (whitespace only, MINDcraft's way of not answering);
    the language measures below are over the spoken ones;
  distinct responses and distinct-1/2 (unique unigrams/bigrams over all),
    and distinct-2 over a sample of 1,000 responses, which unlike the
    corpus-wide figure does not fall as the data grows;
  response templates (agent names, items and numbers masked) and the share
    of the ten most common;
  response and prompt lengths;
  loops: calls repeating the agent's previous response after the same
    output with no message between, agents doing it 3+ times in a row, and
    runs of 5+ !stay;
  memory summaries that copy the previous memory;
  grounding violations: an item, chest item, player, count or coordinate
    in a command that nothing the agent may know supports (its call's
    context, and public game knowledge applied to it: recipes, smelting,
    drops; a cooking dish's recipe and a chest's contents only once they
    appear in its context);
  overlap between splits: exact and near-duplicate (MinHash) responses and
    whole examples.`,
		Example: `  collabcraft audit runs/r1
  collabcraft audit out/demo/dataset --json > audit.json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAudit(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

// auditHeapLimit is the Go heap the audit aims to stay within. Its live
// heap is flat, about 100 MiB on a run of 280k examples, but by default
// the collector lets the heap grow to twice that, and decoding garbage
// piles up; a soft limit collects sooner at almost no cost (85 s against
// 84 s there). GOMEMLIMIT, when set, wins.
const auditHeapLimit = 200 << 20

// limitHeap sets a soft limit on the Go heap unless GOMEMLIMIT sets one,
// until the returned func puts the previous limit back: a command run
// in-process (the tests) must not leave it to the next, where world/js
// would stop programs at it. The limit is the command's own heap on top
// of what is live when it starts: in a pipeline, export starts with
// generate's caches live (about 67 MB on the seed-5 minecollab preset),
// and under a limit counting them the collector ran all the time (export
// took 215 CPU-s there against 75 alone).
func limitHeap(limit int64) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(limit + liveHeap())
	return func() { debug.SetMemoryLimit(prev) }
}

// liveHeap is the heap the last collection marked live, in bytes.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// auditGCPercent is the collector's GOGC for the audit: below its heap
// limit the heap may grow to five times what is live, not twice. The
// limit, not GOGC, is what holds the audit's memory (its peak RSS on 100k
// bench examples is the same), and the decoded trials are garbage at
// once, so collecting less often marks the live counters fewer times.
const auditGCPercent = 400

// collectLess sets GOGC to percent unless the GOGC variable sets it or
// GOMEMLIMIT sets the limit (the heap would not be held at
// auditHeapLimit), until the returned func puts the previous value back.
func collectLess(percent int) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetGCPercent(percent)
	return func() { debug.SetGCPercent(prev) }
}

func runAudit(_ context.Context, opts AuditOptions, _ GlobalOptions, args []string) error {
	if len(args) == 0 {
		return commandLinef("give at least one run, view or dataset directory, e.g. collabcraft audit runs/r1")
	}
	if opts.NearThreshold <= 0 || opts.NearThreshold > 1 {
		return usagef("--near %g: want a similarity in (0, 1]", opts.NearThreshold)
	}
	defer limitHeap(auditHeapLimit)()
	defer collectLess(auditGCPercent)()
	src, err := audit.Open(args...)
	if err != nil {
		return err
	}
	view := opts.ViewTrials
	if opts.HTML == "" || view <= 0 {
		view = -1 // the viewer's trials are kept only for an HTML report
	}
	r, err := audit.Audit(src, audit.Options{NearThreshold: opts.NearThreshold, ViewTrials: view})
	if err != nil {
		return err
	}
	r.Sources = args
	if opts.HTML != "" {
		if err := writeAuditHTML(r, opts.HTML); err != nil {
			return err
		}
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return r.WriteTable(out)
}

// writeAuditHTML writes the report as one HTML file, atomically.
func writeAuditHTML(r *audit.Report, path string) error {
	var b bytes.Buffer
	if err := r.WriteHTML(&b); err != nil {
		return err
	}
	if err := atomicfile.Write(path, b.Bytes()); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}
