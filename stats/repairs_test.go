package stats

import (
	"testing"

	"collabcraft/trajectory"
)

// TestRepairs: every check's fix lines are counted, the dirt to remove is
// scaffolding, and the first check (by simulated time, over both agents)
// is kept apart; a cell counts once among the distinct cells however many
// checks list it; trials of other types and calls that are not checks are
// left out.
func TestRepairs(t *testing.T) {
	check := func(at float64, out string) trajectory.Transition {
		return trajectory.Transition{Command: "!checkBlueprint", Output: out, SimTime: at}
	}
	first := "Level 0 requires the following fixes:\nRemove the dirt at coordinates X: 1, Y: -60, Z: 2\nPlace oak_planks at coordinates X: 1, Y: -60, Z: 3\n"
	later := "Level 1  requires the following fixes:\nReplace the dirt with a glass at coordinates X: 1, Y: -59, Z: 2 \nRemove the stone at coordinates X: 2, Y: -59, Z: 2\nRemove the dirt at coordinates X: 3, Y: -59, Z: 2\n"
	trial := &trajectory.Trial{TaskType: "construction", Agents: []trajectory.Agent{
		{Transitions: []trajectory.Transition{{Command: "!goToPlayer(\"Jill_0\", 2)", Output: first}, check(30, later), check(40, first)}},
		{Transitions: []trajectory.Transition{check(12, first)}},
	}}
	var a repairsAcc
	a.add(trial)
	a.add(&trajectory.Trial{TaskType: "techtree", Agents: []trajectory.Agent{{Transitions: []trajectory.Transition{check(1, first)}}}})
	got := a.result()
	// Cells: (1,-60,2) dirt, (1,-60,3), (1,-59,2), (2,-59,2), (3,-59,2)
	// dirt; the first check's two are listed again at 40.
	want := Repairs{Trials: 1, Checks: 3, Fixes: 7, Scaffolding: 3, Share: 3.0 / 7, FirstFixes: 2, FirstScaffolding: 1,
		Cells: 5, ScaffoldingCells: 2, CellShare: 0.4}
	if got == nil || *got != want {
		t.Fatalf("repairs %+v, want %+v", got, want)
	}
}
