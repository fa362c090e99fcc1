package world

import (
	"fmt"
	"strings"
	"time"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// requiresText lists a recipe's ingredients as MINDcraft's "It requires:"
// does: grid order, "name: count".
func requiresText(rec mcdata.Recipe) string {
	parts := make([]string, 0, len(rec.GridOrder))
	for _, name := range rec.GridOrder {
		parts = append(parts, fmt.Sprintf("%s: %d", name, rec.Need(name)))
	}
	return strings.Join(parts, ", ")
}

// placeNearby puts a block the agent carries on the nearest free spot
// within 6 blocks (getNearestFreeSpace + placeBlock) and returns where.
func (r *run) placeNearby(block string) (Pos, bool) {
	c := r.a.pos.Block()
	best, found := Pos{}, false
	bestD := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -6; dx <= 6; dx++ {
			for dz := -6; dz <= 6; dz++ {
				p := c.Add(dx, dy, dz)
				if p == c || p == c.Add(0, 1, 0) || !replaceable[r.w.blocks.name(p)] || !r.w.blocks.isSolid(p.Add(0, -1, 0)) || r.w.occupied(p) {
					continue
				}
				d := dx*dx + dy*dy + dz*dz
				if !found || d < bestD {
					best, bestD, found = p, d, true
				}
			}
		}
	}
	if !found {
		return Pos{}, false
	}
	r.a.inv.Remove(block, 1)
	r.w.setBlock(best, block)
	r.say(texts.Placed(block, best.X, best.Y, best.Z))
	r.spend(0.25)
	return best, true
}

// pickUpPlaced breaks a block the action placed and logs as collectBlock.
func (r *run) pickUpPlaced(p Pos, block string) {
	b, _ := mcdata.LookupBlock(block)
	r.mine(p, pickTool(r.a.inv, b), true)
	r.say(texts.Collected(1, block))
}

func cmdCraftRecipe(r *run, args []command.Value) string {
	item, num := args[0].S, args[1].Int()
	w, a := r.w, r.a
	recipes := recipesOf(item)
	if len(recipes) == 0 {
		// The snapshot throws a TypeError here; this is the message it meant.
		r.say(texts.NoRecipe(item))
		return ""
	}
	rec := affordableRecipe(a.inv, item, false)
	var table *Pos
	placed := false
	if rec == nil && affordableRecipe(a.inv, item, true) != nil {
		table = w.nearestBlock(a.pos, []string{"crafting_table"}, 32)
		if table == nil {
			if a.inv.Count("crafting_table") == 0 {
				r.say(texts.NeedsTable(item))
				return ""
			}
			p, ok := r.placeNearby("crafting_table")
			if ok {
				table, placed = &p, true
			}
		}
		if table != nil {
			rec = affordableRecipe(a.inv, item, true)
		}
	}
	if rec == nil {
		r.say(texts.CannotCraft(item, requiresText(recipes[0])))
		if placed {
			r.pickUpPlaced(*table, "crafting_table")
		}
		return ""
	}
	if table != nil && a.pos.Dist(table.Vec()) > 4 {
		r.goToNearestBlock("crafting_table", 4, 32)
	}
	limit, limiting := num, ""
	for _, in := range rec.Ingredients {
		if k := a.inv.Count(in.Item) / in.Count; k < limit {
			limit, limiting = k, in.Item
		}
	}
	crafted := 0
	for ; crafted < limit && a.craftOnce(rec) == craftDone; crafted++ {
	}
	a.fixHeld()
	r.spend(0.5 + 0.1*float64(crafted))
	if limit < num {
		r.say(texts.CraftedSome(limiting, num, limit, a.inv.Count(item), item))
	} else {
		r.say(texts.Crafted(item, a.inv.Count(item)))
	}
	if placed {
		r.pickUpPlaced(*table, "crafting_table")
	}
	return ""
}

// freesSlot reports whether using the recipe empties an ingredient stack
// (so the result finds room even in a full inventory).
func freesSlot(inv *Inventory, rec *mcdata.Recipe) bool {
	for _, in := range rec.Ingredients {
		if inv.FirstStack(in.Item) == in.Count {
			return true
		}
	}
	return false
}

// craftRemainder is what stays in the grid after crafting (buckets).
func craftRemainder(rec *mcdata.Recipe) string {
	for _, in := range rec.Ingredients {
		if in.Item == "milk_bucket" || in.Item == "water_bucket" || in.Item == "lava_bucket" {
			return "bucket"
		}
		if in.Item == "honey_bottle" {
			return "glass_bottle"
		}
	}
	return ""
}

// smeltingFuel is mc.getSmeltingFuel: coal, charcoal or blaze rods first,
// then logs and planks, then coal blocks and lava buckets.
func smeltingFuel(inv *Inventory) string {
	names, _ := inv.Counts()
	for _, pass := range []func(string) bool{
		func(n string) bool { return n == "coal" || n == "charcoal" || n == "blaze_rod" },
		func(n string) bool { return strings.Contains(n, "log") || strings.Contains(n, "planks") },
		func(n string) bool { return n == "coal_block" || n == "lava_bucket" },
	} {
		for _, n := range names {
			if pass(n) {
				return n
			}
		}
	}
	return ""
}

// pickStation is the station !smeltItem uses: the nearest furnace within
// 32 blocks, as in MINDcraft, except that a smoker (for food) or blast
// furnace (for ores) within reach is preferred, being twice as fast, and
// that a station busy with another item gives way to an idle one. A
// stock server's !smeltItem only ever finds furnaces; the cooking world's
// smoker would be decoration.
func (r *run) pickStation(sm mcdata.Smelting) *Container {
	var best *Container
	bestRank, bestD := 0, 0.0
	for _, kind := range sm.Stations {
		if !isFurnace(kind) {
			continue
		}
		for _, p := range r.w.nearestBlocks(r.a.pos, []string{kind}, 32, 8, nil) {
			c := r.w.containers[p]
			if c == nil {
				continue
			}
			rank := 0
			if r.w.busyWithOther(c, sm.Input) {
				rank += 2
			}
			if kind == "furnace" {
				rank++
			}
			d := r.a.pos.Dist(p.Vec())
			if best == nil || rank < bestRank || rank == bestRank && d < bestD {
				best, bestRank, bestD = c, rank, d
			}
		}
	}
	return best
}

// busyWithOther reports whether station c is still smelting an item
// other than item.
func (w *World) busyWithOther(c *Container, item string) bool {
	return c.busyUntil > w.now && c.busyItem != item
}

func cmdSmeltItem(r *run, args []command.Value) string {
	item, num := args[0].S, args[1].Int()
	w, a := r.w, r.a
	sm, ok := mcdata.Smelt(item)
	if !ok {
		r.log("Cannot smelt %s. Hint: make sure you are smelting the 'raw' item.", item)
		return ""
	}
	f := r.pickStation(sm)
	placed := false
	if f == nil && a.inv.Count("furnace") > 0 {
		if p, ok := r.placeNearby("furnace"); ok {
			f, placed = w.containers[p], true
		}
	}
	if f == nil {
		r.say(texts.NoFurnace)
		return ""
	}
	fp := f.Pos
	done := func() {
		if placed {
			r.pickUpPlaced(fp, "furnace")
		}
	}
	if a.pos.Dist(fp.Vec()) > 4 {
		r.goToFoundBlock(f.Kind, fp, 4)
	}
	if f.Input.Count > 0 && f.Input.Item != item || w.busyWithOther(f, item) {
		busy := f.Input.Item
		if busy == "" {
			busy = f.busyItem
		}
		r.say(texts.FurnaceBusy(busy))
		done()
		return ""
	}
	if a.inv.Count(item) < num {
		r.log("You do not have enough %s to smelt.", item)
		done()
		return ""
	}
	if f.Fuel.Count == 0 && f.burnLeft < float64(num) {
		fuel := smeltingFuel(a.inv)
		if fuel == "" {
			r.log("You have no fuel to smelt %s, you need coal, charcoal, or wood.", item)
			done()
			return ""
		}
		r.log("Using %s as fuel.", fuel)
		need := ceilDiv(float64(num), smeltCapacity(fuel))
		if a.inv.Count(fuel) < need {
			r.log("You don't have enough %s to smelt %d %s; you need %d.", fuel, num, item, need)
			done()
			return ""
		}
		a.inv.Remove(fuel, need)
		f.Fuel = Slot{fuel, need}
		r.log("Added %d %s to furnace fuel.", need, fuel)
	}
	a.inv.Remove(item, num)
	a.fixHeld()
	f.Input = Slot{item, f.Input.Count + num}
	smelted := f.burnFor(num)
	f.Input.Count -= smelted
	if f.Input.Count == 0 {
		f.Input = Slot{}
	}
	// The action waits for the station (another agent's batch of the
	// same item first), then the station's time per item.
	// The agent is r.dur into its action (a program's earlier skills),
	// which the world's clock has not moved by yet.
	wait := 0.0
	if at := w.now + time.Duration(r.dur*float64(time.Second)); f.busyUntil > at {
		wait = (f.busyUntil - at).Seconds()
	}
	secs := mcdata.SmeltSeconds(f.Kind) * float64(max(smelted, 1))
	r.spend(wait + 0.2 + secs)
	f.busyUntil = w.now + time.Duration(r.dur*float64(time.Second))
	f.busyItem = item
	total := a.inv.Add(sm.Output, smelted)
	if total < smelted {
		f.Output = Slot{sm.Output, smelted - total}
	}
	done()
	switch {
	case total == 0:
		r.log("Failed to smelt %s.", item)
	case total < num:
		r.log("Only smelted %d %s.", total, sm.Output)
	default:
		r.log("%s", texts.Smelted(item, total, sm.Output))
	}
	return ""
}

func ceilDiv(a, b float64) int {
	if b <= 0 {
		return 1 << 30
	}
	n := int(a / b)
	if float64(n)*b < a {
		n++
	}
	return n
}

func cmdClearFurnace(r *run, _ []command.Value) string {
	fp := r.w.nearestBlock(r.a.pos, []string{"furnace"}, 32)
	if fp == nil {
		r.log("No furnace nearby to clear.")
		return ""
	}
	if r.a.pos.Dist(fp.Vec()) > 4 {
		r.goToNearestBlock("furnace", 4, 32)
	}
	f := r.w.containers[*fp]
	take := func(s *Slot, none string) string {
		if s.Count == 0 {
			return "0 " + none
		}
		got := r.a.inv.Add(s.Item, s.Count)
		text := fmt.Sprintf("%d %s", got, s.Item)
		s.Count -= got
		if s.Count == 0 {
			*s = Slot{}
		}
		return text
	}
	out := take(&f.Output, "smelted items")
	in := take(&f.Input, "input items")
	fuel := take(&f.Fuel, "fuel items")
	r.spend(0.5)
	r.say(texts.FurnaceCleared(out, in, fuel))
	return ""
}
