package scripted

import (
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// narrate puts into words what led to a decision, from the call's own
// context: the teammate message that just came in, what the last command
// did, what the agent holds, where the task stands (the role's
// phrasebook says that). The clauses are composed (which ones, their
// order, the joins and the words vary with the call's seed) around the
// decision's own words, so the responses a model learns from say why, in
// varied language, and stay true to what the agent saw. It returns the
// response: the words, then the command.
func (k *call) narrate(v *voice, pb Phrasebook, intent string, a Act) string {
	w := &words{k: k, v: v}
	command := cmd(a.Name, a.Args...)
	head := ""
	if intent != "" {
		head = intent + " "
	}
	intent = strings.TrimSpace(intent)
	// A reply to a teammate opens with it; what the last command did and
	// what the agent holds go before or after the decision.
	news := w.newsClause(pb)
	var clauses []string
	if c := w.outputClause(); c != "" {
		clauses = append(clauses, c)
	}
	if news == "" && len(clauses) == 0 && !strings.ContainsAny(strings.TrimRight(intent, ".?! "), ".?!") {
		// Nothing came in and the decision says little: say where the
		// task stands, or what is at hand.
		c := pb.Progress()
		if c == "" || v.rng.IntN(3) == 0 {
			c = w.holdingClause()
		}
		if c != "" {
			clauses = append(clauses, c)
		}
	}
	if news == "" && len(clauses) == 0 {
		return v.vary(v.refer(head)) + command
	}
	text := sentence(news)
	var after string
	if len(clauses) > 0 {
		after = sentence(clauses[0])
		if text != "" && v.rng.IntN(2) == 0 {
			after = v.pick("Also, ", "And ") + strings.TrimRight(lowerFirst(clauses[0]), ".") + "."
		}
	}
	parts := []string{text, sentence(intent), after}
	if v.rng.IntN(2) == 0 {
		parts[1], parts[2] = parts[2], parts[1]
	}
	return v.vary(v.refer(strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), " "))) + " " + command
}

// newsClause reacts to the newest teammate message since the agent's last
// turn.
func (w *words) newsClause(pb Phrasebook) string {
	v, c := w.v, w.ctx()
	lastOwn := -1
	for i, t := range c.Turns() {
		if t.Role == "assistant" {
			lastOwn = i
		}
	}
	msgs := c.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.Turn <= lastOwn || m.ToOther {
			continue
		}
		from := m.From
		if staleOpener(c, m) {
			continue // the harness's opening, after the talk began: nothing to answer
		}
		switch {
		case m.Has(chat.DoneReport):
			return v.pick("Thanks for the items, "+from, from+" says everything they had is with me now", "Got everything from "+from+", thanks",
				from+" has handed over all they had", "that's all of "+from+"'s items in my inventory")
		case m.Has(chat.Offer) && !m.Has(chat.TakeRole):
			return v.pick(from+" told me what they hold", "Now I know what "+from+" has", "Thanks for the list, "+from, from+"'s items are counted now")
		case m.Any(chat.Recipes | chat.PlanRelay):
			return v.pick("Thanks for the recipe, "+from, from+" sent the steps I was missing", "Good, "+from+" shared how it's made", "with "+from+"'s recipe I know the steps now")
		case m.Any(chat.Collector | chat.TakeRole):
			return v.pick("Okay "+from+", that settles who collects", "Understood, "+from, "Fine by me, "+from, "Sounds good, "+from, from+" will collect, agreed")
		case m.Busy:
			return v.pick(from+" is busy talking to someone else", from+" can't talk right now")
		case m.Has(chat.Part):
			return pb.Nod(from)
		case m.Has(chat.Question):
			return v.pick(from+" asked me something", "I see "+from+"'s question", "Reading "+from+"'s question")
		default:
			if doing := w.doingClause(from, m); doing != "" {
				return v.pick("Noted: ", "Now ", "I see ", "So ", "Looks like ", "I notice ") + doing
			}
			return pb.Nod(from)
		}
	}
	return ""
}

// doingClause says what a teammate's message shows them doing: the
// command it ends with, as they wrote it ("" if none).
func (w *words) doingClause(from string, msg know.Message) string {
	v := w.v
	cmds := msg.Commands()
	if len(cmds) == 0 {
		return ""
	}
	m := cmds[0]
	args := unquote(m.Args)
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch m.Name {
	case "!collectBlocks":
		return v.gen(from + " {is gathering|is out collecting|went for|is picking} " + arg(0))
	case "!craftRecipe":
		return v.gen(from + " {is crafting|is making|is putting together} " + arg(0))
	case "!smeltItem":
		return v.gen(from + " {is smelting|is cooking|has the furnace going with} " + arg(0))
	case "!givePlayer":
		if arg(0) == w.ctx().Name() {
			return v.gen(from + " {is passing me|is sending me|is bringing me} " + arg(1))
		}
		return from + " is passing " + arg(1) + " to " + arg(0)
	case "!attack":
		return v.gen(from + " {is hunting|went after|is chasing} {a |}" + arg(0))
	case "!searchForBlock":
		return v.gen(from + " {is heading to|is looking for|is walking to} a " + stationName(arg(0)))
	case "!stay":
		return v.gen(from + " {is waiting|is standing by|is holding on|is idle for now}")
	case "!getCraftingPlan":
		return v.gen(from + " {is checking how to make|is looking up|is reading the recipe for} " + arg(0))
	}
	return ""
}

// outputClause says what the agent's last command did, if its output came
// since the agent's last turn.
func (w *words) outputClause() string {
	v := w.v
	a, ok := w.ctx().FreshOutput()
	if !ok {
		return ""
	}
	o := a.Output
	if c := w.placedClause(o); c != "" && v.rng.IntN(2) == 0 {
		return c
	}
	if item, n, ok := texts.ParseCrafted(o); ok {
		m := []string{"", item, itoa(n), item}
		return v.pick("The "+m[1]+" worked, so I have "+m[2]+" "+m[3]+" now", "Crafting went fine: "+m[2]+" "+m[3]+" in my inventory", "I now hold "+m[2]+" "+m[3],
			"crafted the "+m[1]+"; "+m[2]+" in my inventory now", "the "+m[1]+" is crafted ("+m[2]+" on me)")
	}
	if n, block, ok := texts.ParseCollected(o); ok {
		m := []string{"", itoa(n), block}
		if n == 0 {
			return v.pick("I found no "+m[2]+" to pick up", "That came back with 0 "+m[2])
		}
		return v.pick("I picked up "+m[1]+" "+m[2], "Got "+m[1]+" "+m[2]+" from the world", "That gave me "+m[1]+" "+m[2],
			"collecting worked: "+m[1]+" "+m[2], m[1]+" "+m[2]+" collected")
	}
	if in, n, out, ok := texts.ParseSmelted(o); ok {
		m := []string{"", in, itoa(n), out}
		station := "furnace"
		if b, _, ok := texts.ParseFound(o); ok {
			station = stationName(b)
		}
		return v.pick("The "+station+" turned my "+m[1]+" into "+m[2]+" "+m[3], "Smelting done: "+m[2]+" "+m[3],
			"the "+m[1]+" came out as "+m[2]+" "+m[3], "the "+m[1]+" is smelted: "+m[2]+" "+m[3])
	}
	if who, item, ok := texts.ParseReceived(o); ok {
		return v.pick(who+" has the "+item+" now", "The "+item+" reached "+who, "Handed the "+item+" to "+who)
	}
	if item, needs, ok := texts.ParseCannotCraft(o); ok {
		return v.pick("The game says the "+item+" needs "+needs, "So the "+item+" takes "+needs)
	}
	switch {
	case blueprints.IsCorrect(o):
		return v.pick("The check says the whole house matches", "Every level checks out")
	case blueprints.HasFixes(o):
		n := len(parseFixes(o))
		return v.pick("The check still lists "+plural(n, "cell")+" to fix", "The blueprint check flagged "+plural(n, "cell"), "Still "+plural(n, "cell")+" to repair, says the check")
	}
	if lv, ok := blueprints.ParseLevel(o); ok {
		// The build step says what the level holds for this builder; the
		// level's shape some of the time.
		if v.rng.IntN(3) == 0 {
			return shapeFact(v, lookAt(lv))
		}
		return ""
	}
	if texts.FoundNothing(o) {
		return v.pick("That search came up empty", "Nothing of that kind was nearby")
	}
	return ""
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

// staleOpener reports whether m is the task's opening message arriving
// after the agent and its sender had begun talking (MINDcraft's harness
// sends it for agent 0 whatever the agents said before): thanking for it
// or nodding to it would answer a message that asks nothing any more.
func staleOpener(c *know.Context, m know.Message) bool {
	if m.Kinds != 0 || !procgen.IsOpener(m.Text) {
		return false
	}
	if c.Memory() != "" {
		return true
	}
	for _, s := range c.Sent() {
		if s.To == m.From && s.Turn < m.Turn {
			return true
		}
	}
	for _, o := range c.Messages() {
		if o.From == m.From && o.Turn < m.Turn {
			return true
		}
	}
	return false
}
