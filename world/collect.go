package world

import (
	"math"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// toolSpeed is a tool tier's mining speed (Minecraft Wiki, Breaking).
func toolSpeed(tool string) float64 {
	switch {
	case strings.HasPrefix(tool, "wooden_"):
		return 2
	case strings.HasPrefix(tool, "stone_"):
		return 4
	case strings.HasPrefix(tool, "iron_"):
		return 6
	case strings.HasPrefix(tool, "diamond_"):
		return 8
	case strings.HasPrefix(tool, "netherite_"):
		return 9
	case strings.HasPrefix(tool, "golden_"):
		return 12
	case tool == "shears":
		return 2
	}
	return 1
}

// toolFits reports whether tool is of the block's best tool type.
func toolFits(tool, bestTool string) bool {
	if bestTool == "" || tool == "" {
		return false
	}
	if bestTool == "shears" {
		return tool == "shears"
	}
	return strings.HasSuffix(tool, "_"+bestTool)
}

// pickTool is bot.tool.equipForBlock: the held-or-carried item that mines
// the block fastest (harvest tools first), "" for the hand.
func pickTool(inv *Inventory, b mcdata.Block) string {
	best, bestSpeed := "", 1.0
	names, _ := inv.Counts()
	for _, n := range names {
		if !toolFits(n, b.BestTool) && !contains(b.HarvestTools, n) {
			continue
		}
		s := 1.0
		if toolFits(n, b.BestTool) {
			s = toolSpeed(n)
		}
		if s > bestSpeed || best == "" && contains(b.HarvestTools, n) {
			best, bestSpeed = n, s
		}
	}
	return best
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// canHarvest reports whether tool gets drops from b.
func canHarvest(b mcdata.Block, tool string) bool {
	return !b.RequiresTool || contains(b.HarvestTools, tool)
}

// mineSeconds is the vanilla breaking time of b with tool.
func mineSeconds(b mcdata.Block, tool string) float64 {
	if b.Hardness <= 0 {
		return 0.05
	}
	speed := 1.0
	if toolFits(tool, b.BestTool) {
		speed = toolSpeed(tool)
	}
	div := 100.0
	if canHarvest(b, tool) {
		div = 30
	}
	dmg := speed / b.Hardness / div
	if dmg >= 1 {
		return 0.05
	}
	return math.Ceil(1/dmg) / 20
}

// manualCollect are MINDcraft's mustCollectManually blocks: the bot walks
// to them, breaks them and picks the drops up itself.
func manualCollect(name string) bool {
	switch name {
	case "wheat", "carrots", "potatoes", "beetroots", "nether_wart", "cocoa", "sugar_cane", "kelp",
		"short_grass", "fern", "tall_grass", "bamboo", "poppy", "dandelion", "blue_orchid",
		"allium", "azure_bluet", "oxeye_daisy", "cornflower", "lilac", "wither_rose",
		"lily_of_the_valley", "lever", "redstone_wire", "lantern":
		return true
	}
	return containsAny(name, "sapling", "torch", "button", "carpet", "pressure_plate", "mushroom", "tulip", "bush", "vines", "fern")
}

// blockDrops is what breaking the block at p with tool drops: mcdata's
// guaranteed drops, with Minecraft's random counts for grown crops and
// leaves.
func (w *World) blockDrops(name, tool string) []mcdata.Ingredient {
	switch name {
	case "wheat":
		return []mcdata.Ingredient{{Item: "wheat", Count: 1}, {Item: "wheat_seeds", Count: w.rng.IntN(4)}}
	case "beetroots":
		return []mcdata.Ingredient{{Item: "beetroot", Count: 1}, {Item: "beetroot_seeds", Count: 1 + w.rng.IntN(4)}}
	case "carrots":
		return []mcdata.Ingredient{{Item: "carrot", Count: 2 + w.rng.IntN(4)}}
	case "potatoes":
		return []mcdata.Ingredient{{Item: "potato", Count: 2 + w.rng.IntN(4)}}
	}
	if strings.HasSuffix(name, "_leaves") {
		var out []mcdata.Ingredient
		if w.rng.IntN(20) == 0 {
			out = append(out, mcdata.Ingredient{Item: strings.TrimSuffix(name, "_leaves") + "_sapling", Count: 1})
		}
		if w.rng.IntN(50) == 0 {
			out = append(out, mcdata.Ingredient{Item: "stick", Count: 1 + w.rng.IntN(2)})
		}
		if (name == "oak_leaves" || name == "dark_oak_leaves") && w.rng.IntN(200) == 0 {
			out = append(out, mcdata.Ingredient{Item: "apple", Count: 1})
		}
		return out
	}
	return mcdata.Drops(name, tool)
}

// collectTimeout is !collectBlocks' time limit (10 minutes), in seconds.
const collectTimeout = 600

// collectTypes are the block names !collectBlocks looks for.
func collectTypes(t string) []string {
	types := []string{t}
	switch t {
	case "coal", "diamond", "emerald", "iron", "gold", "lapis_lazuli", "redstone":
		types = append(types, t+"_ore")
	}
	if strings.HasSuffix(t, "ore") {
		types = append(types, "deepslate_"+t)
	}
	if t == "dirt" {
		types = append(types, "grass_block")
	}
	return types
}

func cmdCollectBlocks(r *run, args []command.Value) string {
	t, num := args[0].S, args[1].Int()
	w, a := r.w, r.a
	// Unbreakable blocks and fluids are never candidates (mineflayer
	// cannot dig them).
	types := slices.DeleteFunc(collectTypes(t), func(name string) bool {
		b, err := mcdata.LookupBlock(name)
		return err != nil || b.Hardness < 0 || name == "water" || name == "lava"
	})
	collected := 0
	unreachable := map[Pos]bool{}
	for i := 0; i < num; i++ {
		if r.dur >= collectTimeout {
			r.res.Notices = append(r.res.Notices, "Code execution timed out after 10 minutes. Attempting force stop.")
			break
		}
		found := w.nearestBlocks(a.pos, types, 64, 1, unreachable)
		if len(found) == 0 {
			if collected == 0 {
				r.log("No %s nearby to collect.", t)
			} else {
				r.log("No more %s nearby to collect.", t)
			}
			break
		}
		p := found[0]
		name := w.blocks.name(p)
		b, _ := mcdata.LookupBlock(name)
		tool := pickTool(a.inv, b)
		if tool != "" {
			a.held = tool
		}
		if !canHarvest(b, tool) {
			r.log("Don't have right tools to harvest %s.", t)
			return ""
		}
		if a.inv.Room(firstDrop(w, name, tool)) == 0 {
			r.log("Failed to collect %s: Inventory full, no place to deposit.", t)
			break
		}
		manual := manualCollect(name)
		if manual {
			if !r.goToPosition(float64(p.X), float64(p.Y), float64(p.Z), 2) {
				unreachable[p] = true
				continue
			}
		} else if err := r.walkTo(near(p, 4)); err != "" {
			r.log("Failed to collect %s: %s: %s.", t, pathErrName(err), err)
			unreachable[p] = true // MINDcraft retries it; once is enough to know
			continue
		}
		picked := r.mine(p, tool, true)
		if manual {
			r.log("Picked up %d items.", picked)
		}
		r.spend(0.2)
		collected++
	}
	r.say(texts.Collected(collected, t))
	return ""
}

// firstDrop names the item a block gives, for the inventory-room check.
func firstDrop(w *World, name, tool string) string {
	if d := mcdata.Drops(name, tool); len(d) > 0 {
		return d[0].Item
	}
	return name
}

// breakBlock removes the block at p (and what it held up: sugar cane
// above, the other door half), gives the drops to a (none when a is nil:
// they are lost) and returns how many item stacks were picked up.
func (w *World) breakBlock(p Pos, tool string, a *Agent) int {
	var drops []mcdata.Ingredient
	name := w.blocks.name(p)
	for q := p; ; q = q.Add(0, 1, 0) {
		n := w.blocks.name(q)
		if q != p && (n != name || (n != "sugar_cane" && n != "bamboo" && n != "cactus")) {
			break
		}
		drops = append(drops, w.blockDrops(n, tool)...)
		if c := w.containers[q]; c != nil {
			drops = append(drops, containerContents(c)...)
		}
		w.setBlock(q, "air")
	}
	// Items on top of a removed block (crops on farmland, torches) pop off.
	if above := p.Add(0, 1, 0); !isSolidName(w.blocks.name(above)) && w.blocks.name(above) != "air" && !isDoor(w.blocks.name(above)) {
		drops = append(drops, w.blockDrops(w.blocks.name(above), "")...)
		w.setBlock(above, "air")
	}
	if a == nil {
		return 0
	}
	picked := 0
	merged := map[string]int{}
	var order []string
	for _, d := range drops {
		if d.Count <= 0 {
			continue
		}
		if _, ok := merged[d.Item]; !ok {
			order = append(order, d.Item)
		}
		merged[d.Item] += d.Count
	}
	for _, item := range order {
		if a.inv.Add(item, merged[item]) > 0 {
			picked++
		}
	}
	return picked
}

func containerContents(c *Container) []mcdata.Ingredient {
	var out []mcdata.Ingredient
	if c.Inv != nil {
		for _, s := range c.Inv.Stacks() {
			out = append(out, mcdata.Ingredient{Item: s.Item, Count: s.Count})
		}
	}
	for _, s := range []Slot{c.Input, c.Fuel, c.Output} {
		if s.Count > 0 {
			out = append(out, mcdata.Ingredient{Item: s.Item, Count: s.Count})
		}
	}
	return out
}
