// Package tree is S-Agents' organisation (seed 000, arXiv:2402.04578): a
// tree of agents, a root leader commanding leaves, each an hourglass agent
// running asynchronously on the simulated clock over a shared message
// pool. An agent's cycle is perception (Voyager's observation and the chat
// lines), the progress monitor (when its action queue is empty), the task
// planner and the action planner; each todo it does itself is one of
// Voyager's loops (the action agent's program run in world/js, the critic,
// the skill description into the trial's skill library), each todo for
// another agent an order on the pool. The chain (CoA) and the graph (GoA)
// are the same agents with other edges of command (Shape).
package tree

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"collabcraft/generate"
	"collabcraft/procgen"
)

// Shape is who commands whom.
type Shape string

const (
	// Tree (ToA): agent 0 is the root and commands every other agent;
	// leaves talk to it and never command.
	Tree Shape = "tree"
	// Chain (CoA): agent i commands agent i+1, a relay: each agent does
	// its part of its order, then hands the rest on to the next.
	Chain Shape = "chain"
	// Graph (GoA): every agent may command every other and works itself
	// (S-Agents' eq. 2, the fully connected graph); an agent takes orders
	// from anyone and reports to whom gave its order. The user's goal comes
	// to agent 0.
	Graph Shape = "graph"
)

// User is the name the team's goal comes from: the player who types it in
// the chat (S-Agents' "linnea3v3").
const User = "user"

// DefaultLatency is the latency model of a trial when neither generate's
// Config (--latency) nor the organisation's names one: a model call
// answers after a few seconds (S-Agents' time cost is wall time, so a
// call cannot be free).
const DefaultLatency = "default=lognormal(3s,0.5),skill_code=lognormal(6s,0.4),task_plan=lognormal(8s,0.4)"

// Config tunes the organisation.
type Config struct {
	Shape Shape
	// Latency is the latency model's spec (generate/latency) for trials
	// whose generate.Config has none (--latency wins); "" is
	// DefaultLatency.
	Latency string
	// Rounds is how many programs Voyager's loop writes for one todo
	// before it gives up (0: Voyager's action_agent_task_max_retries, 4).
	Rounds int
}

// Org is the tree organisation in one of its shapes.
type Org struct{ Config Config }

var _ generate.Organisation = Org{}
var _ generate.OrgSettings = Org{}

// Name is the shape: tree, chain or graph.
func (o Org) Name() string {
	if o.Config.Shape == "" {
		return string(Tree)
	}
	return string(o.Config.Shape)
}

// Seats are the agents: every seat of S-Agents is an embodied agent.
func (Org) Seats(agents []string) []string { return slices.Clone(agents) }

// Settings are what run.json records: the latency model used without
// --latency, and the rounds.
func (o Org) Settings() any {
	return map[string]any{"default_latency": o.latencySpec(), "rounds": o.rounds()}
}

func (o Org) latencySpec() string {
	if o.Config.Latency == "" {
		return DefaultLatency
	}
	return o.Config.Latency
}

func (o Org) rounds() int {
	if o.Config.Rounds > 0 {
		return o.Config.Rounds
	}
	return 4
}

// Play runs one trial.
func (o Org) Play(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	if spec.Task == nil || spec.World == nil {
		return nil, errors.New("tree: a trial needs a task and a world")
	}
	t := spec.Task
	w, ok := spec.World.(generate.VoyagerWorld)
	if !ok {
		return nil, fmt.Errorf("tree: task %s: the world does not run Voyager's programs", t.ID)
	}
	goal, err := Goal(t)
	if err != nil {
		return nil, err
	}
	if len(spec.Team) == 0 {
		return nil, fmt.Errorf("tree: task %s: no agents", t.ID)
	}
	lat, err := spec.Config.SamplerOr(spec.Seed, o.latencySpec())
	if err != nil {
		return nil, fmt.Errorf("tree: latency: %w", err)
	}
	e := newEngine(ctx, o, spec, w, goal, lat)
	return e.run()
}

// Goal is what the user types for the team: S-Agents' goals are typed in
// the chat ("Mine 50 logs", procgen.CollectionGoal; the shelter's
// procgen.ShelterGoal). A task of a kind the
// tree has no goal for is an error naming why.
func Goal(t *procgen.Task) (string, error) {
	if t.Type == procgen.TypeCollection && t.Collection != nil {
		return procgen.CollectionGoal(*t.Collection), nil
	}
	if t.Type == procgen.TypeShelter && t.Shelter != nil {
		return procgen.ShelterGoal(*t.Shelter), nil
	}
	return "", fmt.Errorf("tree: task %s: the tree organisation plays S-Agents' collection goals (\"Mine N logs|stones|iron\") and shelters; a %s task is neither", t.ID, t.Type)
}
