package scripted

import (
	"fmt"
	"strings"
)

// escWords are the escape agents' words: what a room holds, who stands
// where and pulls what, go, the way on, and the mistakes owned up to.
// Every block they name is one the agent's own scan found, or one a
// teammate's message described (the grounding rule the audit checks).
type escWords struct {
	words
	r *escaper
}

// escName says a block as people do: "oak pressure plate".
func escName(n string) string { return strings.ReplaceAll(n, "_", " ") }

// escThe is "the lever at 1 2 3"; the position keeps the block's
// name so a teammate (and the audit) can read it back: "lever at 1 2 3".
func escThe(m escMech) string { return "the " + m.Name + " at " + m.at() }

// heardMechs are the blocks a teammate's messages named ("name at x y z").
func heardMechs(text string) []escMech {
	var out []escMech
	f := strings.Fields(text)
	for i := 1; i+3 < len(f); i++ {
		if f[i] != "at" {
			continue
		}
		var m escMech
		m.Name = strings.Trim(f[i-1], ",.;:")
		if _, err := fmt.Sscanf(strings.Trim(f[i+1], ",.;")+" "+strings.Trim(f[i+2], ",.;")+" "+strings.Trim(f[i+3], ",.;!"), "%d %d %d", &m.X, &m.Y, &m.Z); err == nil {
			out = append(out, m)
		}
	}
	return out
}

func (w *escWords) list(ms []escMech) string {
	var parts []string
	for _, m := range ms {
		parts = append(parts, "a "+m.Name+" at "+m.at())
	}
	return joinAnd(parts)
}

func (w *escWords) Words(i Intent) (string, string) {
	v := w.v
	switch x := i.Facts.(type) {
	case escLook:
		if x.Again {
			return v.pick("That didn't work; looking again.", "Let me scan the room again.", "Once more, what's around me?"),
				v.pick("List the levers, buttons, pressure plates, floor signs and chests I can see with their positions, where I am and which teammates I see.",
					"Scan my room again: every lever, button, pressure plate, floor sign and chest in view with its coordinates, my position and the players I can see.")
		}
		return v.gen("{New room, let me|Let me|First I'll} {see what's here|look around|check what I can use}."),
			v.pick("List the levers, buttons, pressure plates, floor signs and chests I can see with their positions, where I am and which teammates I see.",
				"Find every lever, button, pressure plate, floor sign and chest in view and print its coordinates, then my position and the players I can see.")
	case escReport:
		theirs := ""
		for _, m := range w.r.k.c.Messages() {
			if m.From == x.To {
				if hm := heardMechs(m.Text); len(hm) > 0 {
					theirs = v.pick(escYoursMarks...) + w.list(hm[:1]) + v.pick(", so let's both do ours.", "; we do them together.")
				}
			}
		}
		where := v.pick("In my room", "Where I am", "My room has")
		if where == "My room has" {
			return "I can't see you from here. My room has " + w.list(x.Mechs) + "." + theirs + v.pick(" What's in yours?", ""), ""
		}
		return v.gen("{We're in different rooms|I can't see you}. "+where+" there's ") + w.list(x.Mechs) + "." + theirs, ""
	case escPropose:
		var parts []string
		for _, n := range x.Room {
			var holds, pulls []string
			for _, m := range x.Plan[n] {
				if m.plate() {
					holds = append(holds, escThe(m))
				} else {
					pulls = append(pulls, escThe(m))
				}
			}
			who := n
			if n == w.ctx().Name() {
				who = "I"
			} else if n == x.To {
				who = "you"
			}
			s := ""
			if len(holds) > 0 {
				s = who + v.pick(" stand on ", " hold ", " take ") + joinAnd(holds)
			}
			if len(pulls) > 0 {
				verb := " use "
				if len(holds) > 0 {
					s += " and"
					verb = v.pick(" then use ", " also use ")
				} else {
					s = who
				}
				s += verb + joinAnd(pulls)
				if len(w.r.holdersOf(x.Plan, n)) > 0 {
					s += v.pick(" when I say go", " once the plates are held", " on my go")
				}
			}
			if s != "" {
				parts = append(parts, s)
			}
		}
		return v.pick("Plan, "+x.To+", "+escPlanMark+": ", x.To+", here's "+escPlanMark+": ", "Okay "+x.To+", this is "+escPlanMark+": ") + joinAnd(parts) + ". " + v.pick("Everything has to be on at the same time.", "It all has to happen together.", "Timing matters here."), ""
	case escAck:
		if len(x.Mine) == 0 {
			return v.pick("Okay "+x.To+", I'll watch.", "Fine, nothing for me then."), ""
		}
		return v.pick("Got it, "+x.To+": "+escThe(x.Mine[0])+" is mine.", "Okay "+x.To+", I'll take "+escThe(x.Mine[0])+".", "Deal. "+capitalize(escThe(x.Mine[0]))+" it is."), ""
	case escAwaitPlan:
		return v.pick("Waiting for "+x.From+"'s plan.", "Let's hear what "+x.From+" wants.", "I'll let "+x.From+" call it."), ""
	case escStep:
		if x.Again {
			return v.pick("Back on the plate.", "Still shut, so I'm stepping back on "+escThe(x.M)+".", "I left too soon. Back on the plate."), ""
		}
		return v.gen("{Stepping onto|Standing on|On my way to} " + escThe(x.M) + "."), ""
	case escGo:
		return v.pick("I'm on my plate, go!", "Holding the plate. "+x.To+", go!", "On it now, go!", "Plate's down, go!"), ""
	case escAwaitGo:
		return v.pick("Waiting for "+x.From+"'s go.", "I'll wait until "+x.From+" is on the plate.", "Not yet, "+x.From+" isn't on the plate."), ""
	case escPull:
		switch {
		case x.Theirs:
			return v.pick("Pulling the lever.", "This lever."), ""
		case x.Early:
			return v.pick("I'll press it now.", "Pressing it."), ""
		case x.Again:
			return v.pick("Pressing "+escName(x.M.Name)+" again now that the plate is held.", "Again, in time with the plate this time."), ""
		}
		return v.gen("{Now|Right}, " + escName(x.M.Name) + "{| at " + x.M.at() + "}."), ""
	case escOwnUp:
		return v.pick("Oops, "+x.To+", I pulled yours, "+escThe(x.M)+". Leave it on, I'll do mine too.",
			x.To+", my mistake: that was yours at "+x.M.at()+". It's on now; don't pull it again."), ""
	case escReplace:
		return v.pick("I've got a gold block and there's a sign in the floor. Swapping them.", "The floor sign looks like where the gold block goes."),
			"Break the " + x.M.Name + " at " + x.M.at() + " and place a gold_block in its place."
	case escOnward:
		if x.Again {
			return v.pick("Trying the way on again.", "Let's see if it's open now."), ""
		}
		return v.pick("Let's see if the way on is open.", "Heading on along z.", "Trying the next room."), ""
	case escCant:
		return v.pick("I "+escCantMark+escThe(x.M)+" from here. "+x.To+", can you take it?", x.To+", I "+escCantMark+escThe(x.M)+"; it's yours."), ""
	case escPressed:
		return v.pick("I "+escPressedMark+x.M.Name+" at "+x.M.at()+", "+x.To+". Your lever now.", x.To+", I "+escPressedMark+x.M.Name+" at "+x.M.at()+"; pull the lever."), ""
	case escAwaitButton:
		return v.pick("The lever comes after the button; waiting.", "Waiting for the button first."), ""
	case escMoved:
		return v.pick(x.To+", "+escThe(x.M)+" "+escMovedMark+" somewhere else. Let's leave that plate alone.", "Whoa, "+escThe(x.M)+" just "+escMovedMark+", "+x.To+". Nobody stand on it."), ""
	case escOpen:
		return v.pick("The "+escOpenMark+", "+x.To+", come through!", x.To+", the "+escOpenMark+". You can leave the plate."), ""
	case escHold:
		return v.pick("Holding the plate.", "Staying on "+escThe(x.M)+".", "Still on the plate, waiting."), ""
	case escGather:
		return v.pick("A lever on its own; I'll stand next to it, in case it moves whoever is near.", "Standing next to "+escThe(x.M)+" with the others.", "Let's all be at the lever when it's pulled."), ""
	case escBy:
		return v.pick("I'm "+escByMark+" at "+x.M.at()+", "+x.To+". Pull it.", x.To+", I'm standing "+escByMark+" now; go ahead."), ""
	case escAwaitGather:
		return v.pick("Waiting until "+x.From+" is next to the lever.", "Not yet; "+x.From+" isn't "+escByMark+"."), ""
	case escStepOff:
		return v.pick("Let me see if the way out is open yet.", "Is it open? Let me look at the way out.", "Checking the door."), ""
	case escWaitWay:
		if x.Fails == 1 {
			return v.pick("Still shut. Something isn't on at the same time.", "No way through yet; the timing was off.", "Still closed. Let's try again together."), ""
		}
		return v.pick("Still closed, waiting a moment.", "Not open yet.", "Waiting for the others."), ""
	case escWhere:
		return v.pick("Where am I now?", "Did that move me?", "Let me check where I am."), ""
	}
	return "", ""
}

// holdersOf are the agents with a plate in the plan, other than n.
func (r *escaper) holdersOf(plan map[string][]escMech, n string) []string {
	var out []string
	for o, ms := range plan {
		for _, m := range ms {
			if m.plate() && o != n {
				out = append(out, o)
				break
			}
		}
	}
	return out
}
