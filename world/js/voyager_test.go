package js

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"collabcraft/world"
)

func runVoyager(t *testing.T, w *world.World, state *VoyagerState, body string) VoyagerResult {
	t.Helper()
	code := "async function main(bot) {\n" + body + "\n}\nawait main(bot);"
	res, err := ExecuteVoyager(context.Background(), w, "Andy_0", "", code, state, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func wantChat(t *testing.T, res VoyagerResult, want ...string) {
	t.Helper()
	if !slices.Equal(res.Chat, want) {
		t.Errorf("chat %q, want %q (error %q)", res.Chat, want, res.Error)
	}
}

func TestVoyagerMineBlock(t *testing.T) {
	w := testWorldOf(t, 1)
	st := &VoyagerState{}
	wantChat(t, runVoyager(t, w, st, `await mineBlock(bot, "diamond_ore", 1);`), "No diamond_ore nearby, please explore first")
	if res := runVoyager(t, w, st, `await mineBlock(bot, 3);`); res.Error != "name for mineBlock must be a string" {
		t.Errorf("a number as name: error %q", res.Error)
	}
	if res := runVoyager(t, w, st, `await mineBlock(bot, "oak_log", "2");`); res.Error != "count for mineBlock must be a number" {
		t.Errorf("a string as count: error %q", res.Error)
	}
	if res := runVoyager(t, w, st, `await mineBlock(bot, "unobtainium");`); res.Error != "No block named unobtainium" {
		t.Errorf("unknown block: error %q", res.Error)
	}
	p := w.Agent("Andy_0").Pos().Block()
	w.SetBlock(p.Add(2, 0, 0), "oak_log")
	before := w.Agent("Andy_0").Inventory().Count("oak_log")
	res := runVoyager(t, w, st, `await mineBlock(bot, "oak_log", 1);`)
	if got := w.Agent("Andy_0").Inventory().Count("oak_log"); got != before+1 || res.Error != "" || !slices.Equal(res.Saved, []string{"oak_log_mined"}) {
		t.Errorf("mining a log next to the agent: %d logs (had %d), error %q, saved %q, chat %q", got, before, res.Error, res.Saved, res.Chat)
	}
	w.SetBlock(p.Add(-2, 0, 0), "iron_ore")
	w.Agent("Andy_0").Inventory().Remove("stone_pickaxe", 1)
	wantChat(t, runVoyager(t, w, st, `await mineBlock(bot, "iron_ore", 1);`), "I need at least a stone_pickaxe to mine iron_ore!  Skip it!")
	// The eleventh failure throws (the count lives in the state).
	for i := 2; i <= 10; i++ {
		runVoyager(t, w, st, `await mineBlock(bot, "diamond_ore", 1);`)
	}
	res = runVoyager(t, w, st, `await mineBlock(bot, "diamond_ore", 1);`)
	if res.Error != "mineBlock failed too many times, make sure you explore before calling mineBlock" {
		t.Errorf("eleventh failure: error %q, fails %d", res.Error, st.MineBlockFails)
	}
}

func TestVoyagerCraftItem(t *testing.T) {
	w := testWorldOf(t, 1)
	a := w.Agent("Andy_0")
	sticks := a.Inventory().Count("stick")
	res := runVoyager(t, w, &VoyagerState{}, `await craftItem(bot, "stick", 2);`)
	if got := a.Inventory().Count("stick"); got != sticks+8 {
		t.Errorf("crafting sticks twice: %d sticks, had %d; chat %q error %q", got, sticks, res.Chat, res.Error)
	}
	if n := len(res.Chat); n == 0 || res.Chat[n-2] != "I can make stick" || res.Chat[n-1] != "I did the recipe for stick 2 times" {
		t.Errorf("chat %q", res.Chat)
	}
	// Without a table an iron pickaxe has no recipe at all: craftHelper throws.
	if res := runVoyager(t, w, &VoyagerState{}, `await craftItem(bot, "iron_pickaxe", 1);`); res.Error != "No crafting table nearby" {
		t.Errorf("iron pickaxe without a table: error %q", res.Error)
	}
	p := a.Pos().Block()
	w.SetBlock(p.Add(2, 0, 0), "crafting_table")
	res = runVoyager(t, w, &VoyagerState{}, `await craftItem(bot, "iron_pickaxe", 1);`)
	last := res.Chat[len(res.Chat)-1]
	if !strings.HasPrefix(last, "I cannot make iron_pickaxe because I need: ") || !strings.Contains(last, "3 more iron_ingot") || res.Error != "" {
		t.Errorf("crafting without iron: chat %q error %q", res.Chat, res.Error)
	}
	if res := runVoyager(t, w, &VoyagerState{}, `await craftItem(bot, "no_such_item");`); res.Error != "No item named no_such_item" {
		t.Errorf("unknown item: error %q", res.Error)
	}
}

func TestVoyagerKillMob(t *testing.T) {
	w := testWorldOf(t, 1)
	st := &VoyagerState{}
	wantChat(t, runVoyager(t, w, st, `await killMob(bot, "mooshroom", 300);`), "No mooshroom nearby, please explore first")
	p := w.Agent("Andy_0").Pos()
	id, err := w.AddMob("pig", world.Vec{X: p.X + 3, Y: p.Y, Z: p.Z})
	if err != nil {
		t.Fatal(err)
	}
	res := runVoyager(t, w, st, `await killMob(bot, "pig", 300);`)
	if !slices.Equal(res.Saved, []string{"pig_killed"}) || res.Error != "" {
		t.Errorf("killing a pig: saved %q error %q chat %q", res.Saved, res.Error, res.Chat)
	}
	if e, ok := w.Entity(id); ok {
		t.Errorf("the nearest pig lives on at %v", e.Pos)
	}
}

func TestVoyagerPlaceItem(t *testing.T) {
	w := clearedWorld(t)
	p := w.Agent("Andy_0").Pos().Block()
	at := p.Add(2, 0, 0)
	below := w.BlockAt(at.X, at.Y-1, at.Z)
	res := runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`await placeItem(bot, "dirt", new Vec3(%d, %d, %d));`, at.X, at.Y, at.Z))
	wantChat(t, res, fmt.Sprintf("Placing dirt on %s at (%d, %d, %d)", below, at.X, at.Y-1, at.Z), "Placed dirt")
	if got := w.BlockAt(at.X, at.Y, at.Z); got != "dirt" {
		t.Errorf("block at %v is %s", at, got)
	}
	high := p.Add(3, 4, 3)
	res = runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`await placeItem(bot, "dirt", new Vec3(%d, %d, %d));`, high.X, high.Y, high.Z))
	wantChat(t, res, "No block to place dirt on. You cannot place a floating block.")
	wantChat(t, runVoyager(t, w, &VoyagerState{}, `await placeItem(bot, "furnace", new Vec3(0, 0, 0));`), "No furnace in inventory")
	if res := runVoyager(t, w, &VoyagerState{}, `await placeItem(bot, "dirt", {x: 1, y: 2, z: 3});`); res.Error != "position for placeItem must be a Vec3" {
		t.Errorf("a plain object as position: error %q", res.Error)
	}
	// A Vec3 without its x (deleted) is a point nowhere, not a crash.
	res = runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`const v = new Vec3(%d, %d, %d); delete v.x; await placeItem(bot, "dirt", v);`, at.X+1, at.Y, at.Z))
	if got := w.BlockAt(at.X+1, at.Y, at.Z); got == "dirt" {
		t.Errorf("a Vec3 without x placed dirt at %v (chat %q, error %q)", at.Add(1, 0, 0), res.Chat, res.Error)
	}
}

func TestVoyagerExploreUntil(t *testing.T) {
	w := testWorldOf(t, 1)
	res := runVoyager(t, w, &VoyagerState{}, `const r = await exploreUntil(bot, new Vec3(1, 0, 1), 60, () => 7); bot.chat("got " + r);`)
	wantChat(t, res, "Explore success.", "got 7")
	res = runVoyager(t, w, &VoyagerState{}, `const r = await exploreUntil(bot, new Vec3(1, 0, 0), 10, () => false); bot.chat("got " + r);`)
	wantChat(t, res, "Max exploration time reached", "got null")
	if s := res.Duration.Seconds(); s < 10 || s > 12 {
		t.Errorf("exploring for 10 s took %.1f simulated seconds", s)
	}
	if res := runVoyager(t, w, &VoyagerState{}, `await exploreUntil(bot, new Vec3(2, 0, 0), 10);`); res.Error != "direction must be a Vec3 only with value of -1, 0 or 1" {
		t.Errorf("direction 2: error %q", res.Error)
	}
	// The callback is called as the bot walks (8 blocks each 2 s).
	w = testWorldOf(t, 1)
	p := w.Agent("Andy_0").Pos().Block()
	res = runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`const r = await exploreUntil(bot, new Vec3(1, 0, 0), 60, () => bot.entity.position.x > %d);`, p.X+5))
	wantChat(t, res, "Explore success.")
}

func TestVoyagerChest(t *testing.T) {
	w := clearedWorld(t)
	p := w.Agent("Andy_0").Pos().Block()
	c := p.Add(2, 0, 0)
	w.SetBlock(c, "chest")
	res := runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`await depositItemIntoChest(bot, new Vec3(%d, %d, %d), {dirt: 5, torch: 99, gold: 1});`, c.X, c.Y, c.Z))
	wantChat(t, res, "Not enough torch in inventory.", "No item named gold")
	want := VoyagerChest{Position: fmt.Sprintf("(%d, %d, %d)", c.X, c.Y, c.Z), Items: []world.Slot{{Item: "dirt", Count: 5}}}
	if len(res.Chests) != 1 || res.Chests[0].Position != want.Position || !slices.Equal(res.Chests[0].Items, want.Items) {
		t.Errorf("chests %+v, want %+v (error %q)", res.Chests, want, res.Error)
	}
	res = runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`await getItemFromChest(bot, new Vec3(%d, %d, %d), {dirt: 2, stone: 1});`, c.X, c.Y, c.Z))
	wantChat(t, res, "I don't see stone in this chest")
	if len(res.Chests) != 1 || !slices.Equal(res.Chests[0].Items, []world.Slot{{Item: "dirt", Count: 3}}) {
		t.Errorf("after taking 2 dirt: chests %+v", res.Chests)
	}
	res = runVoyager(t, w, &VoyagerState{}, fmt.Sprintf(`await checkItemInsideChest(bot, new Vec3(%d, %d, %d));`, c.X+1, c.Y, c.Z))
	if res.Error != fmt.Sprintf("No chest at (%d, %d, %d), it is air", c.X+1, c.Y, c.Z) || len(res.Chests) != 1 || !res.Chests[0].Invalid {
		t.Errorf("no chest: error %q chests %+v", res.Error, res.Chests)
	}
}

func TestVoyagerSmeltItem(t *testing.T) {
	w := testWorldOf(t, 1)
	a := w.Agent("Andy_0")
	st := &VoyagerState{}
	if res := runVoyager(t, w, st, `await smeltItem(bot, "raw_iron", "coal", 2);`); res.Error != "No furnace nearby" {
		t.Errorf("no furnace: error %q", res.Error)
	}
	w.SetBlock(a.Pos().Block().Add(2, 0, 0), "furnace")
	wantChat(t, runVoyager(t, w, st, `await smeltItem(bot, "raw_iron", "coal", 2);`), "No raw_iron to smelt in inventory", "Failed to smelt raw_iron, please check the fuel and input.")
	a.Inventory().Add("raw_iron", 3)
	wantChat(t, runVoyager(t, w, st, `await smeltItem(bot, "raw_iron", "coal", 2);`), "No coal as fuel in inventory", "Failed to smelt raw_iron, please check the fuel and input.")
	a.Inventory().Add("coal", 1)
	res := runVoyager(t, w, st, `await smeltItem(bot, "raw_iron", "coal", 2);`)
	wantChat(t, res, "Smelted 2 raw_iron.")
	if got := a.Inventory().Count("iron_ingot"); got != 2 {
		t.Errorf("%d iron ingots after smelting 2 raw iron", got)
	}
	if res := runVoyager(t, w, st, `await smeltItem(bot, "raw_iron", "dirt", 1);`); res.Error != "dirt is not a valid fuel" {
		t.Errorf("dirt as fuel: error %q chat %q", res.Error, res.Chat)
	}
	if st.SmeltItemFails != 2 {
		t.Errorf("%d smelting failures counted, want 2", st.SmeltItemFails)
	}
}

// TestVoyagerProgramsAndLimits: the library's programs are in scope for the
// new code, as evaluateCode concatenates them, and the runtime's limits hold.
func TestVoyagerProgramsAndLimits(t *testing.T) {
	w := testWorldOf(t, 1)
	p := w.Agent("Andy_0").Pos().Block()
	w.SetBlock(p.Add(2, 0, 0), "oak_log")
	programs := "async function mineOneLog(bot) {\n  await mineBlock(bot, \"oak_log\", 1);\n  bot.chat(\"one log\");\n}\n\n"
	code := "async function twice(bot) {\n  await mineOneLog(bot);\n  await mineOneLog(bot);\n}\nawait twice(bot);"
	res, err := ExecuteVoyager(context.Background(), w, "Andy_0", programs, code, nil, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	wantChat(t, res, "one log", "one log")
	if res.Error != "" || !slices.Equal(res.Saved, []string{"oak_log_mined", "oak_log_mined"}) {
		t.Errorf("error %q, saved %q", res.Error, res.Saved)
	}
	res, err = ExecuteVoyager(context.Background(), w, "Andy_0", "", "while (true) {}", nil, Options{Seed: 1, Limits: Limits{Steps: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Error == "" {
		t.Error("an endless loop finished")
	}
	if _, err := ExecuteVoyager(context.Background(), w, "Nobody", "", "", nil, Options{}); err == nil {
		t.Error("an unknown agent ran a program")
	}
}
