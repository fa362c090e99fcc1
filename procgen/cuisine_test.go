package procgen

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"collabcraft/cuisine"
)

func TestCuisineTestSplitIsMindAgentsLevels(t *testing.T) {
	tasks, err := GenerateCuisine(CuisineOptions{Options: Options{Split: SplitTest, Agents: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 65 {
		t.Fatalf("%d tasks; want 13 levels × 5 α", len(tasks))
	}
	var order []string
	for i, task := range tasks {
		if ps := ValidateTask(&task); len(ps) > 0 {
			t.Errorf("%s: %v", task.ID, ps)
		}
		if task.Alpha != cuisine.Alphas[i%5] || task.AgentCount != 3 || task.Episodes != 3 {
			t.Errorf("%s: α %v, %d agents, %d episodes", task.ID, task.Alpha, task.AgentCount, task.Episodes)
		}
		if i%5 == 0 {
			order = append(order, task.Level.Name)
		}
	}
	if want := append(slices.Clone(cuisine.PaperLevels), "level_6"); !slices.Equal(order, want) {
		t.Errorf("levels %v; want the paper's order %v", order, want)
	}
	if tasks[0].ID != "cuisine_level_0_alpha_1_agents_3" || tasks[1].ID != "cuisine_level_0_alpha_1.5_agents_3" {
		t.Errorf("ids %s, %s", tasks[0].ID, tasks[1].ID)
	}
	// level_12 orders frenchFries without a fryer: kept as MindAgent has it.
	l12 := tasks[11*5]
	if l12.Level.Name != "level_12" || len(l12.Level.Unservable()) != 1 {
		t.Fatalf("level_12 task %+v", l12.Level)
	}
	if _, err := GenerateCuisine(CuisineOptions{Options: Options{Split: SplitTest, Agents: 2, N: 66}}); err == nil || !strings.Contains(err.Error(), "13 levels") {
		t.Errorf("66 test tasks: %v", err)
	}
	if _, err := GenerateCuisine(CuisineOptions{Options: Options{Split: SplitTest, Agents: 5}}); err == nil || !strings.Contains(err.Error(), "demos go up to 4") {
		t.Errorf("5 agents: %v", err)
	}
}

func TestCuisineSplitsShareNoDishSet(t *testing.T) {
	sets := map[string]map[string]bool{}
	for _, split := range []string{SplitTrain, SplitDev, SplitTest} {
		tasks, err := GenerateCuisine(CuisineOptions{Options: Options{Split: split, Agents: 2, Seed: 3}})
		if err != nil {
			t.Fatal(err)
		}
		if len(tasks) != DefaultCount(KindCuisine, split) {
			t.Errorf("%s: %d tasks", split, len(tasks))
		}
		sets[split] = map[string]bool{}
		levels := map[string]bool{}
		for _, task := range tasks {
			if ps := ValidateTask(&task); len(ps) > 0 {
				t.Fatalf("%s: %v", task.ID, ps)
			}
			sets[split][task.Level.DishSet()] = true
			levels[task.Level.Name] = true
			if split != SplitTest && (len(task.Level.Unservable()) > 0 || task.Difficulty["class"] != "generated") {
				t.Errorf("%s: unservable %v, class %v", task.ID, task.Level.Unservable(), task.Difficulty["class"])
			}
		}
		if len(levels)*5 != len(tasks) {
			t.Errorf("%s: %d levels for %d tasks", split, len(levels), len(tasks))
		}
	}
	for _, a := range []string{SplitTrain, SplitDev, SplitTest} {
		for _, b := range []string{SplitTrain, SplitDev, SplitTest} {
			if a >= b {
				continue
			}
			for s := range sets[a] {
				if sets[b][s] {
					t.Errorf("dish set %s is in %s and %s", s, a, b)
				}
			}
		}
	}
	if len(sets[SplitTrain]) < 40 {
		t.Errorf("only %d dish sets in train", len(sets[SplitTrain]))
	}
}

func TestCuisineTasksRoundTripAndAreSeeded(t *testing.T) {
	gen := func(seed uint64, human bool) []Task {
		tasks, err := GenerateCuisine(CuisineOptions{Options: Options{Split: SplitTrain, Agents: 4, N: 12, Seed: seed}, Human: human})
		if err != nil {
			t.Fatal(err)
		}
		return tasks
	}
	a, b := gen(1, false), gen(1, false)
	ea, _ := EncodeTasks(a)
	eb, _ := EncodeTasks(b)
	if !bytes.Equal(ea, eb) {
		t.Error("the same seed gave different files")
	}
	if c, _ := EncodeTasks(gen(2, false)); bytes.Equal(ea, c) {
		t.Error("another seed gave the same file")
	}
	back, err := DecodeTasks(ea)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back {
		if !reflect.DeepEqual(back[i].Level, a[i].Level) || back[i].Alpha != a[i].Alpha || back[i].Episodes != a[i].Episodes {
			t.Errorf("%s did not round-trip", a[i].ID)
		}
	}
	h := gen(1, true)
	if !strings.HasSuffix(h[0].ID, "_human") || h[0].HumanCount == nil || *h[0].HumanCount != 1 {
		t.Errorf("human task %s %v", h[0].ID, h[0].HumanCount)
	}
	if ps := ValidateTask(&h[0]); len(ps) > 0 {
		t.Error(ps)
	}
}

func TestCuisineValidation(t *testing.T) {
	good := func() Task {
		l, _ := cuisine.LevelNamed("level_3")
		return Task{ID: "x", Type: TypeCuisine, AgentCount: 2, Level: &l, Alpha: 1}
	}
	for _, c := range []struct {
		edit func(*Task)
		want string
	}{
		{func(t *Task) { t.Level = nil }, "level: missing"},
		{func(t *Task) { t.Level.Kitchen = []string{"storage", "grill"} }, `level: field "kitchen"[1]: unknown tool "grill"`},
		{func(t *Task) { t.Level.Name = "mine"; t.Level.Kitchen = []string{"storage", "servingtable", "mixer"} }, "level.dishes: salmonSushi, tunaSushi cannot be served"},
		{func(t *Task) { t.Alpha = 0 }, "alpha: 0"},
		{func(t *Task) { t.Episodes = 11 }, "episodes: 11"},
		{func(t *Task) { t.AgentCount = 5 }, "agent_count: 5"},
		{func(t *Task) { t.HumanCount = IntPtr(2) }, "human_count: 2"},
		{func(t *Task) { t.AgentCount = 1; t.HumanCount = IntPtr(1) }, "human_count: 1 with agent_count below 2"},
	} {
		task := good()
		c.edit(&task)
		var got []string
		for _, p := range ValidateTask(&task) {
			got = append(got, p.String())
		}
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("want %q in %q", c.want, got)
		}
	}
	task := good()
	if ps := ValidateTask(&task); len(ps) > 0 {
		t.Errorf("a good task: %v", ps)
	}
	// A level file's unknown field is refused when the task file is read.
	if _, err := DecodeTasks([]byte(`{"x": {"type": "cuisine", "agent_count": 2, "alpha": 1, "level": {"name": "a", "dishes": ["cake"], "kitchen": ["storage"], "agents": 2, "grill": 1}}}`)); err == nil || !strings.Contains(err.Error(), `"level"`) || !strings.Contains(err.Error(), "grill") {
		t.Errorf("unknown level field: %v", err)
	}
}
