package scripted

import (
	"fmt"
	"strings"

	"collabcraft/generate/scripted/chat"
)

// farmWords are the farm roles' words: the looks, the split, each step
// along a supply chain, the hand-over and the cooking, said from what the
// call's context shows (the chest's items, the blocks and animals seen).
type farmWords struct {
	words
	f    *farmFacts
	cook bool
}

func (w *farmWords) Words(i Intent) (string, string) {
	v, f := w.v, w.f
	dish := "the " + f.dish
	switch x := i.Facts.(type) {
	case farmLook:
		switch x.What {
		case "recipe":
			return w.why(v.pick("Let me see what goes into "+dish+".", "First, how is "+dish+" made?", "Looking up "+dish+"'s recipe.", "What does "+dish+" take? Let me check.")), ""
		case "chest":
			return w.look("{Let me see|Let me check|Time to look at|First, a look at|Checking} what's in the chest", "{I'm|I am} after", ""), ""
		case "blocks":
			return w.look("{Let me see|Checking|A look at|Time to see} what's {growing|around} {here|nearby|on the farm}", "I'm looking for", "the farm may grow"), ""
		default:
			return w.look("{Any animals around?|Let me see which animals are here.|Checking for animals.|Are there cows or rabbits nearby?}", "I'm after", "the animals may give"), ""
		}
	case givePart:
		msg := fmt.Sprintf(v.pick(chat.PartAsks...), x.To, chat.PartItems(x.Part), dish)
		var notes []string
		if h := w.howHint(x.Part); h != "" {
			notes = append(notes, h)
		}
		if len(x.Mine) > 0 {
			mine := w.wantNames(x.Mine)
			notes = append(notes, v.pick("I'll get "+mine+" myself.", "I'm getting "+mine+".", "Leave "+mine+" to me."))
		}
		return msg + " " + strings.Join(notes, " "), ""
	case farmWork:
		return w.why(w.stepWords(x.Step)), ""
	case farmFind:
		switch x.Step {
		case 0:
			return v.pick("Coal ore needs a pickaxe. Heading to the ore to look for one.", "I'll need a pickaxe for the coal; going over to the ore, there may be tools nearby.", "No pickaxe on me, so to the coal ore first and look for one there."), ""
		case 1:
			return v.pick("Still short of the ore, climbing over to it.", "Getting right up to the ore.", "Closer to the ore first."), ""
		}
		return v.pick("There should be a chest by the ore, maybe with a pickaxe.", "Let me check the chest here for a pickaxe.", "Looking in the nearest chest for tools."), ""
	case farmBack:
		return v.pick("Wrong chest, this one has the tools. Back to the other one.", "That's the tool chest; heading back to the first chest.", "Not in this chest. Going back to the one by the start."), ""
	case farmAck:
		return w.why(v.pick("Got it, "+x.Cook+": "+chat.PartItems(x.Part)+" coming up.", "Sure, "+x.Cook+", I'll bring "+chat.PartItems(x.Part)+".", "On it, "+x.Cook+". I'll tell you when it's done.", "Okay "+x.Cook+", leave it to me.")), ""
	case farmGive:
		if x.Last != nil {
			return fmt.Sprintf(v.pick(chat.PartDones...), x.To, chat.PartItems(x.Last)), ""
		}
		return v.pick("Here you go, "+x.To+": "+itoa(x.W.Count)+" "+x.W.Item+".", "Handing "+x.To+" the "+x.W.Item+".", "Passing "+itoa(x.W.Count)+" "+x.W.Item+" to "+x.To+".", "Sending the "+x.W.Item+" over, "+x.To+"."), ""
	case farmReport:
		msg := fmt.Sprintf(v.pick(chat.PartDones...), x.To, chat.PartItems(x.Part))
		if missing := w.missing(x.Part); missing != "" {
			msg += " " + v.pick("I couldn't get "+missing+", sorry.", "No luck with "+missing+" though.")
		}
		return msg, ""
	case farmCooking:
		if x.Smelt {
			return v.pick("Cooking "+dish+" now.", "Into the furnace it goes.", "Everything's here, smelting "+dish+"."), ""
		}
		return w.why(v.pick("Everything's here, making "+dish+".", "We have it all. Crafting "+dish+"!", "That's every ingredient, so "+dish+" it is.", "All set, putting "+dish+" together.")), ""
	case farmWait:
		if len(x.For) > 0 {
			return v.pick("Waiting for "+joinAnd(x.For)+".", "My part's ready; now "+joinAnd(x.For)+".", "Waiting on "+joinAnd(x.For)+"'s part.", "Still waiting for "+joinAnd(x.For)+"."), ""
		}
		return v.pick("Waiting a moment.", "Give it a moment."), ""
	case farmAwait:
		return w.why(v.pick("I'll wait for "+x.Cook+"'s plan.", "Waiting to hear what "+x.Cook+" needs from me.", "Ready when you are, "+x.Cook+".")), ""
	case farmDone:
		return v.pick(strings.ToUpper(dish[4:5])+dish[5:]+" is done!", "Done, I have "+dish+".", dish[4:]+" is ready."), ""
	case idle:
		return w.why(v.pick("My part is done; I'll wait here.", "All handed over. Waiting.", "Nothing left for me, waiting here.")), ""
	}
	return "", ""
}

// stepWords say a step along an item's chain, with what it is for.
func (w *farmWords) stepWords(st farmStep) string {
	v := w.v
	arg := func(i int) string {
		if i < len(st.Args) {
			return fmt.Sprint(st.Args[i])
		}
		return ""
	}
	switch st.How {
	case "take":
		return v.pick("Taking "+arg(1)+" "+arg(0)+" from the chest.", "Grabbing the "+arg(0)+" from the chest.", "The chest has "+arg(0)+"; taking "+arg(1)+".")
	case "tool":
		return v.pick("Grabbing the "+arg(0)+" first.", "I'll take the "+arg(0)+", it makes this easier.", "Taking the "+arg(0)+" from the chest.")
	case "milk":
		return v.pick("Milking a cow.", "Bucket on the cow.", "Getting milk from the cows.", "Off to milk a cow.")
	case "collect":
		switch arg(0) {
		case "coal_ore":
			return v.pick("Mining coal.", "Digging "+arg(1)+" coal ore.", "Now the coal.")
		case "hay_block":
			return v.pick("Taking a hay bale; it crafts into wheat.", "Breaking a hay block for wheat.", "Hay first, wheat from it after.")
		}
		if strings.HasSuffix(arg(0), "_log") {
			return v.pick("Chopping a log for the bowl.", "I need wood for the bowl, chopping "+arg(0)+".", "A log first, planks from it.")
		}
		return v.pick("Harvesting "+arg(1)+" "+arg(0)+".", "Picking "+arg(1)+" "+arg(0)+" from the farm.", "Collecting "+arg(0)+".", "Off to the farm for "+arg(0)+".")
	case "craft":
		return v.pick("Crafting "+arg(0)+".", "Now "+arg(1)+" "+arg(0)+" from what I have.", "Making the "+arg(0)+".", "Turning that into "+arg(0)+".")
	case "smelt":
		return v.pick("Smelting the "+arg(0)+".", "Cooking the "+arg(0)+" in the furnace.", "Into the furnace with the "+arg(0)+".")
	case "hunt":
		return v.pick("Going after a "+arg(0)+".", "Hunting a "+arg(0)+".", "Chasing down a "+arg(0)+".", "One "+arg(0)+", coming up.")
	}
	return ""
}

// howHint is where a part's items come from, as the call's context shows:
// the chest's items, the farm, the animals.
func (w *farmWords) howHint(part []chat.Want) string {
	f, v := w.f, w.v
	for _, p := range part {
		switch {
		case p.Item == "milk_bucket" && f.chestHas("bucket"):
			return v.pick("The buckets are in the chest and there are cows here.", "Buckets are in the chest; the cows are in the pasture.")
		case p.Item == "milk_bucket" && f.chestHas("iron_ingot"):
			return v.pick("The chest has iron for buckets, and there are cows.", "Buckets from the iron in the chest, then milk the cows.")
		case p.Item == "coal" && f.seen["coal_ore"]:
			return v.pick("There's coal ore around; it needs a pickaxe.", "Coal ore is nearby, you'll want a pickaxe.")
		case (p.Item == "rabbit" || p.Item == "beef") && !f.chestHas(p.Item):
			return v.pick("The animals are in the pasture.", "There's a pasture with animals nearby.")
		case p.Item == "wheat" && f.seen["hay_block"] && !f.chestHas("wheat"):
			return v.pick("Hay bales craft into wheat.", "A hay block gives nine wheat.")
		case p.Item == "sugar" && !f.chestHas("sugar"):
			return v.pick("Sugar comes from the sugar cane.", "Sugar cane makes the sugar.")
		}
	}
	return ""
}

// wantNames are items by name: "the egg and the wheat".
func (w *farmWords) wantNames(ws []chat.Want) string {
	s := make([]string, len(ws))
	for i, x := range ws {
		s[i] = "the " + x.Item
	}
	return joinAnd(s)
}

// missing are the part's items the farmhand neither holds nor gave.
func (w *farmWords) missing(part []chat.Want) string {
	var s []string
	for _, p := range part {
		if w.f.gaveCounted[p.Item] == 0 && w.ctx().Count(p.Item) < p.Count {
			s = append(s, p.Item)
		}
	}
	if len(s) == 0 {
		return ""
	}
	return joinAnd(s)
}

// Progress says how far the agent's part is.
func (w *farmWords) Progress() string {
	c := w.ctx()
	part := w.f.parts[c.Name()]
	if len(part) == 0 {
		return ""
	}
	have := 0
	for _, p := range part {
		if c.Count(p.Item) >= p.Count || w.f.gaveCounted[p.Item] != 0 {
			have++
		}
	}
	if have == 0 {
		return ""
	}
	return w.v.pick(itoa(have)+" of my "+itoa(len(part))+" items ready", "I have "+itoa(have)+" of the "+itoa(len(part)))
}

// Nod answers a teammate's message: a part given is acknowledged.
func (w *farmWords) Nod(from string) string {
	msgs := w.ctx().Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.From != from {
			continue
		}
		switch {
		case m.Has(chat.Part):
			return w.v.pick("Got it, "+from+": "+chat.PartItems(m.Part)+" coming up", "Sure, "+from+", I'll bring "+chat.PartItems(m.Part), "On it, "+from)
		case m.Has(chat.PartDone):
			return w.v.pick("Thanks, "+from, "Got your part, "+from, "Thanks "+from+", that helps")
		}
		break
	}
	return nod(w.v, from)
}

// look says a look around (the chest, the blocks, the animals) with why,
// from the call's context: the agent's part or the dish's recipe, what the
// chest lacks.
func (w *farmWords) look(intent, after, may string) string {
	v, f := w.v, w.f
	reasons := w.reasons(after)
	if want := w.want(); f.chestSeen && may != "" {
		var lack []string
		for _, x := range want {
			if !f.chestHas(x.Item) {
				lack = append(lack, x.Item)
			}
		}
		if len(lack) > 0 {
			reasons = append(reasons, "the chest has no "+joinAnd(lack)+", and "+may+" "+joinAnd(lack))
		}
	}
	return v.compose(v.gen(intent), []string{v.gen(v.pickOne(reasons))}, v.gen(v.pickOne(w.notes())))
}

// why says a step with one reason for it and maybe a note, both from the
// call's context (the dish, the agent's part or the recipe, the cook,
// how far the part is).
func (w *farmWords) why(intent string) string {
	v := w.v
	return v.compose(intent, []string{v.gen(v.pickOne(w.reasons("{I'm|I am} after")))}, v.gen(v.maybe(v.pickOne(w.notes()))))
}

// want is the agent's part, or the dish's recipe while it has none.
func (w *farmWords) want() []chat.Want {
	if p := w.f.parts[w.ctx().Name()]; len(p) > 0 {
		return p
	}
	return w.f.recipe
}

// reasons are why the agent works: the dish, and what it is after.
func (w *farmWords) reasons(after string) []string {
	dish := "the " + w.f.dish
	rs := []string{"{we're making|the team is making|our goal is|we need} " + dish}
	if want := w.want(); len(want) > 0 {
		rs = append(rs, after+" "+chat.PartItems(want)+" for "+dish)
	}
	if p := w.f.parts[w.ctx().Name()]; len(p) > 0 {
		rs = append(rs, "my part of "+dish+" is "+chat.PartItems(p))
	}
	if len(w.f.recipe) > 0 {
		rs = append(rs, dish+" {takes|needs} "+chat.PartItems(w.f.recipe))
	}
	return rs
}

// notes are facts beside the point: who cooks, how far the part is, who
// the teammates are.
func (w *farmWords) notes() []string {
	f, c := w.f, w.ctx()
	var ns []string
	if !w.cook && f.cook != "" {
		ns = append(ns, f.cook+" {cooks|is cooking|makes} the "+f.dish)
	}
	if o := c.Others(); len(o) > 0 {
		ns = append(ns, joinAnd(o)+" and I {are on this|work on it together|are a team here}")
	}
	return append(ns, w.Progress())
}
