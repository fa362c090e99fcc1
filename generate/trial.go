package generate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"collabcraft/generate/latency"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// Defaults of Config.
const (
	DefaultThinkTime = 2.0 // simulated seconds one model call takes
	DefaultMaxTurns  = 200 // conversation calls per agent before the turn cap ends a trial
	DefaultTimeout   = 300 // task timeout in seconds when the task sets none (MINDcraft's)
	// DefaultSetupSeconds is MINDcraft's setup before the opening message,
	// from the agents' first prompt: initBotTask's waits (0.5 + 3 + 0.5 +
	// 0.4 teleporting + 10 + 0.5 s) less the 1 s agent.js waits after
	// spawning before it prompts.
	DefaultSetupSeconds = 14
	initMaxResponses    = 2 // responses to the init message (agent.js startup)
	maxGenerations      = 3 // tries when a response speaks as another bot (prompter.js)
)

// Config tunes a trial. The zero value is MINDcraft's behaviour.
type Config struct {
	// ThinkTime is the simulated seconds one model call takes (0 means
	// DefaultThinkTime; at least 1 ms is always charged).
	ThinkTime float64
	// MaxTurns caps each agent's conversation calls; the trial ends with
	// end_reason turn_cap when one agent would exceed it (0 means
	// DefaultMaxTurns).
	MaxTurns int
	// MaxMessages is the history window before old turns are folded into
	// memory (0 means DefaultMaxMessages, 15).
	MaxMessages int
	// Wire is how messages are sent ("" means WireStrict).
	Wire Wire
	// Prompts are the prompt texts (nil means the minecollab profile's
	// for the task's type).
	Prompts *Prompts
	// Coding says whether `!newAction` runs the coder loop ("" means
	// CodingAuto: on for the kinds MineCollab codes in); it needs a
	// CodeWorld.
	Coding Coding
	// Latency, when set, is the model of how long each model call takes
	// (generate --latency): each call's think time is drawn from it by
	// the call's kind, seeded by the trial, and recorded as the
	// transition's SimLatency; it replaces ThinkTime in every
	// organisation. nil: every call takes ThinkTime.
	Latency *latency.Model
	// SetupSeconds is when agent 0 opens the task's conversation: MINDcraft's
	// initBotTask first clears and fills inventories, teleports the bots
	// and waits 10 s for them all, while the agents already answer the
	// init message and self-prompt (0 means DefaultSetupSeconds; negative:
	// at once).
	SetupSeconds float64
}

// Sampler starts the latency draws of the trial of seed: nil when no
// latency model is on. Every organisation draws its calls' think times
// from it.
func (c Config) Sampler(seed uint64) *latency.Sampler {
	if c.Latency == nil {
		return nil
	}
	return c.Latency.Sampler(seed)
}

// SamplerOr is Sampler, or without --latency the organisation's own
// default model (a latency spec) for the trial.
func (c Config) SamplerOr(seed uint64, spec string) (*latency.Sampler, error) {
	if s := c.Sampler(seed); s != nil {
		return s, nil
	}
	m, err := latency.Parse(spec)
	if err != nil {
		return nil, err
	}
	return m.Sampler(seed), nil
}

// Seat is one agent of the team: its name and the backend that decides
// for it.
type Seat struct {
	Name    string
	Backend Backend
}

// Recorder receives every transition of a trial as soon as its outcome is
// known, in a deterministic order, from the trial's goroutine.
type Recorder interface {
	Record(agent int, t trajectory.Transition)
}

// TrialSpec is what Run needs to play one task once.
type TrialSpec struct {
	Task     *procgen.Task
	World    World  // a fresh world built from the task and Seed
	Team     []Seat // one seat per agent, in agent-id order
	Seed     uint64 // the trial seed; calls get seeds derived from it
	Config   Config
	Recorder Recorder // optional
}

// TrialResult is how a trial went: what the trial record needs besides
// ids.
type TrialResult struct {
	Outcome    trajectory.Outcome
	Error      string // why it ended with end_reason error
	SimSeconds float64
	Agents     []trajectory.Agent // per agent: full history log, memory, transitions
	// ActiveSeconds are, per agent, the simulated seconds it was busy:
	// the think time of each model call it made plus the duration of
	// each command it ran, cut at the trial's end. Waiting for a message
	// or a timer does not count.
	ActiveSeconds []float64
	// Voice sums the voice calls of the recorded transitions' replies.
	Voice VoiceUsage
	// Metrics are an organisation's own counts, added to the trial's.
	Metrics map[string]float64
}

// Run plays a trial to its end: success (the world's validator), the
// task's timeout in simulated seconds, the turn cap, or an error from a
// backend (end_reason error). It returns an error only for an invalid
// trial or when ctx is cancelled; the trial is then abandoned.
func Run(ctx context.Context, tr TrialSpec) (*TrialResult, error) {
	e, err := newEngine(ctx, tr)
	if err != nil {
		return nil, err
	}
	if err := e.run(); err != nil {
		return nil, err
	}
	return e.result(), nil
}

// engine is one running trial.
type engine struct {
	ctx      context.Context
	task     *procgen.Task
	w        World
	prompts  Prompts
	wire     Wire
	think    ms
	lat      *latency.Sampler // nil: every call takes think
	maxTurns int
	maxMsgs  int
	timeout  ms
	seed     uint64
	rec      Recorder
	examples string

	openAt  ms     // when agent 0 opens the task's conversation
	opening string // its message ("" = none, or already sent)

	coding    bool      // `!newAction` runs the coder loop
	codeWorld CodeWorld // w, if it runs code
	codeDocs  string    // $CODE_DOCS

	agents []*agent
	team   []string // the agents' names (shared by every View: read-only)
	now    ms
	done   *trajectory.Outcome
	errMsg string
	voice  VoiceUsage // the voice calls of the replies applied so far
}

func newEngine(ctx context.Context, tr TrialSpec) (*engine, error) {
	if tr.Task != nil {
		if err := NotPlayedBy("generate", P2P.Name(), tr.Task); err != nil {
			return nil, err
		}
	}
	if tr.Task == nil || tr.World == nil {
		return nil, errors.New("generate: a trial needs a task and a world")
	}
	t := tr.Task
	if len(tr.Team) == 0 {
		return nil, fmt.Errorf("generate: task %s: empty team", t.ID)
	}
	if t.AgentCount > 0 && len(tr.Team) != t.AgentCount {
		return nil, fmt.Errorf("generate: task %s: agent_count is %d but the team has %d seats", t.ID, t.AgentCount, len(tr.Team))
	}
	c := tr.Config
	e := &engine{
		ctx: ctx, task: t, w: tr.World, seed: tr.Seed, rec: tr.Recorder,
		wire: c.Wire, think: max(toMS(c.ThinkTime), 1), maxTurns: c.MaxTurns, maxMsgs: c.MaxMessages,
		timeout: toMS(float64(t.Timeout)),
	}
	if c.ThinkTime == 0 {
		e.think = toMS(DefaultThinkTime)
	}
	e.lat = c.Sampler(tr.Seed)
	if e.wire == "" {
		e.wire = WireStrict
	}
	if _, err := ParseWire(string(e.wire)); err != nil {
		return nil, err
	}
	if _, err := ParseCoding(string(c.Coding)); err != nil {
		return nil, err
	}
	if e.maxTurns <= 0 {
		e.maxTurns = DefaultMaxTurns
	}
	if e.maxMsgs <= 0 {
		e.maxMsgs = DefaultMaxMessages
	}
	if t.Timeout <= 0 {
		e.timeout = toMS(DefaultTimeout)
	}
	switch {
	case c.SetupSeconds == 0:
		e.openAt = toMS(DefaultSetupSeconds)
	case c.SetupSeconds > 0:
		e.openAt = toMS(c.SetupSeconds)
	}
	if c.Prompts != nil {
		e.prompts = *c.Prompts
	} else {
		e.prompts = minecollabSet().For(t.Type)
	}
	if len(e.prompts.ExamplePool) == 0 {
		e.examples = e.prompts.ExamplesText(t.Type)
	}
	if e.coding = c.Coding.enabled(t.Type); e.coding {
		e.codeWorld, _ = tr.World.(CodeWorld)
		e.codeDocs = e.prompts.CodeDocsText()
	}

	names := make([]string, len(tr.Team))
	for i, s := range tr.Team {
		if s.Name == "" || s.Backend == nil {
			return nil, fmt.Errorf("generate: task %s: seat %d needs a name and a backend", t.ID, i)
		}
		if slices.Contains(names[:i], s.Name) {
			return nil, fmt.Errorf("generate: task %s: two agents are named %q", t.ID, s.Name)
		}
		names[i] = s.Name
	}
	for i, s := range tr.Team {
		goal, err := AgentGoal(t, i, names, e.prompts.ExplainBlueprint)
		if err != nil {
			return nil, err
		}
		a := &agent{
			idx: i, name: s.Name, backend: s.Backend, goal: goal,
			taskInv: e.prompts.TaskInventoryText(t.Inventory(strconv.Itoa(i))),
			hist:    history{name: s.Name},
			conv:    convManager{waitLimit: waitTimeStart},
			sp:      selfPrompter{state: spActive, goal: goal, due: never, resumeAt: never},
		}
		if !goalTaken(goal) {
			a.sp.state = spStopped
		}
		a.examplePool = slices.Clone(e.prompts.ExamplePool)
		if e.coding {
			a.codingPool = slices.Clone(e.prompts.CodingExamples)
		}
		for _, n := range names {
			if n != s.Name {
				c := &convo{partner: n}
				c.reset()
				a.conv.convos = append(a.conv.convos, c)
			}
		}
		e.agents = append(e.agents, a)
	}
	e.team = names
	return e, nil
}

// run is the event loop: start the calls that are due, advance to the next
// event, process it for each agent in order.
func (e *engine) run() error {
	opening, err := Conversation(e.task, e.prompts.ExplainBlueprint)
	if err != nil {
		return err
	}
	e.w.SetTime(0)
	for _, a := range e.agents {
		a.hist.add("system", e.prompts.InitMessage)
		e.startLoop(a, false, initMaxResponses)
	}
	if len(e.agents) > 1 {
		e.opening = opening
	}
	for e.done == nil {
		e.open()
		if err := e.ctx.Err(); err != nil {
			return err
		}
		if err := e.startCalls(); err != nil {
			return err
		}
		if e.done != nil {
			break
		}
		next := e.nextTime()
		if next > e.timeout { // also when nothing will ever happen again
			e.now = e.timeout
			e.w.SetTime(e.now.duration())
			e.finish(trajectory.EndTimeout)
			break
		}
		if next != e.now {
			e.now = next
			e.w.SetTime(e.now.duration())
		}
		e.open()
		for _, a := range e.agents {
			e.step(a)
			if e.done != nil {
				break
			}
		}
	}
	return nil
}

// open is tasks.js initBotTask's last step, when the setup is over: agent 0
// opens the task's conversation with the next agent (the command's answer
// goes nowhere).
func (e *engine) open() {
	if e.opening != "" && e.now >= e.openAt {
		e.startConversation(e.agents[0], e.agents[1].name, e.opening)
		e.opening = ""
	}
}

// nextTime is the earliest pending event of any agent.
func (e *engine) nextTime() ms {
	t := never
	if e.opening != "" {
		t = e.openAt
	}
	for _, a := range e.agents {
		var at ms
		switch {
		case a.state != stIdle:
			at = a.until
		case a.inLoop:
			at = e.now // not expected after startCalls; step then prompts it
		default:
			at = e.wakeAt(a)
		}
		if a.resp != nil && a.resp.sent {
			at = min(at, a.resp.until)
		}
		t = min(t, at)
	}
	return t
}

// step processes the agent's event if it is due now.
func (e *engine) step(a *agent) {
	if a.resp != nil && a.resp.sent && a.resp.until == e.now {
		e.applyResponder(a)
	}
	switch {
	case a.state == stCalling && a.until == e.now:
		a.state = stIdle
		e.applyCall(a)
	case a.state == stActing && a.until == e.now && a.coder != nil:
		a.state = stIdle
		e.codingStepDone(a)
	case a.state == stRestarting && a.until == e.now:
		e.restarted(a)
	case a.state == stActing && a.until == e.now:
		a.state = stIdle
		e.actionDone(a, a.actNotices, a.actOutput)
	case a.state == stIdle && !a.inLoop && e.wakeAt(a) <= e.now:
		e.wake(a)
	case a.state == stIdle && a.inLoop && a.need == "":
		e.continueLoop(a) // a loop always has a call or an action pending
	}
}

// startLoop begins a response loop (agent.js handleMessage) after the
// triggering turn was added: the agent will be prompted now.
func (e *engine) startLoop(a *agent, self bool, maxResponses int) {
	a.inLoop, a.loopMax, a.loopN, a.loopSelf, a.loopUsed = true, maxResponses, 0, self, false
	a.need = trajectory.KindConversation
}

// continueLoop prompts again unless the loop has used its responses.
func (e *engine) continueLoop(a *agent) {
	if a.shutUp || (a.loopMax >= 0 && a.loopN >= a.loopMax) {
		e.endLoop(a)
		return
	}
	a.need = trajectory.KindConversation
}

// endLoop makes the agent idle and schedules what wakes it next.
func (e *engine) endLoop(a *agent) {
	a.inLoop, a.need = false, ""
	a.idleSince, a.conv.monitorFrom = e.now, e.now
	if a.loopSelf && a.sp.state == spActive {
		if a.loopUsed {
			a.sp.noCmd = 0
		} else if a.sp.noCmd++; a.sp.noCmd >= 3 {
			// MINDcraft says so in chat only: "Agent did not use command in
			// the last 3 auto-prompts. Stopping auto-prompting."
			a.sp.state = spStopped
		}
	}
	if a.sp.state == spActive {
		a.sp.due = e.now
		if a.loopUsed || !a.loopSelf {
			a.sp.due += selfPromptCool
		}
	}
	for _, c := range a.conv.convos {
		if len(c.queue) > 0 && c.due == never {
			c.due = e.now + replyDelay(c.queue[len(c.queue)-1])
		}
	}
}

// replyDelay is how long an idle agent waits before answering a message:
// longer when the sender ran a command, to let it finish (conversation.js).
func replyDelay(p packet) ms {
	if containsCommand(p.message) {
		return longDelay
	}
	return fastDelay
}

// wakeAt is when an idle agent next has something to do.
func (e *engine) wakeAt(a *agent) ms {
	t := never
	for _, c := range a.conv.convos {
		if len(c.queue) > 0 {
			t = min(t, c.due)
		}
	}
	switch a.sp.state {
	case spActive:
		t = min(t, a.sp.due)
	case spPaused:
		t = min(t, a.sp.resumeAt)
	}
	if a.conv.active != nil && a.conv.awaiting {
		t = min(t, max(a.conv.monitorFrom, a.conv.awaitSince)+a.conv.waitLimit)
	}
	return t
}

// wake handles what is due for an idle agent, in MINDcraft's priority:
// messages, then self-prompting, then the conversation monitor.
func (e *engine) wake(a *agent) {
	for _, c := range a.conv.convos {
		if len(c.queue) > 0 && c.due <= e.now {
			e.handleIncoming(a, c.partner, c.compile())
			e.startLoop(a, false, -1)
			return
		}
	}
	if a.sp.state == spPaused && a.sp.resumeAt <= e.now {
		a.sp.resumeAt = never
		if !a.conv.inConversation() {
			a.sp.state, a.sp.due = spActive, e.now
		}
	}
	if a.sp.state == spActive && a.sp.due <= e.now {
		a.hist.add("system", e.prompts.selfPromptText(a.sp.goal))
		e.startLoop(a, true, -1)
		return
	}
	if a.conv.active != nil && a.conv.awaiting &&
		max(a.conv.monitorFrom, a.conv.awaitSince)+a.conv.waitLimit <= e.now {
		a.hist.add("system", noResponseText(a.conv.active.partner, a.conv.waitLimit))
		a.conv.waitLimit *= 2
		e.startLoop(a, false, -1)
	}
}

// startCalls sends every call that is due now, together, and charges each
// agent the think time.
func (e *engine) startCalls() error {
	var due []*agent
	var responders []*responderCall
	for _, a := range e.agents {
		if r := a.resp; r != nil && !r.sent {
			think := e.callThink(trajectory.KindBotResponder)
			if e.now+think > e.timeout {
				a.resp = nil // the answer would come after the task's end
			} else {
				r.req, r.sent, r.at, r.until = e.responderRequest(a), true, e.now, e.now+think
				r.drawn = e.drawn(think)
				responders = append(responders, r)
			}
		}
		if a.need == "" {
			continue
		}
		if e.lat == nil && e.now+e.think > e.timeout {
			// The answer would come after the task's end: make no call
			// (it would be paid for and never used); the agent just waits.
			a.need, a.state, a.until = "", stCalling, e.now+e.think
			continue
		}
		if !e.prepare(a) {
			return nil // the turn cap ended the trial
		}
		// A drawn think time depends on the call's kind, which prepare
		// settles (a conversation call may turn into a memory call).
		a.think = e.callThink(a.req.Kind)
		if e.now+a.think > e.timeout {
			a.state, a.until = stCalling, e.now+a.think
			continue
		}
		due = append(due, a)
	}
	calls := make([]func(), 0, len(due)+len(responders))
	for _, a := range due {
		calls = append(calls, func() { a.reply, a.err = a.backend.Complete(e.ctx, a.req) })
	}
	for _, r := range responders {
		a := e.agents[r.req.View.Agent]
		calls = append(calls, func() { r.reply, r.err = a.backend.Complete(e.ctx, r.req) })
	}
	if len(calls) == 1 {
		calls[0]()
	} else if len(calls) > 1 {
		var wg sync.WaitGroup
		for _, call := range calls {
			wg.Go(call)
		}
		wg.Wait()
	}
	if err := e.ctx.Err(); err != nil {
		return err
	}
	for _, r := range responders { // agent order: the first failure is reported
		if r.err != nil {
			a := e.agents[r.req.View.Agent]
			e.errMsg = fmt.Sprintf("%s: %s call %d: %v", a.name, r.req.Kind, len(a.transitions), r.err)
			e.finish(trajectory.EndError)
			return nil
		}
	}
	for _, a := range due { // agent order: the first failure is reported
		if a.err != nil {
			e.errMsg = fmt.Sprintf("%s: %s call %d: %v", a.name, a.req.Kind, len(a.transitions), a.err)
			e.finish(trajectory.EndError)
			return nil
		}
		a.state, a.until = stCalling, e.now+a.think
		e.busy(a)
	}
	return nil
}

// callThink is the think time of a call of kind: drawn from the latency
// model when one is on (at least 1 ms), else the fixed think time.
func (e *engine) callThink(kind string) ms {
	if e.lat == nil {
		return e.think
	}
	return max(ms(e.lat.Draw(kind).Milliseconds()), 1)
}

// drawn is a call's think time as its transition records it: 0 without a
// latency model.
func (e *engine) drawn(think ms) time.Duration {
	if e.lat == nil {
		return 0
	}
	return think.duration()
}

// prepare builds the agent's next call: queued messages enter the history
// first, and a full history is folded into memory (a memory call) before
// the agent is prompted. It returns false when the turn cap ends the trial.
func (e *engine) prepare(a *agent) bool {
	kind := a.need
	a.need = ""
	if kind == trajectory.KindConversation {
		for _, c := range a.conv.convos {
			if len(c.queue) > 0 {
				e.handleIncoming(a, c.partner, c.compile())
			}
		}
		if a.hist.needsFold(e.maxMsgs) {
			kind = trajectory.KindMemory
		}
	}
	view := View{
		Agent: a.idx, Name: a.name, Team: e.team, TaskType: e.task.Type, Goal: a.goal, GoalShown: a.sp.state != spStopped,
		Memory: a.hist.memory, Time: e.now.seconds(), Step: len(a.transitions),
	}
	var prompt string
	var turns []trajectory.Message
	switch kind {
	case trajectory.KindMemory:
		chunk := a.hist.foldChunk()
		a.fold = len(chunk)
		view.ToSummarize = slices.Clone(chunk)
		prompt = e.prompts.renderMemory(a.name, a.hist.memory, selfPromptLine(a.sp), chunk)
	case trajectory.KindCoding:
		e.observe(a, &view)
		turns = slices.Clone(a.coder.messages)
		view.Turns = turns
		prompt = e.codingPrompt(a, view.Stats, view.Inventory)
	default:
		if a.calls >= e.maxTurns {
			e.finish(trajectory.EndTurnCap)
			return false
		}
		a.calls++
		e.observe(a, &view)
		turns = slices.Clone(a.hist.turns)
		view.Turns = turns
		examples := e.examples
		if len(a.examplePool) > 0 {
			examples = selectExamples(&a.turnWords, a.examplePool, turns, e.prompts.NumExamples)
		}
		prompt = e.prompts.renderConversing(promptVars{
			Name: a.name, Goal: a.goal, TaskInventory: a.taskInv, Memory: a.hist.memory,
			Stats: view.Stats, Inventory: view.Inventory, CommandDocs: view.CommandDocs, Examples: examples,
			SelfPrompt: selfPromptLine(a.sp),
		})
	}
	a.callAt = e.now
	a.req = Request{
		Kind: kind, Messages: e.wire.Messages(prompt, turns), View: view,
		Seed: callSeed(e.seed, a.idx, len(a.transitions)),
	}
	return true
}

// observe fills in what the agent's prompt shows of the world: $STATS,
// $INVENTORY and $COMMAND_DOCS.
func (e *engine) observe(a *agent, view *View) {
	if a.docs == "" { // a trial's blocked commands never change
		a.docs = e.w.CommandDocs(a.idx)
	}
	view.Stats, view.Inventory, view.CommandDocs = e.w.Stats(a.idx), e.w.Inventory(a.idx), a.docs
}

// applyCall handles a call's reply when its think time is over.
func (e *engine) applyCall(a *agent) {
	tr := trajectory.Transition{
		Step: len(a.transitions), Kind: a.req.Kind, Messages: a.req.Messages, Response: a.reply.Text, Scripted: a.reply.Scripted,
		Usage: a.reply.Usage, Latency: a.reply.Latency, SimTime: a.callAt.seconds(), SimLatency: e.drawn(a.think),
		FinishReason: a.reply.FinishReason, Attempts: a.reply.Attempts,
	}
	e.voice.add(a.reply.Voice)
	switch a.req.Kind {
	case trajectory.KindCoding:
		e.applyCoding(a, tr)
		return
	case trajectory.KindMemory:
		a.hist.fold(a.fold, a.reply.Text)
		e.record(a, tr)
		a.need = trajectory.KindConversation
		return
	}
	text := a.reply.Text
	if strings.Contains(text, fromOtherBot) { // the model spoke as another bot: ask again
		a.regen++
		if a.regen < maxGenerations {
			e.record(a, tr)
			a.need = trajectory.KindConversation
			return
		}
		text = ""
	}
	a.regen = 0
	a.loopN++
	if jsTrim(text) == "" { // "no response": nothing stored, the loop ends
		e.record(a, tr)
		e.endLoop(a)
		return
	}
	res := e.w.Execute(a.idx, text)
	a.hist.add(a.name, res.Response)
	if res.Command == "" {
		e.record(a, tr)
		e.route(a, res.Response)
		e.endLoop(a)
		return
	}
	tr.Command = res.CommandText
	if res.Unknown { // "Command !x does not exist.": nothing else happens
		tr.Output = res.Output
		a.hist.add("system", tr.Output)
		e.record(a, tr)
		e.continueLoop(a)
		return
	}
	a.loopUsed = true
	e.route(a, res.Response)
	if res.Command == newActionName && e.coding && !res.Failed {
		e.startCoding(a, tr)
		return
	}
	output, notices, dur := res.Output, res.Notices, roundMS(res.Duration)
	if res.Effect != nil {
		output, notices, dur = e.perform(a, res.Effect), nil, 0
	}
	tr.Output = output
	e.record(a, tr)
	if _, ok := e.w.Score(); ok {
		e.finish(trajectory.EndSuccess)
		return
	}
	if a.state == stRestarting || a.state == stGone { // !restart
		return
	}
	// actions.js: a smelt that succeeded restarts the agent.
	a.restart = res.Command == "!smeltItem" && texts.IsSmelted(output)
	if dur == 0 {
		e.actionDone(a, notices, output)
		return
	}
	a.state, a.until, a.actOutput, a.actNotices, a.actLabel = stActing, e.now+dur, output, notices, strings.TrimPrefix(res.Command, "!")
	e.busy(a)
}

// busy counts the agent's call or command, which lasts until a.until,
// as active time.
func (e *engine) busy(a *agent) {
	a.active += a.until - e.now
	a.busyTo = a.until
}

// actionDone ends a command: its notices and output enter the history, and
// the agent is prompted again; without output the response loop ends.
func (e *engine) actionDone(a *agent, notices []string, output string) {
	for _, n := range notices {
		a.hist.add("system", n)
	}
	if a.restart {
		a.restart = false
		if output != "" {
			a.hist.add("system", output)
		}
		e.kill(a, smeltRestartText, smeltRestartDelay)
		return
	}
	if output == "" {
		e.endLoop(a)
		return
	}
	a.hist.add("system", output)
	e.continueLoop(a)
}

// record adds a transition; the recorder sees it at once unless an
// action holds it back (flushCoding).
func (e *engine) record(a *agent, tr trajectory.Transition) {
	a.transitions = append(a.transitions, tr)
	if e.rec != nil && a.coder == nil {
		e.rec.Record(a.idx, tr)
	}
}

// finish ends the trial now and writes the end into every history.
func (e *engine) finish(reason string) {
	score, success := e.w.Score()
	if reason == trajectory.EndError {
		success = false
	} else if success {
		reason = trajectory.EndSuccess
	}
	e.done = &trajectory.Outcome{Score: score, Success: success, EndReason: reason}
	line := "Task ended with score : " + strconv.FormatFloat(score, 'f', -1, 64)
	for _, a := range e.agents {
		if a.coder != nil {
			e.flushCoding(a)
		}
		a.hist.add("system", line)
	}
}

func (e *engine) result() *TrialResult {
	r := &TrialResult{Outcome: *e.done, Error: e.errMsg, SimSeconds: e.now.seconds(), Voice: e.voice}
	for _, a := range e.agents {
		r.Agents = append(r.Agents, trajectory.Agent{
			Name: a.name, History: a.hist.log, Memory: a.hist.memory, Transitions: a.transitions,
		})
		r.ActiveSeconds = append(r.ActiveSeconds, (a.active - max(a.busyTo-e.now, 0)).seconds())
	}
	return r
}

func (e *engine) byName(name string) *agent {
	for _, a := range e.agents {
		if a.name == name {
			return a
		}
	}
	return nil
}

// callSeed derives a call's seed from the trial seed, agent and step
// (SplitMix64 finalizer), so backends that sample are reproducible.
func callSeed(seed uint64, agent, step int) uint64 {
	z := seed ^ uint64(agent+1)*0x9e3779b97f4a7c15 ^ uint64(step+1)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// CallSeed is the seed of a seat's step-th call in a trial of seed, for
// organisations of their own packages.
func CallSeed(seed uint64, seat, step int) uint64 { return callSeed(seed, seat, step) }

// goalTaken reports whether MINDcraft's setAgentGoal, which runs
// !goal("{goal}"), starts the self-prompter with the goal. A goal holding a
// double quote (some of MINDcraft's own cooking tasks quote their recipe
// steps) ends the string argument early, the command is read without
// arguments and refused; an empty goal is refused by the self-prompter. The
// agent then never self-prompts and its prompts show no goal line.
func goalTaken(goal string) bool {
	cmd := "!goal(\"" + goal + "\")"
	m, ok := command.Find(cmd)
	return ok && goal != "" && len(m.Args) == 1 && m.End == len(cmd)
}
