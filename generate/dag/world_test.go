package dag

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villager"
	"collabcraft/world"
)

// crafterBackend plays a one-step crafting task: one subtask for the agent
// holding the planks, which crafts sticks at the table the scene placed.
type crafterBackend struct{}

func (crafterBackend) Complete(_ context.Context, req generate.Request) (generate.Reply, error) {
	msgs := make([]villager.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = villager.Message{Role: m.Role, Content: m.Content}
	}
	switch req.Kind {
	case trajectory.KindDecompose:
		return generate.Reply{Text: `[{"id": 1, "description": "Craft 4 stick from the 2 oak_planks Andy_0 holds", "milestones": ["4 stick in Andy_0's inventory"], "retrieval paths": ["~/meta-data/recipe"], "required subtasks": [], "candidate list": ["Andy_0"], "minimum required agents": 1}]`}, nil
	case trajectory.KindReact:
		c, err := villager.ReadExecutorCall(msgs)
		if err != nil {
			return generate.Reply{}, err
		}
		if len(c.Steps) > 0 {
			return generate.Reply{Text: "Thought: I know what to respond\nAction:\n```\n{\"action\": \"Final Answer\", \"action_input\": \"crafted\"}\n```"}, nil
		}
		return generate.Reply{Text: fmt.Sprintf("Thought: craft.\nAction:\n```\n{\"action\": \"craftBlock\", \"action_input\": {\"player_name\": %q, \"item_name\": \"stick\", \"count\": 1, \"emotion\": [], \"murmur\": \"\"}}\n```", c.Name)}, nil
	case trajectory.KindReflect:
		c, err := villager.ReadReflectCall(msgs)
		if err != nil {
			return generate.Reply{}, err
		}
		ok := strings.Contains(villager.Repr(c.History), "I made stick")
		return generate.Reply{Text: fmt.Sprintf(`{"reasoning": "r", "summary": "s", "task_status": %t}`, ok)}, nil
	case trajectory.KindAssign, trajectory.KindReplan:
		return generate.Reply{Text: `{"strategy": "delete"}`}, nil
	}
	return generate.Reply{Text: "All quiet."}, nil
}

func TestDAGPlaysInTheWorld(t *testing.T) {
	task := procgen.Task{ID: "multiagent_crafting_stick", Type: "techtree", AgentCount: 2, Timeout: 300,
		Target: procgen.Target{Item: "stick"}, NumberOfTarget: 4,
		InitialInventory: map[string]map[string]int{"0": {"oak_planks": 2}, "1": {"dirt": 1}}}
	names := []string{"Andy_0", "Jill_0"}
	opts := world.Options{AgentNames: names}
	Org{}.Scene(&opts)
	w, err := world.Build(task, 7, opts)
	if err != nil {
		t.Fatal(err)
	}
	var seats []generate.Seat
	for _, n := range (Org{}).Seats(names) {
		seats = append(seats, generate.Seat{Name: n, Backend: crafterBackend{}})
	}
	res, err := Org{}.Play(context.Background(), generate.TrialSpec{Task: &task, World: generate.SimWorld(w, 7), Team: seats, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Outcome.Success {
		var out []string
		for _, tr := range res.Agents[0].Transitions {
			out = append(out, tr.Kind+": "+tr.Command+" -> "+tr.Output)
		}
		t.Fatalf("outcome %+v; Andy_0's calls:\n%s", res.Outcome, strings.Join(out, "\n"))
	}
}
