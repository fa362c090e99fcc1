package dag

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/world"
)

// Mode is how the task decomposer plans and replans
// (TaskManager.manage_method).
type Mode string

const (
	// Merge is the paper's planning: subtasks name candidate agents and
	// how many they need, the agent controller assigns them, and when
	// nothing more can run the decomposer picks a strategy for the graph
	// (replan, decompose, move, insert or delete).
	Merge Mode = "merge"
	// Update is the mode VillagerAgent's code runs at dd1ecc1: the
	// decomposer assigns the agents itself (a subtask for several becomes
	// one per agent), at most 1 or 2 subtasks a round, and when nothing
	// more can run it decomposes the whole task again with the traces of
	// what succeeded and failed.
	Update Mode = "update"
)

// The planner seats: VillagerAgent's role names for its LLM callers.
const (
	TaskManagerSeat = "TaskManager"
	ControllerSeat  = "GlobalController"
	DataManagerSeat = "DataManager"
)

// Config tunes the organisation; the zero value is VillagerAgent's.
type Config struct {
	Mode Mode // "" is Merge
	// ThinkTime is the simulated seconds one model call takes (0:
	// generate.DefaultThinkTime).
	ThinkTime float64
	// MaxIterations caps the ReAct steps of one attempt (0: 7,
	// VillagerBench.step's max_turn).
	MaxIterations int
	// MaxAttempts caps an executor's attempts at one subtask: a tool call
	// with bad arguments restarts it (0: 10, Agent.run's max_try_turn).
	MaxAttempts int
	// MaxExecSeconds is an attempt's time limit, checked between steps
	// (0: 120, LangChain's max_execution_time).
	MaxExecSeconds float64
	// MaxTaskSeconds fails a subtask still running after it (0: 1800,
	// max_task_time).
	MaxTaskSeconds float64
	// MaxFailures ends the run after that many failed subtasks (0: 3,
	// stop_after_fail_times); negative: never.
	MaxFailures int
	// MaxSuccesses ends the run after that many successful subtasks (0:
	// never; VillagerAgent's controller.py stops at 10, which would cut a
	// house short: the world's check ends a trial here).
	MaxSuccesses int
	// Workers caps the executors running at once (0: 4, the controller's
	// thread pool).
	Workers int
}

func (c Config) withDefaults() Config {
	if c.Mode == "" {
		c.Mode = Merge
	}
	if c.ThinkTime == 0 {
		c.ThinkTime = generate.DefaultThinkTime
	}
	if c.MaxIterations == 0 {
		c.MaxIterations = 7
	}
	if c.MaxAttempts == 0 {
		c.MaxAttempts = 10
	}
	if c.MaxExecSeconds == 0 {
		c.MaxExecSeconds = 120
	}
	if c.MaxTaskSeconds == 0 {
		c.MaxTaskSeconds = 1800
	}
	if c.MaxFailures == 0 {
		c.MaxFailures = 3
	}
	if c.Workers == 0 {
		c.Workers = 4
	}
	return c
}

// ParseMode reads --dag-mode.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", Merge:
		return Merge, nil
	case Update:
		return Update, nil
	}
	return "", fmt.Errorf("dag: unknown mode %q (expected merge or update)", s)
}

// Org is VillagerAgent's organisation: a task decomposer builds a graph
// of subtasks, an agent controller assigns the ready ones, each agent
// runs a ReAct loop of JSON tool calls on its subtask and reflects on
// it, and a state manager keeps the running summaries.
type Org struct {
	Config Config
	// Cases, when set, receives each call's inputs in the case format of
	// scripts/villageragent-fixtures, for the test that has VillagerAgent's
	// own code render the same calls. Calls are the same with it or not.
	Cases CaseSink
}

var _ generate.Organisation = Org{}

// Settings are what run.json records of the configuration: the mode.
func (o Org) Settings() any { return map[string]string{"mode": string(o.Config.withDefaults().Mode)} }

// Scene places a crafting table and three furnaces by the spawn where the
// world has fewer: VillagerBench's scenes place them for craftBlock and
// SmeltingCooking (its cooking scenes three furnaces, meta_judger.py), and
// no tool places one. VillagerAgent's bots have none of MINDcraft's modes
// (self-defence, item collecting, ...): every mode is off.
func (Org) Scene(opts *world.Options) {
	opts.Stations = []string{"crafting_table", "furnace", "furnace", "furnace"}
	opts.Modes = map[string]bool{}
	for _, m := range world.ModeNames() {
		opts.Modes[m] = false
	}
}

// Name is "dag".
func (Org) Name() string { return "dag" }

// Seats are the agents, then the task manager, the controller and the
// state manager.
func (Org) Seats(agents []string) []string {
	return append(slices.Clone(agents), TaskManagerSeat, ControllerSeat, DataManagerSeat)
}

// Play runs one trial.
func (o Org) Play(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	if spec.Task != nil {
		if err := generate.NotPlayedBy("dag", "dag", spec.Task); err != nil {
			return nil, err
		}
	}
	if spec.Task == nil || spec.World == nil {
		return nil, errors.New("dag: a trial needs a task and a world")
	}
	w, ok := spec.World.(ToolWorld)
	if !ok {
		return nil, fmt.Errorf("dag: task %s: the world has no tool API", spec.Task.ID)
	}
	kind, _ := procgen.KindOfType(spec.Task.Type)
	kt, ok := kindTasks[kind]
	if !ok {
		return nil, fmt.Errorf("dag: task %s: no DAG description of the %s kind", spec.Task.ID, spec.Task.Type)
	}
	cfg := o.Config.withDefaults()
	agents := len(spec.Team) - 3
	if agents < 1 {
		return nil, fmt.Errorf("dag: task %s: %d seats; want the agents and the 3 planner seats", spec.Task.ID, len(spec.Team))
	}
	e := &engine{ctx: ctx, cfg: cfg, spec: spec, w: w, think: max(toMS(cfg.ThinkTime), 1), agents: agents,
		timeout: toMS(float64(spec.Task.Timeout)), lat: spec.Config.Sampler(spec.Seed)}
	if spec.Task.Timeout <= 0 {
		e.timeout = toMS(generate.DefaultTimeout)
	}
	e.judge = benchJudgeFor(spec.Task)
	for _, s := range spec.Team {
		e.seats = append(e.seats, &seat{name: s.Name, backend: s.Backend})
	}
	desc, doc, err := kt.describe(spec.Task, e.agentNames())
	if err != nil {
		return nil, fmt.Errorf("dag: task %s: %w", spec.Task.ID, err)
	}
	p := newPlanner(e, cfg, desc, doc, kt.tools, rand.New(rand.NewPCG(spec.Seed, 0xda6)))
	p.sink = o.Cases
	e.spawn("planner", p.run)
	w.SetTime(0)
	if err := e.loop(); err != nil {
		return nil, err
	}
	return e.result(), nil
}

func (e *engine) agentNames() []string {
	names := make([]string, e.agents)
	for i := range names {
		names[i] = e.seats[i].name
	}
	return names
}
