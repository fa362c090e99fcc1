package export

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	kzstd "github.com/klauspost/compress/zstd"
)

// zstdTestStream is JSONL-like text well past the zstd window: lines
// repeat prompts from a pool, near and more than a window back.
func zstdTestStream(n int) []byte {
	r := rand.New(rand.NewPCG(34, 1))
	words := []string{"craft", "the", "oak_planks", "!collectBlocks", "stone", "chest", "Andy", "Jill", "wooden_pickaxe", "I", "have", "need", "give", "you"}
	prompts := make([]string, 400)
	for i := range prompts {
		var b bytes.Buffer
		for b.Len() < 20000+r.IntN(20000) {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
		}
		prompts[i] = b.String()
	}
	var out bytes.Buffer
	for out.Len() < n {
		fmt.Fprintf(&out, "{\"messages\":[{\"role\":\"system\",\"content\":%q},{\"role\":\"user\",\"content\":\"turn %d\"}]}\n",
			prompts[r.IntN(len(prompts))], r.IntN(1000))
	}
	return out.Bytes()
}

// The JSONL stream encoder writes the same frames as the lower-memory
// encoder it replaced (the history buffer's size is no part of the
// format), for a stream of several windows written in uneven pieces.
func TestZstdStreamIsTheLowMemoryOnes(t *testing.T) {
	src := zstdTestStream(3*zstdWindow + 12345)
	write := func(w io.WriteCloser) {
		r := rand.New(rand.NewPCG(7, 7))
		for rest := src; len(rest) > 0; {
			k := min(len(rest), 1+r.IntN(300<<10))
			if _, err := w.Write(rest[:k]); err != nil {
				t.Fatal(err)
			}
			rest = rest[k:]
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	var got, want bytes.Buffer
	w, err := CompressZstd.compressor(&got)
	if err != nil {
		t.Fatal(err)
	}
	write(w)
	old, err := kzstd.NewWriter(&want, kzstd.WithEncoderLevel(kzstd.SpeedDefault), kzstd.WithWindowSize(zstdWindow),
		kzstd.WithEncoderConcurrency(1), kzstd.WithLowerEncoderMem(true))
	if err != nil {
		t.Fatal(err)
	}
	write(old)
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("the stream differs from the lower-memory encoder's: %d vs %d bytes", got.Len(), want.Len())
	}
	d, err := kzstd.NewReader(&got)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	back, err := io.ReadAll(d)
	if err != nil || !bytes.Equal(back, src) {
		t.Fatalf("the stream does not read back (%v)", err)
	}
}

func BenchmarkZstdStream(b *testing.B) {
	src := zstdTestStream(2 * zstdWindow)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		w, err := CompressZstd.compressor(io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := w.Write(src); err != nil {
			b.Fatal(err)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
