package queue_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/queue"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/world"
)

// play plays one Co-Voyager task with the scripted experts in a fresh
// world; it returns the trial and the world.
func play(t *testing.T, task procgen.Task, seed uint64) (*generate.TrialResult, *world.World) {
	t.Helper()
	return playWith(t, task, seed, generate.Config{})
}

func playWith(t *testing.T, task procgen.Task, seed uint64, cfg generate.Config) (*generate.TrialResult, *world.World) {
	t.Helper()
	names := []string{"Andy", "Jill", "Bob", "Ann", "Sam"}[:task.AgentCount]
	w, err := world.Build(task, seed, world.Options{AgentNames: names})
	if err != nil {
		t.Fatal(err)
	}
	org := queue.Org{}
	var seats []generate.Seat
	for _, nm := range org.Seats(names) {
		seats = append(seats, generate.Seat{Name: nm, Backend: scripted.New(scripted.Options{})})
	}
	res, err := org.Play(context.Background(), generate.TrialSpec{Task: &task, World: generate.SimWorld(w, seed), Team: seats, Seed: seed, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	return res, w
}

// dump is a trial's calls, one line each, for a failure's message.
func dump(res *generate.TrialResult) string {
	var b strings.Builder
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			fmt.Fprintf(&b, "%s %7.1f %s: %.300q | %.200q %.300q\n", a.Name, tr.SimTime, tr.Kind, tr.Response, tr.Command, tr.Output)
		}
	}
	return b.String()
}

func paperTask(family string, agents int, human bool) procgen.Task {
	tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTest, Agents: agents, N: 3, Seed: 5}, Family: family, Human: human})
	if err != nil {
		panic(err)
	}
	return tasks[0]
}

// TestQueueCraftsCompass: the paper's compass in its arena, two coders:
// the plan is approved, every subtask ends in the chest, the compass is
// there at the end.
func TestQueueCraftsCompass(t *testing.T) {
	task := paperTask(procgen.CoVoyagerCompass, 2, false)
	res, w := play(t, task, 1)
	chest, _ := w.HandoverChest()
	if !res.Outcome.Success || w.ChestCounts(chest)["compass"] < 1 {
		t.Fatalf("no compass in the chest: %+v %s, chest %v\n%s", res.Outcome, res.Error, w.ChestCounts(chest), dump(res))
	}
	t.Logf("%.0f s, metrics %v", res.SimSeconds, res.Metrics)
}

// suite plays a split's generated tasks with the scripted experts and
// returns the successes, logging each failure's calls.
func suite(t *testing.T, split string, n, agents int, human bool) (won int, tasks []procgen.Task) {
	t.Helper()
	tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: agents, N: n, Seed: 11}, Human: human})
	if err != nil {
		t.Fatal(err)
	}
	for i, task := range tasks {
		res, _ := play(t, task, uint64(100+i))
		if res.Outcome.Success {
			won++
			continue
		}
		t.Logf("%s: %+v %s\n%s", task.ID, res.Outcome, res.Error, dump(res))
	}
	return won, tasks
}

// TestQueueSuite: the paper's three tasks (test, on layouts of their
// own) and their variants (train: other targets, counts, arenas), with
// two coders, are done in at least 95% of trials.
func TestQueueSuite(t *testing.T) {
	n := map[string]int{procgen.SplitTest: 30, procgen.SplitTrain: 60}
	if testing.Short() {
		n = map[string]int{procgen.SplitTest: 3, procgen.SplitTrain: 6}
	}
	for _, split := range []string{procgen.SplitTest, procgen.SplitTrain} {
		won, tasks := suite(t, split, n[split], 2, false)
		t.Logf("%s: %d of %d", split, won, len(tasks))
		if float64(won) < 0.95*float64(len(tasks)) {
			t.Errorf("%s: %d of %d done, want 95%%", split, won, len(tasks))
		}
	}
}

// TestQueueWithHuman: two coders and the scripted human (agent 0) do the
// paper's three tasks and their variants in at least 95% of trials; the
// human takes subtasks, makes no model call, and its turns are kept as
// no model's (history roles user and human, never assistant).
func TestQueueWithHuman(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 6
	}
	byHuman := 0.0
	for _, split := range []string{procgen.SplitTest, procgen.SplitTrain} {
		tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: 3, N: n, Seed: 13}, Human: true})
		if err != nil {
			t.Fatal(err)
		}
		won := 0
		for i, task := range tasks {
			if got := (queue.Org{}).Humans(&task); len(got) != 1 || got[0] != 0 {
				t.Fatalf("%s: human seats %v", task.ID, got)
			}
			res, _ := play(t, task, uint64(200+i))
			h := res.Agents[0]
			if len(h.Transitions) != 0 {
				t.Fatalf("%s: the human made %d model calls", task.ID, len(h.Transitions))
			}
			for _, m := range h.History {
				if m.Role != "user" && m.Role != "human" {
					t.Fatalf("%s: a human turn with role %q", task.ID, m.Role)
				}
			}
			byHuman += res.Metrics[queue.MetricHumanDone]
			if res.Outcome.Success {
				won++
				continue
			}
			t.Logf("%s: %+v %s\n%s", task.ID, res.Outcome, res.Error, dump(res))
		}
		t.Logf("%s: %d of %d with the human", split, won, len(tasks))
		if float64(won) < 0.95*float64(len(tasks)) {
			t.Errorf("%s: %d of %d done, want 95%%", split, won, len(tasks))
		}
	}
	if byHuman == 0 {
		t.Error("the human did no subtask")
	}
	t.Logf("the human did %.0f subtasks", byHuman)
}
