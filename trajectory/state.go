package trajectory

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// State identifies a run's trials without reading them, so a caller can
// tell whether a run changed since it last looked (the pipeline's stage
// stamps): writers only append, to trials files of their own. run.json's
// other fields are left out: every resumed run rewrites its end time.
type State struct {
	Fingerprint string   // of the run's configuration (run.json)
	Files       []string // "NAME SIZE" of each trials file, sorted by name
}

// ReadState reads the state of run directory dir.
func ReadState(dir string) (State, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return State{}, err
	}
	names, err := trialsFiles(dir)
	if err != nil {
		return State{}, err
	}
	s := State{Fingerprint: m.Fingerprint}
	for _, name := range names {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			return State{}, fmt.Errorf("trajectory: %w", err)
		}
		s.Files = append(s.Files, fmt.Sprintf("%s %d", strings.TrimPrefix(filepath.ToSlash(name), TrialsDir+"/"), info.Size()))
	}
	return s, nil
}
