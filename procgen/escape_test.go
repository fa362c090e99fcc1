package procgen

import (
	"strings"
	"testing"
)

// TestEscapeTasks: test starts with VillagerBench's own 22 tasks in
// config.py's order, then generated tasks of 2 to 5 max rooms; train, dev
// and test share no layout (Kind.TargetOf); every task validates, goes
// through a task file unchanged and lays out its rooms again.
func TestEscapeTasks(t *testing.T) {
	n := map[string]int{SplitTrain: 60, SplitDev: 12, SplitTest: 40}
	if testing.Short() {
		n = map[string]int{SplitTrain: 12, SplitDev: 4, SplitTest: 26}
	}
	owner := map[string]string{}
	for _, split := range Escape.Splits {
		tasks, err := Generate(KindEscape, GenerateOptions{Options: Options{Split: split, Agents: 2, N: n[split], Seed: 7}})
		if err != nil {
			t.Fatal(err)
		}
		if len(tasks) != n[split] {
			t.Fatalf("%s: %d tasks, want %d", split, len(tasks), n[split])
		}
		if split == SplitTest && (tasks[0].ID != "puzzle_task1_2p_idx0" || tasks[21].ID != "puzzle_task4_2p_idx3" || tasks[22].Difficulty["code"] != false) {
			t.Fatalf("test starts %s ... %s, then code %v", tasks[0].ID, tasks[21].ID, tasks[22].Difficulty["code"])
		}
		raw, err := EncodeTasks(tasks)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeTasks(raw)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := EncodeTasks(back)
		if string(again) != string(raw) {
			t.Fatalf("%s: the task file does not round-trip", split)
		}
		for i := range back {
			task := &back[i]
			if ps := ValidateTask(task); len(ps) > 0 {
				t.Fatalf("%s: %v", task.ID, ps)
			}
			target := Escape.TargetOf(task.Difficulty)
			if !strings.HasPrefix(target, "layout:") {
				t.Fatalf("%s: target %q", task.ID, target)
			}
			if s, ok := owner[target]; ok && s != split {
				t.Fatalf("%s: layout %s in %s and %s", task.ID, target, s, split)
			}
			owner[target] = split
			et, err := task.EscapeTask()
			if err != nil {
				t.Fatal(err)
			}
			if "layout:"+et.Layout() != target {
				t.Fatalf("%s: laid out again, layout %s, recorded %s", task.ID, et.Layout(), target)
			}
		}
	}
}

// TestEscapeBadField: a task file's escape field that lays out nothing is
// refused naming the task and field.
func TestEscapeBadField(t *testing.T) {
	cases := map[string]string{
		`{"max_rooms": 0, "seed": 1}`:            `escape.max_rooms: 0, expected at least 1`,
		`{"max_rooms": 2, "seed": 1, "pyth": 1}`: `unknown field "pyth"`,
		`{"max_rooms": 2, "seed": "x"}`:          `expected {"max_rooms", "seed", "python"}`,
	}
	for field, want := range cases {
		file := `{"e": {"type": "escape_room", "goal": "g", "agent_count": 2, "initial_inventory": {"0": {}, "1": {}}, "escape": ` + field + `}}`
		tasks, err := DecodeTasks([]byte(file))
		var got string
		if err != nil {
			got = err.Error()
		} else {
			for _, p := range ValidateTask(&tasks[0]) {
				got += p.String()
			}
		}
		if !strings.Contains(got, want) {
			t.Errorf("escape %s: %q, want %q", field, got, want)
		}
	}
	tasks, _ := DecodeTasks([]byte(`{"e": {"type": "escape_room", "goal": "g", "agent_count": 9, "escape": {"max_rooms": 2, "seed": 1}}}`))
	if ps := ValidateTask(&tasks[0]); len(ps) == 0 {
		t.Error("9 agents in escape rooms: no problem")
	}
}
