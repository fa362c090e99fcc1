package procgen

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestFarmTasks: test holds the paper's 100 settings in order, then the
// generated test dishes; each task validates, carries D, the budgets and
// VillagerAgent's goal, and round-trips through the task file.
func TestFarmTasks(t *testing.T) {
	tasks, err := Generate(KindFarm, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != DefaultFarmTest || tasks[0].ID != "farm_cake_0_agents_2" || tasks[99].ID != "farm_rabbit_stew_63_agents_2" {
		t.Fatalf("%d tasks, first %s, 100th %s", len(tasks), tasks[0].ID, tasks[99].ID)
	}
	for i, task := range tasks {
		if ps := ValidateTask(&task); len(ps) > 0 {
			t.Errorf("%s: %v", task.ID, ps)
		}
		paper := i < 100
		if task.Difficulty["paper"] != paper {
			t.Errorf("%s: paper %v", task.ID, task.Difficulty["paper"])
		}
		d := task.Difficulty["complexity"].(int)
		if task.Timeout != 200*d || task.Difficulty["action_budget"] != 40*d {
			t.Errorf("%s: D %d, timeout %d, action budget %v", task.ID, d, task.Timeout, task.Difficulty["action_budget"])
		}
		if !strings.Contains(task.Goal.Text, "collaborate to make a "+task.Farm.Dish+". ") {
			t.Errorf("%s: goal %q", task.ID, task.Goal.Text)
		}
	}
	data, err := EncodeTasks(tasks[98:101])
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeTasks(data)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(tasks[98:101])
	b, _ := json.Marshal(back)
	if !bytes.Equal(a, b) {
		t.Errorf("round trip changed the tasks:\n%s\n%s", a, b)
	}
}

// TestFarmValidationNamesTheField: a bad setting is refused with the field
// under "farm".
func TestFarmValidationNamesTheField(t *testing.T) {
	tasks, _ := Generate(KindFarm, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 23, Seed: 1}})
	for _, c := range []struct {
		edit  func(t *Task)
		field string
	}{
		{func(t *Task) { t.Farm.Components[1].Items[0].Name = "eggz" }, "farm.components[1].items[0].name"},
		{func(t *Task) { t.Farm.Components = t.Farm.Components[:2] }, "farm.components"}, // no cow pasture: no milk
		{func(t *Task) { t.Farm.Components[3].Position = [3]int{9, 0, 7} }, "farm.components[3].position"},
		{func(t *Task) { t.Farm = nil }, "farm"},
	} {
		task := tasks[22]
		s := task.Farm.Clone()
		task.Farm = &s
		c.edit(&task)
		ps := ValidateTask(&task)
		if len(ps) != 1 || ps[0].Field != c.field {
			t.Errorf("want one problem in %s, got %v", c.field, ps)
		}
	}
}
