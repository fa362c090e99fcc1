package world

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// Crafting world layout: a forest on flat ground, feet at y = 64.
const (
	forestHalf   = 40
	forestGround = 63
)

// feature is a source of items a crafting world can hold.
type feature struct {
	tree   string // tree species
	ore    string // ore block in a stone outcrop
	stone  bool   // a stone outcrop
	block  string // a plain block on the ground (pumpkin, melon, flowers)
	crop   string // a crop plot
	mob    string // animals
	sand   bool   // sand by a pond (also clay, sugar cane)
	gravel bool
}

// sourceOf maps a base item to where it comes from in the world.
func sourceOf(item string) (feature, bool) {
	for _, wood := range []string{"oak", "birch", "spruce", "jungle", "acacia", "dark_oak", "mangrove", "cherry"} {
		if strings.HasPrefix(item, wood+"_") && (strings.HasSuffix(item, "_log") || strings.HasSuffix(item, "_planks") || strings.HasSuffix(item, "_wood") || strings.HasSuffix(item, "_sapling")) {
			return feature{tree: wood}, true
		}
	}
	switch item {
	case "stick", "apple":
		return feature{tree: "oak"}, true
	case "cobblestone", "stone", "cobbled_deepslate", "flint_and_steel":
		return feature{stone: true}, true
	case "coal", "charcoal":
		return feature{ore: "coal_ore"}, true
	case "raw_iron", "iron_ingot", "iron_nugget":
		return feature{ore: "iron_ore"}, true
	case "raw_gold", "gold_ingot", "gold_nugget":
		return feature{ore: "gold_ore"}, true
	case "raw_copper", "copper_ingot":
		return feature{ore: "copper_ore"}, true
	case "diamond":
		return feature{ore: "diamond_ore"}, true
	case "redstone":
		return feature{ore: "redstone_ore"}, true
	case "lapis_lazuli":
		return feature{ore: "lapis_ore"}, true
	case "emerald":
		return feature{ore: "emerald_ore"}, true
	case "sand", "clay_ball", "sugar_cane", "glass":
		return feature{sand: true}, true
	case "gravel", "flint":
		return feature{gravel: true}, true
	case "pumpkin", "melon_slice", "dandelion", "poppy", "brown_mushroom", "red_mushroom", "cornflower", "oxeye_daisy", "azure_bluet", "allium", "blue_orchid", "lily_of_the_valley":
		block := item
		if item == "melon_slice" {
			block = "melon"
		}
		return feature{block: block}, true
	case "wheat", "wheat_seeds":
		return feature{crop: "wheat"}, true
	case "carrot":
		return feature{crop: "carrots"}, true
	case "potato":
		return feature{crop: "potatoes"}, true
	case "beetroot", "beetroot_seeds":
		return feature{crop: "beetroots"}, true
	case "leather", "beef":
		return feature{mob: "cow"}, true
	case "rabbit_hide", "rabbit":
		return feature{mob: "rabbit"}, true
	case "feather", "chicken":
		return feature{mob: "chicken"}, true
	case "white_wool", "mutton":
		return feature{mob: "sheep"}, true
	case "porkchop":
		return feature{mob: "pig"}, true
	case "string", "spider_eye":
		return feature{mob: "spider"}, true
	case "bone", "bone_meal", "arrow":
		return feature{mob: "skeleton"}, true
	}
	return feature{}, false
}

// craftingNeeds lists the base items the team must find in the world: what
// the crafting plan from the agents' pooled inventories is missing, plus
// the task's missing items.
func craftingNeeds(task procgen.Task) ([]string, error) {
	pooled := map[string]int{}
	for _, inv := range task.InitialInventory {
		for item, n := range inv {
			pooled[item] += n
		}
	}
	var needs []string
	if task.Target.Item != "" {
		plan, err := mcdata.NewPlan(pooled, task.Target.Item, max(task.NumberOfTarget, 1))
		if err != nil {
			return nil, fmt.Errorf("world: task %s: target: %w", task.ID, err)
		}
		for _, m := range plan.Missing {
			needs = append(needs, m.Item)
		}
	}
	needs = append(needs, task.MissingItems...)
	slices.Sort(needs)
	return slices.Compact(needs), nil
}

// buildCrafting makes a forest with trees, stone outcrops with exposed
// ores, a pond with sand and sugar cane, a few animals, and whatever the
// task's missing items need, within 40 blocks of the spawn.
func (w *World) buildCrafting(task procgen.Task) ([]Pos, error) {
	needs, err := craftingNeeds(task)
	if err != nil {
		return nil, err
	}
	w.biome = "forest"
	ox, oz := w.origin()
	x0, z0, x1, z1 := ox-forestHalf, oz-forestHalf, ox+forestHalf, oz+forestHalf
	w.fillLayers(x0, z0, x1, z1, forestGround, "bedrock", "stone", "stone", "dirt", "grass_block")
	feet := forestGround + 1
	reserved := map[Pos]bool{}
	center := Pos{ox, feet, oz}
	reserve(reserved, ox-4, oz-4, ox+5, oz+5, feet)

	trees := map[string]int{"oak": 14, "birch": 8, "spruce": 4}
	ores := map[string]int{"coal_ore": 6, "iron_ore": 4}
	outcrops := 5
	blocks := map[string]int{"dandelion": 4, "poppy": 4, "grass": 20}
	crops := map[string]bool{}
	mobs := map[string]int{"cow": 3, "sheep": 3, "pig": 2, "chicken": 3, "rabbit": 2}
	sand, gravel := true, false
	for _, item := range needs {
		f, ok := sourceOf(item)
		if !ok {
			continue // the team must get it from each other
		}
		switch {
		case f.tree != "":
			trees[f.tree] = max(trees[f.tree], 6)
		case f.ore != "":
			ores[f.ore] = max(ores[f.ore], 6)
		case f.stone:
			outcrops = max(outcrops, 7)
		case f.block != "":
			blocks[f.block] = max(blocks[f.block], 6)
		case f.crop != "":
			crops[f.crop] = true
		case f.mob != "":
			mobs[f.mob] = max(mobs[f.mob], 6)
		case f.sand:
			sand = true
		case f.gravel:
			gravel = true
		}
	}

	// Ores go into the outcrops, spread evenly.
	var oreList []string
	for _, o := range slices.Sorted(maps.Keys(ores)) {
		for range ores[o] {
			oreList = append(oreList, o)
		}
	}
	outcrops = max(outcrops, (len(oreList)+3)/4)
	for i := range outcrops {
		p, ok := w.randomFree(x0+4, z0+4, x1-4, z1-4, feet, reserved)
		if !ok {
			break
		}
		var mine []string
		for j := i; j < len(oreList); j += outcrops {
			mine = append(mine, oreList[j])
		}
		w.outcrop(p, mine)
		reserve(reserved, p.X-2, p.Z-2, p.X+3, p.Z+3, feet)
	}
	if sand || gravel {
		p, ok := w.randomFree(x0+6, z0+6, x1-6, z1-6, feet, reserved)
		if ok {
			w.pond(p, gravel)
			reserve(reserved, p.X-4, p.Z-4, p.X+5, p.Z+5, feet)
		}
	}
	for _, crop := range slices.Sorted(maps.Keys(crops)) {
		if p, ok := w.randomFree(x0+4, z0+4, x1-10, z1-10, feet, reserved); ok {
			w.cropPlot(p.X, p.Z, feet, crop)
			reserve(reserved, p.X-1, p.Z-1, p.X+7, p.Z+7, feet)
		}
	}
	for _, species := range slices.Sorted(maps.Keys(trees)) {
		for range trees[species] {
			p, ok := w.randomFree(x0+3, z0+3, x1-3, z1-3, feet, reserved)
			if !ok {
				break
			}
			w.tree(p, species, 4+w.rng.IntN(3))
			reserve(reserved, p.X-2, p.Z-2, p.X+3, p.Z+3, feet)
		}
	}
	for _, b := range slices.Sorted(maps.Keys(blocks)) {
		for range blocks[b] {
			if p, ok := w.randomFree(x0+1, z0+1, x1-1, z1-1, feet, reserved); ok {
				w.blocks.set(p, b)
				reserved[p] = true
			}
		}
	}
	for _, kind := range slices.Sorted(maps.Keys(mobs)) {
		for range mobs[kind] {
			if p, ok := w.randomFree(x0+1, z0+1, x1-1, z1-1, feet, reserved); ok {
				w.addMob(kind, p.Center())
			}
		}
	}
	return spawnRing(center, task.AgentCount), nil
}

// outcrop raises a small stone mound at p with ores exposed on its faces.
func (w *World) outcrop(p Pos, ores []string) {
	var cells []Pos
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			cells = append(cells, p.Add(dx, 0, dz))
		}
	}
	cells = append(cells, p.Add(0, 1, 0))
	for _, c := range cells {
		w.blocks.set(c, "stone")
	}
	// Ores replace outer cells, in a seeded order.
	w.rng.Shuffle(len(cells)-1, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for i, o := range ores {
		if i < len(cells)-1 {
			w.blocks.set(cells[i], o)
		}
	}
}

// pond is a small water hole with sand, clay and sugar cane (and gravel).
func (w *World) pond(p Pos, gravel bool) {
	g := p.Y - 1
	for dx := -3; dx <= 3; dx++ {
		for dz := -3; dz <= 3; dz++ {
			q := Pos{p.X + dx, g, p.Z + dz}
			switch d := max(abs(dx), abs(dz)); {
			case d <= 1:
				w.blocks.set(q, "water")
				w.blocks.set(q.Add(0, -1, 0), "clay")
			case d == 2:
				w.blocks.set(q, "sand")
				if (dx+dz)%2 == 0 {
					for dy := 1; dy <= 2; dy++ {
						w.blocks.set(q.Add(0, dy, 0), "sugar_cane")
					}
				}
			case gravel:
				w.blocks.set(q, "gravel")
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
