package world

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// Crafting world layout: a forest on flat ground, feet at y = 64.
const (
	forestHalf   = 40
	forestGround = 63
	needHalf     = 22 // what a task needs lies within this of the centre
)

// craftingNeeds lists the base items the team must find in the world,
// with how many: what the crafting plan from the agents' pooled
// inventories is missing, plus the task's missing items.
func craftingNeeds(task procgen.Task) ([]mcdata.Ingredient, error) {
	pooled := map[string]int{}
	for _, inv := range task.InitialInventory {
		for item, n := range inv {
			pooled[item] += n
		}
	}
	need := map[string]int{}
	if task.Target.Item != "" {
		missing, err := planMissing(pooled, task.Target.Item, max(task.NumberOfTarget, 1))
		if err != nil {
			return nil, fmt.Errorf("world: task %s: target: %w", task.ID, err)
		}
		for _, m := range missing {
			need[m.Item] += m.Count
		}
	}
	for _, m := range task.MissingItems {
		need[m] = max(need[m], 1)
	}
	out := make([]mcdata.Ingredient, 0, len(need))
	for _, item := range slices.Sorted(maps.Keys(need)) {
		out = append(out, mcdata.Ingredient{Item: item, Count: need[item]})
	}
	return out, nil
}

// missingCache holds planner results by inventory and target: every trial
// of a task plans the same thing, and planning is a good part of a build.
var missingCache sync.Map // key string -> []mcdata.Ingredient

// planMissing is mcdata.NewPlan(inv, target, n).Missing, cached.
func planMissing(inv map[string]int, target string, n int) ([]mcdata.Ingredient, error) {
	var b strings.Builder
	b.WriteString(target + "*" + strconv.Itoa(n))
	for _, item := range slices.Sorted(maps.Keys(inv)) {
		b.WriteString("," + item + "=" + strconv.Itoa(inv[item]))
	}
	key := b.String()
	if v, ok := missingCache.Load(key); ok {
		return v.([]mcdata.Ingredient), nil
	}
	plan, err := mcdata.NewPlan(inv, target, n)
	if err != nil {
		return nil, err
	}
	missingCache.Store(key, plan.Missing)
	return plan.Missing, nil
}

// sourceBlocks is how many blocks of src to lay out for n items: enough
// for n with some to spare, and never fewer than 6 (other agents may use
// some, and a search should not end at the first block).
func sourceBlocks(src procgen.Source, n int) int {
	per := 1
	if d := mcdata.Drops(src.Block, src.Tool); len(d) > 0 && d[0].Count > 1 {
		per = d[0].Count
	}
	return max(6, (n+per-1)/per+3)
}

// craftingLayout is what a crafting world holds, as counts per feature.
type craftingLayout struct {
	trees    map[string]int
	ores     map[string]int
	outcrops int
	mounds   map[string]int // solid natural blocks (cobblestone, obsidian, moss_block ...)
	blocks   map[string]int // single plants and blocks on the ground
	cocoa    int
	crops    map[string]bool
	mobs     map[string]int
	gravel   bool
	needed   map[string]bool // blocks a task needs (placed near the centre)
}

// addNeed makes the layout hold n of a missing item where procgen's
// GatherSource says agents find it (the same source the task's tools
// are chosen for), falling back to trees and animals for the rest.
func (l *craftingLayout) addNeed(item string, n int) {
	if src, ok := procgen.GatherSource(item); ok {
		k := sourceBlocks(src, n)
		b := src.Block
		switch {
		case strings.HasSuffix(b, "_ore"):
			l.ores[b] = max(l.ores[b], k)
		case b == "sugar_cane" || b == "sand" || b == "clay":
			// The pond has 16 cane, 16 sand and 9 clay.
		case b == "gravel":
			l.gravel = true
		case b == "cocoa":
			l.cocoa = max(l.cocoa, k)
		case b == "wheat":
			l.crops[b] = true
		case isSolidName(b) && b != "amethyst_cluster" && b != "pointed_dripstone":
			l.mounds[b] = max(l.mounds[b], k)
		default:
			l.blocks[b] = max(l.blocks[b], k)
			l.needed[b] = true
		}
		return
	}
	f, ok := mcdata.SourceOf(item)
	if !ok {
		return // the team must get it from each other
	}
	switch {
	case f.Tree != "":
		l.trees[f.Tree] = max(l.trees[f.Tree], 6)
	case f.Ore != "":
		l.ores[f.Ore] = max(l.ores[f.Ore], 6)
	case f.Stone:
		l.outcrops = max(l.outcrops, 7)
	case f.Block != "":
		l.blocks[f.Block] = max(l.blocks[f.Block], 6)
		l.needed[f.Block] = true
	case f.Crop != "":
		l.crops[f.Crop] = true
	case f.Mob != "":
		l.mobs[f.Mob] = max(l.mobs[f.Mob], 6, n+3)
	case f.Gravel:
		l.gravel = true
	case f.Sand:
		// Every crafting world has the pond.
	}
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
	l := newLot(x0, z0, x1, z1, feet)
	center := Pos{ox, feet, oz}
	l.reserve(ox-4, oz-4, ox+5, oz+5)
	// What tasks need lies within needHalf of the centre, so that from any
	// of it (and from the spawn) the rest is within a 64-block search.
	n0, m0, n1, m1 := ox-needHalf, oz-needHalf, ox+needHalf+1, oz+needHalf+1

	lay := craftingLayout{
		trees:    map[string]int{"oak": 14, "birch": 8, "spruce": 4},
		ores:     map[string]int{"coal_ore": 6, "iron_ore": 4},
		outcrops: 5,
		mounds:   map[string]int{},
		blocks:   map[string]int{"dandelion": 4, "poppy": 4, "short_grass": 20},
		crops:    map[string]bool{},
		mobs:     map[string]int{"cow": 3, "sheep": 3, "pig": 2, "chicken": 3, "rabbit": 2},
		needed:   map[string]bool{},
	}
	for _, n := range needs {
		lay.addNeed(n.Item, n.Count)
	}

	// Ores go into the outcrops, spread evenly.
	var oreList []string
	for _, o := range slices.Sorted(maps.Keys(lay.ores)) {
		for range lay.ores[o] {
			oreList = append(oreList, o)
		}
	}
	outcrops := max(lay.outcrops, (len(oreList)+7)/8)
	for i := range outcrops {
		p, ok := w.randomFree(l, n0, m0, n1, m1, 2)
		if !ok {
			break
		}
		var mine []string
		for j := i; j < len(oreList); j += outcrops {
			mine = append(mine, oreList[j])
		}
		w.outcrop(p, "stone", mine)
		l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
	}
	// Mounds of 10 blocks each for solid natural blocks.
	for _, b := range slices.Sorted(maps.Keys(lay.mounds)) {
		for left := lay.mounds[b]; left > 0; left -= 10 {
			p, ok := w.randomFree(l, n0, m0, n1, m1, 2)
			if !ok {
				break
			}
			w.outcrop(p, b, nil)
			l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
		}
	}
	if p, ok := w.randomFree(l, n0, m0, n1, m1, 4); ok {
		w.pond(p, lay.gravel)
		l.reserve(p.X-4, p.Z-4, p.X+5, p.Z+5)
	}
	for _, crop := range slices.Sorted(maps.Keys(lay.crops)) {
		// The plot's corner is p; it spans p..p+5.
		if p, ok := w.randomFree(l, n0, m0, n1-5, m1-5, 1); ok && l.clear(p.X-1, p.Z-1, p.X+7, p.Z+7) {
			w.cropPlot(p.X, p.Z, feet, crop)
			l.reserve(p.X-1, p.Z-1, p.X+7, p.Z+7)
		}
	}
	if lay.cocoa > 0 {
		lay.trees["jungle"] = max(lay.trees["jungle"], (lay.cocoa+3)/4)
	}
	cocoa := lay.cocoa
	for _, species := range slices.Sorted(maps.Keys(lay.trees)) {
		for range lay.trees[species] {
			bx0, bz0, bx1, bz1 := x0+3, z0+3, x1-3, z1-3
			if species == "jungle" && cocoa > 0 {
				bx0, bz0, bx1, bz1 = n0, m0, n1, m1
			}
			p, ok := w.randomFree(l, bx0, bz0, bx1, bz1, 0)
			if !ok {
				break
			}
			h := 4 + w.rng.IntN(3)
			if species == "jungle" {
				h += 3 // tall enough that the canopy clears a player's head
			}
			w.tree(p, species, h)
			if species == "jungle" {
				// Cocoa pods grow on the trunk's sides, at head height.
				for i := 0; i < 4 && cocoa > 0; i, cocoa = i+1, cocoa-1 {
					d := dirs4[i]
					w.blocks.set(p.Add(d[0], 1, d[1]), "cocoa")
				}
			}
			l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
		}
	}
	for _, b := range slices.Sorted(maps.Keys(lay.blocks)) {
		bx0, bz0, bx1, bz1 := x0+1, z0+1, x1-1, z1-1
		if lay.needed[b] {
			bx0, bz0, bx1, bz1 = n0, m0, n1, m1
		}
		for range lay.blocks[b] {
			if p, ok := w.randomFree(l, bx0, bz0, bx1, bz1, 0); ok {
				w.blocks.set(p, b)
				l.reserveCell(p)
			}
		}
	}
	for _, kind := range slices.Sorted(maps.Keys(lay.mobs)) {
		for range lay.mobs[kind] {
			if p, ok := w.randomFree(l, n0, m0, n1, m1, 0); ok {
				w.addMob(kind, p.Center())
			}
		}
	}
	return spawnRing(center, task.AgentCount), nil
}

// outcrop raises a small mound of block at p with ores exposed on its
// faces.
func (w *World) outcrop(p Pos, block string, ores []string) {
	var cells []Pos
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			cells = append(cells, p.Add(dx, 0, dz))
		}
	}
	cells = append(cells, p.Add(0, 1, 0))
	for _, c := range cells {
		w.blocks.set(c, block)
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
