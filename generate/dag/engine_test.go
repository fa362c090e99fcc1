package dag

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villager"
	"collabcraft/world"
)

// counterWorld is a world whose task is to dig n blocks: each MineBlock
// takes 2 s and counts one.
type counterWorld struct {
	names []string
	dug   int
	goal  int
	now   time.Duration
	calls []string
	at    []time.Duration // when each tool call began
	dig   time.Duration   // how long a dig takes: 2 s unless set
}

func (w *counterWorld) Execute(int, string) world.CommandResult { return world.CommandResult{} }
func (w *counterWorld) Stats(int) string                        { return "" }
func (w *counterWorld) Inventory(int) string                    { return "" }
func (w *counterWorld) CommandDocs(int) string                  { return "" }
func (w *counterWorld) Score() (float64, bool) {
	return float64(min(w.dug, w.goal)) / float64(w.goal), w.dug >= w.goal
}
func (w *counterWorld) SetTime(t time.Duration) { w.now = t }

func (w *counterWorld) Tool(agent int, name string, args villager.Dict) (villager.Dict, time.Duration) {
	w.calls = append(w.calls, fmt.Sprintf("%s@%v:%s", w.names[agent], w.now, name))
	w.at = append(w.at, w.now)
	w.dug++
	d := w.dig
	if d == 0 {
		d = 2 * time.Second
	}
	return villager.Dict{{Key: "status", Value: true}, {Key: "message", Value: " dig at [0, -60, 0]"}, {Key: "new_events", Value: []any{}}}, d
}

func (w *counterWorld) VillagerStatus(agent int) villager.Dict {
	return villager.Dict{{Key: "message", Value: villager.Dict{
		{Key: "my_name", Value: w.names[agent]}, {Key: "my_position", Value: []any{agent, -60, 0}}, {Key: "I_held_item", Value: villager.Dict{}},
		{Key: "inventory", Value: []any{}}, {Key: "nearby_entities", Value: []any{}}, {Key: "blocks", Value: []any{}},
		{Key: "sign", Value: ""}, {Key: "timeOfDay", Value: "day"},
	}}, {Key: "status", Value: true}, {Key: "new_events", Value: []any{}}}
}

// planBackend answers each call kind with a minimal valid reply: one
// subtask per agent, every candidate assigned, one dig then a final
// answer, a positive reflection.
type planBackend struct{ agents []string }

func (b planBackend) Complete(_ context.Context, req generate.Request) (generate.Reply, error) {
	last := req.Messages[len(req.Messages)-1].Content
	switch req.Kind {
	case trajectory.KindDecompose:
		var subs []string
		for i, a := range b.agents {
			subs = append(subs, fmt.Sprintf(`{"id": %d, "description": "dig one block", "milestones": ["dug"], "retrieval paths": [], "required subtasks": [], "candidate list": [%q, %q], "minimum required agents": 1}`, i+1, b.agents[0], b.agents[1]))
			_ = a
		}
		return generate.Reply{Text: "[" + strings.Join(subs, ", ") + "]"}, nil
	case trajectory.KindAssign:
		var as []string
		for i, a := range b.agents {
			as = append(as, fmt.Sprintf(`{"reason": "free", "task_id": %d, "agent": %q}`, i, a))
		}
		return generate.Reply{Text: "[" + strings.Join(as, ", ") + "]"}, nil
	case trajectory.KindReact:
		if strings.Contains(last, "Observation:") {
			return generate.Reply{Text: "Action:\n```\n{\"action\": \"Final Answer\", \"action_input\": \"dug\"}\n```"}, nil
		}
		name := strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(last, "\n", 2)[0], "Your name is "), ".")
		return generate.Reply{Text: fmt.Sprintf("Thought: dig.\nAction:\n```\n{\"action\": \"MineBlock\", \"action_input\": {\"player_name\": %q, \"x\": 0, \"y\": -60, \"z\": 0, \"emotion\": [], \"murmur\": \"\"}}\n```", name)}, nil
	case trajectory.KindReflect:
		return generate.Reply{Text: `{"reasoning": "dug", "summary": "dug one", "task_status": true}`}, nil
	case trajectory.KindReplan:
		return generate.Reply{Text: `{"strategy": "insert", "insert-id": 1, "description": "dig one block", "milestones": ["dug"]}`}, nil
	}
	return generate.Reply{Text: "Entity: all here."}, nil
}

func playCounter(t *testing.T, goal int, mode Mode) (*generate.TrialResult, *counterWorld) {
	t.Helper()
	agents := []string{"Alice", "Bob"}
	w := &counterWorld{names: agents, goal: goal}
	b := planBackend{agents: agents}
	var seats []generate.Seat
	for _, n := range (Org{}).Seats(agents) {
		seats = append(seats, generate.Seat{Name: n, Backend: b})
	}
	task := &procgen.Task{ID: "t", Type: "techtree", AgentCount: 2, Target: procgen.Target{Item: "stick"}, NumberOfTarget: 1,
		InitialInventory: map[string]map[string]int{"0": {"oak_planks": 2}, "1": {}}, Timeout: 300}
	res, err := Org{Config: Config{Mode: mode}}.Play(context.Background(), generate.TrialSpec{Task: task, World: w, Team: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res, w
}

func TestDAGRunsToTheWorldsSuccess(t *testing.T) {
	res, w := playCounter(t, 3, Merge)
	if !res.Outcome.Success || res.Outcome.EndReason != trajectory.EndSuccess {
		t.Fatalf("outcome %+v after %v; tools %v", res.Outcome, res.SimSeconds, w.calls)
	}
	kinds := map[string]int{}
	for _, a := range res.Agents {
		for _, tr := range a.Transitions {
			kinds[tr.Kind]++
		}
	}
	for _, k := range []string{trajectory.KindEnvSummary, trajectory.KindDecompose, trajectory.KindAssign, trajectory.KindReact, trajectory.KindReflect, trajectory.KindSummary, trajectory.KindReplan} {
		if kinds[k] == 0 {
			t.Errorf("no %s call; calls %v", k, kinds)
		}
	}
	// The two executors ran side by side: both dug at the same moment.
	if len(w.calls) < 2 || strings.Split(w.calls[0], ":")[0][len("Alice"):] != strings.Split(w.calls[1], ":")[0][len("Bob"):] {
		t.Errorf("the agents did not dig together: %v", w.calls)
	}
	if res.Agents[len(res.Agents)-3].Name != TaskManagerSeat {
		t.Errorf("seats %v", res.Agents)
	}
}

func TestDAGIsDeterministic(t *testing.T) {
	a, _ := playCounter(t, 5, Merge)
	b, _ := playCounter(t, 5, Merge)
	if fmt.Sprint(a.Agents) != fmt.Sprint(b.Agents) || a.SimSeconds != b.SimSeconds {
		t.Error("two runs of one trial differ")
	}
}

func TestUpdateModeRedecomposes(t *testing.T) {
	res, _ := playCounter(t, 3, Update)
	decomposes := 0
	for _, tr := range res.Agents[len(res.Agents)-3].Transitions {
		if tr.Kind == trajectory.KindDecompose {
			decomposes++
		}
	}
	// The update reply names no "assigned agents": the tag check asks again.
	if decomposes < 2 {
		t.Errorf("%d decompose calls", decomposes)
	}
}
