package mcdata

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// planFixture is one case of testdata/mindcraft/crafting_plans_*.json: what
// MINDcraft's own getDetailedCraftingPlan printed (make mindcraft-fixtures).
type planFixture struct {
	Item  string `json:"item"`
	Count int    `json:"count"`
	// Inventory is an object, or in a few of MINDcraft's task files a
	// number, which MINDcraft's planner reads as an empty inventory.
	Inventory json.RawMessage `json:"inventory"`
	Error     *string         `json:"error"`
	Plan      *string         `json:"plan"`
}

func readPlanFixtures(t *testing.T, name string) []planFixture {
	t.Helper()
	var doc struct {
		Header struct {
			MinecraftVersion     string `json:"minecraft_version"`
			MinecraftDataVersion string `json:"minecraft_data_version"`
		} `json:"header"`
		Plans []planFixture `json:"plans"`
	}
	readJSON(t, "../testdata/mindcraft/"+name, &doc)
	if doc.Header.MinecraftVersion != MinecraftVersion {
		t.Fatalf("%s: Minecraft %s, our data is %s", name, doc.Header.MinecraftVersion, MinecraftVersion)
	}
	if want := "minecraft-data " + doc.Header.MinecraftDataVersion + " "; !strings.HasPrefix(DataVersion(), want) {
		t.Fatalf("%s: written with %q, our data is %s", name, want, DataVersion())
	}
	if len(doc.Plans) < 10 {
		t.Fatalf("%s: %d plans, want the whole fixture", name, len(doc.Plans))
	}
	return doc.Plans
}

// TestCraftingPlansMatchMindcraft runs every case MINDcraft's
// getDetailedCraftingPlan was run on and wants its text byte for byte.
// Where MINDcraft's planner overflowed its stack (recipe cycles), ours
// must report ErrPlanLoops.
func TestCraftingPlansMatchMindcraft(t *testing.T) {
	for _, file := range []string{"crafting_plans_tasks.json", "crafting_plans_cases.json"} {
		t.Run(strings.TrimSuffix(file, ".json"), func(t *testing.T) {
			cases := readPlanFixtures(t, file)
			differ, loops := 0, 0
			for _, c := range cases {
				inv := map[string]int{}
				if len(c.Inventory) > 0 && c.Inventory[0] == '{' {
					if err := json.Unmarshal(c.Inventory, &inv); err != nil {
						t.Fatalf("%s: inventory %s: %v", c.Item, c.Inventory, err)
					}
				}
				id := fmt.Sprintf("%s x%d from %s", c.Item, c.Count, c.Inventory)
				got, err := CraftingPlanText(inv, c.Item, c.Count)
				if c.Error != nil {
					loops++
					if !strings.Contains(*c.Error, ErrPlanLoops.Error()) {
						t.Errorf("%s: MINDcraft failed with %q, a failure we do not reproduce", id, *c.Error)
					} else if !errors.Is(err, ErrPlanLoops) {
						t.Errorf("%s: MINDcraft overflowed its stack, we got %q, %v", id, got, err)
					}
					continue
				}
				if err != nil || c.Plan == nil || got != *c.Plan {
					differ++
					if differ <= 10 {
						want := "<none>"
						if c.Plan != nil {
							want = *c.Plan
						}
						t.Errorf("%s: error %v\n--- got\n%s\n--- MINDcraft\n%s", id, err, got, want)
					}
				}
			}
			if differ > 0 {
				t.Errorf("%d of %d plans differ from MINDcraft's", differ, len(cases)-loops)
			}
			t.Logf("%d plans compared, %d loops", len(cases)-loops, loops)
		})
	}
}

// !getCraftingPlan answers MINDcraft's error text where its planner loops,
// while NewPlan (what the experts act on) still plans the item.
func TestPlanTextWhereMindcraftLoops(t *testing.T) {
	p, err := NewPlan(map[string]int{"netherite_ingot": 4}, "netherite_block", 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := PlanErrorPrefix + "Maximum call stack size exceeded"; p.String() != want || p.StringCurrent() != want {
		t.Errorf("text = %q, want %q", p.StringCurrent(), want)
	}
	if len(p.Missing) != 1 || p.Missing[0] != (Ingredient{Item: "netherite_ingot", Count: 5}) {
		t.Errorf("NewPlan missing %v, want 5 netherite_ingot", p.Missing)
	}
	for _, c := range []struct {
		item string
		n    int
	}{{"stick", 0}, {"no_such_item", 1}} {
		if got, err := CraftingPlanText(nil, c.item, c.n); got != InvalidPlanInput || err != nil {
			t.Errorf("CraftingPlanText(%s, %d) = %q, %v", c.item, c.n, got, err)
		}
	}
}

// A plan text reads back as the plan for its target, and for nothing
// else: not an intermediate step, not an ingredient.
func TestPlanIsFor(t *testing.T) {
	plan, err := CraftingPlanText(map[string]int{"gold_ingot": 1}, "golden_carrot", 1)
	if err != nil {
		t.Fatal(err)
	}
	if !PlanIsFor(plan, "golden_carrot") || PlanIsFor(plan, "gold_nugget") || PlanIsFor(plan, "carrot") {
		t.Errorf("plan %q: read as the plan of the wrong item", plan)
	}
	base, _ := CraftingPlanText(nil, "wheat", 2)
	if !PlanIsFor(base, "wheat") || PlanIsFor(base, "bread") {
		t.Errorf("base item answer %q not read as wheat's", base)
	}
}
