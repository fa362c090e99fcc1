package world

import (
	"fmt"
	"math"

	"collabcraft/procgen"
)

// Collective collection worlds (S-Agents' collection tasks; procgen's
// collection kind): grassland over deep dirt, trees, stone outcrops with
// coal on the surface and quarry pits whose stone walls hold iron ore
// three or more blocks underground. The agents start with nothing, so
// every task climbs the tool tiers: logs by hand, stone with a wooden
// pickaxe, iron with a stone one (mcdata's harvest tools). The task's
// material starts its distance from the spawn: no source of it is
// nearer, so a far one must be explored for.
//
// The ground under the grass is dirt, not stone: every stone and ore
// block the world holds is within reach of a cell an agent can stand on
// (the world's collecting walks up to 4 blocks from a block and does not
// dig for it), so a search for stone never ends at a buried block nobody
// can reach.
const (
	collectionGround = 63 // the grass layer; feet at 64
	collectionDirt   = 9  // dirt layers under the grass
	pitRadius        = 6  // a pit's rings; its floor is pitRadius deep
	pitIronMax       = 48 // iron ore a pit holds at most
	collectionSpread = 36 // sources lie between distance and distance+spread
	outcropStones    = 10 // blocks in one outcrop
)

// treeLogs is a tree's logs on average (heights 4 to 6).
const treeLogs = 5

func (w *World) buildCollection(task procgen.Task) ([]Pos, error) {
	s := task.Collection
	if s == nil {
		return nil, fmt.Errorf("world: task %s: collection task without a collection field", task.ID)
	}
	w.biome = "plains"
	ox, oz := w.origin()
	half := s.Distance + collectionSpread + 12
	x0, z0, x1, z1 := ox-half, oz-half, ox+half, oz+half
	layers := []string{"bedrock"}
	for range collectionDirt {
		layers = append(layers, "dirt")
	}
	w.fillLayers(x0, z0, x1, z1, collectionGround, append(layers, "grass_block")...)
	// The pathfinder digs as mineflayer's does (Voyager's bot keeps
	// Movements' canDig): through anything it can break above the
	// bedrock, so no agent stays in a hole it mined.
	floor := collectionGround - collectionDirt - 1
	w.digAbove, w.digAny = &floor, true
	feet := collectionGround + 1
	l := newLot(x0+2, z0+2, x1-2, z1-2, feet)
	center := Pos{ox, feet, oz}
	l.reserve(ox-4, oz-4, ox+5, oz+5)

	// The material's own sources, then what every world has (tools need
	// logs and stone; iron is always underground somewhere).
	near := func(m string) int { // the nearest a source of m may be
		if m == s.Material {
			return s.Distance
		}
		return 6
	}
	far := func(m string) int { return near(m) + collectionSpread }
	trees, outcrops, iron := 24, 6, 8
	switch s.Material {
	case procgen.MaterialLogs:
		trees += (s.Quantity*13/10 + treeLogs - 1) / treeLogs
	case procgen.MaterialStones:
		outcrops += (s.Quantity*13/10 + outcropStones - 1) / outcropStones
	case procgen.MaterialIron:
		iron = s.Quantity*5/4 + 6
	}
	for left := iron; left > 0; left -= pitIronMax {
		// A pit's ore lies up to 7 blocks from its centre (pitRadius-1
		// rings, diagonally), its stone rim 10; the background pit of
		// other materials is a walk away, not at the spawn.
		lo := 16
		switch s.Material {
		case procgen.MaterialIron:
			lo = s.Distance + 7
		case procgen.MaterialStones:
			lo = max(lo, s.Distance+10)
		}
		p, ok := w.ringFree(l, center, lo, lo+collectionSpread, pitRadius+2)
		if !ok {
			return nil, fmt.Errorf("world: task %s: no room for a pit %d-%d blocks from the spawn", task.ID, lo, lo+collectionSpread)
		}
		w.pit(p, min(left, pitIronMax))
		l.reserve(p.X-pitRadius-2, p.Z-pitRadius-2, p.X+pitRadius+3, p.Z+pitRadius+3)
	}
	for range outcrops {
		p, ok := w.ringFree(l, center, near(procgen.MaterialStones), far(procgen.MaterialStones), 2)
		if !ok {
			return nil, fmt.Errorf("world: task %s: no room for a stone outcrop", task.ID)
		}
		var coal []string
		for range w.rng.IntN(3) {
			coal = append(coal, "coal_ore")
		}
		w.outcrop(p, "stone", coal)
		l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
	}
	species := []string{"oak", "oak", "birch", "spruce"}
	for i := range trees {
		p, ok := w.ringFree(l, center, near(procgen.MaterialLogs), far(procgen.MaterialLogs), 0)
		if !ok {
			return nil, fmt.Errorf("world: task %s: no room for tree %d of %d", task.ID, i+1, trees)
		}
		w.tree(p, species[i%len(species)], 4+w.rng.IntN(3))
		l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
	}
	for _, b := range []string{"short_grass", "short_grass", "dandelion", "poppy"} {
		for range 6 {
			if p, ok := w.ringFree(l, center, 3, half-4, 0); ok {
				w.blocks.set(p, b)
				l.reserveCell(p)
			}
		}
	}
	for _, kind := range []string{"cow", "sheep", "pig", "chicken"} {
		for range 2 {
			if p, ok := w.ringFree(l, center, 6, half-4, 0); ok {
				w.addMob(kind, p.Center())
			}
		}
	}
	return spawnRing(center, task.AgentCount), nil
}

// ringFree is randomFree over the cells lo to hi blocks from c.
func (w *World) ringFree(l *lot, c Pos, lo, hi, r int) (Pos, bool) {
	for try := 0; try < 400; try++ {
		a := w.rng.Float64() * 2 * math.Pi
		d := float64(lo) + w.rng.Float64()*float64(hi-lo)
		p := Pos{c.X + int(math.Round(d*math.Cos(a))), l.y, c.Z + int(math.Round(d*math.Sin(a)))}
		if w.free(p, l) && l.clear(p.X-r, p.Z-r, p.X+r+1, p.Z+r+1) {
			return p, true
		}
	}
	return Pos{}, false
}

// pit digs a quarry at p (a feet cell on the ground): rings stepping one
// block down to a floor pitRadius deep, walled with three layers of
// stone, iron ore set into the walls three or more blocks below the
// grass and coal ore higher up. Every cell of its walls is within 4
// blocks of a step an agent stands on.
func (w *World) pit(p Pos, iron int) {
	top := p.Y - 1
	var deep, shallow []Pos
	for dx := -pitRadius - 1; dx <= pitRadius+1; dx++ {
		for dz := -pitRadius - 1; dz <= pitRadius+1; dz++ {
			d := max(abs(dx), abs(dz))
			floor := top
			if d <= pitRadius {
				floor = top - (pitRadius - d)
			}
			for y := floor + 1; y <= top; y++ {
				w.blocks.set(Pos{p.X + dx, y, p.Z + dz}, "air")
			}
			for y := floor - 2; y <= floor; y++ {
				q := Pos{p.X + dx, y, p.Z + dz}
				w.blocks.set(q, "stone")
				if y <= top-3 {
					deep = append(deep, q)
				} else {
					shallow = append(shallow, q)
				}
			}
		}
	}
	w.rng.Shuffle(len(deep), func(i, j int) { deep[i], deep[j] = deep[j], deep[i] })
	for _, q := range deep[:min(iron, len(deep))] {
		w.blocks.set(q, "iron_ore")
	}
	w.rng.Shuffle(len(shallow), func(i, j int) { shallow[i], shallow[j] = shallow[j], shallow[i] })
	for _, q := range shallow[:min(6, len(shallow))] {
		w.blocks.set(q, "coal_ore")
	}
}

// collectionScore is the share of the quantity the team holds.
func (w *World) collectionScore() float64 {
	held, want := w.Collected()
	if want <= 0 {
		return 0
	}
	return min(1, float64(held)/float64(want))
}

// Collected is how much of a collection task's material the team holds
// now (procgen.CollectionCounts: any log, cobblestone or stone, raw iron,
// iron ore or ingots), summed over the agents' inventories, and the
// quantity the task asks for; 0, 0 in other worlds.
func (w *World) Collected() (held, want int) {
	s := w.task.Collection
	if s == nil {
		return 0, 0
	}
	for _, a := range w.agents {
		held += w.CollectedBy(a.Name)
	}
	return held, s.Quantity
}

// CollectedBy is how much of the task's material agent holds.
func (w *World) CollectedBy(agent string) int {
	a := w.byName[agent]
	s := w.task.Collection
	if a == nil || s == nil {
		return 0
	}
	n := 0
	for _, st := range a.inv.Stacks() {
		if procgen.CollectionCounts(s.Material, st.Item) {
			n += st.Count
		}
	}
	return n
}
