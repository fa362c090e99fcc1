package export

import (
	"compress/gzip"
	"fmt"
	"io"

	kzstd "github.com/klauspost/compress/zstd"
)

// Compression is how the OpenAI JSONL files are compressed. Hugging Face
// datasets (and so TRL and Axolotl) decompress .jsonl.gz and .jsonl.zst
// as they read; LLaMA-Factory reads plain files only, so ShareGPT is never
// compressed.
type Compression string

const (
	CompressNone Compression = ""
	CompressGzip Compression = "gzip"
	CompressZstd Compression = "zstd"
)

// ParseCompression reads "none", "gzip" or "zstd".
func ParseCompression(s string) (Compression, error) {
	switch s {
	case "", "none":
		return CompressNone, nil
	case "gzip":
		return CompressGzip, nil
	case "zstd":
		return CompressZstd, nil
	}
	return "", fmt.Errorf("export: compression %q: expected none, gzip or zstd", s)
}

// ext is the suffix the compressed file's name gets after .jsonl.
func (c Compression) ext() string {
	switch c {
	case CompressGzip:
		return ".gz"
	case CompressZstd:
		return ".zst"
	}
	return ""
}

// zstdWindow lets zstd find a prompt repeated a few examples back (a
// MINDcraft prompt is 10-30 kB, a line holds it whole): with gzip's 32 kB
// window most repeats are out of reach.
const zstdWindow = 8 << 20

// compressor wraps w; closing it flushes the stream's end but not w.
//
// The zstd encoder keeps its default history buffer, twice the window
// (16 MiB): with the lower-memory option (the window and one 128 KiB
// block) it moved the whole 8 MiB window down at every block once the
// stream passed the window, 64 times the bytes written, which was 10% of
// the preset's export CPU (16 of 163 CPU-s). The frames are the same byte
// for byte (TestZstdStreamIsTheLowMemoryOnes); the buffer costs 8 MiB more
// per open split.
func (c Compression) compressor(w io.Writer) (io.WriteCloser, error) {
	switch c {
	case CompressGzip:
		return gzip.NewWriterLevel(w, gzip.DefaultCompression)
	case CompressZstd:
		return kzstd.NewWriter(w, zstdStreamOptions()...)
	}
	return nopCloser{w}, nil
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// zstdStreamOptions are the JSONL stream encoder's options.
func zstdStreamOptions() []kzstd.EOption {
	return []kzstd.EOption{kzstd.WithEncoderLevel(kzstd.SpeedDefault), kzstd.WithWindowSize(zstdWindow), kzstd.WithEncoderConcurrency(1)}
}
