package escape

import "fmt"

// AtomTask lays out one atom alone for a team that starts together, as the
// generator would place it as the only room before the exit: a same-room
// atom as one room for all; a merge atom as one room per agent side by
// side, merging at the exit; a split atom as one room for all, splitting to
// the exit row; a cross atom as two rooms side by side, the first half of
// the team in one, the rest in the other, each one's trigger opening the
// other's door. Copies of "agents" blocks are drawn from a PCG stream
// seeded by seed. It is for testing an atom's rules, and the world's
// mechanisms, one atom at a time.
func AtomTask(id, agents int, seed uint64) (*Task, error) {
	atoms := theAtoms()
	if id < 0 || id >= len(atoms) {
		return nil, fmt.Errorf("escape: no atom %d; atoms are 0 to %d", id, len(atoms)-1)
	}
	return layOutAtom(&atoms[id], agents, seed)
}

func layOutAtom(a *Atom, agents int, seed uint64) (*Task, error) {
	id := a.ID
	if agents < 1 || agents > maxAgents {
		return nil, fmt.Errorf("escape: %d agents; 1 to %d", agents, maxAgents)
	}
	if agents < a.MinAgents {
		return nil, fmt.Errorf("escape: atom %d is laid out for at least %d agents, not %d", id, a.MinAgents, agents)
	}
	if (a.Placement == Merge || a.Placement == Split || a.Placement == Cross) && agents < 2 {
		return nil, fmt.Errorf("escape: atom %d (%s) needs at least 2 agents", id, a.Placement)
	}
	t := &Task{Agents: agents, MaxRooms: 1, Seed: seed, Bias: Bias}
	var rooms []genRoom
	starts := make([]Pos, agents) // each agent's room centre
	front := [3]int{0, 0, -3}
	switch a.Placement {
	case SameRoom:
		c := centerOf(a, front)
		rooms = append(rooms, genRoom{atom: a, center: c, grid: front, repeat: agents, partner: -1})
		t.Complexity = a.Score * float64(agents) * float64(len(a.Conditions)) / a.WaitIntervalS
		for i := range starts {
			starts[i] = c
		}
	case Merge:
		merge := centerOf(a, [3]int{0, 0, 0})
		for i := range agents {
			g := [3]int{i - agents/2, 0, -3}
			rooms = append(rooms, genRoom{atom: a, center: centerOf(a, g), grid: g, repeat: 1, mergePos: &merge, partner: -1})
			t.Complexity += a.Score * float64(agents)
			starts[i] = centerOf(a, g)
		}
	case Split:
		var split []Pos
		for i := range agents {
			split = append(split, centerOf(a, [3]int{i - agents/2, 0, 0}))
		}
		c := centerOf(a, front)
		rooms = append(rooms, genRoom{atom: a, center: c, grid: front, repeat: agents, splitPos: split, partner: -1})
		t.Complexity = a.Score
		for i := range starts {
			starts[i] = c
		}
	case Cross:
		half := agents / 2
		ga, gb := [3]int{-1, 0, -3}, [3]int{0, 0, -3}
		ca, cb := centerOf(a, ga), centerOf(a, gb)
		rooms = append(rooms,
			genRoom{atom: a, center: ca, grid: ga, repeat: half, shift: cb.Sub(ca), partner: 1},
			genRoom{atom: a, center: cb, grid: gb, repeat: agents - half, shift: ca.Sub(cb), partner: 0})
		t.Complexity = a.Score * float64(agents)
		for i := range starts {
			starts[i] = ca
			if i >= half {
				starts[i] = cb
			}
		}
	}
	d := newPCG(seed)
	for _, r := range rooms {
		room, err := r.layOut(d)
		if err != nil {
			return nil, err
		}
		room.EffectRoom = r.partner
		t.Rooms = append(t.Rooms, room)
	}
	for _, c := range starts {
		room := 0
		for i, r := range t.Rooms {
			if r.Center == c {
				room = i
			}
		}
		inv := map[string]int{}
		for k, v := range a.Needs {
			inv[k] = v + 2
		}
		t.Starts = append(t.Starts, Start{Room: room, Pos: c.Add(Pos{0, 0, -3}), Inventory: inv})
	}
	return t, nil
}
