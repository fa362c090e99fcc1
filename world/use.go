package world

import (
	"slices"
	"strings"

	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// useHeldOn is a player's use (right click) of the held item on mob m, as
// the server applies it: shears shear a sheep, a bucket milks a cow (a
// creative player keeps the bucket), a saddle saddles a pig, an animal's
// breeding food is fed to it; other uses change nothing here.
func (r *run) useHeldOn(held string, m *Mob, creative bool) {
	a := r.a
	switch {
	case held == "shears" && m.Kind == "sheep" && !m.sheared:
		m.sheared = true
		a.inv.Add("white_wool", 1+r.w.rng.IntN(3))
	case held == "bucket" && (m.Kind == "cow" || m.Kind == "mooshroom" || m.Kind == "goat"):
		if creative {
			if a.inv.Count("milk_bucket") == 0 {
				a.inv.Add("milk_bucket", 1)
			}
			return
		}
		a.inv.Remove("bucket", 1)
		a.inv.Add("milk_bucket", 1)
		if a.inv.Count("bucket") == 0 {
			a.held = "milk_bucket"
		}
	case held == "saddle" && m.Kind == "pig" && !m.saddled:
		m.saddled = true
		if !creative {
			a.inv.Remove("saddle", 1)
			a.fixHeld()
		}
	case slices.Contains(breedingFood[m.Kind], held):
		if !creative {
			a.inv.Remove(held, 1)
			a.fixHeld()
		}
	}
}

// useReach is skills.useToolOn's search radius for its target.
const useReach = 64

// cmdUseOn is the later MINDcraft's !useOn(tool_name, target)
// (skills.useToolOn, command.FarmSpecs): "nothing" uses the tool in the
// air; an entity type walks to the nearest such entity within 64 blocks
// and uses the tool (or the bare hand, "hand") on it; anything else is a
// block type, walked to within 2 and used on. Its inventory check never
// fires (`!bot.game.gameMode === 'creative'` is always false): a tool the
// agent lacks fails at the equip.
func cmdUseOn(r *run, args []command.Value) string {
	tool, target := args[0].S, strings.ToLower(args[1].S)
	equip := func() bool {
		if tool == "hand" {
			r.a.held = ""
			return true
		}
		if r.a.inv.Count(tool) == 0 {
			r.log("You do not have any %s to equip.", tool)
			return false
		}
		r.a.held = tool
		r.spend(equipSeconds)
		r.log("Equipped %s.", tool)
		return true
	}
	switch {
	case target == "nothing":
		if equip() {
			r.spend(activateSeconds)
			r.say(texts.Used(tool))
		}
	case isEntityType(target):
		m := r.w.nearestMob(r.a.pos, target)
		if m == nil || m.pos.Dist(r.a.pos) > useReach {
			r.say(texts.NoneFound(target))
			return ""
		}
		r.goToPosition(m.pos.X, m.pos.Y, m.pos.Z, 2)
		if !equip() {
			return ""
		}
		r.spend(activateSeconds)
		if m.pos.Dist(r.a.pos) < reach {
			r.useHeldOn(r.a.held, m, false)
		}
		r.say(texts.UsedOn(tool, target))
	default:
		p := r.w.nearestBlock(r.a.pos, []string{target}, useReach)
		if p == nil {
			r.say(texts.NoneFound(target))
			return ""
		}
		r.goToPosition(float64(p.X), float64(p.Y), float64(p.Z), 2)
		if tool != "hand" && r.a.inv.Count(tool) == 0 {
			r.log("You do not have any %s to equip.", tool)
			r.log("Could not equip %s.", tool)
			return ""
		}
		equip()
		r.spend(activateSeconds)
		r.say(texts.UsedOn(tool, r.w.blocks.name(*p)))
	}
	return ""
}

// isEntityType is world.isEntityType: an entity name minecraft-data knows.
func isEntityType(name string) bool {
	_, ok := mobKinds[name]
	return ok || slices.Contains(entityNames, name)
}
