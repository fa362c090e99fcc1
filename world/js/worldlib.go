package js

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"github.com/dop251/goja"

	"collabcraft/mcdata"
	"collabcraft/world"
)

// worldFunc is a world.* function: synchronous, (bot, ...args).
type worldFunc func(e *execution, args []goja.Value) goja.Value

// worldTable lists MINDcraft's world.js functions, all 19 of them.
var worldTable = map[string]worldFunc{
	"getNearbyEntities":      worldGetNearbyEntities,
	"getNearestEntityWhere":  worldGetNearestEntityWhere,
	"getNearbyEntityTypes":   worldGetNearbyEntityTypes,
	"getCraftableItems":      worldGetCraftableItems,
	"isClearPath":            worldIsClearPath,
	"getPosition":            worldGetPosition,
	"getInventoryCounts":     worldGetInventoryCounts,
	"getInventoryStacks":     func(e *execution, _ []goja.Value) goja.Value { return e.items() },
	"getNearestBlock":        worldGetNearestBlock,
	"getNearestBlocks":       worldGetNearestBlocks,
	"getNearbyBlockTypes":    worldGetNearbyBlockTypes,
	"getBlockAtPosition":     worldGetBlockAtPosition,
	"getSurroundingBlocks":   worldGetSurroundingBlocks,
	"getFirstBlockAboveHead": worldGetFirstBlockAboveHead,
	"getNearbyPlayers":       worldGetNearbyPlayers,
	"getNearbyPlayerNames":   worldGetNearbyPlayerNames,
	"getNearestFreeSpace":    worldGetNearestFreeSpace,
	"getBiomeName":           func(e *execution, _ []goja.Value) goja.Value { return e.vm.ToValue(e.w.Biome()) },
	"shouldPlaceTorch":       worldShouldPlaceTorch,
}

func worldGetPosition(e *execution, _ []goja.Value) goja.Value {
	p := e.w.Agent(e.agent).Pos()
	return e.newVec3(p.X, p.Y, p.Z)
}

func worldGetInventoryCounts(e *execution, _ []goja.Value) goja.Value {
	names, counts := e.w.Agent(e.agent).Inventory().Counts()
	o := e.vm.NewObject()
	for _, n := range names {
		_ = o.Set(n, counts[n])
	}
	return o
}

// blockNames reads block_types: a name, a list of names, or null for
// every block but air.
func (e *execution) blockNames(v goja.Value, dist float64) []string {
	if goja.IsNull(v) {
		return e.s.NearbyBlockTypes(dist)
	}
	if o, ok := v.(*goja.Object); ok && o.ClassName() == "Array" {
		var names []string
		for _, x := range o.Export().([]any) {
			names = append(names, e.vm.ToValue(x).String())
		}
		return names
	}
	return []string{v.String()}
}

func (e *execution) numArg(args []goja.Value, i int, def float64) float64 {
	v, _ := num(def)(arg(args, i))
	return v.N
}

func worldGetNearestBlocks(e *execution, args []goja.Value) goja.Value {
	types := arg(args, 0)
	if goja.IsUndefined(types) {
		types = goja.Null()
	}
	dist := e.numArg(args, 1, 16)
	n := e.numArg(args, 2, 10000)
	if !finite(dist) || !finite(n) || n < 1 {
		return e.vm.NewArray()
	}
	found := e.s.NearestBlocks(e.blockNames(types, dist), dist, int(min(n, 1e6)))
	out := make([]any, len(found))
	for i, p := range found {
		out[i] = e.block(p)
	}
	return e.vm.NewArray(out...)
}

func worldGetNearestBlock(e *execution, args []goja.Value) goja.Value {
	dist := e.numArg(args, 1, 16)
	if !finite(dist) {
		return goja.Null()
	}
	found := e.s.NearestBlocks(e.blockNames(arg(args, 0), dist), dist, 1)
	if len(found) == 0 {
		return goja.Null()
	}
	return e.block(found[0])
}

func worldGetNearbyBlockTypes(e *execution, args []goja.Value) goja.Value {
	dist := e.numArg(args, 0, 16)
	if !finite(dist) {
		return e.vm.NewArray()
	}
	var out []any
	for _, n := range e.s.NearbyBlockTypes(min(dist, 64)) {
		out = append(out, n)
	}
	return e.vm.NewArray(out...)
}

// relativeBlock is bot.blockAt(bot.entity.position.offset(dx, dy, dz)).
func (e *execution) relativeBlock(dx, dy, dz float64) goja.Value {
	p := e.w.Agent(e.agent).Pos()
	pos, ok := floorCell(e.vm.ToValue(p.X+dx), e.vm.ToValue(p.Y+dy), e.vm.ToValue(p.Z+dz))
	if !ok || pos.Y < world.MinY || pos.Y > world.MaxY {
		o := e.vm.NewObject()
		_ = o.Set("name", "air")
		return o
	}
	return e.block(pos)
}

func worldGetBlockAtPosition(e *execution, args []goja.Value) goja.Value {
	return e.relativeBlock(e.numArg(args, 0, 0), e.numArg(args, 1, 0), e.numArg(args, 2, 0))
}

func worldGetSurroundingBlocks(e *execution, _ []goja.Value) goja.Value {
	name := func(dy float64) string { return e.relativeBlock(0, dy, 0).ToObject(e.vm).Get("name").String() }
	return e.vm.NewArray("Block Below: "+name(-1), "Block at Legs: "+name(0), "Block at Head: "+name(1))
}

func worldGetFirstBlockAboveHead(e *execution, args []goja.Value) goja.Value {
	ignore := []string{"air", "cave_air"}
	if v := arg(args, 0); !isNullish(v) {
		ignore = nil
		for _, n := range e.blockNames(v, 0) {
			if _, err := mcdata.LookupBlock(n); err == nil {
				ignore = append(ignore, n)
			}
		}
	}
	dist := e.numArg(args, 1, 32)
	name, height := "air", 0
	for i := 0; float64(i) < min(dist, 400); i++ {
		b := e.relativeBlock(0, float64(i+2), 0).ToObject(e.vm).Get("name").String()
		if slices.Contains(ignore, b) {
			continue
		}
		name, height = b, i
		break
	}
	if slices.Contains(ignore, name) {
		return e.vm.ToValue("none")
	}
	return e.vm.ToValue(name + " (" + strconv.Itoa(height) + " blocks up)")
}

// nearbyEntities is getNearbyEntities: bot.entities (the agent's own
// entity included) within maxDist of the agent, nearest first, ties in id
// order.
func (e *execution) nearbyEntities(maxDist float64) []world.Entity {
	me := e.w.Agent(e.agent).Pos()
	var out []world.Entity
	for _, ent := range e.w.Entities() {
		if !(ent.Pos.Dist(me) > maxDist) && !e.w.Hides(me, ent.Pos.Block()) { // a NaN distance keeps them all
			out = append(out, ent)
		}
	}
	slices.SortStableFunc(out, func(a, b world.Entity) int {
		return cmp.Compare(a.Pos.Dist(me), b.Pos.Dist(me))
	})
	return out
}

func (e *execution) entityArray(ents []world.Entity) goja.Value {
	out := make([]any, len(ents))
	for i, ent := range ents {
		out[i] = e.entityObject(ent.ID)
	}
	return e.vm.NewArray(out...)
}

func worldGetNearbyEntities(e *execution, args []goja.Value) goja.Value {
	return e.entityArray(e.nearbyEntities(e.numArg(args, 0, 16)))
}

// worldGetNearestEntityWhere is bot.nearestEntity(entity =>
// predicate(entity) && distance < maxDistance): the predicate sees every
// other entity, in id order; the first of the nearest wins; else null.
func worldGetNearestEntityWhere(e *execution, args []goja.Value) goja.Value {
	pred := arg(args, 0)
	maxDist := e.numArg(args, 1, 16)
	me := e.w.Agent(e.agent)
	var best goja.Value = goja.Null()
	bestD := math.Inf(1)
	for _, ent := range e.w.Entities() {
		if ent.ID == me.ID {
			continue
		}
		f, ok := goja.AssertFunction(pred)
		if !ok {
			panic(e.jsError("TypeError", "predicate is not a function"))
		}
		o := e.entityObject(ent.ID)
		v, err := f(goja.Undefined(), o)
		if err != nil {
			panic(err)
		}
		// The predicate may have moved nobody, but reads the world now.
		cur, alive := e.w.Entity(ent.ID)
		if !alive {
			cur = ent
		}
		d := cur.Pos.Dist(me.Pos())
		if v.ToBoolean() && d < maxDist && d < bestD {
			best, bestD = o, d
		}
	}
	return best
}

func worldGetNearbyEntityTypes(e *execution, _ []goja.Value) goja.Value {
	var out []any
	seen := map[string]bool{}
	for _, ent := range e.nearbyEntities(16) {
		if !seen[ent.Name] {
			seen[ent.Name] = true
			out = append(out, ent.Name)
		}
	}
	return e.vm.NewArray(out...)
}

func worldGetCraftableItems(e *execution, _ []goja.Value) goja.Value {
	var out []any
	for _, item := range e.s.CraftableItems() {
		out = append(out, item)
	}
	return e.vm.NewArray(out...)
}

// worldIsClearPath is async in MINDcraft: it returns a promise, rejected
// when target has no position.
func worldIsClearPath(e *execution, args []goja.Value) goja.Value {
	p, resolve, reject := e.vm.NewPromise()
	v, thrown := e.protect(func(e *execution, args []goja.Value) goja.Value {
		t := e.position(arg(args, 0))
		if !finite(t.X) || !finite(t.Y) || !finite(t.Z) || math.Abs(t.X)+math.Abs(t.Y)+math.Abs(t.Z) > 1<<30 {
			return e.vm.ToValue(false) // GoalNear at NaN is never reached
		}
		return e.vm.ToValue(e.s.ClearPath(t))
	}, args)
	if thrown != nil {
		_ = reject(thrown)
	} else {
		_ = resolve(v)
	}
	return e.vm.ToValue(p)
}

// nearbyPlayers lists the other agents within dist, nearest first.
func (e *execution) nearbyPlayers(dist float64) []world.Entity {
	var out []world.Entity
	for _, ent := range e.nearbyEntities(dist) {
		if ent.Type == "player" && ent.Username != e.agent {
			out = append(out, ent)
		}
	}
	return out
}

func worldGetNearbyPlayers(e *execution, args []goja.Value) goja.Value {
	dist := 16.0
	if v := arg(args, 0); !isNullish(v) {
		dist = v.ToFloat()
	}
	return e.entityArray(e.nearbyPlayers(dist))
}

func worldGetNearbyPlayerNames(e *execution, _ []goja.Value) goja.Value {
	var out []any
	for _, ent := range e.nearbyPlayers(64) {
		out = append(out, ent.Username)
	}
	return e.vm.NewArray(out...)
}

// worldGetNearestFreeSpace finds the nearest air cell with size x size
// air cells and diggable blocks below them, as its south-west corner.
func worldGetNearestFreeSpace(e *execution, args []goja.Value) goja.Value {
	size := int(e.numArg(args, 0, 1))
	dist := e.numArg(args, 1, 8)
	if !finite(dist) || size < 1 || size > 16 {
		return goja.Undefined()
	}
	dist = min(dist, 32)
	me := e.w.Agent(e.agent).Pos()
	c := me.Block()
	r := int(math.Ceil(dist))
	type cand struct {
		p world.Pos
		d float64
	}
	var cands []cand
	for y := c.Y - r; y <= c.Y+r; y++ {
		for x := c.X - r; x <= c.X+r; x++ {
			for z := c.Z - r; z <= c.Z+r; z++ {
				p := world.Pos{X: x, Y: y, Z: z}
				if d := (world.Vec{X: float64(x), Y: float64(y), Z: float64(z)}).Dist(me); d <= dist && e.freeSquare(p, size) {
					cands = append(cands, cand{p, d})
				}
			}
		}
	}
	if len(cands) == 0 {
		return goja.Undefined()
	}
	best := slices.MinFunc(cands, func(a, b cand) int {
		return cmp.Compare(a.d, b.d)
	})
	return e.newVec3(float64(best.p.X), float64(best.p.Y), float64(best.p.Z))
}

func (e *execution) freeSquare(p world.Pos, size int) bool {
	for dx := 0; dx < size; dx++ {
		for dz := 0; dz < size; dz++ {
			if e.w.BlockAt(p.X+dx, p.Y, p.Z+dz) != "air" {
				return false
			}
			b, err := mcdata.LookupBlock(e.w.BlockAt(p.X+dx, p.Y-1, p.Z+dz))
			if err != nil || b.Hardness < 0 || len(b.Drops) == 0 {
				return false
			}
		}
	}
	return true
}

// worldShouldPlaceTorch: torch_placing is on by default; a torch goes
// down when none is within 6 blocks, the agent has one and stands in air.
func worldShouldPlaceTorch(e *execution, _ []goja.Value) goja.Value {
	if len(e.s.NearestBlocks([]string{"torch", "wall_torch"}, 6, 1)) > 0 {
		return e.vm.ToValue(false)
	}
	a := e.w.Agent(e.agent)
	p := a.Pos().Block()
	return e.vm.ToValue(a.Inventory().Count("torch") > 0 && e.w.BlockAt(p.X, p.Y, p.Z) == "air")
}
