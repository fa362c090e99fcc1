package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
)

// What a builder says about a level it has read: its shape, what it is
// made of, where the builder's own runs lie and how it differs from the
// level below. Every fact comes from the !getBlueprintLevel output in the
// window (and the builder's share of it, worked out from that output), so
// the words are as grounded as the command.

// levelLook is a level's blocks as the read printed them.
type levelLook struct {
	k          int
	rows, cols int // the box its blocks span
	blocks     int // cells that are not air
	mats       map[string]int
	solid      bool // every cell of the box is a block: a floor or ceiling
	ring       bool // blocks only on the box's edge: one room's walls
	north      int  // the z of the box's first row
}

func lookAt(lv blueprints.Level) levelLook {
	l := levelLook{k: lv.Level, mats: map[string]int{}}
	r0, r1, c0, c1 := -1, -1, -1, -1
	for r, row := range lv.Placement {
		for c, name := range row {
			if name == blueprints.Air || name == "" {
				continue
			}
			l.blocks++
			l.mats[name]++
			if r0 < 0 || r < r0 {
				r0 = r
			}
			r1 = max(r1, r)
			if c0 < 0 || c < c0 {
				c0 = c
			}
			c1 = max(c1, c)
		}
	}
	if l.blocks == 0 {
		return l
	}
	l.rows, l.cols = r1-r0+1, c1-c0+1
	l.north = lv.Coordinates[2] + r0
	l.solid = l.blocks == l.rows*l.cols
	l.ring = !l.solid && l.rows > 2 && l.cols > 2
	for r := r0 + 1; l.ring && r < r1; r++ {
		for c := c0 + 1; c < c1; c++ {
			if name := lv.Placement[r][c]; name != blueprints.Air && name != "" {
				l.ring = false
				break
			}
		}
	}
	if l.ring {
		l.ring = l.blocks == 2*(l.rows+l.cols)-4
	}
	return l
}

// area is the box's size: "9 by 14" (rows by columns).
func (l levelLook) area() string { return fmt.Sprintf("%d by %d", l.rows, l.cols) }

// shapeFact says what the level is: a solid layer, one room's walls, or
// walls with rooms inside.
func shapeFact(v *voice, l levelLook) string {
	k := itoa(l.k)
	switch {
	case l.blocks == 0:
		return ""
	case l.solid && l.k == 0:
		return v.pick("level 0 is the ground slab, "+l.area()+" and solid", "level 0 is one solid "+l.area()+" slab", "the ground slab is "+l.area()+", "+itoa(l.blocks)+" blocks")
	case l.solid:
		return v.pick("level "+k+" is a solid "+l.area()+" layer, floor or ceiling", "level "+k+" is solid all over: "+itoa(l.blocks)+" blocks, "+l.area())
	case l.ring:
		return v.pick("level "+k+" is just the outer wall, a "+l.area()+" ring", "level "+k+" is one ring of wall around "+l.area()+" cells", "level "+k+" has only the outer wall: "+plural(l.blocks, "block")+" around the edge")
	}
	return v.pick(
		"level "+k+" has "+plural(l.blocks, "block")+" across "+l.area()+" cells, inner walls included",
		"level "+k+" spreads "+plural(l.blocks, "block")+" of wall over "+l.area(),
		"level "+k+" is walls around and between rooms, "+l.area()+" wide",
	)
}

// materialFact says what the level is made of, windows, doors and carpets
// by name.
func materialFact(v *voice, l levelLook) string {
	if l.blocks == 0 {
		return ""
	}
	main, n := "", 0
	for _, m := range sortedKeys(l.mats) {
		if l.mats[m] > n {
			main, n = m, l.mats[m]
		}
	}
	k := itoa(l.k)
	var extras []string
	if g := l.mats["glass"]; g > 0 {
		extras = append(extras, v.pick(itoa(g)+" glass for windows", itoa(g)+" glass in the walls"))
	}
	if d := l.mats[blueprints.Door]; d > 0 {
		extras = append(extras, v.pick(plural(d, "door cell"), itoa(d)+" "+blueprints.Door))
	}
	carpet := 0
	for _, c := range blueprints.CarpetColors {
		carpet += l.mats[c]
	}
	if carpet > 0 {
		extras = append(extras, v.pick(itoa(carpet)+" carpet on the floors", plural(carpet, "carpet")+" in the rooms"))
	}
	switch {
	case len(l.mats) == 1:
		return v.pick("level "+k+" is all "+main, "every block of level "+k+" is "+main)
	case len(extras) > 0 && slices.Contains(blueprints.RoomMaterials, main):
		return v.pick("level "+k+" has "+joinAnd(extras), "besides "+main+", level "+k+" has "+joinAnd(extras))
	case len(extras) > 0:
		return "level " + k + " has " + joinAnd(extras)
	}
	return v.pick(fmt.Sprintf("level %s is mostly %s, %d of %d blocks", k, main, n, l.blocks),
		fmt.Sprintf("%d of level %s's %d blocks are %s", n, k, l.blocks, main))
}

// mineFact says where this builder's cells lie: the first and last cell
// in building order, and the side of the level they are on.
func mineFact(v *voice, l levelLook, mine []fix) string {
	if len(mine) == 0 || l.blocks == 0 {
		return ""
	}
	first, last := mine[0], mine[len(mine)-1]
	at := func(f fix) string { return fmt.Sprintf("(%d, %d, %d)", f.x, f.y, f.z) }
	if len(mine) == 1 {
		return v.pick("my one cell is at "+at(first), "I have a single cell, at "+at(first))
	}
	zs := 0
	for _, f := range mine {
		zs += f.z
	}
	var side string
	switch mid := float64(zs)/float64(len(mine)) - float64(l.north); {
	case mid < float64(l.rows)/3:
		side = "north"
	case mid > 2*float64(l.rows)/3:
		side = "south"
	}
	var span string
	switch v.rng.IntN(4) {
	case 0:
		span = v.gen("{my run|my share} {starts|begins} at " + at(first) + " and {ends|finishes|stops} at " + at(last))
	case 1:
		span = v.gen("I {start|begin} at " + at(first) + " and {end|finish|stop} at " + at(last))
	case 2:
		span = v.gen("{my first cell is|the first of my cells is} " + at(first) + "{, the last|, and the last is|; my last is} " + at(last))
	default:
		span = v.gen("{I work|I go} from " + at(first) + " to " + at(last))
	}
	if side != "" && v.rng.IntN(2) == 0 {
		span += v.pick(", on the "+side+" side", ", mostly the "+side+" part")
	}
	return span
}

// belowFact compares the level with the one under it, if that one was
// read in the window.
func belowFact(v *voice, l levelLook, below levelLook) string {
	if l.blocks == 0 || below.blocks == 0 {
		return ""
	}
	k, b := itoa(l.k), itoa(below.k)
	switch d := l.blocks - below.blocks; {
	case below.solid && !l.solid:
		return v.pick("the walls start on level "+k+", above the solid level "+b, "level "+b+" was solid, level "+k+" is walls")
	case !below.solid && l.solid:
		return v.pick("level "+k+" closes off the rooms below", "level "+k+" is solid, a lid over level "+b+"'s walls")
	case d == 0 && l.rows == below.rows && l.cols == below.cols:
		return v.pick("same outline as level "+b, "it follows level "+b+"'s walls exactly")
	case d > 0:
		return v.pick(fmt.Sprintf("%d more blocks than level %s", d, b), fmt.Sprintf("level %s is %d blocks bigger than level %s", k, d, b))
	default:
		return v.pick(fmt.Sprintf("%d fewer blocks than level %s", -d, b), fmt.Sprintf("level %s has %d blocks fewer than level %s", k, -d, b))
	}
}

// lastLevelFact says how the builder's last level program ended, from its
// request and output: what went in, or how many blocks the check will
// have to find.
func lastLevelFact(v *voice, c *know.Context) string {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Name != "!newAction" {
			continue
		}
		k, miss, ok := levelDoneIn(a.Output)
		if !ok {
			return ""
		}
		if miss > 0 {
			return v.pick(fmt.Sprintf("level %s's run left %s missing; the check will catch %s", k, plural(miss, "block"), agree(miss, "it", "them")),
				fmt.Sprintf("%s of level %s did not go in, I'll fix %s at the end", plural(miss, "block"), k, agree(miss, "it", "them")))
		}
		var blocks []string
		for _, b := range countedWords(strings.Join(a.Args, " ")) {
			if _, block, _ := strings.Cut(b, " "); mcdata.IsItem(block) {
				blocks = append(blocks, b)
			}
		}
		if len(blocks) > 0 && len(blocks) <= 3 {
			return v.pick("my "+joinAnd(blocks)+" on level "+k+" are in", "level "+k+" has my "+joinAnd(blocks)+" now",
				"the program put my "+joinAnd(blocks)+" into level "+k, "I placed "+joinAnd(blocks)+" on level "+k)
		}
		return v.pick("my code placed all of level "+k+"'s share", "level "+k+" went in with nothing missing", "every block of my level "+k+" run is in",
			"the program finished my run on level "+k+" without a gap", "level "+k+" reported no block missing")
	}
	return ""
}

// levelPlace says where level k of n is in the house when that is worth
// saying: the top or the middle ("" otherwise).
func levelPlace(v *voice, k, n int) string {
	switch {
	case k == n-1:
		return v.pick("it's the top level", "this is the last level", "only the top level is left")
	case 2*k+1 == n:
		return v.pick("that's halfway up", "this is the middle level")
	}
	return ""
}
