package export

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// depthKnobs are the knobs of realisticSource's tasks by depth.
var depthKnobs = []Knobs{
	knobs(map[string]any{"depth": int64(0), "plan": "full_plan"}),
	knobs(map[string]any{"depth": int64(1), "plan": "full_plan"}),
	knobs(map[string]any{"depth": int64(2), "plan": "full_plan"}),
}

// realisticSource yields n MINDcraft-like transitions (a ~6 KB system prompt
// with command docs, stats and inventory, then 2..15 history turns), 24 per
// task, generated on the fly so the source itself holds no memory.
func realisticSource(n int, peak *uint64) Source {
	docs := strings.Repeat("!collectBlocks: Collect the nearest blocks of a given type.\nParams:\ntype: (string) The block type to collect.\nnum: (number) The number of blocks to collect.\n", 40)
	return func(yield func(Example, error) bool) {
		var ms runtime.MemStats
		for i := range n {
			if peak != nil && i%2000 == 0 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				*peak = max(*peak, ms.HeapInuse)
			}
			r := rand.New(rand.NewPCG(1, uint64(i)))
			task := i / 24
			split := "train"
			if task%10 == 9 {
				split = "test"
			}
			sys := fmt.Sprintf("You are a playful Minecraft bot named andy.\nSTATS\n- Position: x: %.2f, y: %.2f, z: %.2f\n- Health: %d / 20\nINVENTORY\n- oak_log: %d\n%s\nConversation Begin:",
				r.Float64()*100, 64+r.Float64()*8, r.Float64()*100, r.IntN(21), r.IntN(64), docs)
			msgs := []Message{{Role: "system", Content: sys}}
			for k := range 2 + r.IntN(14) {
				switch k % 3 {
				case 0:
					msgs = append(msgs, Message{Role: "user", Content: fmt.Sprintf("jill: (FROM OTHER BOT)I have %d oak_planks, want some?", r.IntN(9))})
				case 1:
					msgs = append(msgs, Message{Role: "assistant", Content: fmt.Sprintf("Sure! !collectBlocks(\"oak_log\", %d)", 1+r.IntN(9))})
				default:
					msgs = append(msgs, Message{Role: "system", Content: fmt.Sprintf("Collected %d oak_log.", r.IntN(9))})
				}
			}
			msgs = append(msgs, Message{Role: "assistant", Content: fmt.Sprintf("!craftRecipe(\"bookshelf\", %d)", 1+r.IntN(3))})
			d := task % 3
			ex := Example{ID: fmt.Sprintf("t%d#0/andy/%d", task, i%24), Messages: msgs, Meta: Meta{
				TrialID: fmt.Sprintf("t%d#0", task), TaskID: fmt.Sprintf("t%d", task), TaskType: "techtree", Split: split,
				Agent: "andy", Step: i % 24, Kind: "conversation", Model: "m", NumAgents: 2, Success: bp(true),
				Knobs: depthKnobs[d]}}
			if !yield(ex, nil) {
				return
			}
		}
	}
}

// BenchmarkWriteParquet measures the Parquet export alone (source generated in
// memory). Reported: examples/s, MB/s of message text and the peak in-use
// heap, which must not grow with the number of examples (compare the sizes).
func BenchmarkWriteParquet(b *testing.B) {
	for _, n := range []int{5000, 50000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var bytes int64
			for ex := range realisticSource(n, nil) {
				for _, m := range ex.Messages {
					bytes += int64(len(m.Content))
				}
			}
			var peak uint64
			b.ResetTimer()
			for i := range b.N {
				dest := filepath.Join(b.TempDir(), fmt.Sprint(i))
				if _, err := Write(context.Background(), realisticSource(n, &peak), dest, Options{Formats: []Format{FormatParquet}}); err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(n)/sec, "examples/s")
			b.ReportMetric(float64(bytes)/1e6/sec, "MB/s")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		})
	}
}
