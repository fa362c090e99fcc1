package trajectory

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"collabcraft/atomicfile"
)

// DamagedDir is where Repair moves damaged bytes, inside the run directory.
const DamagedDir = "damaged"

// Report is what Check found in a run, or what Repair moved aside.
type Report struct {
	Run     string
	Files   int      // trials files
	Records int      // intact records, superseded ones included
	Trials  int      // trials whose latest record is intact
	Damaged []Damage // in reading order
}

// Lost returns the damage that may cost recorded trials (Damage.Lost).
func (r Report) Lost() []Damage { return lost(r.Damaged) }

// Check verifies every record of run directory dir, superseded ones
// included: headers and their checksums, data checksums, and decoding
// (zstd, with its content checksum, then the trial line against the run's
// blobs). It returns an error only when the run cannot be read at all.
func Check(dir string) (Report, error) {
	files, err := checkRun(dir)
	if err != nil {
		return Report{}, err
	}
	return reportOf(dir, files), nil
}

// checkRun scans the run and decodes every intact record; a record that
// does not decode becomes damage in its place.
func checkRun(dir string) ([]scannedFile, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	files, err := scanRun(dir)
	if err != nil {
		return nil, err
	}
	for k := range files {
		sf := &files[k]
		f, err := os.Open(filepath.Join(dir, sf.name))
		if err != nil {
			return nil, fmt.Errorf("trajectory: %w", err)
		}
		var intact []IndexEntry
		for _, e := range sf.entries {
			_, err := readRecord(f, e, m.Blobs)
			var bad *badRecordError
			switch {
			case errors.As(err, &bad):
				sf.damage = append(sf.damage, Damage{Run: dir, File: sf.name, Offset: e.Offset, Len: e.end() - e.Offset,
					TrialID: e.TrialID, Reason: bad.reason})
			case err != nil:
				f.Close()
				return nil, fmt.Errorf("trajectory: %s: %w", filepath.Join(dir, sf.name), err)
			default:
				intact = append(intact, e)
			}
		}
		f.Close()
		sf.entries = intact
		slices.SortFunc(sf.damage, func(a, b Damage) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	return files, nil
}

func reportOf(dir string, files []scannedFile) Report {
	ix := indexOf(files)
	return Report{Run: dir, Files: len(files), Records: ix.Records(), Trials: len(ix.Entries()), Damaged: ix.Damaged()}
}

// Repair rewrites every damaged trials file of run directory dir as its
// intact records, byte for byte, and moves each damaged stretch aside to
// <dir>/damaged/<file>.<offset>.bin: nothing is deleted. Each file is
// replaced atomically (temp file, fsync, rename) after its damaged bytes
// are safely aside, so a crash leaves every file whole, old or new, and
// repairing again finishes the job. Repair holds the run's lock, so it
// refuses a run being written (*LockedError). The report lists what was
// moved (Damage.MovedTo); the trials lost with it are no longer recorded,
// so rerunning generate plays them again. Views made from the run before
// the repair must be made again (records in repaired files moved).
func Repair(dir string) (Report, error) {
	lock, err := lockRun(dir)
	if err != nil {
		return Report{}, err
	}
	defer lock.unlock()
	files, err := checkRun(dir)
	if err != nil {
		return Report{}, err
	}
	for k := range files {
		if len(files[k].damage) > 0 {
			if err := repairFile(dir, &files[k]); err != nil {
				return Report{}, err
			}
		}
	}
	rep := reportOf(dir, files)
	if len(rep.Damaged) == 0 {
		return rep, nil
	}
	return rep, updateCounts(dir, false)
}

// repairFile moves sf's damage aside (setting MovedTo) and replaces the
// file with its intact records, or removes it if none is left.
func repairFile(dir string, sf *scannedFile) error {
	path := filepath.Join(dir, sf.name)
	src, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	defer src.Close()
	aside := filepath.Join(dir, DamagedDir)
	if err := os.MkdirAll(aside, 0o755); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	for i := range sf.damage {
		d := &sf.damage[i]
		b := make([]byte, d.Len)
		if _, err := src.ReadAt(b, d.Offset); err != nil {
			return fmt.Errorf("trajectory: %s: %w", path, err)
		}
		d.MovedTo = filepath.Join(DamagedDir, filepath.Base(sf.name)+"."+strconv.FormatInt(d.Offset, 10)+".bin")
		if err := atomicfile.Write(filepath.Join(dir, d.MovedTo), b); err != nil {
			return fmt.Errorf("trajectory: %w", err)
		}
	}
	if len(sf.entries) == 0 {
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("trajectory: %w", err)
		}
		return atomicfile.SyncDir(filepath.Dir(path))
	}
	parts := make([]io.Reader, len(sf.entries))
	for i, e := range sf.entries {
		parts[i] = io.NewSectionReader(src, e.Offset, e.end()-e.Offset)
	}
	if err := atomicfile.WriteFrom(path, io.MultiReader(parts...)); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	return nil
}
