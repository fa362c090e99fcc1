package trajectory

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"collabcraft/atomicfile"
)

// Merge copies the trials of runs srcs (e.g. the shards of one job, made on
// several machines) into run dst, creating it if needed. Every run must
// have the same config fingerprint. Trials files keep their names, which
// are unique per writer, so merging twice changes nothing; blobs are united
// and counts recomputed.
func Merge(dst string, srcs ...string) error {
	var ms []*Manifest
	for _, src := range srcs {
		m, err := ReadManifest(src)
		if err != nil {
			return err
		}
		if len(ms) > 0 && m.Fingerprint != ms[0].Fingerprint {
			return &ConfigMismatchError{Dir: src, Have: ms[0].Fingerprint, Got: m.Fingerprint}
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return errors.New("trajectory: merge: no source runs")
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
