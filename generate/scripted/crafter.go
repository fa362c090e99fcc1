package scripted

import (
	"maps"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// crafter is the agent that collects everything and crafts the target:
// it tells each teammate it collects, learns the recipes, thanks those
// that handed over everything, gathers and smelts what nobody had, and
// crafts step by step.
type crafter struct{ k *call }

// The crafter's intents' facts.
type (
	// takeCrafting tells To that the agent collects and crafts; NoPlan:
	// it cannot see the crafting plan and asks for the steps.
	takeCrafting struct {
		To     string
		NoPlan bool
	}
	lookUpPlan   struct{}              // !getCraftingPlan for the target
	tryCraft     struct{ Item string } // a craft to learn what Item needs
	thankDone    struct{ From string } // a teammate handed over everything
	askForItems  struct{ To string }   // a teammate that has not said it is done
	blazeFirst   struct{ Item string } // the recipe that uses blaze rods, before any smelting
	stillMissing struct {              // what nobody had, asked of the team
		To      string
		Missing map[string]int
	}
	craftStep struct { // the next craft of the plan
		Item  string
		Plan  *mcdata.Plan
		Final bool // the target itself
	}
	// gather gets Count of Item from the world: from a tree (a log), by
	// mining Block, or by smelting Raw.
	gather struct {
		Item       string
		Count      int
		Block, Raw string
	}
	// A crafting table the target needs and nobody sent: crafted from
	// Planks, or planks from Log first, asked for, or a log chopped.
	tableFromPlanks struct{ Planks string }
	planksForTable  struct{ Log string }
	askForTable     struct{}
	chopForTable    struct{}
)

func (r *crafter) Decide() (Intent, bool) {
	k, c := r.k, r.k.c
	target, n := k.goal.Target, k.goal.Count
	havePlanCmd := c.Has("!getCraftingPlan")
	if o := k.g.unannounced(); o != "" {
		// Take the role, telling each teammate why.
		return tell(takeCrafting{o, !havePlanCmd}, o), true
	}
	known, planKnown := recipeKnowledge(c)
	if havePlanCmd && !planKnown {
		return do(lookUpPlan{}, "getCraftingPlan", target, n), true
	}
	plan, err := planOf(c, target, n)
	if err != nil {
		return do(waitForItems{}, "stay", 10), true
	}
	if !planKnown {
		// Learn the recipes top-down by trying to craft.
		for i := len(plan.Steps) - 1; i >= 0; i-- {
			st := plan.Steps[i]
			if !known[st.Recipe.Result] {
				if st.Recipe.NeedsTable && c.Count("crafting_table") == 0 && known["table:"+st.Recipe.Result] {
					continue // wait for a table first
				}
				return do(tryCraft{st.Recipe.Result}, "craftRecipe", st.Recipe.Result, st.Times), true
			}
		}
	}
	done := helpersDone(c)
	// Thank a teammate that handed over everything and close that
	// conversation, so the crafter's work does not flood its chat.
	if d := lastDone(c); d != "" && c.Has("!endConversation") {
		return do(thankDone{d}, "endConversation", d), true
	}
	gatherOK := done || waitedLong(c, false)
	if i, ok := r.shareWork(plan, done); ok {
		return i, true
	}
	if len(plan.Missing) > 0 {
		return r.findMissing(plan, done, gatherOK), true
	}
	if plan.NeedsTable && c.Count("crafting_table") == 0 {
		if i, ok := r.makeTable(gatherOK); ok {
			return i, true
		}
		return do(waitForItems{}, "stay", 5), true
	}
	if len(plan.Steps) == 0 {
		return do(idle{20}, "stay", 20), true
	}
	st := plan.Steps[0]
	return do(craftStep{st.Recipe.Result, plan, len(plan.Steps) == 1}, "craftRecipe", st.Recipe.Result, st.Times), true
}

// findMissing is the step towards the base items the plan still lacks:
// ask teammates that may still send them, craft what blaze rods go into
// before smelting, gather, or ask the team.
func (r *crafter) findMissing(plan *mcdata.Plan, done, gatherOK bool) Intent {
	c := r.k.c
	if !done {
		// Teammates that have not said they are done may be unable to
		// reach the crafter while it talks to someone else: ask them.
		for _, o := range c.Others() {
			if !isDone(c, o) && !askedRecently(c, o, 12) {
				return tell(askForItems{o}, o)
			}
		}
	}
	// The furnace burns blaze rods before coal: use them up in their
	// recipe before any smelting.
	for _, st := range plan.Steps {
		if st.Recipe.Need("blaze_rod") > 0 && c.Count("blaze_rod") >= st.Recipe.Need("blaze_rod")*st.Times && holdsAll(c, st) {
			return do(blazeFirst{st.Recipe.Result}, "craftRecipe", st.Recipe.Result, st.Times)
		}
	}
	for _, m := range plan.Missing {
		if i, ok := r.gather(m.Item, m.Count, gatherOK); ok {
			return i
		}
	}
	if gatherOK && len(c.Others()) > 0 && !stillNeedAsked(c) { // alone (MINDcraft's 1_agent files), nobody to ask
		return tell(stillMissing{c.Others()[0], ingredientMap(plan.Missing)}, c.Others()[0])
	}
	return do(waitForItems{}, "stay", 5)
}

// holdsAll reports whether the agent holds a step's ingredients.
func holdsAll(c *know.Context, st mcdata.Step) bool {
	for _, in := range st.Recipe.Ingredients {
		if c.Count(in.Item) < in.Count*st.Times {
			return false
		}
	}
	return true
}

// gather is the command that gets count more of item from the world; ok
// is false when the agent cannot (no source, no tool) or should not yet
// (teammates may still send it).
func (r *crafter) gather(item string, count int, ok bool) (Intent, bool) {
	c := r.k.c
	if !ok || foundNone(c, item) {
		return Intent{}, false // the world had none in reach: ask, don't search again
	}
	if strings.HasSuffix(item, "_log") { // trees grow around
		return do(gather{Item: item, Count: count}, "collectBlocks", item, count), true
	}
	src, found := procgen.GatherSource(item)
	if !found || !canHarvest(c, src.Block) {
		return Intent{}, false
	}
	if src.Smelt != "" {
		if raw := c.Count(src.Smelt); raw >= count {
			if c.Count("furnace") == 0 && !c.Wrote("!smeltItem") && !mentioned(c, "furnace") {
				return Intent{}, false
			}
			// The furnace burns coal, charcoal or blaze rods first: make
			// sure it is not an ingredient that goes up in flames.
			if c.Count("coal")+c.Count("charcoal") == 0 {
				return Intent{}, false
			}
			return do(gather{Item: item, Count: count, Raw: src.Smelt}, "smeltItem", src.Smelt, count), true
		} else {
			count -= raw
		}
	}
	return do(gather{Item: item, Count: count, Block: src.Block}, "collectBlocks", src.Block, count), true
}

// makeTable gets a crafting table when the recipe needs one and nobody
// sends one: from planks or a log the target does not need, else from a
// log chopped off a tree.
func (r *crafter) makeTable(gatherOK bool) (Intent, bool) {
	k, c := r.k, r.k.c
	if !gatherOK {
		return Intent{}, false
	}
	target, n := k.goal.Target, k.goal.Count
	spare := func(item string, want int) bool {
		if c.Count(item) < want {
			return false
		}
		inv := c.Inventory().Clone()
		inv[item] -= want
		p, err := newPlan(inv, target, n)
		return err == nil && len(p.Missing) == 0
	}
	items := slices.Sorted(maps.Keys(c.Inventory().Clone()))
	for _, item := range items {
		if strings.HasSuffix(item, "_planks") && spare(item, 4) {
			return do(tableFromPlanks{item}, "craftRecipe", "crafting_table", 1), true
		}
	}
	for _, item := range items {
		if strings.HasSuffix(item, "_log") && spare(item, 1) {
			planks := strings.TrimSuffix(item, "_log") + "_planks"
			return do(planksForTable{item}, "craftRecipe", planks, 1), true
		}
	}
	// Any mention of a crafting_table, in its words or its memory, counts
	// as asked.
	if !c.Wrote("crafting_table") && !know.Mentions(c.Memory(), "crafting_table") && len(c.Others()) > 0 && !helpersDone(c) {
		return tell(askForTable{}, c.Others()[0]), true
	}
	return do(chopForTable{}, "collectBlocks", "oak_log", 1), true
}

// foundNone reports whether a collect of item (or the block it comes
// from) came back empty in the window.
func foundNone(c *know.Context, item string) bool {
	block := item
	if src, ok := procgen.GatherSource(item); ok {
		block = src.Block
	}
	for _, a := range c.Acts() {
		if a.Name == "!collectBlocks" && a.Arg(0) == block {
			if n, _, ok := texts.ParseCollected(a.Output); ok && n == 0 {
				return true
			}
		}
	}
	return false
}

// mentioned reports whether a system turn in the window names word (a
// station the world mentioned).
func mentioned(c *know.Context, word string) bool {
	return strings.Contains(strings.Join(c.System(), "\n"), word)
}

// canHarvest reports whether the agent holds a tool that harvests block
// (or needs none).
func canHarvest(c *know.Context, block string) bool {
	b, err := mcdata.LookupBlock(block)
	if err != nil {
		return false
	}
	if !b.RequiresTool {
		return true
	}
	for _, t := range b.HarvestTools {
		if c.Count(t) > 0 {
			return true
		}
	}
	return false
}

// recipeKnowledge is what the agent learned about recipes: items whose
// recipe it has seen, and whether it has seen a whole crafting plan.
func recipeKnowledge(c *know.Context) (map[string]bool, bool) {
	known := map[string]bool{}
	plan := c.Notes().KnowsPlan
	for _, it := range c.Notes().KnownRecipes {
		known[it] = true
	}
	// The plan's steps the memory kept are the plan seen, its recipes
	// known.
	for _, st := range c.Notes().PlanSteps {
		plan = true
		learn("Craft "+st, known)
	}
	for _, a := range c.Acts() {
		if a.Name == "!getCraftingPlan" && mcdata.MentionsStep(a.Output) || strings.Contains(a.Output, mcdata.AllHeld) {
			plan = true
		}
		learn(a.Output, known)
	}
	for _, m := range c.Messages() {
		if mcdata.HasStep(m.Text) {
			plan = true
			learn(m.Text, known)
		}
	}
	// An output whose command the window no longer shows still says
	// what the game answered.
	for _, o := range c.System() {
		learn(o, known)
	}
	return known, plan
}

func learn(text string, known map[string]bool) {
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

// stillNeedAsked reports whether the crafter asked the team for what it
// still lacks (in its words or its memory).
func stillNeedAsked(c *know.Context) bool { return c.Said().Has(chat.StillNeed) || c.Notes().StillNeed }

func (r *crafter) Notes(n *know.Notes) {
	k, c := r.k, r.k.c
	k.g.notes(n)
	n.DoneSoFar = progressNote(c)
	n.CrafterOf, n.CrafterCount = k.goal.Target, max(k.goal.Count, 1)
	known, plan := recipeKnowledge(c)
	n.KnowsPlan = plan
	n.PlanSteps = planSteps(c)
	if helpersDone(c) {
		n.GotAllFrom = c.Others()
	} else {
		n.GotAllFrom = doneSet(c)
	}
	n.StillNeed = stillNeedAsked(c)
	for _, item := range slices.Sorted(maps.Keys(known)) {
		if !strings.HasPrefix(item, "table:") {
			n.KnownRecipes = append(n.KnownRecipes, item)
		}
	}
}

func (r *crafter) Phrasebook(v *voice) Phrasebook {
	return &crafterWords{words: words{k: r.k, v: v}}
}
