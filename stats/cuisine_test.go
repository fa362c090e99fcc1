package stats

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

func cuisineTrial(level string, agents int, alpha float64, served, expired, expirySteps, open int) *trajectory.Trial {
	team := make([]trajectory.Member, agents+1)
	return &trajectory.Trial{TrialID: level, TaskID: level, TaskType: "cuisine", Split: "test", Team: team,
		Difficulty: map[string]any{"level": level, "alpha": alpha, "agents": float64(agents), "human": false},
		Outcome:    trajectory.Outcome{EndReason: trajectory.EndTimeout},
		Metrics: map[string]float64{metricServed: float64(served), metricExpired: float64(expired),
			metricExpirySteps: float64(expirySteps), metricOpen: float64(open)}}
}

// TestCuisineCoS: the tallies of trials of a level and team sum per α;
// CoS is the mean over α of each α's rate, the paper's and the code's.
func TestCuisineCoS(t *testing.T) {
	trials := []*trajectory.Trial{
		cuisineTrial("level_3", 2, 1, 10, 20, 15, 5),
		cuisineTrial("level_3", 2, 3, 6, 0, 0, 1),
		cuisineTrial("level_3", 2, 3, 5, 1, 1, 0), // a second trial of the same setting
		cuisineTrial("level_0", 2, 1, 18, 30, 30, 6),
		cuisineTrial("level_0", 3, 1, 20, 10, 9, 3),
		{TaskType: "techtree", Team: make([]trajectory.Member, 2)}, // not CuisineWorld: no row
	}
	s, err := Collect(trajectory.Values(trials), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.CoS) != 3 {
		t.Fatalf("%d rows: %+v", len(s.CoS), s.CoS)
	}
	r := s.CoS[1] // 2 agents: level_0, then level_3, in the paper's order
	if r.Level != "level_3" || r.Agents != 2 || len(r.Alphas) != 2 || r.Alphas[1].Trials != 2 || r.Alphas[1].Served != 11 {
		t.Fatalf("row %+v", r)
	}
	paper := (10.0/30 + 11.0/12) / 2
	code := (10.0/30 + 11.0/13) / 2
	if math.Abs(r.Paper-paper) > 1e-12 || math.Abs(r.Code-code) > 1e-12 {
		t.Errorf("CoS paper %v code %v; want %v %v", r.Paper, r.Code, paper, code)
	}
	if s.CoS[0].Level != "level_0" || s.CoS[2].Agents != 3 {
		t.Errorf("order: %+v", s.CoS)
	}
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"CuisineWorld, 2 agents", "level_3  10/30", "11/13", "CoS paper", "CuisineWorld, 3 agents"} {
		if !strings.Contains(out, want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
}
