package scripted

import (
	"math/rand/v2"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/texts"
)

// TestNoMessageDrawsTheWarning: an agent that opened a conversation and
// got no answer waits for it rather than send another !startConversation
// (MINDcraft would warn "You are already in conversation"); once the
// teammate answers, its words are a reply in that conversation.
func TestNoMessageDrawsTheWarning(t *testing.T) {
	v := doneHelper(
		trajectory.Message{Role: "assistant", Content: `!startConversation("Andy_0", "Andy_0, I gave you everything I had (2 oak_planks).")`},
		trajectory.Message{Role: "system", Content: "Andy_0 hasn't responded in 30 seconds, respond with a message to them or your own action."},
	)
	v.Memory = "Coordinator: Andy_0 (4 items)."
	if got := decide(v); strings.Contains(got, "!startConversation") || !strings.Contains(got, "!stay(") {
		t.Errorf("unanswered, the helper answered %q, want a wait", got)
	}
	v.Turns = append(v.Turns, trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)I hold the most (4 items), so I'll gather everything and craft the stick. Please send me your items."})
	if got := decide(v); strings.Contains(got, "!startConversation") || !isDoneReport(got) {
		t.Errorf("answered, the helper said %q, want its report as a reply", got)
	}
	// A conversation the teammate ended is opened again.
	v.Turns = append(v.Turns, trajectory.Message{Role: "system", Content: `Conversation with Andy_0 ended with message: "(FROM OTHER BOT)Please send me your items. !endConversation("Jill_0")"`})
	if got := decide(v); !strings.HasPrefix(got, `!startConversation("Andy_0", `) {
		t.Errorf("after Andy_0 ended the conversation the helper said %q, want a new one opened", got)
	}
}

// TestNoChestWithoutSight: a cook missing an ingredient no teammate has
// does not look for a chest the prompt never mentions: it asks, then
// looks around once, and opens a chest only when that look showed one.
func TestNoChestWithoutSight(t *testing.T) {
	goal := mealGoalText([]string{"mushroom_stew"}, "mushroom_stew")
	cook := cookView("Andy_0", goal, "Coordinator: Andy_0 (2 items). I told everyone I collect.", "- brown_mushroom: 1\n- coal: 1\n- red_mushroom: 1\n")
	cook.CommandDocs = "\n!nearbyBlocks: x\n!viewChest: x\n"
	cook.Turns = []trajectory.Message{
		{Role: "assistant", Content: decide(cook)},
		{Role: "user", Content: "Jill_0: (FROM OTHER BOT)That's everything I had, Andy_0: 1 coal."},
	}
	got := decide(cook)
	if strings.Contains(got, "chest") {
		t.Fatalf("cook answered %q: a chest nothing showed", got)
	}
	if !strings.Contains(got, "bowl") {
		t.Fatalf("cook answered %q, want it to ask for the bowl", got)
	}
	cook.Turns = append(cook.Turns,
		trajectory.Message{Role: "assistant", Content: got},
		trajectory.Message{Role: "user", Content: "Jill_0: (FROM OTHER BOT)Sorry, I have no bowl."})
	got = decide(cook)
	if !strings.Contains(got, `!searchForBlock("crafting_table", 64)`) {
		t.Fatalf("after the teammate said it has none the cook answered %q, want a walk to the kitchen", got)
	}
	cook.Turns = append(cook.Turns, trajectory.Message{Role: "assistant", Content: got},
		trajectory.Message{Role: "system", Content: "Action output:\nFound crafting_table at (3, -60, 4). Navigating...\nYou have reached at 3, -60, 4.\n"})
	got = decide(cook)
	if !strings.Contains(got, "!nearbyBlocks") {
		t.Fatalf("at the kitchen the cook answered %q, want a look around", got)
	}
	seen := texts.Output(texts.CurrentWord, texts.NearbyBlocks([]string{"grass_block", "chest"}, []string{"Block Below: grass_block"}))
	cook.Turns = append(cook.Turns, trajectory.Message{Role: "assistant", Content: got}, trajectory.Message{Role: "system", Content: seen})
	if got := decide(cook); !strings.Contains(got, "!viewChest") {
		t.Errorf("with a chest in sight the cook answered %q, want a look into it", got)
	}
	cook.Turns[len(cook.Turns)-1].Content = texts.Output(texts.CurrentWord, texts.NearbyBlocks([]string{"grass_block"}, nil))
	if got := decide(cook); strings.Contains(got, "chest") || strings.Contains(got, "!nearbyBlocks") {
		t.Errorf("with no chest around the cook answered %q, want a wait", got)
	}
}

// TestBotResponderAnswersWhatNeedsIt: the busy agent responds to a
// message that asks it for something or changes the plan, and ignores
// reports, statuses and openers, whatever it is busy with.
func TestBotResponderAnswersWhatNeedsIt(t *testing.T) {
	cases := []struct {
		msg, want string
	}{
		{"Could you give me 3 terracotta? The house still needs them and my share is done.", "respond"},
		{"What do you have? I hold 2 coal (2 items).", "respond"},
		{"Please send me the recipes if you have them.", "respond"},
		{"No need to make the bread: it's done, I cooked it myself.", "respond"},
		{"I hold the most (6 items), so I'll collect everything and craft the stick. Please send me your items.", "respond"},
		{"That's everything I had, Andy_0: 2 coal. Let me know if you need anything else!", "ignore"},
		{"Status for Andy_0: I have given you all my items (1 green_dye).", "ignore"},
		{"Let's share materials and make a house with the blueprint", "ignore"},
		{"Let's work together to make cooked_porkchop, rabbit_stew.", "ignore"},
	}
	for _, action := range []string{"action:smeltItem", "action:newAction"} {
		for _, tc := range cases {
			v := &generate.View{Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking, Action: action,
				ToSummarize: []trajectory.Message{{Role: "user", Content: tc.msg}}}
			if got := respondOrIgnore(know.ParseMINDcraft(v)); got != tc.want {
				t.Errorf("%s, %q: %s, want %s", action, tc.msg, got, tc.want)
			}
		}
	}
}

// TestBaseItemDishIsNotCookedFromNothing: a dish the crafting plan calls
// a base item is not made from a recipe the agent was never shown: it
// tries crafting it, and the game's "It requires: ..." is what it acts on.
// A furnace dish (cooked_mutton) is its raw item smelted.
func TestBaseItemDishIsNotCookedFromNothing(t *testing.T) {
	v := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeCooking,
		Goal:        "Collaborate with agents around you to make 1 cooked_mutton, 1 suspicious_stew.",
		Memory:      "Coordinator: Andy_0 (2 items). I told everyone I collect. Everyone handed over.",
		Inventory:   inventoryText("- bowl: 1\n- dandelion: 1\n"),
		CommandDocs: "\n!getCraftingPlan: x\n!craftRecipe: x\n",
		Turns: []trajectory.Message{
			{Role: "assistant", Content: `!stay(5)`}, {Role: "assistant", Content: `!stay(5)`}, {Role: "assistant", Content: `!stay(5)`},
			{Role: "assistant", Content: `!getCraftingPlan("suspicious_stew", 1)`},
			{Role: "system", Content: "\nsuspicious_stew is a base item, you need to find 1 more in the world\n"},
			{Role: "assistant", Content: `!getCraftingPlan("cooked_mutton", 1)`},
			{Role: "system", Content: "\ncooked_mutton is a base item, you need to find 1 more in the world\n"},
		}}
	c := callOf(v).c
	if lookedUp(c, "suspicious_stew") || !lookedUp(c, "cooked_mutton") {
		t.Fatal("a base-item answer reads as the crafted dish's recipe, or not as the furnace dish's")
	}
	got := decide(v)
	if !strings.Contains(got, `!craftRecipe("suspicious_stew", 1)`) {
		t.Fatalf("cook answered %q, want a try at crafting the suspicious_stew", got)
	}
	v.Turns = append(v.Turns, trajectory.Message{Role: "assistant", Content: got},
		trajectory.Message{Role: "system", Content: texts.Output(texts.CurrentWord, texts.CannotCraft("suspicious_stew", "red_mushroom: 1, brown_mushroom: 1, bowl: 1, dandelion: 1")+"\n")})
	if !lookedUp(callOf(v).c, "suspicious_stew") {
		t.Error("the game's requirements do not count as the recipe shown")
	}
	if got := decide(v); strings.Contains(got, "!craftRecipe(\"suspicious_stew\"") || strings.Contains(got, "!getCraftingPlan") {
		t.Errorf("with the requirements shown the cook answered %q, want a step towards them", got)
	}
}

// TestLateOpenerIsNotThanked: the harness's opening message that arrives
// after the talk began asks nothing: no thanks or nod to it.
func TestLateOpenerIsNotThanked(t *testing.T) {
	dishes := []string{"bread"}
	v := cookView("Jill_0", mealGoalText(dishes, dishes...), "Coordinator: Jill_0 (3 items). I told everyone I collect. Everyone handed over.", "- wheat: 1\n",
		trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)Hi Jill_0! I have 1 wheat (1 item). Whoever holds the most should collect everything. What do you have?"},
		trajectory.Message{Role: "assistant", Content: `I'll collect. Please send me your items. !collectBlocks("wheat", 2)`},
		trajectory.Message{Role: "system", Content: "Action output:\nCollected 2 wheat.\n"},
		trajectory.Message{Role: "user", Content: "Andy_0: (FROM OTHER BOT)" + procgen.CookingOpener(dishes)},
	)
	nods := []string{"Noted, Andy_0", "Okay, Andy_0", "Thanks, Andy_0", "Thank you, Andy_0", "Cheers, Andy_0", "Heard you, Andy_0"}
	for seed := range uint64(30) {
		got := respondTo(v, rand.New(rand.NewPCG(seed, 2)))
		for _, n := range nods {
			if strings.Contains(got, n) {
				t.Errorf("seed %d: the cook answered %q to the late opener", seed, got)
			}
		}
	}
}
