package mcdata

import (
	"reflect"
	"slices"
	"testing"
)

func TestSmelt(t *testing.T) {
	cases := map[string]Smelting{
		"raw_iron":    {"raw_iron", "iron_ingot", []string{"furnace", "blast_furnace"}},
		"gold_ore":    {"gold_ore", "gold_ingot", []string{"furnace", "blast_furnace"}},
		"beef":        {"beef", "cooked_beef", []string{"furnace", "smoker", "campfire"}},
		"potato":      {"potato", "baked_potato", []string{"furnace", "smoker", "campfire"}},
		"kelp":        {"kelp", "dried_kelp", []string{"furnace", "smoker", "campfire"}},
		"sand":        {"sand", "glass", []string{"furnace"}},
		"cobblestone": {"cobblestone", "stone", []string{"furnace"}},
		"oak_log":     {"oak_log", "charcoal", []string{"furnace"}},
		"clay_ball":   {"clay_ball", "brick", []string{"furnace"}},
		"cactus":      {"cactus", "green_dye", []string{"furnace"}},
		"netherrack":  {"netherrack", "nether_brick", []string{"furnace"}},
		"wet_sponge":  {"wet_sponge", "sponge", []string{"furnace"}},
	}
	for in, want := range cases {
		got, ok := Smelt(in)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("Smelt(%q) = %+v, %v; want %+v", in, got, ok, want)
		}
	}
	for _, in := range []string{"crimson_stem", "iron_ingot", "stick", "no_such_item"} {
		if s, ok := Smelt(in); ok {
			t.Errorf("Smelt(%q) = %+v, want none", in, s)
		}
	}
	if got := SmeltInputs("iron_ingot"); !reflect.DeepEqual(got, []string{"deepslate_iron_ore", "iron_ore", "raw_iron"}) {
		t.Errorf("SmeltInputs(iron_ingot) = %v", got)
	}
	if SmeltSeconds("furnace") != 10 || SmeltSeconds("smoker") != 5 || SmeltSeconds("campfire") != 30 || SmeltSeconds("chest") != 0 {
		t.Error("SmeltSeconds: want furnace 10, smoker 5, campfire 30, others 0")
	}
}

// SmeltInputs is the table read whole for every item and some names that
// are none: the inputs that smelt into it, sorted, nil for none, a slice
// of the caller's own.
func TestSmeltInputsReadTheTable(t *testing.T) {
	names := []string{"", "nope", "Iron_Ingot"}
	for _, it := range Items() {
		names = append(names, it.Name)
	}
	for _, name := range names {
		var want []string
		for in, s := range smeltTable() {
			if s.Output == name {
				want = append(want, in)
			}
		}
		slices.Sort(want)
		got := SmeltInputs(name)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("SmeltInputs(%q) = %q, the table says %q", name, got, want)
		}
		if len(got) > 0 {
			got[0] = "changed"
			if SmeltInputs(name)[0] == "changed" {
				t.Fatalf("SmeltInputs(%q) shares its slice", name)
			}
		}
	}
}

// TestSmeltTableNamesExist checks every hand-written name against the
// embedded data, so a typo in the table cannot go unnoticed.
func TestSmeltTableNamesExist(t *testing.T) {
	for in, s := range smeltTable() {
		if !IsItem(in) || !IsItem(s.Output) {
			t.Errorf("smelting %s -> %s: not an item of Minecraft %s", in, s.Output, MinecraftVersion)
		}
	}
	for _, f := range Fuels() {
		if !IsItem(f) {
			t.Errorf("fuel %s: not an item of Minecraft %s", f, MinecraftVersion)
		}
	}
}

func TestFuelSeconds(t *testing.T) {
	for item, secs := range map[string]float64{
		"coal": 80, "charcoal": 80, "oak_planks": 15, "spruce_log": 15, "stick": 5, "coal_block": 800,
		"lava_bucket": 1000, "blaze_rod": 120, "oak_slab": 7.5, "wooden_pickaxe": 10, "white_carpet": 3.35,
		"bamboo": 2.5, "dried_kelp_block": 200.05, "oak_boat": 60,
	} {
		got, ok := FuelSeconds(item)
		if !ok || got != secs {
			t.Errorf("FuelSeconds(%q) = %v, %v; want %v", item, got, ok, secs)
		}
	}
	for _, item := range []string{"crimson_planks", "cobblestone", "iron_ingot"} {
		if _, ok := FuelSeconds(item); ok {
			t.Errorf("%s is not a fuel", item)
		}
	}
}
