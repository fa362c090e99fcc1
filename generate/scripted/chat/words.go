package chat

import (
	"fmt"
	"strconv"
	"strings"
)

// The words of each kind: every wording the experts' phrasebooks say it
// in, as fmt templates with explicit indexes (the facts in the order each
// list's comment gives). A phrasebook draws one wording per message;
// TestEveryWordingReadsBack fills in every one and reads it back as its
// kind. Wordings are added here, beside the reader, never inline in a
// phrasebook.

// Holdings is an Offer: what the sender holds, counted as the reader
// reads it ("(6 items)").
func Holdings(list string, n int) string {
	switch n {
	case 0:
		return "I have nothing (0 items)"
	case 1:
		return "I have " + list + " (1 item)"
	}
	return "I have " + list + " (" + strconv.Itoa(n) + " items)"
}

// OfferAsks end an offer: how the collector is picked, and (mostly an
// AskItems) what the reader holds.
var OfferAsks = []string{
	"Whoever holds the most should collect everything. What do you have?",
	"Let's have the one holding the most items do the collecting. What about you?",
	"The one with the most items should gather it all; what are you holding?",
	"I'd say the one with the most items collects. What do you have?",
	"Fewest hand-overs if the biggest holder collects. What are you holding?",
}

// The offer's words on the crafting plan: the second is a NoPlan.
const (
	SeesPlan      = ", and I can see the crafting plan."
	CannotSeePlan = ", but I can't see the crafting plan."
)

// AskOffers ask a teammate that has not offered (AskItems; 1: its name).
var AskOffers = []string{
	"%[1]s, what do you have? I haven't heard your items yet.", "What items are you holding, %[1]s? I'm collecting everyone's before we pick who gathers.",
	"%[1]s, I still need your item count before we choose who collects. What are you holding?", "I'm missing your list, %[1]s: what are you holding?", "Still waiting on your items, %[1]s. What do you have?",
}

// CollectorIsYou tells the collector it collects (Collector; 1: its name,
// 2: its items).
var CollectorIsYou = []string{
	"You hold the most, %[2]s items, so %[1]s collects everything: over to you.",
	"Everyone has told me their items: %[1]s collects everything, since you hold the most, %[2]s items.",
	"With %[2]s items you hold the most, so %[1]s collects everything.",
	"I've heard from the whole team, and your %[2]s items are the most: %[1]s collects everything.",
}

// CollectorIs tells a teammate who collects (Collector; 1: the
// collector, 2: its items).
var CollectorIs = []string{
	"%[1]s collects everything: they hold the most, %[2]s items. Please send your items to %[1]s.",
	"Everyone has told me their items, and %[1]s holds the most, %[2]s items, so %[1]s collects everything. Please send yours to %[1]s.",
	"We have a collector: %[1]s collects everything, with the most items (%[2]s). Your items go to %[1]s.",
	"The most items are with %[1]s, %[2]s of them, so %[1]s collects everything. Please send yours there.",
}

// CollectorAnswers answer a teammate asking for items once the team has
// settled who collects (Collector; 1: the collector).
var CollectorAnswers = []string{
	"%[1]s collects everything, since they hold the most. Please send your items to %[1]s.",
	"We settled it: %[1]s collects everything. My items already went to %[1]s; please send yours too.",
}

// Taking the role (TakeRole): the collector's reason, from the goal
// (GoalCollects), a tie (TiedCollects; 1: the count, as "(n items)", 2:
// the teammate it ties with) or holding the most (MostCollects; 1: the
// count), each ending where the role's task follows; and its answer to a
// teammate asking (CollectsAnswers; 1: its items).
var (
	GoalCollects = []string{
		"The goal says the food goes to me, so I'll collect everything and ", "I'm the one the food should go to, so I'll gather everything and ",
		"Since all the food has to end up with me, I'll gather everything and ", "Our goal has the meal given to me, so I'll collect everything and ",
	}
	TiedCollects = []string{
		"We hold the same number of items%[1]s and my name comes first, so I'll gather everything and ",
		"%[2]s and I hold the same%[1]s, so by name order I'll collect everything and ",
	}
	MostCollects = []string{
		"I hold the most%[1]s, so I'll gather everything and ", "I have the most%[1]s, so I'll collect everything and ",
		"Going by what everyone said, I hold the most%[1]s; I'll collect everything and ", "Nobody has more than me%[1]s, so I'll gather everything and ",
	}
	CollectsAnswers = []string{
		"I hold the most (%[1]s items), so I'll collect everything: please send me your items.",
		"I'm collecting everything, since I hold the most (%[1]s items). Please send me your items.",
	}
)

// SendItems close the collector's message (AskItems, TakeRole).
var (
	SendItemsCrafting = []string{"Please send me your items.", "Could you send me your items?", "Please send me your items when you can."}
	SendItemsCooking  = []string{"Please send me all your items.", "Please send me your items.", "Could you send me your items?", "Please send me your items when you can.", "Go ahead and send me your items.", "Send me your items whenever you're ready."}
)

// AskPlan is a crafter that cannot see the crafting plan asking for its
// steps (NoPlan).
var AskPlan = []string{" I can't see the crafting plan, so if you can, please send me the steps.", " I don't have the crafting plan; share the steps if you see them."}

// AskForItems ask a teammate that has not reported for its items
// (AskItems, TakeRole; 1: its name, 2: what they are for: "the bookshelf"
// or "the meal"); AskForItemsMeal is the cook's second wording.
var (
	AskForItems     = []string{"%[1]s, I'm collecting everything for %[2]s. What do you have? Please send me your items.", "Hey %[1]s, can you send me your items for %[2]s? Tell me when you have given me everything."}
	AskForItemsMeal = "Hey %[1]s, can you send me your items? Tell me when you have given me everything."
)

// DoneReports report everything handed over (DoneReport), in each voice
// (1: the collector, 2: the items given); DoneAgain say it again when the
// collector asks after the report (1: the collector, 2: " (items)" or "").
var (
	DoneReports = [3][]string{
		{"%[1]s, I gave you everything I had (%[2]s).", "Done: all my items are with you, %[1]s (%[2]s).", "That's everything I had, %[1]s: %[2]s.",
			"Sent: %[2]s. That's all my items, %[1]s.", "%[1]s, you have everything I had now: %[2]s."},
		{"%[1]s, I've given you everything I had: %[2]s. Good luck!", "That's everything I had, %[1]s: %[2]s. Let me know if you need anything else!", "All done, %[1]s! You have all my items now (%[2]s).",
			"There you go, %[1]s: %[2]s, that's everything I had!", "%[1]s, all my items are yours now (%[2]s)!"},
		{"%[1]s: transfer complete, I gave you everything I had: %[2]s.", "Status for %[1]s: I have given you all my items (%[2]s).", "%[1]s, summary: everything I had (%[2]s) is in your inventory now.",
			"%[1]s, the hand-over is finished: %[2]s, which is everything I had.", "For the record, %[1]s: all my items (%[2]s) went to you."},
	}
	DoneAgain = []string{
		"Our messages crossed, %[1]s: I already gave you everything I had%[2]s.",
		"%[1]s, I sent my report just before your message: everything I had%[2]s is with you.",
		"I think you missed my last message, %[1]s: you have all my items already%[2]s.",
		"Just to confirm, %[1]s: everything I had%[2]s is already with you.",
	}
)

// PlanRelays pass the crafting plan on (PlanRelay); the steps follow.
var PlanRelays = []string{"Here is the crafting plan: ", "Here is the crafting plan I see: "}

// StillNeeds ask the team for what the crafter still lacks (StillNeed;
// the items follow, then StillNeedTail with the target).
var StillNeeds = []string{"I still need ", "Still missing "}

// StillNeedTail ends a StillNeed (1: the target).
const StillNeedTail = ". Does anyone have it? I still need it for the %[1]s."

// AskRecipesWords ask for the recipes a goal leaves out (AskRecipes; 1:
// the dishes, 2: "it" or "them", 3: "the recipe if you have it" or "the
// recipes if you have them").
var AskRecipesWords = []string{
	"I don't have the recipes for %[1]s, please send me the recipes if you have them.",
	"I'm missing the recipes for %[1]s; please send me the recipes if you have them.",
	"Please send me the recipes for %[1]s too, I don't have them.",
	"Could you share the recipes for %[1]s? My goal doesn't say how to make %[2]s.",
	"How to make %[1]s isn't in my goal, so please share %[3]s.",
	"If your goal says how to make %[1]s, please send the recipes my way.",
}

// Recipe is one recipe on one line (Recipes): "Recipe for cake: Step 1:
// ... Step 2: ...".
func Recipe(dish, steps string) string {
	return recipeMark + dish + ": " + strings.Join(strings.Split(steps, "\n"), " ")
}

// NoRecipesWords say the sender has no recipe either (NoRecipes), after
// a report.
var NoRecipesWords = []string{" " + noRecipesMark + ".", " And " + noRecipesMark + ", sorry.", " " + noRecipesMark + ", so you'll have to look them up."}

// Requests ask for items (Request); the count and item follow, then "?".
var Requests = []string{"Can you give me ", "Could you give me "}

// RequestOf is a Request for n of item ("Can you give me 3 wheat?"),
// opening with one of Requests.
func RequestOf(opening string, n int, item string) string {
	return opening + strconv.Itoa(n) + " " + item + "?"
}

// HaveNone say the sender has none of an item (Lacks; 1: the item).
var HaveNone = []string{"Sorry, I have no %[1]s.", "I don't have any %[1]s, sorry.", "No %[1]s here, I'm afraid."}

// Promises promise a dish (Promise; a gen template: 1: the dish).
const Promises = promiseMark + "%[1]s {and bring it to you|in the meantime and give it to you|myself, it only needs what the farm has, and hand it over|while you work on the rest, then bring it over|next and give it to you when it's done}."

// NoNeedWords tell a helper the cook made its dish (NoNeed): the opening
// (1: the dish), then one of NoNeedWhy and one of NoNeedThen.
var (
	NoNeedOpening = noNeedMark + "%[1]s"
	NoNeedWhy     = []string{": I made it myself before your message came.", ", I already made it; thanks anyway.", ": it's done, I cooked it myself."}
	NoNeedThen    = []string{" Keep what you gathered.", " Nothing else is needed from you for now.", ""}
)

// Plans propose the builders' split (Plan; 1: the team's names); Agrees
// agree to it.
var (
	Plans = []string{
		"Let's split by material, since we each hold the blocks we were dealt: on each level, every block's cells in rows, cut into one run per builder in name order (%[1]s), shifting by one each level.",
		"Plan: we split each level by material. Each block type's cells row by row, cut into equal runs, one per builder in name order (%[1]s), moving one seat along each level, so everyone uses the blocks they hold.",
	}
	Agrees = []string{"Agreed, we split by material.", "Sounds good: split by material, my runs of each level."}
)

// PartAsks give a teammate its part of a farm's supply chain (Part; 1:
// its name, 2: the items, "3 milk_bucket and 2 sugar", as PartItems
// writes them, 3: what it is for, "the cake").
var PartAsks = []string{
	"%[1]s, could you bring me %[2]s? That's your part of %[3]s.",
	"%[1]s, your part: bring me %[2]s for %[3]s.",
	"%[1]s, can you take care of this and bring me %[2]s? I'll put %[3]s together.",
	"Splitting the work for %[3]s: %[1]s, please bring me %[2]s.",
	"%[1]s, would you bring me %[2]s? With that I can make %[3]s.",
}

// PartItems writes a Part's items: "3 milk_bucket", "3 milk_bucket and 2
// sugar", "1 egg, 3 wheat and 2 sugar".
func PartItems(part []Want) string {
	s := make([]string, len(part))
	for i, w := range part {
		s[i] = strconv.Itoa(w.Count) + " " + w.Item
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// PartDones report a part handed over (PartDone; 1: the cook, 2: the
// items).
var PartDones = []string{
	"%[1]s, you have %[2]s now: that's my part.",
	"Sent you %[2]s, %[1]s. That's my part.",
	"%[1]s, %[2]s are in your inventory; that's my part.",
	"There you go, %[1]s: %[2]s. That was my part.",
}

// SplitSchemes are the ways builders split a VillagerBench blueprint:
// rows of cells (one builder a band of rows, each block's column with it),
// layers, or block types.
var SplitSchemes = []string{"rows", "layers", "block type"}

// SplitProposals split a VillagerBench blueprint among the builders
// (BlueprintSplit; 1: the scheme, one of SplitSchemes, 2: each builder's
// share, "Andy_0 takes z -2 to 0 (6 stone), Jill_0 z 1 to 3 (5 stone)").
var SplitProposals = []string{
	"Let's split the build by %[1]s: %[2]s.",
	"I'd split the build by %[1]s, so we stay out of each other's way: %[2]s.",
	"We can split the build by %[1]s. %[2]s. Everyone takes their own blocks from the chest.",
	"Plan for the build: split the build by %[1]s. %[2]s.",
}

// Example is one wording of a kind, filled in with sample facts.
type Example struct {
	Text string
	Kind Kind
}

// Examples are every wording of every kind, filled in with sample facts:
// what a test of a reader, or of words said around a message, goes over.
func Examples() []Example {
	var out []Example
	add := func(k Kind, texts ...string) {
		for _, s := range texts {
			out = append(out, Example{s, k})
		}
	}
	fill := func(templates []string, args ...any) []string {
		filled := make([]string, len(templates))
		for i, tm := range templates {
			filled[i] = fmt.Sprintf(tm, args...)
		}
		return filled
	}
	for _, n := range []int{0, 1, 6} {
		add(Offer, Holdings("2 stick and 4 oak_planks", n))
	}
	add(NoPlan, "I have 2 stick (2 items)"+CannotSeePlan, AskPlan[0], AskPlan[1])
	add(AskItems, fill(AskOffers, "Jill_0")...)
	add(Collector, fill(CollectorIsYou, "Bob_0", "6")...)
	add(Collector, fill(CollectorIs, "Bob_0", "6")...)
	add(Collector, fill(CollectorAnswers, "Bob_0")...)
	add(TakeRole, GoalCollects...)
	add(TakeRole|Offer, fill(TiedCollects, " (3 items)", "Jill_0")...)
	add(TakeRole|Offer, fill(MostCollects, " (3 items)")...)
	add(TakeRole|Offer|AskItems, fill(CollectsAnswers, "6")...)
	add(TakeRole, SendItemsCrafting...)
	add(TakeRole, SendItemsCooking...)
	add(TakeRole|AskItems, fill(AskForItems, "Jill_0", "the cake")...)
	add(TakeRole|AskItems, fmt.Sprintf(AskForItemsMeal, "Jill_0"))
	for _, voice := range DoneReports {
		add(DoneReport, fill(voice, "Andy_0", "2 stick")...)
	}
	add(DoneReport, fill(DoneAgain, "Andy_0", " (2 stick)")...)
	for _, r := range PlanRelays {
		add(PlanRelay, r+"Craft 1 oak_log -> 4 oak_planks.")
	}
	for _, s := range StillNeeds {
		add(StillNeed, s+"2 stick"+fmt.Sprintf(StillNeedTail, "ladder"))
	}
	add(AskRecipes, fill(AskRecipesWords, "cake and bread", "them", "the recipes if you have them")...)
	add(Recipes, Recipe("cake", "Step 1: Get wheat.\nStep 2: Craft."))
	add(NoRecipes, NoRecipesWords...)
	for _, r := range Requests {
		add(Request, RequestOf(r, 3, "wheat"))
	}
	add(Lacks, fill(HaveNone, "egg")...)
	add(Promise, alternatives(fmt.Sprintf(Promises, "bread"))...)
	for _, why := range NoNeedWhy {
		for _, then := range NoNeedThen {
			add(NoNeed, fmt.Sprintf(NoNeedOpening, "bread")+why+then)
		}
	}
	add(Plan, fill(Plans, "Andy_0, Jill_0")...)
	add(Plan, Agrees...)
	add(Part, fill(PartAsks, "Jill_0", PartItems([]Want{{"milk_bucket", 3}, {"sugar", 2}}), "the cake")...)
	add(PartDone, fill(PartDones, "Andy_0", "3 milk_bucket")...)
	for _, scheme := range SplitSchemes {
		add(BlueprintSplit, fill(SplitProposals, scheme, "Andy_0 takes z -2 to 0 (6 stone), Jill_0 z 1 to 3 (5 stone)")...)
	}
	return out
}

// alternatives is every wording of a template with {a|b} choices (not
// nested).
func alternatives(template string) []string {
	i := strings.IndexByte(template, '{')
	if i < 0 {
		return []string{template}
	}
	j := i + strings.IndexByte(template[i:], '}')
	var out []string
	for _, alt := range strings.Split(template[i+1:j], "|") {
		out = append(out, alternatives(template[:i]+alt+template[j+1:])...)
	}
	return out
}
