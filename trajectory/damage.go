package trajectory

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Damage is something of a run that cannot be read as recorded: a stretch
// of a trials file that holds no readable record of it (a damaged header
// or data frame, bytes that are not records, a record cut short, a record
// of another file spliced in), a record missing altogether (Missing: the
// file's seal or the run's counts say it was there), or a record whose
// bytes are intact but which refers to a blob run.json lacks or holds
// changed (Blob). A stretch costs the records it overlaps and no others.
type Damage struct {
	Run     string `json:"run"`                // run directory
	File    string `json:"file,omitempty"`     // trials file, relative to Run; "" for the run as a whole
	Offset  int64  `json:"offset"`             // first damaged byte (Missing: where the record was)
	Len     int64  `json:"len"`                // damaged bytes, up to the next readable record or the end of the file; 0 when Missing
	TrialID string `json:"trial_id,omitempty"` // the damaged record's trial when its header (or the file's seal) names it, else ""
	Reason  string `json:"reason"`             // what is wrong, e.g. "data checksum mismatch"
	// Missing: the record is not in the file at all; Count says how many
	// records when no seal names them (then TrialID is "").
	Missing bool `json:"missing,omitempty"`
	Count   int  `json:"count,omitempty"`
	// Foreign is the trials file (without .jsonl.zst) a record in this
	// stretch was written to, when that is not this file: spliced or
	// copied in, it is never read as part of the run.
	Foreign string `json:"foreign,omitempty"`
	// Extra: bytes after the end a file was sealed at. Nothing of the run
	// is lost with them, but they are not the run's.
	Extra bool `json:"extra,omitempty"`
	// Blob is the blob id a record needs that run.json lacks or holds
	// changed (its text no longer matches its id); the record's bytes are
	// intact, and Repair leaves them.
	Blob string `json:"blob,omitempty"`
	// Interrupted: the file ends inside this record, a write cut short by
	// a crash (or one still in progress): only the end of a run's newest
	// trials file, before it is sealed. Such a trial was never
	// acknowledged, so no recorded trial is lost.
	Interrupted bool `json:"interrupted,omitempty"`
	// Superseded: a later intact record of TrialID exists (generate played
	// the trial again), so no recorded trial is lost.
	Superseded bool `json:"superseded,omitempty"`
	// MovedTo is where Repair moved the damaged bytes, relative to Run.
	MovedTo string `json:"moved_to,omitempty"`

	seq int // the record's place in its file, when known; -1 otherwise
}

// Lost reports whether recorded trials may be lost with this damage.
func (d Damage) Lost() bool { return !d.Interrupted && !d.Superseded && d.Foreign == "" && !d.Extra }

// Benign reports whether the damage costs nothing: an interrupted write
// or a superseded record. Readers fail on any other (Open).
func (d Damage) Benign() bool { return d.Interrupted || d.Superseded }

func (d Damage) String() string {
	where := filepath.Join(d.Run, d.File)
	var s string
	switch {
	case d.File == "":
		s = where + " ("
	case d.Missing:
		s = fmt.Sprintf("%s offset %d (missing", where, d.Offset)
	default:
		s = fmt.Sprintf("%s offset %d (%d bytes", where, d.Offset, d.Len)
	}
	if d.TrialID != "" {
		if !strings.HasSuffix(s, "(") {
			s += ", "
		}
		s += fmt.Sprintf("trial %q", d.TrialID)
	}
	s = strings.TrimSuffix(s, " (")
	if strings.Contains(s, "(") {
		s += ")"
	}
	return s + ": " + d.Reason
}

// DamageError is returned for damage that is not benign (see
// Damage.Benign), unless the reader was opened with SkipDamaged.
type DamageError struct {
	Damaged []Damage
}

func (e *DamageError) Error() string {
	const show = 5
	var b strings.Builder
	fmt.Fprintf(&b, "trajectory: %d damaged or missing record(s): ", len(e.Damaged))
	var runs []string
	for i, d := range e.Damaged {
		if i < show {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(d.String())
		}
		if !slices.Contains(runs, d.Run) {
			runs = append(runs, d.Run)
		}
	}
	if len(e.Damaged) > show {
		fmt.Fprintf(&b, "; and %d more", len(e.Damaged)-show)
	}
	blobs := slices.ContainsFunc(e.Damaged, func(d Damage) bool { return d.Blob != "" })
	if blobs {
		b.WriteString("; blobs of run.json are missing or changed: run the run's generate command again, which registers them")
	}
	if slices.ContainsFunc(e.Damaged, func(d Damage) bool { return d.Blob == "" }) {
		if blobs {
			b.WriteString("; for the rest,")
		} else {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " run `collabcraft check --repair %s` to move the damage aside and acknowledge what is lost, then rerun generate to play the lost trials again (or read on without them with --skip-damaged)",
			strings.Join(runs, " "))
	}
	return b.String()
}

// lost returns the damage in ds that may cost recorded trials.
func lost(ds []Damage) []Damage {
	var out []Damage
	for _, d := range ds {
		if d.Lost() {
			out = append(out, d)
		}
	}
	return out
}

// harmful returns the damage in ds that is not benign.
func harmful(ds []Damage) []Damage {
	var out []Damage
	for _, d := range ds {
		if !d.Benign() {
			out = append(out, d)
		}
	}
	return out
}
