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
	// Cells are the distinct cells the checks listed, each once per trial
	// however many checks listed it, and ScaffoldingCells those listed as
	// dirt to remove: the share above counts a cell once per check, so
	// teammates who check the same house each count its fixes again.
	Cells            int     `json:"cells"`
	ScaffoldingCells int     `json:"scaffolding_cells"`
	CellShare        float64 `json:"scaffolding_cell_share"`
}

type repairsAcc struct{ r Repairs }

func (a *repairsAcc) add(t *trajectory.Trial) {
	if t.TaskType != "construction" {
		return
	}
	first := -1.0 // the sim time of the trial's first check
	var firstFix, firstScaf int
	checks := 0
	cells := map[string]bool{} // a cell's coordinates: whether it was dirt to remove
	for _, ag := range t.Agents {
		for _, tr := range ag.Transitions {
			if !strings.HasPrefix(tr.Command, "!checkBlueprint") || tr.Output == "" {
				continue
			}
			checks++
			fixes, scaf := fixLines(tr.Output, cells)
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
		a.r.Cells += len(cells)
		for _, dirt := range cells {
			if dirt {
				a.r.ScaffoldingCells++
			}
		}
	}
}

// fixLines counts a check's fix lines (Place, Remove, Replace) and the
// dirt to remove among them, and notes each line's cell in cells (true
// once the cell was dirt to remove).
func fixLines(out string, cells map[string]bool) (fixes, scaffolding int) {
	for _, l := range strings.Split(out, "\n") {
		dirt := strings.HasPrefix(l, "Remove the dirt at coordinates ")
		if !dirt && !strings.HasPrefix(l, "Place ") && !strings.HasPrefix(l, "Remove the ") && !strings.HasPrefix(l, "Replace the ") {
			continue
		}
		fixes++
		if dirt {
			scaffolding++
		}
		_, at, _ := strings.Cut(l, " at coordinates ")
		at = strings.TrimSpace(at)
		cells[at] = cells[at] || dirt
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
	if r.Cells > 0 {
		r.CellShare = float64(r.ScaffoldingCells) / float64(r.Cells)
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
			itoa(r.FirstFixes), fmt.Sprint(r.FirstScaffolding)}}},
		{Title: "construction: distinct cells the checks listed (each once a trial)",
			Header: []string{"cells", "scaffolding", "share"},
			Rows:   [][]string{{itoa(r.Cells), itoa(r.ScaffoldingCells), pct(r.CellShare)}}}}
}
