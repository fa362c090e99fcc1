package generate

// This file is MINDcraft's agent restart: agent.cleanKill saves the
// history and exits, and the agent process (src/process/agent_process.js)
// starts the agent again with its memory loaded. A successful !smeltItem
// does it 0.5 s after the smelt ("Safely restarting to update inventory."),
// and so does !restart.

const (
	// restartDelay is how long the agent is away: a new node process,
	// login, spawn and the second agent.js waits after spawning. A guess:
	// MINDcraft's own timing depends on the machine and the server.
	restartDelay ms = 4000
	// smeltRestartDelay is the wait before the kill after a smelt.
	smeltRestartDelay ms = 500
	// minRunTime: an agent process that exits sooner after its start is
	// not started again (agent_process.js), so the agent is gone.
	minRunTime ms = 10000
)

// MINDcraft's texts.
const (
	smeltRestartText = "Safely restarting to update inventory."
	killText         = "Killing agent process..."
	restartedText    = "Agent process restarted."
	restartedNotice  = "You have restarted and this message is auto-generated. Continue the conversation with me."
)

// stRestarting and stGone extend the agent states: between the kill and
// the new process, and for good after an exit too soon.
const (
	stRestarting = iota + stActing + 1
	stGone
)

// kill is agent.cleanKill after wait: the line enters the history, the
// response loop and anything in flight are lost (the call after a smelt
// is not made: its answer would come after the kill), and the agent comes
// back restartDelay after the kill, or never if its process ran less than
// minRunTime.
func (e *engine) kill(a *agent, line string, wait ms) {
	a.hist.add("system", line)
	a.inLoop, a.need = false, ""
	exit := e.now + wait
	if exit-a.startedAt < minRunTime {
		a.state, a.until = stGone, never
		return
	}
	a.startedAt = exit
	a.state, a.until = stRestarting, exit+restartDelay
}

// restarted is the new process's start with its memory loaded (agent.js
// start and _setupEventHandlers with save data): no conversation is
// active; with a goal being self-prompted, "Agent process restarted."
// enters the history; setAgentGoal sets the task's goal again; the last
// bot it talked with seems to open a conversation with an auto-generated
// message, or else the restart message prompts it.
func (e *engine) restarted(a *agent) {
	a.state = stIdle
	a.shutUp = false
	for _, c := range a.conv.convos {
		c.reset()
		c.active, c.ignoreUntilStart = false, false
	}
	a.conv.active, a.conv.awaiting, a.conv.waitLimit = nil, false, waitTimeStart
	a.idleSince, a.conv.monitorFrom = e.now, e.now
	selfPrompting := a.sp.state != spStopped
	if selfPrompting {
		a.hist.add("system", restartedText)
	}
	if goalTaken(a.goal) {
		a.sp = selfPrompter{state: spActive, goal: a.goal, due: e.now, resumeAt: never}
	}
	if p := e.byName(a.lastSender); p != nil && p.state != stGone {
		c := a.conv.get(a.lastSender)
		c.active = true
		a.conv.active = c
		c.queue = append(c.queue, packet{message: restartedNotice, start: true})
		c.due = e.now + fastDelay
		if a.sp.state == spActive {
			a.sp.state, a.sp.resumeAt = spPaused, never
		}
		return
	}
	a.hist.add("system", restartedText)
	e.startLoop(a, false, initMaxResponses)
}
