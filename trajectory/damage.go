package trajectory

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Damage is a stretch of a trials file that holds no readable record: a
// damaged header or data frame, bytes that are not records, or a record
// cut short. It costs the records it overlaps and no others.
type Damage struct {
	Run     string `json:"run"`                // run directory
	File    string `json:"file"`               // trials file, relative to Run
	Offset  int64  `json:"offset"`             // first damaged byte
	Len     int64  `json:"len"`                // damaged bytes, up to the next readable record or the end of the file
	TrialID string `json:"trial_id,omitempty"` // the damaged record's trial when its header survives, else ""
	Reason  string `json:"reason"`             // what is wrong, e.g. "data checksum mismatch"
	// Interrupted: the file ends inside this record, a write cut short by
	// a crash (or one still in progress). Such a trial was never
	// acknowledged, so no recorded trial is lost.
	Interrupted bool `json:"interrupted,omitempty"`
	// Superseded: a later intact record of TrialID exists (generate played
	// the trial again), so no recorded trial is lost.
	Superseded bool `json:"superseded,omitempty"`
	// MovedTo is where Repair moved the damaged bytes, relative to Run.
	MovedTo string `json:"moved_to,omitempty"`
}

// Lost reports whether a recorded trial may be lost with this damage.
func (d Damage) Lost() bool { return !d.Interrupted && !d.Superseded }

func (d Damage) String() string {
	s := fmt.Sprintf("%s offset %d (%d bytes", filepath.Join(d.Run, d.File), d.Offset, d.Len)
	if d.TrialID != "" {
		s += fmt.Sprintf(", trial %q", d.TrialID)
	}
	return s + "): " + d.Reason
}

// DamageError is returned for damaged records that cost recorded trials,
// unless the reader was opened with SkipDamaged.
type DamageError struct {
	Damaged []Damage
}

func (e *DamageError) Error() string {
	const show = 5
	var b strings.Builder
	fmt.Fprintf(&b, "trajectory: %d damaged record(s): ", len(e.Damaged))
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
	fmt.Fprintf(&b, "; run `collabcraft check --repair %s` to move them aside, then rerun generate to play their trials again",
		strings.Join(runs, " "))
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
