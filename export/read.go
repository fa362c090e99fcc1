package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// IsDataset reports whether dir holds an exported dataset (its Parquet
// files under data/).
func IsDataset(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "data", "*.parquet"))
	return len(files) > 0
}

// ReadDataset reads an exported dataset's Parquet files back as examples,
// file by file in name order. An example's Meta.Split is the dataset split
// its file belongs to (the task's own split may differ: validation is
// carved from train); knob columns are not read back, the org column is.
func ReadDataset(dir string) (Source, error) {
	files, err := filepath.Glob(filepath.Join(dir, "data", "*.parquet"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("export: %s: no data/*.parquet files (expected a dataset written by collabcraft export)", dir)
	}
	slices.Sort(files)
	targets, err := readTaskTargets(dir)
	if err != nil {
		return nil, err
	}
	return func(yield func(Example, error) bool) {
		for _, f := range files {
			split, _, _ := strings.Cut(filepath.Base(f), "-")
			for ex, err := range readParquet(f, split) {
				ex.Meta.Target = targets[ex.Meta.TaskID]
				if !yield(ex, err) || err != nil {
					return
				}
			}
		}
	}, nil
}

// ReadManifest reads a dataset's manifest.json. A dataset without one
// gives an error that wraps fs.ErrNotExist.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, "manifest.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("export: %s: %w", path, err)
	}
	return &m, nil
}

// readTaskTargets reads the task targets of a dataset's manifest (none
// for a dataset without a manifest or written before them).
func readTaskTargets(dir string) (map[string]string, error) {
	m, err := ReadManifest(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return m.TaskTargets, nil
}

// readParquet reads one file of either layout.
func readParquet(path, split string) Source {
	return func(yield func(Example, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(Example{}, fmt.Errorf("export: %w", err))
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			yield(Example{}, fmt.Errorf("export: %w", err))
			return
		}
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			yield(Example{}, fmt.Errorf("export: %s: %w", path, err))
			return
		}
		has := func(name string) bool {
			return slices.ContainsFunc(pf.Schema().Fields(), func(f parquet.Field) bool { return f.Name() == name })
		}
		msgs := func(r *pqMessagesRow) Example {
			return Example{ID: strings.Clone(r.ID), Messages: fromPQ(r.Messages), Meta: fromPQMeta(r.pqMeta, split)}
		}
		pc := func(r *pqPromptCompletionRow) Example {
			msgs := append(fromPQ(r.Prompt), fromPQ(r.Completion)...)
			return Example{ID: strings.Clone(r.ID), Messages: msgs, Meta: fromPQMeta(r.pqMeta, split)}
		}
		// withOrg keeps a row's org (p2p's is "", as in a run).
		withOrg := func(ex Example, org string) Example {
			if org != "p2p" {
				ex.Meta.Org = strings.Clone(org)
			}
			return ex
		}
		switch {
		case has("messages") && has("org"):
			readRows(pf, path, yield, func(r *pqMessagesOrgRow) Example { return withOrg(msgs(&r.pqMessagesRow), r.Org) })
		case has("messages"):
			readRows(pf, path, yield, msgs)
		case has("org"):
			readRows(pf, path, yield, func(r *pqPromptCompletionOrgRow) Example { return withOrg(pc(&r.pqPromptCompletionRow), r.Org) })
		default:
			readRows(pf, path, yield, pc)
		}
	}
}

func readRows[R any](pf *parquet.File, path string, yield func(Example, error) bool, conv func(*R) Example) {
	r := parquet.NewGenericReader[R](pf)
	defer r.Close()
	buf := make([]R, 64)
	for {
		n, err := r.Read(buf)
		for i := range n {
			if !yield(conv(&buf[i]), nil) {
				return
			}
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			yield(Example{}, fmt.Errorf("export: %s: %w", path, err))
			return
		}
	}
}

func fromPQ(ms []pqMessage) []Message {
	out := make([]Message, len(ms))
	for i, m := range ms {
		out[i] = Message{Role: strings.Clone(m.Role), Content: strings.Clone(m.Content)} // the reader may reuse its buffers
	}
	return out
}

// fromPQMeta copies a row's metadata out of the reader's buffers: an
// example may be kept after the next rows are read.
func fromPQMeta(m pqMeta, split string) Meta {
	c := strings.Clone
	return Meta{
		TrialID: c(m.TrialID), TaskID: c(m.TaskID), TaskType: c(m.TaskType), Split: split, Agent: c(m.Agent),
		Step: int(m.Step), Kind: c(m.Kind), Model: c(m.Model), NumAgents: int(m.NumAgents), Score: copyOf(m.Score), Success: copyOf(m.Success),
	}
}

func copyOf[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
