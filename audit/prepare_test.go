package audit

import (
	"encoding/json"
	"errors"
	"runtime"
	"testing"

	"collabcraft/export"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestAuditIsTheSameOnAnyNumberOfCores: examples are prepared in
// parallel and counted in order, so the report does not depend on the
// cores; a source error stops the audit after the examples before it.
func TestAuditIsTheSameOnAnyNumberOfCores(t *testing.T) {
	// More than two batches of examples: three tasks of each kind
	// (scriptedTrials' two come to about two batches).
	trials := playTrials(t, nil, []string{procgen.KindCrafting, procgen.KindCooking, procgen.KindConstruction}, []string{procgen.SplitTest}, 3, 4)
	report := func(procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		r, err := Audit(export.FromTrials(trajectory.Values(trials), export.UnitTransition), Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	one := report(1)
	for _, procs := range []int{2, 7} {
		if got := report(procs); got != one {
			t.Errorf("%d cores: the report differs from one core's", procs)
		}
	}

	broken := errors.New("disk gone")
	var r Report
	if err := json.Unmarshal([]byte(one), &r); err != nil || r.Examples < 2*batchSize {
		t.Fatalf("%d examples, want more than two batches (%v)", r.Examples, err)
	}
	n := 0
	src := func(yield func(export.Example, error) bool) {
		for ex, err := range export.FromTrials(trajectory.Values(trials), export.UnitTransition) {
			if n++; n == r.Examples-10 {
				yield(export.Example{}, broken)
				return
			}
			if !yield(ex, err) {
				return
			}
		}
	}
	if _, err := Audit(src, Options{}); !errors.Is(err, broken) {
		t.Errorf("a source error: %v", err)
	}
}
