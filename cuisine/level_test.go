package cuisine

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestBook checks the embedded data against the paper (§3: 27 ingredients,
// 33 dishes, 10 location types) and levels/constants.py (busy steps and
// capacities as SEED-SYSTEMS.md §2.1 lists them).
func TestBook(t *testing.T) {
	if _, err := parseBook(); err != nil {
		t.Fatal(err)
	}
	if n := len(Ingredients()); n != 27 {
		t.Errorf("%d base ingredients; the paper has 27", n)
	}
	if n := len(Recipes()); n != 63 {
		t.Errorf("%d recipes; recipe.json has 63", n)
	}
	dishes := map[string]bool{}
	for _, l := range Levels() {
		for _, d := range l.Dishes {
			dishes[d] = true
		}
	}
	if len(dishes) != 33 {
		t.Errorf("the levels order %d dishes; the paper has 33", len(dishes))
	}
	want := map[string][2]int{ // busy steps, capacity
		"storage": {0, -1}, "servingtable": {0, -1}, "blender": {2, 5}, "chopboard": {1, 1},
		"pan": {2, 5}, "fryer": {2, 5}, "mixer": {0, 5}, "pot": {3, 5}, "steamer": {3, 5}, "oven": {3, 5},
	}
	if len(Tools()) != len(want) {
		t.Errorf("%d tools; want %d", len(Tools()), len(want))
	}
	for name, bc := range want {
		tool, ok := ToolNamed(name)
		if !ok || tool.Busy != bc[0] || tool.Capacity != bc[1] || tool.Watch != (name == "chopboard") {
			t.Errorf("tool %s = %+v (found %v); want busy %d, capacity %d", name, tool, ok, bc[0], bc[1])
		}
	}
	r, ok := RecipeFor("salmonSushi")
	if !ok || r.Tool != "mixer" || !slices.Equal(r.Ingredients, []string{"salmonSashimi", "cookedRice"}) {
		t.Errorf("salmonSushi = %+v", r)
	}
	if !IsIngredient("flour") || IsIngredient("salmonSashimi") || IsIngredient("waste") {
		t.Error("IsIngredient")
	}
	if !strings.Contains(BookSource(), "540a1146955c311ace90032329654fbca0a02b99") {
		t.Errorf("source %q does not name MindAgent's commit", BookSource())
	}
}

func TestLevels(t *testing.T) {
	ls := Levels()
	if len(ls) != 13 {
		t.Fatalf("%d levels; want level_0 to level_12", len(ls))
	}
	for i, l := range ls {
		if want := "level_" + strconv.Itoa(i); l.Name != want {
			t.Errorf("level %d is %s; want %s", i, l.Name, want)
		}
		if err := l.Validate(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
		un := l.Unservable()
		if l.Name == "level_12" {
			if !slices.Equal(un, []string{"frenchFries"}) {
				t.Errorf("level_12 unservable %v; want frenchFries (no fryer in MindAgent's kitchen)", un)
			}
		} else if len(un) > 0 {
			t.Errorf("%s unservable %v", l.Name, un)
		}
	}
	l3, _ := LevelNamed("level_3")
	if l3.Agents != 3 || !slices.Equal(l3.Dishes, []string{"salmonSushi", "tunaSushi"}) {
		t.Errorf("level_3 = %+v", l3)
	}
	if Class("level_7") != "entry" || Class("level_8") != "simple" || Class("level_10") != "intermediate" ||
		Class("level_12") != "advanced" || Class("level_6") != "" {
		t.Error("paper classes")
	}
	if len(PaperLevels) != 12 || slices.Contains(PaperLevels, "level_6") {
		t.Error("PaperLevels")
	}
}

// TestTiming checks the order intervals against the values worked out by
// hand in SEED-SYSTEMS.md §2.1 (the differential test checks every level
// and α against MindAgent's own numbers).
func TestTiming(t *testing.T) {
	for _, c := range []struct {
		level     string
		intervals []int
	}{
		{"level_0", []int{3, 5, 6, 8, 9}},
		{"level_3", []int{6, 8, 11, 13, 16}},
	} {
		l, _ := LevelNamed(c.level)
		var got []int
		lo, hi := math.MaxInt, 0
		for _, a := range Alphas {
			tm := l.Timing(a, DefaultBeta)
			got = append(got, tm.Interval)
			for _, lt := range tm.Lifetimes {
				lo, hi = min(lo, lt), max(hi, lt)
			}
		}
		if !slices.Equal(got, c.intervals) {
			t.Errorf("%s intervals %v; want %v", c.level, got, c.intervals)
		}
		if c.level == "level_0" && (lo != 8 || hi != 23) {
			t.Errorf("level_0 lifetimes %d-%d; want 8-23", lo, hi)
		}
	}
}

func TestParseLevelRefusesNamingTheField(t *testing.T) {
	good := `{"name": "mine", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable", "chopboard"], "agents": 2}`
	l, err := ParseLevel([]byte(good), "mine.json")
	if err != nil || l.Name != "mine" || l.Agents != 2 {
		t.Fatalf("good level: %+v, %v", l, err)
	}
	eleven := `["storage", "servingtable"` + strings.Repeat(`, "pan"`, 11) + `]`
	for _, c := range []struct{ body, want string }{
		{`{"name": "", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "name": empty`},
		{`{"name": "x", "dishes": [], "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "dishes": empty`},
		{`{"name": "x", "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "dishes": empty`},
		{`{"name": "x", "dishes": ["tunaSashimi", "pizza"], "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "dishes"[1]: unknown dish "pizza"`},
		{`{"name": "x", "dishes": ["tuna"], "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "dishes"[0]: "tuna" is a base ingredient`},
		{`{"name": "x", "dishes": ["tunaSashimi", "tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 1}`, `field "dishes"[1]: "tunaSashimi" listed twice`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": [], "agents": 1}`, `field "kitchen": empty`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "grill"], "agents": 1}`, `field "kitchen"[1]: unknown tool "grill"`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "chopboard"], "agents": 1}`, `field "kitchen": no servingtable`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["servingtable"], "agents": 1}`, `field "kitchen": no storage`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ` + eleven + `, "agents": 1}`, `field "kitchen"[12]: an 11th pan`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 0}`, `field "agents": 0; expected 1 to 8`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 9}`, `field "agents": 9`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": "2"}`, `Level.agents of type int`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 1, "chef": 1}`, `unknown field "chef"`},
		{`{"name": "x", "dishes": ["tunaSashimi"], "kitchen": ["storage", "servingtable"], "agents": 1} {}`, `data after the level object`},
		{`{"name": "x", "dishes": ["tunaSashimi"]`, `unexpected EOF`},
	} {
		_, err := ParseLevel([]byte(c.body), "bad.json")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "cuisine: level file bad.json: ") {
			t.Errorf("%s\n  error %v; want one naming bad.json and %q", c.body, err, c.want)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.json")
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err := ReadLevel(path); err != nil || l.Dishes[0] != "tunaSashimi" {
		t.Errorf("ReadLevel: %+v, %v", l, err)
	}
	if _, err := ReadLevel(filepath.Join(dir, "none.json")); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("missing file: %v", err)
	}
}
