package trajectory

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Index lists the latest record of every trial id in one run, and the
// damaged stretches of its trials files.
type Index struct {
	latest  []IndexEntry // sorted by trial id
	byID    map[string]int
	records int
	damaged []Damage
}

// ReadIndex reads the record headers of every trials file of run directory
// dir and verifies the records' checksums (no trial is decompressed), and
// holds the files against their seals in run.json (FileSeal). Records are
// ordered by file name, then offset; a later record of a trial id
// supersedes an earlier one. Damage costs only the records it touches (see
// Damaged). A trial whose latest record is damaged or missing is not in
// the index, so resume plays it again. A file that ends in a partial
// record (an interrupted write) is logged with slog.
func ReadIndex(dir string) (*Index, error) {
	_, files, err := scanRun(dir)
	if err != nil {
		return nil, err
	}
	for _, sf := range files {
		for _, d := range sf.damage {
			if d.Interrupted {
				slog.Warn("trajectory: skipping the unreadable end of a trials file", "file", filepath.Join(dir, sf.name),
					"offset", d.Offset, "reason", d.Reason)
			}
		}
	}
	return indexOf(files), nil
}

// scannedFile is what scanFile found in one trials file.
type scannedFile struct {
	run     string
	name    string // relative to the run directory; "" for damage of the run as a whole
	size    int64
	sealed  bool // run.json holds its seal
	entries []IndexEntry
	damage  []Damage
	blobbed []IndexEntry // records whose bytes are intact but that need a blob run.json lacks (Check)
}

// scanRun reads the manifest of run directory dir and scans every trials
// file, in reading order, classifying what it finds by the run's seals
// and counts (classify, legacyLoss) and blobs (blobDamage).
func scanRun(dir string) (*Manifest, []scannedFile, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, nil, err
	}
	names, err := trialsFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []scannedFile
	for _, name := range names {
		sf, err := scanOne(dir, name)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, sf)
	}
	out = classify(dir, m, out)
	out = legacyLoss(dir, m, out)
	if bad := blobDamage(dir, m); len(bad) > 0 {
		out = append(out, scannedFile{run: dir, damage: bad})
	}
	return m, out, nil
}

// scanOne scans one trials file (name relative to dir).
func scanOne(dir, name string) (scannedFile, error) {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return scannedFile{}, fmt.Errorf("trajectory: %w", err)
	}
	defer f.Close()
	entries, damage, err := scanFile(f, dir, name)
	if err != nil {
		return scannedFile{}, fmt.Errorf("trajectory: %s: %w", filepath.Join(dir, name), err)
	}
	st, err := f.Stat()
	if err != nil {
		return scannedFile{}, fmt.Errorf("trajectory: %w", err)
	}
	return scannedFile{run: dir, name: name, size: st.Size(), entries: entries, damage: damage}, nil
}

// indexOf builds the index of scanned files: the latest record of each
// trial wins, damage to a trial's latest record (its header survived)
// takes the trial out, and damage followed by an intact record of its
// trial is Superseded. An interrupted write was never acknowledged, so it
// supersedes nothing.
func indexOf(files []scannedFile) *Index {
	ix := &Index{byID: map[string]int{}}
	type trial struct {
		entry   IndexEntry // the latest intact record
		intact  bool       // entry is the trial's latest record
		damaged []int      // indexes into ix.damaged of its damage since entry
	}
	trials := map[string]*trial{}
	var order []string // trial ids in order of first appearance
	at := func(id string) *trial {
		t := trials[id]
		if t == nil {
			t = &trial{}
			trials[id] = t
			order = append(order, id)
		}
		return t
	}
	for _, sf := range files {
		entries, damage := sf.entries, sf.damage
		// Each is in offset order; merge them.
		for len(entries) > 0 || len(damage) > 0 {
			if len(damage) == 0 || len(entries) > 0 && entries[0].Offset < damage[0].Offset {
				e := entries[0]
				entries = entries[1:]
				ix.records++
				t := at(e.TrialID)
				t.entry, t.intact = e, true
				for _, i := range t.damaged {
					ix.damaged[i].Superseded = true
				}
				t.damaged = nil
				continue
			}
			d := damage[0]
			damage = damage[1:]
			ix.damaged = append(ix.damaged, d)
			if d.TrialID != "" && !d.Interrupted && d.Foreign == "" {
				t := at(d.TrialID)
				t.intact = false
				t.damaged = append(t.damaged, len(ix.damaged)-1)
			}
		}
	}
	for _, id := range order {
		if t := trials[id]; t.intact {
			ix.latest = append(ix.latest, t.entry)
		}
	}
	sort.Slice(ix.latest, func(i, j int) bool { return ix.latest[i].TrialID < ix.latest[j].TrialID })
	for i, e := range ix.latest {
		ix.byID[e.TrialID] = i
	}
	return ix
}

// trialsFiles lists dir/trials/*.jsonl.zst by name, relative to dir.
func trialsFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(dir, TrialsDir))
	if os.IsNotExist(err) {
		if _, err := os.Stat(filepath.Join(dir, ManifestFile)); err != nil {
			return nil, fmt.Errorf("trajectory: %s: no %s: not a run directory", dir, ManifestFile)
		}
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), TrialsExt) {
			names = append(names, filepath.Join(TrialsDir, e.Name()))
		}
	}
	slices.Sort(names)
	return names, nil
}

// Lookup returns the latest record of a trial id.
func (ix *Index) Lookup(trialID string) (IndexEntry, bool) {
	i, ok := ix.byID[trialID]
	if !ok {
		return IndexEntry{}, false
	}
	return ix.latest[i], true
}

// Done reports whether a trial is recorded with an end other than
// EndError, i.e. resume must not play it again.
func (ix *Index) Done(trialID string) bool {
	e, ok := ix.Lookup(trialID)
	return ok && !e.NeedsRerun()
}

// Entries returns the latest record of every trial id, sorted by trial id.
func (ix *Index) Entries() []IndexEntry { return ix.latest }

// Records is the number of intact records, superseded ones included.
func (ix *Index) Records() int { return ix.records }

// Damaged lists the damaged stretches of the run's trials files, in
// reading order (see Damage.Lost for which may cost recorded trials).
func (ix *Index) Damaged() []Damage { return ix.damaged }

// Counts summarises the latest records.
func (ix *Index) Counts() Counts {
	c := Counts{Records: ix.records, Trials: len(ix.latest), EndReasons: map[string]int{}}
	for _, e := range ix.latest {
		if e.Success {
			c.Successes++
		}
		if e.EndReason == EndError {
			c.Errors++
		}
		c.EndReasons[e.EndReason]++
		c.Transitions += e.Transitions
		c.PromptTokens += e.PromptTokens
		c.CompletionTokens += e.CompletionTokens
	}
	return c
}

// Reader streams the trials of one or more runs.
type Reader struct {
	runs []readerRun
	skip bool

	mu      sync.Mutex
	damaged []Damage // found by the index, then by decoding
}

type readerRun struct {
	dir   string
	ix    *Index
	m     *Manifest
	blobs map[string]string // m.Blobs but those whose text no longer matches their id
}

// OpenOptions tune OpenWith.
type OpenOptions struct {
	// SkipDamaged reads on without the trials of damaged records instead
	// of failing; Reader.Damaged lists what was skipped.
	SkipDamaged bool
}

// Open indexes the given run directories. Damage that is not benign
// (Damage.Benign: a record damaged, missing, foreign, or needing a blob
// run.json lacks) is a *DamageError, here or, for damage only decoding
// finds (data of records written before checksums), when Trials reaches
// it.
func Open(dirs ...string) (*Reader, error) { return OpenWith(OpenOptions{}, dirs...) }

// OpenWith is Open with options. The manifest is read after the index
// because a writer registers blobs before writing trials that use them;
// so every indexed trial can be resolved.
func OpenWith(opts OpenOptions, dirs ...string) (*Reader, error) {
	r := &Reader{skip: opts.SkipDamaged}
	for _, dir := range dirs {
		ix, err := ReadIndex(dir)
		if err != nil {
			return nil, err
		}
		m, err := ReadManifest(dir)
		if err != nil {
			return nil, err
		}
		r.runs = append(r.runs, readerRun{dir: dir, ix: ix, m: m, blobs: goodBlobs(m.Blobs)})
		r.damaged = append(r.damaged, ix.Damaged()...)
	}
	if ds := harmful(r.damaged); len(ds) > 0 && !r.skip {
		return nil, &DamageError{Damaged: ds}
	}
	return r, nil
}

// Damaged lists the damaged stretches of the runs' trials files found so
// far: all the index found at Open, then records that failed to decode as
// Trials, ReadTrials or ReadTrial reached them. With the trials read, it
// accounts for every record the reader met.
func (r *Reader) Damaged() []Damage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.damaged)
}

// Manifests returns each run's manifest, in the order given to Open.
func (r *Reader) Manifests() []*Manifest {
	out := make([]*Manifest, len(r.runs))
	for i, run := range r.runs {
		out[i] = run.m
	}
	return out
}

// Index returns the latest record of every trial in reading order: runs
// in the order given to Open, trial ids sorted within a run.
func (r *Reader) Index() []IndexEntry {
	var out []IndexEntry
	for _, run := range r.runs {
		out = append(out, run.ix.Entries()...)
	}
	return out
}

var decoder = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(0))
	if err != nil {
		panic(err) // only fails on invalid options
	}
	return d
})

// Values yields trials already in memory as the sequence the readers
// yield (stats.Collect, export.FromTrials and filters take it), with no
// error.
func Values(trials []*Trial) iter.Seq2[*Trial, error] {
	return func(yield func(*Trial, error) bool) {
		for _, t := range trials {
			if !yield(t, nil) {
				return
			}
		}
	}
}

// Trials yields the latest record of every trial, in Index order, one
// decoded trial at a time: memory holds the index (about 200 bytes per
// record) and the trial being yielded, never the run. A record that cannot
// be decoded is added to Damaged and, unless SkipDamaged, yielded as a
// *DamageError; the iteration goes on if the caller continues.
func (r *Reader) Trials() iter.Seq2[*Trial, error] {
	return func(yield func(*Trial, error) bool) {
		files := map[string]*os.File{}
		defer func() {
			for _, f := range files {
				f.Close()
			}
		}()
		for i := range r.runs {
			run := &r.runs[i]
			for _, e := range run.ix.Entries() {
				t, err := r.read(run, e, files)
				if r.skipping(err) {
					continue
				}
				if !yield(t, err) {
					return
				}
			}
		}
	}
}

// ReadTrial reads the record e points at (an entry of r.Index()).
func (r *Reader) ReadTrial(e IndexEntry) (*Trial, error) {
	run := r.runOf(e.Run)
	if run == nil {
		return nil, fmt.Errorf("trajectory: %s is not a run of this reader", e.Run)
	}
	files := map[string]*os.File{}
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	return r.read(run, e, files)
}

// runOf returns the run read from directory dir, nil if none.
func (r *Reader) runOf(dir string) *readerRun {
	for i := range r.runs {
		if r.runs[i].dir == dir {
			return &r.runs[i]
		}
	}
	return nil
}

// ReadTrials yields the records entries point at (entries of r.Index()),
// in the given order, one decoded trial at a time, keeping each trials
// file open until the iteration ends rather than reopening it per trial.
// A record that cannot be decoded is handled as by Trials.
func (r *Reader) ReadTrials(entries []IndexEntry) iter.Seq2[*Trial, error] {
	return func(yield func(*Trial, error) bool) {
		files := map[string]*os.File{} // keyed by path within the run: one map per run
		var run *readerRun
		defer func() {
			for _, f := range files {
				f.Close()
			}
		}()
		for _, e := range entries {
			if run == nil || run.dir != e.Run {
				run = r.runOf(e.Run)
				for k, f := range files {
					f.Close()
					delete(files, k)
				}
			}
			var t *Trial
			var err error
			if run == nil {
				err = fmt.Errorf("trajectory: %s is not a run of this reader", e.Run)
			} else if t, err = r.read(run, e, files); r.skipping(err) {
				continue
			}
			if !yield(t, err) {
				return
			}
		}
	}
}

// skipping reports whether err is damage that a SkipDamaged reader passes
// over (it is in r.Damaged already).
func (r *Reader) skipping(err error) bool {
	var de *DamageError
	return r.skip && errors.As(err, &de)
}

// read decodes the record e points at. A record that fails its checksum or
// does not decode is damage: it is added to r.Damaged (once) and returned
// as a *DamageError.
func (r *Reader) read(run *readerRun, e IndexEntry, files map[string]*os.File) (*Trial, error) {
	f := files[e.File]
	if f == nil {
		var err error
		if f, err = os.Open(filepath.Join(run.dir, e.File)); err != nil {
			return nil, fmt.Errorf("trajectory: %w", err)
		}
		files[e.File] = f
	}
	t, err := readRecord(f, e, run.blobs)
	var bad *badRecordError
	if errors.As(err, &bad) {
		d := Damage{Run: run.dir, File: e.File, Offset: e.Offset, Len: e.end() - e.Offset, TrialID: e.TrialID, Reason: bad.reason, Blob: bad.blob, seq: e.seq}
		r.mu.Lock()
		if !slices.Contains(r.damaged, d) { // met before, by an earlier iteration
			r.damaged = append(r.damaged, d)
		}
		r.mu.Unlock()
		return nil, &DamageError{Damaged: []Damage{d}}
	}
	if err != nil {
		return nil, fmt.Errorf("trajectory: %s: record at offset %d (trial %q): %w", filepath.Join(run.dir, e.File), e.Offset, e.TrialID, err)
	}
	t.Run = run.dir
	return t, nil
}

// badRecordError is a record whose bytes are damaged (as opposed to an
// I/O error reading them), or intact but needing blob, which run.json
// lacks.
type badRecordError struct{ reason, blob string }

func (e *badRecordError) Error() string { return e.reason }

// readRecord reads and decodes the record e points at in f.
func readRecord(f *os.File, e IndexEntry, blobs map[string]string) (*Trial, error) {
	data := make([]byte, e.dataLen)
	if _, err := f.ReadAt(data, e.dataOff); err != nil {
		if err == io.EOF {
			return nil, &badRecordError{reason: "the file is shorter than when it was indexed"}
		}
		return nil, err
	}
	if err := e.checkData(data); err != nil {
		return nil, &badRecordError{reason: err.Error()}
	}
	line, err := decoder().DecodeAll(data, nil)
	if err != nil {
		return nil, &badRecordError{reason: "zstd: " + err.Error()}
	}
	t, err := decodeTrial(line, blobs)
	var mb *missingBlobError
	if errors.As(err, &mb) {
		return nil, &badRecordError{reason: err.Error(), blob: mb.id}
	}
	if err != nil {
		return nil, &badRecordError{reason: err.Error()}
	}
	if t.TrialID != e.TrialID {
		return nil, &badRecordError{reason: fmt.Sprintf("record holds trial %q, its header says %q", t.TrialID, e.TrialID)}
	}
	return t, nil
}
