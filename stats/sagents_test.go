package stats

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// TestSAgentsFig7: collection trials give TC (simulated minutes to
// success, mean over successes, NaN with none) and mPT (task-plan calls
// per member) per team and target, in Fig. 7's three panels with the
// paper's rows.
func TestSAgentsFig7(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "r", Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	plans := func(tr *trajectory.Trial, n int) *trajectory.Trial {
		for i := range n {
			a := &tr.Agents[i%len(tr.Agents)]
			a.Transitions = append(a.Transitions, trajectory.Transition{Step: len(a.Transitions), Kind: TaskPlanKind, SimTime: float64(i),
				Messages: []trajectory.Message{{Role: "user", Content: "plan"}}, Response: "Objective: mine"})
		}
		tr.Org = "tree"
		return tr
	}
	logs50 := map[string]any{"material": "logs", "quantity": 50, "distance": 8}
	iron50 := map[string]any{"material": "iron", "quantity": 50, "distance": 8}
	for _, tr := range []*trajectory.Trial{
		// Three agents, 50 logs: 6 and 9 minutes, 12 and 6 plans over 3 members.
		plans(trial("a", "collection", "test", 1, true, 360, logs50, nil, []call{{0, false}}, []call{{0, false}}, []call{{0, false}}), 12),
		plans(trial("b", "collection", "test", 1, true, 540, logs50, nil, []call{{0, false}}, []call{{0, false}}, []call{{0, false}}), 6),
		// Solo, 50 iron: no success.
		plans(trial("c", "collection", "test", 0.4, false, 3600, iron50, nil, []call{{0, false}}), 9),
	} {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s := collect(t, dir, nil)
	if len(s.SAgents) != 2 {
		t.Fatalf("rows %+v", s.SAgents)
	}
	logs, iron := s.SAgents[0], s.SAgents[1]
	if logs.Target != "50 logs" || logs.Org != "tree" || logs.Agents != 3 || logs.Trials != 2 || logs.Successes != 2 || !near(7.5, logs.TC) || logs.MPT != 3 {
		t.Errorf("50 logs: %+v (TC %v)", logs, deref(logs.TC))
	}
	if iron.Target != "50 iron" || iron.Agents != 1 || iron.TC != nil || iron.MPT != 9 {
		t.Errorf("50 iron: %+v", iron)
	}
	var panels []Table
	for _, tb := range s.Tables() {
		if strings.HasPrefix(tb.Title, "S-Agents Fig. 7") {
			panels = append(panels, tb)
		}
	}
	if len(panels) != 3 {
		t.Fatalf("%d Fig. 7 panels", len(panels))
	}
	if got := panels[0].Rows[0]; !slices.Equal(got, []string{"tree, 3 agents", "50 logs", "2", "2", "7.5", "3.0"}) {
		t.Errorf("(a) row %v", got)
	}
	if got := panels[0].Rows[2]; got[0] != "paper: CoA (3 agents)" || got[4] != "29.0" || got[5] != "4.0" {
		t.Errorf("(a) paper row %v", got)
	}
	b := panels[1]
	if !slices.Equal(b.Header, []string{"team", "50 logs", "50 stones", "50 iron"}) ||
		!slices.Equal(b.Rows[0], []string{"tree, solo", "-", "-", "NaN (0/1)"}) || !slices.Equal(b.Rows[1], []string{"tree, 3 agents", "7.5 (2/2)", "-", "-"}) ||
		!slices.Equal(b.Rows[4], []string{"paper: ToA(3)", "5.1", "7.5", "15.3"}) {
		t.Errorf("(b) %v: %v", b.Header, b.Rows)
	}
	if c := panels[2]; len(c.Rows) != 2 || c.Rows[1][2] != "24.3" {
		t.Errorf("(c) %v", c.Rows)
	}
}
