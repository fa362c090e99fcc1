package world

import (
	"maps"
	"slices"

	"collabcraft/procgen"
)

// Cooking world layout (section 11.4): a 50x50 farm on superflat ground,
// feet at y = -60.
const (
	farmHalf   = 25
	farmGround = -61 // grass top
)

// cookingAnimals are placed 8 each.
var cookingAnimals = []string{"chicken", "cow", "pig", "rabbit", "sheep", "mooshroom"}

// buildCooking lays out the farm: crop plots, pumpkins, sugar cane by
// water, mushrooms, 8 of each animal, and a small house with a crafting
// table, a fuelled furnace and smoker and a chest with the task's chest
// items. It returns the spawn cells.
func (w *World) buildCooking(task procgen.Task) ([]Pos, error) {
	w.biome = "plains"
	ox, oz := w.origin()
	x0, z0, x1, z1 := ox-farmHalf, oz-farmHalf, ox+farmHalf, oz+farmHalf
	w.fillLayers(x0, z0, x1, z1, farmGround, "bedrock", "dirt", "dirt", "grass_block")
	feet := farmGround + 1
	l := newLot(x0, z0, x1, z1, feet)
	center := Pos{ox, feet, oz}
	l.reserve(ox-3, oz-3, ox+4, oz+4)

	// The house sits in one of the four corners.
	corner := w.rng.IntN(4)
	hx, hz := x0+2, z0+2
	if corner&1 == 1 {
		hx = x1 - 9
	}
	if corner&2 == 2 {
		hz = z1 - 9
	}
	w.house(hx, feet, hz, task.ChestItems)
	l.reserve(hx-1, hz-1, hx+8, hz+8)

	// Four crop plots in the other corners and edges, in a seeded order.
	crops := []string{"wheat", "beetroots", "carrots", "potatoes"}
	w.rng.Shuffle(len(crops), func(i, j int) { crops[i], crops[j] = crops[j], crops[i] })
	slots := [][2]int{{ox - 14, oz - 4}, {ox + 8, oz - 4}, {ox - 4, oz - 14}, {ox - 4, oz + 8}}
	for i, crop := range crops {
		px, pz := slots[i][0], slots[i][1]
		w.cropPlot(px, pz, feet, crop)
		l.reserve(px-1, pz-1, px+7, pz+7)
	}
	// Pumpkins and sugar cane on the remaining sides.
	for _, c := range [][2]int{{ox + 10, oz + 10}, {ox + 12, oz + 10}, {ox + 10, oz + 12}, {ox + 12, oz + 12}, {ox + 14, oz + 11}, {ox + 11, oz + 14}} {
		p := Pos{c[0], feet, c[1]}
		if w.free(p, l) {
			w.blocks.set(p, "pumpkin")
			l.reserveCell(p)
		}
	}
	w.sugarCane(ox-16, oz+12, feet, l)
	// Mushrooms scattered, 6 of each colour.
	for _, m := range []string{"brown_mushroom", "red_mushroom"} {
		for range 6 {
			if p, ok := w.randomFree(l, x0+1, z0+1, x1-1, z1-1, 0); ok {
				w.blocks.set(p, m)
				l.reserveCell(p)
			}
		}
	}
	for _, kind := range cookingAnimals {
		for range 8 {
			if p, ok := w.randomFree(l, x0+1, z0+1, x1-1, z1-1, 0); ok {
				w.addMob(kind, p.Center())
			}
		}
	}
	return spawnRing(center, task.AgentCount), nil
}

// house builds a 7x7 oak hut at (x, y, z) (floor corner, feet level) with
// a door facing south, a crafting table, a fuelled furnace and smoker, and
// a chest holding items when the task lists chest items (collabcraft's
// extension; MINDcraft's kitchen has none).
func (w *World) house(x, y, z int, items map[string]int) {
	for dx := 0; dx < 7; dx++ {
		for dz := 0; dz < 7; dz++ {
			w.blocks.set(Pos{x + dx, y - 1, z + dz}, "oak_planks")
			w.blocks.set(Pos{x + dx, y + 3, z + dz}, "oak_planks")
			if dx == 0 || dx == 6 || dz == 0 || dz == 6 {
				for dy := 0; dy < 3; dy++ {
					name := "oak_planks"
					if dy == 1 && (dx == 3 || dz == 3) {
						name = "glass"
					}
					w.blocks.set(Pos{x + dx, y + dy, z + dz}, name)
				}
			}
		}
	}
	w.setBlock(Pos{x + 3, y, z + 6}, "air")
	w.setBlock(Pos{x + 3, y + 1, z + 6}, "air")
	w.setBlock(Pos{x + 3, y, z + 6}, "oak_door")
	w.setBlock(Pos{x + 1, y, z + 1}, "crafting_table")
	w.setBlock(Pos{x + 2, y, z + 1}, "furnace")
	w.setBlock(Pos{x + 4, y, z + 1}, "smoker")
	for _, p := range []Pos{{x + 2, y, z + 1}, {x + 4, y, z + 1}} {
		w.containers[p].Fuel = Slot{"coal", 64}
	}
	if items == nil { // MINDcraft's kitchen has no chest
		return
	}
	w.setBlock(Pos{x + 5, y, z + 1}, "chest")
	chest := w.containers[Pos{x + 5, y, z + 1}]
	for _, item := range slices.Sorted(maps.Keys(items)) {
		chest.Inv.Add(item, items[item])
	}
}

// cropPlot is a 6x6 field of grown crops on farmland around a water
// source, corner at (x, z).
func (w *World) cropPlot(x, z, feet int, crop string) {
	for dx := 0; dx < 6; dx++ {
		for dz := 0; dz < 6; dz++ {
			g := Pos{x + dx, feet - 1, z + dz}
			if dx == 2 && dz == 2 {
				w.blocks.set(g, "water")
				continue
			}
			w.blocks.set(g, "farmland")
			w.blocks.set(g.Add(0, 1, 0), crop)
		}
	}
}

// sugarCane digs a water channel along x with cane growing beside it.
func (w *World) sugarCane(x, z, feet int, l *lot) {
	for dx := 0; dx < 8; dx++ {
		w.blocks.set(Pos{x + dx, feet - 1, z}, "water")
		l.reserve(x+dx, z, x+dx+1, z+1)
		p := Pos{x + dx, feet, z + 1}
		if dx%2 == 0 {
			w.blocks.set(p.Add(0, -1, 0), "sand")
			h := 2 + w.rng.IntN(2)
			for dy := 0; dy < h; dy++ {
				w.blocks.set(p.Add(0, dy, 0), "sugar_cane")
			}
		}
		l.reserveCell(p)
	}
}
