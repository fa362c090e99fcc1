package trajectory

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"collabcraft/atomicfile"
)

// MergeOptions tune Merge.
type MergeOptions struct {
	// Partial merges shard runs although some shards of their job are
	// missing (see MissingShardsError).
	Partial bool
}

// Merge copies the trials of runs srcs (e.g. the shards of one job, made on
// several machines) into run dst, creating it if needed. Every run must
// have the same config fingerprint and no damage but benign damage (a
// *DamageError: repair the run first). Shard runs (trials files labelled
// shard-I-of-N) must cover every shard of their job, counting those
// already in dst, unless opts.Partial. Merge holds dst's run lock (a
// *LockedError if another process writes it). Trials files keep their
// names, which are unique per writer, so merging twice changes nothing;
// blobs are united and counts recomputed.
func Merge(dst string, srcs []string, opts MergeOptions) error {
	var ms []*Manifest
	var damaged []Damage
	for _, src := range srcs {
		m, err := ReadManifest(src)
		if err != nil {
			return err
		}
		if len(ms) > 0 && m.Fingerprint != ms[0].Fingerprint {
			return &ConfigMismatchError{Dir: src, Have: ms[0].Fingerprint, Got: m.Fingerprint}
		}
		ms = append(ms, m)
		ix, err := ReadIndex(src)
		if err != nil {
			return err
		}
		damaged = append(damaged, harmful(ix.Damaged())...)
	}
	if len(ms) == 0 {
		return errors.New("trajectory: merge: no source runs")
	}
	if len(damaged) > 0 {
		return &DamageError{Damaged: damaged}
	}
	if !opts.Partial {
		if err := checkShards(dst, srcs); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(dst, TrialsDir), 0o755); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	return withRunLock(dst, func() error {
		out, err := ReadManifest(dst)
		if err != nil {
			if _, statErr := os.Stat(filepath.Join(dst, ManifestFile)); statErr == nil {
				return err
			}
			first := *ms[0]
			out = &first
			out.Blobs = map[string]string{}
		} else if out.Fingerprint != ms[0].Fingerprint {
			return &ConfigMismatchError{Dir: dst, Have: out.Fingerprint, Got: ms[0].Fingerprint}
		}
		if out.Blobs == nil {
			out.Blobs = map[string]string{}
		}
		for _, m := range ms {
			if err := mergeBlobs(out.Blobs, m.Blobs); err != nil {
				return err
			}
			out.Files = withSeals(out.Files, m.Files)
			out.Repairs = append(out.Repairs, m.Repairs...)
			if m.StartedAt.Before(out.StartedAt) {
				out.StartedAt = m.StartedAt
			}
			if m.EndedAt.After(out.EndedAt) {
				out.EndedAt = m.EndedAt
			}
		}
		// Blobs first, so no copied trial refers to a blob not on disk.
		if err := writeManifest(dst, out); err != nil {
			return err
		}
		for _, src := range srcs {
			names, err := trialsFiles(src)
			if err != nil {
				return err
			}
			for _, name := range names {
				if err := copyTrialsFile(filepath.Join(src, name), filepath.Join(dst, name)); err != nil {
					return err
				}
			}
		}
		// Files their writers left unsealed (they died) are sealed as
		// they are: no source lost records.
		seals, err := sealDeadFiles(dst, out)
		if err != nil {
			return err
		}
		out.Files = withSeals(out.Files, seals)
		out.Format = FormatVersion
		if err := writeManifest(dst, out); err != nil {
			return err
		}
		ix, err := ReadIndex(dst)
		if err != nil {
			return err
		}
		out.Counts = ix.Counts()
		if out.EndedAt.IsZero() {
			out.EndedAt = time.Now().UTC()
		}
		return writeManifest(dst, out)
	})
}

// copyTrialsFile copies src to dst atomically; an identical dst is kept.
func copyTrialsFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	if have, err := os.ReadFile(dst); err == nil {
		switch {
		case bytes.Equal(have, data):
			return nil
		case !bytes.HasPrefix(data, have):
			return fmt.Errorf("trajectory: merge: %s and %s have one name but different contents", src, dst)
		} // else dst is an earlier copy of a file that has grown since: copy again
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("trajectory: %w", err)
	}
	if err := atomicfile.Write(dst, data); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	return nil
}

// shardLabel matches the trials files of `generate --shard i/n` (see
// WriterOptions.Label), the only record of which shard a run played.
var shardLabel = regexp.MustCompile(`-shard-(\d+)-of-(\d+)` + regexp.QuoteMeta(TrialsExt) + `$`)

// checkShards refuses shard runs that leave out shards of their job,
// counting the shards whose trials dst holds already.
func checkShards(dst string, srcs []string) error {
	seen := map[[2]int]bool{} // {i, n}
	ns := map[int]bool{}
	for _, dir := range append([]string{dst}, srcs...) {
		ents, err := os.ReadDir(filepath.Join(dir, TrialsDir))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("trajectory: %w", err)
		}
		for _, ent := range ents {
			m := shardLabel.FindStringSubmatch(ent.Name())
			if m == nil {
				continue
			}
			i, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			seen[[2]int{i, n}] = true
			ns[n] = true
		}
	}
	var missing []string
	for _, n := range slices.Sorted(maps.Keys(ns)) {
		for i := range n {
			if !seen[[2]int{i, n}] {
				missing = append(missing, fmt.Sprintf("%d/%d", i, n))
			}
		}
	}
	if len(missing) > 0 {
		return &MissingShardsError{Missing: missing}
	}
	return nil
}

// MissingShardsError is returned when the shard runs given to Merge leave
// out shards of their job (see MergeOptions.Partial).
type MissingShardsError struct {
	Missing []string // as given to generate --shard, e.g. "1/4"
}

func (e *MissingShardsError) Error() string {
	list := strings.Join(e.Missing, ", ")
	if len(e.Missing) == 1 {
		return fmt.Sprintf("trajectory: merge: shard %s of the job is missing (no run has trials of generate --shard %s); "+
			"give its run too, or merge a partial set on purpose", list, list)
	}
	return fmt.Sprintf("trajectory: merge: shards %s of the job are missing (no run has trials of generate --shard %s); "+
		"give their runs too, or merge a partial set on purpose", list, list)
}
