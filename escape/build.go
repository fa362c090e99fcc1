package escape

import "maps"

// Op is one step of building a task's world, in order: a fill of a box
// (From == To for one block), or an entity summoned at From. Later steps
// overwrite earlier ones, as VillagerAgent's /fill and /setblock commands do.
type Op struct {
	From, To Pos
	// Block fills the box. A door is its lower half; the world places the
	// upper half above it (VillagerAgent sets it with half=upper).
	Block Block `json:"block,omitzero"`
	// Entity is summoned at From instead (no block is set).
	Entity string `json:"entity,omitempty"`
	// Lock and Items go with a container: the name a key must carry to
	// open it, and what it holds.
	Lock  string         `json:"lock,omitempty"`
	Items map[string]int `json:"items,omitempty"`
	// Sign is the text of a sign block, a line each.
	Sign []string `json:"sign,omitempty"`
}

func fill(x0, y0, z0, x1, y1, z1 int, name string) Op {
	return Op{From: Pos{x0, y0, z0}, To: Pos{x1, y1, z1}, Block: Block{Name: name}}
}

func set(p Pos, b Block) Op { return Op{From: p, To: p, Block: b} }

// covers reports whether the box holds p, whatever the corners' order.
func (o Op) covers(p Pos) bool {
	in := func(v, a, b int) bool { return min(a, b) <= v && v <= max(a, b) }
	return o.Entity == "" && in(p.X, o.From.X, o.To.X) && in(p.Y, o.From.Y, o.To.Y) && in(p.Z, o.From.Z, o.To.Z)
}

// Hint is the second line of a room's sign (AtomTask.hint,
// minecraft_define.py:673-684).
func (r *Room) Hint() string {
	switch {
	case r.Placement == Merge:
		return "after you finish this task, you need to merge the team"
	case r.Placement == Split:
		return "you need to split the team to finish the task"
	case r.Placement == SameRoom:
		return "you need to finish the task in this room"
	}
	return "you need to try to help each other to finish this task"
}

// Build lists what the world must build for the task, as VillagerAgent's
// StateTree.load and its judge do it (minecraft_define.py:885-918, 632-698,
// 116-162; escape_room_judger.py:121-131):
//
//   - for every room slot StateTree.load clears (max rooms × the team's
//     columns, 15 blocks apart), a 33×7×33 box of air on a grass floor;
//   - for every room, AtomTask.clear: air, a cobblestone floor and a glass
//     roof;
//   - for every room, AtomTask.load: walls of stone brick wall, two thick at
//     the sides, with iron-bar windows, an opening in the -z wall and iron
//     bars in the +z wall where the door is, red banners on top; the hint
//     sign; then the atom's blocks (chests with their lock and item,
//     entities);
//   - the exit area at Bias: a 7×7 checkerboard of wool, a chest and a banner.
//
// The hint sign is the one exception: VillagerAgent's code has it commented
// out (minecraft_define.py:661, "too long for a sign") and keeps the hint in
// a cache no agent reads; the paper's agents read it (App. B.3), so Build
// places it, a jungle wall sign facing north at height-1 above the centre,
// with the atom's description and the hint.
func (t *Task) Build() []Op {
	var ops []Op
	const slot, half, tall = 15, 16, 6 // StateTree.load's fixed clearing grid
	n := t.Agents
	for i := range t.MaxRooms {
		// Python's range(-n//2, n//2 + 1), -n//2 rounding down.
		for j := -((n + 1) / 2); j < n/2+1; j++ {
			c := Pos{t.Bias.X + j*slot, t.Bias.Y, t.Bias.Z - i*slot}
			ops = append(ops,
				fill(c.X-half, c.Y, c.Z-half, c.X+half, c.Y+tall, c.Z+half, "air"),
				fill(c.X-half, c.Y-1, c.Z-half, c.X+half, c.Y-1, c.Z+half, "grass_block"))
		}
	}
	for i := range t.Rooms {
		r := &t.Rooms[i]
		s, c := r.atom.Room, r.Center
		x0, x1 := c.X-s.Width*2-s.Wall, c.X+s.Width*2+s.Wall
		z0, z1 := c.Z-s.Width-s.Wall, c.Z+s.Width+s.Wall
		ops = append(ops,
			fill(x0, c.Y, z0, x1, c.Y+s.Height, z1, "air"),
			fill(x0+2, c.Y-1, z0, x1-2, c.Y-1, z1, "cobblestone"),
			fill(x0+3, c.Y+s.Height+1, z0, x1-3, c.Y+s.Height+1, z1, "white_stained_glass"))
	}
	for i := range t.Rooms {
		r := &t.Rooms[i]
		s, c := r.atom.Room, r.Center
		x0, x1 := c.X-s.Width-s.Wall, c.X+s.Width+s.Wall
		z0, z1 := c.Z-s.Width-s.Wall, c.Z+s.Width+s.Wall
		top := c.Y + s.Height
		banner := Block{Name: "red_banner"} // rotation=8: faces south
		ops = append(ops,
			fill(x0, c.Y, z0, x1, top, z0-1, "stone_brick_wall"),
			fill(x0, c.Y, z0, x1, top, z0, "stone_brick_wall"),
			fill(c.X, c.Y, z0, c.X, c.Y+2, z0, "air"),
			fill(x0, c.Y, z1, x1, top, z1, "stone_brick_wall"),
			fill(x0, c.Y, z0, x0, top+1, z1, "stone_brick_wall"),
			fill(x0-1, c.Y, z0, x0, top+1, z1, "stone_brick_wall"),
			fill(x1, c.Y, z0, x1, top+1, z1, "stone_brick_wall"),
			fill(x1+1, c.Y, z0, x1, top+1, z1, "stone_brick_wall"),
			set(Pos{x0, top + 2, z0}, banner),
			set(Pos{x1, top + 2, z0}, banner),
			fill(x0, c.Y, z0+2, x0, c.Y+1, z1-2, "iron_bars"),
			fill(x1, c.Y, z0+2, x1, c.Y+1, z1-2, "iron_bars"),
			fill(c.X, c.Y, z1, c.X, c.Y+2, z1, "iron_bars"))
		sign := set(Pos{c.X, top - 1, c.Z}, Block{Name: "jungle_wall_sign", Facing: "north"})
		sign.Sign = []string{r.atom.Description, r.Hint()}
		ops = append(ops, sign)
		for _, b := range r.Blocks {
			if b.Block == nil {
				ops = append(ops, Op{From: b.At, To: b.At, Entity: b.Entity})
				continue
			}
			op := set(b.At, *b.Block)
			op.Lock, op.Items = b.Lock, maps.Clone(b.Items)
			ops = append(ops, op)
		}
	}
	for i := -3; i <= 3; i++ {
		for j := -3; j <= 3; j++ {
			wool := "white_wool"
			if (i+j)%2 != 0 {
				wool = "black_wool"
			}
			ops = append(ops, set(Pos{t.Bias.X + i, t.Bias.Y, t.Bias.Z + j}, Block{Name: wool}))
		}
	}
	ops = append(ops,
		set(t.Bias.Add(Pos{0, 1, 0}), Block{Name: "chest", Facing: "north"}),
		set(t.Bias.Add(Pos{0, 1, 1}), Block{Name: "red_banner"}))
	return ops
}

// built is the block the build leaves at p: the last op covering it, air
// where none does.
func built(ops []Op, p Pos) Op {
	for i := len(ops) - 1; i >= 0; i-- {
		if ops[i].covers(p) {
			return ops[i]
		}
	}
	return Op{From: p, To: p, Block: Block{Name: "air"}}
}
