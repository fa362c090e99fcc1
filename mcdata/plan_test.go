package mcdata

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestPlanText(t *testing.T) {
	cases := []struct {
		name  string
		inv   map[string]int
		item  string
		n     int
		want  string
		table bool
	}{
		{"issue example", map[string]int{"oak_planks": 4, "book": 2}, "bookshelf", 1, `You are missing the following items:
- 1 oak_log
- 3 sugar_cane
- 4 rabbit_hide

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 3 sugar_cane -> 3 paper
Craft 4 rabbit_hide -> 1 leather
Craft 3 paper + 1 leather -> 1 book
Craft 6 oak_planks + 3 book -> 1 bookshelf`, true},
		{"cake: MINDcraft takes sugar's first recipe, honey", nil, "cake", 1, `You are missing the following items:
- 3 milk_bucket
- 1 honey_bottle
- 1 egg
- 3 wheat

Once you have these items, here's your crafting plan:

Craft 1 honey_bottle -> 3 sugar
Craft 3 milk_bucket + 2 sugar + 1 egg + 3 wheat -> 1 cake`, true},
		{"sugar from held honey", map[string]int{"honey_bottle": 1}, "sugar", 1, `You have all items required to craft this item!
Here's your crafting plan:

Craft 1 honey_bottle -> 3 sugar`, false},
		{"book", nil, "book", 1, `You are missing the following items:
- 3 sugar_cane
- 4 rabbit_hide

Once you have these items, here's your crafting plan:

Craft 3 sugar_cane -> 3 paper
Craft 4 rabbit_hide -> 1 leather
Craft 3 paper + 1 leather -> 1 book`, true}, // paper is 3 wide
		{"compass", nil, "compass", 1, `You are missing the following items:
- 4 iron_ingot
- 1 redstone

Once you have these items, here's your crafting plan:

Craft 4 iron_ingot + 1 redstone -> 1 compass`, true},
		{"compass, all held", map[string]int{"iron_ingot": 5, "redstone": 1}, "compass", 1, `You have all items required to craft this item!
Here's your crafting plan:

Craft 4 iron_ingot + 1 redstone -> 1 compass`, true},
		{"furnace", map[string]int{"cobblestone": 3}, "furnace", 1, `You are missing the following items:
- 5 cobblestone

Once you have these items, here's your crafting plan:

Craft 8 cobblestone -> 1 furnace`, true},
		{"stick", nil, "stick", 1, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 2 oak_planks -> 4 stick`, false},
		{"crafting_table", nil, "crafting_table", 1, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 4 oak_planks -> 1 crafting_table`, false},
		{"planks held", map[string]int{"oak_planks": 2}, "stick", 1, `You have all items required to craft this item!
Here's your crafting plan:

Craft 2 oak_planks -> 4 stick`, false},
		{"rounded up to whole outputs", nil, "stick", 5, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 4 oak_planks -> 8 stick`, false},
		{"surplus of one step used by the next", nil, "wooden_pickaxe", 1, `You are missing the following items:
- 2 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 1 oak_log -> 4 oak_planks
Craft 2 oak_planks -> 4 stick
Craft 3 oak_planks + 2 stick -> 1 wooden_pickaxe`, true},
		{"partly held planks", map[string]int{"oak_planks": 1}, "stick", 4, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 2 oak_planks -> 4 stick`, false},
		// MINDcraft plans wood items with oak, whatever wood is held.
		{"wood type held: spruce logs", map[string]int{"spruce_log": 3}, "bookshelf", 1, `You are missing the following items:
- 2 oak_log
- 9 sugar_cane
- 12 rabbit_hide

Once you have these items, here's your crafting plan:

Craft 2 oak_log -> 8 oak_planks
Craft 9 sugar_cane -> 9 paper
Craft 12 rabbit_hide -> 3 leather
Craft 9 paper + 3 leather -> 3 book
Craft 6 oak_planks + 3 book -> 1 bookshelf`, true},
		{"wood type held: a few birch planks", map[string]int{"birch_planks": 2}, "crafting_table", 1, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 4 oak_planks -> 1 crafting_table`, false},
		{"bamboo held", map[string]int{"bamboo": 2}, "stick", 1, `You are missing the following items:
- 1 oak_log

Once you have these items, here's your crafting plan:

Craft 1 oak_log -> 4 oak_planks
Craft 2 oak_planks -> 4 stick`, false},
		{"already held", map[string]int{"compass": 1, "iron_ingot": 4}, "compass", 1, `You already have 1 compass in your inventory. If you need to craft more,
You are missing the following items:
- 1 redstone

Once you have these items, here's your crafting plan:

Craft 4 iron_ingot + 1 redstone -> 1 compass`, true},
		{"base item", nil, "oak_log", 2, `oak_log is a base item, you need to find 2 more in the world`, false},
		{"loop item held", map[string]int{"iron_ingot": 2}, "iron_ingot", 3, `You already have 2 iron_ingot in your inventory. If you need to craft more,
iron_ingot is a base item, you need to find 3 more in the world`, false},
		{"dyed wool", map[string]int{"pink_dye": 1, "black_wool": 1}, "pink_wool", 1, `You have all items required to craft this item!
Here's your crafting plan:

Craft 1 pink_dye + 1 black_wool -> 1 pink_wool`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPlan(c.inv, c.item, c.n)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != c.want {
				t.Errorf("plan for %d %s with %v:\n%s\n--- want ---\n%s", c.n, c.item, c.inv, got, c.want)
			}
			if p.NeedsTable != c.table {
				t.Errorf("NeedsTable = %v, want %v", p.NeedsTable, c.table)
			}
			checkPlanWorks(t, c.inv, p)
		})
	}
}

func TestPlanStringCurrent(t *testing.T) {
	p, err := NewPlan(map[string]int{"oak_planks": 4, "book": 2}, "bookshelf", 1)
	if err != nil {
		t.Fatal(err)
	}
	want := p.String() + "\nNote: Any varient of wood can be used for this recipe."
	if got := p.StringCurrent(); got != want {
		t.Errorf("StringCurrent:\n%s\nwant\n%s", got, want)
	}
	// No note when nothing oak is missing, or when the target is oak.
	for _, item := range []string{"compass", "oak_door"} {
		p, _ := NewPlan(nil, item, 1)
		if strings.Contains(p.StringCurrent(), "Note:") {
			t.Errorf("%s: unexpected wood note:\n%s", item, p.StringCurrent())
		}
	}
}

func TestPlanErrors(t *testing.T) {
	cases := []struct {
		inv  map[string]int
		item string
		n    int
		want string
	}{
		{nil, "bookshelfs", 1, `mcdata: unknown item "bookshelfs" (did you mean "bookshelf"?)`},
		{nil, "stick", 0, "mcdata: quantity 0 of stick: want a count from 1 to 1000000000"},
		{nil, "stick", MaxCount + 1, "mcdata: quantity 1000000001 of stick: want a count from 1 to 1000000000"},
		{map[string]int{"oak_plank": 1}, "stick", 1, `mcdata: inventory: unknown item "oak_plank" (did you mean "oak_planks", "oak_slab" or "dark_oak_planks"?)`},
		{map[string]int{"oak_planks": -1}, "stick", 1, "mcdata: inventory: -1 oak_planks: want a count from 0 to 1000000000"},
		{map[string]int{"oak_planks": 1 << 62}, "stick", 1, "mcdata: inventory: 4611686018427387904 oak_planks: want a count from 0 to 1000000000"},
	}
	for _, c := range cases {
		_, err := NewPlan(c.inv, c.item, c.n)
		if err == nil || err.Error() != c.want {
			t.Errorf("NewPlan(%v, %q, %d) error = %v, want %q", c.inv, c.item, c.n, err, c.want)
		}
	}
	_, err := NewPlan(map[string]int{"oak_plank": 1}, "stick", 1)
	var u *UnknownNameError
	if !errors.As(err, &u) || u.Name != "oak_plank" {
		t.Errorf("inventory error %v does not unwrap to *UnknownNameError", err)
	}
}

// TestPlanLargestQuantity plans the largest quantity of every craftable
// item: no count may overflow.
func TestPlanLargestQuantity(t *testing.T) {
	for _, it := range Items() {
		if len(PlanRecipes(it.Name)) == 0 {
			continue
		}
		p, err := NewPlan(nil, it.Name, MaxCount)
		if err != nil {
			t.Fatalf("%s: %v", it.Name, err)
		}
		for _, m := range p.Missing {
			if m.Count < 1 {
				t.Errorf("%s: missing %d %s", it.Name, m.Count, m.Item)
			}
		}
		for _, s := range p.Steps {
			if s.Times < 1 {
				t.Errorf("%s: step %q", it.Name, s)
			}
		}
		if last := p.Steps[len(p.Steps)-1]; last.Times*last.Recipe.Count < MaxCount {
			t.Errorf("%s: the last step %q makes fewer than %d", it.Name, last, MaxCount)
		}
	}
}

// TestPlanEveryItem plans every item of the game, with and without a mixed
// inventory, and replays each plan: every step must have its ingredients,
// and the target must come out in the quantity asked for.
func TestPlanEveryItem(t *testing.T) {
	inventories := []map[string]int{
		nil,
		{"spruce_log": 2, "birch_planks": 5, "stick": 3, "iron_ingot": 7, "cobblestone": 20, "string": 6, "paper": 2},
	}
	crafted := 0
	for _, inv := range inventories {
		for _, it := range Items() {
			for _, n := range []int{1, 3} {
				p, err := NewPlan(inv, it.Name, n)
				if err != nil {
					t.Fatalf("NewPlan(%s, %d): %v", it.Name, n, err)
				}
				if len(p.Steps) > 0 {
					crafted++
				}
				checkPlanWorks(t, inv, p)
			}
		}
	}
	if crafted < 1400 {
		t.Errorf("only %d plans craft anything; want most of the ~750 craftable items x 4", crafted)
	}
}

// checkPlanWorks replays p from inv plus its missing items.
func checkPlanWorks(t *testing.T, inv map[string]int, p *Plan) {
	t.Helper()
	have := map[string]int{}
	for k, v := range inv {
		have[k] = v
	}
	delete(have, p.Target) // set aside, as MINDcraft does
	for _, m := range p.Missing {
		if m.Count < 1 {
			t.Errorf("%s: missing %d %s", p.Target, m.Count, m.Item)
		}
		have[m.Item] += m.Count
	}
	if p.Base {
		if len(p.Steps) != 0 || have[p.Target] < p.Quantity {
			t.Errorf("%s: base item plan %+v", p.Target, p)
		}
		return
	}
	needsTable := false
	for _, s := range p.Steps {
		if s.Times < 1 {
			t.Errorf("%s: step %q done %d times", p.Target, s, s.Times)
		}
		for _, in := range s.Recipe.Ingredients {
			have[in.Item] -= in.Count * s.Times
			if have[in.Item] < 0 {
				t.Errorf("%s: step %q lacks %d %s", p.Target, s, -have[in.Item], in.Item)
				return
			}
		}
		have[s.Recipe.Result] += s.Recipe.Count * s.Times
		needsTable = needsTable || s.Recipe.NeedsTable
	}
	if have[p.Target] < p.Quantity {
		t.Errorf("%s: plan makes %d, want %d:\n%s", p.Target, have[p.Target], p.Quantity, p)
	}
	if needsTable != p.NeedsTable {
		t.Errorf("%s: NeedsTable = %v, steps say %v", p.Target, p.NeedsTable, needsTable)
	}
}

// TestPlanDeterministic builds the same plan many times: map iteration
// order must not leak into it.
func TestPlanDeterministic(t *testing.T) {
	inv := map[string]int{"oak_planks": 1, "spruce_planks": 1, "birch_log": 1, "jungle_log": 1, "redstone": 1, "cobblestone": 2}
	first, err := NewPlan(inv, "piston", 2)
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		p, _ := NewPlan(inv, "piston", 2)
		if p.String() != first.String() {
			t.Fatalf("plans differ:\n%s\n---\n%s", p, first)
		}
	}
}

func ExampleNewPlan() {
	plan, err := NewPlan(map[string]int{"oak_planks": 4, "book": 2}, "bookshelf", 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan)
	// Output:
	// You are missing the following items:
	// - 1 oak_log
	// - 3 sugar_cane
	// - 4 rabbit_hide
	//
	// Once you have these items, here's your crafting plan:
	//
	// Craft 1 oak_log -> 4 oak_planks
	// Craft 3 sugar_cane -> 3 paper
	// Craft 4 rabbit_hide -> 1 leather
	// Craft 3 paper + 1 leather -> 1 book
	// Craft 6 oak_planks + 3 book -> 1 bookshelf
}

func BenchmarkNewPlan(b *testing.B) {
	inv := map[string]int{"oak_planks": 4, "book": 2, "spruce_log": 1}
	for _, item := range []string{"bookshelf", "piston", "activator_rail", "black_banner"} {
		b.Run(item, func(b *testing.B) {
			for b.Loop() {
				if _, err := NewPlan(inv, item, 2); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPlanConcurrent plans from many goroutines at once, as task
// generators with worker pools do (run with -race).
func TestPlanConcurrent(t *testing.T) {
	want, _ := NewPlan(map[string]int{"book": 1}, "bookshelf", 2)
	done := make(chan string)
	for range 8 {
		go func() {
			p, err := NewPlan(map[string]int{"book": 1}, "bookshelf", 2)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- p.String()
		}()
	}
	for range 8 {
		if got := <-done; got != want.String() {
			t.Errorf("concurrent plan differs:\n%s", got)
		}
	}
}

// The step lines of a plan's text read back as written, with the items
// they craft; a base item with nothing missing is AllHeld.
func TestPlanTextReadsBack(t *testing.T) {
	p, err := NewPlan(map[string]int{"oak_planks": 4, "book": 2}, "bookshelf", 1)
	if err != nil {
		t.Fatal(err)
	}
	text := "\n" + p.String() + "\n"
	var lines, items []string
	for _, s := range p.Steps {
		lines, items = append(lines, s.String()), append(items, s.Recipe.Result)
	}
	if !HasStep(text) || !slices.Equal(FindSteps(text), lines) || !slices.Equal(StepResults(text), items) {
		t.Errorf("%q reads back as steps %q crafting %q; want %q, %q", text, FindSteps(text), StepResults(text), lines, items)
	}
	if other := "Successfully crafted stick, you now have 4 stick."; HasStep(other) || StepResults(other) != nil {
		t.Errorf("%q reads as a step", other)
	}
	if held, err := CraftingPlanText(map[string]int{"oak_log": 1}, "oak_log", 1); err != nil || held != AllHeld {
		t.Errorf("held base item: %q, %v", held, err)
	}
}
