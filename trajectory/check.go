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
	"time"

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

// Harmful returns the damage that is not benign (Damage.Benign), on which
// readers fail.
func (r Report) Harmful() []Damage { return harmful(r.Damaged) }

// Check verifies every record of run directory dir, superseded ones
// included: headers and their checksums, data checksums, and decoding
// (zstd, with its content checksum, then the trial line against the run's
// blobs); it holds the files to their seals and the run to its counts
// (FileSeal), and the blobs to their ids. It returns an error only when
// the run cannot be read at all.
func Check(dir string) (Report, error) {
	_, files, err := checkRun(dir)
	if err != nil {
		return Report{}, err
	}
	return reportOf(dir, files), nil
}

// checkRun scans the run and decodes every intact record; a record that
// does not decode becomes damage in its place (one needing a blob run.json
// lacks keeps its bytes: Damage.Blob).
func checkRun(dir string) (*Manifest, []scannedFile, error) {
	m, files, err := scanRun(dir)
	if err != nil {
		return nil, nil, err
	}
	blobs := goodBlobs(m.Blobs)
	for k := range files {
		sf := &files[k]
		if sf.name == "" || len(sf.entries) == 0 {
			continue
		}
		f, err := os.Open(filepath.Join(dir, sf.name))
		if err != nil {
			return nil, nil, fmt.Errorf("trajectory: %w", err)
		}
		var intact []IndexEntry
		for _, e := range sf.entries {
			_, err := readRecord(f, e, blobs)
			var bad *badRecordError
			switch {
			case errors.As(err, &bad):
				sf.damage = append(sf.damage, Damage{Run: dir, File: sf.name, Offset: e.Offset, Len: e.end() - e.Offset,
					TrialID: e.TrialID, Reason: bad.reason, Blob: bad.blob, seq: e.seq})
				if bad.blob != "" {
					sf.blobbed = append(sf.blobbed, e)
				}
			case err != nil:
				f.Close()
				return nil, nil, fmt.Errorf("trajectory: %s: %w", filepath.Join(dir, sf.name), err)
			default:
				intact = append(intact, e)
			}
		}
		f.Close()
		sf.entries = intact
		slices.SortStableFunc(sf.damage, func(a, b Damage) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	return m, files, nil
}

func reportOf(dir string, files []scannedFile) Report {
	ix := indexOf(files)
	n := 0
	for _, sf := range files {
		if sf.name != "" && (len(sf.entries) > 0 || len(sf.damage) > 0) && sf.size > 0 {
			n++
		}
	}
	return Report{Run: dir, Files: n, Records: ix.Records(), Trials: len(ix.Entries()), Damaged: ix.Damaged()}
}

// Repair rewrites every damaged trials file of run directory dir as its
// intact records, byte for byte, and moves each damaged stretch (records
// of other files spliced in too) aside to <dir>/damaged/<file>.<offset>.bin:
// nothing is deleted. Each file is replaced atomically (temp file, fsync,
// rename) after its damaged bytes are safely aside, so a crash leaves every
// file whole, old or new, and repairing again finishes the job. A record
// whose bytes are intact but that needs a blob run.json lacks is never
// moved (Damage.Blob: running the run's generate command again registers
// the blob). Repair then seals every file as it now is and notes in
// run.json what was lost (RepairNote): missing records, named by their
// seal, are acknowledged, not recovered. Repair holds the run's lock, so
// it refuses a run being written (*LockedError). The report lists what
// was moved (Damage.MovedTo); the trials lost are no longer recorded, so
// rerunning generate plays them again. Views made from the run before the
// repair must be made again (records in repaired files moved).
func Repair(dir string) (Report, error) {
	lock, err := lockRun(dir)
	if err != nil {
		return Report{}, err
	}
	defer lock.unlock()
	m, files, err := checkRun(dir)
	if err != nil {
		return Report{}, err
	}
	seals := map[string]FileSeal{}
	note := &RepairNote{At: time.Now().UTC()}
	for k := range files {
		sf := &files[k]
		if sf.name == "" {
			continue
		}
		if slices.ContainsFunc(sf.damage, func(d Damage) bool { return d.Len > 0 && d.Blob == "" }) {
			if err := repairFile(dir, sf); err != nil {
				return Report{}, err
			}
			for _, d := range sf.damage {
				if d.MovedTo != "" {
					note.Moved = append(note.Moved, d.MovedTo)
				}
			}
		}
		_, sealed := m.Files[filepath.ToSlash(sf.name)]
		if sf.size == 0 && sealed {
			seals[filepath.ToSlash(sf.name)] = FileSeal{} // gone: the seal goes
			continue
		}
		if sf.size > 0 && (len(sf.damage) > 0 || !sealed) {
			seals[filepath.ToSlash(sf.name)] = sealOf(*sf)
		}
	}
	rep := reportOf(dir, files)
	for _, d := range rep.Damaged {
		switch {
		case !d.Lost() || d.Blob != "":
		case d.TrialID != "":
			note.Trials = append(note.Trials, d.TrialID)
		case d.Count > 0:
			note.Unnamed += d.Count
		default:
			note.Unnamed++
		}
	}
	if len(note.Trials) == 0 && note.Unnamed == 0 && len(note.Moved) == 0 {
		note = nil
	}
	if len(seals) == 0 && note == nil && m.Format == FormatVersion {
		return rep, nil
	}
	return rep, updateManifest(dir, false, seals, note)
}

// repairFile moves sf's damage aside (setting MovedTo) and replaces the
// file with its intact records (and those that only need a blob), or
// removes it if none is left; sf is updated to the file as it now is.
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
		if d.Len == 0 || d.Blob != "" {
			continue
		}
		b := make([]byte, d.Len)
		if _, err := src.ReadAt(b, d.Offset); err != nil {
			return fmt.Errorf("trajectory: %s: %w", path, err)
		}
		d.MovedTo = filepath.Join(DamagedDir, filepath.Base(sf.name)+"."+strconv.FormatInt(d.Offset, 10)+".bin")
		if err := atomicfile.Write(filepath.Join(dir, d.MovedTo), b); err != nil {
			return fmt.Errorf("trajectory: %w", err)
		}
	}
	keep := append(slices.Clone(sf.entries), sf.blobbed...)
	slices.SortFunc(keep, func(a, b IndexEntry) int { return cmp.Compare(a.Offset, b.Offset) })
	if len(keep) == 0 {
		if err := os.Remove(path); err != nil {
			return fmt.Errorf("trajectory: %w", err)
		}
		sf.size, sf.entries = 0, nil
		return atomicfile.SyncDir(filepath.Dir(path))
	}
	parts := make([]io.Reader, len(keep))
	var off int64
	moved := map[int64]int64{} // old offset -> new
	for i, e := range keep {
		parts[i] = io.NewSectionReader(src, e.Offset, e.end()-e.Offset)
		moved[e.Offset] = off
		off += e.end() - e.Offset
	}
	if err := atomicfile.WriteFrom(path, io.MultiReader(parts...)); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	// The file as it now is, for its seal: the kept records at their new
	// offsets, no cut end.
	for i := range sf.entries {
		e := &sf.entries[i]
		shift := moved[e.Offset] - e.Offset
		e.Offset += shift
		e.dataOff += shift
	}
	sf.size = off
	return nil
}
