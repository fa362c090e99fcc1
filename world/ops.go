package world

import (
	"math"

	"collabcraft/mcdata"
)

// The world operations both dialects act through. A MINDcraft command and
// a VillagerAgent tool that do the same thing (walk, dig, place, craft,
// smelt, hand items over, use a chest, strike, equip) each check their own
// source's conditions and word the outcome in its own texts, but change the
// world with the same operation below, so one mechanic has one
// implementation. Walking is (*run).walk (move.go).

// mine breaks the block at p with tool in vanilla's breaking time and gives
// the drops to the agent; without drops (a dig in creative mode) it is
// instant and the drops are lost. It returns how many item stacks the
// agent picked up.
func (r *run) mine(p Pos, tool string, drops bool) int {
	if !drops {
		r.w.breakBlock(p, tool, nil)
		return 0
	}
	b, _ := mcdata.LookupBlock(r.w.blocks.name(p))
	r.spend(mineSeconds(b, tool))
	n := r.w.breakBlock(p, tool, r.a)
	r.w.escapeBroken(r.a, p)
	return n
}

// placeSeconds is the time to look at a cell and place a block there.
const placeSeconds = 0.45

// put places one block of the agent's at p, taking it from the inventory
// (when the agent has one: a server's /setblock needs none).
func (r *run) put(block string, p Pos, st mcdata.State) {
	r.a.inv.Remove(block, 1)
	r.a.fixHeld()
	if st.IsZero() {
		r.w.setBlock(p, block)
	} else {
		placed, pst := placedForm(block, st)
		r.w.setBlockState(p, placed, pst)
	}
	r.w.escapePlaced(r.a, p)
	r.spend(placeSeconds)
}

// crafted is the outcome of one craft.
type crafted int

const (
	craftDone    crafted = iota
	craftMissing         // an ingredient is short
	craftNoRoom          // the result does not fit the inventory
)

// craftOnce crafts rec once from the agent's inventory: the ingredients
// go, the result and what stays in the grid (buckets, bottles) come.
func (a *Agent) craftOnce(rec *mcdata.Recipe) crafted {
	for _, in := range rec.Ingredients {
		if a.inv.Count(in.Item) < in.Count {
			return craftMissing
		}
	}
	if a.inv.Room(rec.Result) < rec.Count && !freesSlot(a.inv, rec) {
		return craftNoRoom
	}
	for _, in := range rec.Ingredients {
		a.inv.Remove(in.Item, in.Count)
	}
	a.inv.Add(rec.Result, rec.Count)
	if rem := craftRemainder(rec); rem != "" {
		a.inv.Add(rem, 1)
	}
	return craftDone
}

// burnFor burns the station's fuel for up to n items, a fuel item at a
// time (a coal smelts 8), and returns how many items the fuel covers.
func (c *Container) burnFor(n int) int {
	smelted := 0
	for smelted < n {
		if c.burnLeft < 1 {
			if c.Fuel.Count == 0 {
				break
			}
			c.burnLeft += smeltCapacity(c.Fuel.Item)
			c.Fuel.Count--
			if c.Fuel.Count == 0 {
				c.Fuel = Slot{}
			}
		}
		c.burnLeft--
		smelted++
	}
	return smelted
}

// transfer moves up to n of item from one inventory to another, as many as
// the source holds and the destination has room for, and returns how many
// moved (a chest's withdraw and deposit).
func transfer(src, dst *Inventory, item string, n int) int {
	n = min(n, src.Count(item), dst.Room(item))
	if n <= 0 {
		return 0
	}
	src.Remove(item, n)
	dst.Add(item, n)
	return n
}

// giveItems takes up to n of item from one player and hands them to
// another: it returns how many were taken and how many the receiver could
// not hold (left on the ground, for the caller to pick up or leave).
func giveItems(from, to *Agent, item string, n int) (taken, over int) {
	taken = from.inv.Remove(item, n)
	from.fixHeld()
	return taken, taken - to.inv.Add(item, taken)
}

// hitMob strikes m blows times with dmg each, one attack cooldown apiece;
// the blows that kill it (blowsToKill) leave it gone and its drops with
// the agent. It returns whether the mob died and how many kinds of item
// the agent took.
func (r *run) hitMob(m *Mob, dmg float64, blows int) (killed bool, picked int) {
	r.spend(float64(max(blows, 0)) * attackSeconds)
	if blows < blowsToKill(m.health, dmg) {
		m.health -= dmg * float64(max(blows, 0))
		return false, 0
	}
	r.w.removeMob(m)
	return true, r.takeDrops(m)
}

// blowsToKill is how many blows of dmg kill a mob of health h.
func blowsToKill(h, dmg float64) int { return int(math.Ceil(h / dmg)) }

// equipSeconds is the time to move an item to the hand or an armor slot.
const equipSeconds = 0.25

// wear puts one item into armor slot s, giving back what was worn there.
func (a *Agent) wear(item string, s int) {
	if a.armor[s] == item {
		return
	}
	a.inv.Remove(item, 1)
	if a.armor[s] != "" {
		a.inv.Add(a.armor[s], 1)
	}
	a.armor[s] = item
	a.fixHeld()
}
