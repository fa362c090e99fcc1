package scripted

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/texts"
)

// doneHelper is a crafting helper that handed over everything and told
// the crafter so (its memory says both).
func doneHelper(turns ...trajectory.Message) *generate.View {
	return &generate.View{
		Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal:      "Collaborate with other agents to craft a stick",
		Memory:    "Coordinator: Andy_0 (2 items). Told Andy_0 I gave everything.",
		Inventory: "\nINVENTORY\nWEARING: Nothing\n",
		Turns:     turns,
	}
}

// TestDoneHelperFallsSilent: a helper with nothing left to do waits once,
// then says nothing (MINDcraft's tab) until something new comes in, in
// both dialects' output words: a second identical wait teaches nothing.
func TestDoneHelperFallsSilent(t *testing.T) {
	for _, word := range []string{texts.PaperWord, texts.CurrentWord} {
		stayed := trajectory.Message{Role: "system", Content: texts.Output(word, texts.Stayed(30)+"\n")}
		v := doneHelper(trajectory.Message{Role: "assistant", Content: "I'm done here. !stay(30)"}, stayed)
		if got := decide(v); got != "\t" {
			t.Errorf("%s dialect: after its own wait the helper answered %q, want silence", word, got)
		}
		v.Turns = append(v.Turns, trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)Thanks, crafting now."})
		if got := decide(v); strings.TrimSpace(got) == "" {
			t.Errorf("%s dialect: a new message got silence", word)
		}
	}
}

// TestMessageForAnotherIsNotAnAsk: a conversation that ended with the
// crafter opening a conversation with someone else carries words for
// them; the helper that already reported does not report again.
func TestMessageForAnotherIsNotAnAsk(t *testing.T) {
	ended := `Conversation with Andy_0 ended with message: "(FROM OTHER BOT)!startConversation("Bob_0", "I hold the most, so I'll collect everything. Please send me your items.")!endConversation("Jill_0")"`
	v := doneHelper(trajectory.Message{Role: "system", Content: ended})
	v.Team = []string{"Andy_0", "Bob_0", "Jill_0"}
	if got := decide(v); strings.Contains(got, "startConversation") {
		t.Errorf("helper answered %q to a message meant for Bob_0", got)
	}
	// The same words addressed to it are an ask: it reports again.
	v.Turns = []trajectory.Message{{Role: "user", Content: "Andy_0: (FROM OTHER BOT)I hold the most, so I'll collect everything. Please send me your items."}}
	v.Memory = "Coordinator: Andy_0 (2 items)."
	// In the conversation Andy_0 opened, the report is a reply: it
	// reaches Andy_0 without !startConversation (which would draw
	// MINDcraft's "already in conversation" warning).
	if got := decide(v); !isDoneReport(got) || strings.Contains(got, "!startConversation") {
		t.Errorf("helper answered %q to the crafter's ask, want its report as a reply", got)
	}
}

// TestCookMemoryPutsPendingRecipesFirst: the cook's memory lists the
// recipe notes of dishes still to make before those a teammate makes, so
// a full memory loses the note it no longer needs.
func TestCookMemoryPutsPendingRecipesFirst(t *testing.T) {
	v := &generate.View{
		Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking,
		Goal:      "Collaborate with agents around you to make 1 baked_potato, 1 bread. \n\nRecipe for baked_potato:\nStep 1: Go to the farm and collect 1 potato (search for 'potatoes' (not 'potato')).\nStep 2: Get coal from your inventory or other agents.\nStep 3: Put coal in the furnace.\nStep 4: Go to the furnace and bake the potato.\n\nRecipe for bread:\nStep 1: Go to the farm and collect 3 wheat.\nStep 2: Go to the crafting table and use the wheat to craft bread.\n",
		Memory:    "I cook the meal; teammates send me their items. Teammates make: baked_potato.",
		Inventory: "\nINVENTORY\n- coal: 1\nWEARING: Nothing\n",
	}
	f := notesOf(v)
	bread := slices.IndexFunc(f, func(s string) bool { return strings.HasPrefix(s, "Recipe for bread:") })
	potato := slices.IndexFunc(f, func(s string) bool { return strings.HasPrefix(s, "Recipe for baked_potato:") })
	if bread < 0 || potato < 0 || bread > potato {
		t.Errorf("facts %q: want the bread's recipe (to make) before the baked_potato's (a teammate makes it)", f)
	}
}

// TestHellsKitchenOpensOnce: of two Hell's Kitchen partners, the name that
// sorts first opens with the recipe it holds; the other waits once and
// answers in that conversation (two openings at once lose a message).
func TestHellsKitchenOpensOnce(t *testing.T) {
	goal := func(mine, theirs, steps string) string {
		return "You need to make " + mine + ", but you don't have the recipe for it, your partner has it!\n\nYour partner needs to make " + theirs +
			". You have their recipe:\nRecipe for " + theirs + ":\n" + steps + "\n\nYou must communicate effectively to exchange recipe information and complete both dishes."
	}
	andy := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking,
		Goal: goal("beetroot_soup", "cooked_beef", "Step 1: Kill a cow and pick up 1 beef that is dropped.")}
	jill := &generate.View{Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking,
		Goal: goal("cooked_beef", "beetroot_soup", "Step 1: Go to the farm and collect 6 beetroot.")}
	if !hellsKitchen(callOf(andy).c) {
		t.Fatal("the goal does not read as Hell's Kitchen")
	}
	if got := decide(andy); !strings.HasPrefix(got, `!startConversation("Jill_0", `) || !slices.Equal(chat.Parse(got).RecipeFor, []string{"cooked_beef"}) {
		t.Errorf("Andy_0 opened with %q, want the cooked_beef recipe sent to Jill_0", got)
	}
	got := decide(jill)
	if strings.Contains(got, "startConversation") || !strings.Contains(got, "!stay(") {
		t.Errorf("Jill_0 opened with %q, want a wait for Andy_0", got)
	}
	jill.Turns = []trajectory.Message{
		{Role: "assistant", Content: got},
		{Role: "system", Content: texts.Output(texts.CurrentWord, texts.Stayed(3)+"\n")},
		{Role: "user", Content: "Andy_0: (FROM OTHER BOT)Here's your recipe for cooked_beef. Recipe for cooked_beef: Step 1: Kill a cow and pick up 1 beef that is dropped."},
	}
	if got := decide(jill); strings.Contains(got, "!") || !slices.Equal(chat.Parse(got).RecipeFor, []string{"beetroot_soup"}) {
		t.Errorf("Jill_0 answered %q, want the beetroot_soup recipe as a reply in the conversation", got)
	}
	// Had Andy_0's message not come, Jill_0 opens after one wait.
	jill.Turns = jill.Turns[:2]
	if got := decide(jill); !strings.HasPrefix(got, `!startConversation("Andy_0", `) {
		t.Errorf("Jill_0 after waiting answered %q, want its own opening", got)
	}
}

// TestCrossedReportSaysSo: a helper asked again after its report says the
// messages crossed, in words that still read as a report.
func TestCrossedReportSaysSo(t *testing.T) {
	v := doneHelper(
		trajectory.Message{Role: "assistant", Content: `!startConversation("Andy_0", "Andy_0, I gave you everything I had (2 oak_planks).")`},
		trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)I hold the most (4 items), so I'll gather everything and craft the stick. Please send me your items."},
	)
	v.Memory = "Coordinator: Andy_0 (4 items)."
	got := decide(v)
	if strings.Contains(got, "!startConversation") || !isDoneReport(got) || !strings.Contains(got, "already") {
		t.Errorf("helper answered %q, want a reply that says the report was already sent", got)
	}
}

// TestNoRecipesSaidAndHeard: a helper without recipes that is asked for
// them says so in its report, and a cook that heard that from every
// teammate looks the recipe up instead of waiting for it.
func TestNoRecipesSaidAndHeard(t *testing.T) {
	goal := "Collaborate with agents around you to make 1 bread. In the end, all the food items should be given to one single bot whose name starts with andy or Andy."
	helper := &generate.View{Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking, Goal: goal,
		Inventory: "\nINVENTORY\nWEARING: Nothing\n",
		Turns:     []trajectory.Message{{Role: "user", Content: "Andy_0: (FROM OTHER BOT)The goal says the food goes to me, so I'll collect everything and cook the meal. Please send me your items. I don't have the recipes for bread, please send me the recipes if you have them."}}}
	got := decide(helper)
	if m := chat.Parse(got); !m.Has(chat.NoRecipes) || !m.Has(chat.DoneReport) || strings.Contains(got, "!startConversation") {
		t.Fatalf("helper answered %q, want its report saying it has no recipes, as a reply", got)
	}
	cook := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking, Goal: goal,
		Inventory:   "\nINVENTORY\n- wheat: 3\nWEARING: Nothing\n",
		CommandDocs: "\n!getCraftingPlan: x\n",
		Turns: []trajectory.Message{
			{Role: "assistant", Content: `!startConversation("Jill_0", "The goal says the food goes to me, so I'll collect everything and cook the meal. Please send me your items. I don't have the recipes for bread, please send me the recipes if you have them.")`},
			{Role: "user", Content: "Jill_0: (FROM OTHER BOT)" + got},
		}}
	if got := decide(cook); !strings.Contains(got, `!getCraftingPlan("bread"`) {
		t.Errorf("cook answered %q, want a lookup of the bread's recipe", got)
	}
}

// TestLookupAnswerOutlivesItsCommand: when the memory folded the cook's
// !getCraftingPlan away, the answer still in the window (it names the
// dish) counts as the recipe looked up.
func TestLookupAnswerOutlivesItsCommand(t *testing.T) {
	v := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking,
		Goal: "Collaborate with agents around you to make 1 cooked_mutton, 1 golden_carrot.",
		Turns: []trajectory.Message{
			{Role: "system", Content: "\ncooked_mutton is a base item, you need to find 1 more in the world\n"},
			{Role: "system", Content: "\nYou are missing the following items:\n- 1 carrot\n\nOnce you have these items, here's your crafting plan:\n\nCraft 1 gold_ingot -> 9 gold_nugget\nCraft 8 gold_nugget + 1 carrot -> 1 golden_carrot"},
		}}
	c := callOf(v).c
	for _, d := range []string{"cooked_mutton", "golden_carrot"} {
		if !lookedUp(c, d) {
			t.Errorf("%s: the answer in the window does not count as looked up", d)
		}
	}
	if lookedUp(c, "gold_nugget") || lookedUp(c, "carrot") {
		t.Error("a plan's intermediate step or ingredient counts as the dish looked up")
	}
}

// TestTiedCollectorSaysTheSameEveryTime: a collector tied with several
// teammates names the same one each time it is asked (map order must not
// reach the words).
func TestTiedCollectorSaysTheSameEveryTime(t *testing.T) {
	v := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Bob_0", "Jill_0", "Mike_0"}, TaskType: procgen.TypeCrafting,
		Goal:      "Collaborate with other agents to craft a stick",
		Inventory: "\nINVENTORY\n- oak_planks: 1\nWEARING: Nothing\n",
		Turns: []trajectory.Message{
			{Role: "user", Content: "Bob_0: (FROM OTHER BOT)Hi Andy_0! I have 1 oak_planks (1 item). What do you have?"},
			{Role: "user", Content: "Jill_0: (FROM OTHER BOT)Hi Andy_0! I have 1 oak_planks (1 item). What do you have?"},
			{Role: "user", Content: "Mike_0: (FROM OTHER BOT)Hi Andy_0! I have 1 oak_planks (1 item). What do you have?"},
		}}
	reason := func(seed uint64) string {
		w := words{k: callOf(v), v: testVoice(seed, 0)}
		return w.roleReason()
	}
	for seed := range uint64(8) { // some seeds pick the words that name the tied teammate
		first := reason(seed)
		if !strings.Contains(first, "(1 item)") {
			t.Fatalf("role reason %q does not state the tied count", first)
		}
		for range 20 {
			if got := reason(seed); got != first {
				t.Fatalf("seed %d: role reason varies: %q, then %q", seed, first, got)
			}
		}
	}
}

// mealGoalText is MINDcraft's cooking goal for one of each dish, with the
// recipes of the dishes in known.
func mealGoalText(dishes []string, known ...string) string {
	g := "Collaborate with agents around you to make 1 " + strings.Join(dishes, ", 1 ") + ". \n\n"
	for _, d := range known {
		g += "Recipe for " + d + ":\nStep 1: Get what the " + d + " takes.\nStep 2: Make the " + d + ".\n\n"
	}
	return g
}

// cookView is a call of a two-agent cooking team (Andy_0, Jill_0) in
// name's seat; inventory holds "- item: n" lines.
func cookView(name, goal, memory, inventory string, turns ...trajectory.Message) *generate.View {
	return &generate.View{Name: name, Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking, Goal: goal, Memory: memory,
		Inventory: inventoryText(inventory), Turns: turns}
}

// inventoryText is MINDcraft's inventory block around "- item: n" lines.
func inventoryText(lines string) string { return "\nINVENTORY\n" + lines + "WEARING: Nothing\n" }

// TestEmptyKillLooksForAnother: a kill that dropped none of the meat
// (random drops) sends the cook after another animal, saying why, instead
// of the same attack on the same spot; with the meat in hand it cooks.
func TestEmptyKillLooksForAnother(t *testing.T) {
	v := cookView("Andy_0", mealGoalText([]string{"cooked_beef"}, "cooked_beef"), "", "- coal: 1\n",
		trajectory.Message{Role: "assistant", Content: `Hunting a cow for beef. !attack("cow")`},
		trajectory.Message{Role: "system", Content: texts.Output(texts.CurrentWord, "Successfully killed cow.\nPicked up 0 items.\n")})
	v.Team = []string{"Andy_0"}
	got := decide(v)
	if !strings.HasSuffix(got, `!searchForEntity("cow", 64)`) || !strings.Contains(got, "cow") {
		t.Errorf("after a kill with no beef: %q, want a search for another cow", got)
	}
	v.Inventory = inventoryText("- beef: 1\n- coal: 1\n")
	if got := decide(v); !strings.Contains(got, `!smeltItem("beef", 1)`) {
		t.Errorf("with the beef in hand: %q, want it cooked", got)
	}
}

// TestHelperLeavesTheCooksDish: a helper does not take on a dish the
// cook's messages show it already making (even in replies that arrived
// joined), and keeps a dish it said it makes.
func TestHelperLeavesTheCooksDish(t *testing.T) {
	v := cookView("Jill_0", mealGoalText([]string{"cooked_beef", "bread"}, "cooked_beef"), "Coordinator: Andy_0 (9 items).", "")
	if got := myDish(callOf(v)); got != "cooked_beef" {
		t.Fatalf("with no word from the cook the helper's dish is %q, want cooked_beef", got)
	}
	v.Turns = []trajectory.Message{{Role: "user", Content: `Andy_0: (FROM OTHER BOT)Collecting wheat. !collectBlocks("wheat", 3)Got the beef. Into the furnace with the beef. !smeltItem("beef", 1)`}}
	if got := myDish(callOf(v)); got != "" {
		t.Errorf("after the cook started the cooked_beef the helper takes %q", got)
	}
	v.Turns = append([]trajectory.Message{{Role: "assistant", Content: `!startConversation("Andy_0", "I gave you everything I had. I'll make the cooked_beef and bring it to you.")`}}, v.Turns...)
	if got := myDish(callOf(v)); got != "cooked_beef" {
		t.Errorf("a helper that said it makes the cooked_beef dropped it: %q", got)
	}
}

// TestHelperTakesADishItCanLookUp: a helper whose goal shows no recipe
// still takes its farm dish when it can ask the game for the recipe (and
// asks before cooking, in words that do not claim it knew it); without
// the lookup it takes none.
func TestHelperTakesADishItCanLookUp(t *testing.T) {
	v := cookView("Jill_0", mealGoalText([]string{"baked_potato", "bread"}), "Coordinator: Andy_0 (9 items). Told Andy_0 I gave everything.", "")
	if got := myDish(callOf(v)); got != "" {
		t.Errorf("a helper that cannot look recipes up takes %q", got)
	}
	v.CommandDocs = "\n!getCraftingPlan: Provides ...\n"
	if got := myDish(callOf(v)); got != "baked_potato" {
		t.Fatalf("a helper that can look recipes up takes %q, want the baked_potato", got)
	}
	v.Turns = []trajectory.Message{{Role: "assistant", Content: "That's everything I had, Andy_0: 1 coal. I'll make the baked_potato and bring it to you."}}
	got := decide(v)
	if !strings.Contains(got, `!getCraftingPlan("baked_potato", 1)`) || strings.Contains(got, "notes") || strings.Contains(got, "again") {
		t.Errorf("helper answered %q, want a first look at the baked_potato's recipe", got)
	}
}

// TestHelperKeepsItsClaimInMemory: once the claim and the cook's start on
// the other dish are folded away, the memory's "I make the X" keeps the
// helper on the dish it promised.
func TestHelperKeepsItsClaimInMemory(t *testing.T) {
	dishes := []string{"cooked_beef", "cooked_porkchop"}
	v := cookView("Jill_0", mealGoalText(dishes, dishes...), "Coordinator: Andy_0 (9 items). I make the cooked_porkchop for Andy_0.", "")
	if got := myDish(callOf(v)); got != "cooked_porkchop" {
		t.Errorf("the helper's dish is %q, want the cooked_porkchop its memory says it makes", got)
	}
}

// TestPromiseSurvivesTheFold: a memory call whose folded turns no longer
// hold the helper's promise keeps the promise its old memory holds.
func TestPromiseSurvivesTheFold(t *testing.T) {
	dishes := []string{"cooked_chicken", "cooked_rabbit"}
	v := cookView("Andy_0", mealGoalText(dishes, dishes...), "Coordinator: Jill_0 (4 items). I make the cooked_rabbit for Jill_0.", "")
	v.ToSummarize = []trajectory.Message{{Role: "assistant", Content: `Hunting a rabbit. !attack("rabbit")`}, {Role: "system", Content: "Action output:\nSuccessfully killed rabbit.\nPicked up 0 items.\n"}}
	if mem := strings.Join(notesOf(v), " "); !strings.Contains(mem, "I make the cooked_rabbit for Jill_0.") {
		t.Errorf("memory %q lost the promise", mem)
	}
	v.ToSummarize, v.Memory = nil, "Coordinator: Jill_0 (4 items). I make the cooked_rabbit for Jill_0."
	if got := myDish(callOf(v)); got != "cooked_rabbit" {
		t.Errorf("after the fold the helper's dish is %q, want the cooked_rabbit it promised", got)
	}
}

// TestCrossedPromiseIsAnswered: a helper's promise of a dish the cook
// already made itself gets "No need to make the X", once, and the helper
// takes it back; a report that got no answer at all is sent again.
func TestCrossedPromiseIsAnswered(t *testing.T) {
	dishes := []string{"baked_potato", "bread"}
	goal := mealGoalText(dishes, dishes...)
	cook := cookView("Andy_0", goal, "Coordinator: Andy_0 (9 items). I told everyone I collect.", "- baked_potato: 1\n",
		trajectory.Message{Role: "assistant", Content: `Into the furnace with the potato. !smeltItem("potato", 1)`},
		trajectory.Message{Role: "system", Content: "Action output:\nSuccessfully smelted potato, got 1 baked_potato.\n"},
		trajectory.Message{Role: "user", Content: "Jill_0: (FROM OTHER BOT)That's everything I had, Andy_0: 1 coal. I'll make the baked_potato and bring it to you."})
	got := decide(cook)
	if m := chat.Parse(got); strings.Contains(got, "!startConversation") || !slices.Equal(m.Done, []string{"baked_potato"}) {
		t.Fatalf("cook answered %q, want a reply that says the baked_potato is made", got)
	}
	cook.Turns = append(cook.Turns, trajectory.Message{Role: "assistant", Content: got})
	if again := decide(cook); chat.Parse(again).Has(chat.NoNeed) {
		t.Errorf("cook said it twice: %q", again)
	}

	helper := cookView("Jill_0", goal, "Coordinator: Andy_0 (9 items).", "",
		trajectory.Message{Role: "assistant", Content: `!startConversation("Andy_0", "That's everything I had, Andy_0: 1 coal. I'll make the baked_potato and bring it to you.")`},
		trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)No need to make the baked_potato: I made it myself before your message came."})
	if d := myDish(callOf(helper)); d == "baked_potato" {
		t.Errorf("the helper still makes the baked_potato after the cook's word")
	}
	if !reportedDone(callOf(helper).c, "Andy_0") {
		t.Fatal("the report with an answer reads as not reported")
	}
	helper.Turns = helper.Turns[:1]
	helper.Turns = append(helper.Turns, trajectory.Message{Role: "system", Content: "Andy_0 hasn't responded in 30 seconds, respond with a message to them or your own action."})
	if reportedDone(callOf(helper).c, "Andy_0") {
		t.Error("a report that got no answer reads as delivered")
	}
}

// TestDeliveredDishIsNotAwaited: a dish a helper promised and then handed
// over is no longer the helper's to make. If it went into another dish
// the cook makes it again rather than wait for it; while a promised dish
// is still on its way the cook says it waits for it, not that it is done.
func TestDeliveredDishIsNotAwaited(t *testing.T) {
	goal := mealGoalText([]string{"cooked_chicken", "cooked_rabbit"}, "cooked_chicken", "cooked_rabbit")
	promise := trajectory.Message{Role: "user", Content: `Andy_0: (FROM OTHER BOT)I gave you everything I had. I'll make the cooked_rabbit and bring it to you.`}
	v := cookView("Jill_0", goal, "Coordinator: Jill_0 (4 items). Got everything from: Andy_0.", "- cooked_chicken: 1\n- coal: 2\n", promise)
	for seed := range uint64(20) {
		got := respondTo(v, rand.New(rand.NewPCG(seed, 4)))
		if !strings.Contains(got, "!stay") || !strings.Contains(got, "cooked_rabbit") || strings.Contains(strings.ToLower(got), "done with my") {
			t.Fatalf("seed %d: with the cooked_rabbit promised: %q, want a wait that names it", seed, got)
		}
	}
	v.Turns = append(v.Turns, trajectory.Message{Role: "user", Content: `Andy_0: (FROM OTHER BOT)Here's the cooked_rabbit. !givePlayer("Jill_0", "cooked_rabbit", 1)`})
	if got := decide(v); strings.Contains(got, "!stay") {
		t.Errorf("after the cooked_rabbit came and went into another dish: %q, want the cook to make it", got)
	}
}

// TestForgottenRecipeIsLookedUp: a memory that lists a dish as known but
// lost its recipe note (the 500-character memory was full) is not enough
// to act on what the dish takes: the cook looks the recipe up again. With
// the note it gathers the ingredients.
func TestForgottenRecipeIsLookedUp(t *testing.T) {
	goal := mealGoalText([]string{"mushroom_stew"})
	mem := "I cook the meal; teammates send me their items. Recipes known: mushroom_stew."
	v := cookView("Andy_0", goal, mem, "- bowl: 1\n")
	v.Team = []string{"Andy_0"}
	v.CommandDocs = "*COMMAND DOCS\n!getCraftingPlan: Provides a comprehensive crafting plan for a specified item.\n"
	if got := decide(v); !strings.HasSuffix(got, `!getCraftingPlan("mushroom_stew", 1)`) {
		t.Errorf("with the recipe gone from memory: %q, want it looked up again", got)
	}
	v.Memory = mem + " Recipe for mushroom_stew: 1 bowl, 1 brown_mushroom, 1 red_mushroom."
	if got := decide(v); !strings.Contains(got, `!collectBlocks("brown_mushroom", 1)`) {
		t.Errorf("with the recipe note in memory: %q, want the brown_mushroom gathered", got)
	}
}

// isDoneReport reports whether a response says everything was handed
// over, as a teammate reads it.
func isDoneReport(response string) bool {
	m := chat.Parse(response)
	return m.Has(chat.DoneReport)
}
