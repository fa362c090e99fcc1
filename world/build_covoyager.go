package world

import (
	"fmt"

	"collabcraft/procgen"
)

// Co-Voyager's arena (seed 004, Att. A; procgen's covoyager kind): a flat
// rectangle, 17x21 blocks in the paper, with ore blocks standing on the
// ground in its west part (cobblestone, iron ore, diamond ore, and the
// redstone and coal the compass and the furnace need), an empty chest in
// the middle and trees in its east part. Every subtask of the team ends
// in that chest, so the task is done when the chest holds the target:
// the score is the share of the count it holds.

// HandoverChest is the arena's chest, where Co-Voyager's subtasks end;
// ok is false in other worlds.
func (w *World) HandoverChest() (p Pos, ok bool) {
	if w.task.CoVoyager == nil {
		return Pos{}, false
	}
	return w.coVoyagerChest(), true
}

// ChestCounts is what the chest at p holds, item by item (nil when there
// is no chest there).
func (w *World) ChestCounts(p Pos) map[string]int {
	c := w.containers[p]
	if c == nil || c.Inv == nil {
		return nil
	}
	_, counts := c.Inv.Counts()
	return counts
}

// coVoyagerChest is the chest's cell: the middle of the arena, on the
// ground.
func (w *World) coVoyagerChest() Pos {
	x0, z0 := w.coVoyagerCorner()
	s := w.task.CoVoyager
	return Pos{x0 + s.Arena[0]/2, coVoyagerGround + 1, z0 + s.Arena[1]/2}
}

// coVoyagerCorner is the arena's north-west corner, from the task's seed
// (as MINDcraft's random teleports: x and z multiples of 16).
func (w *World) coVoyagerCorner() (int, int) {
	s := w.task.Seed
	return (int(s%250) - 125) * 16, (int(s/250%250) - 125) * 16
}

const coVoyagerGround = 63 // the grass; feet at 64

func (w *World) buildCoVoyager(task procgen.Task) ([]Pos, error) {
	s := task.CoVoyager
	if s == nil {
		return nil, fmt.Errorf("world: task %s: co_voyager task without a covoyager field", task.ID)
	}
	w.biome = "plains"
	x0, z0 := w.coVoyagerCorner()
	sx, sz := s.Arena[0], s.Arena[1]
	const margin = 6
	w.fillLayers(x0-margin, z0-margin, x0+sx+margin, z0+sz+margin, coVoyagerGround, "bedrock", "dirt", "dirt", "dirt", "grass_block")
	feet := coVoyagerGround + 1
	l := newLot(x0, z0, x0+sx, z0+sz, feet)
	chest := w.coVoyagerChest()
	w.setBlock(chest, "chest")
	// The chest's row stays clear: the crafting table and the furnace go
	// one block left and right of it, and the agents stand south of it.
	l.reserve(chest.X-3, chest.Z-1, chest.X+4, chest.Z+4)

	// The ores, west: piles two blocks high, one kind a run of rows with
	// a path between kinds, west of where the agents stand.
	n := s.Count
	ores := []struct {
		block string
		count int
	}{
		{"cobblestone", 14 + 4*n},
		{"iron_ore", 6 + 5*n},
		{"coal_ore", 6 + 2*n},
		{"redstone_ore", 2 + n},
		{"diamond_ore", 2 + 3*n},
	}
	width := max(2, chest.X-4-x0)
	row := z0 + 1
	for _, o := range ores {
		for k := range o.count {
			cell := k / 2
			p := Pos{x0 + 1 + cell%width, feet + k%2, row + cell/width}
			if p.Z >= z0+sz {
				return nil, fmt.Errorf("world: task %s: the %dx%d arena has no room for %d %s", task.ID, sx, sz, o.count, o.block)
			}
			w.blocks.set(p, o.block)
			l.reserveCell(p)
		}
		row += (o.count+2*width-1)/(2*width) + 1
	}
	// The trees, east of the chest: a grove on a grid (trunks 2 apart
	// across, 3 along), the cells drawn from it.
	var cells []Pos
	for x := x0 + sx - 2; x >= chest.X+4; x -= 2 {
		for z := z0 + 1; z < z0+sz-1; z += 3 {
			if p := (Pos{x, feet, z}); w.free(p, l) {
				cells = append(cells, p)
			}
		}
	}
	if len(cells) < s.Trees {
		return nil, fmt.Errorf("world: task %s: the %dx%d arena has room for %d trees, not %d", task.ID, sx, sz, len(cells), s.Trees)
	}
	w.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	species := []string{"oak", "birch", "spruce", "oak"}
	for i, p := range cells[:s.Trees] {
		w.tree(p, species[i%len(species)], 4+w.rng.IntN(2))
		l.reserve(p.X, p.Z-1, p.X+1, p.Z+2)
	}
	// The mobs: the cooking family's prey, a few to spare, and others
	// round about.
	prey := procgen.CoVoyagerMobs[s.Target]
	mobs := []string{"cow", "sheep", "chicken"}
	if prey != "" {
		for range n + 2 {
			mobs = append(mobs, prey)
		}
	}
	for _, m := range mobs {
		if p, ok := w.randomFree(l, x0+1, z0+1, x0+sx-1, z0+sz-1, 0); ok {
			w.addMob(m, p.Center())
		}
	}
	return spawnRing(chest.Add(-1, 0, 2), task.AgentCount), nil
}

// coVoyagerScore is the share of the target's count the chest holds.
func (w *World) coVoyagerScore() float64 {
	s := w.task.CoVoyager
	if s == nil || s.Count <= 0 {
		return 0
	}
	return min(1, float64(w.ChestCounts(w.coVoyagerChest())[s.Target])/float64(s.Count))
}
