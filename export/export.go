package export

import (
	"cmp"
	"collabcraft/tokens"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/zeebo/xxh3"

	"collabcraft/quality"
	"collabcraft/trajectory"
)

// Limits bound the pieces of the output (and so the memory used).
type Limits struct {
	RowGroupRows   int64 // Parquet rows per row group
	RowGroupBytes  int64 // message bytes per row group / Arrow record batch
	ArrowBatchRows int   // rows per Arrow record batch
	FileBytes      int64 // a Parquet or Arrow file is closed once it reaches this size
	FileRows       int64 // and once it holds this many rows (0: no limit)
}

// DefaultLimits suit the Hugging Face Hub: row groups of at most 2,000 rows or
// 64 MiB of text, files of about 256 MiB.
func DefaultLimits() Limits {
	return Limits{RowGroupRows: 2000, RowGroupBytes: 64 << 20, ArrowBatchRows: 1000, FileBytes: 256 << 20}
}

// Options configure Write. The zero value of each field is its default.
type Options struct {
	Formats []Format // default: parquet, openai-jsonl, sharegpt
	Layout  Layout   // default: messages
	Roles   Roles    // default: raw
	Unit    string   // "transition" | "episode" | UnitVillagerAgent, recorded in the card and manifest
	// Compress compresses the OpenAI JSONL files (.jsonl.gz, .jsonl.zst);
	// ShareGPT stays plain, as LLaMA-Factory reads it.
	Compress Compression
	// OrgColumn writes the org column (the organisation of each example's
	// trial). Set it when the input holds trials of an organisation other
	// than p2p; an example of one without it is refused, rather than its
	// organisation lost.
	OrgColumn bool
	Split     SplitRule // default: DefaultSplitRule()
	Limits    Limits    // zero fields take DefaultLimits
	Overwrite bool      // replace a dataset (or an empty directory) at the destination; anything else is refused
	Name      string    // dataset name for the card; default: the destination's base name
	// Sources are the directories the input is read from (runs, views):
	// a destination that holds one is refused, since replacing it would
	// delete the input.
	Sources []string
	// DropNear, if above 0, also drops from train the examples that are
	// near duplicates (MinHash Jaccard >= DropNear over their last turns and
	// response, quality.ExampleText) of an example of another split.
	DropNear float64
	// DropDemos leaves out of each example the one-shot demo turns a
	// dispatcher's context carries as MindAgent sends them (another
	// level's play, the same in every call): the rules, the info turn and
	// the live turns remain.
	DropDemos bool
	// Mix, if set, caps the share of task types and kinds in the train
	// split (export/mix.go).
	Mix *Mix
	// MaxExampleTokens, if above 0, drops the examples longer than this
	// many tokens (counted as the card counts them: tokens.Encoding plus
	// tokens.PerMessage a message).
	MaxExampleTokens int
	// Provenance, copied into manifest.json and summarised in the card.
	Inputs   any               // e.g. the runs' manifests
	Filters  any               // e.g. the filter rules and their counts
	Versions map[string]string // e.g. collabcraft, mcdata
	// Skipped, if set, lists the damaged run records the input skipped
	// (read on with --skip-damaged); called after the examples are
	// written, it goes into the manifest and the card.
	Skipped func() []trajectory.Damage
	// Summary, if set, is called with the staged dataset directory once its
	// data files are written (before the card and manifest) and returns a
	// Markdown section for the card, e.g. the audit's summary. Export
	// cannot import the audit (a higher layer), so callers plug it in.
	Summary func(dir string) (string, error)
}

// Counts are what happened to the examples of the stream.
type Counts struct {
	In                int64            `json:"examples_in"`
	Written           int64            `json:"examples_written"`
	PerSplit          map[string]int64 `json:"per_split"`
	Duplicates        int64            `json:"duplicates_removed"`                            // exact duplicates within one split
	CrossSplitDropped int64            `json:"cross_split_removed_from_train"`                // train copies of examples also in another split
	NearSplitDropped  int64            `json:"near_cross_split_removed_from_train,omitempty"` // train near duplicates of examples in another split (DropNear)
	Tasks             map[string]int64 `json:"tasks_per_split"`
	// TaskTargets are the written tasks' targets by task id (Meta.Target;
	// only tasks that have one), for manifest.json and the audit's check
	// that no target is in two splits.
	TaskTargets map[string]string `json:"-"`
	// PerKind counts the examples written per kind (conversation, coding,
	// memory, episode) for the card; manifest.json keeps its fields.
	PerKind map[string]int64 `json:"-"`
	// PerPolicy counts the examples per policy that wrote the response
	// (the model's name, or "scripted"); PerOutcome per task type and
	// trial outcome ("crafting/success"); MidSystem the examples with a
	// system turn after the first message. For the card.
	PerPolicy  map[string]int64 `json:"-"`
	PerOutcome map[string]int64 `json:"-"`
	MidSystem  int64            `json:"-"`
	// OverMaxTokens are the examples dropped as longer than
	// Options.MaxExampleTokens; MixDropped those Options.Mix dropped.
	OverMaxTokens int64 `json:"over_max_example_tokens,omitempty"`
	MixDropped    int64 `json:"mix_dropped,omitempty"`
	// Composition is, per split, the examples written by task type and by
	// kind with their response characters; MixBefore what --mix was given
	// to choose from (the train split).
	Composition map[string]Composition `json:"composition"`
	MixBefore   map[string]Composition `json:"mix_before,omitempty"`
}

// Dataset is what Write wrote: its directory, example counts, data files
// and the examples' token lengths.
type Dataset struct {
	Dir    string
	Counts Counts
	Files  []FileInfo // data files, in manifest order
	Tokens *TokenFigures
	// ArrowBytes is each split's size as an Arrow table in memory, the
	// card's num_bytes.
	ArrowBytes map[string]int64
}

// Source yields the examples to export. Write ranges over it once, or, when
// a train example is repeated in another split, up to three times (the
// one-pass attempt, a hashing pass, the writing pass), so it must yield the
// same examples each time; the run reader does, as it re-reads the run files.
type Source = iter.Seq2[Example, error]

// prepared is an example ready to write: validated, roles normalised, split
// decided.
type prepared struct {
	id     string
	msgs   []Message // as written to messages / prompt+completion / openai
	strict []Message // strict form for sharegpt, computed on demand
	meta   Meta
	split  string
	size   int // bytes of message content, for row group sizing
	tokens int // the example's tokens when already counted (MaxExampleTokens), else 0
	hash   [16]byte
}

func (p *prepared) strictMsgs() []Message {
	if p.strict == nil {
		p.strict = normalizeStrict(p.msgs)
	}
	return p.strict
}

type preparer struct {
	roles Roles
	org   bool // the org column is written
	rule  SplitRule
	// tasks remembers each task's split, proving no task is in two, and
	// saves hashing the task id again.
	tasks     map[string]taskSplit
	h         *xxh3.Hasher
	dropDemos bool
}

type taskSplit struct{ own, out, target string }

func newPreparer(o Options) *preparer {
	return &preparer{roles: o.Roles, org: o.OrgColumn, rule: o.Split, tasks: map[string]taskSplit{}, h: xxh3.New(), dropDemos: o.DropDemos}
}

func (pr *preparer) prepare(ex Example) (prepared, error) {
	if err := ex.check(); err != nil {
		return prepared{}, err
	}
	msgs := trimToLastAssistant(ex.Messages)
	if pr.dropDemos {
		msgs = dropDemoTurns(msgs)
	}
	if pr.roles == RolesStrict {
		msgs = normalizeStrict(msgs)
		if err := checkStrict(msgs); err != nil {
			return prepared{}, fmt.Errorf("example %q: strict roles: %v", ex.ID, err)
		}
	}
	ts, ok := pr.tasks[ex.Meta.TaskID]
	if !ok {
		split, err := pr.rule.SplitOf(ex.Meta.TaskID, ex.Meta.Split)
		if err != nil {
			return prepared{}, fmt.Errorf("example %q: %v", ex.ID, err)
		}
		// Cloned: a decoder may hand out strings that share one buffer with
		// the whole example, which the map would otherwise keep alive.
		ts = taskSplit{own: strings.Clone(ex.Meta.Split), out: strings.Clone(split), target: strings.Clone(ex.Meta.Target)}
		pr.tasks[strings.Clone(ex.Meta.TaskID)] = ts
	} else if ts.own != ex.Meta.Split {
		return prepared{}, fmt.Errorf("example %q: task %q is in split %q and %q (its examples disagree on the task's split)",
			ex.ID, ex.Meta.TaskID, ts.own, ex.Meta.Split)
	}
	if ex.Meta.Org != "" && !pr.org {
		return prepared{}, fmt.Errorf("example %q: a trial of organisation %q, but the dataset has no org column (Options.OrgColumn)", ex.ID, ex.Meta.Org)
	}
	p := prepared{id: ex.ID, msgs: msgs, meta: ex.Meta, split: ts.out, hash: exampleHash(pr.h, msgs)}
	if pr.roles == RolesStrict {
		p.strict = msgs
	}
	for _, m := range msgs {
		p.size += len(m.Content) + len(m.Role)
	}
	return p, nil
}

// dataWriter is one output format. It gets the rows of one split at a
// time (see pump), and endSplit after a split's last row: it may finish
// the split's files then, and must list them in the order setOrder gives.
type dataWriter interface {
	write(ex *prepared) error
	endSplit(split string) error
	abort()
}

// Write exports src into the dataset directory dest. Everything is written
// into a temporary directory beside dest and renamed into place at the end;
// on any error (or ctx cancellation) the temporary directory is removed and
// dest is left as it was. Temporary directories that killed exports left
// beside dest are removed first.
func Write(ctx context.Context, src Source, dest string, opts Options) (*Dataset, error) {
	opts = opts.withDefaults(dest)
	if err := opts.validate(); err != nil {
		return nil, err
	}
	if err := checkDest(dest, opts.Overwrite); err != nil {
		return nil, err
	}
	if err := checkSources(dest, opts.Sources); err != nil {
		return nil, err
	}

	// Usually one pass does: examples are written as they come, and an exact
	// duplicate is skipped. Only when a test or validation example repeats a
	// train example already written does the train copy have to go; then the
	// export starts again, first hashing the whole input to know every
	// example's splits before writing anything.
	// --mix reads the input once more first, to know what it chooses from.
	var plan *mixPlan
	if opts.Mix != nil {
		var err error
		if plan, err = planMix(ctx, src, opts); err != nil {
			return nil, err
		}
	}
	var res *Dataset
	err := errCrossSplit // near duplicates need every other split's examples first
	if opts.DropNear <= 0 {
		res, err = writeInto(ctx, src, dest, nil, plan, opts)
	}
	if errors.Is(err, errCrossSplit) {
		var seen *hashSet
		if seen, err = hashPass(ctx, src, opts); err == nil {
			res, err = writeInto(ctx, src, dest, seen, plan, opts)
		}
	}
	if err != nil {
		return nil, err
	}
	res.Dir = dest
	return res, nil
}

// errCrossSplit stops the one-pass write: a train example already written
// is repeated in another split.
var errCrossSplit = errors.New("export: an example is in train and another split")

// writeInto writes a complete dataset into a new temporary directory and
// moves it to dest.
func writeInto(ctx context.Context, src Source, dest string, seen *hashSet, plan *mixPlan, opts Options) (*Dataset, error) {
	tmp, err := makeTempDir(dest)
	if err != nil {
		return nil, err
	}
	res, err := writeAll(ctx, src, tmp.path, seen, plan, opts)
	if err == nil && ctx.Err() != nil { // stopped after the last check of the writing: the old dataset stays
		err = fmt.Errorf("export: %w", context.Cause(ctx))
	}
	if err != nil {
		tmp.remove()
		return nil, err
	}
	if err := commitDir(tmp, dest, opts.Overwrite); err != nil {
		tmp.remove()
		return nil, err
	}
	return res, nil
}

// splitBits gives every split name a bit in the hash set's masks.
type splitBits struct {
	bit map[string]uint32
}

// Mask bits beside the split bits: a copy was written, and it was in train.
const (
	writtenBit      = uint32(1) << 31
	writtenTrainBit = uint32(1) << 30
)

func (s *splitBits) of(split string) (uint32, error) {
	b, ok := s.bit[split]
	if !ok {
		if len(s.bit) >= 30 {
			return 0, fmt.Errorf("export: more than 30 split names (at %q)", split)
		}
		b = 1 << len(s.bit)
		s.bit[split] = b
	}
	return b, nil
}

// hashSet maps every example hash to the splits it occurs in and whether a
// copy was written.
type hashSet struct {
	bits  splitBits
	masks map[[16]byte]uint32
	train uint32
	// near indexes the other splits' examples (DropNear; nil when off).
	near *quality.NearIndex
}

func newHashSet() *hashSet {
	hs := &hashSet{bits: splitBits{bit: map[string]uint32{}}, masks: map[[16]byte]uint32{}}
	hs.train, _ = hs.bits.of(SplitTrain)
	return hs
}

// eachPrepared prepares every example of src in a pass before the writing
// one and hands it to f, stopping at the first error.
func eachPrepared(ctx context.Context, src Source, opts Options, f func(p *prepared) error) error {
	pr := newPreparer(opts)
	n := 0
	for ex, err := range src {
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if n++; n%4096 == 0 && ctx.Err() != nil {
			return fmt.Errorf("export: %w", ctx.Err())
		}
		p, err := pr.prepare(ex)
		if err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if err := f(&p); err != nil {
			return err
		}
	}
	return ctx.Err()
}

func hashPass(ctx context.Context, src Source, opts Options) (*hashSet, error) {
	hs := newHashSet()
	err := eachPrepared(ctx, src, opts, func(p *prepared) error {
		b, err := hs.bits.of(p.split)
		if err != nil {
			return err
		}
		hs.masks[p.hash] |= b
		if opts.DropNear > 0 && p.split != SplitTrain {
			if hs.near == nil {
				hs.near = quality.NewNearIndex(opts.DropNear)
			}
			hs.near.Add(quality.SignatureOf(quality.ExampleText(p.msgs)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return hs, nil
}

func writeAll(ctx context.Context, src Source, dir string, hs *hashSet, plan *mixPlan, opts Options) (*Dataset, error) {
	var (
		pw      *parquetWriter
		aw      *arrowWriter
		oa, sg  *jsonlWriter
		writers []dataWriter
		err     error
	)
	for _, f := range opts.Formats {
		switch f {
		case FormatParquet:
			if pw, err = newParquetWriter(dir, opts.Layout, opts.OrgColumn, opts.Limits); err != nil {
				return nil, err
			}
			writers = append(writers, pw)
		case FormatArrow:
			if aw, err = newArrowWriter(dir, opts.Layout, opts.OrgColumn, opts.Limits); err != nil {
				return nil, err
			}
			writers = append(writers, aw)
		case FormatOpenAI:
			oa = newOpenAIWriter(dir, opts.Compress)
			writers = append(writers, oa)
		case FormatShareGPT:
			sg = newShareGPTWriter(dir)
			writers = append(writers, sg)
		}
	}
	fig, err := newFigures(opts.Layout, opts.OrgColumn)
	if err != nil {
		return nil, err
	}
	writers = append(writers, fig)
	ok := false
	defer func() {
		if !ok {
			for _, w := range writers {
				w.abort()
			}
		}
	}()

	counts, order, err := pump(ctx, src, dir, hs, plan, opts, writers)
	if err != nil {
		return nil, err
	}
	// The files are listed in the order of the splits' first rows in the
	// input (train's come first to the writers).
	if pw != nil {
		pw.splits.order = inOrder(order, pw.splits.byName)
	}
	if aw != nil {
		aw.splits.order = inOrder(order, aw.splits.byName)
	}
	for _, w := range []*jsonlWriter{oa, sg} {
		if w != nil {
			w.order = inOrder(order, w.splits)
		}
	}
	res := &Dataset{Counts: counts, Tokens: fig.tokenFigures(), ArrowBytes: map[string]int64{}}
	for split := range counts.PerSplit {
		res.ArrowBytes[split] = fig.arrowBytes(split)
	}
	if pw != nil {
		files, err := pw.close()
		if err != nil {
			return nil, err
		}
		res.Files = append(res.Files, files...)
	}
	for _, w := range []*jsonlWriter{oa, sg} {
		if w == nil {
			continue
		}
		files, err := w.close()
		if err != nil {
			return nil, err
		}
		res.Files = append(res.Files, files...)
	}
	if sg != nil {
		if err := writeLlamaFactoryInfo(dir, opts.Name, opts.Roles, res.Files); err != nil {
			return nil, err
		}
	}
	if aw != nil {
		files, err := aw.close(description(opts))
		if err != nil {
			return nil, err
		}
		res.Files = append(res.Files, files...)
	}
	var summary string
	if opts.Summary != nil {
		if summary, err = opts.Summary(dir); err != nil {
			return nil, fmt.Errorf("export: the card's summary: %w", err)
		}
	}
	ok = true
	if err := writeCard(dir, opts, res, summary); err != nil {
		return nil, err
	}
	if err := writeManifest(dir, opts, res); err != nil {
		return nil, err
	}
	return res, nil
}

// Batches handed from the reading goroutine to the writers: at most
// batchRows examples or about batchBytes of message text, and batchQueue
// batches queued per writer, so memory stays bounded however large the
// examples (whole episodes) are.
const (
	batchRows  = 64
	batchBytes = 1 << 20
	batchQueue = 4
)

// pump feeds the examples of src, prepared and de-duplicated in input
// order, to every writer, each writer in a goroutine of its own: reading
// and decoding the input overlaps with encoding and compressing the
// outputs, and formats are written side by side. Every writer sees the
// same examples in the same order, so the files do not depend on timing.
//
// The writers get one split at a time: train's rows as they come, the
// other splits' spooled to the temporary directory dir (spool.go) and
// handed on, split after split, once train is written; after a split's
// last row each writer is told to finish its files (endSplit), so only
// one split's Parquet writer and dictionaries, or JSONL stream, is alive
// at once. Each split's rows keep their order, so the files are the same
// as if written side by side. It returns the splits in the order of their
// first row in the input, the order the writers list their files in.
func pump(ctx context.Context, src Source, dir string, hs *hashSet, plan *mixPlan, opts Options, writers []dataWriter) (Counts, []string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	queues := make([]chan pumped, len(writers))
	errs := make([]error, len(writers))
	var wg sync.WaitGroup
	for i, w := range writers {
		q := make(chan pumped, batchQueue)
		queues[i] = q
		wg.Go(func() {
			for b := range q {
				for k := 0; k < len(b.rows) && errs[i] == nil; k++ {
					if err := w.write(&b.rows[k]); err != nil {
						errs[i] = err
						cancel() // stops the reading side; the queue is drained below
					}
				}
				if b.end != "" && errs[i] == nil {
					if err := w.endSplit(b.end); err != nil {
						errs[i] = err
						cancel()
					}
				}
			}
		})
	}
	sendAll := func(b pumped) bool {
		for _, q := range queues {
			select {
			case q <- b:
			case <-ctx.Done():
				return false
			}
		}
		return true
	}
	sp := newSpool(dir)
	defer sp.remove()
	var (
		order    []string
		seen     = map[string]bool{}
		spoolErr error
	)
	send := func(b []prepared) bool {
		direct := b[:0] // train's rows, in place: b is the caller's no more
		for k := range b {
			p := &b[k]
			if !seen[p.split] {
				seen[p.split] = true
				order = append(order, p.split)
			}
			if p.split == SplitTrain {
				direct = append(direct, *p)
			} else if spoolErr = sp.add(p); spoolErr != nil {
				cancel()
				return false
			}
		}
		return len(direct) == 0 || sendAll(pumped{rows: direct})
	}
	counts, err := feed(ctx, readAhead(ctx, src), hs, plan, opts, send)
	if spoolErr != nil {
		err = spoolErr
	}
	if err == nil && seen[SplitTrain] && !sendAll(pumped{end: SplitTrain}) {
		err = fmt.Errorf("export: %w", context.Cause(ctx))
	}
	for _, split := range sp.order {
		if err != nil {
			break
		}
		if err = sp.replay(split, func(b []prepared) bool { return sendAll(pumped{rows: b}) }); err == nil && !sendAll(pumped{end: split}) {
			err = fmt.Errorf("export: %w", context.Cause(ctx))
		}
	}
	for _, q := range queues {
		close(q)
	}
	wg.Wait()
	// A writer's failure is why the reading side stopped: report it.
	for _, werr := range errs {
		if werr != nil {
			return counts, order, werr
		}
	}
	return counts, order, err
}

// pumped is what a writer's queue carries: rows, then, if end is set, the
// end of split end.
type pumped struct {
	rows []prepared
	end  string
}

// readAhead runs src in a goroutine of its own, a few batches ahead of
// the consumer, so that decoding the input (the run reader) overlaps with
// preparing, hashing and writing. Each example gets its own message list
// and metadata: a source may reuse its buffers once yield returns, and the
// writers hold examples longer. It returns only after src has returned.
func readAhead(ctx context.Context, src Source) Source {
	type batch struct {
		exs []Example
		err error // the source's error, after exs
	}
	return func(yield func(Example, error) bool) {
		ch := make(chan batch, batchQueue)
		stop, done := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(done)
			defer close(ch)
			put := func(b batch) bool {
				select {
				case ch <- b:
					return true
				case <-stop:
				case <-ctx.Done(): // the consumer sees the end and checks ctx
				}
				return false
			}
			b, size := batch{exs: make([]Example, 0, batchRows)}, 0
			for ex, err := range src {
				if err != nil {
					b.err = err
					break
				}
				ex.Messages, ex.Meta = slices.Clone(ex.Messages), ex.Meta.clone()
				b.exs = append(b.exs, ex)
				for _, m := range ex.Messages {
					size += len(m.Content)
				}
				if len(b.exs) == batchRows || size >= batchBytes {
					if !put(b) {
						return
					}
					b, size = batch{exs: make([]Example, 0, batchRows)}, 0
				}
			}
			if len(b.exs) > 0 || b.err != nil {
				put(b)
			}
		}()
		defer func() {
			close(stop)
			for range ch { // let the producer see stop and src return
			}
			<-done
		}()
		for b := range ch {
			for _, ex := range b.exs {
				if !yield(ex, nil) {
					return
				}
			}
			if b.err != nil {
				yield(Example{}, b.err)
				return
			}
		}
	}
}

// feed prepares the examples of src, decides which are written (see Write)
// and hands them to send in batches. It stops when send reports false.
func feed(ctx context.Context, src Source, hs *hashSet, plan *mixPlan, opts Options, send func([]prepared) bool) (Counts, error) {
	onePass := hs == nil
	if onePass {
		hs = newHashSet()
	}
	counts := Counts{PerSplit: map[string]int64{}, Tasks: map[string]int64{}, PerKind: map[string]int64{},
		PerPolicy: map[string]int64{}, PerOutcome: map[string]int64{}, Composition: map[string]Composition{}}
	if plan != nil {
		counts.MixBefore = plan.Before
	}
	var counter *tokens.Counter
	if opts.MaxExampleTokens > 0 {
		var err error
		if counter, err = tokens.New(); err != nil {
			return counts, err
		}
	}
	pr := newPreparer(opts)
	batch, size := make([]prepared, 0, batchRows), 0
	for ex, err := range src {
		if err != nil {
			return counts, fmt.Errorf("export: %w", err)
		}
		if counts.In++; counts.In%4096 == 0 && ctx.Err() != nil {
			return counts, fmt.Errorf("export: %w", ctx.Err())
		}
		p, err := pr.prepare(ex)
		if err != nil {
			return counts, fmt.Errorf("export: %w", err)
		}
		mask, found := hs.masks[p.hash]
		if onePass {
			b, err := hs.bits.of(p.split)
			if err != nil {
				return counts, err
			}
			if mask&writtenTrainBit != 0 && p.split != SplitTrain {
				return counts, errCrossSplit
			}
			mask |= b
		} else if !found {
			return counts, fmt.Errorf("export: example %q was not in the first pass over the input (the source must yield the same examples each time)", p.id)
		}
		switch {
		case p.split == SplitTrain && mask&^(hs.train|writtenBit|writtenTrainBit) != 0:
			counts.CrossSplitDropped++
			hs.masks[p.hash] = mask
			continue
		case mask&writtenBit != 0:
			counts.Duplicates++
			continue
		case p.split == SplitTrain && hs != nil && hs.near != nil && hs.near.Any(ptr(quality.SignatureOf(quality.ExampleText(p.msgs)))):
			counts.NearSplitDropped++
			continue
		}
		if counter != nil {
			// Counted here, once: the figures writer takes the count along.
			if p.tokens = exampleTokens(counter, p.msgs); p.tokens > opts.MaxExampleTokens {
				counts.OverMaxTokens++
				continue
			}
		}
		if plan != nil && !plan.keeps(&p) {
			counts.MixDropped++
			continue
		}
		mask |= writtenBit
		if p.split == SplitTrain {
			mask |= writtenTrainBit
		}
		if _, ok := counts.Composition[p.split]; !ok {
			counts.Composition[p.split] = newComposition()
		}
		counts.Composition[p.split].add(p.meta.TaskType, p.meta.Kind, responseChars(p.msgs, opts.Unit))
		hs.masks[p.hash] = mask
		counts.Written++
		counts.PerSplit[p.split]++
		counts.PerKind[p.meta.Kind]++
		counts.PerPolicy[cmp.Or(p.meta.Model, "scripted")]++
		outcome := "failure"
		if p.meta.Success != nil && *p.meta.Success {
			outcome = "success"
		}
		counts.PerOutcome[p.meta.TaskType+"/"+outcome]++
		for _, m := range p.msgs[min(1, len(p.msgs)):] {
			if m.Role == "system" {
				counts.MidSystem++
				break
			}
		}
		batch, size = append(batch, p), size+p.size
		if len(batch) == batchRows || size >= batchBytes {
			if !send(batch) {
				return counts, fmt.Errorf("export: %w", context.Cause(ctx))
			}
			batch, size = make([]prepared, 0, batchRows), 0
		}
	}
	if err := ctx.Err(); err != nil {
		return counts, fmt.Errorf("export: %w", err)
	}
	if len(batch) > 0 && !send(batch) {
		return counts, fmt.Errorf("export: %w", context.Cause(ctx))
	}
	if counts.In == 0 {
		return counts, fmt.Errorf("export: the input holds no examples; nothing to write")
	}
	for id, ts := range pr.tasks {
		counts.Tasks[ts.out]++
		if ts.target != "" {
			if counts.TaskTargets == nil {
				counts.TaskTargets = map[string]string{}
			}
			counts.TaskTargets[id] = ts.target
		}
	}
	return counts, nil
}

func (o Options) withDefaults(dest string) Options {
	if len(o.Formats) == 0 {
		o.Formats = []Format{FormatParquet, FormatOpenAI, FormatShareGPT}
	}
	if o.Layout == "" {
		o.Layout = LayoutMessages
	}
	if o.Roles == "" {
		o.Roles = RolesRaw
	}
	if o.Unit == "" {
		o.Unit = "transition"
	}
	if o.Split.By == "" {
		o.Split.By = "task"
	}
	d := DefaultLimits()
	if o.Limits.RowGroupRows <= 0 {
		o.Limits.RowGroupRows = d.RowGroupRows
	}
	if o.Limits.RowGroupBytes <= 0 {
		o.Limits.RowGroupBytes = d.RowGroupBytes
	}
	if o.Limits.ArrowBatchRows <= 0 {
		o.Limits.ArrowBatchRows = d.ArrowBatchRows
	}
	if o.Limits.FileBytes <= 0 {
		o.Limits.FileBytes = d.FileBytes
	}
	if o.Name == "" {
		o.Name = baseName(dest)
	}
	return o
}

func (o Options) validate() error {
	if o.DropNear < 0 || o.DropNear > 1 {
		return fmt.Errorf("export: near-duplicate threshold %g: expected a similarity in (0, 1], or 0 for off", o.DropNear)
	}
	if o.MaxExampleTokens < 0 {
		return fmt.Errorf("export: max example tokens %d: expected a number of tokens, or 0 for no limit", o.MaxExampleTokens)
	}
	if err := o.Mix.validate(); err != nil {
		return err
	}
	seen := map[Format]bool{}
	for _, f := range o.Formats {
		if !slices.Contains(AllFormats, f) {
			return fmt.Errorf("export: format %q: expected one of %s", f, formatList())
		}
		if seen[f] {
			return fmt.Errorf("export: format %q given twice", f)
		}
		seen[f] = true
	}
	if _, err := ParseLayout(string(o.Layout)); err != nil {
		return err
	}
	if _, err := ParseRoles(string(o.Roles)); err != nil {
		return err
	}
	if o.Unit != UnitTransition && o.Unit != UnitEpisode && o.Unit != UnitVillagerAgent {
		return fmt.Errorf("export: unit %q: expected %s, %s or %s", o.Unit, UnitTransition, UnitEpisode, UnitVillagerAgent)
	}
	return o.Split.Validate()
}

// ParseFormats reads "parquet,openai-jsonl".
func ParseFormats(s string) ([]Format, error) {
	var out []Format
	for _, p := range strings.Split(s, ",") {
		f := Format(strings.TrimSpace(p))
		if !slices.Contains(AllFormats, f) {
			return nil, fmt.Errorf("export: format %q: expected one of %s", f, formatList())
		}
		out = append(out, f)
	}
	return out, nil
}

func formatList() string {
	s := make([]string, len(AllFormats))
	for i, f := range AllFormats {
		s[i] = string(f)
	}
	return strings.Join(s, ", ")
}

// fingerprint is a stable 16-hex-digit digest of a split's files, the shape
// of a datasets fingerprint.
type fingerprint struct{ parts []string }

func newFingerprint() *fingerprint    { return &fingerprint{} }
func (f *fingerprint) add(sha string) { f.parts = append(f.parts, sha) }
func (f *fingerprint) sum() string {
	h := sha256.Sum256([]byte(strings.Join(f.parts, "\n")))
	return hex.EncodeToString(h[:8])
}

func ptr[T any](v T) *T { return &v }

// inOrder is the splits of order that have is keyed by.
func inOrder[V any](order []string, have map[string]V) []string {
	var out []string
	for _, split := range order {
		if _, ok := have[split]; ok {
			out = append(out, split)
		}
	}
	return out
}
