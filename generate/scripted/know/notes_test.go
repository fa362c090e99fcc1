package know

import (
	"reflect"
	"strings"
	"testing"
)

// Every note reads back as it was written, alone and among all the
// others.
func TestNotesReadBack(t *testing.T) {
	all := Notes{
		Coordinator: "Andy_0", CoordinatorOf: 6, ToldAll: true, ToldWho: true, ToldItemsTo: "Bob_0",
		Holdings:  map[string]int{"Andy_0": 6, "Bob_0": 1},
		CrafterOf: "bookshelf", CrafterCount: 2, KnowsPlan: true,
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
		Waiting: true, DoneSoFar: []string{"crafted stick", "gave book to Andy_0"},
	}
	memory := strings.Join(all.Facts(), " ")
	if got := ParseNotes(memory); !reflect.DeepEqual(got, all) {
		t.Errorf("notes read back differ:\n got %+v\nwant %+v\nfrom %q", got, all, memory)
	}
	// Each alone, and the other forms.
	for _, n := range []Notes{
		{Coordinator: "Jill_0", CoordinatorOf: 1}, {Checked: true, LastCheck: -1}, {Checked: true}, {ChestSeen: true, ChestHolds: map[string]int{}},
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
