package trajectory

import (
	"fmt"
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

// Index lists the latest record of every trial id in one run.
type Index struct {
	latest  []IndexEntry // sorted by trial id
	byID    map[string]int
	records int
}

// ReadIndex scans the record headers of every trials file of run directory
// dir (no trial is decompressed). Records are ordered by file name, then
// offset; a later record of a trial id supersedes an earlier one. A file
// that ends in a partial or unreadable record is used up to that point and
// a warning is logged with slog.
func ReadIndex(dir string) (*Index, error) {
	names, err := trialsFiles(dir)
	if err != nil {
		return nil, err
	}
	ix := &Index{byID: map[string]int{}}
	for _, name := range names {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("trajectory: %w", err)
		}
		entries, bad, err := scanFile(f, dir, name)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("trajectory: %s: %w", filepath.Join(dir, name), err)
		}
		if bad != nil {
			slog.Warn("trajectory: skipping the unreadable end of a trials file", "file", filepath.Join(dir, name), "reason", bad.Error())
		}
		for _, e := range entries {
			ix.records++
			if i, ok := ix.byID[e.TrialID]; ok {
				ix.latest[i] = e
				continue
			}
			ix.byID[e.TrialID] = len(ix.latest)
			ix.latest = append(ix.latest, e)
		}
	}
	sort.Slice(ix.latest, func(i, j int) bool { return ix.latest[i].TrialID < ix.latest[j].TrialID })
	for i, e := range ix.latest {
		ix.byID[e.TrialID] = i
	}
	return ix, nil
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

// Records is the number of records, superseded ones included.
func (ix *Index) Records() int { return ix.records }

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
}

type readerRun struct {
	dir string
	ix  *Index
	m   *Manifest
}

// Open indexes the given run directories. The manifest is read after the
// index because a writer registers blobs before writing trials that use
// them; so every indexed trial can be resolved.
func Open(dirs ...string) (*Reader, error) {
	r := &Reader{}
	for _, dir := range dirs {
		ix, err := ReadIndex(dir)
		if err != nil {
			return nil, err
		}
		m, err := ReadManifest(dir)
		if err != nil {
			return nil, err
		}
		r.runs = append(r.runs, readerRun{dir: dir, ix: ix, m: m})
	}
	return r, nil
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

// Trials yields the latest record of every trial, in Index order, one
// decoded trial at a time: memory holds the index (about 200 bytes per
// record) and the trial being yielded, never the run. A trial that cannot
// be decoded is yielded as an error naming its file and offset; the
// iteration goes on if the caller continues.
func (r *Reader) Trials() iter.Seq2[*Trial, error] {
	return func(yield func(*Trial, error) bool) {
		files := map[string]*os.File{}
		defer func() {
			for _, f := range files {
				f.Close()
			}
		}()
		for _, run := range r.runs {
			for _, e := range run.ix.Entries() {
				t, err := run.read(e, files)
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
	return run.read(e, files)
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
// A trial that cannot be read is yielded as an error; the iteration goes
// on if the caller continues.
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
			} else {
				t, err = run.read(e, files)
			}
			if !yield(t, err) {
				return
			}
		}
	}
}

func (run *readerRun) read(e IndexEntry, files map[string]*os.File) (*Trial, error) {
	path := filepath.Join(run.dir, e.File)
	fail := func(err error) error {
		return fmt.Errorf("trajectory: %s: record at offset %d (trial %q): %w", path, e.Offset, e.TrialID, err)
	}
	f := files[e.File]
	if f == nil {
		var err error
		if f, err = os.Open(path); err != nil {
			return nil, fmt.Errorf("trajectory: %w", err)
		}
		files[e.File] = f
	}
	data := make([]byte, e.dataLen)
	if _, err := f.ReadAt(data, e.dataOff); err != nil {
		return nil, fail(err)
	}
	line, err := decoder().DecodeAll(data, nil)
	if err != nil {
		return nil, fail(err)
	}
	t, err := decodeTrial(line, run.m.Blobs)
	if err != nil {
		return nil, fail(err)
	}
	if t.TrialID != e.TrialID {
		return nil, fail(fmt.Errorf("record holds trial %q, its header says %q", t.TrialID, e.TrialID))
	}
	t.Run = run.dir
	return t, nil
}
