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
	r.walkTo(near(target.pos.Block(), 2))
	dmg := r.a.equipBestWeapon()
	r.spend(math.Ceil(target.health/dmg) * 0.625)
	r.w.removeMob(target)
	r.log("Successfully killed %s.", kind)
	picked := 0
	for _, d := range mobKinds[kind].drops {
		n := d.Min
		if d.Max > d.Min {
			n += r.w.rng.IntN(d.Max - d.Min + 1)
		}
		if n > 0 && r.a.inv.Add(d.Item, n) > 0 {
			picked++
		}
	}
	r.log("Picked up %d items.", picked)
	return ""
}

func cmdAttackPlayer(r *run, args []command.Value) string {
	name := args[0].S
	t := r.w.byName[name]
	if t == nil || t == r.a {
		r.say(texts.NoneToAttack(name))
		return ""
	}
	if err := r.walkTo(near(t.pos.Block(), 2)); err != "" {
		r.say(texts.NoneToAttack(name))
		return ""
	}
	dmg := r.a.equipBestWeapon()
	r.spend(math.Ceil(t.health/dmg) * 0.625)
	// The player dies, drops everything (which the attacker picks up) and
	// respawns at the world spawn with full health.
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
	r.log("Successfully killed player.")
	r.log("Picked up %d items.", picked)
	return ""
}
