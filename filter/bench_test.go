package filter

import (
	"context"
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
	writeBenchRun(b, dir)
	const n = 600
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

// BenchmarkViewTrials reads the kept trials of a view of the same run
// (what export does with a view), reporting trials read per second.
func BenchmarkViewTrials(b *testing.B) {
	tmp := b.TempDir()
	dir := filepath.Join(tmp, "r")
	writeBenchRun(b, dir)
	in, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	f, _ := New(Paper())
	view := filepath.Join(tmp, "v")
	v, err := MakeView(context.Background(), in, f, view)
	if err != nil {
		b.Fatal(err)
	}
	if err := WriteView(view, v); err != nil {
		b.Fatal(err)
	}
	n := 0
	b.ResetTimer()
	for range b.N {
		in, err := Open(view)
		if err != nil {
			b.Fatal(err)
		}
		for _, err := range in.Trials() {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "trials/s")
}

// writeBenchRun writes 600 trials of 2 agents x 20 transitions.
func writeBenchRun(b *testing.B, dir string) {
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
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}
