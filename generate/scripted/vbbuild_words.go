package scripted

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
)

// vbWords are the VillagerBench builders' words: the split, the chest,
// the build and the report, said from the blueprint's lines in the goal
// and what the commands answered.
type vbWords struct {
	words
	r *vbBuilder
}

func (w *vbWords) Words(i Intent) (string, string) {
	v := w.v
	switch x := i.Facts.(type) {
	case vbPropose:
		var parts []string
		for j, n := range x.Team {
			s := x.Shares[n]
			if len(s.cells) == 0 {
				parts = append(parts, n+" "+v.pick("has nothing to place", "keeps watch", "stands by"))
				continue
			}
			verb := " takes "
			if j > 0 && v.rng.IntN(2) == 0 {
				verb = " "
			}
			parts = append(parts, n+verb+s.where+" ("+vbItemsText(s)+")")
		}
		return fmt.Sprintf(v.pick(chat.SplitProposals...), x.Scheme, joinAnd(parts)), ""
	case vbAck:
		if len(x.Share.cells) == 0 {
			return v.pick("Fine, "+x.From+", nothing for me to place then.", "Okay "+x.From+", I'll stand by."), ""
		}
		return v.pick("Okay "+x.From+", I'll build "+x.Share.where+": "+vbItemsText(x.Share)+".",
			"Sounds good, "+x.From+". "+capitalize(x.Share.where)+" is mine.",
			"Got it, "+x.From+", "+x.Share.where+" it is.",
			"Deal, "+x.From+". I'll take "+vbItemsText(x.Share)+" for "+x.Share.where+"."), ""
	case vbAwait:
		return v.pick("Waiting for "+x.From+"'s plan.", "Let's hear how "+x.From+" wants to split it.", "I'll wait for "+x.From+" to split the work."), ""
	case vbLook:
		return w.why(v.gen("{Let me see|Checking|First, let me check|Time to look at} what's in the chest")), ""
	case vbTake:
		if x.Item == "dirt" && w.r.shares[w.ctx().Name()].dirt == x.Count {
			return v.pick("And "+itoa(x.Count)+" dirt for scaffolding.", "Some dirt to stand blocks on: "+itoa(x.Count)+".", "Taking "+itoa(x.Count)+" dirt in case something floats."), ""
		}
		return w.why(v.gen("{Taking|Grabbing|I need|Getting} " + itoa(x.Count) + " " + x.Item + "{| from the chest}")), ""
	case vbBuild:
		s := x.Share
		if x.Again {
			return v.pick("Some blocks are still missing; another go.", "Not all in yet. Trying the rest.", "A few blocks didn't go in, once more."),
				v.pick("Place the blocks of my share ("+s.where+") that are still missing.", "Finish my share of the blueprint, "+s.where+": place whatever is not there yet.")
		}
		return v.pick("Building my share now.", "Everything's here, starting on "+s.where+".", "Time to build "+s.where+".", "On to the building."),
			v.pick("Place my share of the blueprint, "+s.where+", "+plural(len(s.cells), "block")+", lowest layer first, turning stairs and torches with placeOn.",
				"Build "+s.where+" of the blueprint ("+plural(len(s.cells), "block")+") from the ground up, each block facing as the blueprint says.")
	case vbDone:
		if x.Missing > 0 {
			return v.pick(x.To+", that's my share, but "+plural(x.Missing, "block")+" would not go in.", "That's my share done as far as I can, "+x.To+"; "+plural(x.Missing, "block")+" still missing."), ""
		}
		return v.pick(x.To+", "+w.r.shares[w.ctx().Name()].where+" is built: that's my share.", "That's my share done, "+x.To+".", x.To+", all my blocks are in. That was my share."), ""
	case vbTidy:
		return v.pick("Every share is in, yet the build isn't judged done: something else must stand in the house's box. Clearing it.",
				"All our blocks are placed but it's not finished, so something that isn't the house is in its way. Let me clear the box.",
				"The blueprint's all in, still not done. I'll clear out anything in the house's box that doesn't belong."),
			v.pick(vbTidyTasks...)
	case vbWaitRun:
		return v.pick(plural(x.Missing, "block")+" of mine still need a teammate's blocks under them; waiting a bit.", "Some of my blocks have nothing to stand on yet. Giving the others a moment.", "Waiting for the blocks mine rest on."), ""
	case idle:
		return v.pick("My share's in, waiting for the others.", "Done here; waiting.", "Nothing left for me, standing by."), ""
	}
	return "", ""
}

// vbTidyTasks are the first builder's !newAction texts for the program
// that clears the house's box, which the coding call reads back.
var vbTidyTasks = []string{
	"Clear everything inside the house's box that is not part of the blueprint, top down.",
	"Break every block in the house's bounding box that the blueprint leaves empty.",
}

// vbItemsText is a share's items and dirt: "6 oak_planks, 8 stone and 4
// dirt".
func vbItemsText(s vbShare) string {
	var parts []string
	for _, it := range slices.Sorted(maps.Keys(s.items)) {
		parts = append(parts, itoa(s.items[it])+" "+it)
	}
	return joinAnd(parts)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// why says a chest step with what it is for, from the call's context: the
// agent's share of the blueprint and its items, and the goal.
func (w *vbWords) why(intent string) string {
	v := w.v
	s, ok := w.r.shares[w.ctx().Name()]
	var reasons, notes []string
	if ok && len(s.cells) > 0 {
		reasons = append(reasons, v.gen("{my share is|I'm building|I build} "+s.where),
			v.gen(s.where+" {is mine|is my share|is my part of the blueprint}"))
		notes = append(notes, v.gen("{My share takes|For my share I need|That's for} "+vbItemsText(s)),
			v.gen(plural(len(s.cells), "block")+" {to place|are mine|for me to place}"))
	}
	return v.compose(intent, reasons, v.pickOne(notes))
}
