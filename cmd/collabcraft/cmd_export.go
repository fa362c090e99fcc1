package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"collabcraft/audit"
	"collabcraft/export"
	"collabcraft/filter"
	"collabcraft/mcdata"
	"collabcraft/stats"
	"collabcraft/trajectory"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// ExportOptions holds the flags of `export`.
type ExportOptions struct {
	In                 []string
	Out                string
	Formats            string
	CompressJSONL      string // none | gzip | zstd
	Unit               string // transition | episode | villageragent-action
	Layout             string
	Roles              string
	SplitBy            string // task | hash
	Fractions          string // hash: train,validation,test
	ValidationFraction float64
	DropNear           float64
	DropDemos          bool
	Mix                string // caps: kind:coding<=0.3,type:construction<=0.5
	MixBy              string // examples | chars
	MixSeed            uint64
	MaxExampleTokens   int
	Overwrite          bool
	Snapshot           bool
	Name               string
	JSON               bool
	Audit              bool
	RuleFlags

	out io.Writer // os.Stdout when nil
	// audited, if set, receives the audit written into the card (the
	// pipeline reuses it for its HTML report), made with viewTrials.
	audited    func(*audit.Report)
	auditing   func() // if set, called as the card audit starts (tests)
	viewTrials int
}

// AddFlags registers the flags of `export`.
func (opts *ExportOptions) AddFlags(f *pflag.FlagSet) {
	f.StringSliceVar(&opts.In, "in", nil, "run or view directories to export (required; repeat or separate by commas)")
	f.StringVarP(&opts.Out, "out", "o", "", "dataset directory to write (required), e.g. datasets/r1")
	f.StringVar(&opts.Formats, "format", "parquet,openai-jsonl,sharegpt", "formats, separated by commas: parquet, openai-jsonl, sharegpt, arrow")
	f.StringVar(&opts.CompressJSONL, "compress-jsonl", "none", "compress the OpenAI JSONL files: none, gzip (.jsonl.gz) or zstd (.jsonl.zst); datasets, TRL and Axolotl read them as they are (ShareGPT stays plain: LLaMA-Factory reads no compressed file)")
	f.StringVar(&opts.Unit, "unit", "transition", "one example per model call (transition), per agent's whole conversation (episode), or VillagerAgent's own SFT examples, one per action of an agent's ReAct run (villageragent-action)")
	f.StringVar(&opts.Layout, "layout", "messages", "conversation columns: messages or prompt-completion")
	f.StringVar(&opts.Roles, "roles", "raw", "roles as recorded (raw) or fit for strict chat templates (strict)")
	f.StringVar(&opts.SplitBy, "split-by", "task", "splits by the task's own split field (task) or by a hash of the task id (hash)")
	f.StringVar(&opts.Fractions, "fractions", "0.9,0.05,0.05", "train,validation,test fractions for --split-by hash")
	f.BoolVar(&opts.DropDemos, "drop-demos", false, "leave out the one-shot demo turns of dispatcher calls (MindAgent sends another level's demo in every call): the rules, the info turn and the live turns remain")
	f.Float64Var(&opts.DropNear, "drop-near-duplicates", 0, "also drop from train the near duplicates (MinHash Jaccard at least this, e.g. 0.8) of examples in another split (0: off)")
	f.Float64Var(&opts.ValidationFraction, "validation-fraction", export.DefaultSplitRule().ValidationFraction, "fraction of train tasks moved to validation for --split-by task")
	f.StringVar(&opts.Mix, "mix", "", "cap task types' and kinds' shares of the train split, e.g. kind:coding<=0.3,type:construction<=0.5 (examples over a cap are dropped, chosen by a seeded hash)")
	f.StringVar(&opts.MixBy, "mix-by", export.MixByExamples, "what --mix caps count: examples or chars (the characters of the responses)")
	f.Uint64Var(&opts.MixSeed, "mix-seed", 0, "seed of --mix's choice of the examples it drops")
	f.IntVar(&opts.MaxExampleTokens, "max-example-tokens", 0, "drop examples longer than this many tokens (cl100k_base, as the card counts them; 0: no limit)")
	f.BoolVar(&opts.Overwrite, "overwrite", false, "replace an existing dataset at --out")
	f.BoolVar(&opts.Snapshot, "snapshot", false, "export a run that generate is still writing, as it is now (refused without)")
	f.StringVar(&opts.Name, "name", "", "dataset name for the card (default: the base name of --out)")
	f.BoolVar(&opts.JSON, "json", false, "print the counts as JSON")
	f.BoolVar(&opts.Audit, "audit", true, "write the audit's summary into the card (reads the written Parquet back; needs --format parquet)")
	opts.RuleFlags.AddFlags(f)
}

func newExportCommand(gopts *GlobalOptions) *cobra.Command {
	var opts ExportOptions
	cmd := &cobra.Command{
		Use:   "export --in RUN|VIEW [--in ...] --out DATASET [--format ...] [rules]",
		Short: "Write the kept trials of runs as datasets fine-tuning tools load as they are",
		Long: `export streams runs (or views written by filter) through the filter rules
into datasets: Parquet in the Hugging Face layout, OpenAI chat JSONL, ShareGPT
JSONL registered for LLaMA-Factory, and an Arrow directory for
datasets.load_from_disk, with a dataset card and a provenance manifest.

Unit transition (the default, as the paper) makes one example per model call:
the exact messages sent plus the response as the final assistant turn. Unit
episode makes one example per agent and trial: the agent's first system
prompt and its whole recorded conversation, every assistant turn trained.
Unit villageragent-action is VillagerAgent's own SFT layout (its
result/action_extract.py), for runs of --org dag: from each trial scoring at
least 0.5, each ReAct run of an agent gives one example per action that
succeeded and one for its final answer: a system prompt, "Instruction: " and
the run's input, the actions so far ("Action: {...}") with their feedback
("Feedback: ...", "Status: ...", "New Events: ..."), then the next thought
and action; failed actions are dropped and the agents' names replaced by
first names drawn per trial. Splits are by task, never by row; exact
duplicates are written once.

--mix caps what a task type or a kind of model call may take of the train
split (validation and test are left as they come),
by examples or (--mix-by chars) by the characters of their responses:
--mix kind:coding<=0.3,type:construction<=0.5 keeps coding calls to at most
30% and construction to at most 50%. Examples of a group over its cap are
dropped, chosen by a seeded hash of their content (--mix-seed), so the same
input gives the same dataset whatever the workers. --max-example-tokens
drops examples longer than a context length. The card gives the mix both
ways, by examples and by response characters, per task type and per kind. A dataset of runs with an organisation other
than p2p gets an org column (its trials' organisation); the planner seats'
calls (kinds decompose, assign, ...) are examples like the agents', with
their seat as the agent.

The filter rules are those of the filter command: by default the paper's
recipe (drop errors, successful crafting/cooking, top 25% of construction);
on a view, only the rules given. Use --keep-all to export everything.`,
		Example: `  collabcraft export --in runs/r1 --out datasets/r1
  collabcraft export --in runs/r1.filtered --out datasets/r1-episodes --unit episode --roles strict
  collabcraft export --in runs/r1,runs/r2 --out datasets/all --format parquet,arrow --split-by hash --fractions 0.8,0.1,0.1
  collabcraft export --in runs/big --out datasets/big --format parquet,openai-jsonl --compress-jsonl zstd
  collabcraft export --in runs/mixed --out datasets/llm --agent-backends openai --kinds conversation
  collabcraft export --in runs/r1 --out datasets/r1-mixed --mix kind:coding<=0.3,type:construction<=0.5 --mix-by chars --max-example-tokens 16384`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.setFrom(cmd.Flags())
			return runExport(cmd.Context(), opts, *gopts, args)
		},
	}
	opts.AddFlags(cmd.Flags())
	return cmd
}

func (opts *ExportOptions) exportOptions() (export.Options, error) {
	var eo export.Options
	var err error
	if eo.Formats, err = export.ParseFormats(opts.Formats); err != nil {
		return eo, usagef("--format: %s", strings.TrimPrefix(err.Error(), "export: "))
	}
	if eo.Compress, err = export.ParseCompression(opts.CompressJSONL); err != nil {
		return eo, usagef("--compress-jsonl: %s", strings.TrimPrefix(err.Error(), "export: "))
	}
	if opts.Unit != export.UnitTransition && opts.Unit != export.UnitEpisode && opts.Unit != export.UnitVillagerAgent {
		return eo, usagef("--unit %q: want %s, %s or %s", opts.Unit, export.UnitTransition, export.UnitEpisode, export.UnitVillagerAgent)
	}
	eo.Unit = opts.Unit
	if eo.Layout, err = export.ParseLayout(opts.Layout); err != nil {
		return eo, usagef("--layout: %s", strings.TrimPrefix(err.Error(), "export: "))
	}
	if eo.Roles, err = export.ParseRoles(opts.Roles); err != nil {
		return eo, usagef("--roles: %s", strings.TrimPrefix(err.Error(), "export: "))
	}
	switch opts.SplitBy {
	case "task":
		eo.Split = export.SplitRule{By: "task", ValidationFraction: opts.ValidationFraction}
	case "hash":
		fr, err := export.ParseFractions(opts.Fractions)
		if err != nil {
			return eo, usagef("--fractions: %s", strings.TrimPrefix(err.Error(), "export: "))
		}
		eo.Split = export.SplitRule{By: "hash", Fractions: fr}
	default:
		return eo, usagef("--split-by %q: want task or hash", opts.SplitBy)
	}
	if err := eo.Split.Validate(); err != nil {
		return eo, usagef("%s", strings.TrimPrefix(err.Error(), "export: "))
	}
	if opts.DropNear < 0 || opts.DropNear > 1 {
		return eo, usagef("--drop-near-duplicates %g: want a similarity in (0, 1], or 0 for off", opts.DropNear)
	}
	eo.Overwrite, eo.Name, eo.DropNear, eo.DropDemos = opts.Overwrite, opts.Name, opts.DropNear, opts.DropDemos
	by := cmp.Or(opts.MixBy, export.MixByExamples)
	if by != export.MixByExamples && by != export.MixByChars {
		return eo, usagef("--mix-by %q: want %s or %s", opts.MixBy, export.MixByExamples, export.MixByChars)
	}
	if opts.Mix != "" {
		caps, err := export.ParseMix(opts.Mix)
		if err != nil {
			return eo, usagef("--mix: %s", strings.TrimPrefix(err.Error(), "export: "))
		}
		eo.Mix = &export.Mix{Caps: caps, By: by, Seed: opts.MixSeed}
	}
	if opts.MaxExampleTokens < 0 {
		return eo, usagef("--max-example-tokens %d: want a number of tokens, or 0 for no limit", opts.MaxExampleTokens)
	}
	eo.MaxExampleTokens = opts.MaxExampleTokens
	return eo, nil
}

// cardAudit audits the staged dataset in dir for its card.
//
// It starts by handing back to the system what the writers freed (their
// Parquet dictionaries and page buffers, zstd histories: debug.FreeOSMemory,
// a collection and then every free page returned), so that the audit's
// reading back is not stacked on their resident garbage: on the seed-5
// preset the card audit raised export's peak from 302 to 315 MiB.
func (opts *ExportOptions) cardAudit(dir string) (string, error) {
	debug.FreeOSMemory()
	if opts.auditing != nil {
		opts.auditing()
	}
	src, err := export.ReadDataset(dir)
	if err != nil {
		return "", err
	}
	r, err := audit.Audit(src, audit.Options{NearThreshold: 0.8, ViewTrials: cmp.Or(opts.viewTrials, -1)})
	if err != nil {
		return "", err
	}
	r.Sources = []string{opts.Out}
	if opts.audited != nil {
		opts.audited(r)
	}
	var b strings.Builder
	err = r.WriteMarkdown(&b)
	return b.String(), err
}

// exportHeapLimit is the Go heap export aims to stay within. Its live
// heap does not grow with the dataset's length (Parquet's content
// dictionaries of a row group in the one split's file open at a time, the
// zstd encoders, the token counter's cache), and by default the collector
// lets the heap grow to twice that: peak RSS 490-570 MiB on 100k bench
// examples, 287 MiB with this limit, for about a fifth more CPU time (the
// collector runs more often near the peak). The minecollab preset's four
// splits of large prompts, written side by side, held about 350 MB live,
// past this limit; one split at a time (export's spool) they fit.
// GOMEMLIMIT, when set, wins.
const exportHeapLimit = 260 << 20

func runExport(ctx context.Context, opts ExportOptions, gopts GlobalOptions, _ []string) error {
	if len(opts.In) == 0 {
		return commandLinef("--in is required: the run (or view) directories to export")
	}
	if opts.Out == "" {
		return commandLinef("--out is required: the dataset directory to write, e.g. datasets/%s", filepath.Base(strings.TrimRight(opts.In[0], "/")))
	}
	eo, err := opts.exportOptions()
	if err != nil {
		return err
	}
	defer limitHeap(exportHeapLimit)()
	in, f, err := opts.open(opts.In)
	if err != nil {
		return err
	}
	if err := checkNotWriting(in.Runs(), opts.Snapshot); err != nil {
		return err
	}
	eo.Sources = append(slices.Clone(opts.In), in.Runs()...)
	if eo.Inputs, err = exportInputs(opts.In, in); err != nil {
		return err
	}
	eo.OrgColumn = hasOrg(in.Manifests())
	eo.Filters = f.Report() // filled in by the writing pass, read when the manifest is written
	eo.Versions = map[string]string{"collabcraft": version, "mcdata": mcdata.DataVersion()}
	eo.Skipped = in.Damaged
	if opts.Audit && slices.Contains(eo.Formats, export.FormatParquet) {
		eo.Summary = opts.cardAudit
	}
	res, err := export.Write(ctx, export.FromTrials(f.Apply(in), opts.Unit), opts.Out, eo)
	if err != nil {
		return err
	}
	out := opts.out
	if out == nil {
		out = os.Stdout
	}
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Dir     string         `json:"dir"`
			Filter  *filter.Report `json:"filter"`
			Dataset export.Counts  `json:"dataset"`
		}{res.Dir, f.Report(), res.Counts})
	}
	if gopts.Quiet {
		return nil
	}
	fmt.Fprintf(out, "export: %s -> %s (%s, unit %s)\n", strings.Join(opts.In, ", "), res.Dir, opts.Formats, eo.Unit)
	if err := printFilterReport(out, f.Report()); err != nil {
		return err
	}
	t := stats.Table{Title: "\ndataset:", Header: []string{"split", "tasks", "examples"}}
	for _, split := range export.SplitOrder(res.Counts.PerSplit) {
		t.Rows = append(t.Rows, []string{split, itoa64(res.Counts.Tasks[split]), itoa64(res.Counts.PerSplit[split])})
	}
	t.Rows = append(t.Rows,
		[]string{"examples in", "", itoa64(res.Counts.In)},
		[]string{"duplicates removed", "", itoa64(res.Counts.Duplicates)},
		[]string{"removed from train (in another split)", "", itoa64(res.Counts.CrossSplitDropped)})
	if res.Counts.NearSplitDropped > 0 {
		t.Rows = append(t.Rows, []string{"removed from train (near duplicates)", "", itoa64(res.Counts.NearSplitDropped)})
	}
	t.Rows = append(t.Rows, []string{"written", "", itoa64(res.Counts.Written)})
	return t.WriteText(out)
}

// exportProvenance is the inputs section of the dataset manifest: each
// run's manifest (without its blobs, the static prompt texts, which are
// large and in the run) and each view's rules and counts.
type exportProvenance struct {
	Runs  []runProvenance  `json:"runs"`
	Views []viewProvenance `json:"views,omitempty"`
}

type runProvenance struct {
	Dir      string               `json:"dir"`
	Manifest *trajectory.Manifest `json:"manifest"`
}

type viewProvenance struct {
	Dir    string        `json:"dir"`
	Rules  filter.Config `json:"rules"`
	Report filter.Report `json:"report"`
}

// hasOrg reports whether a run was played by an organisation other than
// p2p (run.json's config names it; p2p's leaves it out): its dataset gets
// the org column.
func hasOrg(ms []*trajectory.Manifest) bool {
	for _, m := range ms {
		var c struct {
			Org string `json:"org"`
		}
		if json.Unmarshal(m.Config, &c) == nil && c.Org != "" && c.Org != "p2p" {
			return true
		}
	}
	return false
}

// checkNotWriting refuses runs that generate is still writing, unless a
// snapshot of them is wanted.
func checkNotWriting(runs []string, snapshot bool) error {
	for _, r := range runs {
		pid, writing, err := trajectory.Writing(r)
		if err != nil {
			return err
		}
		if writing && !snapshot {
			holder := "another process"
			if pid > 0 {
				holder = fmt.Sprintf("process %d", pid)
			}
			return fmt.Errorf("export: %s is still being written by %s: wait for it to finish, or export --snapshot to export the trials it holds now", r, holder)
		}
	}
	return nil
}

func exportInputs(dirs []string, in *filter.Input) (exportProvenance, error) {
	var p exportProvenance
	ms := in.Manifests()
	for i, r := range in.Runs() {
		m := *ms[i]
		m.Blobs, m.Files = nil, nil // the seals name every record: the counts and repairs say enough
		p.Runs = append(p.Runs, runProvenance{Dir: r, Manifest: &m})
	}
	for _, d := range dirs {
		if filter.IsView(d) {
			v, err := filter.ReadView(d)
			if err != nil {
				return p, err
			}
			p.Views = append(p.Views, viewProvenance{Dir: d, Rules: v.Rules, Report: v.Report})
		}
	}
	return p, nil
}
