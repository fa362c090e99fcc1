package texts

import (
	"maps"
	"slices"
	"testing"
)

// Every text the world writes is read back by its matcher, inside an
// action's log as the agents receive it.
func TestRoundTrip(t *testing.T) {
	wrap := func(line string) string { return Output(PaperWord, "Going.\n"+line+"\nDone.\n") }
	cell := [3]int{-3, 64, 12}
	for _, c := range []struct {
		name string
		text string
		got  func(string) any
		want any
	}{
		{"Placed", Placed("oak_planks", -3, 64, 12), func(s string) any { return FilledCells(s) }, [][3]int{cell}},
		{"AlreadyAt", AlreadyAt("stone", -3, 64, 12), func(s string) any { return FilledCells(s) }, [][3]int{cell}},
		{"PlacedSome", Placed("oak_door", 1, 2, 3), func(s string) any { return PlacedSome(s) }, true},
		{"CannotPlace", CannotPlace("glass", -3, 64, 12, "nothing to place on"), func(s string) any { return UnplacedCells(s) }, [][3]int{cell}},
		{"FailedToPlace", FailedToPlace("glass", -3, 64, 12), func(s string) any { return UnplacedCells(s) }, [][3]int{cell}},
		{"Reached", Reached("-3.5", "64", "12"), func(s string) any { x, y, z, ok := ParseReached(s); return []any{x, y, z, ok} }, []any{"-3.5", "64", "12", true}},
		{"Found", Found("smoker", -3, 64, 12) + " Navigating...", func(s string) any { b, at, ok := ParseFound(s); return []any{b, at, ok} }, []any{"smoker", cell, true}},
		{"Received", Received("Jill_0", "bread"), func(s string) any { return SaysReceived(s) }, true},
		{"NeverReceived", NeverReceived("bread", "Jill_0"), func(s string) any { return SaysReceived(s) }, true},
		{"FurnaceCleared", FurnaceCleared("1 iron_ingot", "no input items", "no fuel items"), func(s string) any { return SaysReceived(s) }, true},
		{"NoChestNearby", NoChestNearby, func(s string) any { return IsNoChestNearby(s) }, true},
		{"NotInChest", NotInChest("egg"), func(s string) any { return IsNotInChest(s) }, true},
		{"NotFoundIn", NotFoundIn("chest", "64"), func(s string) any { return []any{IsNotFound(s, "chest"), IsNotFound(s, "furnace")} }, []any{true, false}},
		{"NoFurnace", NoFurnace, func(s string) any { return IsNoFurnace(s) }, true},
		{"FurnaceBusy", FurnaceBusy("beef"), func(s string) any { return IsFurnaceBusy(s) }, true},
		{"NoneToAttack", NoneToAttack("rabbit"), func(s string) any { k, ok := ParseNoneToAttack(s); return []any{k, ok} }, []any{"rabbit", true}},
		{"Crafted", Crafted("stick", 4), func(s string) any { return CraftedItems(s) }, []string{"stick"}},
		{"CraftedSome", CraftedSome("oak_planks", 3, 1, 4, "stick"), func(s string) any { return CraftedItems(s) }, []string{"stick"}},
		{"CannotCraft", CannotCraft("ladder", "stick: 7"), func(s string) any { return CannotCraftItems(s) }, []string{"ladder"}},
		{"NeedsTable", NeedsTable("ladder"), func(s string) any { return []any{IsNeedsTable(s), NeedsTableItems(s)} }, []any{true, []string{"ladder"}}},
		{"NoRecipe", NoRecipe("oak_plank"), func(s string) any { return NoRecipeItems(s) }, []string{"oak_plank"}},
		{"ChestContents", ChestContains + "\n" + ChestLine(3, "egg") + "\n" + ChestLine(1, "sugar"), func(s string) any { return ChestItems(s) }, map[string]int{"egg": 3, "sugar": 1}},
		{"ChestEmpty", ChestEmpty, func(s string) any { return len(ChestItems(s)) }, 0},
		{"Collected", Collected(3, "oak_log"), func(s string) any { n, b, ok := ParseCollected(s); return []any{n, b, ok} }, []any{3, "oak_log", true}},
		{"Killed", Killed("cow"), func(s string) any { k, ok := ParseKilled(s); return []any{k, ok} }, []any{"cow", true}},
		{"Crafted (parsed)", Crafted("stick", 4), func(s string) any { i, n, ok := ParseCrafted(s); return []any{i, n, ok} }, []any{"stick", 4, true}},
		{"Smelted", Smelted("raw_iron", 3, "iron_ingot"), func(s string) any { i, n, o, ok := ParseSmelted(s); return []any{i, n, o, ok} }, []any{"raw_iron", 3, "iron_ingot", true}},
		{"Received (parsed)", Received("Jill_0", "bread"), func(s string) any { p, i, ok := ParseReceived(s); return []any{p, i, ok} }, []any{"Jill_0", "bread", true}},
		{"CannotCraft (parsed)", CannotCraft("ladder", "stick: 7"), func(s string) any { i, r, ok := ParseCannotCraft(s); return []any{i, r, ok} }, []any{"ladder", "stick: 7", true}},
	} {
		if got := c.got(wrap(c.text)); !equal(got, c.want) {
			t.Errorf("%s: %q reads back as %v, want %v", c.name, c.text, got, c.want)
		}
	}
	for _, word := range []string{PaperWord, CurrentWord} { // !stay's log is that one line, in either dialect
		if s := Output(word, Stayed(30)+"\n"); !IsStayed(s) {
			t.Errorf("IsStayed(%q) is false", s)
		}
	}
}

func equal(a, b any) bool {
	switch a := a.(type) {
	case [][3]int:
		return slices.Equal(a, b.([][3]int))
	case []string:
		return slices.Equal(a, b.([]string))
	case map[string]int:
		return maps.Equal(a, b.(map[string]int))
	case []any:
		bs := b.([]any)
		if len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !equal(a[i], bs[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// The matchers do not fire on each other's texts.
func TestMatchersAreSpecific(t *testing.T) {
	other := Output(PaperWord, Crafted("stick", 4)+"\n"+Received("Jill_0", "bread")+"\n")
	if FilledCells(other) != nil || UnplacedCells(other) != nil || PlacedSome(other) || IsStayed(other) ||
		IsNoChestNearby(other) || IsNotInChest(other) || IsNoFurnace(other) || IsFurnaceBusy(other) ||
		IsNeedsTable(other) || CannotCraftItems(other) != nil || NoRecipeItems(other) != nil || IsFailure(other) || IsMistake(other) {
		t.Errorf("a matcher fired on %q", other)
	}
	if _, _, _, ok := ParseReached(other); ok {
		t.Errorf("ParseReached fired on %q", other)
	}
	if _, ok := ParseNoneToAttack(other); ok {
		t.Errorf("ParseNoneToAttack fired on %q", other)
	}
}

func TestInventory(t *testing.T) {
	text := "\nINVENTORY\n" + InventoryLine("oak_planks", 4) + "\n" + InventoryLine("stick", 2) + "\n" + Wearing + ": \nHead: iron_helmet\n"
	if got, want := Inventory(text), map[string]int{"oak_planks": 4, "stick": 2}; !maps.Equal(got, want) {
		t.Errorf("Inventory = %v, want %v", got, want)
	}
	if got := Inventory("\nINVENTORY: Nothing\n" + Wearing + ": Nothing\n"); len(got) != 0 {
		t.Errorf("empty inventory read as %v", got)
	}
}

// The failures the experts react to, and the subset their noise makes.
func TestFailuresAndMistakes(t *testing.T) {
	for _, c := range []struct {
		text             string
		failure, mistake bool
	}{
		{InvalidItem("oak_plank"), true, true},
		{InvalidBlock("stone_bricks_x"), true, true},
		{NoRecipe("oak_plank"), true, true},
		{CraftedSome("oak_planks", 3, 1, 4, "stick"), true, true},
		{CannotCraft("ladder", "stick: 7"), true, false},
		{DontHaveToPlace("glass"), true, false},
		{NoSuchCommand("!fly"), true, false},
		{Crafted("stick", 4), false, false},
		{Placed("glass", 1, 2, 3), false, false},
	} {
		if IsFailure(c.text) != c.failure || IsMistake(c.text) != c.mistake {
			t.Errorf("%q: failure %v, mistake %v; want %v, %v", c.text, IsFailure(c.text), IsMistake(c.text), c.failure, c.mistake)
		}
	}
}

// TestParsePosition: $STATS's position reads back as the block cell the
// agent stands in (floor, so -1216.5 is cell -1217).
func TestParsePosition(t *testing.T) {
	at, ok := ParsePosition("STATS\n- Position: x: 1984.50, y: -60.00, z: -1216.50\n- Gamemode: survival\n")
	if want := [3]int{1984, -60, -1217}; !ok || at != want {
		t.Errorf("ParsePosition = %v, %v; want %v", at, ok, want)
	}
	if _, ok := ParsePosition("STATS\n- Gamemode: survival\n"); ok {
		t.Error("ParsePosition found a position in stats without one")
	}
}

// TestNearbyBlocksReadBack: ListsBlock finds a listed type, and only in
// the list (not in the surroundings or another answer).
func TestNearbyBlocksReadBack(t *testing.T) {
	s := "Action output:\n" + NearbyBlocks([]string{"grass_block", "chest", "oak_log"}, []string{"Block Below: dirt", "Block at Legs: air"})
	for _, b := range []string{"grass_block", "chest", "oak_log"} {
		if !ListsBlock(s, b) {
			t.Errorf("%q does not list %s", s, b)
		}
	}
	for _, b := range []string{"dirt", "air", "furnace", "oak"} {
		if ListsBlock(s, b) {
			t.Errorf("%q lists %s", s, b)
		}
	}
	if ListsBlock(NearbyBlocks(nil, nil), "chest") || ListsBlock("Could not find any chest in 64 blocks.", "chest") {
		t.Error("an empty answer or another text lists a chest")
	}
}
