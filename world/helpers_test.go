package world

import (
	"os"
	"strings"
	"testing"

	"collabcraft/procgen"
)

// taskFromFile loads one task of a procgen fixture by id.
func taskFromFile(t testing.TB, path, id string) procgen.Task {
	t.Helper()
	tasks, err := procgen.ReadTaskFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		if task.ID == id {
			return task
		}
	}
	t.Fatalf("%s: no task %s", path, id)
	return procgen.Task{}
}

func cookingTask() procgen.Task {
	return procgen.Task{
		ID: "cooking_test", Type: procgen.TypeCooking, AgentCount: 2,
		Goal:             procgen.Goal{Text: "Collaborate to make 1 mushroom_stew, 1 cooked_rabbit."},
		Target:           procgen.Target{Counts: map[string]int{"mushroom_stew": 1, "cooked_rabbit": 1}},
		InitialInventory: map[string]map[string]int{"0": {"red_mushroom": 1}, "1": {"bowl": 1}},
		ChestItems:       map[string]int{"milk_bucket": 3, "egg": 1, "bowl": 2},
		Timeout:          500,
	}
}

func mustBuild(t testing.TB, task procgen.Task, seed uint64, opts Options) *World {
	t.Helper()
	w, err := Build(task, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// do runs a response for an agent and returns the result.
func do(t testing.TB, w *World, agent, response string) CommandResult {
	t.Helper()
	res, err := w.Execute(agent, response)
	if err != nil {
		t.Fatal(err)
	}
	w.Advance(res.Duration)
	if testing.Verbose() {
		t.Logf("%s> %s\n%s[%v]", agent, response, res.Output, res.Duration)
	}
	return res
}

func wantPrefix(t testing.TB, res CommandResult, prefix string) {
	t.Helper()
	if !strings.HasPrefix(res.Output, prefix) {
		t.Fatalf("%s: output %q, want prefix %q", res.Command, res.Output, prefix)
	}
}

var _ = os.Getenv
