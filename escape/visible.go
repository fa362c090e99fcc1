package escape

// openSight is how far agents outside every room see each other: the
// radius VillagerAgent's scan clamps to at least (minecraft_server.py:322).
const openSight = 16

// RoomAt is the index of the room whose walls enclose p: within
// width+wall of its centre along x and z (the side walls are two thick, so
// rooms side by side meet without sharing a cell), from the floor below to
// the roof. -1 is outside every room (the exit area, or a slot the
// generator left empty).
func (t *Task) RoomAt(p Pos) int {
	for i, r := range t.Rooms {
		s := r.atom.Room
		reach := s.Width + s.Wall
		if abs(p.X-r.Center.X) <= reach && abs(p.Z-r.Center.Z) <= reach &&
			p.Y >= r.Center.Y-1 && p.Y <= r.Center.Y+s.Height+1 {
			return i
		}
	}
	return -1
}

// Visible reports whether an agent standing at a sees what is at b: both
// in the same room, or both outside every room and at most 16 blocks
// apart, or one on a room's glass roof and the other in that room. Rooms
// hide agents, blocks and effects from each other: what
// happens in another room an agent learns only from a teammate's message.
// (In Minecraft the iron bars of a shut door would give a glimpse into the
// next room; the rules do not model it.)
func (t *Task) Visible(a, b Pos) bool {
	ra, rb := t.RoomAt(a), t.RoomAt(b)
	if ra < 0 && rb >= 0 && t.onRoof(a, rb) || rb < 0 && ra >= 0 && t.onRoof(b, ra) {
		return true // the roof is glass: one on it sees into the room
	}
	if ra != rb {
		return false
	}
	if ra >= 0 {
		return true
	}
	dx, dy, dz := a.X-b.X, a.Y-b.Y, a.Z-b.Z
	return dx*dx+dy*dy+dz*dz <= openSight*openSight
}

// onRoof reports whether p is above room i, within its walls (atom 8
// lifts an agent onto the glass roof to press a button from above).
func (t *Task) onRoof(p Pos, i int) bool {
	r := &t.Rooms[i]
	s := r.atom.Room
	reach := s.Width + s.Wall
	return abs(p.X-r.Center.X) <= reach && abs(p.Z-r.Center.Z) <= reach &&
		p.Y > r.Center.Y+s.Height+1 && p.Y <= r.Center.Y+s.Height+4
}

// Sees reports whether the agent sees what is at p.
func (e *Engine) Sees(agent string, p Pos) bool {
	i, ok := e.byName[agent]
	return ok && e.task.Visible(e.agents[i].at, p)
}

// SeenBy lists the other agents the agent sees, in team order.
func (e *Engine) SeenBy(agent string) []string {
	i, ok := e.byName[agent]
	if !ok {
		return nil
	}
	var out []string
	for j, a := range e.agents {
		if j != i && e.task.Visible(e.agents[i].at, a.at) {
			out = append(out, a.name)
		}
	}
	return out
}
