package scripted

import (
	"maps"
	"slices"
	"strings"

	"collabcraft/generate/scripted/chat"
	"collabcraft/procgen"
	"collabcraft/world/texts"
)

// maxMemory is MINDcraft's memory limit in characters.
const maxMemory = 500

// summarize writes the memory for a memory call: a short recap of the
// goal and role, then the facts the agent's decisions rest on, in fixed
// phrases it reads back later (the old memory and the folded turns are
// both parsed, so nothing it still needs is lost).
func (s *state) summarize() string {
	var facts []string
	progress := ""
	if e, ok := s.expert(); ok {
		if k, _ := procgen.KindOfType(s.v.TaskType); k != procgen.Construction {
			facts = append(facts, s.roleFacts()...)
			progress = s.progressFact()
		}
		facts = append(facts, e.facts(s)...)
	}
	if s.stays() >= 3 || s.notes.Waiting {
		facts = append(facts, waitingNote)
	}
	// The progress recap goes last: when the memory is full it is the one
	// to lose, not a recipe the agent still has to follow. A fact that does
	// not fit is skipped, and shorter ones after it still go in.
	facts = append(facts, progress)
	out := ""
	for _, f := range facts {
		if f == "" || len(out)+len(f)+1 > maxMemory {
			continue
		}
		if out != "" {
			out += " "
		}
		out += f
	}
	return out
}

// progressFact is what the agent has done, as its outputs said: the
// memory's list carried on, with the folded turns' crafts, smelts,
// harvests and hand-overs added (the last four), so the memory moves on
// with the task.
func (s *state) progressFact() string {
	done := slices.Clone(s.notes.DoneSoFar)
	for _, a := range s.acts {
		if f := doneFact(a.Output); f != "" {
			done = append(done, f)
		}
	}
	if len(done) == 0 {
		return ""
	}
	done = slices.Compact(done)
	if len(done) > 4 {
		done = done[len(done)-4:]
	}
	return "Done so far: " + strings.Join(done, ", ") + "."
}

// doneFact is what an output says was done: a craft, a smelt, a harvest
// or a hand-over ("" for none, or a harvest of nothing).
func doneFact(o string) string {
	if item, _, ok := texts.ParseCrafted(o); ok {
		return "crafted " + item
	}
	if _, _, out, ok := texts.ParseSmelted(o); ok {
		return "smelted " + out
	}
	if n, block, ok := texts.ParseCollected(o); ok {
		if n == 0 {
			return ""
		}
		return "collected " + itoa(n) + " " + block
	}
	if who, item, ok := texts.ParseReceived(o); ok {
		return "gave " + item + " to " + who
	}
	return ""
}

func (s *state) craftFacts() []string {
	target, n := s.craftGoal()
	var f []string
	if s.isLeader() {
		f = append(f, "I am the crafter of "+itoaN(n)+" "+target+"; teammates send me their items.")
		known, plan := s.recipeKnowledge()
		if plan {
			f = append(f, "I know the crafting plan for "+target+".")
		}
		if s.helpersDone() {
			f = append(f, "Got everything from: "+strings.Join(s.others(), ", ")+".")
		} else if d := s.doneSet(); len(d) > 0 {
			f = append(f, "Got everything from: "+strings.Join(d, ", ")+".")
		}
		if s.stillNeedAsked() {
			f = append(f, "I still need items and asked the team.")
		}
		var ks []string
		for _, k := range slices.Sorted(maps.Keys(known)) {
			if !strings.HasPrefix(k, "table:") {
				ks = append(ks, k)
			}
		}
		if len(ks) > 0 {
			f = append(f, "Known recipes: "+strings.Join(ks, ", ")+".")
		}
		return f
	}
	leader := s.leader()
	if leader == "" {
		return f
	}
	f = append(f, leader+" crafts the "+target+"; I give my items to "+leader+".")
	if s.leaderLacksPlan() {
		f = append(f, leader+" cannot see the plan.")
	}
	if s.c.Said().Has(chat.PlanRelay) {
		f = append(f, "I sent "+leader+" the crafting plan.")
	}
	if s.reportedDone(leader) {
		f = append(f, "Told "+leader+" I gave everything.")
	}
	return f
}

// doneSet lists the teammates that said they handed over everything.
func (s *state) doneSet() []string {
	var out []string
	for _, o := range s.others() {
		if slices.Contains(s.notes.GotAllFrom, o) {
			out = append(out, o)
			continue
		}
		for _, m := range s.msgs {
			if m.From == o && m.Has(chat.DoneReport) {
				out = append(out, o)
				break
			}
		}
	}
	return out
}

func (s *state) cookFacts() []string {
	var f []string
	leader := s.leader()
	var known, lacks []string
	for _, d := range s.dishes() {
		if s.knowsRecipe(d.Item) {
			known = append(known, d.Item)
		}
	}
	for _, a := range s.acts {
		if a.Name == "!takeFromChest" && len(a.Args) == 2 && texts.IsNotInChest(a.Output) && !slices.Contains(lacks, a.Args[0]) {
			lacks = append(lacks, a.Args[0])
		}
	}
	for _, it := range s.notes.ChestLacks {
		if it != "" && !slices.Contains(lacks, it) {
			lacks = append(lacks, it)
		}
	}
	switch {
	case s.hellsKitchen():
		f = append(f, "I cook my own dish and keep it; my partner cooks theirs.")
		if s.saidRecipes() {
			f = append(f, "I sent the recipes to my partner.")
		}
	case s.isLeader():
		f = append(f, "I cook the meal; teammates send me their items.")
		if s.noOneHasRecipes() {
			f = append(f, memNoRecipes)
		}
		if c := s.claimed(); len(c) > 0 {
			f = append(f, "Teammates make: "+strings.Join(slices.Sorted(maps.Keys(c)), ", ")+".")
			for _, d := range slices.Sorted(maps.Keys(c)) {
				if s.saidNoNeed(d) {
					f = append(f, "Told the helper: "+noNeed+d+".")
				}
			}
		}
		if d := s.doneSet(); len(d) > 0 {
			f = append(f, "Got everything from: "+strings.Join(d, ", ")+".")
		}
	case leader == "":
	default:
		f = append(f, leader+" cooks the meal; I give my items to "+leader+".")
		if s.askedForRecipes(leader) {
			f = append(f, leader+" needs the recipes.")
		}
		if s.saidRecipes() {
			f = append(f, "I sent the recipes to "+leader+".")
		}
		if s.reportedDone(leader) {
			f = append(f, "Told "+leader+" I gave everything.")
		}
		for _, d := range s.dishes() {
			if s.cancelled(d.Item) {
				f = append(f, noNeed+d.Item+": "+leader+" made it.")
			}
		}
		// Only a dish it told the cook it makes: the memory keeps the
		// helper to its word, not to a guess.
		if d := s.myDish(); d != "" && s.promised(d) {
			f = append(f, "I make the "+d+" for "+leader+".")
			if s.gaveDish(d) {
				f = append(f, "I gave "+leader+" the "+d+".")
			}
		}
	}
	if len(known) > 0 {
		f = append(f, "Recipes known: "+strings.Join(known, ", ")+".")
	}
	// What a known recipe needs stays in memory, as the recipe itself
	// leaves the window: the ingredients are what the agent acts on.
	// Dishes still to make come first: when the memory is full, the note
	// to lose is for a dish already made or claimed by a teammate.
	claimed := s.claimed()
	settled := func(d string) bool { return claimed[d] || s.count(d) > 0 }
	slices.SortStableFunc(known, func(a, b string) int {
		switch sa, sb := settled(a), settled(b); {
		case sa == sb:
			return 0
		case sb:
			return -1
		}
		return 1
	})
	for _, d := range known {
		if r := recipeNote(d); r != "" {
			f = append(f, r)
		}
	}
	switch {
	case s.noChest():
		f = append(f, memNoChest)
	case len(lacks) > 0:
		f = append(f, "Chest lacks: "+strings.Join(lacks, ", ")+".")
	}
	if listing, viewed := s.chestListing(); viewed && !s.noChest() {
		var parts []string
		for _, item := range sortedKeys(listing) {
			parts = append(parts, itoa(listing[item])+" "+item)
		}
		if len(parts) == 0 {
			f = append(f, "The chest is empty.")
		} else {
			f = append(f, "The chest holds: "+strings.Join(parts, ", ")+".")
		}
	}
	if l := s.lackingFact(); l != "" {
		f = append(f, l)
	}
	return f
}

// recipeNote is "Recipe for <dish>: <ingredients>." ("" for a dish
// without one).
func recipeNote(dish string) string {
	if raw, ok := cooked[dish]; ok {
		return "Recipe for " + dish + ": smelt 1 " + raw + "."
	}
	var s state
	r, ok := s.cookRecipe(dish)
	if !ok {
		return ""
	}
	var parts []string
	for _, in := range r.Ingredients {
		parts = append(parts, itoa(in.Count)+" "+in.Item)
	}
	return "Recipe for " + dish + ": " + strings.Join(parts, ", ") + "."
}

func itoaN(n int) string {
	if n <= 0 {
		n = 1
	}
	return strings.TrimSpace(strings.Repeat(" ", 0) + itoa(n))
}
