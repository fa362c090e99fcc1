package mcdata

import (
	"reflect"
	"testing"
)

func TestRequirementsAtDepth(t *testing.T) {
	cases := []struct {
		item         string
		count, depth int
		want         []Ingredient
	}{
		{"bookshelf", 1, 0, []Ingredient{{"oak_planks", 6}, {"book", 3}}},
		{"bookshelf", 1, 1, []Ingredient{{"oak_log", 2}, {"paper", 9}, {"leather", 3}}},
		{"bookshelf", 1, 2, []Ingredient{{"oak_log", 2}, {"sugar_cane", 9}, {"rabbit_hide", 12}}},
		{"bookshelf", 1, 9, []Ingredient{{"oak_log", 2}, {"sugar_cane", 9}, {"rabbit_hide", 12}}},
		{"compass", 2, 3, []Ingredient{{"iron_ingot", 8}, {"redstone", 2}}},
		{"stick", 5, 0, []Ingredient{{"oak_planks", 4}}},
		{"iron_ingot", 3, 1, []Ingredient{{"iron_ingot", 3}}},
	}
	for _, c := range cases {
		if got := RequirementsAtDepth(c.item, c.count, c.depth); !reflect.DeepEqual(got, c.want) {
			t.Errorf("RequirementsAtDepth(%s, %d, %d) = %v, want %v", c.item, c.count, c.depth, got, c.want)
		}
	}
}

func TestMaxCraftingDepth(t *testing.T) {
	for item, want := range map[string]int{"compass": 0, "iron_ingot": 0, "stick": 1, "crafting_table": 1, "bookshelf": 2, "furnace": 0} {
		if got := MaxCraftingDepth(item); got != want {
			t.Errorf("MaxCraftingDepth(%s) = %d, want %d", item, got, want)
		}
	}
	for _, it := range Items() { // terminates for every item
		if d := MaxCraftingDepth(it.Name); d < 0 || d > 12 {
			t.Errorf("MaxCraftingDepth(%s) = %d", it.Name, d)
		}
	}
}

func TestDefaultRecipe(t *testing.T) {
	for item, first := range map[string]string{"stick": "oak_planks", "oak_planks": "oak_log", "bookshelf": "oak_planks", "pink_wool": "pink_dye"} {
		r, ok := DefaultRecipe(item)
		if !ok || r.GridOrder[0] != first {
			t.Errorf("DefaultRecipe(%s) = %+v, %v; want it to start with %s", item, r, ok, first)
		}
	}
	if _, ok := DefaultRecipe("diamond"); ok {
		t.Error("diamond is base: no default recipe")
	}
}
