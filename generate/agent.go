package generate

import "collabcraft/trajectory"

// Agent states in the simulation.
const (
	stIdle    = iota // waiting for a message or a timer
	stCalling        // a model call is in flight until `until`
	stActing         // a command runs until `until`
)

// Self-prompter states (self_prompter.js).
const (
	spStopped = iota
	spActive
	spPaused
)

// selfPrompter is MINDcraft's self-prompter: while active and idle, the
// agent is prompted with its goal.
type selfPrompter struct {
	state    int
	goal     string
	noCmd    int // consecutive self-prompted turns without a command
	due      ms  // next self-prompt (active)
	resumeAt ms  // paused: when to become active again (never = not scheduled)
}

// agent is one seat of the team during a trial.
type agent struct {
	idx     int
	name    string
	backend Backend
	goal    string // $TASK_GOAL
	taskInv string // $TASK_INVENTORY
	docs    string // $COMMAND_DOCS, fetched once
	hist    history
	conv    convManager
	sp      selfPrompter
	// examplePool is the agent's copy of the profile's conversation
	// examples, re-sorted by every call as MINDcraft's is.
	examplePool [][]trajectory.Message

	lastSender string
	shutUp     bool

	state     int
	until     ms
	idleSince ms
	// active is the simulated time the agent has been busy, thinking or
	// acting, up to busyTo (which may lie after the trial's end).
	active, busyTo ms
	need           string // the call kind wanted now, "" for none
	think          ms     // the think time of the agent's current call

	// The current response loop (agent.js handleMessage).
	inLoop   bool
	loopMax  int // responses allowed; -1 = unlimited
	loopN    int
	loopSelf bool // started by the self-prompter
	loopUsed bool // some response in it used a command
	regen    int  // regenerations of the current response

	// The call in flight.
	callAt ms
	req    Request
	reply  Reply
	err    error
	fold   int // turns a memory call folds away

	actOutput  string
	actNotices []string
	actLabel   string // the running action's command, without "!" ($ACTION)
	restart    bool   // the action restarts the agent when it ends (a smelt)
	startedAt  ms     // when the agent's process last started (restart.go)
	// resp is the bot_responder call about a message that came during the
	// action, nil for none.
	resp *responderCall

	// coder is the `!newAction` running, nil for none; codingPool is the
	// agent's coding examples in the order its last coding call left them.
	coder      *coderRun
	codingPool [][]trajectory.Message
	// turnWords holds the words of the turns its calls have shown, for
	// the examples' overlap with the next call's (selectExamples).
	turnWords turnWordsCache

	transitions []trajectory.Transition
	calls       int // conversation calls made
}
