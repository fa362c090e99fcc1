package trajectory

import (
	"encoding/json"
	"errors"
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
		if err := Merge(dst, shards...); err != nil {
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
	if err := Merge(dst, other); !errors.As(err, &mm) {
		t.Fatalf("merging another configuration: err = %v", err)
	}
}
