package tree_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted"
	"collabcraft/generate/tree"
	"collabcraft/procgen"
	"collabcraft/world"
)

// play plays one collection task with the scripted experts in a fresh
// world; it returns the trial and how much of the material the team
// holds at its end (the world's count).
func play(t *testing.T, org tree.Org, task procgen.Task, seed uint64) (*generate.TrialResult, int) {
	t.Helper()
	return playWith(t, org, task, seed, generate.Config{})
}

func playWith(t *testing.T, org tree.Org, task procgen.Task, seed uint64, cfg generate.Config) (*generate.TrialResult, int) {
	t.Helper()
	names := []string{"Andy", "Jill", "Bob", "Ann", "Sam"}[:task.AgentCount]
	w, err := world.Build(task, seed, world.Options{AgentNames: names})
	if err != nil {
		t.Fatal(err)
	}
	var seats []generate.Seat
	for _, nm := range org.Seats(names) {
		seats = append(seats, generate.Seat{Name: nm, Backend: scripted.New(scripted.Options{})})
	}
	res, err := org.Play(context.Background(), generate.TrialSpec{Task: &task, World: generate.SimWorld(w, seed), Team: seats, Seed: seed, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	held, _ := w.Collected()
	return res, held
}

// dump is a trial's calls, one line each, for a failure's message.
func dump(res *generate.TrialResult) string {
	var b strings.Builder
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			fmt.Fprintf(&b, "%s %7.1f %s: %.300q | %q %q\n", a.Name, tr.SimTime, tr.Kind, tr.Response, tr.Command, tr.Output)
		}
	}
	return b.String()
}

func TestTreeCollects(t *testing.T) {
	for _, c := range []struct {
		shape    tree.Shape
		material string
		n        int
	}{{tree.Tree, "logs", 12}, {tree.Tree, "stones", 15}, {tree.Tree, "iron", 6}, {tree.Chain, "logs", 6}} {
		task := procgen.CollectionTask(fmt.Sprintf("collect_%s_%d", c.material, c.n), procgen.CollectionSpec{Material: c.material, Quantity: c.n, Distance: 24},
			procgen.Options{Split: procgen.SplitTrain, Agents: 3, Seed: 3})
		res, held := play(t, tree.Org{Config: tree.Config{Shape: c.shape}}, task, 3)
		if !res.Outcome.Success || held < c.n {
			t.Errorf("%s %d %s: the team holds %d; outcome %+v %s\n%s", c.shape, c.n, c.material, held, res.Outcome, res.Error, dump(res))
			continue
		}
		t.Logf("%s %d %s: %.0f s, metrics %v", c.shape, c.n, c.material, res.SimSeconds, res.Metrics)
	}
}

// A trial depends only on its inputs: played twice, every call is the same.
func TestTreeReplays(t *testing.T) {
	task := procgen.CollectionTask("replay_stones", procgen.CollectionSpec{Material: "stones", Quantity: 12, Distance: 24},
		procgen.Options{Split: procgen.SplitTrain, Agents: 3, Seed: 9})
	a, _ := play(t, tree.Org{}, task, 4)
	b, _ := play(t, tree.Org{}, task, 4)
	if dump(a) != dump(b) || a.SimSeconds != b.SimSeconds {
		t.Errorf("two plays differ:\n%s\n---\n%s", dump(a), dump(b))
	}
}

// A trial ends when its work is done, not when it starts: logs come off
// by hand at 3 s each (world.TestMiningSeconds), so 50 of them take a team
// of 3 at least 50 s even if every agent mines, though the world holds a
// program's logs from the moment it runs.
func TestTreeTakesTheTimeOfItsWork(t *testing.T) {
	task := procgen.CollectionTask("timed_logs", procgen.CollectionSpec{Material: "logs", Quantity: 50, Distance: 8},
		procgen.Options{Split: procgen.SplitTest, Agents: 3, Seed: 1})
	res, _ := play(t, tree.Org{}, task, 2)
	if !res.Outcome.Success {
		t.Fatalf("50 logs not collected: %+v\n%s", res.Outcome, dump(res))
	}
	if res.SimSeconds < 50 {
		t.Errorf("50 logs by hand with 3 agents took %.1f simulated s, want at least 50", res.SimSeconds)
	}
}
