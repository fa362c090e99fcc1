package treeexpert

import (
	"math/rand/v2"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/sagents"
	"collabcraft/trajectory"
)

// The leader asks for the inventories it has not heard of, then splits
// each stage by who reported holding the material: the foundation's rows
// to the stone holder, the ring's columns among the plank holders.
func TestShelterPlanSplitsByWhoHoldsWhat(t *testing.T) {
	goal := procgen.ShelterGoal(procgen.ShelterSpec{Site: [3]int{16, 64, -32}, Size: 5, Height: 3})
	user := line(0, "user", "Andy", goal)
	c := sagents.PlannerCall{Name: "Andy", Root: true, Employment: []string{"Andy", "Jill", "Bob"},
		Lines: []sagents.Line{user}, Inventory: "Andy has {'oak_planks': 26}."}
	p := sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(c), 1))
	if !strings.Contains(p.AtHand, "Jill reports the inventory.\nBob reports the inventory.") || strings.Contains(p.AtHand, "Andy reports") {
		t.Fatalf("first stage: %q", p.AtHand)
	}
	c.Task, c.Status, c.Objective = p.AtHand, sagents.Success, p.Objective
	c.Inventory = p.Inventory
	c.Lines = []sagents.Line{line(40, "Jill", "Andy", "my inventory is {'oak_planks': 25}, and my equipment is [] "),
		line(41, "Bob", "Andy", "my inventory is {'cobblestone': 55}, and my equipment is [] ")}
	p = sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(c), 2))
	if want := "Bob builds the foundation rows 1 to 5 of the 5x5 plot at (16, 64, -32) with cobblestone."; !strings.Contains(p.AtHand, want) || strings.Count(p.AtHand, " builds ") != 1 {
		t.Fatalf("foundation stage: %q, want %q alone", p.AtHand, want)
	}
	c.Task, c.Inventory, c.Lines = p.AtHand, p.Inventory, nil
	p = sagents.ParsePlan(reply(t, trajectory.KindTaskPlan, sagents.PlannerMessages(c), 3))
	for _, want := range []string{"Andy builds the wall columns 1 to 8 of the 5x5 plot at (16, 64, -32), 3 high, with oak_planks.", "Jill builds the wall columns 9 to 16 of"} {
		if !strings.Contains(p.AtHand, want) {
			t.Fatalf("wall stage: %q, want %q", p.AtHand, want)
		}
	}
	todos, err := sagents.ParseTodos(reply(t, trajectory.KindActionPlan, sagents.ActionMessages(sagents.ActionCall{Name: "Andy", Root: true, Employment: c.Employment, Task: p.AtHand}), 4))
	if err != nil || len(todos) != 2 || !strings.HasPrefix(todos[0], "inform Jill to ") ||
		!samePart(todos[0], "build the wall columns 9 to 16 of the 5x5 plot at (16, 64, -32), 3 high, with oak_planks") ||
		!samePart(todos[1], "build the wall columns 1 to 8 of the 5x5 plot at (16, 64, -32), 3 high, with oak_planks") {
		t.Fatalf("todos %q (%v): the order first, the leader's own part after", todos, err)
	}
}

// TestPartWordsReadBack: every wording of a shelter part a todo may use
// reads back as the part (so the worker, its program, the critic and the
// leader's monitor all see the same order), the wordings vary, and the
// stage lines keep String's words.
func TestPartWordsReadBack(t *testing.T) {
	p := plot{x: 16, y: 64, z: -32, size: 5, height: 3}
	for _, b := range []part{{what: "foundation", from: 1, to: 5, p: plot{x: 16, y: 64, z: -32, size: 5}, item: "cobblestone"},
		{what: "wall", from: 9, to: 16, p: p, item: "oak_planks"}, {what: "ceiling", from: 2, to: 2, p: p, item: "stone"}} {
		canon, ok := readPart("build " + b.String())
		if !ok || canon != b {
			t.Fatalf("String %q reads as %+v, want %+v", b.String(), canon, b)
		}
		seen := map[string]bool{}
		for seed := range uint64(100) {
			wd := words{rng: rand.New(rand.NewPCG(seed, 3))}.partWords(b)
			seen[wd] = true
			if got, ok := readPart(wd); !ok || got != b {
				t.Errorf("%q reads as %+v (%v), want %+v", wd, got, ok, b)
			}
			if got, ok := readPart("Jill, please " + wd); !ok || got != b {
				t.Errorf("the order %q reads as %+v", wd, got)
			}
		}
		if len(seen) < 30 {
			t.Errorf("%s: %d wordings in 100 draws", b.what, len(seen))
		}
	}
	if _, ok := readPart("Jill builds the foundation rows 1 to 5 of the 5x5 plot at (16, 64, -32) with cobblestone."); ok {
		t.Errorf("a stage line reads as an order")
	}
}
