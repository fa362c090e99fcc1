package filter

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"collabcraft/trajectory"
)

// BenchmarkApply measures the paper's recipe with construction grouped by
// rooms over a run of 600 trials (40 transitions each), quantile pass
// included; it reports trials per second.
func BenchmarkApply(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "r")
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "bench", Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	kinds := make([]string, 20)
	for i := range kinds {
		kinds[i] = trajectory.KindConversation
	}
	const n = 600
	for i := range n {
		s := spec{id: fmt.Sprintf("t%04d", i), typ: []string{"techtree", "cooking", "construction"}[i%3],
			score: float64(i%10) / 10, success: i%4 == 0, knobs: map[string]any{"rooms": i % 3}, agents: [][]string{kinds, kinds}}
		if err := w.Write(makeTrial(s)); err != nil {
			b.Fatal(err)
		}
	}
	w.Close()
	cfg := Paper()
	cfg.TopQuantile.GroupBy = []string{"rooms"}
	b.ResetTimer()
	for range b.N {
		in, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		f, _ := New(cfg)
		for _, err := range f.Apply(in) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "trials/s")
}
