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
// counted and exported twice.
func Open(dirs ...string) (*Input, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("filter: no input: give at least one run or view directory")
	}
	in := &Input{}
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
	r, err := trajectory.Open(dirsToOpen...)
	if err != nil {
		return nil, err
	}
	in.r = r
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

// Trials yields every trial of the input, one decoded at a time; trials
// from a view hold only the transitions its rules kept. A trial that cannot
// be decoded is yielded as an error and the iteration goes on if the caller
// continues.
func (in *Input) Trials() iter.Seq2[*trajectory.Trial, error] {
	return func(yield func(*trajectory.Trial, error) bool) {
		for _, s := range in.sources {
			var rules [][]TransitionRule
			for _, c := range s.stages {
				rules = append(rules, transitionRules(c))
			}
			for t, err := range in.r.ReadTrials(s.entries) {
				if err == nil {
					for _, rs := range rules {
						prune(t, rs, nil)
					}
				}
				if !yield(t, err) {
					return
				}
			}
		}
	}
}
