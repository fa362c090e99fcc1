package scripted

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// TestVaryKeepsWhatIsReadBack: the words teammates and the agent itself
// look for in its responses survive every wording the seed draws, and a
// stated construction plan is kept as it is.
func TestVaryKeepsWhatIsReadBack(t *testing.T) {
	keep := []string{
		"I'll make the cake", "everything I had", "all my items", "send me your items", "I'll collect everything",
		"Andy_0 collects everything", "Recipe for cake", "Here is the crafting plan", "I still need", "(3 items)",
		"give me 2 stone", "I don't have any wheat.", "share the recipes", "what do you have",
	}
	plan := "Let's split by material, since we each hold the blocks we were dealt: on each level, every block's cells in rows, cut into one run per builder in name order (Andy_0, Jill_0), shifting by one each level. "
	for seed := range uint64(200) {
		s := &voice{rng: rand.New(rand.NewPCG(seed, 7))}
		for _, k := range keep {
			text := "Thanks, Jill_0. Since the level is ready, " + k + " right now, so the rest goes into my inventory."
			if got := s.vary(text); !strings.Contains(got, k) {
				t.Errorf("seed %d: %q lost %q", seed, got, k)
			}
		}
		if got := s.vary(plan + "Let me look at level 1."); !strings.HasPrefix(got, plan) {
			t.Errorf("seed %d: plan reworded: %q", seed, got)
		}
	}
}

// TestVaryIsConsistentAndVaried: one text says each group's idea one way
// throughout, and over seeds every wording of a group is used.
func TestVaryIsConsistentAndVaried(t *testing.T) {
	text := "Level 3 is read. My share of level 3 is 12 blocks, so level 4 comes after my share."
	seen := map[string]bool{}
	for seed := range uint64(100) {
		got := (&voice{rng: rand.New(rand.NewPCG(seed, 9))}).vary(text)
		words := regexp.MustCompile(`(?i)\b(level|layer)\b`).FindAllString(got, -1)
		for _, w := range words {
			if !strings.EqualFold(w, words[0]) {
				t.Errorf("seed %d: %q mixes %q and %q", seed, got, words[0], w)
			}
		}
		seen[strings.ToLower(words[0])] = true
		if strings.Count(got, "3") != 2 || !strings.Contains(got, "12 blocks") {
			t.Errorf("seed %d: %q changed the figures", seed, got)
		}
	}
	if !seen["level"] || !seen["layer"] {
		t.Errorf("wordings used: %v, want both", seen)
	}
}

// TestGenNests: nested alternatives are all chosen, every combination is
// reachable and no brace or bar is left in the text.
func TestGenNests(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(200) {
		got := (&voice{rng: rand.New(rand.NewPCG(seed, 3))}).gen("{none is {ready|done} yet|both are still to make}.")
		if strings.ContainsAny(got, "{}|") {
			t.Fatalf("seed %d: %q kept template syntax", seed, got)
		}
		seen[got] = true
	}
	for _, want := range []string{"none is ready yet.", "none is done yet.", "both are still to make."} {
		if !seen[want] {
			t.Errorf("%q never said; got %v", want, seen)
		}
	}
}

// TestReferBack: a level named again right after itself is "this level"
// or "the level"; one named after another level keeps its number.
func TestReferBack(t *testing.T) {
	for seed := range uint64(50) {
		s := &voice{rng: rand.New(rand.NewPCG(seed, 5))}
		got := s.refer("I'll read level 9. Level 8 is done. Level 9 begins at 1, 2, 3; level 9 is walls.")
		if !strings.HasPrefix(got, "I'll read level 9. Level 8 is done. Level 9 begins at 1, 2, 3; ") {
			t.Errorf("seed %d: %q dropped a number it needs", seed, got)
		}
		if !strings.HasSuffix(got, "; this level is walls.") && !strings.HasSuffix(got, "; the level is walls.") {
			t.Errorf("seed %d: %q repeats the number", seed, got)
		}
	}
}
