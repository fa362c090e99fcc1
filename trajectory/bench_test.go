package trajectory

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// BenchmarkWrite writes realistic two-agent trials (40 calls per agent,
// ~9 KB system prompts, 15-turn window) and reports bytes on disk per
// transition and transitions written per second.
func BenchmarkWrite(b *testing.B) {
	for _, l := range []zstd.EncoderLevel{zstd.SpeedFastest, zstd.SpeedDefault, zstd.SpeedBetterCompression} {
		b.Run(l.String(), func(b *testing.B) { benchWrite(b, l) })
	}
}

func benchWrite(b *testing.B, level zstd.EncoderLevel) {
	trials := make([]*Trial, 16)
	n := 0
	for i := range trials {
		trials[i] = realisticTrial(b, uint64(i), 40)
		n += len(trials[i].Agents[0].Transitions) + len(trials[i].Agents[1].Transitions)
	}
	dir := b.TempDir()
	w, err := OpenWriter(dir, testManifest(), WriterOptions{Level: level})
	if err != nil {
		b.Fatal(err)
	}
	if err := w.AddBlobs(realisticBlobs(b)...); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			if err := w.Write(trials[i%len(trials)]); err != nil {
				b.Error(err)
				return
			}
			i++
		}
	})
	b.StopTimer()
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, w.File()))
	if err != nil {
		b.Fatal(err)
	}
	perTrial := float64(n) / float64(len(trials))
	trans := perTrial * float64(b.N)
	b.ReportMetric(float64(st.Size())/trans, "bytes/transition")
	b.ReportMetric(trans/b.Elapsed().Seconds(), "transitions/s")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// BenchmarkRead streams the same kind of run back, rebuilding every message.
func BenchmarkRead(b *testing.B) {
	dir := b.TempDir()
	w, err := OpenWriter(dir, testManifest(), WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if err := w.AddBlobs(realisticBlobs(b)...); err != nil {
		b.Fatal(err)
	}
	trans := 0
	for i := range 64 {
		t := realisticTrial(b, uint64(i), 40)
		trans += len(t.Agents[0].Transitions) + len(t.Agents[1].Transitions)
		if err := w.Write(t); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	msgBytes := 0
	for range b.N {
		r, err := Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		for t, err := range r.Trials() {
			if err != nil {
				b.Fatal(err)
			}
			for _, a := range t.Agents {
				for _, tr := range a.Transitions {
					for _, m := range tr.Messages {
						msgBytes += len(m.Content)
					}
				}
			}
		}
	}
	b.ReportMetric(float64(trans*b.N)/b.Elapsed().Seconds(), "transitions/s")
	b.ReportMetric(float64(msgBytes)/b.Elapsed().Seconds()/1e6, "MB-rebuilt/s")
}

// BenchmarkEncodeTrial is the writer's CPU work before compression: one
// realistic trial (2 agents x 40 calls) to its JSON line.
func BenchmarkEncodeTrial(b *testing.B) {
	t := realisticTrial(b, 1, 40)
	m := map[string]string{}
	for _, s := range realisticBlobs(b) {
		m[BlobID(s)] = s
	}
	bs := newBlobSet(m)
	for b.Loop() {
		if _, err := encodeTrial(t, bs); err != nil {
			b.Fatal(err)
		}
	}
}
