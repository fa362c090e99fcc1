package trajectory

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"collabcraft/atomicfile"

	"github.com/klauspost/compress/zstd"
)

// WriterOptions tune OpenWriter.
type WriterOptions struct {
	// Force accepts a run directory whose manifest has a different config
	// fingerprint; the new configuration replaces the old one in run.json.
	Force bool
	// Label is added to the trials file name (e.g. "shard-1-of-4").
	Label string
	// Secrets are strings (API keys) that must never reach the disk: a
	// manifest, blob or trial containing one is refused. Secrets shorter
	// than 8 bytes are ignored (they would match ordinary text).
	Secrets []string
	// Level is the zstd level; zero means zstd.SpeedDefault.
	Level zstd.EncoderLevel
}

// Writer appends trials to one new trials file of a run. It is safe for
// concurrent use by many goroutines. It holds the run's lock until Close:
// one writer per run directory.
type Writer struct {
	dir     string
	lock    *runLock
	file    string // relative to dir
	base    string // the file's name as its records carry it (fileBase)
	f       *os.File
	enc     *zstd.Encoder
	secrets [][]byte

	mu     sync.Mutex // guards the fields below
	off    int64
	blobs  map[string]string
	set    *blobSet
	ids    []string // the trial of each record written, by place: the file's seal at Close
	err    error    // sticky: the file's state is unknown after this
	closed bool

	syncMu sync.Mutex // one fsync at a time; waiting writers share it
	synced int64

	manifestMu sync.Mutex // one run.json update at a time
}

// OpenWriter opens run directory dir for writing, creating it if needed,
// and starts a new trials file. It refuses a run that another process (or
// Writer) has open with a *LockedError naming the holder's PID. If dir
// already holds a run, its config fingerprint must match m's (see
// WriterOptions.Force); the manifests are merged (earliest start, union of
// blobs, a blob whose text was changed restored). m.Blobs may hold texts
// to register; their keys are recomputed. The files of writers that died
// are sealed as they are (FileSeal), unless they lost records; a run of
// format 1 that holds fewer records than its counts is refused with a
// *DamageError (check --repair acknowledges the loss first), so that no
// count is rewritten over a loss.
func OpenWriter(dir string, m *Manifest, opts WriterOptions) (*Writer, error) {
	w := &Writer{dir: dir, blobs: map[string]string{}}
	for _, s := range opts.Secrets {
		if len(s) >= 8 {
			w.secrets = append(w.secrets, []byte(s))
			if q, _ := json.Marshal(s); !bytes.Equal(q[1:len(q)-1], []byte(s)) {
				w.secrets = append(w.secrets, q[1:len(q)-1]) // as it would appear escaped in JSON
			}
		}
	}
	fp, err := Fingerprint(m.Config)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, TrialsDir), 0o755); err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	nm := *m
	nm.Format = FormatVersion
	nm.Fingerprint = fp
	nm.EndedAt = time.Time{}
	if nm.StartedAt.IsZero() {
		nm.StartedAt = time.Now().UTC()
	}
	nm.Blobs = map[string]string{}
	for _, text := range m.Blobs {
		if len(text) >= MinBlobLen && utf8.ValidString(text) {
			nm.Blobs[BlobID(text)] = text
		}
	}
	if w.lock, err = lockRun(dir); err != nil {
		return nil, err
	}
	if err := w.open(&nm, opts); err != nil {
		w.lock.unlock()
		return nil, err
	}
	return w, nil
}

// open writes the run's manifest and starts the trials file; the caller
// holds the run lock.
func (w *Writer) open(nm *Manifest, opts WriterOptions) error {
	dir := w.dir
	old, err := ReadManifest(dir)
	if err != nil {
		if _, statErr := os.Stat(filepath.Join(dir, ManifestFile)); statErr == nil {
			return err // a run.json we cannot read: never overwrite it
		}
		old = nil
	}
	if old != nil {
		if old.Fingerprint != nm.Fingerprint && !opts.Force {
			return &ConfigMismatchError{Dir: dir, Have: old.Fingerprint, Got: nm.Fingerprint}
		}
		if old.StartedAt.Before(nm.StartedAt) {
			nm.StartedAt = old.StartedAt
		}
		if err := mergeBlobs(nm.Blobs, old.Blobs); err != nil {
			return err
		}
		nm.Counts, nm.Files, nm.Repairs = old.Counts, old.Files, old.Repairs
		seals, err := sealDeadFiles(dir, old)
		if err != nil {
			return err
		}
		nm.Files = withSeals(nm.Files, seals)
	}
	if err := w.checkSecrets(nm); err != nil {
		return err
	}
	if err := writeManifest(dir, nm); err != nil {
		return err
	}
	w.blobs = nm.Blobs
	w.set = newBlobSet(w.blobs)

	w.file = filepath.Join(TrialsDir, trialsFileName(opts.Label))
	w.base = fileBase(w.file)
	w.f, err = os.OpenFile(filepath.Join(dir, w.file), os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	if err := atomicfile.SyncDir(filepath.Join(dir, TrialsDir)); err != nil {
		w.f.Close()
		return fmt.Errorf("trajectory: %w", err)
	}
	level := opts.Level
	if level == 0 {
		level = zstd.SpeedDefault
	}
	// Lower memory: each of the encoder's GOMAXPROCS states keeps a
	// history of the window plus a block (8 MiB) rather than twice the
	// window, 16 MiB a core that a run held to its end. The frames are
	// the same bytes.
	w.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithLowerEncoderMem(true))
	if err != nil {
		w.f.Close()
		return fmt.Errorf("trajectory: %w", err)
	}
	return nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// trialsFileName is unique per writer and sorts by opening time, which
// defines which of two records of one trial is the later (see doc.go).
func trialsFileName(label string) string {
	host, _ := os.Hostname()
	var rnd [4]byte
	rand.Read(rnd[:])
	name := time.Now().UTC().Format("20060102T150405.000000000Z") + "-" +
		unsafeName.ReplaceAllString(host, "_") + "-p" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(rnd[:])
	if label != "" {
		name += "-" + unsafeName.ReplaceAllString(label, "_")
	}
	return name + TrialsExt
}

// mergeBlobs adds src's blobs to dst. A text in dst that no longer
// matches its id (changed in run.json) gives way to src's, which does:
// that is how a generate run restores its blobs.
func mergeBlobs(dst, src map[string]string) error {
	for id, text := range src {
		if have, ok := dst[id]; ok && have != text {
			switch {
			case BlobID(have) != id && BlobID(text) == id:
			case BlobID(text) != id:
				continue // a changed text does not replace anything
			default:
				return fmt.Errorf("trajectory: blob %s: two different texts with one id", id)
			}
		}
		dst[id] = text
	}
	return nil
}

func (w *Writer) containsSecret(b []byte) bool {
	for _, s := range w.secrets {
		if bytes.Contains(b, s) {
			return true
		}
	}
	return false
}

func (w *Writer) checkSecrets(m *Manifest) error {
	if len(w.secrets) == 0 {
		return nil
	}
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("trajectory: run.json: %w", err)
	}
	if w.containsSecret(b) {
		return errors.New("trajectory: run.json would contain a secret (an API key); refusing to write it")
	}
	return nil
}

// File is the trials file this writer appends to, relative to the run.
func (w *Writer) File() string { return w.file }

// AddBlobs registers static prompt texts (command docs, few-shot examples,
// template text) for the run. Occurrences of them in later trials are stored
// as references. Texts shorter than MinBlobLen or not valid UTF-8 (run.json
// could not hold them exactly) are ignored. The manifest is
// updated before AddBlobs returns, so no trial can refer to a blob that is
// not on disk.
func (w *Writer) AddBlobs(texts ...string) error {
	w.mu.Lock()
	fresh := map[string]string{}
	for _, t := range texts {
		if id := BlobID(t); len(t) >= MinBlobLen && utf8.ValidString(t) && w.blobs[id] != t { // new, or run.json's text was changed
			fresh[id] = t
		}
	}
	w.mu.Unlock()
	if len(fresh) == 0 {
		return nil
	}
	for _, t := range fresh {
		if w.containsSecret([]byte(t)) {
			return errors.New("trajectory: a blob contains a secret (an API key); refusing to write it")
		}
	}
	// The run lock keeps other processes off run.json; manifestMu keeps
	// this writer's goroutines from interleaving their updates.
	w.manifestMu.Lock()
	defer w.manifestMu.Unlock()
	m, err := ReadManifest(w.dir)
	if err != nil {
		return err
	}
	if m.Blobs == nil {
		m.Blobs = map[string]string{}
	}
	if err := mergeBlobs(m.Blobs, fresh); err != nil {
		return err
	}
	if err := writeManifest(w.dir, m); err != nil {
		return err
	}
	merged := m.Blobs
	w.mu.Lock()
	defer w.mu.Unlock()
	all := maps.Clone(w.blobs)
	maps.Copy(all, merged)
	w.blobs = all
	w.set = newBlobSet(all)
	return nil
}

// Write appends one finished trial as one record and returns once it is on
// stable storage (fsync). A trial is never partly in the run: after an
// error it is either absent or (if only the fsync failed) wholly present.
func (w *Writer) Write(t *Trial) error {
	w.mu.Lock()
	set, err, closed := w.set, w.err, w.closed
	w.mu.Unlock()
	if closed {
		return errors.New("trajectory: write to a closed writer")
	}
	if err != nil {
		return err
	}
	line, err := encodeTrial(t, set)
	if err != nil {
		return err
	}
	if w.containsSecret(line) {
		return fmt.Errorf("trajectory: trial %q contains a secret (an API key); refusing to write it", t.TrialID)
	}
	data := w.enc.EncodeAll(line, make([]byte, 0, len(line)/4+64))

	w.mu.Lock()
	if w.err != nil || w.closed {
		err := w.err
		w.mu.Unlock()
		if err == nil {
			err = errors.New("trajectory: write to a closed writer")
		}
		return err
	}
	// The record's place is decided here, in the order of the file.
	rec, err := appendRecord(make([]byte, 0, len(data)+320), headerOf(t), data, w.base, len(w.ids))
	if err != nil {
		w.mu.Unlock()
		return fmt.Errorf("trajectory: trial %q: %w", t.TrialID, err)
	}
	if _, err := w.f.Write(rec); err != nil {
		// Cut the partial record off so the file stays a sequence of records.
		if terr := w.f.Truncate(w.off); terr != nil {
			w.err = fmt.Errorf("trajectory: %s: write failed (%v) and could not be undone: %w", w.file, err, terr)
		}
		w.mu.Unlock()
		return fmt.Errorf("trajectory: trial %q: %w", t.TrialID, err)
	}
	w.off += int64(len(rec))
	end := w.off
	w.ids = append(w.ids, t.TrialID)
	w.mu.Unlock()
	return w.syncTo(end)
}

// syncTo returns once the file is durable up to end. Writers that queue
// while an fsync runs are usually covered by the next single fsync.
func (w *Writer) syncTo(end int64) error {
	w.syncMu.Lock()
	defer w.syncMu.Unlock()
	if w.synced >= end {
		return nil
	}
	w.mu.Lock()
	target := w.off
	w.mu.Unlock()
	if err := w.f.Sync(); err != nil {
		err = fmt.Errorf("trajectory: %s: fsync: %w", w.file, err)
		w.mu.Lock()
		w.err = err
		w.mu.Unlock()
		return err
	}
	w.synced = target
	return nil
}

// Close finishes the trials file (removing it if no trial was written),
// updates run.json (the file's seal, end time and counts over all records
// of the run) and releases the run's lock. Call it after every Write has
// returned.
func (w *Writer) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	ids, size, failed := w.ids, w.off, w.err != nil
	w.mu.Unlock()
	errs := []error{w.f.Sync(), w.f.Close(), w.enc.Close()}
	seals := map[string]FileSeal{}
	switch {
	case len(ids) == 0:
		errs = append(errs, os.Remove(filepath.Join(w.dir, w.file)))
	case failed: // the file's state is unknown: seal it as it is
		sf, err := scanOne(w.dir, w.file)
		errs = append(errs, err)
		if err == nil {
			seals[filepath.ToSlash(w.file)] = sealOf(sf)
		}
	default:
		seals[filepath.ToSlash(w.file)] = FileSeal{Size: size, Trials: ids, Ordered: true}
	}
	errs = append(errs, updateManifest(w.dir, true, seals, nil), w.lock.unlock())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("trajectory: close %s: %w", w.file, err)
	}
	return nil
}

// updateManifest adds seals to run.json, and a repair note unless nil,
// recomputes its counts from the index and, if ended, sets its end time.
// A seal of Size 0 removes the file's seal (it is gone). The caller holds
// the run's lock.
func updateManifest(dir string, ended bool, seals map[string]FileSeal, note *RepairNote) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	m.Files = withSeals(m.Files, seals)
	if note != nil {
		m.Repairs = append(m.Repairs, *note)
	}
	m.Format = FormatVersion
	// The seals count before the index is read: it holds the files to them.
	if err := writeManifest(dir, m); err != nil {
		return err
	}
	ix, err := ReadIndex(dir)
	if err != nil {
		return err
	}
	m.Counts = ix.Counts()
	if ended {
		m.EndedAt = time.Now().UTC()
	}
	return writeManifest(dir, m)
}

// sealDeadFiles seals the trials files of run dir that no seal covers:
// their writers died (the caller holds the run's lock, so none is at
// work). A file that lost records is left unsealed, so that its loss
// stays on record until a repair. A run of format 1 that holds fewer
// records than its counts is a *DamageError.
func sealDeadFiles(dir string, m *Manifest) (map[string]FileSeal, error) {
	names, err := trialsFiles(dir)
	if err != nil {
		return nil, err
	}
	unsealed := false
	for _, name := range names {
		if _, ok := m.Files[filepath.ToSlash(name)]; !ok {
			unsealed = true
		}
	}
	if !unsealed {
		return nil, nil
	}
	_, files, err := scanRun(dir)
	if err != nil {
		return nil, err
	}
	seals := map[string]FileSeal{}
	for _, sf := range files {
		if sf.name == "" {
			if ds := lost(sf.damage); len(ds) > 0 && len(m.Files) == 0 && slices.ContainsFunc(ds, func(d Damage) bool { return d.Missing }) {
				return nil, &DamageError{Damaged: ds}
			}
			continue
		}
		if _, ok := m.Files[filepath.ToSlash(sf.name)]; ok || len(lost(sf.damage)) > 0 || slices.ContainsFunc(sf.damage, func(d Damage) bool { return d.Foreign != "" }) {
			continue
		}
		seals[filepath.ToSlash(sf.name)] = sealOf(sf)
	}
	return seals, nil
}
