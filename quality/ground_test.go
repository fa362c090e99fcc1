package quality

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"collabcraft/mcdata"
	"collabcraft/trajectory"
)

// TestCountsFromRecipeArithmetic: a count no message states is grounded
// when a crafting plan for the goal's target, from the inventory the
// context lists, needs exactly that many; any other count is not.
func TestCountsFromRecipeArithmetic(t *testing.T) {
	ctx := []trajectory.Message{
		{Role: "system", Content: "You are a task-focused Minecraft bot named Andy_0.\nYOUR CURRENT ASSIGNED GOAL: \"Collaborate with other agents around you to craft a bookshelfYou have to collaborate with Jill_0.\"\n" +
			"INVENTORY\n- book: 1\n- oak_planks: 5\nWEARING: Nothing\n"},
		{Role: "user", Content: "Jill_0: (FROM OTHER BOT)I gave you everything I had."},
	}
	var g Grounder
	check := func(resp string) []Violation {
		return g.Check(&Call{TaskType: "techtree", Context: ctx, Response: resp})
	}
	// Two more books: 6 paper, so 6 sugar_cane (and 2 leather).
	if v := check(`Off to find sugar_cane. !collectBlocks("sugar_cane", 6)`); len(v) != 0 {
		t.Errorf("6 sugar_cane, what the plan needs: %v", v)
	}
	if v := check(`Off to find sugar_cane. !collectBlocks("sugar_cane", 7)`); len(v) != 1 || v[0].Kind != argCount {
		t.Errorf("7 sugar_cane, which nothing supports: %v, want one count violation", v)
	}
}

// TestCountsOfSmeltInputsAndCrafts: recipe arithmetic also grounds the
// count of what a missing item is smelted from, and how many times a
// step of the plan is crafted.
func TestCountsOfSmeltInputsAndCrafts(t *testing.T) {
	ctx := []trajectory.Message{{Role: "system", Content: "YOUR CURRENT ASSIGNED GOAL: \"Collaborate with other agents around you to craft a stone_brick_stairsYou have to collaborate with Jill_0.\"\n" +
		"INVENTORY: Nothing\nWEARING: Nothing\n"}}
	var g Grounder
	p, err := mcdata.NewPlan(map[string]int{}, "stone_brick_stairs", 1)
	if err != nil {
		t.Fatal(err)
	}
	stone, bricks := 0, 0
	for _, in := range p.Missing {
		if in.Item == "stone" {
			stone = in.Count
		}
	}
	for _, st := range p.Steps {
		if st.Recipe.Result == "stone_bricks" {
			bricks = st.Times
		}
	}
	if stone < 2 || bricks < 2 {
		t.Fatalf("plan for stone_brick_stairs: %d stone missing, stone_bricks crafted %d times; want both at least 2", stone, bricks)
	}
	for _, resp := range []string{
		`!collectBlocks("cobblestone", ` + strconv.Itoa(stone) + `)`,
		`!craftRecipe("stone_bricks", ` + strconv.Itoa(bricks) + `)`,
	} {
		if v := g.Check(&Call{TaskType: "techtree", Context: ctx, Response: resp}); len(v) != 0 {
			t.Errorf("%s: %v, want none", resp, v)
		}
	}
	if v := g.Check(&Call{TaskType: "techtree", Context: ctx, Response: `!collectBlocks("cobblestone", ` + strconv.Itoa(stone+5) + `)`}); len(v) != 1 {
		t.Errorf("cobblestone %d, which nothing supports: %v, want one violation", stone+5, v)
	}
}

// TestMatureCropGrounded: the crop block a farm item is dug from
// (beetroots for beetroot) is public knowledge from the item; the block
// loot alone gives beetroots only its seeds.
func TestMatureCropGrounded(t *testing.T) {
	g := &Grounder{}
	for item, crop := range map[string]string{"beetroot": "beetroots", "potato": "potatoes", "carrot": "carrots"} {
		if !g.closureOf(item)[crop] {
			t.Errorf("%s: %s not known from it", item, crop)
		}
	}
	if !g.closureOf("beetroot_soup")["beetroots"] {
		t.Errorf("beetroot_soup: beetroots not known from it")
	}
}

// TestContextItemsAsTheJoinedText: the grounder's per-message scan finds
// the names the scan of the joined context finds, names spelt across
// messages of no, one, two or more words included, cached or not.
func TestContextItemsAsTheJoinedText(t *testing.T) {
	words := []string{"brown", "mushroom", "sugar", "cane", "Oak", "planks", "red", "nether", "bricks", "stone", "the", "Andy_0", "craftA", "wall", "1"}
	rng := rand.New(rand.NewPCG(3, 4))
	g := &Grounder{}
	for range 3000 {
		msgs := make([]trajectory.Message, rng.IntN(5))
		for i := range msgs {
			var b strings.Builder
			for k := rng.IntN(7); k > 0; k-- {
				b.WriteString(words[rng.IntN(len(words))])
				b.WriteString([]string{" ", "\n", ", ", "_", "\n\n", "\n\n\n"}[rng.IntN(6)])
			}
			msgs[i].Content = strings.TrimRight(b.String(), " ")
		}
		want := ItemsIn(contextText(msgs))
		got := namesOf(g.contextItems(msgs))
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("messages %q: got %q, want %q", msgs, got, want)
		}
	}
	if got := g.contextItems([]trajectory.Message{{Content: "a red"}, {Content: "nether"}, {Content: "bricks please"}}); !got.has("red_nether_bricks") {
		t.Errorf("a name over three messages: %q", namesOf(got))
	}
}

// namesOf is a set's names, sorted.
func namesOf(s itemSet) []string {
	var out []string
	s.each(func(name string) bool {
		out = append(out, name)
		return true
	})
	slices.Sort(out)
	return out
}

// TestCallContextAsTheJoinedText: the checks that read a call's context
// message by message (a string in it, a number written on its own, a
// coordinate near a labelled one) answer as they do on the joined text,
// for strings and numbers at a message's edges, across them and inside
// longer numbers.
func TestCallContextAsTheJoinedText(t *testing.T) {
	parts := []string{"12", "-3", "x: 40", "X:7", "Andy_0", "oak", "\n", " ", "1", "2", "-", "Recipe for cake", "y: -60", "ax: 5", "\n\n"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 5000 {
		msgs := make([]trajectory.Message, rng.IntN(4))
		for i := range msgs {
			var b strings.Builder
			for k := rng.IntN(5); k > 0; k-- {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			msgs[i].Content = b.String()
		}
		joined := contextText(msgs)
		for _, s := range []string{"12", "2\n", "Andy_0", "", "oak\nAndy", "Recipe for cake", "1\n2"} {
			if got, want := (&callContext{msgs: msgs}).contains(s), strings.Contains(joined, s); got != want {
				t.Fatalf("contains(%q) in %q: %v, want %v", s, msgs, got, want)
			}
		}
		for _, n := range []int{1, 2, 12, -3, 3, 40, 7, 75, -60, -100, 121} {
			if got, want := (&callContext{msgs: msgs}).numberIn(n), numberIn(joined, n); got != want {
				t.Fatalf("numberIn(%d) in %q: %v, want %v", n, msgs, got, want)
			}
			if got, want := (&callContext{msgs: msgs}).coordinateIn(n), coordinateIn(joined, n); got != want {
				t.Fatalf("coordinateIn(%d) in %q: %v, want %v", n, msgs, got, want)
			}
		}
	}
}

// TestHeldAsTheListingPattern: held reads the last "- item: N" line as
// the listing's line pattern does, on lines that almost match too.
func TestHeldAsTheListingPattern(t *testing.T) {
	pattern := regexp.MustCompile(`(?m)^- ([a-z0-9_]+): ([0-9]+)$`)
	want := func(ctx, item string) int {
		n := 0
		for _, m := range pattern.FindAllStringSubmatch(ctx, -1) {
			if m[1] == item {
				n, _ = strconv.Atoi(m[2])
			}
		}
		return n
	}
	lines := []string{"- oak_log: 3", "- oak_log: 12", "x- oak_log: 5", "- oak_log: 7 ", "- oak_log: ", "- oak_log: 4a", "- stick: 2", "INVENTORY", "", "- oak_log: 99999999999999999999"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		var b strings.Builder
		for k := rng.IntN(6); k > 0; k-- {
			b.WriteString(lines[rng.IntN(len(lines))])
			b.WriteString("\n")
		}
		ctx := strings.TrimSuffix(b.String(), []string{"", "\n"}[rng.IntN(2)])
		for _, item := range []string{"oak_log", "stick", "", "Oak_log", "log"} {
			if got, w := held(ctx, item), want(ctx, item); got != w {
				t.Fatalf("held(%q, %q) = %d, want %d", ctx, item, got, w)
			}
		}
	}
}

// TestWritesNameIsANameTheContextHas: a name the context writes as a
// word of its own is one of the names the item scan reads in it, for
// names at messages' edges, inside longer words, before a capital and
// after digits and underscores.
func TestWritesNameIsANameTheContextHas(t *testing.T) {
	parts := []string{"oak_log", "Oak_log", "oak", "log", "stick", "sticks", "x", "3", "_", " ", "\n", "You", "é", "ing"}
	rng := rand.New(rand.NewPCG(11, 12))
	g := &Grounder{}
	written := 0
	for range 20000 {
		msgs := make([]trajectory.Message, 1+rng.IntN(3))
		for i := range msgs {
			var b strings.Builder
			for k := rng.IntN(5); k > 0; k-- {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			msgs[i].Content = b.String()
		}
		for _, name := range []string{"oak_log", "stick", "log", "Oak_log", "oak"} {
			if (&callContext{msgs: msgs}).writesName(name) {
				written++
				if !g.contextItems(msgs).has(name) {
					t.Fatalf("%q writes %q, which the scan does not read in it", msgs, name)
				}
			}
		}
	}
	if written < 1000 {
		t.Fatalf("only %d contexts write a name", written)
	}
}

// TestLastIndexIsStringsLastIndex: lastIndex, which searches forwards,
// finds what strings.LastIndex does, overlapping occurrences included.
func TestLastIndexIsStringsLastIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = "ab\n"[rng.IntN(3)]
		}
		sub := []string{"a", "aa", "aba", "", "b\n", "INVENTORY"}[rng.IntN(6)]
		if got, want := lastIndex(string(b), sub), strings.LastIndex(string(b), sub); got != want {
			t.Fatalf("lastIndex(%q, %q) = %d, want %d", b, sub, got, want)
		}
	}
}
