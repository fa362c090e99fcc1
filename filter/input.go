package filter

import (
	"fmt"
	"iter"
	"path/filepath"

	"collabcraft/trajectory"
)

// Input is the trials a filter, export or stats reads: whole runs, and the
// kept trials of views, in the order the directories were given (within a
// run, trial ids in byte order, as the trajectory reader orders them).
type Input struct {
	r       *trajectory.Reader
	sources []source
	skip    bool // read on without damaged records of runs given directly
}

// source is one run as an input gives it: every trial (a run given
// directly) or the kept trials of a view with the view's transition rules.
type source struct {
	run     string // the run directory as handed to the trajectory reader
	view    string // the view it came through, "" for a run given directly
	stages  []Config
	kept    *ViewInput // the view's record of this run (view != "")
	entries []trajectory.IndexEntry
}

// Open reads run directories and view directories (IsView). A run may be
// given once, directly or through one view: the same trials twice would be
// counted and exported twice. Damage in a run given directly that costs a
// recorded trial is a *trajectory.DamageError (see OpenWith).
func Open(dirs ...string) (*Input, error) { return OpenWith(trajectory.OpenOptions{}, dirs...) }

// OpenWith is Open with the reader's options: with SkipDamaged, runs given
// directly are read without their damaged records, which Damaged lists.
// A view is always read without them: it names its kept records, and one
// of those damaged since makes the view stale, an error.
func OpenWith(opts trajectory.OpenOptions, dirs ...string) (*Input, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("filter: no input: give at least one run or view directory")
	}
	in := &Input{skip: opts.SkipDamaged}
	seen := map[string]string{} // absolute run dir -> how it was given
	for _, dir := range dirs {
		var runs []source
		if IsView(dir) {
			v, err := ReadView(dir)
			if err != nil {
				return nil, err
			}
			for i := range v.Inputs {
				vi := &v.Inputs[i]
				runs = append(runs, source{run: filepath.Join(dir, filepath.FromSlash(vi.Run)), view: dir, stages: vi.Stages, kept: vi})
			}
		} else {
			runs = append(runs, source{run: dir})
		}
		for _, s := range runs {
			abs, err := filepath.Abs(s.run)
			if err != nil {
				return nil, fmt.Errorf("filter: %w", err)
			}
			if prev, dup := seen[abs]; dup {
				return nil, fmt.Errorf("filter: run %s is given twice (as %s and as %s); give each run once", s.run, prev, given(s))
			}
			seen[abs] = given(s)
			in.sources = append(in.sources, s)
		}
	}
	dirsToOpen := make([]string, len(in.sources))
	for i, s := range in.sources {
		dirsToOpen[i] = s.run
	}
	r, err := trajectory.OpenWith(trajectory.OpenOptions{SkipDamaged: true}, dirsToOpen...)
	if err != nil {
		return nil, err
	}
	in.r = r
	if err := in.checkDamage(); err != nil {
		return nil, err
	}
	byRun := map[string][]trajectory.IndexEntry{}
	for _, e := range r.Index() {
		byRun[e.Run] = append(byRun[e.Run], e)
	}
	ms := r.Manifests()
	for i := range in.sources {
		s := &in.sources[i]
		all := byRun[s.run]
		if s.view == "" {
			s.entries = all
			continue
		}
		if err := s.selectKept(all, ms[i]); err != nil {
			return nil, err
		}
	}
	return in, nil
}

func given(s source) string {
	if s.view == "" {
		return s.run
	}
	return "view " + s.view
}

// selectKept sets s.entries to the view's kept trials, checking that the
// run still holds exactly the records the view was made from.
func (s *source) selectKept(all []trajectory.IndexEntry, m *trajectory.Manifest) error {
	stale := func(why string) error {
		return fmt.Errorf("filter: view %s: run %s changed since the view was made (%s); run collabcraft filter again", s.view, s.run, why)
	}
	vi := s.kept
	if vi.Fingerprint != m.Fingerprint {
		return stale("its configuration fingerprint differs")
	}
	byID := make(map[string]int, len(all))
	for i, e := range all {
		byID[e.TrialID] = i
	}
	s.entries = make([]trajectory.IndexEntry, 0, len(vi.Trials))
	for _, k := range vi.Trials {
		i, ok := byID[k.ID]
		if !ok {
			return stale(fmt.Sprintf("trial %q is gone", k.ID))
		}
		e := all[i]
		if e.File != k.File || e.Offset != k.Offset {
			return stale(fmt.Sprintf("trial %q was recorded again", k.ID))
		}
		s.entries = append(s.entries, e)
	}
	return nil
}

// Runs returns the run directories read, in reading order.
func (in *Input) Runs() []string {
	out := make([]string, len(in.sources))
	for i, s := range in.sources {
		out[i] = s.run
	}
	return out
}

// Manifests returns each run's manifest, in reading order.
func (in *Input) Manifests() []*trajectory.Manifest { return in.r.Manifests() }

// Len is the number of trials the input yields.
func (in *Input) Len() int {
	n := 0
	for _, s := range in.sources {
		n += len(s.entries)
	}
	return n
}

// Entries yields the index entry of every trial the input yields, in order,
// without decoding any trial (score, end reason, token counts are there).
func (in *Input) Entries() iter.Seq[trajectory.IndexEntry] {
	return func(yield func(trajectory.IndexEntry) bool) {
		for _, s := range in.sources {
			for _, e := range s.entries {
				if !yield(e) {
					return
				}
			}
		}
	}
}

// Damaged lists the damaged records met so far in the input's runs: what
// their indexes found at Open, then records that failed to decode as
// Trials reached them. Damage in a view's run that the view does not read
// is listed too; it costs the view nothing.
func (in *Input) Damaged() []trajectory.Damage { return in.r.Damaged() }

// checkDamage fails on damage costing a recorded trial of a run given
// directly, unless the input skips damaged records.
func (in *Input) checkDamage() error {
	if in.skip {
		return nil
	}
	direct := map[string]bool{}
	for _, s := range in.sources {
		if s.view == "" {
			direct[s.run] = true
		}
	}
	var lost []trajectory.Damage
	for _, d := range in.r.Damaged() {
		if d.Lost() && direct[d.Run] {
			lost = append(lost, d)
		}
	}
	if len(lost) > 0 {
		return &trajectory.DamageError{Damaged: lost}
	}
	return nil
}

// Trials yields every trial of the input, one decoded at a time; trials
// from a view hold only the transitions its rules kept. A record that
// fails to decode (damage its checksums could not show, in runs written
// before them) ends the iteration with a *trajectory.DamageError unless
// the input skips damaged records.
func (in *Input) Trials() iter.Seq2[*trajectory.Trial, error] {
	return func(yield func(*trajectory.Trial, error) bool) {
		for _, s := range in.sources {
			var rules [][]TransitionRule
			for _, c := range s.stages {
				rules = append(rules, transitionRules(c))
			}
			read := 0
			for t, err := range in.r.ReadTrials(s.entries) {
				if err == nil {
					read++
					for _, rs := range rules {
						prune(t, rs, nil)
					}
				}
				if !yield(t, err) {
					return
				}
			}
			// The reader skipped records that failed to decode: an error,
			// unless skipping was asked for a run given directly (a view
			// promised its kept trials).
			if read < len(s.entries) && (s.view != "" || !in.skip) {
				yield(nil, &trajectory.DamageError{Damaged: in.damagedIn(s)})
				return
			}
		}
	}
}

// damagedIn lists the lost damage of source s's run.
func (in *Input) damagedIn(s source) []trajectory.Damage {
	var out []trajectory.Damage
	for _, d := range in.r.Damaged() {
		if d.Lost() && d.Run == s.run {
			out = append(out, d)
		}
	}
	return out
}
