package world

import (
	"math"
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

// cmdLookAt is !lookAtPlayer and !lookAtPosition. MINDcraft checks
// !lookAtPlayer's direction before it looks.
func cmdLookAt(r *run, args []command.Value) string {
	if len(args) == 2 && args[1].S != "at" && args[1].S != "with" {
		return "Invalid direction. Use 'at' or 'with'."
	}
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
	if r.a.pos.Dist(p.Vec()) <= reach {
		r.w.escapeActivate(r.a, *p) // a lever, button, door in an escape room
	}
	r.log("Activated %s at %s.", t, fixed1(*p))
	return ""
}

// activateSeconds is the time to look at a block and use it.
const activateSeconds = 0.25

// useDoor is skills.useDoor with the door at v: walk within a block of
// it, open it, walk forward through it for 0.6 s, close it. Doors are
// passable blocks here with no open state, so opening and closing take
// their time and change nothing.
func (r *run) useDoor(v Vec) bool {
	p := v.Block()
	start, before := r.a.pos, r.dur
	r.walkTo(near(p, 1)) // setGoal: a path it cannot find just ends
	if waited := r.dur - before; waited < 1 {
		r.spend(1 - waited) // it waits a second before watching the pathfinder
	}
	if p.Y < MinY || p.Y > MaxY {
		r.throw("TypeError: Cannot read properties of null (reading '_properties')")
		return false
	}
	r.spend(activateSeconds) // open
	// Forward, towards the door (the way it came when it stands in it).
	door := p.Center()
	dx, dz := door.X-r.a.pos.X, door.Z-r.a.pos.Z
	if math.Hypot(dx, dz) < 0.3 {
		dx, dz = door.X-start.X, door.Z-start.Z
	}
	if l := math.Hypot(dx, dz); l > 1e-9 {
		dx, dz = dx/l, dz/l
		from, end := r.a.pos, r.a.pos.Block()
		for i := 1; i <= 26; i++ {
			t := min(float64(i)/10, 0.6*WalkSpeed)
			c := from.Add(dx*t, 0, dz*t).Block()
			if !r.w.passable(c) {
				break
			}
			end = c
		}
		if end != r.a.pos.Block() {
			r.a.pos = end.Center()
		}
	}
	r.spend(0.6 + activateSeconds) // walk, close
	r.log("Used door at %s.", v)
	return true
}

// tillAndSow is skills.tillAndSow at cell p, sowing seed when sow is set
// (survival: the cheat mode's shortcut is not modelled, as for placeBlock).
func (r *run) tillAndSow(p Pos, seed string, sow bool) bool {
	name := r.w.blocks.name(p)
	if name != "grass_block" && name != "dirt" && name != "farmland" {
		r.log("Cannot till %s, must be grass_block or dirt.", name)
		return false
	}
	if above := r.w.blocks.name(p.Add(0, 1, 0)); above != "air" {
		r.log("Cannot till, there is %s above the block.", above)
		return false
	}
	if r.a.pos.Dist(p.Vec()) > 4.5 {
		if err := r.walkTo(near(p, 4)); err != "" {
			r.throw(pathErrName(err) + ": " + err)
			return false
		}
	}
	if name != "farmland" {
		hoe := ""
		for _, s := range r.a.inv.Stacks() {
			if strings.Contains(s.Item, "hoe") {
				hoe = s.Item
				break
			}
		}
		if hoe == "" {
			r.log("Cannot till, no hoes.")
			return false
		}
		r.a.held = hoe
		r.spend(activateSeconds)
		r.w.setBlock(p, "farmland")
		r.log("Tilled block %s.", fixed1(p))
	}
	if !sow {
		return true
	}
	if strings.HasSuffix(seed, "seed") && !strings.HasSuffix(seed, "seeds") {
		seed += "s"
	}
	if r.a.inv.Count(seed) == 0 {
		r.log("No %s to plant.", seed)
		return false
	}
	r.a.held = seed
	// MINDcraft places the seeds against the block's bottom face
	// (bot.placeBlock(block, new Vec3(0, -1, 0))): the server puts nothing
	// into the solid cell below, and mineflayer gives up waiting for the
	// block there to change after 5 s.
	r.spend(5)
	r.throw("Error: Event blockUpdate:" + p.Add(0, -1, 0).String() + " did not fire within timeout of 5000ms")
	return false
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
