package audit

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/blueprints"
)

// viewBuild is a construction trial's blueprint next to what was built,
// level by level, as character grids with a shared legend. Both come from
// the agents' context, so runs, views and datasets show alike: each level
// as !getBlueprintLevel printed it, and what stood there as of the last
// blueprint check an agent read (or the whole blueprint, for a trial that
// scored 1).
type viewBuild struct {
	Legend map[string]string `json:"legend"` // symbol -> block
	Levels []viewBuildLevel  `json:"levels"`
}

type viewBuildLevel struct {
	Level     int      `json:"level"`
	Blueprint []string `json:"blueprint"`       // rows along +z, columns along +x
	Built     []string `json:"built,omitempty"` // same cells; empty when no check covered the level
	AsOf      string   `json:"as_of"`           // where Built comes from
	Wrong     int      `json:"wrong"`           // cells of Built that differ from Blueprint
}

// buildTracker collects one trial's blueprint levels and checks as its
// examples go by; the latest check of each level wins.
type buildTracker struct {
	levels map[int]blueprints.Level
	checks map[int]levelCheck
}

type levelCheck struct {
	fixes []blueprints.Cell // nil: the level was complete
	at    string
}

func (b *buildTracker) read(text, agent string, step int) {
	if !strings.Contains(text, "Level ") && !strings.Contains(text, "Blueprint is correct") {
		return
	}
	text = strings.Clone(text) // the parts kept must not pin the example's buffers
	if strings.Contains(text, " starting at coordinates ") {
		if lv, ok := blueprints.ParseLevel(text); ok {
			if b.levels == nil {
				b.levels = map[int]blueprints.Level{}
			}
			if _, seen := b.levels[lv.Level]; !seen {
				b.levels[lv.Level] = lv
			}
		}
	}
	complete, fixes, all := blueprints.ParseCheck(text)
	if !all && len(complete) == 0 && len(fixes) == 0 {
		return
	}
	at := fmt.Sprintf("the check %s read before step %d", agent, step)
	if b.checks == nil {
		b.checks = map[int]levelCheck{}
	}
	if all {
		for n := range b.levels {
			b.checks[n] = levelCheck{at: at}
		}
		b.checks[-1] = levelCheck{at: at} // every level, including those not yet read
		return
	}
	for _, n := range complete {
		b.checks[n] = levelCheck{at: at}
	}
	for n, cells := range fixes {
		b.checks[n] = levelCheck{fixes: cells, at: at}
	}
}

// result draws the levels read; success means the world matched the
// whole blueprint at the end.
func (b *buildTracker) result(success bool) *viewBuild {
	if len(b.levels) == 0 {
		return nil
	}
	out := &viewBuild{Legend: map[string]string{}}
	var drawn, built []blueprints.Level
	var known []bool // whether a check or the score says what was built
	for _, n := range slices.Sorted(maps.Keys(b.levels)) {
		lv := b.levels[n]
		now := blueprints.Level{Level: n, Coordinates: lv.Coordinates, Placement: make([][]string, len(lv.Placement))}
		for r, row := range lv.Placement {
			now.Placement[r] = slices.Clone(row)
		}
		vl := viewBuildLevel{Level: n}
		check, checked := b.checks[n]
		if !checked {
			check, checked = b.checks[-1]
		}
		switch {
		case success:
			vl.AsOf = "the trial's end: it scored 1, so every level stands as drawn"
		case checked:
			vl.AsOf = check.at
			for _, c := range check.fixes {
				r, col := c.Z-lv.Coordinates[2], c.X-lv.Coordinates[0]
				if r >= 0 && r < len(now.Placement) && col >= 0 && col < len(now.Placement[r]) && c.Y == lv.Coordinates[1] {
					now.Placement[r][col] = c.Actual
				}
			}
		default:
			vl.AsOf = "no check of this level in the agents' context"
		}
		drawn, built, known = append(drawn, lv), append(built, now), append(known, success || checked)
		out.Levels = append(out.Levels, vl)
	}
	// The symbols of `procgen blueprint`'s text view, over both sides.
	syms, _ := blueprints.Symbols(&blueprints.Blueprint{Levels: slices.Concat(drawn, built)})
	symbol := func(name string) rune {
		if r, ok := syms[blueprints.BaseName(name)]; ok {
			return r
		}
		return '?'
	}
	for k := range out.Levels {
		vl := &out.Levels[k]
		for r, row := range drawn[k].Placement {
			var want, got strings.Builder
			for col, name := range row {
				now := built[k].Placement[r][col]
				want.WriteRune(symbol(name))
				got.WriteRune(symbol(now))
				if blueprints.BaseName(now) != blueprints.BaseName(name) {
					vl.Wrong++
				}
			}
			vl.Blueprint = append(vl.Blueprint, want.String())
			if known[k] {
				vl.Built = append(vl.Built, got.String())
			}
		}
	}
	for name, r := range syms {
		out.Legend[string(r)] = name
	}
	return out
}
