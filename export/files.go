package export

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"os"
)

// Format names one output format.
type Format string

const (
	FormatParquet  Format = "parquet"
	FormatOpenAI   Format = "openai-jsonl"
	FormatShareGPT Format = "sharegpt"
	FormatArrow    Format = "arrow"
)

// AllFormats lists the formats in the order they are documented.
var AllFormats = []Format{FormatParquet, FormatOpenAI, FormatShareGPT, FormatArrow}

// FileInfo describes one written data file (paths use "/" and are relative
// to the dataset root).
type FileInfo struct {
	Path   string `json:"path"`
	Format Format `json:"format"`
	Split  string `json:"split"`
	Rows   int64  `json:"rows"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// sink is a file being written that counts and hashes its bytes, so no
// file is read back to fill the manifest.
type sink struct {
	path string
	f    *os.File
	h    hash.Hash
	n    int64
}

func createSink(path string) (*sink, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return &sink{path: path, f: f, h: sha256.New()}, nil
}

func (s *sink) Write(p []byte) (int, error) {
	n, err := s.f.Write(p)
	s.h.Write(p[:n])
	s.n += int64(n)
	return n, err
}

// finish syncs and closes the file and returns its size and sha256.
func (s *sink) finish() (int64, string, error) {
	err := s.f.Sync()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, "", fmt.Errorf("export: %s: %w", s.path, err)
	}
	return s.n, hex.EncodeToString(s.h.Sum(nil)), nil
}

// writeSmallFile writes a whole file and returns its size and sha256.
func writeSmallFile(path string, data []byte) (int64, string, error) {
	s, err := createSink(path)
	if err != nil {
		return 0, "", err
	}
	if _, err := s.Write(data); err != nil {
		s.f.Close()
		return 0, "", fmt.Errorf("export: %s: %w", path, err)
	}
	return s.finish()
}
