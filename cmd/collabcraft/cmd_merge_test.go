package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

func writeRunWithConfig(t *testing.T, dir, config string, trials ...*trajectory.Trial) {
	t.Helper()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "r", Config: json.RawMessage(config)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range trials {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func trialIDs(t *testing.T, dir string) []string {
	t.Helper()
	r, err := trajectory.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tr.TrialID)
	}
	return ids
}

func TestRunMerge(t *testing.T) {
	root := t.TempDir()
	a, b, all := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "all")
	cfg := `{"model":"m","seed":1}`
	writeRunWithConfig(t, a, cfg, fixtureTrial("t1", "techtree", 1, true, nil, 2), fixtureTrial("t3", "techtree", 0, false, nil, 1))
	writeRunWithConfig(t, b, cfg, fixtureTrial("t2", "techtree", 1, true, nil, 3))
	var out bytes.Buffer
	if err := runMerge(context.Background(), MergeOptions{Out: all, out: &out}, GlobalOptions{}, []string{a, b}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(trialIDs(t, all), ","); got != "t1,t2,t3" {
		t.Errorf("merged trials %s, want t1,t2,t3", got)
	}
	m, err := trajectory.ReadManifest(all)
	if err != nil {
		t.Fatal(err)
	}
	if m.Counts.Trials != 3 || m.Counts.Successes != 2 || m.Counts.Transitions != 2*(2+1+3) {
		t.Errorf("counts %+v", m.Counts)
	}
	if !strings.Contains(out.String(), "merged 2 runs into "+all) {
		t.Errorf("output:\n%s", out.String())
	}
	// Merging again, and after shard b grew, is allowed and adds only the new trial.
	writeRunWithConfig(t, b, cfg, fixtureTrial("t4", "techtree", 1, true, nil, 1))
	if err := runMerge(context.Background(), MergeOptions{Out: all, out: &out}, GlobalOptions{}, []string{a, b}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(trialIDs(t, all), ","); got != "t1,t2,t3,t4" {
		t.Errorf("merged again: trials %s", got)
	}
	if m, _ := trajectory.ReadManifest(all); m.Counts.Records != 4 {
		t.Errorf("merged again: %d records, want 4 (no duplicates)", m.Counts.Records)
	}
}

func TestRunMergeRefuses(t *testing.T) {
	root := t.TempDir()
	a, b, c, d := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c"), filepath.Join(root, "d")
	writeRunWithConfig(t, a, `{"model":"m","seed":1}`, fixtureTrial("t1", "techtree", 1, true, nil, 1))
	writeRunWithConfig(t, b, `{"model":"other","seed":1}`, fixtureTrial("t2", "techtree", 1, true, nil, 1))
	writeRunWithConfig(t, c, `{"model":"m","seed":1}`, fixtureTrial("t1", "techtree", 0, false, nil, 1))
	writeRunWithConfig(t, d, `{"model":"m","seed":1}`, fixtureTrial("t9", "techtree", 0, false, nil, 1))
	all := filepath.Join(root, "all")
	for _, tc := range []struct {
		runs []string
		out  string
		want string
	}{
		{[]string{a, b}, all, "different configurations (they differ in model)"},
		{[]string{a, c}, all, `trial "t1" is in both`},
		{[]string{a, a}, all, "given twice"},
		{[]string{a}, a, "also the output"},
		{nil, all, "give the runs to merge"},
		{[]string{a}, "", "-o/--out is required"},
		{[]string{filepath.Join(root, "nope")}, all, "nope"},
	} {
		err := runMerge(context.Background(), MergeOptions{Out: tc.out, out: &bytes.Buffer{}}, GlobalOptions{}, tc.runs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("merge %v -o %s: error %v, want %q", tc.runs, tc.out, err, tc.want)
		}
	}
	// A destination already holding t1 from a: merging c (another t1) is refused.
	if err := runMerge(context.Background(), MergeOptions{Out: all, out: &bytes.Buffer{}}, GlobalOptions{}, []string{a, d}); err != nil {
		t.Fatal(err)
	}
	err := runMerge(context.Background(), MergeOptions{Out: all, out: &bytes.Buffer{}}, GlobalOptions{}, []string{c})
	if err == nil || !strings.Contains(err.Error(), "already in") {
		t.Errorf("overlap with the destination: %v", err)
	}
}

// TestMergeFourShards plays a job as 4 shards, each its own run, merges
// them with the command, and gets exactly the trials of the unsharded run.
// A shard made with another seed is refused.
func TestMergeFourShards(t *testing.T) {
	srv := newModelServer(t, testKey)
	path, _ := writeCraftingTasks(t, 7, 5)
	base := t.TempDir()
	whole := filepath.Join(base, "whole")
	opts := openAIOptions(t, srv, []string{path}, whole)
	opts.TrialsPerTask = 2
	if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	var shards []string
	for i := range 4 {
		o := opts
		o.Out, o.Shard = filepath.Join(base, fmt.Sprintf("shard-%d", i)), fmt.Sprintf("%d/4", i)
		if err := runGenerate(context.Background(), o, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, o.Out)
	}
	merged := filepath.Join(base, "merged")
	var out bytes.Buffer
	if err := runMerge(context.Background(), MergeOptions{Out: merged, out: &out}, GlobalOptions{}, shards); err != nil {
		t.Fatal(err)
	}
	want := trials(t, whole)
	if len(want) != 14 {
		t.Fatalf("unsharded run: %d trials, want 14", len(want))
	}
	sameTrials(t, "4 shards merged vs unsharded", trials(t, merged), want)
	m, err := trajectory.ReadManifest(merged)
	if err != nil {
		t.Fatal(err)
	}
	if w, _ := trajectory.ReadManifest(whole); m.Counts.Records != 14 || m.Fingerprint != w.Fingerprint {
		t.Errorf("merged: %d records (want 14), fingerprint %.12s vs %.12s", m.Counts.Records, m.Fingerprint, w.Fingerprint)
	}

	other := opts
	other.Out, other.Shard, other.Seed = filepath.Join(base, "other-seed"), "0/4", 99
	if err := runGenerate(context.Background(), other, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	err = runMerge(context.Background(), MergeOptions{Out: filepath.Join(base, "bad"), out: &out}, GlobalOptions{}, []string{shards[1], other.Out})
	if err == nil || !strings.Contains(err.Error(), "different configurations (they differ in seed)") {
		t.Errorf("merging a run of another seed: %v", err)
	}
	// A shard of another split of the same job overlaps with shard 0/4.
	half := opts
	half.Out, half.Shard = filepath.Join(base, "half"), "0/2"
	if err := runGenerate(context.Background(), half, GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	err = runMerge(context.Background(), MergeOptions{Out: filepath.Join(base, "bad2"), out: &out}, GlobalOptions{}, []string{shards[0], half.Out})
	if err == nil || !strings.Contains(err.Error(), "the runs overlap") {
		t.Errorf("merging overlapping shards: %v", err)
	}
}

// TestRunMergeMissingShard: shard 0/2 alone is refused, naming shard 1/2,
// unless --partial.
func TestRunMergeMissingShard(t *testing.T) {
	root := t.TempDir()
	shard0, all := filepath.Join(root, "s0"), filepath.Join(root, "all")
	w, err := trajectory.OpenWriter(shard0, &trajectory.Manifest{Name: "r", Config: json.RawMessage(`{}`)},
		trajectory.WriterOptions{Label: "shard-0-of-2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(fixtureTrial("t0", "techtree", 1, true, nil, 1)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	err = runMerge(context.Background(), MergeOptions{Out: all, out: io.Discard}, GlobalOptions{}, []string{shard0})
	if err == nil || !strings.Contains(err.Error(), "shard 1/2 of the job is missing") || !strings.Contains(err.Error(), "--partial") {
		t.Fatalf("merging shard 0/2 alone: err = %v", err)
	}
	if err := runMerge(context.Background(), MergeOptions{Out: all, Partial: true, out: io.Discard}, GlobalOptions{}, []string{shard0}); err != nil {
		t.Fatalf("--partial: %v", err)
	}
}
