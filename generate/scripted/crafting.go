package scripted

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// Crafting: the team's first agent (the first name everyone's goal lists)
// collects the ingredients and crafts; the others give it everything they
// hold, pass on the crafting plan when it cannot see it, and say when they
// are done. The crafter learns recipes from !getCraftingPlan, from a
// teammate's relayed plan, or by trying !craftRecipe and reading what it
// requires; it gathers and smelts missing base items once its teammates
// have handed over theirs.

// craftGoal reads the target and count from the goal.
func (s *state) craftGoal() (string, int) {
	target, n, _ := procgen.ParseCraftingGoal(s.v.Goal)
	return target, n
}

func (s *state) crafting() string {
	target, n := s.craftGoal()
	if target == "" {
		return with(s.idleText(), cmd("stay", 30))
	}
	about := ", and I can see the crafting plan."
	if !s.has("!getCraftingPlan") {
		about = ", but I can't see the crafting plan."
	}
	if r := s.negotiate(about); r != "" {
		return r
	}
	if r := s.answerRoleQuestion(); r != "" {
		return r
	}
	if s.isLeader() {
		return s.craftLeader(target, n)
	}
	return s.craftHelper(target, n)
}

// --- helper ---------------------------------------------------------

func (s *state) craftHelper(target string, n int) string {
	leader := s.leader()
	// Pass on the plan when the crafter says it cannot see it.
	if s.has("!getCraftingPlan") && s.leaderLacksPlan() && !s.c.Said().Has(chat.PlanRelay) && s.notes.SentPlanTo != s.leader() {
		for i := len(s.acts) - 1; i >= 0; i-- {
			a := s.acts[i]
			if a.Name == "!getCraftingPlan" && a.Output != "" {
				return cmd("startConversation", leader, s.relayPlan(a.Output))
			}
		}
		return with(s.pick("Let me get the plan for you.", "I can see the plan, one sec.", "Checking the crafting plan for "+leader+"."), cmd("getCraftingPlan", target, n))
	}
	if item, c := s.nextGift(); item != "" {
		sentence := s.giveText(leader, c, item)
		if s.firstGift() && len(s.inv) > 1 {
			sentence = s.say("share_inv", leader, itemList(s.inv), "craft")
		}
		return with(sentence, cmd("givePlayer", leader, item, c))
	}
	if !s.reportedDone(leader) || s.askedAfterReport(leader) {
		return cmd("startConversation", leader, s.doneGivingText(leader))
	}
	return s.standBy()
}

// firstGift reports whether no item was handed over yet (the moment to
// tell the team what we hold).
func (s *state) firstGift() bool {
	if s.mem != "" {
		return false
	}
	for _, a := range s.acts {
		if a.Name == "!givePlayer" {
			return false
		}
	}
	return true
}

// nextGift is the next item stack to hand over (name order).
func (s *state) nextGift() (string, int) {
	best := ""
	for item, c := range s.inv {
		if c > 0 && (best == "" || item < best) {
			best = item
		}
	}
	return best, s.inv[best]
}

// given totals the items the agent handed over (in the window).
func (s *state) given() map[string]int {
	out := map[string]int{}
	for _, a := range s.acts {
		if a.Name == "!givePlayer" && len(a.Args) == 3 && texts.SaysReceived(a.Output) {
			c, _ := strconv.Atoi(a.Args[2])
			out[a.Args[1]] += c
		}
	}
	return out
}

// reportedDone reports whether the "I gave you everything" message went
// through (it was sent and not bounced back).
func (s *state) reportedDone(to string) bool {
	if s.notes.ToldDoneTo == to {
		return true
	}
	reports, last := 0, -1
	for _, a := range s.acts {
		if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == to && a.Said.Has(chat.DoneReport) {
			reports, last = reports+1, a.Turn
		}
	}
	// A report that bounced, or got no answer at all (a restart loses
	// what was queued), is sent again, twice at most.
	return reports > 0 && !s.bouncedAfter(to, last) && (reports >= 3 || !s.unansweredAfter(to, last))
}

// unansweredAfter reports whether MINDcraft told the agent that to has
// not responded since turn.
func (s *state) unansweredAfter(to string, turn int) bool {
	for i := turn + 1; i < len(s.v.Turns); i++ {
		if t := s.v.Turns[i]; t.Role == "system" && generate.IsNoResponseFrom(t.Content, to) {
			return true
		}
	}
	return false
}

// askedAfterReport reports whether the leader asked for items after the
// agent's last report (the report may never have arrived).
func (s *state) askedAfterReport(leader string) bool {
	last := -1
	for _, a := range s.acts {
		if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == leader && a.Said.Has(chat.DoneReport) {
			last = a.Turn
		}
	}
	for _, m := range s.msgs {
		if m.From == leader && m.Turn > last && m.Has(chat.AskItems) {
			return true
		}
	}
	return false
}

// bouncedAfter reports whether to answered "I'm talking to someone else"
// after turn i.
func (s *state) bouncedAfter(to string, turn int) bool {
	for _, m := range s.msgs {
		if m.Turn > turn && m.From == to && m.Busy {
			return true
		}
	}
	return false
}

func (s *state) leaderLacksPlan() bool {
	if s.notes.CannotSeePlan != "" && s.notes.CannotSeePlan == s.leader() {
		return true
	}
	for _, m := range s.msgs {
		if m.From == s.leader() && m.Has(chat.NoPlan) {
			return true
		}
	}
	return false
}

// relayPlan turns a !getCraftingPlan output into a chat message with the
// steps.
func (s *state) relayPlan(out string) string {
	steps := mcdata.FindSteps(out)
	return s.pick("Here is the crafting plan: ", "Here is the crafting plan I see: ") + strings.Join(steps, "; ") + "."
}

// --- leader ---------------------------------------------------------

func (s *state) craftLeader(target string, n int) string {
	havePlanCmd := s.has("!getCraftingPlan")
	if o := s.unannounced(); o != "" {
		// Take the role, telling each teammate why.
		why := s.roleReason() + s.pick("craft the "+target+". ", "make the "+target+". ", "do the crafting for the "+target+". ") +
			s.pick("Please send me your items.", "Could you send me your items?", "Please send me your items when you can.")
		if !havePlanCmd {
			why += s.pick(" I can't see the crafting plan, so if you can, please send me the steps.", " I don't have the crafting plan; share the steps if you see them.")
		}
		return cmd("startConversation", o, why)
	}
	known, planKnown := s.recipeKnowledge()
	if havePlanCmd && !planKnown {
		return with(s.pick("Let me check the plan.", "Checking the crafting plan."), cmd("getCraftingPlan", target, n))
	}
	plan, err := newPlan(s.inv, target, n)
	if err != nil {
		return with(s.waitText(), cmd("stay", 10))
	}
	if !planKnown {
		// Learn the recipes top-down by trying to craft.
		for i := len(plan.Steps) - 1; i >= 0; i-- {
			st := plan.Steps[i]
			if !known[st.Recipe.Result] {
				if st.Recipe.NeedsTable && s.count("crafting_table") == 0 && known["table:"+st.Recipe.Result] {
					continue // wait for a table first
				}
				return with(s.pick("Let me try crafting "+st.Recipe.Result+".", "Trying "+st.Recipe.Result+" to see what it needs."), cmd("craftRecipe", st.Recipe.Result, st.Times))
			}
		}
	}
	helpersDone := s.helpersDone()
	// Thank a teammate that handed over everything and close that
	// conversation, so the crafter's work does not flood its chat.
	if d := s.lastDone(); d != "" && s.has("!endConversation") {
		return with(s.pick("Thanks "+d+", got it all!", "Thanks, "+d+"!", "Got your items, "+d+", thanks."), cmd("endConversation", d))
	}
	gatherOK := helpersDone || s.waitedLong(false)
	if len(plan.Missing) > 0 {
		if !helpersDone {
			// Teammates that have not said they are done may be unable to
			// reach the crafter while it talks to someone else: ask them.
			for _, o := range s.others() {
				if !s.isDone(o) && !s.askedRecently(o, 12) {
					return cmd("startConversation", o, s.pick(
						o+", I'm collecting everything for the "+target+". What do you have? Please send me your items.",
						"Hey "+o+", can you send me your items for the "+target+"? Tell me when you have given me everything.",
					))
				}
			}
		}
		// The furnace burns blaze rods before coal: use them up in their
		// recipe before any smelting.
		for _, st := range plan.Steps {
			if st.Recipe.Need("blaze_rod") > 0 && s.count("blaze_rod") >= st.Recipe.Need("blaze_rod")*st.Times && s.holdsAll(st) {
				return with(s.pick("First the "+st.Recipe.Result+", so the blaze_rod doesn't end up as fuel.", "Crafting "+st.Recipe.Result+" before I smelt anything."), cmd("craftRecipe", st.Recipe.Result, st.Times))
			}
		}
		for _, m := range plan.Missing {
			if r := s.gather(m.Item, m.Count, gatherOK); r != "" {
				return r
			}
		}
		if gatherOK && len(s.others()) > 0 && !s.stillNeedAsked() { // alone (MINDcraft's 1_agent files), nobody to ask
			return cmd("startConversation", s.others()[0], s.pick("I still need ", "Still missing ")+itemList(ingredientMap(plan.Missing))+". Does anyone have it? I still need it for the "+target+".")
		}
		return with(s.waitText(), cmd("stay", 5))
	}
	if plan.NeedsTable && s.count("crafting_table") == 0 {
		if r := s.makeTable(target, n, gatherOK); r != "" {
			return r
		}
		return with(s.waitText(), cmd("stay", 5))
	}
	if len(plan.Steps) == 0 {
		return with(s.idleText(), cmd("stay", 20))
	}
	st := plan.Steps[0]
	last := len(plan.Steps) == 1
	sentence := s.craftStep(s.pick("crafting {item}", "now the {item}", "next step: {item}", "I'll craft {item}", "on to the {item}", "the {item} comes next"), st.Recipe.Result, plan)
	if last {
		sentence = s.craftStep(s.pick("I have everything, crafting the {item} now!", "all set, making the {item}", "final step: the {item}", "time to finish the {item}", "the {item} itself is next"), target, plan)
	}
	return with(sentence, cmd("craftRecipe", st.Recipe.Result, st.Times))
}

// holdsAll reports whether the agent holds a step's ingredients.
func (s *state) holdsAll(st mcdata.Step) bool {
	for _, in := range st.Recipe.Ingredients {
		if s.count(in.Item) < in.Count*st.Times {
			return false
		}
	}
	return true
}

func ingredientMap(in []mcdata.Ingredient) map[string]int {
	m := map[string]int{}
	for _, i := range in {
		m[i.Item] += i.Count
	}
	return m
}

// gather returns the command that gets count more of item from the
// world, or "" when the agent cannot (no source, no tool) or should not
// yet (teammates may still send it).
func (s *state) gather(item string, count int, ok bool) string {
	if !ok {
		return ""
	}
	if s.foundNone(item) {
		return "" // the world had none in reach: ask, don't search again
	}
	if strings.HasSuffix(item, "_log") { // trees grow around
		return with(s.gatherStep(s.pick("I'll chop {item}", "getting {item} from a tree", "off to the trees for {n} {item}", "a tree will give me {item}"), item, count), cmd("collectBlocks", item, count))
	}
	src, found := procgen.GatherSource(item)
	if !found || !s.canHarvest(src.Block) {
		return ""
	}
	if src.Smelt != "" {
		if raw := s.count(src.Smelt); raw >= count {
			if s.count("furnace") == 0 && !s.c.Wrote("!smeltItem") && !s.seenFurnace() {
				return ""
			}
			// The furnace burns coal, charcoal or blaze rods first: make
			// sure it is not an ingredient that goes up in flames.
			if s.count("coal")+s.count("charcoal") == 0 {
				return ""
			}
			return with(s.gatherStep(s.pick("smelting the "+src.Smelt, "into the furnace with the "+src.Smelt, "the furnace turns "+src.Smelt+" into {item}"), item, count), cmd("smeltItem", src.Smelt, count))
		} else {
			count -= raw
		}
	}
	return with(s.gatherStep(s.pick("I'll get the {item} myself", "I'll mine {n} "+src.Block+" myself", "going to collect "+src.Block+" for it", "time to find some "+src.Block), item, count), cmd("collectBlocks", src.Block, count))
}

// makeTable gets a crafting table when the recipe needs one and nobody
// sends one: from planks or a log the target does not need, else from a
// log chopped off a tree.
func (s *state) makeTable(target string, n int, gatherOK bool) string {
	if !gatherOK {
		return ""
	}
	spare := func(item string, k int) bool {
		if s.count(item) < k {
			return false
		}
		inv := maps.Clone(s.inv)
		inv[item] -= k
		p, err := newPlan(inv, target, n)
		return err == nil && len(p.Missing) == 0
	}
	for _, item := range slices.Sorted(maps.Keys(s.inv)) {
		if strings.HasSuffix(item, "_planks") && spare(item, 4) {
			return with(s.tableStep(s.pick("I need a crafting table, making one", "I'll craft a table of my own", "crafting a table first", "I'll turn 4 "+item+" into a crafting table"), target, n), cmd("craftRecipe", "crafting_table", 1))
		}
	}
	for _, item := range slices.Sorted(maps.Keys(s.inv)) {
		if strings.HasSuffix(item, "_log") && spare(item, 1) {
			planks := strings.TrimSuffix(item, "_log") + "_planks"
			return with(s.tableStep(s.pick("turning a log into planks for a crafting table", "I'll make planks for a table", "the "+item+" becomes planks, then a table"), target, n), cmd("craftRecipe", planks, 1))
		}
	}
	// Any mention of a crafting_table, in its words or its memory, counts
	// as asked.
	if !s.c.Wrote("crafting_table") && !know.Mentions(s.mem, "crafting_table") && len(s.others()) > 0 && !s.helpersDone() {
		return cmd("startConversation", s.others()[0], s.pick("Does anyone have a crafting_table? I need 1 for the "+target+".", "Can you give me 1 crafting_table? The "+target+" needs one."))
	}
	return with(s.tableStep(s.pick("no crafting table, so I'll chop some wood for one", "I'll get a log from a tree to make a crafting table"), target, n), cmd("collectBlocks", "oak_log", 1))
}

// foundNone reports whether a collect of item (or the block it comes
// from) came back empty in the window.
func (s *state) foundNone(item string) bool {
	block := item
	if src, ok := procgen.GatherSource(item); ok {
		block = src.Block
	}
	for _, a := range s.acts {
		if a.Name == "!collectBlocks" && len(a.Args) > 0 && a.Args[0] == block {
			if n, _, ok := texts.ParseCollected(a.Output); ok && n == 0 {
				return true
			}
		}
	}
	return false
}

func (s *state) seenFurnace() bool { return strings.Contains(strings.Join(s.sys, "\n"), "furnace") }

// canHarvest reports whether the agent holds a tool that harvests block
// (or needs none).
func (s *state) canHarvest(block string) bool {
	b, err := mcdata.LookupBlock(block)
	if err != nil {
		return false
	}
	if !b.RequiresTool {
		return true
	}
	for _, t := range b.HarvestTools {
		if s.count(t) > 0 {
			return true
		}
	}
	return false
}

// recipeKnowledge is what the agent learned about recipes: items whose
// recipe it has seen, and whether it has seen a whole crafting plan.
func (s *state) recipeKnowledge() (map[string]bool, bool) {
	known := map[string]bool{}
	plan := s.notes.KnowsPlanFor != ""
	for _, it := range s.notes.KnownRecipes {
		known[it] = true
	}
	for _, a := range s.acts {
		if a.Name == "!getCraftingPlan" && mcdata.MentionsStep(a.Output) || strings.Contains(a.Output, mcdata.AllHeld) {
			plan = true
		}
		s.learn(a.Output, known)
	}
	for _, m := range s.msgs {
		if mcdata.HasStep(m.Text) {
			plan = true
			s.learn(m.Text, known)
		}
	}
	return known, plan
}

func (s *state) learn(text string, known map[string]bool) {
	if !strings.Contains(text, "raft") && !strings.Contains(text, "recipe") {
		return // cheap skip: no crafting news in this text
	}
	for _, item := range texts.CannotCraftItems(text) {
		known[item] = true
	}
	for _, item := range texts.CraftedItems(text) {
		known[item] = true
	}
	for _, item := range mcdata.StepResults(text) {
		known[item] = true
	}
	for _, item := range texts.NeedsTableItems(text) {
		known["table:"+item] = true
	}
	for _, item := range texts.NoRecipeItems(text) {
		known[item] = true
	}
}

// lastDone is a teammate whose "I gave you everything" is in the window
// and not yet answered.
func (s *state) lastDone() string {
	for i := len(s.msgs) - 1; i >= 0; i-- {
		m := s.msgs[i]
		if !m.Has(chat.DoneReport) {
			continue
		}
		for _, a := range s.acts {
			if a.Turn > m.Turn && a.Name == "!endConversation" && len(a.Args) == 1 && a.Args[0] == m.From {
				return ""
			}
		}
		return m.From
	}
	return ""
}

// isDone reports whether teammate o said it handed over everything.
func (s *state) isDone(o string) bool { return slices.Contains(s.doneSet(), o) }

// askedRecently reports whether the agent messaged o in the last n turns.
func (s *state) askedRecently(o string, n int) bool {
	for _, a := range s.acts {
		if a.Name == "!startConversation" && len(a.Args) == 2 && a.Args[0] == o && s.since(a.Turn) < n {
			return true
		}
	}
	return false
}

// helpersDone reports whether every teammate said it handed over all its
// items.
func (s *state) helpersDone() bool {
	done := map[string]bool{}
	for _, n := range s.notes.GotAllFrom {
		done[n] = true
	}
	for _, m := range s.msgs {
		if m.Has(chat.DoneReport) {
			done[m.From] = true
		}
	}
	for _, o := range s.others() {
		if !done[o] {
			return false
		}
	}
	return true
}

// stillNeedAsked reports whether the crafter asked the team for what it
// still lacks (in its words or its memory).
func (s *state) stillNeedAsked() bool { return s.c.Said().Has(chat.StillNeed) || s.notes.StillNeed }
