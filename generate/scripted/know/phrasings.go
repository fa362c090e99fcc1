package know

import (
	"strings"
	"sync"
)

// phrasings are the notes' fixed words (first) and the other ways a
// memory may say them. Say draws one for each a note holds; ParseNotes
// reads every one back as the first, so a note reads the same whichever
// way it was said (TestNotesReadBack, TestPhrasingsReadBack). No phrasing
// holds another's words, a name or an item, so reading back replaces
// only what Say wrote.
var phrasings = [][]string{
	{"Coordinator: ", "Collector: ", "The team's collector: ", "Items go to: "},
	{toldAll, "Everyone knows I collect.", "I said to everyone that I collect.", "I announced that I gather the items."},
	{toldWho, "I told the team who gathers.", "Everyone heard from me who collects."},
	{"Holdings: ", "Items held: ", "What each holds: ", "Counts heard: "},
	{"I am the crafter of ", "My job is to craft ", "I am to craft "},
	{"; teammates send me their items.", "; the others hand me what they hold.", "; everyone sends their items to me.", "; my teammates pass me their items."},
	{"I know the crafting plan for ", "I have seen the crafting plan for ", "I have the crafting plan for ", "Crafting plan seen for "},
	{planStepsPrefix, "The plan's steps: ", "Steps to follow: ", "Recipe steps: "},
	{" crafts the ", " is crafting the ", " will craft the "},
	{"; I give my items to ", "; my items go to ", "; I hand my items to "},
	{cooksMeal, "I am the cook; the others hand me their items.", "The meal is mine to cook; teammates pass me their items."},
	{" cooks the meal;", " is the cook;", " makes the meal;"},
	{noRecipes, "Nobody on the team has the recipes.", "The recipes are with no teammate."},
	{"Teammates make: ", "Dishes teammates make: ", "Made by teammates: "},
	{"Got everything from: ", "All items received from: ", "Everything handed over by: "},
	{stillNeed, "I asked the team for what I still lack.", "Still short of items; the team was asked."},
	{"Known recipes: ", "Recipes I know: ", "Recipes seen: "},
	{"Recipes known: ", "Dishes I have recipes for: ", "I have recipes for: "},
	{noChest, "No chest around here.", "This kitchen has no chest."},
	{builds, "I build one level at a time: my run of each material's cells on every level.", "Level after level, I place my run of every material's cells.", "Per level I lay my run of each material's cells, then go up."},
	{"Blueprint: ", "House plan: ", "The blueprint has ", "The house has "},
	{" levels, level 0 at X: ", " levels, the ground level at X: ", " levels; level 0 starts at X: "},
	{"My part is in on levels: ", "My share is on levels: ", "I have cells on levels: ", "Levels with my part: "},
	{toldPlan, "The team heard the plan from me.", "I shared the plan with the team.", "I said the plan to the team."},
	{checkMatched, "Last check: the house is as the blueprint wants.", "Last check: nothing left to fix."},
	{"Last check: ", "Latest check: ", "The last check found "},
	{" cells to fix.", " cells left to fix.", " cells still wrong."},
	{"Plan settled with: ", "Plan agreed with: ", "Agreed the split with: ", "Split settled with: "},
	{"Teammates lack: ", "What teammates lack: ", "Missing on the team: "},
	{"Could not reach cells for: ", "Out of reach: ", "Cells I could not reach, for: "},
	{waiting, "I was waiting on my teammates.", "My teammates kept me waiting.", "I have been standing by for the team."},
	{"Done so far: ", "Lately: ", "Recent steps: ", "Last done: "},
	{lastSeenPrefix, "Teammates lately: ", "Last I saw: ", "What the others were doing: "},
	{" I gave everything.", " I handed over all I had.", " everything of mine is with them."},
	{" my items.", " what I hold.", " what I have."},
}

// Say writes each fixed phrase of a note (a Facts sentence) the way
// pick chooses among its phrasings (pick(n) is in [0, n)); pick always
// 0 leaves the note as Facts wrote it.
func Say(note string, pick func(n int) int) string {
	for _, p := range phrasings {
		if strings.Contains(note, p[0]) {
			note = strings.ReplaceAll(note, p[0], p[pick(len(p))])
		}
	}
	return note
}

// plain reads every phrasing back as the notes' fixed words.
var plain = sync.OnceValue(func() *strings.Replacer {
	var olds []string
	for _, p := range phrasings {
		for _, v := range p[1:] {
			olds = append(olds, v, p[0])
		}
	}
	return strings.NewReplacer(olds...)
})

// plainWords is the memory in the notes' fixed words. A phrasing may say
// two fixed phrases in one ("Latest check: nothing left to fix."), so
// the words are read back until nothing changes.
func plainWords(memory string) string {
	for range len(phrasings) {
		m := plain().Replace(memory)
		if m == memory {
			break
		}
		memory = m
	}
	return memory
}
