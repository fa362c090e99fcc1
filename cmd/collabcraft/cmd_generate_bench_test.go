package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"collabcraft/trajectory"
)

// benchGenerate runs generate b.N times into fresh run directories and
// reports trials/s, model calls/s and bytes on disk per transition.
func benchGenerate(b *testing.B, opts GenerateOptions) {
	var trialsN, transitions int
	var bytes int64
	base := b.TempDir()
	for i := 0; b.Loop(); i++ {
		opts.Out = filepath.Join(base, "run"+strconv.Itoa(i))
		if err := runGenerate(context.Background(), opts, GlobalOptions{Quiet: true}, nil); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		ix, err := trajectory.ReadIndex(opts.Out)
		if err != nil {
			b.Fatal(err)
		}
		c := ix.Counts()
		trialsN += c.Trials
		transitions += c.Transitions
		entries, err := os.ReadDir(filepath.Join(opts.Out, trajectory.TrialsDir))
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range entries {
			info, _ := e.Info()
			bytes += info.Size()
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(trialsN)/b.Elapsed().Seconds(), "trials/s")
	b.ReportMetric(float64(transitions)/b.Elapsed().Seconds(), "calls/s")
	b.ReportMetric(float64(bytes)/float64(transitions), "bytes/transition")
}

// BenchmarkGenerateOpenAI: the whole command, 8 workers, against a
// zero-latency local OpenAI-compatible endpoint, every trial recorded.
func BenchmarkGenerateOpenAI(b *testing.B) {
	srv := newModelServer(b, testKey)
	path, _ := writeCraftingTasks(b, 40, 11)
	opts := openAIOptions(b, srv, []string{path}, "")
	opts.Workers, opts.MaxTurns = 8, 20
	benchGenerate(b, opts)
}

// BenchmarkGenerateScripted: the whole command on 240 crafting tasks with
// scripted teams, 2 workers, every trial recorded (zstd, fsync).
func BenchmarkGenerateScripted(b *testing.B) {
	path, _ := writeCraftingTasks(b, 240, 12)
	opts := defaultGenerateOptions(b, []string{path}, "")
	opts.Workers = 2
	benchGenerate(b, opts)
}
