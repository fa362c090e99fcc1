package procgen

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every goal text reads back as it was written.
func TestGoalTextsReadBack(t *testing.T) {
	if target, n, ok := ParseCraftingGoal(CraftingGoal("activator_rail")); !ok || target != "activator_rail" || n != 1 {
		t.Errorf("crafting goal reads back as %q %d %v", target, n, ok)
	}
	meal := []string{"cake", "beetroot_soup"}
	for _, g := range []string{MealGoal(meal), BlockedMealGoal(meal)} {
		var got []string
		for _, d := range ParseMeal(g) {
			got = append(got, d.Item+":"+strconv.Itoa(d.Count))
		}
		if want := []string{"cake:1", "beetroot_soup:1"}; !slices.Equal(got, want) {
			t.Errorf("meal of %q reads back as %v", g, got)
		}
	}
	if rs := RecipesIn(MealGoal(meal) + "\nIn the end, ..."); len(rs) != 2 || rs[0].Dish != "cake" || rs[1].Dish != "beetroot_soup" || !strings.HasPrefix(rs[1].Steps, "Step 1: ") {
		t.Errorf("recipes read back as %+v", rs)
	}
	hk := HellsKitchenGoal("cooked_beef", "bread")
	if mine, theirs, ok := ParseHellsKitchenGoal(hk); !ok || mine != "cooked_beef" || theirs != "bread" {
		t.Errorf("Hell's Kitchen goal reads back as %q %q %v", mine, theirs, ok)
	}
	if ds := ParseMeal(hk); len(ds) != 1 || ds[0] != (Dish{"cooked_beef", 1}) {
		t.Errorf("Hell's Kitchen meal reads back as %v", ds)
	}
	if rs := RecipesIn(hk); len(rs) != 1 || rs[0].Dish != "bread" {
		t.Errorf("Hell's Kitchen recipes read back as %+v", rs)
	}
}

// The readers read what the patterns the experts once used read, on
// MINDcraft's goals, ours and near misses.
func TestGoalReadersMatchPatterns(t *testing.T) {
	goals := []string{
		"", "craft", "craft ", "craft a .", "craft an anvil", "craft anvil", "craft a name_tag", "craft 3 stick", "craft 12x", "craft 3 ",
		"crafting table then craft an oak_door", "Collaborate with other agents to craft 2 music_disc_13.",
		"make", "make 1 cake, 2 bread. \n\nRecipe for cake:\nStep 1: a\n\nRecipe for bread:\nStep 1: b\n",
		"make bread and cake", "make bread, and cake", "make a, b, ", "make 12 ", "make 3x, cake", "make . make cake",
		"make 0 cake", "Recipe for x:\n\nfoo", "Recipe for x:\n\n\nfoo\n\nbar", "Recipe for :x Recipe for y: one line Recipe for z: same line",
		"You need to make , You need to make cake", "Your partner needs to make bread.",
	}
	for _, file := range []string{"testdata/mindcraft_crafting.json", "testdata/mindcraft_cooking.json"} {
		goals = append(goals, goalsIn(t, file)...)
	}
	for _, k := range []string{KindCrafting, KindCooking} {
		tasks, err := Generate(k, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 20, Seed: 1}})
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			goals = append(goals, task.Goal.Text)
			for _, g := range task.Goal.PerAgent {
				goals = append(goals, g)
			}
		}
	}
	craft := regexp.MustCompile(`craft (?:an? |(\d+) )?([a-z0-9_]+)`)
	dishes := regexp.MustCompile(`make ((?:(?:\d+ )?[a-z_]+(?:, | and )?)+)`)
	dishItem := regexp.MustCompile(`(?:(\d+) )?([a-z_]+)`)
	hkMine := regexp.MustCompile(`You need to make ([a-z_]+)`)
	hkPartner := regexp.MustCompile(`Your partner needs to make ([a-z_]+)`)
	recipe := regexp.MustCompile(`(?s)Recipe for ([a-z_]+):\n?(.*?)(?:\n\n|$)`)
	for _, g := range goals {
		target, n, ok := ParseCraftingGoal(g)
		if m := craft.FindStringSubmatch(g); ok != (m != nil) || ok && (target != m[2] || n != atoiOr1(m[1])) {
			t.Errorf("crafting goal %q: read %q %d %v, the pattern %q", g, target, n, ok, m)
		}
		var want []Dish
		if m := hkMine.FindStringSubmatch(g); m != nil {
			want = []Dish{{m[1], 1}}
		} else if m := dishes.FindStringSubmatch(g); m != nil {
			for _, d := range dishItem.FindAllStringSubmatch(m[1], -1) {
				if d[2] != "and" {
					c, _ := strconv.Atoi(d[1])
					want = append(want, Dish{d[2], max(c, 1)})
				}
			}
		}
		if got := ParseMeal(g); !slices.Equal(got, want) {
			t.Errorf("meal %q: read %v, the patterns %v", g, got, want)
		}
		mine, theirs, ok := ParseHellsKitchenGoal(g)
		wm, wt := hkMine.FindStringSubmatch(g), hkPartner.FindStringSubmatch(g)
		if ok != (wm != nil) || ok && mine != wm[1] || (wt == nil) != (theirs == "") || wt != nil && theirs != wt[1] {
			t.Errorf("Hell's Kitchen %q: read %q %q %v, the patterns %q %q", g, mine, theirs, ok, wm, wt)
		}
		var wr []Recipe
		for _, m := range recipe.FindAllStringSubmatch(g, -1) {
			wr = append(wr, Recipe{m[1], strings.TrimSpace(m[2])})
		}
		if got := RecipesIn(g); !slices.Equal(got, wr) {
			t.Errorf("recipes in %q: read %+v, the pattern %+v", g, got, wr)
		}
	}
}

func atoiOr1(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// goalsIn are the goal texts of a MINDcraft task file.
func goalsIn(t *testing.T, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tasks map[string]struct {
		Goal json.RawMessage `json:"goal"`
	}
	if err := json.Unmarshal(data, &tasks); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, task := range tasks {
		var one string
		var per map[string]string
		if json.Unmarshal(task.Goal, &one) == nil {
			out = append(out, one)
		} else if json.Unmarshal(task.Goal, &per) == nil {
			for _, g := range per {
				out = append(out, g)
			}
		}
	}
	return out
}

// TestOpenersRead: every generator's opening message reads as one, and
// the goals and teammates' words do not.
func TestOpenersRead(t *testing.T) {
	for _, s := range []string{CraftingOpener("arrow"), CookingOpener([]string{"bread", "cake"}), constructionConversation} {
		if !IsOpener(s) {
			t.Errorf("%q does not read as an opener", s)
		}
	}
	for _, s := range []string{CraftingGoal("arrow"), MealGoal([]string{"bread"}), "Let's have the one holding the most items collect."} {
		if IsOpener(s) {
			t.Errorf("%q reads as an opener", s)
		}
	}
}
