package world

import (
	"fmt"
	"math"
	"slices"
	"time"

	"collabcraft/mcdata"
	"collabcraft/mckitchen"
	"collabcraft/procgen"
)

// MindAgent's Minecraft kitchen (package mckitchen, §7 of its paper): a
// furnace and a chest by the spawn, a coal deposit, and a pen of each
// animal the dishes come from. Its seven actions act through the world's
// operations (walk, hitMob, mine, the furnace's slots and job, transfer);
// killed animals and mined blocks come back RespawnSeconds later, near
// where they were.

// kitchenScene is where the kitchen's things are, and what is to come back.
type kitchenScene struct {
	furnace, chest Pos
	pens           map[string]Vec // animal kind -> its pen's centre
	pending        []respawn
}

type respawn struct {
	at   time.Duration
	mob  string // an animal to put back in its pen, or
	pos  Pos    // a block to put back
	name string
}

const (
	kitchenHalf      = 20
	kitchenReach     = 3.5 // at the furnace or chest, near an animal or block
	kitchenSight     = 8   // what an agent's state lists as nearby
	kitchenMobsInPen = 3
	kitchenOreBlocks = 6
	kitchenSlotSecs  = 0.5 // a furnace or chest slot
)

// buildKitchen lays out the kitchen on flat grass: the furnace and chest
// east of the spawn, coal ore to the west, the four pens in the corners
// (their order seeded), every agent with a wooden sword and pickaxe.
func (w *World) buildKitchen(task procgen.Task) ([]Pos, error) {
	ox, oz := w.origin()
	x0, z0, x1, z1 := ox-kitchenHalf, oz-kitchenHalf, ox+kitchenHalf, oz+kitchenHalf
	w.fillLayers(x0, z0, x1, z1, farmGround, "bedrock", "dirt", "dirt", "grass_block")
	feet := farmGround + 1
	k := &kitchenScene{furnace: Pos{ox + 4, feet, oz - 4}, chest: Pos{ox + 4, feet, oz + 4}, pens: map[string]Vec{}}
	w.setBlock(k.furnace, mckitchen.Furnace)
	w.setBlock(k.chest, mckitchen.Chest)
	for i := range kitchenOreBlocks {
		w.setBlock(Pos{ox - 9, feet, oz - 2 + i}, mckitchen.FuelBlock)
	}
	corners := [][2]int{{ox + 12, oz + 12}, {ox - 12, oz + 12}, {ox + 12, oz - 12}, {ox - 12, oz - 12}}
	w.rng.Shuffle(len(corners), func(i, j int) { corners[i], corners[j] = corners[j], corners[i] })
	for i, m := range mckitchen.Meats {
		c := Pos{corners[i][0], feet, corners[i][1]}
		k.pens[m.Mob] = c.Center()
		for range kitchenMobsInPen {
			w.addMob(m.Mob, w.penSpot(c.Center()))
		}
	}
	w.kitchen = k
	spawns := spawnRing(Pos{ox, feet, oz}, task.AgentCount)
	return spawns, nil
}

// penSpot is a free cell within 2 blocks of a pen's centre.
func (w *World) penSpot(c Vec) Vec {
	p := c.Block().Add(w.rng.IntN(5)-2, 0, w.rng.IntN(5)-2)
	return p.Center()
}

// kitchenScore is 0: the kitchen's orders are its organisation's to count.
func (w *World) kitchenScore() float64 { return 0 }

// settleKitchen puts back what is due by now.
func (w *World) settleKitchen() {
	k := w.kitchen
	kept := k.pending[:0]
	for _, r := range k.pending {
		switch {
		case r.at > w.now:
			kept = append(kept, r)
		case r.mob != "":
			w.addMob(r.mob, w.penSpot(k.pens[r.mob]))
		case w.blocks.name(r.pos) == "air":
			w.setBlock(r.pos, r.name)
		}
	}
	k.pending = kept
}

// KitchenAct runs one of the kitchen's actions for an agent, now: verb is
// goto, killMob, mineBlock, putFuelFurnace, putItemFurnace, takeOutFurnace
// or putInChest, arg its argument. It returns the error text to feed back
// ("" when the action did what it says) and how long it took.
func (w *World) KitchenAct(agent, verb, arg string) (errText string, d time.Duration) {
	a := w.byName[agent]
	if a == nil || w.kitchen == nil {
		return fmt.Sprintf("%s is not an agent of this kitchen", agent), 0
	}
	w.settleKitchen()
	r := &run{w: w, a: a, res: &CommandResult{}}
	name := fmt.Sprintf("agent%d", a.ID)
	switch verb {
	case "goto":
		errText = r.kitchenGoto(name, arg)
	case "killMob":
		errText = r.kitchenKill(name, arg)
	case "mineBlock":
		errText = r.kitchenMine(name, arg)
	case "putFuelFurnace", "putItemFurnace", "takeOutFurnace":
		errText = r.kitchenFurnace(name, verb, arg)
	case "putInChest":
		errText = r.kitchenChest(name, arg)
	default:
		errText = fmt.Sprintf("%s is not in the list of supported actions", verb)
	}
	return errText, time.Duration(math.Round(r.dur*1000)) * time.Millisecond
}

func (r *run) kitchenGoto(name, place string) string {
	k := r.w.kitchen
	var target Pos
	switch place {
	case mckitchen.Furnace:
		target = k.furnace
	case mckitchen.Chest:
		target = k.chest
	case mckitchen.FuelBlock:
		p := r.w.nearestBlock(r.a.pos, []string{place}, 64)
		if p == nil {
			return fmt.Sprintf("there is no %s to go to now", place)
		}
		target = *p
	default:
		if _, ok := k.pens[place]; !ok {
			return fmt.Sprintf("%s is not a location of the kitchen", place)
		}
		m := r.w.nearestMob(r.a.pos, place)
		if m == nil {
			return fmt.Sprintf("there is no %s to go to now", place)
		}
		target = m.pos.Block()
	}
	if err := r.walk(near(target, 2), moves{noDig: true, noTower: true, partial: true}); err != "" {
		return fmt.Sprintf("%s cannot reach %s: %s", name, place, err)
	}
	return ""
}

func (w *World) nearestMob(v Vec, kind string) *Mob {
	var best *Mob
	for _, m := range w.mobs {
		if m.Kind == kind && (best == nil || m.pos.Dist(v) < best.pos.Dist(v)) {
			best = m
		}
	}
	return best
}

func (r *run) kitchenKill(name, kind string) string {
	k := r.w.kitchen
	if _, ok := k.pens[kind]; !ok {
		return fmt.Sprintf("%s is not an animal of the kitchen", kind)
	}
	m := r.w.nearestMob(r.a.pos, kind)
	if m == nil || m.pos.Dist(r.a.pos) > kitchenReach+1 {
		return fmt.Sprintf("%s is not near a %s", name, kind)
	}
	dmg := r.a.equipBestWeapon()
	if killed, _ := r.hitMob(m, dmg, blowsToKill(m.health, dmg)); killed {
		k.pending = append(k.pending, respawn{at: r.w.now + mckitchen.RespawnSeconds*time.Second, mob: kind})
	}
	return ""
}

func (r *run) kitchenMine(name, block string) string {
	if block != mckitchen.FuelBlock {
		return fmt.Sprintf("%s is not a block of the kitchen to mine", block)
	}
	p := r.w.nearestBlock(r.a.pos, []string{block}, kitchenReach+1)
	if p == nil {
		return fmt.Sprintf("%s is not near a %s", name, block)
	}
	b, _ := mcdata.LookupBlock(block)
	r.mine(*p, pickTool(r.a.inv, b), true)
	r.w.kitchen.pending = append(r.w.kitchen.pending, respawn{at: r.w.now + mckitchen.RespawnSeconds*time.Second, pos: *p, name: block})
	return ""
}

// kitchenFurnace fills or empties the furnace's slots. A filled furnace
// lights when it has fuel and something it can smelt, and smelts on while
// its fire burns (the world's furnace job), as time passes.
func (r *run) kitchenFurnace(name, verb, item string) string {
	w, a := r.w, r.a
	c := w.containers[w.kitchen.furnace]
	if c == nil {
		return "the furnace is gone"
	}
	if a.pos.Dist(w.kitchen.furnace.Center()) > kitchenReach {
		return fmt.Sprintf("%s is not at the furnace", name)
	}
	settleStation(c, w.now)
	r.spend(kitchenSlotSecs)
	switch verb {
	case "takeOutFurnace":
		if c.Output.Count == 0 {
			return "the furnace has nothing cooked to take out"
		}
		n := a.inv.Add(c.Output.Item, c.Output.Count)
		c.Output.Count -= n
		if c.Output.Count == 0 {
			c.Output = Slot{}
		}
		startSmelt(c, w.now) // room in the output again
		return ""
	}
	// putFuelFurnace fills the fuel slot, putItemFurnace the input slot.
	slot, fits := &c.Fuel, func() bool { _, ok := mcdata.FuelSeconds(item); return ok }
	unfit, held := item+" is not a fuel", "the furnace's fuel slot holds "
	if verb == "putItemFurnace" {
		slot, fits = &c.Input, func() bool { _, ok := mcdata.Smelt(item); return ok }
		unfit, held = item+" cannot be cooked in the furnace", "the furnace is cooking "
	}
	switch {
	case a.inv.Count(item) == 0:
		return fmt.Sprintf("%s has no %s", name, item)
	case !fits():
		return unfit
	case slot.Count > 0 && slot.Item != item:
		return held + slot.Item
	}
	n := a.inv.Remove(item, a.inv.Count(item))
	*slot = Slot{item, slot.Count + n}
	a.fixHeld()
	startSmelt(c, w.now)
	return ""
}

func (r *run) kitchenChest(name, item string) string {
	w, a := r.w, r.a
	c := w.containers[w.kitchen.chest]
	if c == nil {
		return "the chest is gone"
	}
	if a.pos.Dist(w.kitchen.chest.Center()) > kitchenReach {
		return fmt.Sprintf("%s is not at the chest", name)
	}
	if a.inv.Count(item) == 0 {
		return fmt.Sprintf("%s has no %s", name, item)
	}
	r.spend(kitchenSlotSecs)
	transfer(a.inv, c.Inv, item, a.inv.Count(item))
	a.fixHeld()
	return ""
}

// KitchenView is what the dispatcher is shown of agent: the place it is
// at, its inventory, the animals and the kitchen's blocks near it.
func (w *World) KitchenView(agent string) mckitchen.AgentView {
	a := w.byName[agent]
	if a == nil || w.kitchen == nil {
		return mckitchen.AgentView{}
	}
	w.settleKitchen()
	k := w.kitchen
	// At: the nearest of the places within reach.
	v := mckitchen.AgentView{At: "field"}
	best := math.Inf(1)
	at := func(place string, d float64, reach float64) {
		if d <= reach && d < best {
			v.At, best = place, d
		}
	}
	at(mckitchen.Furnace, a.pos.Dist(k.furnace.Center()), kitchenReach)
	at(mckitchen.Chest, a.pos.Dist(k.chest.Center()), kitchenReach)
	if p := w.nearestBlock(a.pos, []string{mckitchen.FuelBlock}, kitchenReach+1); p != nil {
		at(mckitchen.FuelBlock, a.pos.Dist(p.Center()), kitchenReach+1)
	}
	for _, m := range mckitchen.Meats {
		if mob := w.nearestMob(a.pos, m.Mob); mob != nil {
			at(m.Mob, mob.pos.Dist(a.pos), kitchenReach+1)
		}
	}
	names, counts := a.inv.Counts()
	for _, n := range names {
		if n == "wooden_sword" || n == "wooden_pickaxe" {
			continue // the tools every agent has
		}
		if v.Inventory == nil {
			v.Inventory = map[string]int{}
		}
		v.Inventory[n] = counts[n]
	}
	for _, m := range w.nearbyMobs(a.pos, kitchenSight) {
		if !slices.Contains(v.Entities, m.Kind) {
			v.Entities = append(v.Entities, m.Kind)
		}
	}
	slices.Sort(v.Entities)
	for _, b := range []struct {
		name string
		near bool
	}{
		{mckitchen.FuelBlock, w.nearestBlock(a.pos, []string{mckitchen.FuelBlock}, kitchenSight) != nil},
		{mckitchen.Furnace, a.pos.Dist(k.furnace.Center()) <= kitchenSight},
		{mckitchen.Chest, a.pos.Dist(k.chest.Center()) <= kitchenSight},
	} {
		if b.near {
			v.Blocks = append(v.Blocks, b.name)
		}
	}
	return v
}

// KitchenFurnace is the furnace's slots and fire, now.
func (w *World) KitchenFurnace() mckitchen.FurnaceView {
	if w.kitchen == nil {
		return mckitchen.FurnaceView{}
	}
	c := w.containers[w.kitchen.furnace]
	if c == nil {
		return mckitchen.FurnaceView{}
	}
	settleStation(c, w.now)
	return mckitchen.FurnaceView{Input: stack(c.Input), Fuel: stack(c.Fuel), Output: stack(c.Output), Burning: burning(c, w.now)}
}

func stack(s Slot) mckitchen.Stack { return mckitchen.Stack{Item: s.Item, Count: s.Count} }

// KitchenChest is what the chest holds.
func (w *World) KitchenChest() map[string]int {
	out := map[string]int{}
	if w.kitchen == nil {
		return out
	}
	if c := w.containers[w.kitchen.chest]; c != nil {
		names, counts := c.Inv.Counts()
		for _, n := range names {
			out[n] = counts[n]
		}
	}
	return out
}

// KitchenServe takes one dish out of the chest for an order; false if
// the chest has none.
func (w *World) KitchenServe(dish string) bool {
	if w.kitchen == nil {
		return false
	}
	c := w.containers[w.kitchen.chest]
	return c != nil && c.Inv.Remove(dish, 1) == 1
}
