package know

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/scan"
)

// Notes are the facts an expert keeps in its memory: what must outlive
// the 15-turn window. A memory call fills the fields its role knows and
// writes them with Facts; the next calls read them back with ParseNotes.
// Each fact is one sentence in fixed words, so the two stay in step
// (TestNotesReadBack). A zero field writes nothing.
type Notes struct {
	// The team's agreement on who collects (crafting, cooking).
	Coordinator   string // who collects, with CoordinatorOf items
	CoordinatorOf int
	ToldAll       bool           // the collector told every teammate it collects
	ToldWho       bool           // the first in name order told everyone who collects
	ToldItemsTo   string         // this agent's offer reached them
	Holdings      map[string]int // the offers heard, by name

	// The crafter.
	CrafterOf    string // the target it crafts, CrafterCount (> 0) of them
	CrafterCount int
	KnowsPlan    bool // it has seen the crafting plan for the target
	// PlanSteps are the plan's steps as MINDcraft writes them without
	// their "Craft " ("1 oak_log -> 4 oak_planks"): the recipes, kept
	// once the plan scrolls out of the window.
	PlanSteps []string
	// A crafting helper.
	CraftsFor     [2]string // the crafter and the target
	CannotSeePlan string    // the crafter, who said it cannot see the plan
	SentPlanTo    string

	// Cooking.
	OwnDish       bool     // Hell's Kitchen: each cooks its own dish
	CooksMeal     bool     // the cook
	NoRecipes     bool     // the cook heard no teammate has the recipes
	TeammatesMake []string // dishes helpers said they make
	ToldNoNeed    []string // dishes the cook told a helper it made itself
	CookIs        string   // a helper: the cook
	NeedsRecipes  string   // who asked for the recipes
	SentRecipesTo string   // "my partner" in Hell's Kitchen
	ToldDoneTo    string   // the report that everything was handed over reached them
	NoNeed        []Made   // a helper: dishes the cook made itself
	Makes         Promise  // a helper's promised dish
	Gave          Promise  // ... and its hand-over
	GotAllFrom    []string // teammates that handed over everything
	StillNeed     bool     // the crafter asked the team for what it still lacks
	KnownRecipes  []string // the crafter's
	RecipesKnown  []string // the cook's dishes whose recipes it knows
	RecipeNotes   []RecipeNote
	NoChest       bool
	ChestLacks    []string
	ChestSeen     bool           // it looked into the chest; ChestHolds is what it saw
	ChestHolds    map[string]int // written in name order

	// Building.
	Builds      bool // the builder's plan
	Blueprint   Blueprint
	PartIn      []int // the levels its share is in on
	ToldPlan    bool
	Checked     bool // it read a check: LastCheck cells to fix (-1: the house matched)
	LastCheck   int
	PlanWith    []string
	Unreachable []string // blocks its code could not reach

	// Farm-to-table.
	Parts      map[string]string // each agent's part of the supply chain, by name: "3 milk_bucket, 2 sugar"
	Seen       []string          // the farm's blocks and animals it saw
	PartDone   bool              // a farmhand handed its part over
	HandedOver []string          // the items of its part it handed over

	TeammatesLack []string // "item (name)"
	Waiting       bool     // it ended a window waiting for teammates
	// LastSeen is what each teammate was last seen doing in its messages
	// ("Andy_0 crafting stick"), in name order.
	LastSeen  []string
	DoneSoFar []string // the last things it did

	// EscapeRoom is what an escape agent keeps of the room it is in: its
	// scan (where it stood, the mechanisms with their positions, the
	// teammates it saw) and how far the room's plan got, in its own
	// words (generate/scripted's escape role writes and reads them).
	EscapeRoom string
}

// Made is a dish the cook made itself, as the helper that was to make it
// keeps it.
type Made struct{ Dish, By string }

// Promise is a dish and the cook it is for.
type Promise struct{ Dish, For string }

// RecipeNote is what a dish takes, kept as the recipe leaves the window.
type RecipeNote struct{ Dish, Takes string }

// Blueprint is where the house's levels are: Levels levels, level k at
// Origin plus k blocks up.
type Blueprint struct {
	Levels int
	Origin [3]int
}

// The notes' fixed sentences.
const (
	toldAll      = "I told everyone I collect."
	toldWho      = "I told everyone who collects."
	ownDish      = "I cook my own dish and keep it; my partner cooks theirs."
	cooksMeal    = "I cook the meal; teammates send me their items."
	noRecipes    = "No teammate has the recipes."
	stillNeed    = "I still need items and asked the team."
	noChest      = "There is no chest here."
	chestEmpty   = "The chest is empty."
	builds       = "Building level by level: on each level, my run of every material's cells."
	toldPlan     = "I told the team the plan."
	checkMatched = "Last check: the house matches the blueprint."
	waiting      = "I have been waiting for my teammates."
	partDone     = "I handed over my part."
	noNeedPrefix = "No need to make the "
	// planStepsPrefix starts the plan's steps; a step holds no ". ", so
	// the sentence ends at the last step.
	planStepsPrefix = "Plan steps: "
	lastSeenPrefix  = "Last seen: "
)

// Facts are the notes as the memory writes them, one sentence each, in
// the order they matter: when the memory is full the later ones are the
// ones to lose.
func (n *Notes) Facts() []string {
	var f []string
	add := func(ok bool, s string) {
		if ok {
			f = append(f, s)
		}
	}
	// An escape agent's room comes first: the memory keeps it when full.
	add(n.EscapeRoom != "", escapeRoomMark+n.EscapeRoom+escapeRoomEnd)
	// A count the context never showed is left out, not written as 0.
	add(n.Coordinator != "" && n.CoordinatorOf > 0, "Coordinator: "+n.Coordinator+" ("+items(n.CoordinatorOf)+").")
	add(n.Coordinator != "" && n.CoordinatorOf <= 0, "Coordinator: "+n.Coordinator+".")
	add(n.ToldAll, toldAll)
	add(n.ToldWho, toldWho)
	add(n.ToldItemsTo != "", "Told "+n.ToldItemsTo+" my items.")
	if len(n.Holdings) > 0 {
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(n.Holdings)) {
			parts = append(parts, name+" "+strconv.Itoa(n.Holdings[name]))
		}
		f = append(f, "Holdings: "+strings.Join(parts, ", ")+".")
	}
	add(n.CrafterCount > 0, "I am the crafter of "+strconv.Itoa(n.CrafterCount)+" "+n.CrafterOf+"; teammates send me their items.")
	add(n.KnowsPlan, "I know the crafting plan for "+n.CrafterOf+".")
	add(n.CraftsFor[0] != "", n.CraftsFor[0]+" crafts the "+n.CraftsFor[1]+"; I give my items to "+n.CraftsFor[0]+".")
	add(n.CannotSeePlan != "", n.CannotSeePlan+" cannot see the plan.")
	add(n.SentPlanTo != "", "I sent "+n.SentPlanTo+" the crafting plan.")
	add(n.OwnDish, ownDish)
	add(n.CooksMeal, cooksMeal)
	add(n.NoRecipes, noRecipes)
	add(len(n.TeammatesMake) > 0, "Teammates make: "+strings.Join(n.TeammatesMake, ", ")+".")
	for _, d := range n.ToldNoNeed {
		f = append(f, "Told the helper: "+noNeedPrefix+d+".")
	}
	add(n.CookIs != "", n.CookIs+" cooks the meal; I give my items to "+n.CookIs+".")
	add(n.NeedsRecipes != "", n.NeedsRecipes+" needs the recipes.")
	add(n.SentRecipesTo != "", "I sent the recipes to "+n.SentRecipesTo+".")
	add(n.ToldDoneTo != "", "Told "+n.ToldDoneTo+" I gave everything.")
	for _, m := range n.NoNeed {
		f = append(f, noNeedPrefix+m.Dish+": "+m.By+" made it.")
	}
	add(n.Makes.Dish != "", "I make the "+n.Makes.Dish+" for "+n.Makes.For+".")
	add(n.Gave.Dish != "", "I gave "+n.Gave.For+" the "+n.Gave.Dish+".")
	add(len(n.GotAllFrom) > 0, "Got everything from: "+strings.Join(n.GotAllFrom, ", ")+".")
	add(n.StillNeed, stillNeed)
	add(len(n.KnownRecipes) > 0, "Known recipes: "+strings.Join(n.KnownRecipes, ", ")+".")
	// Long, so after the notes the agent's role rests on.
	add(len(n.PlanSteps) > 0, planStepsPrefix+strings.Join(n.PlanSteps, "; ")+".")
	add(len(n.RecipesKnown) > 0, "Recipes known: "+strings.Join(n.RecipesKnown, ", ")+".")
	for _, r := range n.RecipeNotes {
		f = append(f, "Recipe for "+r.Dish+": "+r.Takes+".")
	}
	add(n.NoChest, noChest)
	add(len(n.ChestLacks) > 0, "Chest lacks: "+strings.Join(n.ChestLacks, ", ")+".")
	if n.ChestSeen {
		var parts []string
		for _, item := range slices.Sorted(maps.Keys(n.ChestHolds)) {
			parts = append(parts, strconv.Itoa(n.ChestHolds[item])+" "+item)
		}
		add(len(parts) == 0, chestEmpty)
		add(len(parts) > 0, "The chest holds: "+strings.Join(parts, ", ")+".")
	}
	add(n.Builds, builds)
	if b := n.Blueprint; b.Levels > 0 {
		f = append(f, fmt.Sprintf("Blueprint: %d levels, level 0 at X: %d, Y: %d, Z: %d.", b.Levels, b.Origin[0], b.Origin[1], b.Origin[2]))
	}
	if len(n.PartIn) > 0 {
		ks := make([]string, len(n.PartIn))
		for i, k := range n.PartIn {
			ks[i] = strconv.Itoa(k)
		}
		f = append(f, "My part is in on levels: "+strings.Join(ks, ", ")+".")
	}
	add(n.ToldPlan, toldPlan)
	add(n.Checked && n.LastCheck < 0, checkMatched)
	add(n.Checked && n.LastCheck >= 0, "Last check: "+strconv.Itoa(n.LastCheck)+" cells to fix.")
	add(len(n.PlanWith) > 0, "Plan settled with: "+strings.Join(n.PlanWith, ", ")+".")
	for _, name := range slices.Sorted(maps.Keys(n.Parts)) {
		f = append(f, "Part of "+name+": "+n.Parts[name]+".")
	}
	add(n.PartDone, partDone)
	add(len(n.HandedOver) > 0, "Handed over: "+strings.Join(n.HandedOver, ", ")+".")
	add(len(n.Seen) > 0, "Seen around: "+strings.Join(n.Seen, ", ")+".")
	add(len(n.TeammatesLack) > 0, "Teammates lack: "+strings.Join(n.TeammatesLack, ", ")+".")
	add(len(n.Unreachable) > 0, "Could not reach cells for: "+strings.Join(n.Unreachable, ", ")+".")
	add(n.Waiting, waiting)
	add(len(n.LastSeen) > 0, lastSeenPrefix+strings.Join(n.LastSeen, ", ")+".")
	add(len(n.DoneSoFar) > 0, "Done so far: "+strings.Join(n.DoneSoFar, ", ")+".")
	return f
}

// An escape room's note: "My room: ... (end of room)."
const (
	escapeRoomMark = "My room: "
	escapeRoomEnd  = " (end of room)."
)

// items is "1 item" or "n items".
func items(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}

// ParseNotes reads a memory's notes back. A note may stand anywhere in
// the memory; what is not a note is left unread.
func ParseNotes(memory string) Notes {
	var n Notes
	if memory == "" {
		return n
	}
	memory = plainWords(memory)
	n.readAgreement(memory)
	n.readCrafting(memory)
	n.readCooking(memory)
	n.readChest(memory)
	n.readBuilding(memory)
	n.readFarm(memory)
	n.TeammatesLack = splitList(memory, "Teammates lack: ", func(c byte) bool { return isListByte(c) || c == '(' || c == ')' })
	n.Waiting = strings.Contains(memory, waiting)
	n.LastSeen = splitList(memory, lastSeenPrefix, isListByte)
	if list, ok := listAfter(memory, "Done so far: ", func(c byte) bool { return c != '.' }); ok {
		n.DoneSoFar = strings.Split(list, ", ")
	}
	if i := strings.Index(memory, escapeRoomMark); i >= 0 {
		rest := memory[i+len(escapeRoomMark):]
		if j := strings.Index(rest, escapeRoomEnd); j >= 0 {
			n.EscapeRoom = rest[:j]
		}
	}
	return n
}

// readAgreement reads the notes of who collects.
func (n *Notes) readAgreement(m string) {
	n.Coordinator, n.CoordinatorOf = coordinatorNote(m)
	n.ToldAll = strings.Contains(m, toldAll)
	n.ToldWho = strings.Contains(m, toldWho)
	n.ToldItemsTo = nameBetween(m, "Told ", " my items.")
	if list, ok := listAfter(m, "Holdings: ", isListByte); ok {
		n.Holdings = map[string]int{}
		for _, part := range strings.Split(list, ", ") {
			if name, c, ok := strings.Cut(strings.TrimSpace(part), " "); ok {
				if k, err := strconv.Atoi(c); err == nil {
					n.Holdings[name] = k
				}
			}
		}
	}
	n.GotAllFrom = splitList(m, "Got everything from: ", isListByte)
	n.ToldDoneTo = nameBetween(m, "Told ", " I gave everything.")
}

// readCrafting reads the crafter's and its helpers' notes.
func (n *Notes) readCrafting(m string) {
	if c, rest, ok := countIn(m, "I am the crafter of "); ok {
		if t, ok := strings.CutPrefix(rest, " "); ok && itemLen(t) > 0 {
			n.CrafterOf, n.CrafterCount = t[:itemLen(t)], c
		}
	}
	n.KnowsPlan = strings.Contains(m, "I know the crafting plan")
	if i := strings.Index(m, planStepsPrefix); i >= 0 {
		for _, st := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sentenceAt(m, i), planStepsPrefix), "."), "; ") {
			if mcdata.HasStep("Craft " + st) {
				n.PlanSteps = append(n.PlanSteps, st)
			}
		}
	}
	if l := nameBefore(m, " crafts the "); l != "" {
		if _, rest, ok := strings.Cut(m, l+" crafts the "); ok {
			n.CraftsFor = [2]string{l, rest[:itemLen(rest)]}
		}
	}
	n.CannotSeePlan = nameBefore(m, " cannot see the plan.")
	n.SentPlanTo = nameBetween(m, "I sent ", " the crafting plan.")
	n.StillNeed = strings.Contains(m, stillNeed)
	n.KnownRecipes = splitList(m, "Known recipes: ", isListByte)
}

// readCooking reads the cooks' notes.
func (n *Notes) readCooking(m string) {
	n.OwnDish = strings.Contains(m, ownDish)
	n.CooksMeal = strings.Contains(m, cooksMeal)
	n.NoRecipes = strings.Contains(m, noRecipes)
	n.TeammatesMake = splitList(m, "Teammates make: ", isListByte)
	n.ToldNoNeed = itemsAfter(m, "Told the helper: "+noNeedPrefix)
	n.CookIs = nameBefore(m, " cooks the meal; I give my items to ")
	n.NeedsRecipes = nameBefore(m, " needs the recipes.")
	if i := strings.Index(m, "I sent the recipes to "); i >= 0 {
		n.SentRecipesTo = strings.TrimSuffix(strings.TrimPrefix(sentenceAt(m, i), "I sent the recipes to "), ".")
	}
	for _, d := range itemsAfter(m, noNeedPrefix) {
		if by := nameBetween(m, noNeedPrefix+d+": ", " made it."); by != "" {
			n.NoNeed = append(n.NoNeed, Made{Dish: d, By: by})
		}
	}
	if d, rest, ok := wordAfter(m, "I make the "); ok {
		if who, ok := strings.CutPrefix(rest, " for "); ok {
			n.Makes = Promise{Dish: d, For: who[:wordLen(who)]}
		}
	}
	n.Gave = gaveNote(m)
	n.RecipesKnown = splitList(m, "Recipes known: ", isListByte)
	for _, d := range itemsAfter(m, "Recipe for ") {
		if i := strings.Index(m, "Recipe for "+d+": "); i >= 0 {
			n.RecipeNotes = append(n.RecipeNotes, RecipeNote{Dish: d, Takes: strings.TrimSuffix(strings.TrimPrefix(sentenceAt(m, i), "Recipe for "+d+": "), ".")})
		}
	}
}

// gaveNote reads the first "I gave <name> the <dish>.".
func gaveNote(m string) Promise {
	for from := 0; from < len(m); {
		who, rest, ok := wordAfter(m[from:], "I gave ")
		if !ok {
			break
		}
		from = len(m) - len(rest)
		if d, ok := strings.CutPrefix(rest, " the "); ok && itemLen(d) > 0 {
			return Promise{Dish: d[:itemLen(d)], For: who}
		}
	}
	return Promise{}
}

// readChest reads the notes of the kitchen's chest.
func (n *Notes) readChest(m string) {
	n.NoChest = strings.Contains(m, noChest)
	n.ChestLacks = splitList(m, "Chest lacks: ", isListByte)
	if list, ok := listAfter(m, "The chest holds: ", isListByte); ok {
		n.ChestSeen, n.ChestHolds = true, counted(strings.Split(list, ", "))
	} else if strings.Contains(m, chestEmpty) {
		n.ChestSeen, n.ChestHolds = true, map[string]int{}
	}
}

// readBuilding reads the builders' notes.
func (n *Notes) readBuilding(m string) {
	n.Builds = strings.Contains(m, builds)
	n.Blueprint = blueprintNote(m)
	if list, ok := listAfter(m, "My part is in on levels: ", func(c byte) bool { return scan.Digit(c) || c == ',' || c == ' ' }); ok {
		for _, f := range strings.Split(list, ", ") {
			if k, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
				n.PartIn = append(n.PartIn, k)
			}
		}
	}
	n.ToldPlan = strings.Contains(m, toldPlan)
	if strings.Contains(m, checkMatched) {
		n.Checked, n.LastCheck = true, -1
	} else if k, rest, ok := countIn(m, "Last check: "); ok && strings.HasPrefix(rest, " cells to fix.") {
		n.Checked, n.LastCheck = true, k
	}
	n.PlanWith = splitList(m, "Plan settled with: ", isListByte)
	n.Unreachable = splitList(m, "Could not reach cells for: ", isListByte)
}

// readFarm reads the farm-to-table notes.
func (n *Notes) readFarm(m string) {
	for from := 0; ; {
		name, rest, ok := wordAfter(m[from:], "Part of ")
		if !ok {
			break
		}
		from = len(m) - len(rest)
		if list, ok := listAfter(rest, ": ", func(c byte) bool { return isListByte(c) || scan.Digit(c) }); ok && strings.HasPrefix(rest, ": ") {
			if n.Parts == nil {
				n.Parts = map[string]string{}
			}
			n.Parts[name] = list
		}
	}
	n.PartDone = strings.Contains(m, partDone)
	n.HandedOver = splitList(m, "Handed over: ", isListByte)
	n.Seen = splitList(m, "Seen around: ", isListByte)
}

// NoNeedFor reports whether the memory says the cook made dish itself:
// the cook's note that it told the helper, or the helper's.
func (n *Notes) NoNeedFor(dish string) bool {
	return slices.Contains(n.ToldNoNeed, dish) || slices.ContainsFunc(n.NoNeed, func(m Made) bool { return m.Dish == dish })
}

// coordinatorNote reads "Coordinator: <name> (<n> items)." (or "(1
// item)"), or "Coordinator: <name>." (no count known: 0).
func coordinatorNote(s string) (string, int) {
	for from := 0; ; {
		name, rest, ok := wordAfter(s[from:], "Coordinator: ")
		if !ok {
			return "", 0
		}
		from = len(s) - len(rest)
		if strings.HasPrefix(rest, ".") {
			return name, 0
		}
		if rest, ok := strings.CutPrefix(rest, " ("); ok {
			if d := scan.Span(rest, scan.Digit); d > 0 && (strings.HasPrefix(rest[d:], " item).") || strings.HasPrefix(rest[d:], " items).")) {
				c, _ := strconv.Atoi(rest[:d])
				return name, c
			}
		}
	}
}

// Mentions reports whether the memory names s anywhere. Two readings of
// the memory have always been this loose (a dish mentioned by any note
// counts as known once the memory lists known recipes; a crafting_table
// mentioned anywhere counts as asked for); they are kept as they are.
func Mentions(memory, s string) bool { return strings.Contains(memory, s) }

// listAfter is the run of class bytes after the first lit in s that has a
// run ending in "." (`lit([class]+)\.`).
func listAfter(s, lit string, class func(byte) bool) (string, bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return "", false
		}
		at := from + k + len(lit)
		n := scan.Span(s[at:], class)
		if n > 0 && at+n < len(s) && s[at+n] == '.' {
			return s[at : at+n], true
		}
		from += k + 1
	}
}

// splitList is listAfter's list split at ", " (nil when there is none).
func splitList(s, lit string, class func(byte) bool) []string {
	list, ok := listAfter(s, lit, class)
	if !ok {
		return nil
	}
	out := strings.Split(list, ", ")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// wordAfter is the name (\w+) after the first lit in s followed by one,
// and what follows it.
func wordAfter(s, lit string) (word, rest string, ok bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return "", "", false
		}
		at := from + k + len(lit)
		if n := wordLen(s[at:]); n > 0 {
			return s[at : at+n], s[at+n:], true
		}
		from += k + 1
	}
}

// nameBetween is the name (\w+) in the first "pre<name>post" of s.
func nameBetween(s, pre, post string) string {
	for from := 0; ; {
		k := strings.Index(s[from:], pre)
		if k < 0 {
			return ""
		}
		at := from + k + len(pre)
		if n := wordLen(s[at:]); n > 0 && strings.HasPrefix(s[at+n:], post) {
			return s[at : at+n]
		}
		from += k + 1
	}
}

// nameBefore is the name (\w+) right before the first post in s that has
// one.
func nameBefore(s, post string) string {
	for from := 0; ; {
		k := strings.Index(s[from:], post)
		if k < 0 {
			return ""
		}
		at := from + k
		if n := scan.SpanBack(s, at, scan.Word); n > 0 {
			return s[at-n : at]
		}
		from = at + 1
	}
}

// itemsAfter are the item names ([a-z_]+) after each lit in s, in order.
func itemsAfter(s, lit string) []string {
	var out []string
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return out
		}
		at := from + k + len(lit)
		n := itemLen(s[at:])
		if n > 0 && !slices.Contains(out, s[at:at+n]) {
			out = append(out, s[at:at+n])
		}
		from = at
	}
}

// countIn reads "lit<digits>" at the first lit in s followed by digits:
// the number and what follows.
func countIn(s, lit string) (int, string, bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return 0, "", false
		}
		at := from + k + len(lit)
		if d := scan.Span(s[at:], scan.Digit); d > 0 {
			v, _ := strconv.Atoi(s[at : at+d])
			return v, s[at+d:], true
		}
		from += k + 1
	}
}

// sentenceAt is the sentence of s that starts at i, its full stop
// included.
func sentenceAt(s string, i int) string {
	if j := strings.Index(s[i:], ". "); j >= 0 {
		return s[i : i+j+1]
	}
	return s[i:]
}

// blueprintNote reads "Blueprint: N levels, level 0 at X: x, Y: y, Z: z.".
func blueprintNote(s string) Blueprint {
	var b Blueprint
	n, rest, ok := countIn(s, "Blueprint: ")
	if !ok {
		return b
	}
	rest, ok = strings.CutPrefix(rest, " levels, level 0 at X: ")
	for i, sep := range []string{", Y: ", ", Z: ", "."} {
		if !ok {
			return Blueprint{}
		}
		neg := strings.HasPrefix(rest, "-")
		if neg {
			rest = rest[1:]
		}
		d := scan.Span(rest, scan.Digit)
		if d == 0 {
			return Blueprint{}
		}
		v, _ := strconv.Atoi(rest[:d])
		if neg {
			v = -v
		}
		b.Origin[i] = v
		rest, ok = strings.CutPrefix(rest[d:], sep)
	}
	if !ok {
		return Blueprint{}
	}
	b.Levels = n
	return b
}

// counted reads "3 egg" entries as counts by item (others skipped).
func counted(entries []string) map[string]int {
	out := map[string]int{}
	for _, e := range entries {
		if n, item, ok := strings.Cut(strings.TrimSpace(e), " "); ok {
			if c, err := strconv.Atoi(n); err == nil {
				out[item] += c
			}
		}
	}
	return out
}

func wordLen(s string) int { return scan.Span(s, scan.Word) }
func itemLen(s string) int { return scan.Span(s, scan.Lower) }

func isListByte(c byte) bool { return scan.Word(c) || c == ',' || c == ' ' }
