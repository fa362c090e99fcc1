package know

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// Every note reads back as it was written, alone and among all the
// others.
func TestNotesReadBack(t *testing.T) {
	all := readBackNotes()
	memory := strings.Join(all.Facts(), " ")
	if got := ParseNotes(memory); !reflect.DeepEqual(got, all) {
		t.Errorf("notes read back differ:\n got %+v\nwant %+v\nfrom %q", got, all, memory)
	}
	// Each alone, and the other forms.
	for _, n := range []Notes{
		{Coordinator: "Jill_0", CoordinatorOf: 1}, {Coordinator: "Bob_0"}, {Checked: true, LastCheck: -1}, {Checked: true}, {ChestSeen: true, ChestHolds: map[string]int{}},
		{SentRecipesTo: "Andy_0"}, {Holdings: map[string]int{"Andy_0": 0}},
	} {
		if got := ParseNotes(strings.Join(n.Facts(), " ")); !reflect.DeepEqual(got, n) {
			t.Errorf("%+v reads back as %+v", n, got)
		}
	}
	if got := ParseNotes(""); !reflect.DeepEqual(got, Notes{}) {
		t.Errorf("no memory reads as %+v", got)
	}
}

// Every phrasing of every note reads back as the note: the whole memory
// said with seeded draws, each phrasing once, and no phrasing is found
// in the fixed words (reading back changes nothing Say did not write).
func TestPhrasingsReadBack(t *testing.T) {
	cases := []Notes{readBackNotes(), {Checked: true, LastCheck: -1}}
	used := map[int]bool{}
	for _, all := range cases {
		facts := all.Facts()
		plainText := strings.Join(facts, " ")
		if got := plainWords(plainText); got != plainText {
			t.Fatalf("the fixed words change when read back:\n got %q\nwant %q", got, plainText)
		}
		for i, p := range phrasings {
			if strings.Contains(plainText, p[0]) {
				used[i] = true
			}
			for j := range p {
				said := make([]string, len(facts))
				for k, f := range facts {
					said[k] = Say(f, func(n int) int {
						if n == len(p) {
							return j // this entry's j-th phrasing (and any entry as long)
						}
						return 0
					})
				}
				if got := ParseNotes(strings.Join(said, " ")); !reflect.DeepEqual(got, all) {
					t.Errorf("phrasing %q reads back as\n%+v\nwant %+v", p[j], got, all)
				}
			}
		}
		for seed := range uint64(200) {
			r := rand.New(rand.NewPCG(seed, 1))
			said := make([]string, len(facts))
			for k, f := range facts {
				said[k] = Say(f, r.IntN)
			}
			memory := strings.Join(said, " ")
			if got := ParseNotes(memory); !reflect.DeepEqual(got, all) {
				t.Fatalf("seed %d: %q reads back as\n%+v", seed, memory, got)
			}
		}
	}
	for i, p := range phrasings {
		if !used[i] {
			t.Errorf("phrasing %d (%q) is in no note", i, p[0])
		}
	}
}

// readBackNotes fill every field of Notes.
func readBackNotes() Notes {
	return Notes{
		Coordinator: "Andy_0", CoordinatorOf: 6, ToldAll: true, ToldWho: true, ToldItemsTo: "Bob_0",
		Holdings:  map[string]int{"Andy_0": 6, "Bob_0": 1},
		CrafterOf: "bookshelf", CrafterCount: 2, KnowsPlan: true,
		PlanSteps: []string{"1 oak_log -> 4 oak_planks", "6 oak_planks + 3 book -> 1 bookshelf"},
		CraftsFor: [2]string{"Andy_0", "bookshelf"}, CannotSeePlan: "Andy_0", SentPlanTo: "Andy_0",
		OwnDish: true, CooksMeal: true, NoRecipes: true, TeammatesMake: []string{"bread", "cake"},
		ToldNoNeed: []string{"bread"}, CookIs: "Andy_0", NeedsRecipes: "Andy_0", SentRecipesTo: "my partner",
		ToldDoneTo: "Andy_0", NoNeed: []Made{{"cake", "Andy_0"}}, Makes: Promise{"cookie", "Andy_0"}, Gave: Promise{"cookie", "Andy_0"},
		GotAllFrom: []string{"Bob_0", "Jill_0"}, StillNeed: true, KnownRecipes: []string{"book", "bookshelf"},
		RecipesKnown: []string{"cake", "mushroom_stew"},
		RecipeNotes:  []RecipeNote{{"cooked_beef", "smelt 1 beef"}, {"mushroom_stew", "1 bowl, 1 brown_mushroom, 1 red_mushroom"}},
		NoChest:      true, ChestLacks: []string{"egg", "milk_bucket"}, ChestSeen: true, ChestHolds: map[string]int{"egg": 3, "sugar": 1},
		Builds: true, Blueprint: Blueprint{12, [3]int{148, -60, -170}}, PartIn: []int{0, 1, 2}, ToldPlan: true, Checked: true, LastCheck: 7,
		PlanWith: []string{"Bob_0", "Jill_0"}, TeammatesLack: []string{"egg (Jill_0)", "stone (Bob_0)"}, Unreachable: []string{"glass"},
		Parts: map[string]string{"Andy_0": "1 egg", "Jill_0": "3 milk_bucket, 2 sugar"}, PartDone: true, HandedOver: []string{"milk_bucket", "sugar"}, Seen: []string{"cow", "sugar_cane"},
		Waiting: true, LastSeen: []string{"Andy_0 crafting stick", "Bob_0 waiting"}, DoneSoFar: []string{"crafted stick", "gave book to Andy_0"},
	}
}
