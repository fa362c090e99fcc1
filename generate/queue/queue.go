// Package queue is Co-Voyager's organisation (seed 004): non-hierarchical
// teammates served by a queue of subtasks. A task manager writes the
// plan as a JSON list of subtasks and a task critic checks it ("Error: …"
// / "Critique: …"; the manager writes it again, up to 4 halts); the pair
// manager (covoyager.Queue, not a model) works out the -1 quantities and
// moves each subtask through READY, BLOCKED, IN_PROGRESS, DONE and FAILED;
// coders take READY subtasks and run Voyager's loop on them with the
// skill manager's prompt (the materials and tools required), each
// subtask ending in the shared chest, where the next one finds what it
// needs; a scripted human may take subtasks too, at a human pace and with
// human slips, its turns marked so that they are never taken for model
// output. Everyone runs asynchronously on the simulated clock; a model
// call costs the latency drawn for its kind.
package queue

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"collabcraft/generate"
	"collabcraft/procgen"
)

// The organisation's own seats, after the agents: the task manager and
// the task critic.
const (
	ManagerSeat = "TaskManager"
	CriticSeat  = "TaskCritic"
)

// DefaultLatency is the latency model of a trial when generate's Config
// (--latency) names none: a few seconds a call, longer for a plan or a
// program.
const DefaultLatency = "default=lognormal(3s,0.5),skill_code=lognormal(6s,0.4),task_manager=lognormal(10s,0.4)"

// Config tunes the organisation.
type Config struct {
	// Latency is the latency model's spec (generate/latency) for trials
	// whose generate.Config has none; "" is DefaultLatency.
	Latency string
	// Rounds is how many programs Voyager's loop writes for one subtask
	// before it fails it (0: 4, the report's limit on interruptions).
	Rounds int
}

// Org is the queue organisation.
type Org struct{ Config Config }

var _ generate.Organisation = Org{}
var _ generate.OrgSettings = Org{}

// Name is "queue".
func (Org) Name() string { return "queue" }

// Seats are the agents, then the task manager and the task critic.
func (Org) Seats(agents []string) []string {
	return append(slices.Clone(agents), ManagerSeat, CriticSeat)
}

// Settings are what run.json records.
func (o Org) Settings() any {
	return map[string]any{"default_latency": o.latencySpec(), "rounds": o.rounds(), "plan_halts": MaxHalts}
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

// MaxHalts is how many times the critic may halt the plan: the report
// counts a task solvable when the Task Critic halts it at most four times
// (§4.5).
const MaxHalts = 4

// Play runs one trial.
func (o Org) Play(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	if spec.Task == nil || spec.World == nil {
		return nil, errors.New("queue: a trial needs a task and a world")
	}
	t := spec.Task
	w, ok := spec.World.(generate.HandoverWorld)
	if !ok {
		return nil, fmt.Errorf("queue: task %s: the world runs no Voyager programs or has no chest", t.ID)
	}
	if t.Type != procgen.TypeCoVoyager || t.CoVoyager == nil {
		return nil, fmt.Errorf("queue: task %s: the queue organisation plays Co-Voyager's tasks (compass, diamond pickaxe, pig); a %s task is not one", t.ID, t.Type)
	}
	if _, _, _, ok := w.HandoverChest(); !ok {
		return nil, fmt.Errorf("queue: task %s: the arena has no chest", t.ID)
	}
	if len(spec.Team) < 3 {
		return nil, fmt.Errorf("queue: task %s: no agents (the team is the agents, %s and %s)", t.ID, ManagerSeat, CriticSeat)
	}
	lat, err := spec.Config.SamplerOr(spec.Seed, o.latencySpec())
	if err != nil {
		return nil, fmt.Errorf("queue: latency: %w", err)
	}
	return newEngine(ctx, o, spec, w, lat).run()
}
