package world

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"collabcraft/procgen"
)

func wantMatch(t testing.TB, res CommandResult, pattern string) []string {
	t.Helper()
	m := regexp.MustCompile("^" + pattern + "$").FindStringSubmatch(res.Output)
	if m == nil {
		t.Fatalf("%s: output %q does not match %q", res.Command, res.Output, pattern)
	}
	return m
}

// Seed 002 section 9.1: crafting with a missing ingredient, searching,
// collecting, crafting, and talking.
func TestPaperCookingExample(t *testing.T) {
	w := mustBuild(t, cookingTask(), 1, Options{AgentNames: []string{"Jill_0", "Andy_0"}})
	do(t, w, "Andy_0", `!givePlayer("Jill_0", "bowl", 1)`)
	res := do(t, w, "Jill_0", `!craftRecipe("mushroom_stew", 1)`)
	if want := "Code output:\nYou do not have the resources to craft a mushroom_stew. It requires: brown_mushroom: 1, red_mushroom: 1, bowl: 1.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
	res = do(t, w, "Jill_0", `I still need a brown_mushroom to craft mushroom_stew, can you help me find one? !searchForBlock("brown_mushroom", 64)`)
	m := wantMatch(t, res, `Code output:\nFound brown_mushroom at \((-?\d+), -60, (-?\d+)\)\.\nYou have reached at (-?\d+), -60, (-?\d+)\.\n`)
	if m[1] != m[3] || m[2] != m[4] {
		t.Fatalf("reached %s,%s, found at %s,%s", m[3], m[4], m[1], m[2])
	}
	if res.Duration <= 0 {
		t.Error("walking must take time")
	}
	res = do(t, w, "Jill_0", `!collectBlocks("brown_mushroom", 1)`)
	wantMatch(t, res, `Code output:\nYou have reached at -?\d+, -60, -?\d+\.\nPicked up 1 items\.\nCollected 1 brown_mushroom\.\n`)
	res = do(t, w, "Jill_0", `!craftRecipe("mushroom_stew", 1)`)
	if want := "Code output:\nSuccessfully crafted mushroom_stew, you now have 1 mushroom_stew.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
	res = do(t, w, "Jill_0", `!startConversation("Andy_0", "I've made the mushroom_stew, let's meet") and more !stats`)
	if want := (StartConversation{Partner: "Andy_0", Message: "I've made the mushroom_stew, let's meet"}); res.Output != "" || res.Effect != want {
		t.Fatalf("startConversation: %+v", res)
	}
	if res.Response != `!startConversation("Andy_0", "I've made the mushroom_stew, let's meet")` {
		t.Fatalf("response not truncated after the command: %q", res.Response)
	}
	if res.CommandText != res.Response {
		t.Fatalf("command text %q, want the whole truncated response", res.CommandText)
	}
	res = do(t, w, "Jill_0", `!startConversation("Steve", "hi")`)
	if res.Output != "Steve is not a bot, cannot start conversation." {
		t.Fatalf("got %q", res.Output)
	}
}

// Seed 002 section 9.1.1 and 10.4: inventories, crafting plans, giving.
func TestPaperCraftingExample(t *testing.T) {
	task := procgen.Task{
		ID: "multiagent_crafting_carrot_on_a_stick", Type: procgen.TypeCrafting, AgentCount: 2,
		InitialInventory: map[string]map[string]int{"0": {"carrot": 1, "fishing_rod": 1}, "1": {"oak_planks": 1, "string": 1}},
		Target:           procgen.Target{Item: "carrot_on_a_stick"}, NumberOfTarget: 1,
	}
	w := mustBuild(t, task, 2, Options{AgentNames: []string{"Andy_0", "Jill_0"}})
	if res := do(t, w, "Jill_0", `let me check what I actually have !inventory`); res.Output != "\nINVENTORY\n- oak_planks: 1\n- string: 1\nWEARING: Nothing\n" {
		t.Fatalf("inventory: %q", res.Output)
	}
	res := do(t, w, "Jill_0", `!craftRecipe("carrot_on_a_stick", 1)`)
	if want := "Code output:\nYou do not have the resources to craft a carrot_on_a_stick. It requires: fishing_rod: 1, carrot: 1.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
	do(t, w, "Andy_0", `!givePlayer("Jill_0", "carrot", 1)`)
	res = do(t, w, "Andy_0", `!givePlayer("Jill_0", "fishing_rod", 1)`)
	if want := "Code output:\nYou have reached Jill_0.\nDiscarded 1 fishing_rod.\nJill_0 received fishing_rod.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
	if res := do(t, w, "Jill_0", "!inventory"); res.Output != "\nINVENTORY\n- oak_planks: 1\n- string: 1\n- carrot: 1\n- fishing_rod: 1\nWEARING: Nothing\n" {
		t.Fatalf("inventory: %q", res.Output)
	}
	res = do(t, w, "Jill_0", `!craftRecipe("carrot_on_a_stick", 1)`)
	if want := "Code output:\nSuccessfully crafted carrot_on_a_stick, you now have 1 carrot_on_a_stick.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
	if !w.Success() {
		t.Fatal("validator: target crafted but no success")
	}
	res = do(t, w, "Andy_0", `!givePlayer("Jill_0", "book", 2)`)
	if want := "Code output:\nYou have reached Jill_0.\nYou do not have any book to discard.\nFailed to give book to Jill_0, it was never received.\n"; res.Output != want {
		t.Fatalf("got %q, want %q", res.Output, want)
	}
}

// Seed 002 section 10.4: the bookshelf plan and collecting logs in a forest.
func TestPaperBookshelfPlan(t *testing.T) {
	task := procgen.Task{
		ID: "multiagent_crafting_bookshelf", Type: procgen.TypeCrafting, AgentCount: 2,
		InitialInventory: map[string]map[string]int{"0": {"oak_planks": 4, "book": 2, "dirt": 1}, "1": {"oak_planks": 2, "book": 1}},
		Target:           procgen.Target{Item: "bookshelf"}, NumberOfTarget: 1, MissingItems: []string{"leather"},
	}
	w := mustBuild(t, task, 5, Options{})
	res := do(t, w, "Andy_0", `!getCraftingPlan("bookshelf", 1)`)
	want := "\nYou are missing the following items:\n- 1 oak_log\n- 3 sugar_cane\n- 4 rabbit_hide\n\nOnce you have these items, here's your crafting plan:\n\nCraft 1 oak_log -> 4 oak_planks\nCraft 3 sugar_cane -> 3 paper\nCraft 4 rabbit_hide -> 1 leather\nCraft 3 paper + 1 leather -> 1 book\nCraft 6 oak_planks + 3 book -> 1 bookshelf\n"
	if res.Output != want {
		t.Fatalf("got %q\nwant %q", res.Output, want)
	}
	res = do(t, w, "Andy_0", `!collectBlocks("oak_log", 6)`)
	if res.Output != "Code output:\nCollected 6 oak_log.\n" {
		t.Fatalf("got %q", res.Output)
	}
	if n := w.Agent("Andy_0").Inventory().Count("oak_log"); n != 6 {
		t.Fatalf("holding %d oak_log, want 6", n)
	}
	// The forest holds what the missing leather needs: rabbits within the
	// usual search range.
	res = do(t, w, "Andy_0", `!searchForEntity("rabbit", 64)`)
	wantMatch(t, res, `Code output:\nFound rabbit [\d.]+ blocks away\.\nYou have reached at .*\.\n`)
}

// Stone needs a pickaxe; smelting needs fuel; the furnace runs 10 s/item.
func TestMiningAndSmelting(t *testing.T) {
	task := procgen.Task{
		ID: "smelt", Type: procgen.TypeCrafting, AgentCount: 1,
		InitialInventory: map[string]map[string]int{"0": {"furnace": 1, "oak_planks": 2}},
		Target:           procgen.Target{Item: "iron_pickaxe"}, NumberOfTarget: 1, MissingItems: []string{"iron_ingot"},
	}
	w := mustBuild(t, task, 9, Options{})
	if res := do(t, w, "Andy_0", `!collectBlocks("iron_ore", 1)`); res.Output != "Code output:\nDon't have right tools to harvest iron_ore.\n" {
		t.Fatalf("got %q", res.Output)
	}
	w.Agent("Andy_0").Inventory().Add("stone_pickaxe", 1)
	res := do(t, w, "Andy_0", `!collectBlocks("iron_ore", 2)`)
	if res.Output != "Code output:\nCollected 2 iron_ore.\n" {
		t.Fatalf("got %q", res.Output)
	}
	if res := do(t, w, "Andy_0", `!smeltItem("iron_ingot", 1)`); res.Output != "Code output:\nCannot smelt iron_ingot. Hint: make sure you are smelting the 'raw' item.\n" {
		t.Fatalf("got %q", res.Output)
	}
	// MINDcraft picks a furnace it placed back up before its last line.
	res = do(t, w, "Andy_0", `!smeltItem("raw_iron", 2)`)
	wantMatch(t, res, `Code output:\nPlaced furnace at \(.*\)\.\nUsing oak_planks as fuel\.\nAdded 2 oak_planks to furnace fuel\.\nCollected 1 furnace\.\nSuccessfully smelted raw_iron, got 2 iron_ingot\.\n`)
	if res.Duration.Seconds() < 20 {
		t.Errorf("smelting 2 items took %v, want >= 20s", res.Duration)
	}
	if got := w.Agent("Andy_0").Inventory().Count("furnace"); got != 1 {
		t.Errorf("the placed furnace was not picked back up (%d)", got)
	}
}

// Seed 002 sections 9.1.2 and 10.2: placing, blueprint fixes, searches
// that find nothing.
func TestPaperConstructionExample(t *testing.T) {
	bp := houseBlueprint(150, -170)
	w := mustBuild(t, constructionTask(t, bp), 4, Options{})
	res := do(t, w, "Andy_0", "!goToCoordinates(151, -60, -169, 0.5)")
	if res.Output != "Code output:\nYou have reached at 151, -60, -169.\n" {
		t.Fatalf("got %q", res.Output)
	}
	if res = do(t, w, "Andy_0", `!placeHere("stone")`); res.Output != "Code output:\nPlaced stone at (151, -60, -169).\n" {
		t.Fatalf("got %q", res.Output)
	}
	if res = do(t, w, "Andy_0", `!placeHere("terracotta")`); res.Output != "Code output:\nDon't have any terracotta to place.\n" {
		t.Fatalf("got %q", res.Output)
	}
	// A wrong block inside the house must be removed, a wrong block in a
	// wall replaced.
	w.SetBlock(Pos{152, -59, -168}, "dirt")
	w.SetBlock(Pos{150, -59, -170}, "dirt")
	res = do(t, w, "Andy_0", "!checkBlueprintLevel(1)")
	for _, line := range []string{
		"Replace the dirt with a stone at coordinates X: 150, Y: -59, Z: -170 \n",
		"Remove the dirt at coordinates X: 152, Y: -59, Z: -168\n",
		"Place stone at coordinates X: 151, Y: -59, Z: -170\n",
	} {
		if !strings.Contains(res.Output, line) {
			t.Errorf("checkBlueprintLevel(1) lacks %q:\n%s", line, res.Output)
		}
	}
	wantPrefix(t, res, "\nLevel 1 requires the following fixes:\n")
	if res = do(t, w, "Andy_0", "!checkBlueprintLevel(7)"); res.Output != "" {
		t.Errorf("a level out of range records nothing, got %q", res.Output)
	}
	if res = do(t, w, "Andy_0", "!getBlueprint"); res.Output != "\nLevel 0: Start at coordinates X: 150, Y: -60, Z: -170Level 1: Start at coordinates X: 150, Y: -59, Z: -170Level 2: Start at coordinates X: 150, Y: -58, Z: -170\n" {
		t.Errorf("getBlueprint: %q", res.Output)
	}
	if res = do(t, w, "Andy_0", `!searchForBlock("sugar_cane", 64)`); res.Output != "Code output:\nCould not find any sugar_cane in 64 blocks.\n" {
		t.Errorf("got %q", res.Output)
	}
	if s := w.Score(); s <= 0 || s >= 1 {
		t.Errorf("partial score %v, want in (0, 1)", s)
	}
}

// The pathfinder towers up with dirt, as mineflayer does, to reach a
// place above the ground.
func TestScaffolding(t *testing.T) {
	bp := houseBlueprint(150, -170)
	w := mustBuild(t, constructionTask(t, bp), 4, Options{})
	before := w.Agent("Jill_0").Inventory().Count("dirt")
	res := do(t, w, "Jill_0", "!goToCoordinates(140, -57, -175, 0)")
	if res.Output != "Code output:\nYou have reached at 140, -57, -175.\n" {
		t.Fatalf("got %q", res.Output)
	}
	if used := before - w.Agent("Jill_0").Inventory().Count("dirt"); used != 3 {
		t.Errorf("used %d dirt to climb 3 blocks, want 3", used)
	}
	// Andy has no scaffolding blocks... but stone is not scaffolding, so
	// he cannot get there.
	res = do(t, w, "Andy_0", "!goToCoordinates(160, -50, -160, 0)")
	if res.Output != "Code output:\nPathfinding stopped: No path to the goal!.\n" {
		t.Fatalf("got %q", res.Output)
	}
}

func TestDialectCurrent(t *testing.T) {
	w := mustBuild(t, cookingTask(), 1, Options{Dialect: DialectCurrent})
	res := do(t, w, "Andy_0", `!searchForBlock("brown_mushroom", 64)`)
	wantMatch(t, res, `Action output:\nFound brown_mushroom at \(.*\)\. Navigating\.\.\.\nYou have reached at .*\.\n`)
}

func TestCommandErrors(t *testing.T) {
	task := cookingTask()
	task.BlockedActions = map[string][]string{"0": {"!searchForBlock"}}
	w := mustBuild(t, task, 1, Options{})
	for _, c := range []struct{ agent, in, want string }{
		{"Andy_0", `!searchForBlock("brown_mushroom", 64)`, "Command !searchForBlock does not exist."},
		{"Andy_0", `!checkBlueprint`, "Command !checkBlueprint does not exist."},
		{"Andy_0", `!endGoal`, "Command !endGoal does not exist."},
		{"Andy_0", `!fly("up")`, "Command !fly does not exist."},
		{"Jill_0", `!searchForBlock("brown_mushroom", 10)`, "Error: Param 'search_range' must be an element of [32, 512)."},
		{"Jill_0", `!collectBlocks("mushroom", 1)`, "Invalid block type: mushroom."},
		{"Jill_0", `!craftRecipe("oak_plank", 0)`, "Error: Param 'num' must be an element of [1, 9007199254740991)."},
		{"Jill_0", `!givePlayer("Andy_0", "bowl")`, "Command !givePlayer was given 2 args, but requires 3 args."},
		{"Jill_0", `!newAction("build a house")`, "newAction not allowed! Code writing is disabled in settings. Notify the user."},
		{"Jill_0", `!goToPlayer("Nobody", 3)`, "Code output:\n!!Code threw exception!!\nError: TypeError: Cannot read properties of undefined (reading 'entity')\nStack trace:\nundefined\n"},
		{"Jill_0", `!rememberHere("home")`, `Location saved as "home".`},
		{"Jill_0", `!savedPlaces`, "Saved place names: home"},
		{"Jill_0", `!goToRememberedPlace("work")`, "Code output:\nNo location named \"work\" saved.\n"},
		{"Jill_0", `!consume("bowl")`, "Code output:\n!!Code threw exception!!\nError: Error: Consuming cancelled\nStack trace:\nundefined\n"},
		{"Jill_0", `!equip("diamond_sword")`, "Code output:\nYou do not have any diamond_sword to equip.\n"},
		{"Jill_0", `!stay(3)`, "Code output:\nStayed for 3 seconds.\n"},
		{"Jill_0", `!setMode("cheat", "on")`, "Mode cheat is now on."},
		{"Jill_0", `!stop`, "Agent stopped."},
		{"Jill_0", `!endConversation("Andy_0")`, "Conversation with Andy_0 ended."},
	} {
		res := do(t, w, c.agent, c.in)
		if res.Output != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.agent, c.in, res.Output, c.want)
		}
	}
	if res := do(t, w, "Andy_0", `!searchForBlock("x", 1)`); !res.Unknown || !res.Failed {
		t.Errorf("blocked command must be Unknown: %+v", res)
	}
	if res := do(t, w, "Jill_0", `!searchForBlock("x", 1)`); res.Unknown {
		t.Errorf("a known command with bad args is not Unknown: %+v", res)
	}
	if res := do(t, w, "Jill_0", "just chatting, no command"); res.Command != "" || res.Output != "" {
		t.Errorf("no command: %+v", res)
	}
	if docs := w.Docs("Andy_0"); strings.Contains(docs, "!searchForBlock") || !strings.Contains(docs, "!collectBlocks") {
		t.Error("docs must leave out exactly the blocked commands")
	}
	if _, err := w.Execute("Nobody", "!stats"); err == nil {
		t.Error("unknown agent must be an error")
	}
}

// Same task, seed and commands give the same world, outputs and clock.
func TestDeterminism(t *testing.T) {
	run := func(seed uint64) string {
		w := mustBuild(t, cookingTask(), seed, Options{})
		var b strings.Builder
		for _, c := range [][2]string{
			{"Andy_0", "!stats"}, {"Andy_0", "!nearbyBlocks"}, {"Andy_0", `!searchForBlock("wheat", 64)`},
			{"Andy_0", `!collectBlocks("wheat", 3)`}, {"Jill_0", `!attack("rabbit")`}, {"Jill_0", `!attack("chicken")`},
			{"Jill_0", `!collectBlocks("potatoes", 2)`}, {"Andy_0", `!craftRecipe("bread", 1)`}, {"Andy_0", "!inventory"},
			{"Jill_0", "!inventory"}, {"Jill_0", "!entities"}, {"Andy_0", `!moveAway(5)`},
		} {
			res := do(t, w, c[0], c[1])
			fmt.Fprintf(&b, "%s|%s|%v|%v\n", res.Command, res.Output, res.Duration, w.Now())
		}
		fmt.Fprintf(&b, "%v", w.Score())
		return b.String()
	}
	a, b := run(42), run(42)
	if a != b {
		t.Fatalf("two runs differ:\n%s\n----\n%s", a, b)
	}
	if c := run(43); c == a {
		t.Fatal("another seed gives the same trial")
	}
}

// A builder walled in digs out as mineflayer-pathfinder would, but only
// through blocks that drop themselves (they can be put back): walled in
// terracotta it gets out and holds the block it dug; walled in stone,
// which would come back as cobblestone, it stays.
func TestDigOut(t *testing.T) {
	for _, c := range []struct {
		wall string
		out  bool
	}{{"terracotta", true}, {"stone", false}} {
		w := mustBuild(t, constructionTask(t, houseBlueprint(150, -170)), 4, Options{})
		a := w.Agent("Jill_0")
		p := a.pos.Block()
		for dy := -1; dy <= 2; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for dz := -1; dz <= 1; dz++ {
					if q := p.Add(dx, dy, dz); (dx != 0 || dz != 0 || dy == -1 || dy == 2) && dy >= 0 {
						w.setBlock(q, c.wall)
					}
				}
			}
		}
		a.inv.Remove("dirt", a.inv.Count("dirt")) // no towering over the wall
		a.inv.Add("diamond_pickaxe", 1)
		before := a.inv.Count(c.wall)
		res := do(t, w, "Jill_0", fmt.Sprintf("!goToCoordinates(%d, %d, %d, 0)", p.X+6, p.Y, p.Z))
		got := strings.Contains(res.Output, "You have reached")
		if got != c.out {
			t.Errorf("walled in %s: got %q", c.wall, res.Output)
		}
		if dug := a.inv.Count(c.wall) - before; c.out && dug < 1 {
			t.Errorf("walled in %s: dug out %d blocks into the inventory, want at least 1", c.wall, dug)
		}
	}
}

// !digDown logs as skills.digDown does: what it broke, then how far it
// got, and why it stopped short.
func TestDigDownLogs(t *testing.T) {
	w := mustBuild(t, constructionTask(t, houseBlueprint(150, -170)), 4, Options{})
	a := w.Agent("Jill_0")
	p := a.pos.Block()
	res := do(t, w, "Jill_0", "!digDown(2)")
	want := fmt.Sprintf("Code output:\nBroke grass_block at x:%d.0, y:-61.0, z:%d.0.\nBroke dirt at x:%d.0, y:-62.0, z:%d.0.\nDug down 2 blocks.\n", p.X, p.Z, p.X, p.Z)
	if res.Output != want || a.pos.Block().Y != -62 {
		t.Fatalf("digDown(2): %q at y %d\nwant %q at -62", res.Output, a.pos.Block().Y, want)
	}
	res = do(t, w, "Jill_0", "!digDown(5)")
	want = fmt.Sprintf("Code output:\nBroke dirt at x:%d.0, y:-63.0, z:%d.0.\nDug down 1 blocks, but reached the end of the world.\n", p.X, p.Z)
	if res.Output != want {
		t.Errorf("digDown(5) to bedrock: %q\nwant %q", res.Output, want)
	}
}

// Texts as MINDcraft 0012750 writes them (src/agent/commands/actions.js,
// queries.js): an unknown player to attack, a bad look direction checked
// before vision, and the wiki search failing without a network.
func TestMindcraftCommandTexts(t *testing.T) {
	w := mustBuild(t, cookingTask(), 2, Options{})
	for _, c := range []struct{ in, want string }{
		{`!attackPlayer("Nobody")`, "Code output:\nCould not find player Nobody.\n"},
		{`!lookAtPlayer("Jill_0", "behind")`, "Invalid direction. Use 'at' or 'with'."},
		{`!lookAtPlayer("Jill_0", "at")`, "Vision is disabled. Use other methods to describe the environment."},
		{`!searchWiki("stone")`, "The following error occurred: TypeError: fetch failed"},
		{`!equip("air")`, "Code output:\nYou do not have any air to equip.\n"},
	} {
		if res := do(t, w, "Andy_0", c.in); res.Output != c.want {
			t.Errorf("%s: %q, want %q", c.in, res.Output, c.want)
		}
	}
}
