package stats

import (
	"encoding/json"
	"fmt"
	"iter"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"collabcraft/filter"
	"collabcraft/trajectory"
)

// manyTrials writes a run of n trials of the three kinds, each with its own
// task, two agents of 8 calls each and about 24 KB of text of its own, so a
// trial kept alive by mistake is plain to see in the heap.
func manyTrials(tb testing.TB, dir string, n int) {
	tb.Helper()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "many", Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	kinds := []struct {
		typ  string
		diff func(i int) map[string]any
	}{
		{"techtree", func(i int) map[string]any { return map[string]any{"depth": i % 3, "plan": "full_plan"} }},
		{"cooking", func(i int) map[string]any { return map[string]any{"blocked": i % 2, "variant": "partial_access"} }},
		{"construction", func(i int) map[string]any { return map[string]any{"materials": i % 3, "rooms": i % 2} }},
	}
	for i := range n {
		k := kinds[i%len(kinds)]
		id := fmt.Sprintf("task_%05d", i)
		t := &trajectory.Trial{TrialID: id + "#0", TaskID: id, TaskType: k.typ, Split: []string{"train", "test"}[i%2],
			Difficulty: k.diff(i), SimSeconds: 60 + float64(i%7),
			Outcome: trajectory.Outcome{Score: float64(i%5) / 4, Success: i%5 == 4, EndReason: trajectory.EndTimeout},
			Metrics: map[string]float64{"active_seconds:Andy_0": float64(i % 11), "active_seconds:Andy_1": 5}}
		for a := range 2 {
			name := fmt.Sprintf("Andy_%d", a)
			t.Team = append(t.Team, trajectory.Member{Name: name, Backend: "scripted"})
			ag := trajectory.Agent{Name: name}
			for j := range 8 {
				text := strings.Repeat(fmt.Sprintf("%s says %d.%d; ", id, a, j), 100) // ~1.5 KB, this trial's own
				ag.Transitions = append(ag.Transitions, trajectory.Transition{Step: j, Kind: trajectory.KindConversation,
					Messages: []trajectory.Message{{Role: "user", Content: text}}, Response: "!stop() " + text[:40],
					Command: "!stop()", SimTime: float64(j), Usage: trajectory.Usage{PromptTokens: 400, CompletionTokens: 12}})
			}
			t.Agents = append(t.Agents, ag)
		}
		if err := w.Write(t); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
}

// liveHeap is the heap that survives a collection now, in bytes.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// sampled passes trials through, calling sample after every every-th trial
// (while the consumer still holds everything it keeps from the trials
// before it).
func sampled(trials iter.Seq2[*trajectory.Trial, error], every int, sample func()) iter.Seq2[*trajectory.Trial, error] {
	return func(yield func(*trajectory.Trial, error) bool) {
		n := 0
		for t, err := range trials {
			if !yield(t, err) {
				return
			}
			if n++; n%every == 0 {
				sample()
			}
		}
	}
}

// TestCollectKeepsNoTrial checks that Collect's memory is flat in the number
// of trials: between its 100th and 400th trial, the live heap grows by the
// distinct task ids it counts, not by the trials (about 24 KB each) it read.
func TestCollectKeepsNoTrial(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "many")
	manyTrials(t, dir, 400)
	in, err := filter.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var live []uint64
	if _, err := Collect(sampled(in.Trials(), 100, func() { live = append(live, liveHeap()) }), nil); err != nil {
		t.Fatal(err)
	}
	if len(live) != 4 {
		t.Fatalf("%d samples, want 4", len(live))
	}
	const perTrial = 1 << 10 // a task id in two sets, with room to spare
	grew := int64(live[3]) - int64(live[0])
	t.Logf("the live heap grew by %d bytes over 300 trials", grew)
	if grew > 300*perTrial {
		t.Errorf("the live heap grew by %d bytes over 300 trials (%d per trial), want at most %d per trial: Collect keeps trials",
			grew, grew/300, perTrial)
	}
}

// BenchmarkCollect runs stats over runs of 250 to 2,000 trials (about 24 KB
// of text each) and reports, beside time and allocations, the peak live
// heap while it reads, less the heap before (from one untimed pass that
// samples it every 50 trials after a collection), and that peak per trial.
// Memory flat in the number of trials shows as peak-live-B staying put
// from one size to the next (before trials owned their ids it grew by
// about 40 KB a trial). BenchmarkRead is the floor to compare time with.
func BenchmarkCollect(b *testing.B) { benchTrials(b, true) }

// BenchmarkRead reads the runs of BenchmarkCollect without summarising
// them: the time stats cannot beat.
func BenchmarkRead(b *testing.B) { benchTrials(b, false) }

func benchTrials(b *testing.B, collect bool) {
	for _, n := range []int{250, 500, 1000, 2000} {
		b.Run(fmt.Sprintf("trials=%d", n), func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "many")
			manyTrials(b, dir, n)
			pass := func(sample func()) {
				in, err := filter.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				trials := in.Trials()
				if sample != nil {
					trials = sampled(trials, 50, sample)
				}
				if collect {
					if _, err := Collect(trials, nil); err != nil {
						b.Fatal(err)
					}
					return
				}
				for _, err := range trials {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			if collect {
				base := liveHeap()
				var peak uint64
				pass(func() { peak = max(peak, liveHeap()) })
				grew := float64(peak - min(peak, base))
				defer func() {
					b.ReportMetric(grew, "peak-live-B")
					b.ReportMetric(grew/float64(n), "peak-live-B/trial")
				}()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				pass(nil)
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "trials/s")
		})
	}
}
