package trajectory

import (
	"cmp"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"collabcraft/plural"
)

// A trials file is sealed in run.json (Manifest.Files) once its writer has
// closed it, or, for a writer that died, by the next writer of the run:
// how long it is and which trial each of its records holds. A sealed file
// can no longer be cut short by a crash, so a file shorter than its seal,
// or a record missing from it, is loss, named by the seal; only the newest
// trials file of a run may be unsealed (its writer is at work, or died),
// and only there does a record cut short at the end count as an
// interrupted write. Runs written before seals existed (format 1) have
// only their counts: fewer records than run.json counted at its last
// close is loss too.
type FileSeal struct {
	// Size is the file's length when it was sealed.
	Size int64 `json:"size"`
	// Trials is the trial id of each record by its place in the file
	// (format 2 records carry their place, "seq"; a format 1 file's
	// records are in file order). "" marks a place emptied by a repair.
	Trials []string `json:"trials"`
	// Cut is the length of an unacknowledged record cut short at the end
	// of the file (its writer died while writing it), part of Size.
	Cut int64 `json:"cut,omitempty"`
	// Ordered is false for a file of format 1 records, which carry no
	// place: they are matched to Trials in file order.
	Ordered bool `json:"ordered,omitempty"`
}

// Records is the number of records the seal holds.
func (s FileSeal) Records() int {
	n := 0
	for _, id := range s.Trials {
		if id != "" {
			n++
		}
	}
	return n
}

// RepairNote records what a Repair acknowledged as lost, in run.json, so
// that a later reader can still tell (export lists the trials not played
// again since).
type RepairNote struct {
	At time.Time `json:"at"`
	// Trials are the ids of the trials lost, by the damage moved aside or
	// records missing (not superseded by a later record).
	Trials []string `json:"trials,omitempty"`
	// Unnamed counts records lost whose trial no seal or header names.
	Unnamed int `json:"unnamed,omitempty"`
	// Moved is what was moved to DamagedDir, relative to the run.
	Moved []string `json:"moved,omitempty"`
}

// classify turns what scanFile found in each trials file of a run into
// the run's damage, by the rules of the seals (see FileSeal): records of
// another file are damage (never adopted), a record missing from a sealed
// file is named by its seal, gaps in an unsealed file's sequence are
// counted, and a file cut short is an interrupted write only where it
// may be one. m is the run's manifest.
func classify(dir string, m *Manifest, files []scannedFile) []scannedFile {
	legacy := len(m.Files) == 0
	present := map[string]bool{}
	for k := range files {
		sf := &files[k]
		present[sf.name] = true
		seal, sealed := m.Files[filepath.ToSlash(sf.name)]
		sf.sealed = sealed
		newest := k == len(files)-1
		foreignRecords(sf)
		if sealed {
			checkSealed(sf, seal)
		} else {
			checkUnsealed(sf, newest || legacy)
		}
		slices.SortStableFunc(sf.damage, func(a, b Damage) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	// A sealed file gone from the disk lost all its records.
	for _, name := range slices.Sorted(maps.Keys(m.Files)) {
		path := filepath.FromSlash(name)
		if present[path] {
			continue
		}
		sf := scannedFile{name: path, sealed: true}
		for seq, id := range m.Files[name].Trials {
			if id != "" {
				sf.damage = append(sf.damage, Damage{Run: dir, File: path, TrialID: id, Missing: true, seq: seq,
					Reason: fmt.Sprintf("record %d of the file is missing: the file is gone (run.json sealed it at %d bytes)", seq, m.Files[name].Size)})
			}
		}
		files = append(files, sf)
	}
	slices.SortStableFunc(files, func(a, b scannedFile) int { return strings.Compare(a.name, b.name) })
	return files
}

// foreignRecords turns records written to another trials file into
// damage: a splice or a copy, never part of this file.
func foreignRecords(sf *scannedFile) {
	own := sf.entries[:0]
	last := -1
	for _, e := range sf.entries {
		switch {
		case e.foreign(sf.name):
			sf.damage = append(sf.damage, Damage{Run: e.Run, File: sf.name, Offset: e.Offset, Len: e.end() - e.Offset, TrialID: e.TrialID,
				Foreign: e.file, seq: -1,
				Reason: fmt.Sprintf("a record of trials file %s%s, not of this one (spliced or copied in)", e.file, TrialsExt)})
		case e.seq >= 0 && e.seq <= last:
			sf.damage = append(sf.damage, Damage{Run: e.Run, File: sf.name, Offset: e.Offset, Len: e.end() - e.Offset, TrialID: e.TrialID,
				Foreign: fileBase(sf.name), seq: -1,
				Reason: fmt.Sprintf("a second copy of the file's record %d", e.seq)})
		default:
			own = append(own, e)
			last = max(last, e.seq)
		}
	}
	sf.entries = own
}

// checkSealed compares a sealed file with its seal: records missing from
// it are lost, named; the end is an interrupted write only if the seal
// acknowledged it.
func checkSealed(sf *scannedFile, seal FileSeal) {
	size := sf.size
	for i := range sf.damage {
		d := &sf.damage[i]
		if d.Offset >= seal.Size {
			d.Interrupted, d.Extra = false, true
			d.Reason += fmt.Sprintf(" (after the end the file was sealed at, %d bytes)", seal.Size)
			continue
		}
		if !d.Interrupted {
			continue
		}
		if seal.Cut > 0 && size <= seal.Size && d.Offset == seal.Size-seal.Cut {
			continue // the end its writer left when it died, known when the file was sealed
		}
		d.Interrupted = false
		d.Reason += fmt.Sprintf(" (the file was sealed at %d bytes with no record cut short: it was cut since)", seal.Size)
	}
	// Which seal places the file still holds, intact or with a damaged
	// record whose header survived.
	held := map[int]bool{}
	var ids []string // format 1: the trials met, in file order
	for _, e := range sf.entries {
		held[e.seq] = true
		ids = append(ids, e.TrialID)
	}
	for _, d := range sf.damage {
		if d.seq >= 0 {
			held[d.seq] = true
		}
		if d.TrialID != "" && d.Foreign == "" {
			ids = append(ids, d.TrialID)
		}
	}
	why := "lost to the damage around it"
	if size < seal.Size {
		why = fmt.Sprintf("the file is %d bytes, run.json sealed it at %d", size, seal.Size)
	}
	if !seal.Ordered {
		// Format 1 records carry no place: count trials.
		have := map[string]int{}
		for _, id := range ids {
			have[id]++
		}
		for seq, id := range seal.Trials {
			if id == "" {
				continue
			}
			if have[id] > 0 {
				have[id]--
				continue
			}
			sf.damage = append(sf.damage, Damage{Run: sf.run, File: sf.name, Offset: size, TrialID: id, Missing: true, seq: seq,
				Reason: fmt.Sprintf("record %d of the file (trial %q) is missing: %s", seq, id, why)})
		}
		return
	}
	// A place the file no longer holds is named: on a damaged stretch
	// without a header where it was (stretches and places paired in
	// order), else as a record missing there. A stretch left over holds
	// none of the file's records.
	gaps := map[int64][]int{} // offset of the next record -> the places missing before it
	for seq, id := range seal.Trials {
		if id != "" && !held[seq] {
			at := offsetOfPlace(sf, seq)
			gaps[at] = append(gaps[at], seq)
		}
	}
	paired := map[int]bool{} // indexes into sf.damage
	for _, at := range slices.Sorted(maps.Keys(gaps)) {
		seqs := gaps[at]
		before := int64(-1)
		for _, e := range sf.entries {
			if e.Offset < at {
				before = e.Offset
			}
		}
		var stretches []int // damage without a trial between the record before and at
		for i, d := range sf.damage {
			if d.TrialID == "" && d.Len > 0 && d.Offset > before && d.Offset < at && !d.Extra {
				stretches = append(stretches, i)
			}
		}
		for k, seq := range seqs {
			id := seal.Trials[seq]
			if k < len(stretches) {
				d := &sf.damage[stretches[k]]
				d.TrialID, d.seq = id, seq
				d.Reason += fmt.Sprintf(" (where record %d of the file was, by its seal)", seq)
				paired[stretches[k]] = true
				continue
			}
			sf.damage = append(sf.damage, Damage{Run: sf.run, File: sf.name, Offset: at, TrialID: id, Missing: true, seq: seq,
				Reason: fmt.Sprintf("record %d of the file (trial %q) is missing: %s", seq, id, why)})
		}
	}
	for i := range sf.damage {
		if d := &sf.damage[i]; d.TrialID == "" && d.Len > 0 && !d.Extra && !d.Interrupted && !paired[i] {
			d.Extra = true
			d.Reason += " (it holds none of the file's records, by its seal)"
		}
	}
	stray := func(e IndexEntry) bool { return e.seq >= len(seal.Trials) || seal.Trials[e.seq] != e.TrialID }
	for _, e := range sf.entries {
		if !stray(e) {
			continue
		}
		why := fmt.Sprintf("record %d was added after the file was sealed", e.seq)
		if e.seq < len(seal.Trials) {
			why = fmt.Sprintf("record %d holds trial %q, but the file's seal says %q", e.seq, e.TrialID, seal.Trials[e.seq])
		}
		sf.damage = append(sf.damage, Damage{Run: sf.run, File: sf.name, Offset: e.Offset, Len: e.end() - e.Offset, TrialID: e.TrialID,
			Foreign: fileBase(sf.name), seq: -1, Reason: why})
	}
	sf.entries = slices.DeleteFunc(sf.entries, stray)
}

// offsetOfPlace is where the record of place seq would be: the offset of
// the first record after it in the file, or the file's end.
func offsetOfPlace(sf *scannedFile, seq int) int64 {
	for _, e := range sf.entries {
		if e.seq > seq {
			return e.Offset
		}
	}
	return sf.size
}

// checkUnsealed: gaps in the places of an unsealed file's records are
// records lost, counted; a cut end is an interrupted write only if the
// file may still be its writer's (mayBeOpen: the run's newest file, or a
// run of format 1, whose files are never sealed).
func checkUnsealed(sf *scannedFile, mayBeOpen bool) {
	for i := range sf.damage {
		d := &sf.damage[i]
		if d.Interrupted && !mayBeOpen {
			d.Interrupted = false
			d.Reason += " (a newer trials file follows, so its writer did not die writing it: it was cut since)"
		}
	}
	held := map[int]bool{}
	next := 0
	for _, d := range sf.damage {
		if d.seq >= 0 {
			held[d.seq] = true
		}
	}
	for _, e := range sf.entries {
		if e.seq < 0 {
			continue
		}
		from := next
		for from < e.seq && held[from] {
			from++
		}
		if from < e.seq {
			n := e.seq - from
			sf.damage = append(sf.damage, Damage{Run: sf.run, File: sf.name, Offset: e.Offset, Missing: true, seq: -1, Count: n,
				Reason: fmt.Sprintf("%s of the file (%d to %d) %s missing before this offset", plural.Count(n, "record"), from, e.seq-1, plural.Word(n, "is", "are"))})
		}
		next = e.seq + 1
	}
}

// withSeals returns files (a manifest's seals) with seals added; a seal
// of Size 0 removes the file's (it is gone). files is not changed.
func withSeals(files, seals map[string]FileSeal) map[string]FileSeal {
	if len(seals) == 0 {
		return files
	}
	out := maps.Clone(files)
	if out == nil {
		out = map[string]FileSeal{}
	}
	for name, s := range seals {
		if s.Size == 0 {
			delete(out, name)
		} else {
			out[name] = s
		}
	}
	return out
}

// legacyLoss compares a run of format 1 (no seals) with the counts its
// last writer left in run.json: records missing since are loss, and a
// file cut short then is no interrupted write.
func legacyLoss(dir string, m *Manifest, files []scannedFile) []scannedFile {
	if len(m.Files) > 0 || m.EndedAt.IsZero() {
		return files
	}
	intact, damaged := 0, 0
	for _, sf := range files {
		intact += len(sf.entries)
		for _, d := range sf.damage {
			if d.TrialID != "" && d.Foreign == "" && !d.Interrupted {
				damaged++
			}
		}
	}
	missing := m.Counts.Records - intact - damaged
	if missing <= 0 {
		return files
	}
	for k := range files {
		for i := range files[k].damage {
			if d := &files[k].damage[i]; d.Interrupted {
				d.Interrupted = false
				d.Reason += fmt.Sprintf(" (run.json counts %d records, more than the files hold: it was cut since)", m.Counts.Records)
			}
		}
	}
	return append(files, scannedFile{damage: []Damage{{Run: dir, Missing: true, seq: -1, Count: missing,
		Reason: fmt.Sprintf("%s missing: run.json counted %d records when its last writer closed (%s), the trials files hold %d intact and %d damaged",
			plural.Count(missing, "record is", "records are"), m.Counts.Records, m.EndedAt.Format(time.RFC3339), intact, damaged)}}})
}

// sealOf is the seal of a scanned file as it is: its records, in place
// order (or file order for format 1), its size and the cut at its end.
func sealOf(sf scannedFile) FileSeal {
	s := FileSeal{Size: sf.size, Ordered: true}
	records := append(slices.Clone(sf.entries), sf.blobbed...)
	slices.SortFunc(records, func(a, b IndexEntry) int { return cmp.Compare(a.Offset, b.Offset) })
	for _, e := range records {
		if e.seq < 0 {
			s.Ordered = false
		}
	}
	if !s.Ordered {
		for _, e := range records {
			s.Trials = append(s.Trials, e.TrialID)
		}
	} else {
		for _, e := range records {
			for len(s.Trials) < e.seq {
				s.Trials = append(s.Trials, "")
			}
			s.Trials = append(s.Trials, e.TrialID)
		}
	}
	for _, d := range sf.damage {
		if d.Interrupted && d.Offset+d.Len == sf.size {
			s.Cut = d.Len
		}
	}
	return s
}
