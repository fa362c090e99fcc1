package stats

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// TestEscapeTable1: escape-room trials get Table 1's escape columns (C, E,
// B, no third column), the judger's D, and the paper's gpt-4 rows.
func TestEscapeTable1(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "r", Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range []*trajectory.Trial{
		// Rooms 1 and 0.5 of 2 rooms: C 75 in 3 min; active 40 and 80 s.
		trial("e1", "escape_room", "test", 0.75, false, 180, map[string]any{"rooms": 2, "code": true, "complexity": 3.5},
			map[string]float64{"active_seconds:Andy_0": 40, "active_seconds:Andy_1": 80}, []call{{0, true}}, []call{{0, true}}),
		trial("e2", "escape_room", "test", 1, true, 60, map[string]any{"rooms": 1, "code": true, "complexity": 1.5},
			map[string]float64{"active_seconds:Andy_0": 30, "active_seconds:Andy_1": 30}, []call{{0, true}}, []call{{0, true}}),
	} {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s := collect(t, dir, nil)
	if len(s.VillagerBench) != 1 {
		t.Fatalf("rows %+v", s.VillagerBench)
	}
	r := s.VillagerBench[0]
	if math.Abs(r.C-87.5) > 1e-9 || !near((75.0/3+100)/2, r.E) || !near(2.5, r.D) || !near((100*(1-0.5)+100)/2, r.BPaper) {
		t.Fatalf("row C %v E %v D %v B %v", r.C, deref(r.E), deref(r.D), deref(r.BPaper))
	}
	var table *Table
	for _, tb := range s.Tables() {
		if strings.HasPrefix(tb.Title, "VillagerBench Table 1 (escape") {
			table = &tb
		}
	}
	if table == nil {
		t.Fatal("no Table 1 for escape rooms")
	}
	if want := []string{"team", "trials", "C (%)", "E (%/min)", "B paper (%)", "B code (%)", "D"}; !slices.Equal(table.Header, want) {
		t.Fatalf("header %v, want %v", table.Header, want)
	}
	if got := table.Rows[0]; got[2] != "87.50" || got[3] != "62.50" || got[6] != "2.5" {
		t.Fatalf("row %v", got)
	}
	if got := table.Rows[1]; got[0] != "paper: gpt-4, 2 agents" || got[1] != "25" || got[2] != "73.29" || got[3] != "149.40" || len(got) != 7 {
		t.Fatalf("paper row %v", got)
	}
}
