package procgen

import (
	"strings"
	"testing"
)

// TestShelterTasks: every split's tasks validate and round-trip; no size,
// height and materials (the target) is in two splits; test is the
// paper's 5x5; the planks and stone dealt cover the walls and the
// foundation and ceiling; bad knobs and fields are refused by name.
func TestShelterTasks(t *testing.T) {
	owner := map[string]string{}
	for _, split := range Shelter.Splits {
		tasks, err := Generate(KindShelter, GenerateOptions{Options: Options{Split: split, Agents: 3, N: 60, Seed: 7}})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := EncodeTasks(tasks)
		back, err := DecodeTasks(raw)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := EncodeTasks(back); string(again) != string(raw) {
			t.Fatalf("%s: the task file does not round-trip", split)
		}
		for i := range back {
			task := &back[i]
			if ps := ValidateTask(task); len(ps) > 0 {
				t.Fatalf("%s: %v", task.ID, ps)
			}
			s := task.Shelter
			if split == SplitTest && s.Size != 5 {
				t.Fatalf("%s: test size %d", task.ID, s.Size)
			}
			f, w, c := s.Cells()
			wood, stone := 0, 0
			for _, inv := range task.InitialInventory {
				wood += inv[s.Wall]
				stone += inv[s.Stone]
			}
			if wood < w || stone < f+c || len(task.InitialInventory["2"]) != 1 || task.InitialInventory["2"][s.Stone] == 0 {
				t.Fatalf("%s: %d wood for %d wall cells, %d stone for %d, inventories %v", task.ID, wood, w, stone, f+c, task.InitialInventory)
			}
			target := Shelter.TargetOf(task.Difficulty)
			if o, ok := owner[target]; (ok && o != split) || target == "" {
				t.Fatalf("%s: target %q in %s and %s", task.ID, target, o, split)
			}
			owner[target] = split
		}
	}
	for o, want := range map[GenerateOptions]string{
		{Options: Options{Split: SplitTrain, Agents: 2}, Size: 5}:         "size 5 belongs to the test split",
		{Options: Options{Split: SplitTrain, Agents: 2}, Height: 9}:       "height 9, expected 2 to 5",
		{Options: Options{Split: SplitTrain, Agents: 2}, Wall: "glass"}:   `wall "glass", expected planks or logs`,
		{Options: Options{Split: SplitTrain, Agents: 2}, Stone: "gravel"}: `stone "gravel", expected one of cobblestone`,
	} {
		if _, err := Generate(KindShelter, o); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "procgen: shelter: ") {
			t.Errorf("%+v: error %v, want %q", o, err, want)
		}
	}
	file := `{"s": {"type": "shelter", "goal": "g", "agent_count": 2, "initial_inventory": {"0": {}, "1": {}}, "shelter": {"site": [0, 64, 0], "size": 12, "height": 3, "wall": "oak_planks", "stone": "dirt"}}}`
	tasks, err := DecodeTasks([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ValidateTask(&tasks[0]) {
		got = append(got, p.String())
	}
	if len(got) != 2 || !strings.Contains(got[0], "shelter.size: 12, expected 3 to 9") || !strings.Contains(got[1], `shelter.stone: "dirt"`) {
		t.Errorf("problems %q", got)
	}
	if _, err := DecodeTasks([]byte(strings.Replace(file, `"size"`, `"sise"`, 1))); err == nil || !strings.Contains(err.Error(), `unknown field "sise"`) {
		t.Errorf("unknown field: %v", err)
	}
}
