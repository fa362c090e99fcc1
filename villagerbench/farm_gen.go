package villagerbench

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Generated farm-to-table settings beyond the paper's 100: other dishes,
// each with the paper's kind of supply chains (the same option lists, and
// beef from a pasture), laid out from the same 16 structures. A setting is
// a dish and one option per ingredient key, the full factorial as in the
// paper; its layout (which free slot each structure takes) is drawn from a
// seed. Dishes are split: no test dish (the paper's two among them), and
// so no test setting, is in train or dev.

// FarmDish is a dish the generator makes settings of.
type FarmDish struct {
	Dish string
	// Keys are its ingredient keys (FarmOptions), each needing Need of its
	// item; Fixed are chest items every setting has (an egg, cocoa).
	Keys  []string
	Need  map[string]int
	Fixed []FarmItem
	Split string
}

// The splits a dish belongs to.
const (
	FarmTrain = "train"
	FarmDev   = "dev"
	FarmTest  = "test"
)

// FarmDishes are the generated dishes, by split. The paper's cake and
// rabbit stew are test dishes too (FarmPaper).
var FarmDishes = []FarmDish{
	{Dish: "mushroom_stew", Keys: []string{"brown_mushroom", "bowl"}, Fixed: []FarmItem{{"red_mushroom", 1}}, Split: FarmTest},
	{Dish: "golden_carrot", Keys: []string{"carrot"}, Fixed: []FarmItem{{"gold_nugget", 8}}, Split: FarmTest},
	{Dish: "pumpkin_pie", Keys: []string{"sugar"}, Need: map[string]int{"sugar": 1}, Fixed: []FarmItem{{"egg", 1}, {"pumpkin", 1}}, Split: FarmDev},
	{Dish: "beetroot_soup", Keys: []string{"bowl"}, Fixed: []FarmItem{{"beetroot", 6}}, Split: FarmDev},
	{Dish: "bread", Keys: []string{"wheat"}, Need: map[string]int{"wheat": 3}, Split: FarmTrain},
	{Dish: "cookie", Keys: []string{"wheat"}, Need: map[string]int{"wheat": 2}, Fixed: []FarmItem{{"cocoa_beans", 1}}, Split: FarmTrain},
	{Dish: "cooked_beef", Keys: []string{"cooked_beef", "coal"}, Split: FarmTrain},
	{Dish: "baked_potato", Keys: []string{"baked_potato", "coal"}, Split: FarmTrain},
	{Dish: "cooked_rabbit", Keys: []string{"cooked_rabbit", "coal"}, Split: FarmTrain},
}

// FarmPaperDishes are the paper's dishes: test only.
var FarmPaperDishes = []string{"cake", "rabbit_stew"}

// supply is what one option puts in the scene and the checkpoints it adds.
type supply struct {
	chest    []FarmItem
	features []string // farm features: "cow", "rabbit", "wheat", "hay", "sugar_cane", "potato", "carrot", "mushroom", "factory"
	cps      []FarmCheckpoint
	item     string // the item the dish takes
	smelt    bool   // cooked in the house's furnace
}

// supplyOf is an option's supply of n items, with the paper's scores.
func supplyOf(key, option string, n int) supply {
	cp := func(name string, count, score int, sub ...string) FarmCheckpoint {
		return FarmCheckpoint{Name: name, Count: count, Score: score, Sub: append([]string{}, sub...)}
	}
	i := slices.Index(FarmOptions[key], option)
	switch key {
	case "milk":
		s := supply{item: "milk_bucket"}
		switch i {
		case 0:
			s.chest = []FarmItem{{"milk_bucket", n}}
			s.cps = []FarmCheckpoint{cp("milk_bucket", n, 30)}
		case 1:
			s.chest, s.features = []FarmItem{{"bucket", n}}, []string{"cow"}
			s.cps = []FarmCheckpoint{cp("milk_bucket", n, 30, "bucket"), cp("bucket", n, 15)}
		default:
			s.chest, s.features = []FarmItem{{"iron_ingot", 3 * n}}, []string{"cow"}
			s.cps = []FarmCheckpoint{cp("milk_bucket", n, 30, "bucket"), cp("bucket", n, 15, "iron_ingot"), cp("iron_ingot", 3*n, 5)}
		}
		return s
	case "wheat":
		s := supply{item: "wheat"}
		switch i {
		case 0:
			s.chest = []FarmItem{{"wheat", n}}
		case 1:
			s.chest = []FarmItem{{"hay_block", (n + 8) / 9}}
		case 2:
			s.features = []string{"wheat"}
		default:
			s.features = []string{"hay"}
		}
		if i == 1 || i == 3 {
			s.cps = []FarmCheckpoint{cp("wheat", n, 25, "hay_block"), cp("hay_block", (n+8)/9, 15)}
		} else {
			s.cps = []FarmCheckpoint{cp("wheat", n, 25)}
		}
		return s
	case "sugar":
		s := supply{item: "sugar"}
		switch i {
		case 0:
			s.chest = []FarmItem{{"sugar", n}}
			s.cps = []FarmCheckpoint{cp("sugar", n, 25)}
			return s
		case 1:
			s.chest = []FarmItem{{"sugar_cane", n}}
		default:
			s.features = []string{"sugar_cane"}
		}
		s.cps = []FarmCheckpoint{cp("sugar", n, 25, "sugar_cane"), cp("sugar_cane", n, 15)}
		return s
	case "cooked_rabbit", "cooked_beef", "baked_potato":
		raw := map[string]string{"cooked_rabbit": "rabbit", "cooked_beef": "beef", "baked_potato": "potato"}[key]
		s := supply{item: key, smelt: true}
		if i == 0 {
			s.chest = []FarmItem{{raw, n}}
		} else {
			switch raw {
			case "rabbit":
				s.features, s.chest = []string{"rabbit"}, []FarmItem{{"iron_sword", 1}}
			case "beef":
				s.features, s.chest = []string{"cow"}, []FarmItem{{"iron_sword", 1}}
			default:
				s.features = []string{"potato"}
			}
		}
		s.cps = []FarmCheckpoint{cp(key, n, 20, raw, "coal"), cp(raw, n, 10)}
		return s
	case "carrot", "brown_mushroom":
		s := supply{item: key, cps: []FarmCheckpoint{cp(key, n, 10)}}
		if i == 0 {
			s.chest = []FarmItem{{key, n}}
		} else {
			s.features = []string{map[string]string{"carrot": "carrot", "brown_mushroom": "mushroom"}[key]}
		}
		return s
	case "bowl":
		s := supply{item: "bowl"}
		if i == 0 {
			s.chest = []FarmItem{{"bowl", n}}
			s.cps = []FarmCheckpoint{cp("bowl", n, 30)}
		} else {
			s.features = []string{"factory"}
			s.cps = []FarmCheckpoint{cp("bowl", n, 30, "acacia_planks"), cp("acacia_planks", 3, 20, "acacia_log"), cp("acacia_log", 1, 10)}
		}
		return s
	case "coal":
		s := supply{item: "coal", cps: []FarmCheckpoint{cp("coal", 1, 10)}}
		if i == 0 {
			s.chest = []FarmItem{{"coal", 4}}
		} else {
			s.features = []string{"factory"}
		}
		return s
	}
	return supply{}
}

// farmStructureOf names the structure of a set of farm features, as the
// paper's file names them.
var farmStructureOf = map[string]string{
	"sugar_cane+wheat": "sugar_cane_and_wheat_farm", "sugar_cane": "sugar_cane_farm", "wheat": "wheat_farm",
	"hay+sugar_cane": "sugar_cane_and_hay_farm", "hay": "hay_farm",
	"carrot+mushroom+potato": "potato_carrot_and_mushroom_farm", "mushroom+potato": "potato_and_mushroom_farm",
	"carrot+mushroom": "carrot_and_mushroom_farm", "carrot+potato": "potato_and_carrot_farm",
	"potato": "potato_farm", "carrot": "carrot_farm", "mushroom": "mushroom_farm",
	"cow": "cow_pasture", "rabbit": "rabbit_pasture", "factory": "material_factory",
}

// structuresFor groups features into the paper's structures: the field
// crops (wheat, hay, cane) in one farm, the garden crops (potato, carrot,
// mushroom) in another, each pasture and the factory apart.
func structuresFor(features []string) ([]string, error) {
	groups := map[string][]string{}
	for _, f := range features {
		g := f
		switch f {
		case "wheat", "hay", "sugar_cane":
			g = "field"
		case "potato", "carrot", "mushroom":
			g = "garden"
		}
		if !slices.Contains(groups[g], f) {
			groups[g] = append(groups[g], f)
		}
	}
	var out []string
	for _, g := range []string{"cow", "rabbit", "field", "garden", "factory"} {
		if len(groups[g]) == 0 {
			continue
		}
		fs := slices.Sorted(slices.Values(groups[g]))
		name, ok := farmStructureOf[strings.Join(fs, "+")]
		if !ok {
			return nil, fmt.Errorf("no structure grows %s together", strings.Join(fs, " and "))
		}
		out = append(out, name)
	}
	return out, nil
}

// Layouts: where the paper puts things. A dish cooked in a furnace gets
// the house (with its furnace and crafting table) and the stew's chest;
// the others the cake's crafting table and chest. Structures take the free
// slots.
var (
	farmHouse      = FarmComponent{Name: "house", Type: ComponentStructure, Position: [3]int{5, 0, 6}}
	farmTable      = FarmComponent{Name: "crafting_table", Type: ComponentBlock, Position: [3]int{0, 0, 10}}
	farmSlots      = [][3]int{{-6, 0, 7}, {5, 0, 7}, {-6, 0, 18}, {5, 0, 18}}
	farmHouseSlots = [][3]int{{-6, 0, 7}, {-6, 0, 18}, {5, 0, 18}}
)

// FarmSettingOf makes the setting of a dish with one option per key (in
// Keys order), its structures in slots drawn from rng (nil: in order).
func FarmSettingOf(d FarmDish, options []string, name string, rng *rand.Rand) (FarmSetting, error) {
	s := FarmSetting{Name: name, Dish: d.Dish}
	if len(options) != len(d.Keys) {
		return s, fmt.Errorf("villagerbench: farm dish %s: %d options for %d keys", d.Dish, len(options), len(d.Keys))
	}
	var chest []FarmItem
	var features []string
	var subs []string
	var cps []FarmCheckpoint
	smelt := false
	for i, key := range d.Keys {
		n := d.Need[key]
		if n == 0 {
			n = 1
		}
		sp := supplyOf(key, options[i], n)
		if sp.item == "" {
			return s, fmt.Errorf("villagerbench: farm dish %s: no supply %q of %s", d.Dish, options[i], key)
		}
		s.Options = append(s.Options, FarmOption{Ingredient: key, Supply: options[i]})
		chest = append(chest, sp.chest...)
		features = append(features, sp.features...)
		if key != "coal" {
			subs = append(subs, sp.item)
		}
		cps = append(cps, sp.cps...)
		smelt = smelt || sp.smelt
	}
	for _, f := range d.Fixed {
		chest = append([]FarmItem{f}, chest...)
		subs = append(subs, f.Name)
		cps = append(cps, FarmCheckpoint{Name: f.Name, Count: f.Count, Score: 10, Sub: []string{}})
	}
	// The dish cancels what it is made of; its checkpoint comes first. A
	// dish that is itself a supplied item (cooked_beef) takes over that
	// item's checkpoint and what it cancels.
	if k := slices.IndexFunc(cps, func(c FarmCheckpoint) bool { return c.Name == d.Dish }); k >= 0 {
		subs = slices.DeleteFunc(subs, func(n string) bool { return n == d.Dish })
		subs = append(cps[k].Sub, subs...)
		cps = slices.Delete(cps, k, k+1)
	}
	s.Checkpoints = append([]FarmCheckpoint{{Name: d.Dish, Count: 1, Score: FarmFullScore, Sub: subs}}, cps...)
	names, err := structuresFor(features)
	if err != nil {
		return s, fmt.Errorf("villagerbench: farm setting %s: %w", name, err)
	}
	slots, chestAt := farmSlots, [3]int{-1, 0, 10}
	if smelt {
		slots, chestAt = farmHouseSlots, [3]int{-1, 0, 12}
		s.Components = append(s.Components, farmHouse)
	} else {
		s.Components = append(s.Components, farmTable)
	}
	s.Components = append(s.Components, FarmComponent{Name: "chest", Type: ComponentBlock, Position: chestAt, Facing: "north", Items: chest})
	if len(names) > len(slots) {
		return s, fmt.Errorf("villagerbench: farm setting %s: %d structures for %d free slots", name, len(names), len(slots))
	}
	order := slices.Clone(slots)
	if rng != nil {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	for i, n := range names {
		s.Components = append(s.Components, FarmComponent{Name: n, Type: ComponentStructure, Position: order[i]})
	}
	return s, nil
}

// FarmFactorial lists a dish's option combinations in the paper's order
// (the last key varies fastest).
func FarmFactorial(d FarmDish) [][]string {
	combos := [][]string{nil}
	for _, key := range d.Keys {
		var next [][]string
		for _, c := range combos {
			for _, o := range FarmOptions[key] {
				next = append(next, append(slices.Clone(c), o))
			}
		}
		combos = next
	}
	return combos
}

// FarmDishesOf returns the generated dishes of a split.
func FarmDishesOf(split string) []FarmDish {
	var out []FarmDish
	for _, d := range FarmDishes {
		if d.Split == split {
			out = append(out, d)
		}
	}
	return out
}

// GenerateFarm makes n generated settings of a split: each dish's full
// factorial in turn, round after round, each round's layouts drawn anew
// from the seed (round 0 keeps the slots in order). Names are
// "<dish>_<index in the factorial>", with "_v<round>" after the first.
func GenerateFarm(split string, n int, seed uint64) ([]FarmSetting, error) {
	dishes := FarmDishesOf(split)
	if len(dishes) == 0 {
		return nil, fmt.Errorf("villagerbench: no farm dishes in split %q (expected %s, %s or %s)", split, FarmTrain, FarmDev, FarmTest)
	}
	var out []FarmSetting
	for round := 0; len(out) < n; round++ {
		for _, d := range dishes {
			for i, combo := range FarmFactorial(d) {
				if len(out) == n {
					return out, nil
				}
				name := fmt.Sprintf("%s_%d", d.Dish, i)
				var rng *rand.Rand
				if round > 0 {
					name += fmt.Sprintf("_v%d", round)
					rng = rand.New(rand.NewPCG(seed, uint64(round)<<32|uint64(len(out))))
				}
				s, err := FarmSettingOf(d, combo, name, rng)
				if err != nil {
					return nil, err
				}
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// FarmSettingCount is how many distinct settings (dish and options) a
// split's generated dishes have.
func FarmSettingCount(split string) int {
	n := 0
	for _, d := range FarmDishesOf(split) {
		n += len(FarmFactorial(d))
	}
	return n
}

// FarmSettingKey is a setting's identity for the split check: its dish
// and options, whatever its layout.
func FarmSettingKey(s *FarmSetting) string {
	var parts []string
	for _, o := range s.Options {
		parts = append(parts, o.Ingredient+"="+o.Supply)
	}
	return s.Dish + ":" + strings.Join(parts, ";")
}
