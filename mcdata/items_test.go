package mcdata

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestLookupItem(t *testing.T) {
	for name, stack := range map[string]int{"oak_log": 64, "ender_pearl": 16, "diamond_sword": 1, "egg": 16, "cake": 1} {
		it, err := LookupItem(name)
		if err != nil {
			t.Fatalf("LookupItem(%q): %v", name, err)
		}
		if it.Name != name || it.StackSize != stack {
			t.Errorf("LookupItem(%q) = %+v, want stack size %d", name, it, stack)
		}
		if !IsItem(name) {
			t.Errorf("IsItem(%q) = false", name)
		}
	}
	if IsItem("oak_plank") || IsItem("") {
		t.Error("IsItem accepts names that are not items")
	}
}

func TestUnknownNameSuggests(t *testing.T) {
	_, err := LookupItem("oak_plank")
	if err == nil {
		t.Fatal("LookupItem(oak_plank) succeeded")
	}
	want := `mcdata: unknown item "oak_plank" (did you mean "oak_planks", "oak_slab" or "dark_oak_planks"?)`
	if err.Error() != want {
		t.Errorf("error = %q\nwant    %q", err, want)
	}
	var u *UnknownNameError
	if !errors.As(err, &u) || u.Kind != "item" || u.Suggestions[0] != "oak_planks" {
		t.Errorf("error %#v: want *UnknownNameError suggesting oak_planks first", err)
	}
	for typo, first := range map[string]string{"bookshelfs": "bookshelf", "iron_ignot": "iron_ingot", "cobblestone_": "cobblestone", "planks": "oak_planks"} {
		_, err := LookupItem(typo)
		if !errors.As(err, &u) || len(u.Suggestions) == 0 || u.Suggestions[0] != first {
			t.Errorf("LookupItem(%q): %v, want %q suggested first", typo, err, first)
		}
	}
	_, err = LookupItem("zzzzzzzzzzzzzzzzzz")
	if err == nil || err.Error() != `mcdata: unknown item "zzzzzzzzzzzzzzzzzz"` {
		t.Errorf("nothing close: got %v", err)
	}
	_, err = LookupBlock("iron")
	if !errors.As(err, &u) || u.Kind != "block" || !slices.Contains(u.Suggestions, "iron_ore") {
		t.Errorf("LookupBlock(iron): %v, want iron_ore suggested", err)
	}
}

func TestLookupBlock(t *testing.T) {
	b, err := LookupBlock("iron_ore")
	if err != nil {
		t.Fatal(err)
	}
	want := Block{
		Name: "iron_ore", Hardness: 3, Drops: []string{"raw_iron"},
		HarvestTools: []string{"diamond_pickaxe", "iron_pickaxe", "netherite_pickaxe", "stone_pickaxe"},
		RequiresTool: true, BestTool: "pickaxe",
		dropCounts: []Ingredient{{"raw_iron", 1}},
	}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("iron_ore = %+v\nwant %+v", b, want)
	}
	for name, tool := range map[string]string{"oak_log": "axe", "dirt": "shovel", "stone": "pickaxe", "white_wool": "shears", "oak_leaves": "hoe", "glass": ""} {
		b, err := LookupBlock(name)
		if err != nil {
			t.Fatal(err)
		}
		if b.BestTool != tool {
			t.Errorf("%s best tool = %q, want %q", name, b.BestTool, tool)
		}
	}
	if b, _ := LookupBlock("bedrock"); b.Hardness != -1 {
		t.Errorf("bedrock hardness = %v, want -1", b.Hardness)
	}
	if IsBlock("stick") || !IsBlock("wheat") {
		t.Error("IsBlock: stick is not a block, wheat (the crop) is")
	}
	// The copy handed out cannot change the data.
	b.Drops[0] = "diamond"
	if again, _ := LookupBlock("iron_ore"); again.Drops[0] != "raw_iron" {
		t.Error("LookupBlock shares its slices with the data")
	}
}

func TestDrops(t *testing.T) {
	cases := []struct {
		block, tool string
		want        []Ingredient
	}{
		{"stone", "", nil},
		{"stone", "wooden_pickaxe", []Ingredient{{"cobblestone", 1}}},
		{"iron_ore", "wooden_pickaxe", nil},
		{"iron_ore", "stone_pickaxe", []Ingredient{{"raw_iron", 1}}},
		{"diamond_ore", "iron_pickaxe", []Ingredient{{"diamond", 1}}},
		{"diamond_ore", "stone_pickaxe", nil},
		{"oak_log", "", []Ingredient{{"oak_log", 1}}},
		{"dirt", "wooden_shovel", []Ingredient{{"dirt", 1}}},
		{"grass_block", "", []Ingredient{{"dirt", 1}}},
		{"clay", "", []Ingredient{{"clay_ball", 4}}},
		{"cobweb", "", nil},
		{"cobweb", "shears", []Ingredient{{"string", 1}}},
		{"glass", "", nil},
		{"bedrock", "diamond_pickaxe", nil},
		{"no_such_block", "", nil},
	}
	for _, c := range cases {
		if got := Drops(c.block, c.tool); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Drops(%q, %q) = %v, want %v", c.block, c.tool, got, c.want)
		}
	}
}

func TestFoods(t *testing.T) {
	for name, pts := range map[string]float64{"apple": 4, "cooked_beef": 8, "bread": 5, "golden_apple": 4, "baked_potato": 5} {
		f, ok := LookupFood(name)
		if !ok || f.FoodPoints != pts {
			t.Errorf("LookupFood(%q) = %+v, %v; want %v food points", name, f, ok, pts)
		}
	}
	if _, ok := LookupFood("stick"); ok {
		t.Error("stick is not food")
	}
	fs := Foods()
	if !slices.IsSortedFunc(fs, func(a, b Food) int { return cmpString(a.Name, b.Name) }) || len(fs) < 40 {
		t.Errorf("Foods() not sorted or too short (%d)", len(fs))
	}
}

func TestItemsSorted(t *testing.T) {
	items := Items()
	if !slices.IsSortedFunc(items, func(a, b Item) int { return cmpString(a.Name, b.Name) }) {
		t.Error("Items() is not sorted by name")
	}
	for _, it := range items {
		if it.StackSize < 1 || it.StackSize > 64 {
			t.Errorf("%s: stack size %d", it.Name, it.StackSize)
		}
	}
	if !slices.IsSorted(Blocks()) {
		t.Error("Blocks() is not sorted")
	}
}

// Names Minecraft retired before 1.21.1 are unknown, and the error suggests
// the modern name first, saying when the old one was retired.
func TestRenamedNames(t *testing.T) {
	for old, r := range renamed {
		if IsItem(old) || IsBlock(old) {
			t.Errorf("%s is still a name in %s", old, MinecraftVersion)
		}
		for _, n := range r.to {
			if !IsItem(n) && !IsBlock(n) {
				t.Errorf("%s: modern name %s is neither an item nor a block", old, n)
			}
		}
	}
	for old, want := range map[string]string{
		"grass":    `mcdata: unknown item "grass" (an old name, renamed in Minecraft 1.20.3: did you mean "short_grass", "grass_block" or "glass"?)`,
		"rose_red": `mcdata: unknown item "rose_red" (an old name, renamed in Minecraft 1.14: did you mean "red_dye"`,
		"scute":    `mcdata: unknown item "scute" (an old name, renamed in Minecraft 1.20.5: did you mean "turtle_scute"`,
	} {
		_, err := LookupItem(old)
		var u *UnknownNameError
		if !errors.As(err, &u) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("LookupItem(%q): %v, want %s...", old, err, want)
		}
	}
	if _, err := LookupBlock("grass"); err == nil || !strings.Contains(err.Error(), `unknown block "grass" (an old name, renamed in Minecraft 1.20.3: did you mean "short_grass"`) {
		t.Errorf("LookupBlock(grass): %v", err)
	}
	if names, in, ok := ModernName("grass"); !ok || in != "1.20.3" || names[0] != "short_grass" {
		t.Errorf("ModernName(grass) = %v, %s, %v", names, in, ok)
	}
	if _, _, ok := ModernName("short_grass"); ok {
		t.Error("short_grass is current, not renamed")
	}
}
