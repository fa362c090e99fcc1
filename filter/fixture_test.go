package filter

import (
	"encoding/json"
	"fmt"
	"testing"

	"collabcraft/trajectory"
)

// spec describes a hand-made trial: type, outcome, knobs, and per agent
// the kinds of its model calls.
type spec struct {
	id, typ  string
	score    float64
	success  bool
	end      string
	knobs    map[string]any
	agents   [][]string // per agent: transition kinds
	backends []string   // per agent; default scripted
}

func makeTrial(s spec) *trajectory.Trial {
	end := s.end
	if end == "" {
		end = trajectory.EndTimeout
		if s.success {
			end = trajectory.EndSuccess
		}
	}
	t := &trajectory.Trial{TrialID: s.id, TaskID: "task_" + s.id, TaskType: s.typ, Split: "train",
		Difficulty: s.knobs, Outcome: trajectory.Outcome{Score: s.score, Success: s.success, EndReason: end},
		SimSeconds: 120}
	for i, kinds := range s.agents {
		name := fmt.Sprintf("Agent_%d", i)
		backend := "scripted"
		if i < len(s.backends) {
			backend = s.backends[i]
		}
		t.Team = append(t.Team, trajectory.Member{Name: name, Backend: backend})
		a := trajectory.Agent{Name: name, History: []trajectory.Message{{Role: "user", Content: "hi " + name}}}
		for j, k := range kinds {
			a.Transitions = append(a.Transitions, trajectory.Transition{Step: j, Kind: k,
				Messages: []trajectory.Message{{Role: "system", Content: "you are " + name}, {Role: "user", Content: fmt.Sprintf("%s turn %d", s.id, j)}},
				Response: fmt.Sprintf("%s reply %d", name, j), Usage: trajectory.Usage{PromptTokens: 10, CompletionTokens: 2}})
		}
		t.Agents = append(t.Agents, a)
	}
	return t
}

// writeRun writes the trials as one run in dir.
func writeRun(t *testing.T, dir string, specs ...spec) {
	t.Helper()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "test", Config: json.RawMessage(`{"seed":1}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		if err := w.Write(makeTrial(s)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

var conv2 = [][]string{{"conversation", "conversation"}, {"conversation", "memory"}}

// mixedRun is the run most tests use: 2 crafting, 2 cooking and 8
// construction trials (4 easy blueprints scoring high, 4 hard scoring low),
// every trial with two agents of two transitions each.
func mixedRun() []spec {
	ss := []spec{
		{id: "craft_ok", typ: "techtree", score: 1, success: true, agents: conv2},
		{id: "craft_fail", typ: "techtree", agents: conv2},
		{id: "cook_ok", typ: "cooking", score: 1, success: true, agents: conv2},
		{id: "cook_err", typ: "cooking", end: trajectory.EndError, agents: conv2},
	}
	for i, sc := range []float64{0.6, 0.7, 0.8, 0.9} {
		ss = append(ss, spec{id: fmt.Sprintf("easy_%d", i), typ: "construction", score: sc, knobs: map[string]any{"rooms": 0}, agents: conv2})
	}
	for i, sc := range []float64{0.1, 0.2, 0.3, 0.4} {
		ss = append(ss, spec{id: fmt.Sprintf("hard_%d", i), typ: "construction", score: sc, knobs: map[string]any{"rooms": 2}, agents: conv2})
	}
	return ss
}

// apply runs cfg over dirs and returns the kept trial ids and the filter.
func apply(t *testing.T, cfg Config, dirs ...string) ([]string, *Filter) {
	t.Helper()
	in, err := Open(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for tr, err := range f.Apply(in) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tr.TrialID)
	}
	checkAddsUp(t, f.Report())
	return ids, f
}

func checkAddsUp(t *testing.T, r *Report) {
	t.Helper()
	for name, c := range map[string]Counts{"trials": r.Trials, "transitions": r.Transitions} {
		sum := c.Kept
		for _, n := range c.Dropped {
			sum += n
		}
		if sum != c.In {
			t.Errorf("%s: in %d != kept %d + dropped %v", name, c.In, c.Kept, c.Dropped)
		}
	}
}
