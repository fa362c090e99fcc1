package world

import (
	"strings"

	"collabcraft/world/command"
	"collabcraft/world/texts"
)

func cmdNewAction(r *run, _ []command.Value) string {
	r.res.Chat = "newAction is disabled. Enable with allow_insecure_coding=true in settings.js"
	return "newAction not allowed! Code writing is disabled in settings. Notify the user."
}

func cmdStop(r *run, _ []command.Value) string {
	r.a.following = ""
	r.res.Effect = Stop{}
	// The engine appends " Self-prompting still active." when it is.
	return "Agent stopped."
}

func cmdStfu(r *run, _ []command.Value) string {
	r.res.Chat = "Shutting up."
	r.res.Effect = Stfu{}
	return ""
}

func cmdRestart(r *run, _ []command.Value) string {
	r.a.following = ""
	r.res.Effect = Restart{}
	return ""
}

func cmdClearChat(r *run, _ []command.Value) string {
	r.res.Effect = ClearChat{}
	return r.a.Name + "'s chat history was cleared, starting new conversation from scratch."
}

func cmdGoal(r *run, args []command.Value) string {
	r.res.Effect = SetGoal{Goal: args[0].S}
	return ""
}

func cmdEndGoal(r *run, _ []command.Value) string {
	r.res.Effect = EndGoal{}
	return "Self-prompting stopped."
}

func cmdSetMode(r *run, args []command.Value) string {
	name, on := args[0].S, args[1].B
	word := map[bool]string{true: "on", false: "off"}
	for i := range r.a.modes {
		m := &r.a.modes[i]
		if m.name != name {
			continue
		}
		if m.on == on {
			return "Mode " + name + " is already " + word[on] + "."
		}
		m.on = on
		return "Mode " + name + " is now " + word[on] + "."
	}
	return "Mode " + name + " does not exist." + modesText(r.a, true)
}

func cmdStay(r *run, args []command.Value) string {
	secs := args[0].Int()
	if secs < 0 {
		r.silent = true // runs until interrupted
		return ""
	}
	r.spend(float64(secs))
	r.say(texts.Stayed(secs))
	return ""
}

func cmdLookAt(r *run, _ []command.Value) string {
	return "Vision is disabled. Use other methods to describe the environment."
}

func cmdGoToBed(r *run, _ []command.Value) string {
	var beds []string
	for _, n := range r.w.blocks.names {
		if strings.HasSuffix(n, "_bed") {
			beds = append(beds, n)
		}
	}
	p := r.w.nearestBlock(r.a.pos, beds, 32)
	if p == nil {
		r.log("Could not find a bed to sleep in.")
		return ""
	}
	if !r.goToPosition(float64(p.X), float64(p.Y), float64(p.Z), 2) {
		return ""
	}
	if r.w.timeOfDay() != "Night" {
		r.throw("Error: it's not night and it's not a thunderstorm")
		return ""
	}
	r.log("You are in bed.")
	// Sleeping skips the night for everyone.
	ticks := (r.w.startTicks + int64(r.w.now.Seconds()*20)) % 24000
	r.spend(float64(24000-ticks) / 20 / 100) // the skip itself is quick
	r.w.startTicks += 24000 - ticks
	r.log("You have woken up.")
	return ""
}

func cmdActivate(r *run, args []command.Value) string {
	t := args[0].S
	p := r.w.nearestBlock(r.a.pos, []string{t}, 16)
	if p == nil {
		r.log("Could not find any %s to activate.", t)
		return ""
	}
	if r.a.pos.Dist(p.Vec()) > 4.5 && !r.goToPosition(float64(p.X), float64(p.Y), float64(p.Z), 4) {
		return ""
	}
	r.spend(0.25)
	r.log("Activated %s at %s.", t, fixed1(*p))
	return ""
}

func cmdStartConversation(r *run, args []command.Value) string {
	name, msg := args[0].S, args[1].S
	if t := r.w.byName[name]; t == nil || t == r.a {
		return name + " is not a bot, cannot start conversation."
	}
	r.res.Effect = StartConversation{Partner: name, Message: msg}
	// No output: the agent's loop stops until a reply arrives. When the
	// agents already talk, the engine adds MINDcraft's "You are already in
	// conversation with ..." turn.
	return ""
}

func cmdEndConversation(r *run, args []command.Value) string {
	name := args[0].S
	r.res.Effect = EndConversation{Partner: name}
	return EndConversationText(name, true)
}

// EndConversationText is !endConversation's answer; active says whether
// the agent was in a conversation with partner (the engine knows). The
// source misspells "Conversation"; this is the meant text.
func EndConversationText(partner string, active bool) string {
	if !active {
		return "Not in conversation with " + partner + "."
	}
	return "Conversation with " + partner + " ended."
}
