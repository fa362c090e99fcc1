package dag_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"collabcraft/generate/scripted"
	"collabcraft/stats"
	"collabcraft/trajectory"
)

// TestVillagerBenchTables: DAG trials of VillagerBench's construction
// and farm-to-table record what the paper's Tables 1 and 3 need (the
// view hit rate of the house as the trial left it, the first owners),
// and stats lays them out beside the paper's GPT-4 rows.
func TestVillagerBenchTables(t *testing.T) {
	_, build := playSuiteWith(t, scripted.Options{Skill: 1}, "vbconstruction", "test", 2, 4)
	_, farm := playSuiteWith(t, scripted.Options{Skill: 1}, "farm", "test", 2, 3)
	vhrSum := 0.0
	for _, rec := range build {
		vhr, ok := rec.Metrics[trajectory.VHRMetric]
		withFacing, okF := rec.Metrics[trajectory.VHRFacingMetric]
		if !ok || !okF {
			t.Fatalf("%s: no view hit rate in %v", rec.TaskID, rec.Metrics)
		}
		if withFacing > vhr || vhr > 1 || (rec.Outcome.Score > 0 && vhr == 0) {
			t.Errorf("%s: C %g, VHR %g, with facings %g", rec.TaskID, rec.Outcome.Score, vhr, withFacing)
		}
		if rec.Outcome.Score == 1 && vhr < 1 {
			// The judge's rays stop at the first block inside the
			// blueprint's box: the builders clear their scaffolding and
			// the enclosure's glass there, and the trial succeeds only
			// at C = VHR = 1.
			t.Errorf("%s: every block in place, VHR %.2f (something not in the blueprint stands in a view)", rec.TaskID, vhr)
		}
		if rec.Outcome.Success != (rec.Outcome.Score == 1 && vhr == 1) {
			t.Errorf("%s: success %v at C %g, VHR %g; VillagerBench's judge: complete at C = VHR = 1", rec.TaskID, rec.Outcome.Success, rec.Outcome.Score, vhr)
		}
		vhrSum += 100 * vhr
	}
	for _, rec := range farm {
		if _, ok := rec.Metrics[trajectory.VHRMetric]; ok {
			t.Errorf("%s: a farm trial records a view hit rate", rec.TaskID)
		}
	}
	recs := slices.Concat(build, farm)
	s, err := stats.Collect(trajectory.Values(recs), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.VillagerBench {
		if r.VHR == nil != (r.TaskType == "farm_to_table") || r.D == nil || *r.D <= 0 {
			t.Fatalf("%s row: VHR %v, D %v", r.TaskType, r.VHR, r.D)
		}
		if r.VHR != nil && math.Abs(*r.VHR-vhrSum/float64(len(build))) > 1e-9 {
			t.Errorf("%s row: VHR %g, the trials' mean %g", r.TaskType, *r.VHR, vhrSum/float64(len(build)))
		}
	}
	var text strings.Builder
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"VillagerBench Table 1 (", "VillagerBench Table 3 (", "paper: gpt-4, 2 agents", "36.45", "73.75"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("stats text lacks %q:\n%s", want, text.String())
		}
	}
}
