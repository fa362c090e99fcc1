package world

import (
	"math"
	"strings"

	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// weaponDamage is an item's attack damage (Java Edition 1.20).
func weaponDamage(item string) float64 {
	tiers := map[string]float64{"wooden": 0, "golden": 0, "stone": 1, "iron": 2, "diamond": 3, "netherite": 4}
	tier, kind, ok := strings.Cut(item, "_")
	if !ok {
		return 1
	}
	t, known := tiers[tier]
	if !known {
		return 1
	}
	switch kind {
	case "sword":
		return 4 + t
	case "axe":
		return []float64{7, 7, 9, 9, 9, 10}[int(t)+1]
	case "pickaxe":
		return 2 + t
	case "shovel":
		return 2.5 + t
	}
	return 1
}

// equipBestWeapon is equipHighestAttack.
func (a *Agent) equipBestWeapon() float64 {
	best, dmg := "", 1.0
	names, _ := a.inv.Counts()
	for _, n := range names {
		if d := weaponDamage(n); d > dmg {
			best, dmg = n, d
		}
	}
	if best != "" {
		a.held = best
	}
	return dmg
}

func cmdAttack(r *run, args []command.Value) string {
	kind := args[0].S
	var target *Mob
	for _, m := range r.w.nearbyMobs(r.a.pos, 24) {
		if m.Kind == kind {
			target = m
			break
		}
	}
	if target == nil {
		r.say(texts.NoneToAttack(kind))
		return ""
	}
	r.killMob(target)
	return ""
}

// attackSeconds is the time one blow takes: the attack cooldown after
// which a blow deals its full damage.
const attackSeconds = 0.625

// killMob is attackEntity(bot, mob, kill=true): walk up, strike with the
// best weapon until it dies, take its drops (pickupNearbyItems).
func (r *run) killMob(m *Mob) {
	r.walkTo(near(m.pos.Block(), 2))
	dmg := r.a.equipBestWeapon()
	_, picked := r.hitMob(m, dmg, blowsToKill(m.health, dmg))
	r.say(texts.Killed(m.Kind))
	r.log("Picked up %d items.", picked)
}

// takeDrops hands a dead mob's loot to the agent (it would pick it up)
// and returns how many kinds of item it took.
func (r *run) takeDrops(m *Mob) int {
	picked := 0
	for _, d := range mobKinds[m.Kind].drops {
		n := d.Min
		if d.Max > d.Min {
			n += r.w.rng.IntN(d.Max - d.Min + 1)
		}
		if n > 0 && r.a.inv.Add(d.Item, n) > 0 {
			picked++
		}
	}
	return picked
}

func cmdAttackPlayer(r *run, args []command.Value) string {
	name := args[0].S
	t := r.w.byName[name]
	if t == nil {
		r.log("Could not find player %s.", name) // bot.players[name] has no entity
		return ""
	}
	if t == r.a {
		r.say(texts.NoneToAttack(name))
		return ""
	}
	if err := r.walkTo(near(t.pos.Block(), 2)); err != "" {
		r.say(texts.NoneToAttack(name))
		return ""
	}
	r.killPlayer(t)
	return ""
}

// killPlayer strikes player t, in reach, until it dies.
func (r *run) killPlayer(t *Agent) {
	dmg := r.a.equipBestWeapon()
	r.spend(math.Ceil(t.health/dmg) * attackSeconds)
	picked := r.playerDies(t)
	r.log("Successfully killed player.")
	r.log("Picked up %d items.", picked)
}

// playerDies: the player drops everything (which the attacker picks up)
// and respawns at the world spawn with full health. It returns how many
// stacks the attacker took.
func (r *run) playerDies(t *Agent) int {
	picked := 0
	for _, s := range t.inv.Stacks() {
		if r.a.inv.Add(s.Item, s.Count) > 0 {
			picked++
		}
	}
	t.inv = newInventory(playerSlots)
	t.held, t.armor = "", [4]string{}
	t.health, t.food = 20, 20
	t.pos = r.w.spawnFor(t.ID)
	return picked
}

// untilInterrupted stands for a skill that would loop until the code is
// stopped: it takes all the time there is.
func (r *run) untilInterrupted() { r.spend(maxActionSeconds) }

// attackEntity is skills.attackEntity for the entity with id (-1: an
// object that is no entity of the world) called name. With kill it
// attacks until the entity is no longer among those within 24 blocks;
// without, it strikes once (the caller walks up first).
func (r *run) attackEntity(id int, name string, kill bool) {
	r.a.equipBestWeapon()
	m := r.w.mobByID(id)
	var t *Agent
	for _, a := range r.w.agents {
		if a.ID == id {
			t = a
		}
	}
	if !kill {
		switch {
		case m != nil:
			r.strikeMob(m)
		case t != nil && t != r.a && t.pos.Dist(r.a.pos) < reach:
			r.spend(attackSeconds)
			if t.health -= weaponDamage(r.a.held); t.health <= 0 {
				r.playerDies(t)
			}
		}
		return
	}
	switch {
	case m != nil && m.pos.Dist(r.a.pos) <= 24:
		r.killMob(m)
	case t == r.a:
		r.untilInterrupted() // it never leaves the list
	case t != nil && t.pos.Dist(r.a.pos) <= 24:
		if err := r.walkTo(near(t.pos.Block(), 2)); err != "" {
			r.untilInterrupted() // pvp follows it and never gets there
			return
		}
		r.killPlayer(t)
	default: // not in the list: nothing to wait for
		r.say(texts.Killed(name))
		r.log("Picked up 0 items.")
	}
}

// reach is how far the server accepts a blow from (6 blocks).
const reach = 6.0

// strikeMob is one blow of bot.attack with the held item; a mob it kills
// leaves its drops, which the agent takes.
func (r *run) strikeMob(m *Mob) {
	if m.pos.Dist(r.a.pos) >= reach {
		return
	}
	r.spend(attackSeconds)
	if m.health -= weaponDamage(r.a.held); m.health <= 0 {
		r.w.removeMob(m)
		r.takeDrops(m)
	}
}

// defendSelf is skills.defendSelf: it fights the nearest hostile mob
// within rng until none is left.
func (r *run) defendSelf(rng float64) bool {
	attacked := false
	for m := r.w.nearestHostile(r.a.pos, rng); m != nil; m = r.w.nearestHostile(r.a.pos, rng) {
		dmg := r.a.equipBestWeapon()
		if m.pos.Dist(r.a.pos) >= 4 {
			r.walkTo(near(m.pos.Block(), 3.5))
		}
		if m.pos.Dist(r.a.pos) <= 2 {
			r.moveAwayFrom(m.pos.Block(), 2)
		}
		if m.pos.Dist(r.a.pos) > 3 && r.walkTo(near(m.pos.Block(), 3)) != "" {
			r.untilInterrupted() // pvp can never reach it
			return false
		}
		r.spend(math.Ceil(m.health/dmg) * attackSeconds)
		r.w.removeMob(m)
		r.takeDrops(m)
		attacked = true
	}
	if attacked {
		r.log("Successfully defended self.")
	} else {
		r.log("No enemies nearby to defend self from.")
	}
	return attacked
}

// avoidEnemies is skills.avoidEnemies: while a hostile mob is within
// dist it walks to more than dist+1 from it, checking every half second,
// and strikes one that stays within 3 blocks. Mobs stand still in this
// world, so coming back to a cell means it would go round for ever.
func (r *run) avoidEnemies(dist float64) bool {
	seen := map[Pos]bool{r.a.pos.Block(): true}
	for m := r.w.nearestHostile(r.a.pos, dist); m != nil; m = r.w.nearestHostile(r.a.pos, dist) {
		err := r.moveAwayFrom(m.pos.Block(), dist+1)
		r.spend(0.5)
		if err == "" && !seen[r.a.pos.Block()] {
			seen[r.a.pos.Block()] = true
			continue
		}
		if err == "" || m.pos.Dist(r.a.pos) >= 3 {
			r.untilInterrupted()
			break
		}
		r.a.equipBestWeapon()
		r.strikeMob(m)
	}
	r.log("Moved %s away from enemies.", jsNum(dist))
	return true
}
