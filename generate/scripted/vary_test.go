package scripted

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"collabcraft/generate/scripted/chat"
)

// TestVaryKeepsWhatIsReadBack: whatever the seed draws, varying the words
// around a message teammates read (every wording of every chat kind)
// keeps what they read in it, and a stated construction plan is kept as
// it is.
func TestVaryKeepsWhatIsReadBack(t *testing.T) {
	examples := chat.Examples()
	for seed := range uint64(50) {
		v := &voice{rng: rand.New(rand.NewPCG(seed, 7))}
		for _, e := range examples {
			text := "Thanks, Jill_0. Since the level is ready, " + e.Text + " Right now, the rest goes into my inventory."
			if got, want := chat.Parse(v.vary(text)), chat.Parse(text); !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d: %q, varied, reads as %+v, not %+v", seed, text, got, want)
			}
		}
		plan := fmt.Sprintf(chat.Plans[0], "Andy_0, Jill_0") + " "
		if got := v.vary(plan + "Let me look at level 1."); !strings.HasPrefix(got, plan) {
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
