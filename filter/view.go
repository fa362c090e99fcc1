package filter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"collabcraft/atomicfile"
	"collabcraft/trajectory"
)

// A view is what `collabcraft filter` writes: rather than copying the kept
// trials into a new run (gigabytes of trajectories, most of which would be
// the same bytes again), it records which records of which runs passed and
// which transition rules apply to them. It is a few dozen bytes per kept
// trial, it is written in one atomic rename, and reading it through Open
// yields exactly what the filter yielded. Because it names each kept record
// by file and offset and each run by its configuration fingerprint, a run
// that was resumed or regenerated after the view was made is detected, not
// silently mixed in.

// ViewFile is the file inside a view directory.
const ViewFile = "view.json"

// ViewFormat is the version of the view.json layout.
const ViewFormat = 1

// View is view.json.
type View struct {
	Format    int         `json:"format"`
	CreatedAt time.Time   `json:"created_at"`
	Rules     Config      `json:"rules"`  // the rules of the filter that made the view
	Report    Report      `json:"report"` // what they did
	Inputs    []ViewInput `json:"inputs"`
}

// ViewInput is one input run of a view.
type ViewInput struct {
	Run         string `json:"run"`         // the run directory, relative to the view directory
	Fingerprint string `json:"fingerprint"` // the run's configuration fingerprint when the view was made
	// Stages are the filters whose transition rules apply to every kept
	// trial, in order (one per filter the run went through).
	Stages []Config     `json:"stages"`
	Trials []KeptRecord `json:"trials"` // the kept trials, in reading order
}

// KeptRecord names one kept trial's record in its run.
type KeptRecord struct {
	ID     string `json:"id"`
	File   string `json:"file"` // trials file, relative to the run directory
	Offset int64  `json:"offset"`
}

// IsView reports whether dir holds a view.json.
func IsView(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, ViewFile))
	return err == nil && st.Mode().IsRegular()
}

// ReadView reads dir/view.json.
func ReadView(dir string) (*View, error) {
	path := filepath.Join(dir, ViewFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("filter: %w", err)
	}
	var v View
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("filter: %s: %v", path, err)
	}
	if v.Format != ViewFormat {
		return nil, fmt.Errorf("filter: %s: format %d, this build reads view format %d", path, v.Format, ViewFormat)
	}
	for i, vi := range v.Inputs {
		if vi.Run == "" {
			return nil, fmt.Errorf("filter: %s: inputs[%d]: empty run path", path, i)
		}
		for _, c := range vi.Stages {
			if err := c.Validate(); err != nil {
				return nil, fmt.Errorf("filter: %s: inputs[%d]: %s", path, i, err)
			}
		}
	}
	return &v, nil
}

// MakeView runs f over in and returns the view of what it kept, to be
// written into dir (run paths are made relative to it).
func MakeView(ctx context.Context, in *Input, f *Filter, dir string) (*View, error) {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("filter: %w", err)
	}
	v := &View{Format: ViewFormat, CreatedAt: time.Now().UTC(), Rules: f.Config()}
	where := map[string]int{} // run \x00 trial id -> index into in.sources
	ms := in.Manifests()
	for i, s := range in.sources {
		abs, err := filepath.Abs(s.run)
		if err != nil {
			return nil, fmt.Errorf("filter: %w", err)
		}
		rel, err := filepath.Rel(absDir, abs)
		if err != nil {
			return nil, fmt.Errorf("filter: %w", err)
		}
		stages := append(append([]Config(nil), s.stages...), f.Config())
		v.Inputs = append(v.Inputs, ViewInput{Run: filepath.ToSlash(rel), Fingerprint: ms[i].Fingerprint, Stages: stages})
		for _, e := range s.entries {
			where[s.run+"\x00"+e.TrialID] = i
		}
	}
	entry := map[string]trajectory.IndexEntry{}
	for _, s := range in.sources {
		for _, e := range s.entries {
			entry[s.run+"\x00"+e.TrialID] = e
		}
	}
	n := 0
	for t, err := range f.Apply(in) {
		if err != nil {
			return nil, err
		}
		if n++; n%256 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("filter: %w", ctx.Err())
		}
		k := t.Run + "\x00" + t.TrialID
		e := entry[k]
		vi := &v.Inputs[where[k]]
		vi.Trials = append(vi.Trials, KeptRecord{ID: e.TrialID, File: filepath.ToSlash(e.File), Offset: e.Offset})
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("filter: %w", err)
	}
	v.Report = *f.Report()
	return v, nil
}

// WriteView writes v into dir/view.json atomically, creating dir. It
// refuses a directory that holds a run or anything but a view.
func WriteView(dir string, v *View) error {
	ents, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("filter: %w", err)
		}
	case err != nil:
		return fmt.Errorf("filter: %w", err)
	default:
		for _, e := range ents {
			if e.Name() == trajectory.ManifestFile {
				return fmt.Errorf("filter: %s holds a run (%s); give another directory as --out", dir, trajectory.ManifestFile)
			}
			if e.Name() != ViewFile && !strings.HasPrefix(e.Name(), "."+ViewFile+".tmp") {
				return fmt.Errorf("filter: %s is not empty and holds no view (found %s); give a new directory as --out", dir, e.Name())
			}
		}
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("filter: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, ViewFile), append(b, '\n')); err != nil {
		return fmt.Errorf("filter: %w", err)
	}
	return nil
}
