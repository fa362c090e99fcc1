package trajectory

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"collabcraft/atomicfile"
)

// FormatVersion is the version of the run layout (run.json "format")
// this build writes. Format 2 (issue 26) added the records' file and place
// and the header checksum over the length prefix (frame.go), the files'
// seals and the repair notes in run.json; format 1 runs are read as they
// are, and become format 2 when written again (their old records stay).
// A build reading only format 1 refuses format 2, whose records it would
// take for damaged.
const FormatVersion = 2

// oldestFormat is the oldest run format this build reads.
const oldestFormat = 1

// Names inside a run directory.
const (
	ManifestFile = "run.json"
	TrialsDir    = "trials"
	TrialsExt    = ".jsonl.zst"
	lockName     = "run.lock"
)

// Manifest is run.json: what produced the run. It never holds secrets.
type Manifest struct {
	Format             int               `json:"format"`
	Name               string            `json:"name"`
	CollabcraftVersion string            `json:"collabcraft_version"`
	MCDataVersion      string            `json:"mcdata_version"`
	Config             json.RawMessage   `json:"config"`      // the generate configuration, without secrets
	Fingerprint        string            `json:"fingerprint"` // Fingerprint(Config); set by the writer
	TaskFiles          []TaskFile        `json:"task_files"`
	Backends           []Backend         `json:"backends"`
	Seed               uint64            `json:"seed"`
	PromptTemplates    map[string]string `json:"prompt_templates,omitempty"`
	Blobs              map[string]string `json:"blobs,omitempty"` // BlobID(text) -> text: static prompt parts
	StartedAt          time.Time         `json:"started_at"`
	EndedAt            time.Time         `json:"ended_at,omitzero"` // zero while a writer is open
	Counts             Counts            `json:"counts"`
	// Files seals each trials file whose writer closed it (or died and
	// was followed), by name relative to the run: see FileSeal.
	Files map[string]FileSeal `json:"files,omitempty"`
	// Repairs notes what each Repair acknowledged as lost.
	Repairs []RepairNote `json:"repairs,omitempty"`
}

// TaskFile is one task file a run was generated from.
type TaskFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Tasks  int    `json:"tasks,omitempty"`
}

// HashTaskFile returns path's TaskFile entry (tasks left for the caller).
func HashTaskFile(path string) (TaskFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return TaskFile{}, fmt.Errorf("trajectory: %w", err)
	}
	defer f.Close()
	h := sha256.New() // streamed: the paper suite's construction train file is 77 MB
	if _, err := io.Copy(h, f); err != nil {
		return TaskFile{}, fmt.Errorf("trajectory: %w", err)
	}
	return TaskFile{Path: path, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// Backend is one agent backend of the run.
type Backend struct {
	Agent   string         `json:"agent,omitempty"` // agent name it serves; "" = the default backend
	Name    string         `json:"name"`            // "scripted" | "openai"
	Model   string         `json:"model,omitempty"`
	BaseURL string         `json:"base_url,omitempty"`
	Params  map[string]any `json:"params,omitempty"` // temperature, top_p, ... (never keys)
}

// Counts summarise the run's latest records (see Index).
type Counts struct {
	Records          int            `json:"records"` // all records, superseded ones included
	Trials           int            `json:"trials"`  // distinct trial ids
	Successes        int            `json:"successes"`
	Errors           int            `json:"errors"`
	EndReasons       map[string]int `json:"end_reasons,omitempty"`
	Transitions      int            `json:"transitions"`
	PromptTokens     int64          `json:"prompt_tokens"`
	CompletionTokens int64          `json:"completion_tokens"`
}

// Fingerprint is the SHA-256 of config in canonical JSON (object keys
// sorted, no spaces), so equal configurations match however they were
// formatted.
func Fingerprint(config json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(config)) == 0 {
		config = json.RawMessage("null")
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(config))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("trajectory: config is not JSON: %w", err)
	}
	canon, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return hex.EncodeToString(sum[:]), nil
}

// ReadManifest reads dir/run.json.
func ReadManifest(dir string) (*Manifest, error) {
	path := filepath.Join(dir, ManifestFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("trajectory: %s: no %s: not a run directory", dir, ManifestFile)
	}
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("trajectory: %s: %w", path, err)
	}
	if m.Format < oldestFormat || m.Format > FormatVersion {
		return nil, fmt.Errorf("trajectory: %s: format %d, this build reads formats %d to %d", path, m.Format, oldestFormat, FormatVersion)
	}
	return &m, nil
}

// writeManifest writes dir/run.json atomically (see atomicfile.Write).
func writeManifest(dir string, m *Manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("trajectory: run.json: %w", err)
	}
	if err := atomicfile.Write(filepath.Join(dir, ManifestFile), append(b, '\n')); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	return nil
}

// ConfigMismatchError is returned when a run directory already holds a run
// made with a different configuration.
type ConfigMismatchError struct {
	Dir       string
	Have, Got string // fingerprints: the run's and the new one
}

func (e *ConfigMismatchError) Error() string {
	return fmt.Sprintf("trajectory: %s was generated with a different configuration (fingerprint %.12s, now %.12s); use another output directory or force it", e.Dir, e.Have, e.Got)
}
