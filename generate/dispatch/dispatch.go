// Package dispatch is MindAgent's organisation (seed 003,
// github.com/mindagent/mindagent at 540a114): one model, the dispatcher,
// plans every agent's next action each step, in lock-step, from a prompt
// of rules, a one-shot demo and the game's state, with the errors of its
// last step as feedback. The agents are not models: they carry out the
// actions.
//
// It plays CuisineWorld (package cuisine) as agents/chat_agent.py and, in
// its human variant, webpage/app.py assemble the calls, byte for byte
// (TestCallsAsMindAgentRendersThem), and the Minecraft kitchen of the
// paper's §7 (kitchen.go). MineCollab's kinds it refuses, naming why
// (Play).
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/procgen"
)

// Seat is the dispatcher's seat, after the agents'.
const Seat = "Dispatcher"

// Config tunes the organisation; the zero value is MindAgent's.
type Config struct {
	// ThinkTime is the simulated seconds one dispatch call takes (0:
	// generate.DefaultThinkTime).
	ThinkTime float64
	// NoNotes leaves the inference-knowledge notes out of the rules
	// (chat_agent.py --without_notes; Table 7's "w/o inference knowledge").
	NoNotes bool
	// NoFeedback leaves the error and suggestion lines out of the user
	// turns (--without_feedback; Table 7's "w/o feedback").
	NoFeedback bool
	// HashSeed is the PYTHONHASHSEED whose set order the rules list the
	// level's objects in. nil draws one per trial from its seed: each run
	// of MindAgent's chat_agent.py had a new one.
	HashSeed *uint32
	// MindAgentOrders draws the orders as every run of MindAgent's
	// chat_agent.py drew them: CPython's random.Random(0), one stream
	// across a setting's episodes (the World is built once per α). The
	// paper's GPT-4 runs saw these orders, so comparisons with its tables
	// use them. false: a PCG stream per episode from the trial seed.
	MindAgentOrders bool

	// picker, if set, draws the orders of episode e (the fixture tests
	// replay MindAgent's draws).
	picker func(episode int) orderPicker
	// human, if set, plays agent 0 of the human variant in episode e (the
	// fixture tests replay the recorded human's actions).
	human func(episode int) func(cuisine.State) string
}

// orderPicker draws orders (cuisine.Picker).
type orderPicker interface{ IntN(n int) int }

// Org is the dispatcher organisation.
type Org struct{ Config Config }

var _ generate.Organisation = Org{}

// Name is "dispatcher".
func (Org) Name() string { return "dispatcher" }

// Seats are the agents, then the dispatcher. The agents' seats are never
// called: MindAgent's agents carry out the dispatcher's actions.
func (Org) Seats(agents []string) []string { return append(slices.Clone(agents), Seat) }

// Settings are what run.json records: the ablations and the hash seed.
func (o Org) Settings() any {
	s := map[string]any{"notes": !o.Config.NoNotes, "feedback": !o.Config.NoFeedback, "hash_seed": "per trial", "orders": "per episode"}
	if o.Config.MindAgentOrders {
		s["orders"] = "mindagent"
	}
	if o.Config.HashSeed != nil {
		s["hash_seed"] = *o.Config.HashSeed
	}
	return s
}

// Play runs one trial. Which kinds it dispatches, and why not the others:
//
//   - cuisine: CuisineWorld, as MindAgent plays it (cuisineTrial);
//   - mckitchen: the paper's Minecraft kitchen (kitchenTrial);
//   - MineCollab's crafting, cooking and construction: refused. MindAgent's
//     dispatcher commands agents that are not models, one closed action
//     per agent per step, over a state it sees whole; MineCollab's tasks
//     are built on what its agents cannot see (each its own inventory, the
//     recipes some of them are not shown) and on their talking it over,
//     and their goals are judged at the end of a free-running session, not
//     step by step. Dispatching them would be another benchmark, not a
//     reproduction of either.
func (o Org) Play(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	if spec.Task == nil {
		return nil, errors.New("dispatch: a trial needs a task")
	}
	k, _ := procgen.KindOfType(spec.Task.Type)
	switch k {
	case procgen.Cuisine:
		return o.cuisineTrial(ctx, spec)
	case procgen.MCKitchen:
		return o.kitchenTrial(ctx, spec)
	}
	name := spec.Task.Type
	if k != nil {
		name = k.Name
	}
	return nil, fmt.Errorf("dispatch: task %s: the dispatcher does not play %s tasks: MindAgent's dispatcher plans one action per scripted agent per step over a state it sees whole, "+
		"while MineCollab's tasks rest on what each agent alone sees and on their talking it over; play them with --org p2p or dag", spec.Task.ID, name)
}

func (c Config) think() float64 {
	if c.ThinkTime > 0 {
		return c.ThinkTime
	}
	return generate.DefaultThinkTime
}
