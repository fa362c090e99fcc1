package dispatcher

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/mckitchen"
	"collabcraft/trajectory"
)

// The scripted dispatcher of MindAgent's Minecraft kitchen (§7): from the
// rules (the meats ordered) and the last turn (orders and their time left,
// each agent's place, inventory and surroundings, the furnace, the chest)
// it keeps the furnace fed and burning, has the animals killed and coal
// mined that the open orders (then one of each meat, cooked ahead) still
// lack, and takes the cooked meat to the chest, where it serves the
// orders. One action per agent, in the paper's syntax.

// isKitchenCall reports whether a dispatch call is the Minecraft kitchen's.
func isKitchenCall(msgs []trajectory.Message) bool {
	return len(msgs) > 0 && strings.Contains(msgs[0].Content, "2) killMob(agent, mobType)")
}

// kitchenReply is the reply's text.
func kitchenReply(msgs []trajectory.Message, rng *rand.Rand, noise float64) string {
	var menu []mckitchen.Meat
	for _, ln := range strings.Split(msgs[0].Content, "\n") {
		if d, ok := strings.CutPrefix(ln, "Cook "); ok {
			if m, ok := mckitchen.MeatFor(strings.TrimSuffix(d, " at: ")); ok {
				menu = append(menu, m)
			}
		}
	}
	errs, s, err := mckitchen.ReadTurn(msgs[len(msgs)-1].Content)
	if err != nil || len(menu) == 0 {
		return ""
	}
	k := &kitchenPlanner{s: s, menu: menu, acts: make([]string, len(s.Agents)), free: make([]bool, len(s.Agents))}
	acts := k.plan()
	if noise > 0 && len(errs) == 0 && rng.Float64() < noise*noiseShare {
		acts = k.mistake(acts, rng)
	}
	var b strings.Builder
	for _, a := range acts {
		b.WriteString(a + "\n")
	}
	return b.String()
}

type kitchenPlanner struct {
	s    mckitchen.State
	menu []mckitchen.Meat
	acts []string
	free []bool // still without an action
}

func kact(verb string, agent int, arg string) string {
	if arg == "" {
		return fmt.Sprintf("%s(agent%d)", verb, agent)
	}
	return fmt.Sprintf("%s(agent%d, %s)", verb, agent, arg)
}

// goOr is the action at place, or the walk there first.
func (k *kitchenPlanner) goOr(i int, place, action string) string {
	if k.s.Agents[i].At != place {
		return kact("goto", i, place)
	}
	return action
}

func (k *kitchenPlanner) plan() []string {
	s := k.s
	for i := range k.free {
		k.free[i] = true
	}
	f := s.Furnace
	// Holders first: cooked meat to the chest, coal and raw meat to the
	// furnace when it can take them.
	coalHeld, rawHeld := 0, map[string]int{}
	for i, a := range s.Agents {
		for _, m := range k.menu {
			if a.Inventory[m.Dish] > 0 {
				k.set(i, k.goOr(i, mckitchen.Chest, kact("putInChest", i, m.Dish)))
				break
			}
		}
		coalHeld += a.Inventory[mckitchen.Fuel]
		for _, m := range k.menu {
			rawHeld[m.Raw] += a.Inventory[m.Raw]
		}
	}
	needFuel := f.Fuel.Count == 0 && (f.Input.Count > 0 || len(rawHeld) > 0) && !f.Burning
	input := f.Input.Item // what the input slot holds once this step's puts ran
	if f.Input.Count == 0 {
		input = ""
	}
	for i, a := range s.Agents {
		if !k.free[i] {
			continue
		}
		if a.Inventory[mckitchen.Fuel] > 0 && f.Fuel.Count == 0 {
			k.set(i, k.goOr(i, mckitchen.Furnace, kact("putFuelFurnace", i, mckitchen.Fuel)))
			needFuel = false
			continue
		}
		for _, m := range k.menu {
			if a.Inventory[m.Raw] == 0 {
				continue
			}
			if input == "" || input == m.Raw {
				k.set(i, k.goOr(i, mckitchen.Furnace, kact("putItemFurnace", i, m.Raw)))
				if a.At == mckitchen.Furnace {
					input = m.Raw
				}
			} else if a.At != mckitchen.Furnace {
				k.set(i, kact("goto", i, mckitchen.Furnace)) // to wait for the input slot
			}
			break
		}
	}
	// Cooked meat waiting in the furnace: the nearest free agent takes it.
	if f.Output.Count > 0 {
		k.nearest(mckitchen.Furnace, func(i int) string { return k.goOr(i, mckitchen.Furnace, kact("takeOutFurnace", i, "")) })
	}
	// Fuel: coal when the furnace will need it and nobody carries any.
	if coalHeld == 0 && (needFuel || f.Fuel.Count == 0 && (f.Input.Count > 0 || f.Burning)) {
		k.nearest(mckitchen.FuelBlock, func(i int) string {
			return k.goOr(i, mckitchen.FuelBlock, kact("mineBlock", i, mckitchen.FuelBlock))
		})
	}
	// Raw meat the orders (then the stock ahead) still lack.
	for _, m := range k.wanted(rawHeld) {
		k.nearest(m.Mob, func(i int) string { return k.goOr(i, m.Mob, kact("killMob", i, m.Mob)) })
	}
	for i := range k.acts {
		if k.free[i] {
			// Wait by the furnace, where the next job most likely is.
			k.acts[i] = kact("goto", i, mckitchen.Furnace)
		}
	}
	return k.acts
}

func (k *kitchenPlanner) set(i int, a string) {
	k.acts[i], k.free[i] = a, false
}

// nearest gives a job at place to the free agent at it, else to the first
// free agent holding nothing it must deliver.
func (k *kitchenPlanner) nearest(place string, job func(int) string) {
	best := -1
	for i, a := range k.s.Agents {
		if !k.free[i] {
			continue
		}
		if a.At == place {
			best = i
			break
		}
		if best < 0 {
			best = i
		}
	}
	if best >= 0 {
		k.set(best, job(best))
	}
}

// wanted lists the meats to hunt for: each open order's, less what is
// cooked, cooking or carried, then one of each meat of the menu ahead,
// less what the chest holds.
func (k *kitchenPlanner) wanted(rawHeld map[string]int) []mckitchen.Meat {
	s := k.s
	have := map[string]int{}
	for _, m := range k.menu {
		have[m.Dish] = s.Chest[m.Dish] + rawHeld[m.Raw]
		for _, a := range s.Agents {
			have[m.Dish] += a.Inventory[m.Dish]
		}
		if s.Furnace.Input.Item == m.Raw {
			have[m.Dish] += s.Furnace.Input.Count
		}
		if s.Furnace.Output.Item == m.Dish {
			have[m.Dish] += s.Furnace.Output.Count
		}
	}
	var out []mckitchen.Meat
	for _, o := range s.Orders {
		m, ok := mckitchen.MeatFor(o.Dish)
		if !ok {
			continue
		}
		if have[o.Dish] > 0 {
			have[o.Dish]--
			continue
		}
		out = append(out, m)
	}
	for _, m := range k.menu {
		if have[m.Dish] == 0 && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// mistake rewrites one action into a realistic error: acting before the
// walk, or the same agent named twice.
func (k *kitchenPlanner) mistake(acts []string, rng *rand.Rand) []string {
	out := slices.Clone(acts)
	for _, i := range rng.Perm(len(acts)) {
		a := acts[i]
		if rest, ok := strings.CutPrefix(a, fmt.Sprintf("goto(agent%d, ", i)); ok {
			place := strings.TrimSuffix(rest, ")")
			switch place {
			case mckitchen.Furnace:
				out[i] = kact("takeOutFurnace", i, "")
			case mckitchen.Chest:
				continue
			case mckitchen.FuelBlock:
				out[i] = kact("mineBlock", i, mckitchen.FuelBlock)
			default:
				out[i] = kact("killMob", i, place)
			}
			return out
		}
	}
	if len(acts) > 1 {
		j := 1 + rng.IntN(len(acts)-1)
		out[j] = strings.Replace(acts[j], fmt.Sprintf("agent%d", j), "agent0", 1)
	}
	return out
}
