package scripted

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

var reTriple = regexp.MustCompile(`\((-?\d+), (-?\d+), (-?\d+)\)`)

// TestPlacesAreSeen: every place a cook or crafter names in its words is
// one its call's context holds: its own cell from $STATS, or a cell an
// output printed (a search's find, the end of a walk). No phrase
// template's {a|b} syntax is left in the words either.
func TestPlacesAreSeen(t *testing.T) {
	tasks := append(genTasks(t, procgen.KindCooking, procgen.SplitTest, 3, 8), genTasks(t, procgen.KindCrafting, procgen.SplitTest, 2, 6)...)
	named := 0
	for _, rec := range play(t, tasks, DefaultOptions(), 7) {
		for _, a := range rec.Agents {
			for _, tr := range a.Transitions {
				if tr.Kind != trajectory.KindConversation {
					continue
				}
				words := tr.Response
				if m, ok := command.Find(words); ok && m.Name != "!startConversation" {
					words = words[:m.Start]
				}
				if strings.ContainsAny(words, "{|}") {
					t.Errorf("%s %s step %d: template syntax left in %q", rec.TrialID, a.Name, tr.Step, words)
				}
				for _, p := range reTriple.FindAllStringSubmatch(words, -1) {
					named++
					if !seenIn(tr.Messages, p) {
						t.Errorf("%s %s step %d names %s, which its context does not hold: %q", rec.TrialID, a.Name, tr.Step, p[0], words)
					}
				}
			}
		}
	}
	if named == 0 {
		t.Fatal("no response named a place; want the stations and the agents' own cells said")
	}
	t.Logf("%d places named", named)
}

// seenIn reports whether the cell p (a match of reTriple) is printed in
// the messages, or is the agent's cell in a $STATS they hold.
func seenIn(msgs []trajectory.Message, p []string) bool {
	cell := p[1] + ", " + p[2] + ", " + p[3]
	for _, m := range msgs {
		if strings.Contains(m.Content, "("+cell+")") || strings.Contains(m.Content, "reached at "+cell+".") {
			return true
		}
		if at, ok := texts.ParsePosition(m.Content); ok && spot(at).String() == p[0] {
			return true
		}
	}
	return false
}

// TestHelperWithADishDoesNotSayItWaits: a helper reporting its items may
// say where it waits, but not while a dish of its own is still to make.
func TestHelperWithADishDoesNotSayItWaits(t *testing.T) {
	stats := "\nSTATS\n- Position: x: 12.50, y: -60.00, z: -7.50\n"
	for _, c := range []struct {
		dishes  []string
		mayWait bool
	}{{[]string{"cooked_beef", "bread"}, false}, {[]string{"cake"}, true}} {
		said := false
		for seed := range uint64(60) {
			v := cookView("Jill_0", mealGoalText(c.dishes, c.dishes[0]), "Coordinator: Andy_0 (9 items). Done so far: gave coal to Andy_0.", "")
			v.Stats = stats
			k := callOf(v)
			mine := myDish(k)
			w := words{k: k, v: &voice{rng: rand.New(rand.NewPCG(seed, 11))}}
			if got := w.whereToFindMe(mine != "" && !gaveDish(k, mine)); got != "" {
				said = true
				if !strings.Contains(got, "(12, -60, -8)") {
					t.Errorf("%v: %q is not the helper's cell (12, -60, -8)", c.dishes, got)
				}
			}
		}
		if said != c.mayWait {
			t.Errorf("%v: said where it waits %v, want %v", c.dishes, said, c.mayWait)
		}
	}
}
