package procgen

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"collabcraft/mcdata"
)

// Colour and wood tokens: items that differ only in one of them form a
// family, of which crafting tasks use one representative. Longest first,
// so "light_blue" wins over "blue".
var (
	colourTokens = []string{"light_blue", "light_gray", "magenta", "orange", "yellow", "purple",
		"white", "black", "brown", "green", "lime", "pink", "gray", "cyan", "blue", "red"}
	woodTokens = []string{"dark_oak", "mangrove", "jungle", "acacia", "spruce", "cherry", "bamboo",
		"crimson", "warped", "birch", "oak"}
	// Copper blocks come in oxidation stages, each also waxed.
	copperTokens = []string{"exposed", "weathered", "oxidized"}
)

// family returns the item's family key: its name with a colour, a wood
// and a copper-age token replaced by placeholders ("{colour}_wool",
// "{wood}_door", "{age}_cut_copper" for cut_copper, exposed_cut_copper,
// waxed_oxidized_cut_copper...).
func family(item string) string {
	key := "_" + strings.TrimPrefix(item, "waxed_") + "_"
	if strings.Contains(key, "copper") && !strings.Contains(key, "_copper_ingot_") {
		key = "_{age}" + key
	}
	for _, g := range []struct {
		ph   string
		toks []string
	}{{"_{colour}_", colourTokens}, {"_{wood}_", woodTokens}, {"_", copperTokens}} {
		ph, toks := g.ph, g.toks
		for _, t := range toks {
			if strings.Contains(key, "_"+t+"_") {
				key = strings.Replace(key, "_"+t+"_", ph, 1)
				break
			}
		}
	}
	return strings.Trim(key, "_")
}

// Suffixes that decide an item's split before the coin (seed 002 and
// MineCollab's divide: tools and walls train, the rest of the examples
// test).
var (
	trainSuffixes = []string{"pickaxe", "axe", "hoe", "wall", "sword"}
	testSuffixes  = []string{"minecart", "shovel", "dye", "bed", "wool"}
)

// trainShare is the chance an item not fixed by its name goes to train.
const trainShare = 0.7

// CraftingCandidate is an item crafting tasks can target.
type CraftingCandidate struct {
	Item   string
	Family string
	Steps  int // steps of its plan from an empty inventory
	Split  string
}

// splitSeed fixes the crafting item divide. It does not follow the
// generator seed, so train, dev and test files made with different seeds
// still never share a target.
const splitSeed = 2025

// usesTable reports whether crafting item uses up a crafting_table (1.21's
// crafter): the table an agent crafts at is placed, not held, so such a
// task would need the team to know to bring two.
func usesTable(item string) bool {
	for _, r := range mcdata.PlanRecipes(item) {
		if r.Need("crafting_table") > 0 {
			return true
		}
	}
	return false
}

// CraftingCandidates returns the crafting targets: craftable items whose
// plan has more than one step and that MINDcraft's own !getCraftingPlan
// can plan (not one its planner loops on, such as chiseled_sandstone or
// purpur_slab, nor one it calls base, quartz_slab), no foods (cooking owns
// them) and none that uses up a crafting table (usesTable), one
// representative per colour/wood/copper family, each assigned to train, dev
// or test by its name or a coin. The choices are seeded with a fixed seed,
// so the divide is the same for every generator seed. Sorted by item.
func CraftingCandidates() []CraftingCandidate {
	return craftingCandidates()
}

var craftingCandidates = sync.OnceValue(func() []CraftingCandidate {
	seed := uint64(splitSeed)
	families := map[string][]CraftingCandidate{}
	for _, it := range mcdata.Items() {
		name := it.Name
		if len(mcdata.PlanRecipes(name)) == 0 || isFood(name) || mcdata.IsMindcraftBaseItem(name) {
			continue
		}
		if _, err := mcdata.CraftingPlanText(nil, name, 1); err != nil {
			continue
		}
		if usesTable(name) {
			continue
		}
		plan, err := mcdata.NewPlan(nil, name, 1)
		if err != nil || len(plan.Steps) < 2 {
			continue
		}
		f := family(name)
		families[f] = append(families[f], CraftingCandidate{Item: name, Family: f, Steps: len(plan.Steps)})
	}
	var out []CraftingCandidate
	for _, f := range slices.Sorted(maps.Keys(families)) {
		members := families[f]
		c := members[rngFor(seed, "family/"+f).IntN(len(members))]
		c.Split = splitOf(seed, c.Item, f)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b CraftingCandidate) int { return strings.Compare(a.Item, b.Item) })
	return out
})

func splitOf(seed uint64, item, fam string) string {
	split := ""
	for _, s := range trainSuffixes {
		if strings.HasSuffix(item, s) {
			split = SplitTrain
		}
	}
	for _, s := range testSuffixes {
		if strings.HasSuffix(item, s) {
			split = SplitTest
		}
	}
	rng := rngFor(seed, "split/"+fam)
	if split == "" {
		split = SplitTest
		if rng.Float64() < trainShare {
			split = SplitTrain
		}
	}
	if split == SplitTest && rng.IntN(2) == 0 {
		split = SplitDev
	}
	return split
}

// isFood reports edible items and the cooking dishes (cake is a block,
// not a food, but cooking tasks own it).
func isFood(name string) bool {
	if _, ok := mcdata.LookupFood(name); ok {
		return true
	}
	_, dish := dishes[name]
	return dish
}

// candidatesFor returns the candidates of one split.
func candidatesFor(split string) ([]CraftingCandidate, error) {
	var out []CraftingCandidate
	for _, c := range CraftingCandidates() {
		if c.Split == split {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no crafting targets in split %q", split)
	}
	return out, nil
}
