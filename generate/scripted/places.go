package scripted

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/world/texts"
)

// Places: where the agent's context puts it and what it found. $STATS
// gives its own cell at every call; a block search's output names the
// station it walked to ("Found smoker at (2004, -60, 1233)"); a
// collection walk ends where the crop grew. Players tell each other such
// places ("the smoker is at ...", "I'm at ..."), and they tie an agent's
// words to the world it moves in.

// spot is a block cell.
type spot [3]int

func (p spot) String() string { return fmt.Sprintf("(%d, %d, %d)", p[0], p[1], p[2]) }

// blocksTo is the distance to q along the ground, in whole blocks.
func (p spot) blocksTo(q spot) int {
	return int(math.Round(math.Hypot(float64(q[0]-p[0]), float64(q[2]-p[2]))))
}

// here is the cell $STATS puts the agent in.
func here(c *know.Context) (spot, bool) {
	at, ok := texts.ParsePosition(c.Stats())
	return spot(at), ok
}

// stationName says a station block as players do: "crafting table".
func stationName(block string) string { return strings.ReplaceAll(block, "_", " ") }

// foundAt is where the agent's newest search in its window found one of
// blocks, and which.
func foundAt(c *know.Context, blocks ...string) (spot, string, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if b, at, ok := texts.ParseFound(acts[i].Output); ok && slices.Contains(blocks, b) {
			return spot(at), b, true
		}
	}
	return spot{}, "", false
}

// pickedAt is where the agent's newest collection of block in its window
// took it, if it found any.
func pickedAt(c *know.Context, block string) (spot, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Name != "!collectBlocks" || len(a.Args) == 0 || a.Args[0] != block {
			continue
		}
		if n, _, ok := texts.ParseCollected(a.Output); !ok || n == 0 {
			continue
		}
		if at, ok := reachedSpot(a.Output); ok {
			return at, true
		}
	}
	return spot{}, false
}

// reachedSpot is the cell the output's first walk ended in.
func reachedSpot(output string) (spot, bool) {
	x, y, z, ok := texts.ParseReached(output)
	if !ok {
		return spot{}, false
	}
	cell := func(v string) int {
		f, _ := strconv.ParseFloat(v, 64)
		return int(math.Floor(f))
	}
	return spot{cell(x), cell(y), cell(z)}, true
}

// stationNote says where the station the next step needs stands, when a
// search in the window found it and the agent is away from it: "the
// smoker is at (2004, -60, 1233), 20 blocks from here".
func (w *words) stationNote(blocks ...string) string {
	at, b, ok := foundAt(w.ctx(), blocks...)
	me, here := here(w.ctx())
	if !ok || !here {
		return ""
	}
	d := me.blocksTo(at)
	if d < 3 {
		return w.v.pick("I'm still by the "+stationName(b)+" at "+at.String(), "the "+stationName(b)+" is right here at "+at.String())
	}
	return w.v.gen(fmt.Sprintf("{the %[1]s is|the %[1]s I used is|there's the %[1]s} {at %[2]s, %[3]d blocks from here|%[3]d blocks away, at %[2]s|back at %[2]s}", stationName(b), at, d))
}

// cropNote says where the agent last found a crop it needs again.
func (w *words) cropNote(block string) string {
	at, ok := pickedAt(w.ctx(), block)
	if !ok {
		return ""
	}
	return w.v.gen(fmt.Sprintf("{there were|I found|I picked} %s {around|near|by} %s {last time|before|earlier}", block, at))
}

// hereNote says where the agent stands, for teammates that may need it.
func (w *words) hereNote() string {
	me, ok := here(w.ctx())
	if !ok {
		return ""
	}
	return w.v.pick("I'm at "+me.String(), "I'm standing at "+me.String(), "you can find me at "+me.String(), "my spot is "+me.String())
}

// placedClause is what the agent's last command did, told with the place
// it did it in: the station it used or where the crop grew ("" if the
// output names no place).
func (w *words) placedClause(o string) string {
	v := w.v
	if item, n, ok := texts.ParseCrafted(o); ok {
		if b, cell, ok := texts.ParseFound(o); ok {
			m := []string{"", item, itoa(n), item}
			st, at := stationName(b), spot(cell)
			return v.pick(
				"the "+st+" at "+at.String()+" gave me "+m[2]+" "+m[3],
				"crafted at the "+st+" by "+at.String()+": "+m[2]+" "+m[3]+" on me",
				"I made the "+m[1]+" at the "+st+", "+at.String()+", so I hold "+m[2]+" now",
			)
		}
	}
	if in, n, out, ok := texts.ParseSmelted(o); ok {
		if b, cell, ok := texts.ParseFound(o); ok {
			m := []string{"", in, itoa(n), out}
			st, at := stationName(b), spot(cell)
			return v.pick(
				"the "+st+" at "+at.String()+" turned my "+m[1]+" into "+m[2]+" "+m[3],
				"smelted at the "+st+" by "+at.String()+": "+m[2]+" "+m[3],
				"I smelted the "+m[1]+" in the "+st+" at "+at.String(),
			)
		}
	}
	if n, block, ok := texts.ParseCollected(o); ok && n != 0 {
		if p, ok := reachedSpot(o); ok {
			m := []string{"", itoa(n), block}
			at := p.String()
			return v.pick(
				"I picked up "+m[1]+" "+m[2]+" around "+at,
				"got "+m[1]+" "+m[2]+" from the patch near "+at,
				"the "+m[2]+" by "+at+" gave me "+m[1],
			)
		}
	}
	me, ok := here(w.ctx())
	if !ok {
		return ""
	}
	if kind, ok := texts.ParseKilled(o); ok {
		return v.pick(
			"the "+kind+" went down near "+me.String(),
			"I got the "+kind+" by "+me.String(),
			"one "+kind+" less around "+me.String(),
		)
	}
	if who, item, ok := texts.ParseReceived(o); ok {
		return v.pick(
			"I met "+who+" at "+me.String()+" and handed over the "+item,
			who+" got the "+item+" from me at "+me.String(),
		)
	}
	return ""
}

// tableNote is stationNote for a recipe made at a crafting table.
func (w *words) tableNote(r mcdata.Recipe) string {
	if !r.NeedsTable {
		return ""
	}
	return w.stationNote("crafting_table")
}

// whereToFindMe ends a helper's report with where it waits; a helper
// still to make its own dish (busy) is not waiting.
func (w *words) whereToFindMe(busy bool) string {
	me, ok := here(w.ctx())
	if !ok || busy {
		return ""
	}
	return w.v.pick("I'm at "+me.String()+" if you need anything else", "you'll find me at "+me.String(), "I'll wait at "+me.String())
}
