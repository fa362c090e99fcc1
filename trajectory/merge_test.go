package trajectory

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMergeShards(t *testing.T) {
	root := t.TempDir()
	shards := []string{root + "/shard0", root + "/shard1"}
	blobs := realisticBlobs(t)
	for s, dir := range shards {
		w := openTestWriter(t, dir, blobs[s*3:s*3+3]...) // each shard knows some blobs
		for i := s; i < 10; i += 2 {
			if err := w.Write(realisticTrial(t, uint64(i), 4)); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	dst := root + "/merged"
	for range 2 { // merging again changes nothing
		if err := Merge(dst, shards, MergeOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	got := readAll(t, dst)
	if len(got) != 10 {
		t.Fatalf("merged run has %d trials, want 10", len(got))
	}
	for i, tr := range got {
		sameTrial(t, realisticTrial(t, uint64(i), 4), tr)
	}
	m, _ := ReadManifest(dst)
	if m.Counts.Trials != 10 || m.Counts.Records != 10 {
		t.Fatalf("counts %+v", m.Counts)
	}

	other := root + "/other"
	om := testManifest()
	om.Config = json.RawMessage(`{"backend":"openai"}`)
	w, err := OpenWriter(other, om, WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	var mm *ConfigMismatchError
	if err := Merge(dst, []string{other}, MergeOptions{}); !errors.As(err, &mm) {
		t.Fatalf("merging another configuration: err = %v", err)
	}
}

// TestMergeMissingShards: merging shard 0 of 3 alone names shards 1 and 2
// as missing, unless the merge is partial on purpose; merging the rest
// later completes the set.
func TestMergeMissingShards(t *testing.T) {
	root := t.TempDir()
	var shards []string
	for s := range 3 {
		dir := filepath.Join(root, fmt.Sprint("shard", s))
		w, err := OpenWriter(dir, testManifest(), WriterOptions{Label: fmt.Sprintf("shard-%d-of-3", s)})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(&Trial{TrialID: fmt.Sprint("t", s), Outcome: Outcome{EndReason: EndSuccess}}); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, dir)
	}
	dst := filepath.Join(root, "merged")
	var ms *MissingShardsError
	err := Merge(dst, shards[:1], MergeOptions{})
	if !errors.As(err, &ms) || strings.Join(ms.Missing, " ") != "1/3 2/3" || !strings.Contains(err.Error(), "shards 1/3, 2/3") {
		t.Fatalf("merging shard 0/3 alone: err = %v", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused merge created %s", dst)
	}
	if err := Merge(dst, shards[:1], MergeOptions{Partial: true}); err != nil {
		t.Fatalf("partial merge: %v", err)
	}
	if err := Merge(dst, shards[1:], MergeOptions{}); err != nil {
		t.Fatalf("merging the other shards into the partial merge: %v", err)
	}
	if got := readAll(t, dst); len(got) != 3 {
		t.Fatalf("merged %d trials, want 3", len(got))
	}
}
