package trajectory

import "time"

// End reasons of a trial (Outcome.EndReason). Writers may use others; only
// EndError has a special meaning: such a trial is run again on resume.
const (
	EndSuccess  = "success"  // the task validator passed
	EndTimeout  = "timeout"  // the task's simulated time ran out
	EndTurnCap  = "turn_cap" // the engine's cap on model calls was reached
	EndError    = "error"    // the trial could not be played (e.g. model calls kept failing)
	EndCanceled = "canceled" // stopped from outside; normally never written
	EndStopped  = "stopped"  // the organisation's own rules ended it (nothing left to plan, too many failed subtasks)
	// VillagerBench's judges' own ends, besides the wall budget (timeout):
	EndActionBudget = "action_budget" // the agents' action time passed the task's action budget
	EndNoGain       = "no_gain"       // construction: C had not risen for 600 s, after a rise 600 s in
)

// Transition kinds (Transition.Kind).
const (
	KindConversation = "conversation"  // a conversing-prompt call: the agent decides what to say and do
	KindMemory       = "memory"        // a saving_memory call that folds old turns into the memory
	KindCoding       = "coding"        // a coding-prompt call
	KindBotResponder = "bot_responder" // a bot_responder call: a busy agent decides whether a message interrupts its action ("respond" or "ignore")

	// The DAG organisation's calls (VillagerAgent).
	KindEnvSummary = "env_summary" // the state manager summarises the environment for the planner
	KindDecompose  = "decompose"   // the task decomposer writes (or rewrites) the subtask graph
	KindReplan     = "replan"      // the task decomposer picks a strategy for the graph: replan, decompose, move, insert or delete
	KindAssign     = "assign"      // the agent controller assigns subtasks to agents, or splits one among them
	KindReact      = "react"       // one ReAct step of an agent: a thought and a JSON tool call
	KindReflect    = "reflect"     // an agent judges whether its subtask is done
	KindSummary    = "summary"     // the state manager's running summary of an agent

	// The dispatcher organisation's call (MindAgent): one model plans every
	// agent's next action, one action line per agent, each step.
	KindDispatch = "dispatch"

	// The tree organisation's calls (S-Agents over Voyager's loop).
	KindMonitor          = "monitor"           // the progress monitor judges the task at hand: success, fail or unknown
	KindTaskPlan         = "task_plan"         // the task planner's chain of thought: inventories, objective, analysis, stages, the task at hand, informer
	KindActionPlan       = "action_plan"       // the action planner turns the task at hand into JSON todos, direct or "inform [player] to ..."
	KindSkillCode        = "skill_code"        // Voyager's action agent writes a todo's JavaScript program
	KindCritic           = "critic"            // Voyager's critic judges a program's result from the observation
	KindSkillDescription = "skill_description" // Voyager's skill manager describes a new skill for the library

	// The queue organisation's own call (Co-Voyager); its critic, coders
	// and skill descriptions are the calls above.
	KindTaskManager = "task_manager" // the task manager writes (or rewrites after the critic) the JSON list of subtasks
)

// Kinds are the transition kinds collabcraft's organisations record, in
// the order they are listed to users (filter --kinds).
var Kinds = []string{KindConversation, KindCoding, KindMemory, KindBotResponder,
	KindEnvSummary, KindDecompose, KindReplan, KindAssign, KindReact, KindReflect, KindSummary,
	KindDispatch,
	KindMonitor, KindTaskPlan, KindActionPlan, KindSkillCode, KindCritic, KindSkillDescription,
	KindTaskManager}

// ActiveSecondsMetric+name is the Trial.Metrics key of an agent's active
// simulated seconds: the think time of its model calls plus the duration
// of its commands (VillagerBench's active time, read by stats.Balance).
const ActiveSecondsMetric = "active_seconds:"

// FirstOwnedMetric+name is the Trial.Metrics key of how many items an
// agent was the first of its team to hold (items no agent held at the
// start): VillagerBench's I_i, behind stats' agent contribution rate.
// Organisations other than p2p record it for every agent (p2p records
// stay as they were).
const FirstOwnedMetric = "first_owned:"

// VHRMetric is the Trial.Metrics key of VillagerBench's view hit rate
// (0..1) of a VillagerBench construction trial's house at its end, as
// VillagerBench's judge computes it (block names along each view's
// rays); VHRFacingMetric compares the facings too (the paper's wording).
const (
	VHRMetric       = "vhr"
	VHRFacingMetric = "vhr_facing"
)

// EscapeRoomMetric+i is the Trial.Metrics key of escape room i's score
// (0..1) at the trial's end, as VillagerBench's escape_room_judger
// computes it: 1 for a room done, else the share of its conditions met at
// once at best; the trial's score, C, is their mean. EscapeRoomsDoneMetric
// counts the rooms done. Rooms are numbered as the generator lays them
// out, from the exit back.
const (
	EscapeRoomMetric      = "escape_room:"
	EscapeRoomsDoneMetric = "escape_rooms_done"
)

// Trial is one task played once by a team: the unit written to and read
// from a run. The writer records it whole or not at all.
//
// In a trial the reader decoded, the fields a reader groups and counts by
// have memory of their own: ids, task type, split, difficulty, team,
// outcome, error, metric names, agent names, transition kinds and finish
// reasons, message roles. The texts (message contents, responses,
// commands, outputs, memories) share one buffer with the whole decoded
// record, so a text kept past the trial (in a map, say) keeps every text of
// the trial alive: keep a strings.Clone of it instead.
type Trial struct {
	TrialID  string // unique within a run; the key for resume
	TaskID   string // the task's id in its task file
	Attempt  int    // 0-based attempt number of this task
	Seed     uint64 // the trial's seed (world and agents)
	TaskType string // "techtree" | "cooking" | "construction" | ...
	Split    string // "train" | "test" | ... ("" if unknown)
	// Org is the organisation that played the trial ("dag", ...); "" is
	// p2p, MINDcraft's peers, which records written before organisations
	// existed are too.
	Org        string
	Difficulty map[string]any // the generator's knobs for this task

	Team    []Member
	Outcome Outcome
	Error   string // why the trial ended with EndError ("" otherwise)

	SimSeconds  float64            // simulated seconds the trial lasted
	WallSeconds float64            // wall-clock seconds it took to play
	StartedAt   time.Time          // wall clock, UTC
	Metrics     map[string]float64 // counts and times by name, e.g. ActiveSecondsMetric+agent name

	Agents []Agent

	// Run is the run directory the trial was read from (set by the reader,
	// never written).
	Run string
}

// Member is one seat of the team.
type Member struct {
	Name    string // "Andy_0"
	Backend string // "scripted" | "openai"
	Model   string // model name ("" for scripted)
	// Role is "" for an agent, a player in the world, and RoleOrg for a
	// seat of the organisation's own (a planner, a dispatcher: the seats
	// an organisation lists after the agents). Team sizes, per-agent
	// metrics and num_agents count the agents only; every seat's calls are
	// recorded and exported alike.
	Role string
}

// RoleOrg is the Member.Role of an organisation's own seat (the DAG's
// TaskManager, GlobalController and DataManager).
const RoleOrg = "org"

// RoleHuman is the Member.Role of a scripted human player (the queue
// organisation's): a player in the world whose turns are no model's.
// It makes no model calls, so it has no transitions; its turns are kept
// in its History with the roles "user" (what it saw) and "human" (what
// it did), never "assistant", so that no exporter takes them for model
// output.
const RoleHuman = "human"

// IsAgent reports whether the seat named name is an agent, not one of the
// organisation's own seats. A name the team does not list counts as an
// agent (records of agents without a team).
func (t *Trial) IsAgent(name string) bool {
	for _, m := range t.Team {
		if m.Name == name {
			return m.Role == ""
		}
	}
	return true
}

// AgentCount is the number of agents in the team: its seats without a
// role (the organisation's own seats are not agents).
func (t *Trial) AgentCount() int {
	n := 0
	for _, m := range t.Team {
		if m.Role == "" {
			n++
		}
	}
	return n
}

// Outcome is how a trial ended.
type Outcome struct {
	Score     float64 // task score in [0, 1] (binary tasks: 0 or 1)
	Success   bool
	EndReason string // EndSuccess, EndTimeout, EndTurnCap, EndError, ...
}

// Agent is one agent's side of a trial.
type Agent struct {
	Name        string
	History     []Message    // the agent's turns (its own view, not the wire form)
	Memory      string       // its summarized memory at the end
	Transitions []Transition // every model call it made, in order
}

// Transition is one model call (or one scripted decision recorded as if it
// were one): Messages and Response are exactly what was sent and received.
type Transition struct {
	Step     int       // 0-based index among the agent's transitions
	Kind     string    // KindConversation, KindMemory, KindCoding, KindBotResponder
	Messages []Message // exactly what was sent, in order
	Response string    // exactly what came back
	// Scripted is the scripted agent's own response when a voice model
	// (generate --voice) rewrote its words into Response; "" when the
	// response was not rewritten.
	Scripted string
	Command  string // the parsed command ("!craftItem(\"stick\", 1)"), "" if none
	Output   string // the command's output as the agent saw it, "" if none
	Usage    Usage
	Latency  time.Duration // wall time of the call (0 for scripted)
	SimTime  float64       // simulated seconds since the trial start when the call was made
	// SimLatency is the simulated time the call took as the run's latency
	// model drew it (generate --latency); 0 when the model is off and the
	// call took the fixed think time.
	SimLatency   time.Duration
	FinishReason string // "stop", "length", ... as reported by the backend
	Attempts     int    // HTTP attempts the call took (0 for scripted)
}

// Usage is the token count of one call as reported by the backend.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
}
