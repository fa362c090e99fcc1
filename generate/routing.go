package generate

import (
	"strings"

	"collabcraft/world"
)

// This file is the engine's side of conversation.js: delivering messages
// between agents and the conversation commands.

// route sends a response to the bot the agent is talking with
// (agent.js routeResponse): to the last bot that messaged it, if that
// conversation is active. Otherwise it would go to public chat, which bots
// ignore when other agents exist, so it reaches nobody.
func (e *engine) route(a *agent, text string) {
	if a.shutUp || a.lastSender == "" || !a.conv.inConversationWith(a.lastSender) {
		return
	}
	e.sendToBot(a, a.lastSender, text, false)
}

// sendToBot is ConversationManager.sendToBot.
func (e *engine) sendToBot(a *agent, to, message string, start bool) {
	c := a.conv.get(to)
	if c == nil || c.ignoreUntilStart {
		return
	}
	c.active = true
	a.conv.awaiting, a.conv.awaitSince = true, e.now
	e.deliver(a, e.byName(to), packet{message: message, start: start, end: strings.Contains(message, "!endConversation")})
}

// deliver is ConversationManager.receiveFromBot on the receiver's side.
// An agent whose process is down does not receive it.
func (e *engine) deliver(from, to *agent, p packet) {
	if to.state == stRestarting || to.state == stGone {
		return
	}
	c := to.conv.get(from.name)
	if c.ignoreUntilStart && !p.start {
		return
	}
	if to.conv.inConversation() && !c.active {
		e.sendToBot(to, from.name, busyReplyText(from.name), false)
		e.endConversation(to, from.name)
		return
	}
	if p.start {
		c.reset()
		c.active = true
		to.conv.active = c // startConversationFromOtherBot
	}
	// _clearMonitorTimeouts; the monitor then restarts its limit.
	to.conv.awaiting, to.conv.waitLimit = false, waitTimeStart
	c.queue = append(c.queue, p)
	if to.sp.state == spActive { // answering takes priority over self-prompting
		to.sp.state, to.sp.resumeAt = spPaused, never
	}
	e.busyWithMessage(to, from.name, p)
	// An idle agent answers after a short delay (new packets reset it); a
	// busy one sees the message before its next prompt or when it is idle
	// (or, after a bot_responder call says "respond", at once).
	if to.inLoop {
		c.due = never
	} else {
		c.due = e.now + replyDelay(p)
	}
}

// handleIncoming is _handleFullInMessage: the compiled messages from
// sender become a user turn, or end the conversation.
func (e *engine) handleIncoming(a *agent, sender string, p packet) {
	c := a.conv.get(sender)
	c.active = true
	msg := fromOtherBot + p.message
	if p.end {
		e.endConversation(a, sender)
		a.hist.add("system", endedWithMessageText(sender, msg))
		return
	}
	if p.start {
		a.shutUp = false
	}
	a.hist.add(sender, msg)
	a.lastSender = sender
}

// endConversation is ConversationManager.endConversation.
func (e *engine) endConversation(a *agent, partner string) {
	c := a.conv.get(partner)
	if c == nil {
		return
	}
	c.active, c.ignoreUntilStart = false, true
	// Unanswered queued messages are kept in history, untagged, with no reply.
	if full := c.compile(); jsTrim(full.message) != "" {
		a.hist.add(partner, full.message)
	}
	if a.lastSender == partner {
		a.lastSender = ""
	}
	if a.conv.active == c {
		a.conv.active, a.conv.awaiting = nil, false
		if a.sp.state == spPaused && !a.conv.inConversation() {
			a.sp.resumeAt = e.now + resumeDelay
		}
	}
}

// startConversation is the !startConversation command.
func (e *engine) startConversation(a *agent, partner, message string) string {
	if partner == a.name || e.byName(partner) == nil {
		return notABotText(partner)
	}
	if a.conv.inConversation() && !a.conv.inConversationWith(partner) {
		// forceEndCurrentConversation
		if cur := a.conv.active; cur != nil {
			e.sendToBot(a, cur.partner, "!endConversation(\""+cur.partner+"\")", false)
			e.endConversation(a, cur.partner)
		}
	} else if a.conv.inConversationWith(partner) {
		a.hist.add("system", alreadyTalkingText(partner))
	}
	c := a.conv.get(partner)
	c.reset()
	if a.sp.state == spActive {
		a.sp.state, a.sp.resumeAt = spPaused, never
	}
	c.active = true
	a.conv.active = c
	e.sendToBot(a, partner, message, true)
	return ""
}

// perform carries out a command's effect on the agent loop and returns
// its output ("" = none).
func (e *engine) perform(a *agent, eff world.Effect) string {
	switch eff := eff.(type) {
	case world.StartConversation:
		return e.startConversation(a, eff.Partner, eff.Message)
	case world.EndConversation:
		if !a.conv.inConversationWith(eff.Partner) {
			return notInConversationText(eff.Partner)
		}
		e.endConversation(a, eff.Partner)
		return endedText(eff.Partner)
	case world.SetGoal:
		a.sp.goal, a.sp.noCmd = eff.Goal, 0
		if a.conv.inConversation() {
			a.sp.state, a.sp.resumeAt = spPaused, never
		} else {
			a.sp.state = spActive
		}
	case world.EndGoal:
		a.sp.state = spStopped
		return "Self-prompting stopped."
	case world.Stop:
		if a.sp.state == spActive {
			return "Agent stopped. Self-prompting still active."
		}
		return "Agent stopped."
	case world.Stfu:
		a.shutUp = true
		a.sp.state = spStopped
		for _, c := range a.conv.convos {
			if c.active {
				e.endConversation(a, c.partner)
			}
		}
	case world.ClearChat:
		a.hist.clear()
		return a.name + "'s chat history was cleared, starting new conversation from scratch."
	case world.Restart:
		e.kill(a, killText, 0)
	}
	return ""
}
