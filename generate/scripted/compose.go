package scripted

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// compose puts an intent into words with what led to it. The reasons
// and notes come from the call's own context: one reason may join the
// intent ("X, so Y", "Since X, Y", "Y. X."), and one note (a fact beside
// the point: where a level starts, what the agent holds) may follow. Which
// are said, their order and the joins come from the call's seed, so a
// routine step (waiting, reading a level, checking the house) says why in
// words that change with the state of the task.
func (s *state) compose(intent string, reasons []string, notes ...string) string {
	pickOne := func(fs []string) string {
		var in []string
		for _, f := range fs {
			if f != "" {
				in = append(in, f)
			}
		}
		if len(in) == 0 {
			return ""
		}
		return in[s.rng.IntN(len(in))]
	}
	reason, note := pickOne(reasons), pickOne(notes)
	tail := ""
	if note != "" {
		tail = " " + sentence(note)
	}
	if reason == "" {
		return sentence(intent) + tail
	}
	clause := func(c string) string { return strings.TrimRight(strings.TrimSpace(c), ".") }
	// A question, an exclamation or two clauses stand on their own; so
	// does a reason of two clauses ("... did not go in, I'll fix it").
	alone := strings.HasSuffix(intent, "?") || strings.ContainsAny(intent, "!;") || strings.Contains(intent, ". ") ||
		strings.Contains(reason, ";") || strings.Contains(reason, ", I'll")
	switch s.rng.IntN(4) {
	case 0:
		return sentence(reason) + " " + sentence(intent) + tail
	case 1:
		if !alone {
			return sentence(clause(reason)+", so "+lowerFirst(clause(intent))) + tail
		}
	case 2:
		if !alone {
			return sentence("Since "+lowerFirst(clause(reason))+", "+lowerFirst(clause(intent))) + tail
		}
	}
	return sentence(intent) + " " + sentence(reason) + tail
}

// addNote ends a message with one of the notes (facts from the call's
// context beside its point) two times in three.
func (s *state) addNote(msg string, notes ...string) string {
	var in []string
	for _, n := range notes {
		if n != "" {
			in = append(in, n)
		}
	}
	if len(in) == 0 || s.rng.IntN(3) == 0 {
		return msg
	}
	return strings.TrimSpace(msg) + " " + sentence(in[s.rng.IntN(len(in))])
}

// holdingNote is maybe what the agent holds, unless the last command's
// output is fresh: narrate says what it did, holdings included.
func (s *state) holdingNote() string {
	if _, ok := s.freshOutput(); ok {
		return ""
	}
	return s.maybe(s.holdingClause())
}

// maybe is f one time in two: a fact worth saying, not every time.
func (s *state) maybe(f string) string {
	if s.rng.IntN(2) == 0 {
		return ""
	}
	return f
}

// plural is "1 cell" or "n cells".
func plural(n int, word string) string { return itoa(n) + " " + agree(n, word, word+"s") }

// agree is the verb form for n subjects: agree(1, "has", "have") is
// "has".
func agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// fill puts item and n in an intent's {item} and {n}.
func fill(intent, item string, n int) string {
	return strings.NewReplacer("{item}", item, "{n}", itoa(n)).Replace(intent)
}

// --- cooking ---------------------------------------------------------

// cookStep is one step of making a dish (s.dish): the action's words
// ({item} and {n} filled in) with why the dish needs the item, and maybe
// where the meal stands or where the step goes (where: a place from the
// context, or "").
func (s *state) cookStep(intent, item string, n int, where string) string {
	intent = fill(intent, item, n)
	var reasons []string
	if d := s.dish; d != "" && d != item {
		reasons = append(reasons, s.pick(
			s.gen(fmt.Sprintf("the %s {still needs|is short of|lacks} %d %s", d, n, item)),
			fmt.Sprintf("%d %s %s into the %s", n, item, agree(n, "goes", "go"), d),
			fmt.Sprintf("there is no %s without %s", d, item),
			s.gen(fmt.Sprintf("the %s is {waiting on|held up by|stuck without} %s", d, item)),
			s.gen(fmt.Sprintf("the %s is the next dish, and it {takes|calls for|uses} %s", d, item)),
			fmt.Sprintf("%s is what the %s is missing", item, d),
			fmt.Sprintf("I can't make the %s until I have %s", d, item),
		))
	} else if d != "" {
		reasons = append(reasons, s.pick(
			s.gen("the "+d+" is {next on the list|the next dish|what I make next}"),
			s.gen("everything for the "+d+" is {here|in my inventory|at hand}"),
			s.gen("the "+d+" only needs {this last step|one more step|to be made now}"),
			"I have what the "+d+" takes",
			"nothing is missing for the "+d,
		))
	}
	if f := s.dishNeeds(item); f != "" && s.rng.IntN(4) == 0 {
		reasons = []string{f}
	}
	note := s.mealNote()
	if l := s.leader(); l != "" && !s.isLeader() && s.dish != "" {
		note = s.pick(l+" gets the "+s.dish+" when it's done", "the "+s.dish+" is my part of the meal, for "+l)
	}
	return s.compose(intent, reasons, s.maybe(note), where)
}

// dishNeeds is what the dish in the making (s.dish) takes, from its
// recipe, and how much of it the cook holds: "the cake takes 3
// milk_bucket, 2 sugar, 1 egg and 3 wheat; I have the 1 egg". step is the
// item the step gets; when that is an ingredient yet the cook holds every
// one, what it holds is kept for another dish and "I have it all" would
// be untrue, so nothing is said.
func (s *state) dishNeeds(step string) string {
	d := s.dish
	var needs []mcdata.Ingredient
	if raw, ok := cooked[d]; ok {
		needs = []mcdata.Ingredient{{Item: raw, Count: 1}}
	} else if rec, ok := s.cookRecipe(d); ok {
		needs = rec.Ingredients
	}
	if len(needs) == 0 {
		return ""
	}
	var all, held []string
	for _, in := range needs {
		all = append(all, itoa(in.Count)+" "+in.Item)
		if c := min(s.count(in.Item), in.Count); c > 0 {
			held = append(held, itoa(c)+" "+in.Item)
		}
	}
	f := s.gen("the " + d + " {takes|needs|is made from} " + joinAnd(all))
	switch {
	case len(held) == len(all) && step != d:
		return ""
	case len(held) == len(all):
		return f + s.pick(", all in my inventory", ", and I have it all")
	case len(held) > 0:
		return f + s.gen("; {I have|I hold|so far I have} "+joinAnd(held))
	}
	return f
}

// mealNote is where the meal stands: the dishes done and left, from the
// goal and what the agent holds.
func (s *state) mealNote() string {
	if !s.isLeader() && !s.hellsKitchen() {
		return ""
	}
	ds, left, done := s.meal()
	n := itoa(len(ds))
	all := "all " + n + " dishes"
	if len(ds) == 2 {
		all = "both dishes"
	}
	switch {
	case len(ds) < 2 || len(left) == 0:
		return ""
	case len(done) == 0:
		return s.gen("{none of the " + n + " dishes is {ready|done|cooked} yet|" + all + " are still to make|no dish is ready yet|I haven't finished any of the " + n + " dishes yet|the meal is still all ahead of me}")
	}
	d := itoa(len(done))
	return s.gen("{still to make: " + joinAnd(left) +
		"|" + d + " of the " + n + " dishes " + agree(len(done), "is", "are") + " {ready|done}" +
		"|" + d + " " + agree(len(done), "dish", "dishes") + " down, " + itoa(len(left)) + " to go" +
		"|the " + joinAnd(done) + " " + agree(len(done), "is", "are") + " {done|ready|made}" +
		"|{left to make|what remains|remaining}: " + joinAnd(left) +
		"|the meal still lacks the " + joinAnd(left) + "}")
}

// meal is the goal's dishes, those still to make and those the agent
// holds.
func (s *state) meal() (ds []mcdata.Ingredient, left, done []string) {
	ds = s.dishes()
	for _, d := range ds {
		if s.count(d.Item) < d.Count {
			left = append(left, d.Item)
		} else {
			done = append(done, d.Item)
		}
	}
	return ds, left, done
}

// --- crafting --------------------------------------------------------

// craftStep is the crafter's next craft of item ({item} in intent), with
// what the item goes into or that the target is ready, and maybe what the
// crafter holds.
func (s *state) craftStep(intent, item string, plan *mcdata.Plan) string {
	intent = fill(intent, item, 0)
	var reasons []string
	if item == plan.Target {
		reasons = append(reasons, s.pick(
			"every ingredient for the "+item+" is in my inventory",
			"nothing is missing any more",
			"the last ingredient is in",
			"the recipe's ingredients are all here",
		))
	} else {
		for _, st := range plan.Steps {
			if k := st.Recipe.Need(item) * st.Times; k > 0 {
				c := st.Recipe.Result
				reasons = append(reasons, s.pick(
					fmt.Sprintf("the %s takes %d %s", c, k, item),
					fmt.Sprintf("the %s goes into the %s", item, c),
					fmt.Sprintf("I need %d %s before the %s", k, item, c),
				))
				break
			}
		}
		n := len(plan.Steps)
		reasons = append(reasons, s.pick(
			fmt.Sprintf("the %s is %s away", plan.Target, plural(n, "craft")),
			fmt.Sprintf("%s to go for the %s", plural(n, "crafting step"), plan.Target),
		))
	}
	return s.compose(intent, reasons, s.holdingNote())
}

// gatherStep is getting n of item from the world for the crafting goal
// ({item} and {n} in intent).
func (s *state) gatherStep(intent, item string, n int) string {
	intent = fill(intent, item, n)
	target, _ := s.craftGoal()
	var reasons []string
	if target != "" {
		reasons = append(reasons, s.pick(
			fmt.Sprintf("the %s still needs %d %s", target, n, item),
			fmt.Sprintf("%d %s %s missing for the %s", n, item, agree(n, "is", "are"), target),
		))
	}
	if s.helpersDone() {
		reasons = append(reasons, s.pick(
			"nobody on the team had "+item,
			"my teammates gave me all they had and "+item+" wasn't in it",
		))
	}
	return s.compose(intent, reasons, s.holdingNote())
}

// tableStep is getting a crafting table for the target's plan.
func (s *state) tableStep(intent, target string, n int) string {
	var reasons []string
	if p, err := newPlan(s.inv, target, n); err == nil {
		for _, st := range p.Steps {
			if st.Recipe.NeedsTable {
				reasons = append(reasons, s.pick(
					"the "+st.Recipe.Result+" can only be crafted at a table",
					"the "+st.Recipe.Result+" needs a crafting table",
				))
				break
			}
		}
	}
	if s.helpersDone() {
		reasons = append(reasons, s.pick("nobody sent a crafting table", "no teammate had a crafting table"))
	}
	return s.compose(intent, reasons)
}

// --- construction ---------------------------------------------------

// blueprintIntent opens a builder's work: the blueprint first.
func (s *state) blueprintIntent() string {
	intent := s.pick("I need the blueprint first", "let me look at the blueprint", "what does the blueprint look like?",
		"I'll start by reading the blueprint", "before placing anything I need the blueprint", "it's time to see what we're building")
	var note string
	if others := s.others(); len(others) > 0 {
		note = s.pick(
			joinAnd(others)+" and I are building this house together",
			"the house is a job for me and "+joinAnd(others),
			"I'm building with "+joinAnd(others),
			joinAnd(others)+" will need the same plan as me",
		)
	}
	reason := s.maybe(s.pick("nothing is placed yet", "we start from an empty site", "the goal names a blueprint but not its levels"))
	notes := []string{note}
	if c := s.holdingClause(); c != "" {
		notes = append(notes, c)
	}
	return s.compose(intent, []string{reason}, notes...)
}

// levelIntent is reading level k, with where the level starts and how
// the builder's last level went.
func (s *state) levelIntent(k int) string {
	n := s.levelCount()
	intent := s.gen(fmt.Sprintf("{I'll read|let me read|I'll look at|let me check|I'll pull up|next I'll read|now I need|on to|I'll open} {level %[1]d|level %[1]d's layout|the layout of level %[1]d|what level %[1]d holds|level %[1]d of the blueprint}", k))
	if s.rng.IntN(4) == 0 {
		intent = fmt.Sprintf(s.pick("next comes level %d", "I'm moving on to level %d", "level %d's layout is what I need now", "time for level %d"), k)
	}
	var reasons, notes []string
	// Where the level starts, some of the time: the level's own output
	// says it next.
	if o, ok := blueprints.ExplainedOrigin(s.blueprintText(), k); ok && s.rng.IntN(2) == 0 {
		notes = append(notes, s.pick(
			fmt.Sprintf("level %d's corner is at %d, %d, %d", k, o[0], o[1], o[2]),
			fmt.Sprintf("level %d's first row starts at (%d, %d, %d)", k, o[0], o[1], o[2]),
			fmt.Sprintf("level %d begins at %d, %d, %d", k, o[0], o[1], o[2]),
		))
	}
	var left string
	switch {
	case len(s.placedLevels()) > 0:
		// What the last program placed says more than a count of levels.
		reasons = append(reasons, s.lastLevelFact())
		if reasons[0] == "" {
			reasons[0] = fmt.Sprintf("level %d is behind me", k-1)
		}
		left = s.levelPlace(k, n)
	case k == 0 && n > 0:
		reasons = append(reasons, s.pick("the floor comes first", "we build from the bottom up", "nothing stands on the site yet", "every level rests on the one below"))
		left = s.pick(
			fmt.Sprintf("the blueprint has %s", plural(n, "level")),
			fmt.Sprintf("%s in all, from the floor up", plural(n, "level")),
			fmt.Sprintf("the house is %s tall", plural(n, "level")),
		)
	}
	return s.addNote(s.compose(intent, reasons, notes...), left)
}

// checkIntent is checking the whole house once this builder's share of
// every level is in.
func (s *state) checkIntent() string {
	intent := s.pick("my share of every level is in; time to check the whole house", "I'm done with my part; let me check the blueprint",
		"I'll check what the house still needs", "it's time to compare the house with the blueprint",
		"let me see what still differs from the blueprint", "I'll check the build against the plan")
	n := s.levelCount()
	var reasons []string
	if n > 0 {
		reasons = append(reasons, s.pick(
			fmt.Sprintf("all %d levels have my blocks in", n),
			fmt.Sprintf("my runs of the %d levels are placed", n),
			fmt.Sprintf("level %d was my last one", n-1),
			"",
		))
	}
	if a, ok := s.lastAct(); ok && a.Name == "!newAction" && (strings.Contains(strings.Join(a.Args, " "), "Fix") || strings.Contains(strings.Join(a.Args, " "), "Repair")) {
		reasons = []string{s.pick("the repair has run", "I just fixed what the last check listed", "my fixes are done")}
	}
	var notes []string
	for i := len(s.acts) - 1; i >= 0; i-- {
		if a := s.acts[i]; a.Name == "!checkBlueprint" && a.Output != "" && !blueprints.IsCorrect(a.Output) {
			n := len(parseFixes(a.Output))
			notes = append(notes, s.pick("the last check listed "+plural(n, "cell"), "last time the check found "+plural(n, "cell")))
			break
		}
	}
	if c := s.holdingClause(); c != "" {
		notes = append(notes, c)
	}
	return s.compose(intent, reasons, notes...)
}

// buildIntent is placing this builder's share (cells) of level lv, with
// what the level looks like and where the share lies.
func (s *state) buildIntent(lv blueprints.Level, cells []fix) string {
	k := lv.Level
	intent := s.gen("{I'll|let me|time to} {place|put down|lay|build|set} {my part|my blocks|my runs|what's mine}{| now| next| in one program}")
	if s.rng.IntN(4) == 0 {
		intent = s.pick("on to building", "I'll write the code for my part", "building starts now", "my part goes in next")
	}
	// The share as a part of the level: a figure the teammates can check.
	l := lookAt(lv)
	n, m := len(cells), l.blocks
	reasons := []string{
		s.gen(fmt.Sprintf("{my share of level %[1]d|my part of level %[1]d|what I place on level %[1]d} {is|comes to|makes} %[2]d of its %[3]d blocks", k, n, m)),
		fmt.Sprintf("%d of level %d's %d blocks %s mine", n, k, m, agree(n, "is", "are")),
		s.gen(fmt.Sprintf("I {place|lay|have} %[2]d of the %[3]d blocks on level %[1]d", k, n, m)),
		s.gen(fmt.Sprintf("level %[1]d {needs|takes|has} %[3]d blocks, and %[2]d of them are {mine|for me|my job}", k, n, m)),
		s.gen(fmt.Sprintf("the split {gives me|leaves me|hands me} %[2]d of level %[1]d's %[3]d blocks", k, n, m)),
	}
	reasons = []string{reasons[s.rng.IntN(len(reasons))]}
	var notes []string
	if others := s.others(); len(others) > 0 && s.rng.IntN(4) == 0 {
		o := joinAnd(others)
		notes = append(notes, s.pick(o+" "+agree(len(others), "builds", "build")+" the rest", o+" "+agree(len(others), "has", "have")+" the other runs"))
	}
	// Where the runs lie: figures the coder can check. What the level is
	// made of, or how it differs from the one below, some of the time.
	if s.rng.IntN(3) == 0 {
		notes = append(notes, s.materialFact(l))
		if below, ok := s.readLevel(k - 1); ok {
			notes = append(notes, s.belowFact(l, lookAt(below)))
		}
	}
	return s.compose(intent, reasons, notes...) + " " + sentence(s.mineFact(l, cells))
}

// repairIntent is fixing the cells of the last check this builder holds
// the blocks for.
func (s *state) repairIntent(mine, all []fix) string {
	intent := s.pick("I'll fix those", "let me repair what I can", "time to set those cells right", "fixing them now")
	if len(mine) == 1 {
		intent = s.pick("I'll fix that one", "let me repair it", "time to set that cell right", "fixing it now")
	}
	reasons := []string{fmt.Sprintf("I can fix %s of the %d the check lists", plural(len(mine), "cell"), len(all))}
	if len(mine) == len(all) {
		which := fmt.Sprintf("all %s are", plural(len(all), "cell"))
		switch len(mine) {
		case 1:
			which = "the one cell is"
		case 2:
			which = "both cells are"
		}
		reasons = []string{s.pick("I hold the blocks for every fix", which+" mine to fix")}
	}
	return s.compose(intent, reasons)
}

// --- crafting and cooking -------------------------------------------

// goalName is what the team is making: the crafting target or the dishes.
func (s *state) goalName() string {
	switch k, _ := procgen.KindOfType(s.v.TaskType); k {
	case procgen.Crafting:
		if target, _ := s.craftGoal(); target != "" {
			return "the " + target
		}
	case procgen.Cooking:
		ds := s.dishes()
		switch {
		case len(ds) > 2:
			// A long list said in every message weighs more than it tells.
			return s.pick("the meal", "the "+itoa(len(ds))+"-dish meal", "the "+joinAnd(dishNames(ds)))
		case len(ds) > 0:
			return "the " + joinAnd(dishNames(ds))
		}
	}
	return ""
}

// pending are the teammates that have not said they handed over all
// their items.
func (s *state) pending() []string {
	var out []string
	for _, o := range s.others() {
		if !s.isDone(o) {
			out = append(out, o)
		}
	}
	return out
}

// waitText is a collector waiting for what its teammates are sending.
func (s *state) waitText() string {
	var reasons []string
	if p := s.pending(); len(p) > 0 {
		reasons = append(reasons, s.pick(
			"I'm still waiting on "+joinAnd(p),
			"I have no word yet that "+joinAnd(p)+" "+agree(len(p), "is", "are")+" done",
			joinAnd(p)+" "+agree(len(p), "has", "have")+" not said they've sent everything",
			"the items from "+joinAnd(p)+" may still be on the way",
		))
	}
	if g := s.goalName(); g != "" {
		reasons = append(reasons, s.pick("making "+g+" has to wait a little", "I can't finish "+g+" yet", "making "+g+" takes more than I have", "what I hold isn't enough for "+g+" yet"))
	}
	return s.compose(s.say("wait"), reasons)
}

// recipeWaitText is a cook waiting for a teammate to send recipes it
// lacks.
func (s *state) recipeWaitText(dishes []string) string {
	d := joinAnd(dishes)
	return s.compose(s.pick("I'll wait for the recipe", "let me give my teammate a moment to send it", "I'll wait a bit for the recipe", "I'll wait to hear how it's made",
		"I'll hold off until someone tells me how it's made", "a short wait for the recipe makes sense"),
		[]string{s.pick("I don't know the recipe for "+d+" yet", "the recipe for "+d+" hasn't reached me", "my goal doesn't say how to make "+d,
			"nobody has told me how to make "+d+" so far", "I asked for the recipe for "+d+" and no answer has come yet")},
		s.maybe(s.pick("if it doesn't come I can look it up", "a teammate may have it in their goal", "the crafting plan is my fallback", "someone on the team may know it")))
}

// idleText is an agent whose part is done.
func (s *state) idleText() string {
	var reasons []string
	leader := s.leader()
	if gave := s.given(); len(gave) > 0 && leader != "" && leader != s.v.Name {
		list := itemList(gave)
		reasons = append(reasons, s.pick("I handed "+list+" to "+leader, leader+" has my "+list, "my "+list+" went to "+leader))
	}
	if g := s.goalName(); g != "" && leader != "" && leader != s.v.Name {
		reasons = append(reasons, s.pick("making "+g+" is up to "+leader+" now", leader+" is on "+g, "the rest of "+g+" is in "+leader+"'s hands"))
	}
	// A note beside it some of the time: a wait says little, and says it
	// best briefly.
	var notes []string
	if s.rng.IntN(3) == 0 {
		if holdings(s.inv) == 0 {
			notes = append(notes, s.pick("my inventory is empty", "I'm out of items", "nothing is left in my inventory"))
		}
		if leader != "" && leader != s.v.Name {
			notes = append(notes, s.pick(leader+" can ask me if anything is missing", "if "+leader+" needs more, I'll hear it", "I'll answer if "+leader+" calls"))
		}
		notes = append(notes, s.hereNote())
	}
	return s.compose(s.say("idle"), reasons, notes...)
}

// giveText is a helper handing c of item to the collector.
func (s *state) giveText(leader string, c int, item string) string {
	var notes []string
	if g := s.goalName(); g != "" {
		notes = append(notes, s.pick("it's for "+g, g+" "+agreeGoal(g, "needs", "need")+" everything we have", leader+" makes "+g, "that helps with "+g, leader+" can use it for "+g))
	}
	if left := len(s.inv) - 1; left > 0 {
		notes = append(notes, s.pick(plural(left, "more stack")+" to go after this", "more follows"))
	}
	return s.addNote(s.say("give", leader, itoa(c), item), notes...)
}

// doneGivingText tells the collector everything was handed over.
func (s *state) doneGivingText(leader string) string {
	if s.reportedDone(leader) {
		// Asked again after reporting: the ask crossed the report (or the
		// report was lost). Say so rather than repeat the report as new.
		list := ""
		if l := itemList(s.given()); l != "" && l != "nothing" {
			list = " (" + l + ")"
		}
		return s.pick(
			"Our messages crossed, "+leader+": I already gave you everything I had"+list+".",
			leader+", I sent my report just before your message: everything I had"+list+" is with you.",
			"I think you missed my last message, "+leader+": you have all my items already"+list+".",
			"Just to confirm, "+leader+": everything I had"+list+" is already with you.",
		)
	}
	msg := s.say("done_giving", leader, itemList(s.given()))
	if g := s.goalName(); g != "" {
		msg = s.addNote(msg, s.pick("that should cover my part of "+g, "good luck with "+g+"!", "hope that's enough for "+g, "the rest of "+g+" is in your hands", "tell me if "+g+" "+agreeGoal(g, "needs", "need")+" anything else", s.whereToFindMe()))
	}
	return msg
}

// agreeGoal is the verb form for a goal name: agreeGoal("the cake",
// "needs", "need") is "needs", for "the bread and cake" it is "need".
func agreeGoal(goal, one, many string) string {
	if strings.Contains(goal, " and ") {
		return many
	}
	return one
}

// heardSoFar is what the hub knows of the offers: who said what.
func (s *state) heardSoFar() (heard, missing []string) {
	offers := s.offers()
	for _, o := range slices.Sorted(maps.Keys(offers)) {
		if o != s.v.Name && slices.Contains(s.v.Team, o) {
			heard = append(heard, o+" has "+itemCount(offers[o]))
		}
	}
	for _, o := range s.others() {
		if _, ok := offers[o]; !ok {
			missing = append(missing, o)
		}
	}
	return heard, missing
}

// hubWaitText is the hub waiting for the offers.
func (s *state) hubWaitText() string {
	heard, missing := s.heardSoFar()
	var reasons, notes []string
	if len(heard) > 0 {
		notes = append(notes, s.pick("so far "+joinAnd(heard), "from what I've heard, "+joinAnd(heard)))
	}
	if len(missing) > 0 {
		reasons = append(reasons, s.pick("I've heard nothing yet from "+joinAnd(missing), joinAnd(missing)+" "+agree(len(missing), "has", "have")+" not told me their items"))
	}
	notes = append(notes, s.hereNote())
	mine := itemCount(holdings(s.inv))
	notes = append(notes, s.pick("I hold "+mine+" myself", "my own count is "+mine, "on my side there's "+itemList(s.inv), "I have "+itemList(s.inv)))
	if g := s.goalName(); g != "" {
		notes = append(notes, s.pick("the one with the most items makes "+g, "then we'll know who makes "+g))
	}
	return s.compose(s.pick("I'll wait to hear what everyone holds", "let me wait for the others' items", "I'll wait for my teammates to say what they have", "I'll give the others a moment to answer"), reasons, notes...)
}

// offerWaitText is a teammate that made its offer, waiting to hear who
// collects.
func (s *state) offerWaitText(hub string) string {
	n := itemCount(s.offers()[s.v.Name])
	return s.compose(s.pick("I'll wait to hear who collects", "let me wait until "+hub+" has heard everyone", "I'll wait for "+hub+" to tell us who holds the most", "I'll wait for "+hub+"'s call"),
		[]string{s.pick("I told "+hub+" I have "+n, hub+" knows I hold "+n, "my offer of "+n+" is with "+hub)},
		s.maybe(s.pick("whoever holds the most collects", "the biggest holder will collect")))
}
