package world

import (
	"strings"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// discard tosses up to num of item (skills.discard); the items leave the
// inventory and are returned as the count tossed.
func (r *run) discard(item string, num int) int {
	n := r.a.inv.Remove(item, num)
	r.a.fixHeld()
	r.tossed(item, n)
	return n
}

// tossed logs that n of item left the agent's hands, as skills.discard.
func (r *run) tossed(item string, n int) {
	if n == 0 {
		r.log("You do not have any %s to discard.", item)
		return
	}
	r.log("Discarded %d %s.", n, item)
	r.spend(0.2)
}

// fixHeld empties the hand when its item is gone.
func (a *Agent) fixHeld() {
	if a.held != "" && a.inv.Count(a.held) == 0 {
		a.held = ""
	}
}

func cmdGivePlayer(r *run, args []command.Value) string {
	name, item, num := args[0].S, args[1].S, args[2].Int()
	to := r.w.byName[name]
	if to == nil {
		r.throw("TypeError: Cannot read properties of undefined (reading 'entity')")
		return ""
	}
	if !r.goToPlayer(name, 3) {
		return ""
	}
	if r.a.pos.Dist(to.pos) < 2 {
		if err := r.moveAwayFrom(to.pos.Block(), 2); err != "" || r.a.pos.Dist(to.pos) < 2 {
			r.log("Failed to give %s to %s, too close.", item, name)
			return ""
		}
	}
	// MINDcraft also logs the bot's y coordinate here (a stray debug
	// line); it meant nothing, so it is left out.
	n, over := giveItems(r.a, to, item, num) // tossed, then picked up
	r.tossed(item, n)
	if n > 0 && to != r.a {
		r.a.inv.Add(item, over) // what the receiver cannot hold is picked back up
		r.spend(0.5)
		if n > over {
			r.say(texts.Received(name, item))
			return ""
		}
	}
	r.say(texts.NeverReceived(item, name))
	return ""
}

// alwaysEdible can be consumed with a full hunger bar.
var alwaysEdible = map[string]bool{"golden_apple": true, "enchanted_golden_apple": true, "chorus_fruit": true, "milk_bucket": true, "potion": true, "honey_bottle": true}

// leftovers are what consuming an item leaves in the hand.
var leftovers = map[string]string{
	"mushroom_stew": "bowl", "rabbit_stew": "bowl", "beetroot_soup": "bowl", "suspicious_stew": "bowl",
	"milk_bucket": "bucket", "honey_bottle": "glass_bottle", "potion": "glass_bottle",
}

func cmdConsume(r *run, args []command.Value) string {
	item := args[0].S
	a := r.a
	if a.inv.Count(item) == 0 {
		r.log("You do not have any %s to eat.", item)
		return ""
	}
	if err := r.eat(item); err != "" {
		r.throw("Error: " + err)
		return ""
	}
	r.log("Consumed %s.", item)
	return ""
}

// eat is bot.consume() of one item, in hand: it returns mineflayer's
// refusal ("Consuming cancelled" for what is no food, "Food is full"), or
// "" once eaten.
func (r *run) eat(item string) string {
	a := r.a
	food, edible := mcdata.LookupFood(item)
	if !edible && !alwaysEdible[item] {
		return "Consuming cancelled"
	}
	if a.food >= 20 && !alwaysEdible[item] {
		return "Food is full"
	}
	a.held = item
	a.inv.Remove(item, 1)
	a.food = min(20, a.food+food.FoodPoints)
	if l := leftovers[item]; l != "" {
		a.inv.Add(l, 1)
	}
	a.fixHeld()
	r.spend(1.6)
	return ""
}

// armorSlot returns the armor slot index for an item, or -1.
func armorSlot(item string) int {
	switch {
	case strings.Contains(item, "helmet") || item == "turtle_helmet" || item == "carved_pumpkin":
		return 0
	case strings.Contains(item, "chestplate") || item == "elytra":
		return 1
	case strings.Contains(item, "leggings"):
		return 2
	case strings.Contains(item, "boots"):
		return 3
	}
	return -1
}

func cmdEquip(r *run, args []command.Value) string {
	item := args[0].S
	a := r.a
	s := armorSlot(item)
	if a.inv.Count(item) == 0 && (s < 0 || a.armor[s] != item) {
		r.log("You do not have any %s to equip.", item)
		return ""
	}
	if s >= 0 {
		a.wear(item, s)
	} else {
		a.held = item
	}
	r.spend(equipSeconds)
	r.log("Equipped %s.", item)
	return ""
}

func cmdDiscard(r *run, args []command.Value) string {
	item, num := args[0].S, args[1].Int()
	start := r.a.pos
	if err := r.moveAwayFrom(start.Block(), 5); err != "" {
		r.throw(pathErrName(err) + ": " + err)
		return ""
	}
	r.log("Moved away from nearest entity to %s.", r.a.pos)
	r.discard(item, num)
	r.goToPosition(start.X, start.Y, start.Z, 0)
	return ""
}

// nearestContainer returns the nearest container of kind within dist.
func (r *run) nearestContainer(kind string, dist float64) *Container {
	p := r.w.nearestBlock(r.a.pos, []string{kind}, dist)
	if p == nil {
		return nil
	}
	return r.w.containers[*p]
}

func cmdPutInChest(r *run, args []command.Value) string {
	item, num := args[0].S, args[1].Int()
	c := r.nearestContainer("chest", 32)
	if c == nil {
		r.say(texts.NoChestNearby)
		return ""
	}
	first := r.a.inv.FirstStack(item)
	if first == 0 {
		r.log("You do not have any %s to put in the chest.", item)
		return ""
	}
	// MINDcraft clamps to the first stack it finds.
	toPut := min(num, first)
	if !r.goToPosition(float64(c.Pos.X), float64(c.Pos.Y), float64(c.Pos.Z), 2) {
		return ""
	}
	if r.chestLocked(c) {
		return ""
	}
	toPut = transfer(r.a.inv, c.Inv, item, toPut)
	r.a.fixHeld()
	r.spend(0.5)
	r.log("Successfully put %d %s in the chest.", toPut, item)
	return ""
}

func cmdTakeFromChest(r *run, args []command.Value) string {
	item, num := args[0].S, args[1].Int()
	c := r.nearestContainer("chest", 32)
	if c == nil {
		r.say(texts.NoChestNearby)
		return ""
	}
	if !r.goToPosition(float64(c.Pos.X), float64(c.Pos.Y), float64(c.Pos.Z), 2) {
		return ""
	}
	if r.chestLocked(c) {
		return ""
	}
	first := c.Inv.FirstStack(item)
	if first == 0 {
		r.say(texts.NotInChest(item))
		return ""
	}
	toTake := transfer(c.Inv, r.a.inv, item, min(num, first))
	r.spend(0.5)
	r.log("Successfully took %d %s from the chest.", toTake, item)
	return ""
}

func cmdViewChest(r *run, _ []command.Value) string {
	c := r.nearestContainer("chest", 32)
	if c == nil {
		r.say(texts.NoChestNearby)
		return ""
	}
	if !r.goToPosition(float64(c.Pos.X), float64(c.Pos.Y), float64(c.Pos.Z), 2) {
		return ""
	}
	if r.chestLocked(c) {
		return ""
	}
	stacks := c.Inv.Stacks()
	if len(stacks) == 0 {
		r.say(texts.ChestEmpty)
		return ""
	}
	r.say(texts.ChestContains)
	for _, s := range stacks {
		r.say(texts.ChestLine(s.Count, s.Item))
	}
	r.spend(0.5)
	return ""
}
