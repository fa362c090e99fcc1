package world

import (
	"strings"

	"collabcraft/world/command"
)

// blueprintText adapts the fix list to the dialect: the paper's frozen
// version wrote "Level 1 requires" (seed 002, section 9.1.2); the later
// source has two spaces there.
func (w *World) blueprintText(s string) string {
	if w.opts.Dialect == DialectPaper {
		return strings.ReplaceAll(s, "  requires the following fixes:", " requires the following fixes:")
	}
	return s
}

// noBlueprint: without a construction task the commands throw outside the
// action wrapper in MINDcraft, so nothing is recorded.
func (r *run) noBlueprint() string {
	r.silent = true
	return ""
}

func cmdCheckBlueprintLevel(r *run, args []command.Value) string {
	bp := r.w.blueprint
	n := args[0].Int()
	if bp == nil || n >= len(bp.Levels) {
		return r.noBlueprint()
	}
	return r.w.blueprintText(bp.CheckLevel(r.w, n))
}

func cmdCheckBlueprint(r *run, _ []command.Value) string {
	if r.w.blueprint == nil {
		return r.noBlueprint()
	}
	return r.w.blueprintText(r.w.blueprint.CheckAll(r.w))
}

func cmdGetBlueprint(r *run, _ []command.Value) string {
	if r.w.blueprint == nil {
		return r.noBlueprint()
	}
	return r.w.blueprint.Explain()
}

func cmdGetBlueprintLevel(r *run, args []command.Value) string {
	bp := r.w.blueprint
	n := args[0].Int()
	if bp == nil || n >= len(bp.Levels) {
		return r.noBlueprint()
	}
	return bp.ExplainLevel(n)
}
