package scripted

import (
	"fmt"

	"collabcraft/generate/scripted/chat"
	"collabcraft/mcdata"
)

// crafterWords say the crafter's intents.
type crafterWords struct{ words }

func (w *crafterWords) Words(i Intent) (string, string) { return w.say(i), "" }

func (w *crafterWords) say(i Intent) string {
	v, target := w.v, w.k.goal.Target
	switch f := i.Facts.(type) {
	case takeCrafting:
		why := w.roleReason() + v.pick("craft the "+target+". ", "make the "+target+". ", "do the crafting for the "+target+". ") +
			v.pick(chat.SendItemsCrafting...)
		if f.NoPlan {
			why += v.pick(chat.AskPlan...)
		}
		return why
	case lookUpPlan:
		return v.pick("Let me check the plan.", "Checking the crafting plan.")
	case sharePart:
		if f.Gather != "" {
			return v.pick(f.To+", could you craft the "+f.Item+" while I get the "+f.Gather+"? The plan says: ",
				"Nobody had the "+f.Gather+", so I'll go for it; meanwhile could you craft the "+f.Item+", "+f.To+"? Your step: ") +
				f.Step + ". " + v.pick("I'll send you what it takes; send the "+f.Item+" back when it's done.",
				"I'm handing you the ingredients, please give me the "+f.Item+" afterwards.")
		}
		return v.pick(f.To+", could you craft the "+f.Item+" while I make the "+f.Meanwhile+"? The plan says: ",
			"Let's split the work, "+f.To+": you craft the "+f.Item+", I do the "+f.Meanwhile+". Your step: ",
			"I hold everything now, "+f.To+"; two of us are faster. Could you take the "+f.Item+"? ") +
			f.Step + ". " + v.pick("I'll send you what it takes; send the "+f.Item+" back when it's done.",
			"I'm handing you the ingredients, please give me the "+f.Item+" afterwards.")
	case sendForPart:
		return v.pick("Here are the "+itoa(f.N)+" "+f.Item+" for the "+f.Part+", "+f.To+".",
			"Sending "+f.To+" "+itoa(f.N)+" "+f.Item+": that's what the "+f.Part+" takes.",
			f.To+" gets my "+itoa(f.N)+" "+f.Item+" to craft the "+f.Part+".")
	case tryCraft:
		return v.pick("Let me try crafting "+f.Item+".", "Trying "+f.Item+" to see what it needs.")
	case thankDone:
		d := f.From
		return v.pick("Thanks "+d+", got it all!", "Thanks, "+d+"!", "Got your items, "+d+", thanks.")
	case askForItems:
		return fmt.Sprintf(v.pick(chat.AskForItems...), f.To, "the "+target)
	case blazeFirst:
		return v.pick("First the "+f.Item+", so the blaze_rod doesn't end up as fuel.", "Crafting "+f.Item+" before I smelt anything.")
	case gather:
		return w.gatherWords(f)
	case stillMissing:
		return v.pick(chat.StillNeeds...) + itemList(f.Missing) + fmt.Sprintf(chat.StillNeedTail, target)
	case tableFromPlanks:
		return w.tableStep(v.pick("I need a crafting table, making one", "I'll craft a table of my own", "crafting a table first", "I'll turn 4 "+f.Planks+" into a crafting table"))
	case planksForTable:
		return w.tableStep(v.pick("turning a log into planks for a crafting table", "I'll make planks for a table", "the "+f.Log+" becomes planks, then a table"))
	case askForTable:
		return v.pick("Does anyone have a crafting_table? I need 1 for the "+target+".", "Can you give me 1 crafting_table? The "+target+" needs one.")
	case chopForTable:
		return w.tableStep(v.pick("no crafting table, so I'll chop some wood for one", "I'll get a log from a tree to make a crafting table"))
	case craftStep:
		sentence := w.craftStep(v.pick("crafting {item}", "now the {item}", "next step: {item}", "I'll craft {item}", "on to the {item}", "the {item} comes next"), f.Item, f.Plan)
		if f.Final {
			sentence = w.craftStep(v.pick("I have everything, crafting the {item} now!", "all set, making the {item}", "final step: the {item}", "time to finish the {item}", "the {item} itself is next"), target, f.Plan)
		}
		return sentence
	}
	s, _ := w.idleWords(i)
	return s
}

// gatherWords are getting items from the world: a log from a tree, an
// ore smelted, a block mined.
func (w *crafterWords) gatherWords(f gather) string {
	v := w.v
	switch {
	case f.Raw != "":
		return w.gatherStep(v.pick("smelting the "+f.Raw, "into the furnace with the "+f.Raw, "the furnace turns "+f.Raw+" into {item}"), f.Item, f.Count)
	case f.Block != "":
		return w.gatherStep(v.pick("I'll get the {item} myself", "I'll mine {n} "+f.Block+" myself", "going to collect "+f.Block+" for it", "time to find some "+f.Block), f.Item, f.Count)
	}
	return w.gatherStep(v.pick("I'll chop {item}", "getting {item} from a tree", "off to the trees for {n} {item}", "a tree will give me {item}"), f.Item, f.Count)
}

// craftStep is the crafter's next craft of item ({item} in intent), with
// what the item goes into or that the target is ready, and maybe what the
// crafter holds.
func (w *crafterWords) craftStep(intent, item string, plan *mcdata.Plan) string {
	v := w.v
	intent = fill(intent, item, 0)
	var reasons []string
	if item == plan.Target {
		reasons = append(reasons, v.pick(
			"every ingredient for the "+item+" is in my inventory",
			"nothing is missing any more",
			"the last ingredient is in",
			"the recipe's ingredients are all here",
		))
	} else {
		for _, st := range plan.Steps {
			if k := st.Recipe.Need(item) * st.Times; k > 0 {
				c := st.Recipe.Result
				reasons = append(reasons, v.pick(
					fmt.Sprintf("the %s takes %d %s", c, k, item),
					fmt.Sprintf("the %s goes into the %s", item, c),
					fmt.Sprintf("I need %d %s before the %s", k, item, c),
				))
				break
			}
		}
		n := len(plan.Steps)
		reasons = append(reasons, v.pick(
			fmt.Sprintf("the %s is %s away", plan.Target, plural(n, "craft")),
			fmt.Sprintf("%s to go for the %s", plural(n, "crafting step"), plan.Target),
		))
	}
	return v.compose(intent, reasons, w.holdingNote())
}

// gatherStep is getting n of item from the world for the crafting goal
// ({item} and {n} in intent).
func (w *crafterWords) gatherStep(intent, item string, n int) string {
	v := w.v
	intent = fill(intent, item, n)
	target := w.k.goal.Target
	var reasons []string
	if target != "" {
		reasons = append(reasons, v.pick(
			fmt.Sprintf("the %s still needs %d %s", target, n, item),
			fmt.Sprintf("%d %s %s missing for the %s", n, item, agree(n, "is", "are"), target),
		))
	}
	if helpersDone(w.ctx()) {
		reasons = append(reasons, v.pick(
			"nobody on the team had "+item,
			"my teammates gave me all they had and "+item+" wasn't in it",
		))
	}
	return v.compose(intent, reasons, w.holdingNote())
}

// tableStep is getting a crafting table for the target's plan.
func (w *crafterWords) tableStep(intent string) string {
	v := w.v
	var reasons []string
	if p, err := planOf(w.ctx(), w.k.goal.Target, w.k.goal.Count); err == nil {
		for _, st := range p.Steps {
			if st.Recipe.NeedsTable {
				reasons = append(reasons, v.pick(
					"the "+st.Recipe.Result+" can only be crafted at a table",
					"the "+st.Recipe.Result+" needs a crafting table",
				))
				break
			}
		}
	}
	if helpersDone(w.ctx()) {
		reasons = append(reasons, v.pick("nobody sent a crafting table", "no teammate had a crafting table"))
	}
	return v.compose(intent, reasons)
}

// Progress says what the target still needs, or how many crafts it is
// away.
func (w *crafterWords) Progress() string {
	v, target := w.v, w.k.goal.Target
	if target == "" {
		return ""
	}
	p, err := planOf(w.ctx(), target, w.k.goal.Count)
	switch {
	case err != nil || p.Base:
		return ""
	case len(p.Missing) > 0:
		need := itemList(ingredientMap(p.Missing))
		return v.pick("The "+target+" still needs "+need, "Still missing for the "+target+": "+need)
	case len(p.Steps) > 0:
		return v.pick("The "+target+" is "+plural(len(p.Steps), "craft")+" away", plural(len(p.Steps), "crafting step")+" to go for the "+target)
	}
	return ""
}
