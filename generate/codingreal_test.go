package generate

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// TestRealWorldCoding: in a construction task an agent's !newAction runs
// its code in the embedded world (world/js): the block it places is in the
// world, the coding call is recorded with the coding prompt and $CODE_DOCS,
// and the action's output is the coder's summary.
func TestRealWorldCoding(t *testing.T) {
	tasks, err := procgen.GenerateConstruction(procgen.ConstructionOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: 1, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	task := &tasks[0]
	bp, err := task.ParsedBlueprint()
	if err != nil {
		t.Fatal(err)
	}
	lv := bp.Levels[0]
	x, y, z := lv.Coordinates[0], lv.Coordinates[1], lv.Coordinates[2]
	block := lv.Placement[0][0]
	names := AgentNames(2, 0)
	w, err := world.Build(*task, 7, world.Options{AgentNames: names})
	if err != nil {
		t.Fatal(err)
	}
	code := fmt.Sprintf("```javascript\nawait skills.placeBlock(bot, %q, %d, %d, %d);\n```", block, x, y, z)
	andyCalls := 0
	andy := funcBackend(func(req Request) (Reply, error) {
		switch req.Kind {
		case trajectory.KindCoding:
			return Reply{Text: "Placing the corner.\n" + code}, nil
		case trajectory.KindMemory:
			return Reply{Text: "memory"}, nil
		case trajectory.KindBotResponder:
			return Reply{Text: "ignore"}, nil
		}
		if andyCalls++; andyCalls == 1 {
			return Reply{Text: `I'll start with the corner. !newAction("Place the first block of level 0")`}, nil
		}
		return Reply{Text: "\t"}, nil
	})
	quiet := funcBackend(func(req Request) (Reply, error) { return Reply{Text: "\t"}, nil })
	res, err := Run(context.Background(), TrialSpec{Task: task, World: SimWorld(w, 7), Team: []Seat{{names[0], andy}, {names[1], quiet}}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.BlockAt(x, y, z); got != block {
		t.Fatalf("block at the level's corner is %q, want %q (the code's placeBlock)", got, block)
	}
	var coding *trajectory.Transition
	for i, tr := range res.Agents[0].Transitions {
		if tr.Kind == trajectory.KindCoding {
			coding = &res.Agents[0].Transitions[i]
			break
		}
	}
	if coding == nil {
		t.Fatalf("no coding transition: %+v", res.Agents[0].Transitions)
	}
	prompt := coding.Messages[0].Content
	for _, want := range []string{"skills.placeBlock\n* Place the given block type", "### skills.wait", "### skills.breakBlockAt"} {
		if !strings.Contains(prompt, want) {
			t.Errorf("the coding prompt lacks %q", want)
		}
	}
	if !strings.HasPrefix(coding.Output, "Agent wrote this code: \n```") || !strings.Contains(coding.Output, "Code Output:\n") {
		t.Errorf("coding output %q, want the coder's summary", coding.Output)
	}
}
