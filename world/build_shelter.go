package world

import (
	"fmt"

	"collabcraft/procgen"
)

// Shelter worlds (S-Agents' shelter; procgen's shelter kind): flat
// grassland around the task's plot, a few trees at a distance, the agents
// south of the plot (the door side). The validator reads the structure
// cell by cell: the foundation (size² stone on the plot's level), the
// walls (the foundation's edge ring, height high, wood, less the 1x2 door
// gap in the middle of the south wall, which is not judged) and the
// ceiling (size² stone on top of the walls). The score is the share of
// those cells in place, as the task's goal describes them.

// ShelterPart is one part of a shelter: its cells in place and in all.
type ShelterPart struct {
	Done, Total int
}

// ShelterReport is the validator's reading of a shelter world.
type ShelterReport struct {
	Foundation, Walls, Ceiling ShelterPart
}

// Done is the cells in place over all parts; Total all the cells.
func (r ShelterReport) Done() int  { return r.Foundation.Done + r.Walls.Done + r.Ceiling.Done }
func (r ShelterReport) Total() int { return r.Foundation.Total + r.Walls.Total + r.Ceiling.Total }

// ShelterCell is one cell the validator judges, with the part it belongs
// to ("foundation", "walls", "ceiling"), whether stone or wood belongs
// there and whether it is in place now.
type ShelterCell struct {
	P     Pos
	Part  string
	Stone bool // stone belongs here; wood otherwise
	Done  bool
}

func (w *World) buildShelter(task procgen.Task) ([]Pos, error) {
	s := task.Shelter
	if s == nil {
		return nil, fmt.Errorf("world: task %s: shelter task without a shelter field", task.ID)
	}
	w.biome = "plains"
	x0, y0, z0 := s.Site[0], s.Site[1], s.Site[2]
	const margin = 24
	top := y0 - 1
	w.fillLayers(x0-margin, z0-margin, x0+s.Size+margin, z0+s.Size+margin, top, "bedrock", "dirt", "dirt", "dirt", "grass_block")
	l := newLot(x0-margin+2, z0-margin+2, x0+s.Size+margin-2, z0+s.Size+margin-2, y0)
	// The plot and a ring round it stay clear, and so does the way south.
	l.reserve(x0-4, z0-4, x0+s.Size+4, z0+s.Size+10)
	species := []string{"oak", "birch", "spruce"}
	for i := range 8 {
		if p, ok := w.randomFree(l, l.x0, l.z0, l.x1, l.z1, 0); ok {
			w.tree(p, species[i%len(species)], 4+w.rng.IntN(3))
			l.reserve(p.X-2, p.Z-2, p.X+3, p.Z+3)
		}
	}
	// Builders wall themselves in; the pathfinder digs them out through
	// what was built, never into the ground.
	ground := top
	w.digAbove, w.holeDrops = &ground, true
	spawn := Pos{x0 + s.Size/2 - 1, y0, z0 + s.Size + 4}
	return spawnRing(spawn, task.AgentCount), nil
}

// ShelterCells lists the cells a shelter task's validator judges, in
// building order (foundation, walls bottom up, ceiling), each as the
// world holds it now; nil in other worlds.
func (w *World) ShelterCells() []ShelterCell {
	s := w.task.Shelter
	if s == nil {
		return nil
	}
	x0, y0, z0, n := s.Site[0], s.Site[1], s.Site[2], s.Size
	var out []ShelterCell
	add := func(p Pos, part string, stone bool) {
		b := w.blocks.name(p)
		ok := procgen.ShelterWood(b)
		if stone {
			ok = procgen.ShelterStone(b)
		}
		out = append(out, ShelterCell{P: p, Part: part, Stone: stone, Done: ok})
	}
	for dx := range n {
		for dz := range n {
			add(Pos{x0 + dx, y0, z0 + dz}, "foundation", true)
		}
	}
	door := x0 + n/2
	for dy := 1; dy <= s.Height; dy++ {
		for dx := range n {
			for dz := range n {
				edge := dx == 0 || dz == 0 || dx == n-1 || dz == n-1
				if !edge || dz == n-1 && x0+dx == door && dy <= 2 {
					continue
				}
				add(Pos{x0 + dx, y0 + dy, z0 + dz}, "walls", false)
			}
		}
	}
	for dx := range n {
		for dz := range n {
			add(Pos{x0 + dx, y0 + s.Height + 1, z0 + dz}, "ceiling", true)
		}
	}
	return out
}

// ShelterCheck is the validator's reading of the shelter as it stands;
// ok is false in other worlds.
func (w *World) ShelterCheck() (r ShelterReport, ok bool) {
	cells := w.ShelterCells()
	if cells == nil {
		return r, false
	}
	for _, c := range cells {
		part := &r.Foundation
		switch c.Part {
		case "walls":
			part = &r.Walls
		case "ceiling":
			part = &r.Ceiling
		}
		part.Total++
		if c.Done {
			part.Done++
		}
	}
	return r, true
}

// shelterScore is the share of the shelter's cells in place.
func (w *World) shelterScore() float64 {
	r, ok := w.ShelterCheck()
	if !ok || r.Total() == 0 {
		return 0
	}
	return float64(r.Done()) / float64(r.Total())
}
