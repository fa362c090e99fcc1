package dag

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// hostileBackend answers with what a model gets wrong: a decomposition
// with a cycle and a dangling id, a controller naming an agent nobody
// has, and executor steps that are malformed JSON, an unknown tool and
// wrong argument types before a good one.
type hostileBackend struct {
	reacts map[string]int
}

func (b *hostileBackend) Complete(_ context.Context, req generate.Request) (generate.Reply, error) {
	last := req.Messages[len(req.Messages)-1].Content
	switch req.Kind {
	case trajectory.KindDecompose:
		return generate.Reply{Text: `[` +
			`{"id": 1, "description": "loop one", "milestones": [], "retrieval paths": [], "required subtasks": [2], "candidate list": ["Alice"], "minimum required agents": 1}, ` +
			`{"id": 2, "description": "loop two", "milestones": [], "retrieval paths": [], "required subtasks": [1], "candidate list": ["Bob"], "minimum required agents": 1}, ` +
			`{"id": 3, "description": "dig one block", "milestones": ["dug"], "retrieval paths": ["~/nowhere"], "required subtasks": [9], "candidate list": ["Alice", "Bob"], "minimum required agents": 1}]`}, nil
	case trajectory.KindAssign:
		return generate.Reply{Text: `[{"reason": "r", "task_id": 0, "agent": "Zed"}, {"reason": "r", "task_id": 0, "agent": "Alice"}, {"reason": "r", "task_id": 7, "agent": "Bob"}]`}, nil
	case trajectory.KindReact:
		name := strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(last, "\n", 2)[0], "Your name is "), ".")
		if len(req.Messages) == 1 { // LangChain's output fixer
			return generate.Reply{Text: "```\n{still not JSON\n```"}, nil
		}
		n := b.reacts[name]
		b.reacts[name]++
		switch n {
		case 0:
			return generate.Reply{Text: "Thought: dig.\nAction:\n```\n{\"action\": \"MineBlock\", \"action_input\": {\"player_name\": \n```"}, nil
		case 1:
			return generate.Reply{Text: "Thought: fly.\nAction:\n```\n{\"action\": \"flyTo\", \"action_input\": {\"player_name\": \"" + name + "\"}}\n```"}, nil
		case 2:
			return generate.Reply{Text: "Thought: dig.\nAction:\n```\n{\"action\": \"MineBlock\", \"action_input\": {\"player_name\": \"" + name + "\", \"x\": \"far\", \"y\": [], \"z\": 0, \"emotion\": [], \"murmur\": \"\"}}\n```"}, nil
		}
		if strings.Contains(last, "dig at") {
			return generate.Reply{Text: "Action:\n```\n{\"action\": \"Final Answer\", \"action_input\": \"dug\"}\n```"}, nil
		}
		return generate.Reply{Text: fmt.Sprintf("Thought: dig.\nAction:\n```\n{\"action\": \"MineBlock\", \"action_input\": {\"player_name\": %q, \"x\": 0, \"y\": -60, \"z\": 0, \"emotion\": [], \"murmur\": \"\"}}\n```", name)}, nil
	case trajectory.KindReflect:
		return generate.Reply{Text: `{"reasoning": "dug", "summary": "dug one", "task_status": true}`}, nil
	case trajectory.KindReplan:
		return generate.Reply{Text: `{"strategy": "delete", "delete-id": 42}`}, nil
	}
	return generate.Reply{Text: "Entity: all here."}, nil
}

// TestBadInputKeepsTheTrialGoing: each mistake gets VillagerAgent's own
// feedback (LangChain's for the executor) or a clear one, every call is
// recorded, and the trial ends by the organisation's rules, not an error.
func TestBadInputKeepsTheTrialGoing(t *testing.T) {
	agents := []string{"Alice", "Bob"}
	w := &counterWorld{names: agents, goal: 1}
	b := &hostileBackend{reacts: map[string]int{}}
	var seats []generate.Seat
	for _, n := range (Org{}).Seats(agents) {
		seats = append(seats, generate.Seat{Name: n, Backend: b})
	}
	task := &procgen.Task{ID: "t", Type: "techtree", AgentCount: 2, Target: procgen.Target{Item: "stick"}, NumberOfTarget: 1,
		InitialInventory: map[string]map[string]int{"0": {"oak_planks": 2}, "1": {}}, Timeout: 300}
	res, err := Org{}.Play(context.Background(), generate.TrialSpec{Task: task, World: w, Team: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome.EndReason == trajectory.EndError {
		t.Fatalf("the trial ended with an error: %+v", res.Outcome)
	}
	if !res.Outcome.Success {
		t.Errorf("the good subtask did not get done: %+v; world calls %v", res.Outcome, w.calls)
	}
	var outputs []string
	reacts := 0
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			if tr.Kind == trajectory.KindReact {
				reacts++
				outputs = append(outputs, tr.Output)
			}
		}
	}
	all := strings.Join(outputs, "\n")
	for _, want := range []string{
		"Invalid or incomplete response",          // the malformed JSON, after the fixer
		"flyTo is not a valid tool, try one of [", // LangChain's InvalidTool
		"error: ", // the argument types, which raise: the attempt starts over
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no react output holds %q; outputs:\n%s", want, all)
		}
	}
	if reacts < 5 {
		t.Errorf("%d react calls recorded", reacts)
	}
}

// TestDensePlanIsBounded: a plan whose every subtask requires all earlier
// ones has exponentially many predecessor paths; the walk stays bounded.
func TestDensePlanIsBounded(t *testing.T) {
	g := &graph{}
	var nodes []*node
	for i := range 40 {
		n := newNode(i+1, fmt.Sprintf("step %d", i+1), []any{})
		for _, p := range nodes {
			g.addEdge(p, n)
		}
		g.addNode(n)
		nodes = append(nodes, n)
	}
	if got := len(g.allPredecessors(nodes[len(nodes)-1])); got > maxPredecessorWalk {
		t.Errorf("%d predecessors listed", got)
	}
	if list := g.openTasks(); len(list) != 40 {
		t.Errorf("%d open tasks", len(list))
	}
}
