package world

import (
	"strconv"
	"strings"

	"collabcraft/escape"
	"collabcraft/villager"
)

// toggleAction is VillagerAgent's ToggleAction tool, a post to
// /post_activate (minecraft_server.py:897-965): walk within a block of
// (x, y, z), read the block's open and powered states, use it
// (interact_nearest), and say what the states were as what was done: "I
// open it now" when it was shut, "I turn it on now" when it was
// unpowered, whatever the use did. A block with neither state "is not
// working". A pressure plate answers as if turned on, and stays off: it is
// powered by standing on it (the tool's own description says so).
//
// The client answers a name with "plate" in it itself, without a post
// (minecraft_client.py:706-707): a plate is stood on.
func (c *vcall) toggleAction() villager.Dict {
	w, a := c.r.w, c.r.a
	name := c.str("item_name")
	if strings.Contains(name, "plate") {
		return villager.Dict{{Key: "message", Value: "pressure_plate need to stand on it"}, {Key: "status", Value: false}}
	}
	x, y, z := c.int("x"), c.int("y"), c.int("z")
	c.moveTo(1, float64(x), float64(y), float64(z))
	p := Pos{x, y, z}
	before := w.blocks.name(p)
	if b, ok := w.EscapeBlockAt(p); ok {
		before = b.Name
	}
	hasOpen, open, hasPowered, powered := w.openPowered(p)
	if containsAny(name, "lever", "button", "pressure_plate", "trapdoor", "gate", "door") {
		name = before
	}
	// interact_nearest finds the named block at the position and uses it
	// within reach; a name that is not there is "cannot find".
	flag := before == name && a.pos.Dist(p.Center()) <= reach
	if flag {
		c.r.spend(activateSeconds)
		w.escapeActivate(a, p)
	}
	desc := "I interact with " + w.blocks.name(p) + " at " + strconv.Itoa(x) + " " + strconv.Itoa(y) + " " + strconv.Itoa(z)
	if hasOpen {
		if open {
			desc += ", I close it now."
		} else {
			desc += ", I open it now."
		}
	}
	if hasPowered {
		if powered {
			desc += ", I turn it off now."
		} else {
			desc += ", I turn it on now."
		}
	}
	if !hasOpen && !hasPowered {
		return c.answer(desc+", it is not working.", false, data([]any{}))
	}
	if flag {
		return c.answer(desc, true, data([]any{}))
	}
	return c.answer("I cannot activate "+name+", it is not working.", false, data([]any{}))
}

// openPowered are the block's open and powered properties as mineflayer's
// block._properties has them: doors, trapdoors and gates have both,
// levers, buttons and wooden or stone plates have powered, other blocks
// neither.
func (w *World) openPowered(p Pos) (hasOpen, open, hasPowered, powered bool) {
	b, ok := w.EscapeBlockAt(p)
	if !ok {
		b = escape.Block{Name: w.blocks.name(p)}
	}
	switch escape.KindOf(b.Name) {
	case escape.KindDoor, escape.KindTrapdoor, escape.KindGate:
		return true, b.Open == escape.True, true, b.Powered == escape.True
	case escape.KindLever, escape.KindButton, escape.KindPlate:
		if b.Name == "light_weighted_pressure_plate" || b.Name == "heavy_weighted_pressure_plate" {
			return false, false, false, false // their state is power, a number
		}
		return false, false, true, b.Powered == escape.True
	}
	return false, false, false, false
}
