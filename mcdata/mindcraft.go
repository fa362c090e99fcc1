package mcdata

import (
	"fmt"
	"strings"
)

// MINDcraft's own crafting planner (getDetailedCraftingPlan in
// src/utils/mcdata.js at 0012750), reproduced so that the text of
// !getCraftingPlan is MINDcraft's byte for byte. It differs from NewPlan's
// planner on purpose:
//
//   - it always takes an item's first recipe, after MINDcraft's sort that
//     puts recipes using the most "common items" (oak_planks, oak_log, coal,
//     cobblestone) first; so wood items are always planned with oak, whatever
//     wood the agent holds;
//   - an item is base when it has no recipe in minecraft-data (our
//     hand-written special recipes do not count) or is one of MINDcraft's
//     "looping items" (mindcraftLoopingItems): blue_wool and black_wool are
//     reported missing where NewPlan expands them;
//   - it recurses without any guard, so an item whose first recipe leads back
//     to itself (netherite_block, chiseled_red_sandstone) overflows the stack
//     in MINDcraft; here that is ErrPlanLoops.
//
// NewPlan stays the planner the rest of collabcraft acts on (the experts,
// the world builders, procgen): it never loops and uses the wood at hand.

// ErrPlanLoops is MINDcraft's "Maximum call stack size exceeded": its planner
// recursed without end on a recipe cycle. Its text is node's, capital
// letter included, as !getCraftingPlan prints it.
var ErrPlanLoops error = stackOverflow{}

type stackOverflow struct{}

func (stackOverflow) Error() string { return "Maximum call stack size exceeded" }

// PlanErrorPrefix starts the text !getCraftingPlan answers when MINDcraft's
// planner throws.
const PlanErrorPrefix = "An error occurred while generating the crafting plan: "

// mindcraftLoopingItems is MINDcraft's hand-kept list of items it treats as
// base although they have recipes (initializeLoopingItems).
var mindcraftLoopingItems = map[string]bool{
	"coal": true, "wheat": true, "bone_meal": true, "diamond": true, "emerald": true,
	"raw_iron": true, "raw_gold": true, "redstone": true, "blue_wool": true, "packed_mud": true,
	"raw_copper": true, "iron_ingot": true, "dried_kelp": true, "gold_ingot": true, "slime_ball": true,
	"black_wool": true, "quartz_slab": true, "copper_ingot": true, "lapis_lazuli": true, "honey_bottle": true,
	"rib_armor_trim_smithing_template": true, "eye_armor_trim_smithing_template": true,
	"vex_armor_trim_smithing_template": true, "dune_armor_trim_smithing_template": true,
	"host_armor_trim_smithing_template": true, "tide_armor_trim_smithing_template": true,
	"wild_armor_trim_smithing_template": true, "ward_armor_trim_smithing_template": true,
	"coast_armor_trim_smithing_template": true, "spire_armor_trim_smithing_template": true,
	"snout_armor_trim_smithing_template": true, "shaper_armor_trim_smithing_template": true,
	"netherite_upgrade_smithing_template": true, "raiser_armor_trim_smithing_template": true,
	"sentry_armor_trim_smithing_template": true, "silence_armor_trim_smithing_template": true,
	"wayfinder_armor_trim_smithing_template": true,
}

// mindcraftCommonItems are the items whose count in a recipe moves it to
// the front of an item's recipes in MINDcraft's getItemCraftingRecipes.
var mindcraftCommonItems = []string{"oak_planks", "oak_log", "coal", "cobblestone"}

// commonCount is how many common items one craft of r uses.
func commonCount(r Recipe) int {
	n := 0
	for _, c := range mindcraftCommonItems {
		n += r.Need(c)
	}
	return n
}

// maxMindcraftDepth bounds the recursion: a real recipe tree is a dozen
// levels deep, so a plan this deep only recurses on a cycle (where
// MINDcraft overflows its stack).
const maxMindcraftDepth = 4096

// IsMindcraftBaseItem reports whether MINDcraft's planner treats name as a
// base item: it has no recipe in minecraft-data, or it is one of MINDcraft's
// looping items. False for unknown names.
func IsMindcraftBaseItem(name string) bool {
	if !IsItem(name) {
		return false
	}
	if mindcraftLoopingItems[name] {
		return true
	}
	_, ok := mindcraftRecipe(name)
	return !ok
}

// mindcraftRecipe is the recipe MINDcraft's planner takes for item: the
// first of minecraft-data's (recipes are stored in MINDcraft's order, see
// decode), leaving out collabcraft's special recipes.
func mindcraftRecipe(item string) (Recipe, bool) {
	for _, r := range load().recipes[item] {
		if !r.special {
			return r, true
		}
	}
	return Recipe{}, false
}

// PlanIsFor reports whether text holds mindcraftPlanText's answer for
// item: the base-item sentence, or a crafting plan whose last step makes
// it (the steps of a plan end with its target).
func PlanIsFor(text, item string) bool {
	if strings.Contains(text, item+baseItemSuffix) {
		return true
	}
	if !strings.Contains(text, "crafting plan") {
		return false
	}
	last := ""
	for _, line := range strings.Split(text, "\n") {
		if _, out, ok := strings.Cut(line, " -> "); ok {
			last = strings.TrimSpace(out)
		}
	}
	_, made, _ := strings.Cut(last, " ")
	return made == item
}

const baseItemSuffix = " is a base item"

// SaysBaseItem reports whether text holds mindcraftPlanText's answer that
// item is a base item (a plan that teaches nothing of how it is made).
func SaysBaseItem(text, item string) bool { return strings.Contains(text, item+baseItemSuffix) }

// CraftingPlanText is MINDcraft's getDetailedCraftingPlan(target, count,
// inventory): the plan text, the target included in the inventory as given.
// An unknown target or a count below 1 gives InvalidPlanInput, as in
// MINDcraft; a plan MINDcraft cannot finish gives ErrPlanLoops.
// (!getCraftingPlan sets the held targets aside first: Plan.StringCurrent.)
func CraftingPlanText(inventory map[string]int, target string, count int) (string, error) {
	return mindcraftPlanText(inventory, target, count, true)
}

func mindcraftPlanText(inventory map[string]int, target string, count int, woodNote bool) (string, error) {
	if count <= 0 || !IsItem(target) {
		return InvalidPlanInput, nil
	}
	if IsMindcraftBaseItem(target) {
		if inventory[target] >= count {
			return AllHeld, nil
		}
		return fmt.Sprintf("%s"+baseItemSuffix+", you need to find %d more in the world", target, count-inventory[target]), nil
	}
	m := &mcPlanner{inv: make(map[string]int, len(inventory)), left: map[string]int{}}
	for k, v := range inventory {
		m.inv[k] = v
	}
	if err := m.craft(target, count, 0); err != nil {
		return "", err
	}
	var lines []string
	if len(m.required) > 0 {
		lines = append(lines, "You are missing the following items:")
		for _, r := range m.required {
			lines = append(lines, fmt.Sprintf("- %d %s", r.Count, r.Item))
		}
		lines = append(lines, "\nOnce you have these items, here's your crafting plan:")
	} else {
		lines = append(lines, "You have all items required to craft this item!", "Here's your crafting plan:")
	}
	lines = append(lines, "")
	for _, s := range m.steps {
		lines = append(lines, s.String())
	}
	if woodNote && !strings.Contains(target, "oak") {
		for _, r := range m.required {
			if strings.Contains(r.Item, "oak") {
				lines = append(lines, "Note: Any varient of wood can be used for this recipe.")
				break
			}
		}
	}
	return strings.Join(lines, "\n"), nil
}

// mcPlanner is the state of MINDcraft's craftItem recursion.
type mcPlanner struct {
	inv, left map[string]int
	required  []Ingredient // in the order first met
	steps     []Step
}

func (m *mcPlanner) craft(item string, count, depth int) error {
	if depth > maxMindcraftDepth {
		return ErrPlanLoops
	}
	inv, left := m.inv[item], m.left[item]
	if inv+left >= count {
		fromLeft := min(left, count)
		m.left[item] = left - fromLeft
		if rest := count - fromLeft; rest > 0 {
			m.inv[item] = inv - rest
		}
		return nil
	}
	still := count - inv - left
	if left > 0 {
		m.left[item] = 0
	}
	if inv > 0 {
		m.inv[item] = 0
	}
	r, ok := mindcraftRecipe(item)
	if mindcraftLoopingItems[item] || !ok {
		m.required = addIngredient(m.required, item, still)
		return nil
	}
	times := (still + r.Count - 1) / r.Count
	if made := times * r.Count; made > still {
		m.left[item] += made - still
	}
	for _, name := range r.GridOrder {
		if err := m.craft(name, r.Need(name)*times, depth+1); err != nil {
			return err
		}
	}
	m.steps = append(m.steps, Step{Recipe: r, Times: times})
	return nil
}
