package world

import (
	"fmt"
	"slices"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// occupied reports whether an agent or mob stands in cell p (feet or head).
func (w *World) occupied(p Pos) bool {
	for _, a := range w.agents {
		if b := a.pos.Block(); b == p || b.Add(0, 1, 0) == p {
			return true
		}
	}
	for _, m := range w.mobs {
		if m.pos.Block() == p {
			return true
		}
	}
	return false
}

// dontMoveFor are items placeBlock puts down without stepping aside.
var dontMoveFor = map[string]bool{"torch": true, "redstone_torch": true, "redstone_wire": true, "lever": true, "button": true, "rail": true, "detector_rail": true, "powered_rail": true, "activator_rail": true, "tripwire_hook": true, "tripwire": true, "water_bucket": true}

func fixed1(p Pos) string {
	return fmt.Sprintf("x:%s, y:%s, z:%s", command.FormatFixed(float64(p.X), 1), command.FormatFixed(float64(p.Y), 1), command.FormatFixed(float64(p.Z), 1))
}

// breakBlockAt is skills.breakBlockAt (BREAK).
func (r *run) breakBlockAt(p Pos) bool {
	name := r.w.blocks.name(p)
	if name == "air" || name == "water" || name == "lava" {
		r.log("Skipping block at %s because it is %s.", fixed1(p), name)
		return false
	}
	b, err := mcdata.LookupBlock(name)
	if err != nil || b.Hardness < 0 {
		r.log("Don't have right tools to break %s.", name)
		return false
	}
	tool := pickTool(r.a.inv, b)
	if !canHarvest(b, tool) {
		r.log("Don't have right tools to break %s.", name)
		return false
	}
	if r.a.pos.Dist(p.Vec()) > 4.5 {
		// skills.js breakBlockAt (@0012750, lines 543-549) awaits
		// bot.pathfinder.goto with no catch: the pathfinder's error ends
		// the program, as placeBlock's walk does (below).
		if err := r.walkTo(near(p, 4)); err != "" {
			r.throw(pathErrName(err) + ": " + err)
			return false
		}
	}
	r.mine(p, tool, true)
	r.log("Broke %s at %s.", name, fixed1(p))
	return true
}

// placeBlock is skills.placeBlock (PLACE) without cheats.
func (r *run) placeBlock(block string, p Pos) bool {
	return r.placeBlockState(block, p, mcdata.State{})
}

// placeBlockState is placeBlock with an orientation for the placed block
// (VillagerBench's placeBlock has a facing argument; MINDcraft's has none
// and passes the zero state). The block keeps the properties of st it has
// (a facing on stone is dropped, as Minecraft has no facing for stone to
// hold), and an item whose block stands on the ground becomes its wall
// variant when given a horizontal facing: a torch placed facing north is a
// wall_torch[facing=north], as it is when placed against a wall's side.
func (r *run) placeBlockState(block string, p Pos, st mcdata.State) bool {
	w, a := r.w, r.a
	if block == "air" {
		r.log("Placing air (removing block) at %s.", p)
		return r.breakBlockAt(p)
	}
	if a.inv.Count(block) == 0 {
		r.say(texts.DontHaveToPlace(block))
		return false
	}
	cur := w.blocks.name(p)
	if cur == block {
		r.say(texts.AlreadyAt(block, p.X, p.Y, p.Z))
		return false
	}
	if !replaceable[cur] {
		r.log("%s in the way at %s.", block, p)
		if !r.breakBlockAt(p) {
			if r.exc != "" {
				return false // its walk threw
			}
			r.say(texts.CannotPlace(block, p.X, p.Y, p.Z, "block in the way"))
			return false
		}
	}
	support := false
	for _, d := range [][3]int{{0, -1, 0}, {0, 1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
		if !replaceable[w.blocks.name(p.Add(d[0], d[1], d[2]))] {
			support = true
			break
		}
	}
	if !support {
		r.say(texts.CannotPlace(block, p.X, p.Y, p.Z, "nothing to place on"))
		return false
	}
	if !dontMoveFor[block] && (a.pos.Dist(p.Vec()) < 1 || a.pos.Add(0, 1, 0).Dist(p.Vec()) < 1) {
		if err := r.moveAwayFrom(p, 2); err != "" {
			r.throw(pathErrName(err) + ": " + err)
			return false
		}
	}
	if a.pos.Dist(p.Vec()) > 4.5 {
		if err := r.walkTo(near(p, 4)); err != "" {
			r.throw(pathErrName(err) + ": " + err)
			return false
		}
	}
	if w.occupied(p) || (isDoor(block) && !replaceable[w.blocks.name(p.Add(0, 1, 0))]) {
		r.say(texts.FailedToPlace(block, p.X, p.Y, p.Z))
		return false
	}
	a.held = block
	r.put(block, p, st)
	r.say(texts.Placed(block, p.X, p.Y, p.Z))
	return true
}

// placeItem is what Voyager's placeItem does past its own checks: the
// pathfinder's goto(GoalPlaceBlock(p)), which stands the bot where it
// sees a face to place against (placegoal.go), then bot.placeBlock, which
// the server refuses when the cell holds a block or a body. It returns
// mineflayer's error message, "" when the block is placed.
func (r *run) placeItem(block string, p Pos) string {
	if err := r.walkTo(goal{place: r.w.newPlaceGoal(p)}); err != "" {
		return err
	}
	if cur := r.w.blocks.name(p); !replaceable[cur] || r.w.occupied(p) {
		return "No block has been placed : the block is still " + cur
	}
	r.a.held = block
	r.put(block, p, mcdata.State{})
	return ""
}

// Add returns v moved by (dx, dy, dz).
func (v Vec) Add(dx, dy, dz float64) Vec { return Vec{v.X + dx, v.Y + dy, v.Z + dz} }

func cmdPlaceHere(r *run, args []command.Value) string {
	r.placeBlock(args[0].S, r.a.pos.Block())
	return ""
}

// cmdDigDown is skills.digDown: the blocks under the starting cell, one by
// one, stopping at the end of the world, lava or water, or a drop of more
// than two blocks under the next one; air is skipped. The player, centred
// in the one-block shaft, drops into it as it goes.
func cmdDigDown(r *run, args []command.Value) string {
	n := args[0].Int()
	start := r.a.pos.Block()
	isAir := func(name string) bool { return name == "air" || name == "cave_air" }
	for i := 1; i <= n; i++ {
		target, below := start.Add(0, -i, 0), start.Add(0, -i-1, 0)
		if below.Y < MinY { // bot.blockAt is null outside the world
			r.log("Dug down %d blocks, but reached the end of the world.", i-1)
			return ""
		}
		tn, bn := r.w.blocks.name(target), r.w.blocks.name(below)
		if tn == "lava" || tn == "water" || bn == "lava" || bn == "water" {
			r.log("Dug down %d blocks, but reached %s", i-1, bn) // no full stop in MINDcraft
			return ""
		}
		fall := 0
		for q := below; fall <= 2 && q.Y >= MinY && isAir(r.w.blocks.name(q)); q = q.Add(0, -1, 0) {
			fall++
		}
		if fall > 2 {
			r.log("Dug down %d blocks, but reached a drop below the next block.", i-1)
			return ""
		}
		if isAir(tn) {
			r.log("Skipping air block")
			continue
		}
		if !r.breakBlockAt(target) {
			if r.exc != "" {
				return "" // its walk threw
			}
			r.log("Failed to dig block at position:%s", target)
			return ""
		}
		p := r.a.pos.Block()
		for p.Y > MinY && !r.w.blocks.isSolid(p.Add(0, -1, 0)) && !r.w.blocks.climbable(p) {
			p.Y--
		}
		r.a.pos.Y = float64(p.Y)
	}
	r.log("Dug down %d blocks.", n)
	return ""
}

// placedForm is the block and orientation an item placed with st becomes:
// its wall variant for a horizontal facing when its own block has no
// facing, and only the properties (and values) that block takes.
func placedForm(item string, st mcdata.State) (string, mcdata.State) {
	block := item
	if horizontal[st.Facing] {
		if wall, ok := mcdata.WallVariant(item); ok {
			block = wall
		}
	}
	b, err := mcdata.LookupBlock(block)
	if err != nil {
		return block, mcdata.State{}
	}
	if !slices.Contains(b.Facings, st.Facing) {
		st.Facing = ""
	}
	if !slices.Contains(b.Axes, st.Axis) {
		st.Axis = ""
	}
	return block, st
}

var horizontal = map[string]bool{"north": true, "south": true, "west": true, "east": true}
