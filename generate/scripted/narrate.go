package scripted

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/chat"
	"collabcraft/procgen"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// narrate puts into words what led to a decision, from the call's own
// context: the teammate message that just came in, what the last command
// did, what the agent holds, where the task stands. The clauses are
// composed (which ones, their order, the joins and the words vary with
// the call's seed) around the decision's own sentence, so the responses a
// model learns from say why, in varied language, and stay true to what
// the agent saw. Messages to teammates are language already and are left
// as they are.
func (s *state) narrate(r string) string {
	m, ok := command.Find(r)
	if !ok || m.Name == "!startConversation" || m.Name == "!endConversation" {
		return r
	}
	intent := strings.TrimSpace(r[:m.Start])
	rest := r[m.Start:]
	// A reply to a teammate opens with it; what the last command did and
	// what the agent holds go before or after the decision.
	news := s.newsClause()
	var clauses []string
	if c := s.outputClause(); c != "" {
		clauses = append(clauses, c)
	}
	if news == "" && len(clauses) == 0 && !strings.ContainsAny(strings.TrimRight(intent, ".?! "), ".?!") {
		// Nothing came in and the decision says little: say where the
		// task stands, or what is at hand.
		c := s.progressClause()
		if c == "" || s.rng.IntN(3) == 0 {
			c = s.holdingClause()
		}
		if c != "" {
			clauses = append(clauses, c)
		}
	}
	if news == "" && len(clauses) == 0 {
		return s.vary(s.refer(r[:m.Start])) + rest
	}
	text := sentence(news)
	var after string
	if len(clauses) > 0 {
		after = sentence(clauses[0])
		if text != "" && s.rng.IntN(2) == 0 {
			after = s.pick("Also, ", "And ") + strings.TrimRight(lowerFirst(clauses[0]), ".") + "."
		}
	}
	parts := []string{text, sentence(intent), after}
	if s.rng.IntN(2) == 0 {
		parts[1], parts[2] = parts[2], parts[1]
	}
	return s.vary(s.refer(strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), " "))) + " " + rest
}

// newsClause reacts to the newest teammate message since the agent's last
// turn.
func (s *state) newsClause() string {
	lastOwn := -1
	for i, t := range s.v.Turns {
		if t.Role == "assistant" {
			lastOwn = i
		}
	}
	for i := len(s.msgs) - 1; i >= 0; i-- {
		m := s.msgs[i]
		if m.Turn <= lastOwn || m.ToOther {
			continue
		}
		from := m.From
		switch {
		case m.Has(chat.DoneReport):
			return s.pick("Thanks for the items, "+from, from+" says everything they had is with me now", "Got everything from "+from+", thanks",
				from+" has handed over all they had", "that's all of "+from+"'s items in my inventory")
		case m.Has(chat.Offer) && !m.Has(chat.TakeRole):
			return s.pick(from+" told me what they hold", "Now I know what "+from+" has", "Thanks for the list, "+from, from+"'s items are counted now")
		case m.Any(chat.Recipes | chat.PlanRelay):
			return s.pick("Thanks for the recipe, "+from, from+" sent the steps I was missing", "Good, "+from+" shared how it's made", "with "+from+"'s recipe I know the steps now")
		case m.Any(chat.Collector | chat.TakeRole):
			return s.pick("Okay "+from+", that settles who collects", "Understood, "+from, "Fine by me, "+from, "Sounds good, "+from, from+" will collect, agreed")
		case m.Busy:
			return s.pick(from+" is busy talking to someone else", from+" can't talk right now")
		case m.Has(chat.Question):
			return s.pick(from+" asked me something", "I see "+from+"'s question", "Reading "+from+"'s question")
		default:
			if doing := s.doingClause(from, m.Text); doing != "" {
				return s.pick("Noted: ", "Now ", "I see ", "So ", "Looks like ", "I notice ") + doing
			}
			if k, _ := procgen.KindOfType(s.v.TaskType); k == procgen.Construction {
				// In a conversation every reply of the partner arrives
				// here; a bare nod to each says nothing.
				return ""
			}
			return s.pick("Noted, "+from, "Okay, "+from, "Thanks, "+from, "Heard you, "+from)
		}
	}
	return ""
}

// doingClause says what a teammate's message shows them doing: the
// command it ends with, as they wrote it ("" if none).
func (s *state) doingClause(from, text string) string {
	m, ok := command.Find(text)
	if !ok {
		return ""
	}
	args := unquote(m.Args)
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch m.Name {
	case "!collectBlocks":
		return s.gen(from + " {is gathering|is out collecting|went for|is picking} " + arg(0))
	case "!craftRecipe":
		return s.gen(from + " {is crafting|is making|is putting together} " + arg(0))
	case "!smeltItem":
		return s.gen(from + " {is smelting|is cooking|has the furnace going with} " + arg(0))
	case "!givePlayer":
		if arg(0) == s.v.Name {
			return s.gen(from + " {is passing me|is sending me|is bringing me} " + arg(1))
		}
		return from + " is passing " + arg(1) + " to " + arg(0)
	case "!attack":
		return s.gen(from + " {is hunting|went after|is chasing} {a |}" + arg(0))
	case "!searchForBlock":
		return s.gen(from + " {is heading to|is looking for|is walking to} a " + stationName(arg(0)))
	case "!stay":
		return s.gen(from + " {is waiting|is standing by|is holding on|is idle for now}")
	case "!getCraftingPlan":
		return s.gen(from + " {is checking how to make|is looking up|is reading the recipe for} " + arg(0))
	}
	return ""
}

// outputClause says what the agent's last command did, if its output came
// since the agent's last turn.
func (s *state) outputClause() string {
	a, ok := s.freshOutput()
	if !ok {
		return ""
	}
	o := a.Output
	if c := s.placedClause(o); c != "" && s.rng.IntN(2) == 0 {
		return c
	}
	if item, n, ok := texts.ParseCrafted(o); ok {
		m := []string{"", item, itoa(n), item}
		return s.pick("The "+m[1]+" worked, so I have "+m[2]+" "+m[3]+" now", "Crafting went fine: "+m[2]+" "+m[3]+" in my inventory", "I now hold "+m[2]+" "+m[3],
			"crafted the "+m[1]+"; "+m[2]+" in my inventory now", "the "+m[1]+" is crafted ("+m[2]+" on me)")
	}
	if n, block, ok := texts.ParseCollected(o); ok {
		m := []string{"", itoa(n), block}
		if n == 0 {
			return s.pick("I found no "+m[2]+" to pick up", "That came back with 0 "+m[2])
		}
		return s.pick("I picked up "+m[1]+" "+m[2], "Got "+m[1]+" "+m[2]+" from the world", "That gave me "+m[1]+" "+m[2],
			"collecting worked: "+m[1]+" "+m[2], m[1]+" "+m[2]+" collected")
	}
	if in, n, out, ok := texts.ParseSmelted(o); ok {
		m := []string{"", in, itoa(n), out}
		station := "furnace"
		if b, _, ok := texts.ParseFound(o); ok {
			station = stationName(b)
		}
		return s.pick("The "+station+" turned my "+m[1]+" into "+m[2]+" "+m[3], "Smelting done: "+m[2]+" "+m[3],
			"the "+m[1]+" came out as "+m[2]+" "+m[3], "the "+m[1]+" is smelted: "+m[2]+" "+m[3])
	}
	if who, item, ok := texts.ParseReceived(o); ok {
		return s.pick(who+" has the "+item+" now", "The "+item+" reached "+who, "Handed the "+item+" to "+who)
	}
	if item, needs, ok := texts.ParseCannotCraft(o); ok {
		return s.pick("The game says the "+item+" needs "+needs, "So the "+item+" takes "+needs)
	}
	switch {
	case blueprints.IsCorrect(o):
		return s.pick("The check says the whole house matches", "Every level checks out")
	case blueprints.HasFixes(o):
		n := len(parseFixes(o))
		return s.pick("The check still lists "+plural(n, "cell")+" to fix", "The blueprint check flagged "+plural(n, "cell"), "Still "+plural(n, "cell")+" to repair, says the check")
	}
	if lv, ok := blueprints.ParseLevel(o); ok {
		// The build step says what the level holds for this builder; the
		// level's shape some of the time.
		if s.rng.IntN(3) == 0 {
			return s.shapeFact(lookAt(lv))
		}
		return ""
	}
	if texts.FoundNothing(o) {
		return s.pick("That search came up empty", "Nothing of that kind was nearby")
	}
	return ""
}

// progressClause says where the agent's part of the task stands, from
// what it holds and public recipe knowledge: the crafter's steps or
// missing items, the cook's dishes still to make, the builder's levels.
func (s *state) progressClause() string {
	switch k, _ := procgen.KindOfType(s.v.TaskType); k {
	case procgen.Crafting:
		target, n := s.craftGoal()
		if target == "" || !s.isLeader() {
			return ""
		}
		p, err := newPlan(s.inv, target, n)
		switch {
		case err != nil || p.Base:
			return ""
		case len(p.Missing) > 0:
			need := itemList(ingredientMap(p.Missing))
			return s.pick("The "+target+" still needs "+need, "Still missing for the "+target+": "+need)
		case len(p.Steps) > 0:
			return s.pick("The "+target+" is "+plural(len(p.Steps), "craft")+" away", plural(len(p.Steps), "crafting step")+" to go for the "+target)
		}
	case procgen.Cooking:
		if d := s.myDish(); d != "" {
			return s.pick("The "+d+" is my part", "I'm making the "+d)
		}
		if !s.isLeader() && !s.hellsKitchen() {
			return ""
		}
		ds, left, done := s.meal()
		if len(left) == 0 || len(ds) < 2 {
			return ""
		}
		return s.pick("Still to make: "+joinAnd(left), itoa(len(done))+" of the "+itoa(len(ds))+" dishes "+agree(len(done), "is", "are")+" ready")
	case procgen.Construction:
		if n := s.levelCount(); n > 0 {
			placed := len(s.placedLevels())
			return s.pick(fmt.Sprintf("%d of the %d levels %s my blocks", placed, n, agree(placed, "has", "have")), fmt.Sprintf("my part is in on %s of %d", plural(placed, "level"), n))
		}
	}
	return ""
}

// holdingClause says what the agent holds, its largest stacks first.
func (s *state) holdingClause() string {
	type stack struct {
		item string
		n    int
	}
	var st []stack
	for it, n := range s.inv {
		if n > 0 && it != "dirt" && !strings.HasSuffix(it, "_pickaxe") {
			st = append(st, stack{it, n})
		}
	}
	if len(st) == 0 {
		return ""
	}
	sort.Slice(st, func(i, j int) bool { return st[i].n > st[j].n || st[i].n == st[j].n && st[i].item < st[j].item })
	if len(st) > 3 {
		st = st[:3]
	}
	parts := make([]string, len(st))
	for i, x := range st {
		parts[i] = itoa(x.n) + " " + x.item
	}
	list := joinAnd(parts)
	return s.pick("I'm holding "+list, "My inventory has "+list, "I've got "+list+" on me", "Right now I carry "+list)
}

// sentence ends a clause with a full stop and starts it with a capital.
func sentence(c string) string {
	c = strings.TrimSpace(c)
	if c == "" {
		return c
	}
	c = upperFirst(c)
	switch c[len(c)-1] {
	case '.', '!', '?', ':':
		return c
	}
	return c + "."
}

func lowerFirst(c string) string {
	first, _, _ := strings.Cut(c, " ")
	first = strings.TrimRight(first, ",.:;!?")
	if c == "" || strings.Contains(first, "_") || first == "I" || strings.HasPrefix(first, "I'") {
		return c // a name, an item or "I" keeps its case
	}
	return strings.ToLower(c[:1]) + c[1:]
}
