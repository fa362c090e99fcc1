package generate

import (
	"slices"
	"strings"
	"time"

	"collabcraft/trajectory"
)

// This file is conversation.js's _scheduleProcessInMessage for an agent
// that is busy with an action when a message without a command arrives:
// MINDcraft asks the bot_responder prompt whether to "respond" (the
// message is answered at once and the action interrupted) or "ignore" it.

// talkOverActions are the actions a message is answered over at once,
// without asking (conversation.js talkOverActions; modes are not
// simulated).
var talkOverActions = []string{"stay", "followPlayer"}

// responderCall is a bot_responder call: asked when a message reached the
// agent during an action, answered think time later.
type responderCall struct {
	sender  string
	message string // the message as received, untagged
	action  string // $ACTION: "action:collectBlocks"
	sent    bool
	at      ms            // when it was sent
	until   ms            // when its answer is applied
	drawn   time.Duration // the latency model's draw (0: none)
	req     Request
	reply   Reply
	err     error
}

// acting reports whether the agent runs an action (MINDcraft: not idle):
// a command with a duration, or the code of a `!newAction`. (While a
// coding call is in flight a message just waits in the queue.)
func (a *agent) acting() bool { return a.state == stActing }

// busyWithMessage handles a message without a command that reaches an
// agent while it acts: a talk-over action is interrupted, so the message
// is answered as by an idle agent; otherwise a bot_responder call is
// scheduled to decide. (A message with a command waits, as MINDcraft's
// waits when both agents are busy.)
func (e *engine) busyWithMessage(to *agent, from string, p packet) {
	if !to.acting() || containsCommand(p.message) || to.resp != nil || e.prompts.BotResponder == "" {
		return
	}
	if slices.ContainsFunc(talkOverActions, func(l string) bool { return strings.Contains(to.actLabel, l) }) {
		e.interrupt(to)
		return
	}
	to.resp = &responderCall{sender: from, message: p.message, action: "action:" + to.actLabel}
}

// responderRequest builds a bot_responder call as promptShouldRespondToBot
// does: the history and the new message as a user turn, stringified into
// $TO_SUMMARIZE, sent with no turns.
func (e *engine) responderRequest(a *agent) Request {
	r := a.resp
	summary := append(slices.Clone(a.hist.turns), trajectory.Message{Role: "user", Content: r.message})
	prompt := fill(e.prompts.BotResponder,
		"$NAME", a.name,
		"$ACTION", r.action,
		"$TO_SUMMARIZE", StringifyTurns(summary),
	)
	view := View{
		Agent: a.idx, Name: a.name, Team: e.team, TaskType: e.task.Type, Goal: a.goal, GoalShown: a.sp.state != spStopped,
		Memory: a.hist.memory, Time: e.now.seconds(), Step: len(a.transitions), ToSummarize: summary, Action: r.action,
	}
	return Request{
		Kind: trajectory.KindBotResponder, Messages: e.wire.Messages(prompt, nil), View: view,
		Seed: callSeed(e.seed, a.idx, len(a.transitions)),
	}
}

// applyResponder records the decision. "respond" interrupts the action (it
// ends now and its output is dropped, as MINDcraft drops an interrupted
// action's output) and the message is answered after the short delay;
// "ignore" leaves it queued.
func (e *engine) applyResponder(a *agent) {
	r := a.resp
	a.resp = nil
	e.record(a, trajectory.Transition{
		Step: len(a.transitions), Kind: trajectory.KindBotResponder, Messages: r.req.Messages, Response: r.reply.Text,
		Usage: r.reply.Usage, Latency: r.reply.Latency, SimTime: r.at.seconds(), SimLatency: r.drawn,
		FinishReason: r.reply.FinishReason, Attempts: r.reply.Attempts,
	})
	if strings.ToLower(jsTrim(r.reply.Text)) != "respond" {
		return
	}
	if a.acting() {
		e.interrupt(a)
	}
	if c := a.conv.get(r.sender); c != nil && len(c.queue) > 0 && !a.inLoop {
		c.due = e.now + fastDelay
	}
}

// interrupt stops the agent's action now. Commands here are atomic, so
// what it did stays done; its output is dropped and its response loop
// ends, as when MINDcraft interrupts an action (executeCommand returns
// nothing and handleMessage breaks).
func (e *engine) interrupt(a *agent) {
	a.active -= a.until - e.now
	a.busyTo = e.now
	if a.coder != nil { // the !newAction call gets no output
		a.coder.output = ""
		e.flushCoding(a)
	}
	a.state, a.actOutput, a.actNotices = stIdle, "", nil
	e.endLoop(a)
}
