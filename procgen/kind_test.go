package procgen

import (
	"slices"
	"testing"
)

func TestKindDescriptors(t *testing.T) {
	names, types := map[string]bool{}, map[string]bool{}
	for _, k := range AllKinds() {
		if names[k.Name] || types[k.TaskType] {
			t.Errorf("kind %s (type %s): name or task type used twice", k.Name, k.TaskType)
		}
		names[k.Name], types[k.TaskType] = true, true
		if got, ok := KindNamed(k.Name); !ok || got != k {
			t.Errorf("KindNamed(%q) = %v, %v", k.Name, got, ok)
		}
		if got, ok := KindOfType(k.TaskType); !ok || got != k {
			t.Errorf("KindOfType(%q) = %v, %v", k.TaskType, got, ok)
		}
		if k.generate == nil || k.validate == nil || k.breakdown == nil {
			t.Errorf("kind %s: generate, validate or breakdown missing", k.Name)
		}
		if (k.Orgs != nil) != (k.NotPlayedWhy != "") {
			t.Errorf("kind %s: played by %v only, why not by the others: %q", k.Name, k.Orgs, k.NotPlayedWhy)
		}
		if len(k.DefaultCounts) != len(k.Splits) {
			t.Errorf("kind %s: default counts %v for splits %v", k.Name, k.DefaultCounts, k.Splits)
		}
		for _, s := range k.Splits {
			if k.DefaultCounts[s] <= 0 {
				t.Errorf("kind %s: split %s has no default count", k.Name, s)
			}
		}
		seen := map[string]bool{}
		for _, kn := range k.Knobs {
			if seen[kn.Name] || kn.read == nil {
				t.Errorf("kind %s: knob %q twice or without a reader", k.Name, kn.Name)
			}
			seen[kn.Name] = true
		}
	}
	if !slices.Equal(Kinds(), []string{KindCrafting, KindCooking, KindConstruction, KindCuisine, KindMCKitchen, KindFarm, KindVBConstruction, KindEscape, KindCollection, KindShelter, KindCoVoyager}) {
		t.Errorf("Kinds() = %v", Kinds())
	}
	if _, ok := KindOfType("crafting"); ok {
		t.Error(`KindOfType("crafting"): the task type is "techtree"`)
	}
}

func TestKnobText(t *testing.T) {
	cases := []struct {
		id, knob, want string
		diff           map[string]any
	}{
		{"materials_1_rooms_2_window_0_carpet_1_variant_3", "rooms", "2", nil},
		{"materials_1_rooms_2_window_0_carpet_1_variant_3", "windows", "0", nil},
		{"materials_1_rooms_2_window_0_carpet_1_variant_3", "carpets", "1", nil},
		{"multiagent_crafting_bookshelf_partial_plan_missing_leather_depth_1", "plan", "partial_plan", nil},
		{"multiagent_crafting_bookshelf_partial_plan_missing_leather_depth_1", "depth", "1", nil},
		{"multiagent_cooking_cake_blocked_access_0_1", "blocked", "2", nil},
		{"whatever", "rooms", "1", map[string]any{"rooms": float64(1)}},
		{"whatever", "plan", "no_plan", map[string]any{"plan": "no_plan"}},
		{"whatever", "dishes", "2", map[string]any{"dishes": float64(2)}}, // no kind's knob
		{"x_levels_3", "levels", "3", nil},
	}
	for _, c := range cases {
		got, ok := KnobText(c.diff, c.id, c.knob)
		if !ok || got != c.want {
			t.Errorf("KnobText(%s, %s) = %q, %v; want %q", c.id, c.knob, got, ok, c.want)
		}
	}
	if _, ok := KnobText(nil, "cake", "rooms"); ok {
		t.Error("a knob neither recorded nor in the id was found")
	}
}

func TestKnobValue(t *testing.T) {
	knob := func(k *Kind, name string) *Knob {
		kn, ok := k.Knob(name)
		if !ok {
			t.Fatalf("kind %s has no knob %s", k.Name, name)
		}
		return kn
	}
	cases := []struct {
		knob *Knob
		diff map[string]any
		id   string
		want any
	}{
		{knob(Crafting, "depth"), map[string]any{"depth": float64(2)}, "", int64(2)},
		{knob(Crafting, "depth"), nil, "multiagent_crafting_x_depth_1", int64(1)},
		{knob(Crafting, "depth"), nil, "x", nil},
		{knob(Crafting, "plan"), nil, "x_no_plan_depth_0", "no_plan"},
		{knob(Crafting, "plan"), map[string]any{"plan": ""}, "x_no_plan", nil}, // empty text is null
		{knob(Cooking, "hells_kitchen"), map[string]any{"variant": "hells_kitchen"}, "", true},
		{knob(Cooking, "hells_kitchen"), map[string]any{"variant": "full_access"}, "x_hells_kitchen", false},
		{knob(Cooking, "hells_kitchen"), nil, "multiagent_cooking_cake_hells_kitchen", true},
		{knob(Cooking, "hells_kitchen"), nil, "multiagent_cooking_cake", nil},
		{knob(Construction, "windows"), nil, "materials_1_rooms_2_window_0", int64(0)},
		{knob(Construction, "variant"), map[string]any{"variant": "x"}, "", nil},
	}
	for _, c := range cases {
		if got := c.knob.Value(c.diff, c.id); got != c.want {
			t.Errorf("%s.Value(%v, %q) = %#v, want %#v", c.knob.Name, c.diff, c.id, got, c.want)
		}
	}
}
