package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"collabcraft/atomicfile"
)

// A stamp records that a stage finished with given inputs: the key is a
// hash of everything the stage read (its flags, its input files), and
// Outputs the sha256 of the files it wrote. A rerun skips a stage whose
// key is unchanged and whose outputs are still there as written.
type Stamp struct {
	Key     string            `json:"key"`
	Outputs map[string]string `json:"outputs,omitempty"` // path -> sha256
}

// Key hashes values (JSON-encoded) into a stamp key.
func Key(values ...any) (string, error) {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, v := range values {
		if err := enc.Encode(v); err != nil {
			return "", fmt.Errorf("pipeline: stamp key: %w", err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// ReadStamp reads a stage's stamp; a missing or unreadable stamp is nil
// (the stage runs).
func ReadStamp(dir, stage string) *Stamp {
	b, err := os.ReadFile(filepath.Join(dir, stage+".json"))
	if err != nil {
		return nil
	}
	var s Stamp
	if json.Unmarshal(b, &s) != nil {
		return nil
	}
	return &s
}

// WriteStamp records a finished stage, atomically.
func WriteStamp(dir, stage string, s *Stamp) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, stage+".json"), append(b, '\n')); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return nil
}

// Fresh reports whether the stamp has this key and every output is still
// as written.
func (s *Stamp) Fresh(key string) bool {
	if s == nil || s.Key != key {
		return false
	}
	for path, sum := range s.Outputs {
		if got, err := FileHash(path); err != nil || got != sum {
			return false
		}
	}
	return true
}

// FileHash is the hex sha256 of a file.
func FileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
