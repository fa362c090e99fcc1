package procgen

import (
	"fmt"
	"strconv"
	"strings"

	"collabcraft/scan"
)

// The goal texts, as MINDcraft words them, each beside the reader agents
// use to read it back (the scripted experts decide from goals). The
// readers also read MINDcraft's own task files, which word their goals
// the same way. TestGoalTextsReadBack formats each and parses it back.

// CraftingGoal is a crafting task's goal: "Collaborate with other agents
// to craft a bookshelf".
func CraftingGoal(target string) string {
	return fmt.Sprintf("Collaborate with other agents to craft %s %s", article(target), target)
}

// ParseCraftingGoal reads the target and count of a crafting goal: the
// first "craft [a|an|N ]item" in it (`craft (?:an? |(\d+) )?([a-z0-9_]+)`);
// the count is 1 unless a number is given.
func ParseCraftingGoal(goal string) (target string, n int, ok bool) {
	for from := 0; ; {
		k := strings.Index(goal[from:], "craft ")
		if k < 0 {
			return "", 0, false
		}
		at := from + k + len("craft ")
		if target, n, ok = craftObject(goal[at:]); ok {
			return target, n, true
		}
		from = from + k + 1
	}
}

// craftObject reads "[a |an |N ]item" at the start of s, trying the forms
// in the pattern's order.
func craftObject(s string) (string, int, bool) {
	item := func(s string) string { return s[:scan.Span(s, isItemByte)] }
	for _, article := range []string{"an ", "a "} {
		if rest, ok := strings.CutPrefix(s, article); ok && item(rest) != "" {
			return item(rest), 1, true
		}
	}
	if d := scan.Span(s, scan.Digit); d > 0 && d < len(s) && s[d] == ' ' && item(s[d+1:]) != "" {
		n, _ := strconv.Atoi(s[:d])
		return item(s[d+1:]), n, true
	}
	if it := item(s); it != "" {
		return it, 1, true
	}
	return "", 0, false
}

// Dish is one dish of a meal and how many to make.
type Dish struct {
	Item  string
	Count int
}

// MealGoal is a cooking goal for agents that hold the recipes: the meal,
// then each dish's recipe (RecipeText) after a blank line.
func MealGoal(meal []string) string {
	counts := make([]string, len(meal))
	for i, d := range meal {
		counts[i] = "1 " + d
	}
	g := "Collaborate with agents around you to make " + strings.Join(counts, ", ") + ". \n"
	for _, d := range meal {
		g += "\n" + RecipeText(d)
	}
	return g
}

// BlockedMealGoal is MINDcraft's block_recipe goal, for agents without the
// recipes.
func BlockedMealGoal(meal []string) string {
	return "Collaborate with other agents around you to make " + strings.Join(meal, ", ") + "."
}

// ParseMeal reads the dishes a cooking goal asks for: the list after its
// first "make " ("1 cake, 2 bread", "beetroot_soup, rabbit_stew", "bread
// and cake"), each dish once with its count (1 when none is given). A
// Hell's Kitchen goal asks for the agent's own dish.
func ParseMeal(goal string) []Dish {
	if mine, _, ok := ParseHellsKitchenGoal(goal); ok {
		return []Dish{{Item: mine, Count: 1}}
	}
	for from := 0; ; {
		k := strings.Index(goal[from:], "make ")
		if k < 0 {
			return nil
		}
		if ds, ok := mealList(goal[from+k+len("make "):]); ok {
			return ds
		}
		from += k + 1
	}
}

// mealList reads `(?:(?:\d+ )?[a-z_]+(?:, | and )?)+` at the start of s.
func mealList(s string) ([]Dish, bool) {
	var out []Dish
	for i := 0; ; {
		n, j := 0, i
		if d := scan.Span(s[i:], scan.Digit); d > 0 && i+d < len(s) && s[i+d] == ' ' && scan.Span(s[i+d+1:], scan.Lower) > 0 {
			n, _ = strconv.Atoi(s[i : i+d])
			j = i + d + 1
		}
		k := scan.Span(s[j:], scan.Lower)
		if k == 0 {
			return out, len(out) > 0
		}
		if item := s[j : j+k]; item != "and" { // a list's "and" reads as a word of its own
			out = append(out, Dish{Item: item, Count: max(n, 1)})
		}
		i = j + k
		for _, sep := range []string{", ", " and "} {
			if strings.HasPrefix(s[i:], sep) {
				i += len(sep)
				break
			}
		}
	}
}

// HellsKitchenGoal is agent mine's goal in Hell's Kitchen: it makes mine
// and holds the recipe for theirs, its partner's dish.
func HellsKitchenGoal(mine, theirs string) string {
	return fmt.Sprintf("You need to make %s, but you don't have the recipe for it, your partner has it!\n\nYour partner needs to make %s. You have their recipe:\n%s\n%s",
		mine, theirs, RecipeText(theirs), hellsKitchenGoalNoteFormat)
}

// ParseHellsKitchenGoal reads a Hell's Kitchen goal: the agent's own dish
// and its partner's ("" when the goal does not say).
func ParseHellsKitchenGoal(goal string) (mine, theirs string, ok bool) {
	mine, ok = wordAfter(goal, "You need to make ")
	theirs, _ = wordAfter(goal, "Your partner needs to make ")
	return mine, theirs, ok
}

// wordAfter is the item name ([a-z_]+) after the first lit in s that is
// followed by one.
func wordAfter(s, lit string) (string, bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], lit)
		if k < 0 {
			return "", false
		}
		at := from + k + len(lit)
		if n := scan.Span(s[at:], scan.Lower); n > 0 {
			return s[at : at+n], true
		}
		from += k + 1
	}
}

// RecipeText is a dish's recipe as goals show it: "Recipe for X:\nStep 1:
// ...\n".
func RecipeText(d string) string {
	steps, _ := RecipeSteps(d)
	return "Recipe for " + d + ":\n" + strings.Join(steps, "\n") + "\n"
}

// Recipe is a recipe read back from a text: the dish and its steps.
type Recipe struct {
	Dish, Steps string
}

// RecipesIn reads the recipes in a text, in order: each "Recipe for X:"
// (RecipeText), its steps running to the next blank line or the end
// (`(?s)Recipe for ([a-z_]+):\n?(.*?)(?:\n\n|$)`), spaces trimmed.
func RecipesIn(text string) []Recipe {
	var out []Recipe
	for from := 0; ; {
		k := strings.Index(text[from:], "Recipe for ")
		if k < 0 {
			return out
		}
		at := from + k + len("Recipe for ")
		n := scan.Span(text[at:], scan.Lower)
		if n == 0 || !strings.HasPrefix(text[at+n:], ":") {
			from += k + 1
			continue
		}
		dish, body := text[at:at+n], at+n+1
		if strings.HasPrefix(text[body:], "\n") {
			body++
		}
		end, next := len(text), len(text)
		if e := strings.Index(text[body:], "\n\n"); e >= 0 {
			end, next = body+e, body+e+2
		}
		out = append(out, Recipe{Dish: dish, Steps: strings.TrimSpace(text[body:end])})
		if next >= len(text) {
			return out
		}
		from = next
	}
}

// isItemByte reports whether c is in [a-z_0-9].
func isItemByte(c byte) bool { return scan.Lower(c) || scan.Digit(c) }

// The task conversations agent 0 opens a trial with (MINDcraft's
// data.conversation; the generators write them with these openings).
const (
	openerTogether = "Let's work together to "
	openerShare    = "Let's share materials and make a "
)

// CraftingOpener is a crafting task's opening message.
func CraftingOpener(target string) string {
	return openerTogether + "craft " + article(target) + " " + target + "."
}

// CookingOpener is a cooking task's opening message.
func CookingOpener(meal []string) string {
	return openerTogether + "make " + strings.Join(meal, ", ") + "."
}

// IsOpener reports whether text is a task's opening message as the
// generators write them (crafting, cooking, construction): what the
// harness sends for agent 0, whenever it arrives.
func IsOpener(text string) bool {
	return strings.HasPrefix(text, openerTogether) || strings.HasPrefix(text, openerShare)
}
