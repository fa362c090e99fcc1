package stats

import (
	"fmt"
	"strings"

	"collabcraft/trajectory"
)

// Repairs is what MINDcraft's blueprint checks (!checkBlueprint,
// !checkBlueprintLevel) told construction teams to fix, and how much of
// it is scaffolding: dirt (the pathfinder's and the builders' prop block,
// never a blueprint's in MineCollab's houses) standing where the
// blueprint wants air. A high share means the checks report the builders'
// own mess rather than the house.
type Repairs struct {
	Trials      int     `json:"trials"` // construction trials with at least one check
	Checks      int     `json:"checks"`
	Fixes       int     `json:"fixes"` // fix lines over all checks
	Scaffolding int     `json:"scaffolding"`
	Share       float64 `json:"scaffolding_share"`
	// FirstChecks are the fix lines of each trial's first check, and
	// FirstScaffolding the scaffolding among them: dirt already standing
	// when the builders first look.
	FirstFixes       int `json:"first_check_fixes"`
	FirstScaffolding int `json:"first_check_scaffolding"`
}

type repairsAcc struct{ r Repairs }

func (a *repairsAcc) add(t *trajectory.Trial) {
	if t.TaskType != "construction" {
		return
	}
	first := -1.0 // the sim time of the trial's first check
	var firstFix, firstScaf int
	checks := 0
	for _, ag := range t.Agents {
		for _, tr := range ag.Transitions {
			if !strings.HasPrefix(tr.Command, "!checkBlueprint") || tr.Output == "" {
				continue
			}
			checks++
			fixes, scaf := fixLines(tr.Output)
			a.r.Fixes += fixes
			a.r.Scaffolding += scaf
			if first < 0 || tr.SimTime < first {
				first, firstFix, firstScaf = tr.SimTime, fixes, scaf
			}
		}
	}
	if checks > 0 {
		a.r.Trials++
		a.r.Checks += checks
		a.r.FirstFixes += firstFix
		a.r.FirstScaffolding += firstScaf
	}
}

// fixLines counts a check's fix lines (Place, Remove, Replace) and the
// dirt to remove among them.
func fixLines(out string) (fixes, scaffolding int) {
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "Remove the dirt at coordinates "):
			scaffolding++
			fixes++
		case strings.HasPrefix(l, "Place "), strings.HasPrefix(l, "Remove the "), strings.HasPrefix(l, "Replace the "):
			fixes++
		}
	}
	return fixes, scaffolding
}

func (a *repairsAcc) result() *Repairs {
	if a.r.Checks == 0 {
		return nil
	}
	r := a.r
	if r.Fixes > 0 {
		r.Share = float64(r.Scaffolding) / float64(r.Fixes)
	}
	return &r
}

func (s *Summary) repairsTable() []Table {
	r := s.Repairs
	if r == nil {
		return nil
	}
	return []Table{{Title: "construction: fixes the blueprint checks report (scaffolding: dirt where the blueprint wants air)",
		Header: []string{"trials", "checks", "fixes", "scaffolding", "share", "first-check fixes", "first-check scaffolding"},
		Rows: [][]string{{itoa(r.Trials), itoa(r.Checks), itoa(r.Fixes), itoa(r.Scaffolding), pct(r.Share),
			itoa(r.FirstFixes), fmt.Sprint(r.FirstScaffolding)}}}}
}
