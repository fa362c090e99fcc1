package scripted

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// The programs a builder writes, sized to the job as a good programmer
// writes them under MineCollab's coding prompt: a cell or two is a call or
// two; a uniform rectangle is a loop; a level's share is its layout drawn
// as rows of letters, a list of rectangles or a list of runs, whichever
// the coder's seeded draw picks among those that stay short (at most
// maxLiterals numbers). A helper is defined only when the program calls it,
// and names and layouts are the coder's own (codeStyle), so no block of
// code recurs across the team's programs. The dirt the pathfinder towers
// with, and the props under cells nothing holds yet, are taken away by the
// program that put them there (it notes the dirt standing when it starts),
// so a check reports the house, not the builders' scaffolding.

// maxLiterals caps the numbers a program's data holds (the rest of the
// program holds a few more); past it the coder draws the layout instead.
const maxLiterals = 30

// site is what a program needs to know of the site beyond its cells.
type site struct {
	ground int    // level 0's y: the feet of a builder on the ground
	corner [2]int // level 0's first x and z
	known  bool   // the blueprint's start is known
	what   string // what the program is for: "Level 3", "Repairs"
	level  bool   // the program builds a level's share (else repairs)
	// floated: an earlier run found nothing to place one of the cells
	// on, so this one props what still floats.
	floated bool
	// grounded: the blueprint has a block under every cell, so none can
	// float once the level below is in, and the program needs no props.
	grounded bool
	// onLid: the level covers a room, and lid is where the builder starts
	// it from (lidStand).
	onLid bool
	lid   lidStart
	// post is where this builder waits for its next level: a cell just
	// outside the level's box, the top of its own dirt pillar (postNear).
	post [2]int
	// top: the program builds the house's top level; it takes down the
	// dirt left inside the box (box: x0, z0, x1, z1) unless the house is
	// built of dirt (dirtHouse), then walks out (its pillar stands
	// outside the box, where no check looks).
	top       bool
	box       [4]int
	dirtHouse bool
	// boxKnown: a repair knows the house's box (from the levels the
	// window shows) and its top level's height (houseTop).
	boxKnown bool
	houseTop int
	// stayIn: the check lists cells this builder's last repair placed
	// (walking out dug through them), so this repair stays where it is.
	stayIn bool
	// height is the y of the level the program builds.
	height int
}

// codeStyle is one coder's way of writing: the names it gives things and
// which of the equally good forms it uses.
type codeStyle struct {
	place, block, failed, data string
	indent                     string
	arrow                      bool // the helper is an arrow function
	whileRetry                 bool // retry until a pass places nothing
	logFirst                   bool // the done line comes before the cleanup
	setTidy                    bool // the dirt is noted in a Set by a closure
}

func drawStyle(v *voice) codeStyle {
	return codeStyle{
		place:      v.pick("place", "put", "setBlock", "placeAt", "build"),
		block:      v.pick("name", "block", "type", "kind"),
		failed:     v.pick("failed", "missed", "later", "retry", "pending"),
		indent:     v.pick("    ", "  "),
		arrow:      v.rng.IntN(2) == 0,
		whileRetry: v.rng.IntN(2) == 0,
		logFirst:   v.rng.IntN(2) == 0,
		setTidy:    v.rng.IntN(2) == 0,
	}
}

// code fills a template: PLACE, BLK, FAILED and DATA become the style's
// names, and four-space indents its indent.
func (s codeStyle) code(t string) string {
	t = strings.NewReplacer("PLACE", s.place, "BLK", s.block, "FAILED", s.failed, "DATA", s.data).Replace(t)
	if s.indent != "    " {
		t = strings.ReplaceAll(t, "    ", s.indent)
	}
	return t
}

// writeProgram is the program that sets cells (in building order).
func writeProgram(v *voice, cells []fix, at site) string {
	st := drawStyle(v)
	top, hasDirt := cells[0].y, false
	for _, f := range cells {
		top = max(top, f.y)
		hasDirt = hasDirt || f.block == "dirt"
	}
	// A builder up on the house towers on dirt, and props what floats. A
	// repair of more than a cell or two high up notes the dirt standing
	// first and takes away what it added; a house built of dirt keeps its
	// dirt. Cells a builder reaches from the ground need neither.
	// Two cells up in a house whose box is known sweep it too: a call
	// each and the dirt near the builder left the tower up to them.
	pair := len(cells) == 2 && at.boxKnown && !at.dirtHouse
	tidy := at.known && !hasDirt && !at.level && (len(cells) > 2 || pair) && top >= at.ground+3
	// With the house's box known, the repair sweeps the box's dirt
	// instead: all the house's levels are in, so any dirt in it is
	// scaffolding, whoever put it up.
	sweep := tidy && at.boxKnown && !at.dirtHouse
	tidy = tidy && !sweep
	direct := (len(cells) == 1 || len(cells) == 2 && !at.level && !sweep) && !at.floated
	propped := len(cells) == 1 && at.floated && cells[0].y > at.ground
	// A call or two up on the house: bare calls, then the dirt near the
	// builder (its tower and bridge, and any left there) comes down, top
	// first.
	nearDirt := direct && at.known && !at.level && !hasDirt && !at.dirtHouse && top > at.ground+1
	var b strings.Builder
	b.WriteString(headComment(v, cells, at.what))
	if tidy {
		b.WriteString(st.code(snapshot(st, at.ground)))
	}
	switch {
	case propped:
		b.WriteString(propOne(v, cells[0]))
	case nearDirt:
		// Two cells note the dirt standing first and take away what
		// was not; one cell keeps to a shorter program (dirtNearMe).
		nd := drawNearDirt(v)
		if len(cells) == 2 {
			b.WriteString(nd.note(at.ground))
		}
		for _, f := range cells {
			fmt.Fprintf(&b, "await skills.placeBlock(bot, %q, %d, %d, %d);\n", cmpBlock(f.block), f.x, f.y, f.z)
		}
		if len(cells) == 2 {
			b.WriteString(nd.takeAway())
		} else {
			b.WriteString(dirtNearMe(v, at.ground))
		}
	case direct:
		for _, f := range cells {
			b.WriteString(st.code(directCall(f)))
		}
	default:
		b.WriteString(st.code(helper(st)))
		if at.onLid {
			b.WriteString(st.code(lidFirst(v, at.lid)))
		}
		b.WriteString(st.code(layout(v, &st, cells, dataBudget(at))))
		if at.level && at.grounded && !at.floated {
			b.WriteString(st.code(onceMore(st)))
		} else {
			b.WriteString(st.code(retry(st, at.floated || at.level && cells[0].y > at.ground)))
		}
		if st.logFirst || !tidy {
			b.WriteString(st.code(doneLine(at.what)))
		}
	}
	if tidy {
		b.WriteString(st.code(cleanup(st)))
	}
	// A repair up in the house towers to reach its cells; if it ends on
	// its own tower, it digs the tower down before it goes (a call or two
	// took the dirt near it down already: nearDirt).
	if at.known && !at.level && !hasDirt && !at.dirtHouse && top > at.ground+1 && !propped && !nearDirt {
		b.WriteString(offMyTower(v))
	}
	// Whoever stays on the site stands in a teammate's cells, or is shut
	// in by the next walls: between levels a builder waits on its own
	// pillar outside the box (a staircase in the box, climbed again for
	// every level, is what the checks reported); the top level takes the
	// dirt in the box down first.
	switch {
	case !at.known:
	case at.level && !at.top:
		b.WriteString(waitOnPost(v, at))
	case at.level && !at.dirtHouse:
		// The house is done: the builder stays up on it, where the take-down
		// ends; a walk down from the roof leaves steps of dirt in the house.
		b.WriteString(takeDown(v, at.box, at.height, at.ground))
		b.WriteString(offMyTower(v)) // the last break may have towered
	case at.level:
		b.WriteString(comeDown(v, at, false))
	case at.stayIn:
		b.WriteString(v.pick("// I stay here: my walk out undid my last repair.\n",
			"// I stay put: coming down broke my last repair.\n"))
		if sweep {
			b.WriteString(takeDown(v, at.box, at.houseTop, at.ground))
			b.WriteString(offMyTower(v)) // the last break may have towered
		}
	case propped:
		// A propped cell is set from its prop's foot, below it: the
		// builder is down already, and a walk to the corner would only
		// leave steps of dirt.
	case sweep:
		// Down first, then the sweep: a walk down from the house after it
		// left steps of dirt in the box; the sweep takes the walk's dirt.
		b.WriteString(comeDown(v, at, false))
		b.WriteString(takeDown(v, at.box, at.houseTop, at.ground))
		b.WriteString(offMyTower(v)) // the last break may have towered
	default:
		b.WriteString(comeDown(v, at, direct))
	}
	if tidy && !direct && !propped && !st.logFirst {
		b.WriteString(st.code(doneLine(at.what)))
	}
	return b.String()
}

// lidFirst starts a level that covers a room from the top of a wall: it
// places the lid's first cell from the wall top beside it and steps onto
// it, so the rest is laid standing on the lid, not from the room it
// closes. It holds lidLiterals numbers besides the layout's data.
func lidFirst(v *voice, l lidStart) string {
	f := l.cell
	var wx, wz string
	switch {
	case l.from[0] < f.x:
		wx, wz = "lidX - 1", "lidZ"
	case l.from[0] > f.x:
		wx, wz = "lidX + 1", "lidZ"
	case l.from[2] < f.z:
		wx, wz = "lidX", "lidZ - 1"
	default:
		wx, wz = "lidX", "lidZ + 1"
	}
	return fmt.Sprintf(`%s
const lidX = %d, lidY = %d, lidZ = %d;
const wallTop = bot.blockAt(new Vec3(%s, lidY, %s)).name === "air" ? lidY : lidY + 1;
await skills.goToPosition(bot, %s, wallTop, %s, 0);
await PLACE(%q, lidX, lidY, lidZ);
await skills.goToPosition(bot, lidX, lidY + 1, lidZ, 0); // on the lid
`, v.pick("// This level roofs the room below: I start it from the wall top and stay on top of it.",
		"// A lid over the room: first block from the wall top, then the rest standing on the lid, not inside.",
		"// Roofing the room: work from on top, so the last block does not shut me in."),
		f.x, f.y, f.z, wx, wz, wx, wz, cmpBlock(f.block))
}

// lidLiterals are the numbers lidFirst adds to a program.
const lidLiterals = 3

// headComment says what the program places.
func headComment(v *voice, cells []fix, what string) string {
	mats := materialsText(cells)
	return v.pick("// "+what+": "+mats+".\n", "// "+what+" ("+mats+")\n", "// Placing "+mats+" ("+strings.ToLower(what)+").\n")
}

// snapshot notes the dirt standing above the ground when the program
// starts.
func snapshot(st codeStyle, ground int) string {
	if st.setTidy {
		return fmt.Sprintf(`const dirtAbove = () => world.getNearestBlocks(bot, "dirt", 24).filter(b => b.position.y >= %d);
const dirtBefore = new Set(dirtAbove().map(b => String(b.position.x) + "," + b.position.y + "," + b.position.z));
`, ground)
	}
	return fmt.Sprintf(`function scaffoldNow() {
    return world.getNearestBlocks(bot, "dirt", 24).filter(b => b.position.y >= %d);
}
const keyOf = p => [p.x, p.y, p.z].join(",");
const oldDirt = new Set(scaffoldNow().map(b => keyOf(b.position)));
`, ground)
}

// cleanup takes away, top down, the dirt that was not there when the
// program started, one block at a time, looking again after each break:
// the way to a high block towers, and a list made once before the first
// break left those towers (demo seeds 0-2: a third of the dirt the
// checks listed). A block it cannot reach is noted with the old dirt,
// and the rest still come down: skills.breakBlockAt throws its walk's
// pathfinder error (NoPath, Timeout) as MINDcraft's does, so the break
// is in a try/catch that logs the block and the error.
func cleanup(st codeStyle) string {
	if st.setTidy {
		return `// Take my scaffolding away, top down (my own tower too, and what the way to it puts up); not a pillar someone else stands on.
for (let n = 0; n < 60; n++) {
    const standing = Object.values(bot.players).filter(p => p.username !== bot.username && p.entity).map(p => p.entity.position);
    const [d] = dirtAbove().filter(b => !dirtBefore.has(String(b.position.x) + "," + b.position.y + "," + b.position.z) &&
        !standing.some(s => Math.floor(s.x) === b.position.x && Math.floor(s.z) === b.position.z))
        .sort((a, b) => b.position.y - a.position.y);
    if (!d) break;
    try {
        await skills.breakBlockAt(bot, d.position.x, d.position.y, d.position.z);
    } catch (err) { // no way to it: note it, the rest still come down
        console.log("Could not take away the dirt at " + d.position + ": " + err.message);
        dirtBefore.add(String(d.position.x) + "," + d.position.y + "," + d.position.z);
    }
}
`
	}
	return `// Remove the dirt this run put up, from the top, leaving any pillar a teammate is on; look again after each block.
const onIt = p => Object.values(bot.players).some(pl => pl.username !== bot.username && pl.entity && Math.floor(pl.entity.position.x) === p.x && Math.floor(pl.entity.position.z) === p.z);
for (let round = 0; round < 60; round++) {
    const [p] = scaffoldNow().map(b => b.position).filter(p => !oldDirt.has(keyOf(p)) && !onIt(p)).sort((a, b) => b.y - a.y);
    if (!p) break;
    try {
        await skills.breakBlockAt(bot, p.x, p.y, p.z);
    } catch (err) {
        console.log("Dirt out of reach at " + keyOf(p) + ": " + err.message);
        oldDirt.add(keyOf(p));
    }
}
`
}

// offMyTower digs down the dirt under the builder's feet, one block at a
// time, while it stands on dirt (the ground's top is grass, and a house
// of dirt has no tower to dig).
func offMyTower(v *voice) string {
	// digDown stops short of a drop (a bridge's block, air under it): the
	// loops end when it does, not after 65,536 characters of its log.
	return v.pick(
		`for (let y = null; bot.blockAt(bot.entity.position.offset(0, -1, 0)).name === "dirt" && bot.entity.position.y !== y;) { // off my tower
    y = bot.entity.position.y;
    await skills.digDown(bot, 1);
}
`,
		`// My tower comes down with me, till a drop stops digDown.
while (bot.blockAt(bot.entity.position.offset(0, -1, 0))?.name === "dirt") {
    const feet = bot.entity.position.y;
    await skills.digDown(bot, 1);
    if (bot.entity.position.y === feet) break;
}
`,
	)
}

// nearDirt is how two calls up on the house take their scaffolding
// down: the program notes the dirt standing above the ground within
// twice nearDirtReach of the builder before its calls (note), and
// afterwards breaks the highest dirt within nearDirtReach that was not
// there, one block at a time, looking again after each (takeAway). The
// note reaches further than the look, so dirt that the builder comes
// near only on its way is in it (with one reach, the take-away went
// after a teammate's old dirt as it came into view, towered to it and
// left more than it took: demo seeds 0-7, 485 dirt fixes). The walk to a high cell
// often towers a few blocks onto a wall or a lower roof, walks along it
// and towers again, and the tower sinks the builder as it comes down, so
// a list made once at the top leaves the first tower. A block it cannot
// break is noted too and the rest still come down (stopping at the first
// left the rest of the tower); breakBlockAt's thrown "No path" is
// caught for that and logged. Dirt that stood before is a teammate's or
// an earlier run's: eight blocks around the builder without the note
// left a staircase ten blocks from where the builder ended up (demo seed
// 0), and ten walked and bridged to far dirt that was not its own.
type nearDirt struct{ fn, seen, loop string }

// nearDirtReach is the radius of nearDirt's look around the builder.
const nearDirtReach = 16

func drawNearDirt(v *voice) nearDirt {
	return nearDirt{fn: v.pick("dirt", "scaffold", "dirtUp"), seen: v.pick("old", "had", "before"), loop: v.pick("n", "k", "i", "t")}
}

func (d nearDirt) note(ground int) string {
	return fmt.Sprintf(`const %[1]s = r => world.getNearestBlocks(bot, "dirt", r).map(b => b.position).filter(p => p.y >= %[2]d);
const %[4]s = %[1]s(%[3]d).map(String);
`, d.fn, ground, 2*nearDirtReach, d.seen)
}

func (d nearDirt) takeAway() string {
	return fmt.Sprintf(`for (let %[3]s = 0; %[3]s < 40; %[3]s++) {
    const [p] = %[1]s(%[4]d).filter(p => !%[2]s.includes(String(p))).sort((a, b) => b.y - a.y);
    if (!p) break;
    try {
        await skills.breakBlockAt(bot, p.x, p.y, p.z);
    } catch (err) {
        console.log("dirt out of reach at " + p + ": " + err.message);
        %[2]s.push(String(p));
    }
}
`, d.fn, d.seen, d.loop, nearDirtReach)
}

// dirtNearMe is a one-cell repair's take-down: it breaks the highest
// dirt above the ground within eight blocks of the builder, one block at
// a time, looking again after each: the tower and bridge the call stood
// on. It follows the tower down as the builder sinks with it (a list made
// once at the top left the tower's foot, and the nearest block first
// stopped at the ground's own dirt or left a bridge's tower), at most 30
// blocks, and stops at a block it cannot break. A walk to a high cell
// often towers a few blocks onto a wall or a lower roof, walks along it
// and towers again: six blocks from the second tower's foot left the
// first (demo seeds 0-7: 465 dirt fixes with six, 431 with eight); ten
// walked and bridged to far dirt (seed 1: 54 -> 79), sixteen took
// another's dirt and towered to it (seeds 0-6: 670 dirt fixes). It has
// no note of the dirt that stood before (nearDirt) because a one-cell
// repair stays within 400 characters with its walk out, and the note
// takes about 130 more (demo seeds 0-7 with the note: 253 dirt fixes
// against 300 without). Its break has no catch: the one-cell bar leaves
// no room for it (seed 19 of TestProgramsPropOnlyWhatCanFloat's repairs
// reach 408 characters with a .catch), so a thrown "No path" ends the
// program where the old false stopped the loop; only the walk out after
// it is lost, and that walk would most likely find no way either.
func dirtNearMe(v *voice, ground int) string {
	name := v.pick("n", "k", "i", "t")
	return fmt.Sprintf(`for (let %[1]s = 0; %[1]s < 30; %[1]s++) {
    const [p] = world.getNearestBlocks(bot, "dirt", 8).map(b => b.position).filter(p => p.y >= %[2]d).sort((a, b) => b.y - a.y);
    if (!p || !(await skills.breakBlockAt(bot, p.x, p.y, p.z))) break;
}
`, name, ground)
}

// climbDownProgram takes down the dirt a hand-over's walk to the
// teammate put up (climbDown): the highest dirt above the ground within
// eight blocks, a block at a time, looking again after each, as
// dirtNearMe does, so it follows the tower down as the builder sinks with
// it; never a block of the column under a teammate (the receiver may
// wait on its own pillar: taking the pillar's lower blocks left it on a
// floating block). The walk often towers a few blocks onto a wall or a lower
// roof, walks along it and towers again: six blocks from where the
// second tower ends left the first. A block out of reach (breakBlockAt
// throws its walk's "No path") is logged and skipped. Ten (below the builder's feet)
// walked and bridged to far dirt: the demo's seed 1 went from 55 dirt
// fixes to 115.
func climbDownProgram(v *voice, to string, ground int) string {
	name := v.pick("n", "k", "i", "t")
	return v.pick("// Down off the dirt my walk to "+to+" stood me on, if any: highest first, not under anyone.\n",
		"// The walk to "+to+" towers on dirt when "+to+" is up high: take it down, top first.\n") +
		fmt.Sprintf(`const stuck = [];
for (let %[1]s = 0; %[1]s < 30; %[1]s++) {
    const feet = Object.values(bot.players).filter(pl => pl.username !== bot.username && pl.entity).map(pl => pl.entity.position.floored());
    const [p] = world.getNearestBlocks(bot, "dirt", 8).map(b => b.position)
        .filter(p => p.y >= %[2]d && !feet.some(f => f.x === p.x && f.z === p.z && p.y < f.y) && !stuck.some(s => s.equals(p)))
        .sort((a, b) => b.y - a.y);
    if (!p) break;
    try {
        await skills.breakBlockAt(bot, p.x, p.y, p.z);
    } catch (err) { // out of reach: the rest still comes down
        console.log("Dirt out of reach at " + p + ": " + err.message);
        stuck.push(p);
    }
}
`, name, ground)
}

// comeDown walks back to the ground outside the site's corner, so that no
// builder is left on a roof or in a room that closes.
func comeDown(v *voice, at site, short bool) string {
	x, y, z := at.corner[0]-2, at.ground, at.corner[1]-2
	if short { // a call or two: the walk out is one line too
		return fmt.Sprintf("await skills.goToPosition(bot, %d, %d, %d, 2);\n", x, y, z)
	}
	return v.pick(
		fmt.Sprintf("await skills.goToPosition(bot, %d, %d, %d, 2); // back down outside the corner\n", x, y, z),
		fmt.Sprintf("// Down to the ground outside the site.\nif (!(await skills.goToPosition(bot, %d, %d, %d, 2))) console.log(\"I could not get back down.\");\n", x, y, z),
	)
}

// waitOnPost goes up to the next level's height on the builder's post,
// just outside the box, where the pathfinder towers its pillar: the next
// level starts from there, and no stairs are left in the house.
func waitOnPost(v *voice, at site) string {
	x, y, z := at.post[0], at.height+1, at.post[1]
	return v.pick(
		fmt.Sprintf("await skills.goToPosition(bot, %d, %d, %d, 0); // wait for the next level on my pillar, outside the house\n", x, y, z),
		fmt.Sprintf("// Up on my own pillar beside the house, ready for the next level.\nawait skills.goToPosition(bot, %d, %d, %d, 0);\n", x, y, z),
		fmt.Sprintf("// Off the house: I wait on my pillar outside it, at the next level's height.\nif (!(await skills.goToPosition(bot, %d, %d, %d, 0))) console.log(\"I could not get onto my pillar.\");\n", x, y, z),
	)
}

// takeDown breaks the dirt standing in the house's box, top first, that
// no player stands on: the pathfinder's towers and bridges, and what the
// props left. Reaching a high block towers, and that tower is dirt the
// list did not hold: after a break that took the builder up, it looks
// again. A block out of reach (breakBlockAt throws its walk's "No
// path" or "Timeout") is logged and skipped; three and it stops: the
// check lists the rest.
func takeDown(v *voice, bx [4]int, yTop, ground int) string {
	gave := v.pick("outOfReach", "unreached", "failures")
	head := v.pick("// The house is up: take down the dirt left in it, from the top.\n",
		"// Scaffolding in the house comes down before anyone checks it, top first.\n",
		"// Clear the dirt out of the house, highest block first.\n")
	// One query a look, not a blockAt per cell: a house's box is up to 21
	// by 21 by 20 cells, past the 10,000 calls a program may make (and a
	// query after every block costs the world more CPU than the rest of
	// the construction). The ground's dirt is below the floor. 32 blocks
	// reach every corner of the box from the roof; from the ground beside
	// the site's corner, where a repair's sweep starts, the far top
	// corner of the largest houses is up to 37 away: that dirt comes
	// into reach once a break has walked the builder in, else the next
	// check lists it (a larger radius takes in more of the ground's dirt
	// than the query's 10,000 blocks).
	if v.rng.IntN(2) == 0 {
		return head + fmt.Sprintf(`const skip = new Set(); // dirt I could not break
let %[7]s = 0;
for (let look = 0, again = true; again && look < %[8]d; look++) {
    again = false;
    const dirt = world.getNearestBlocks(bot, "dirt", 32, 10000)
        .map(b => b.position)
        .filter(p => p.x >= %[1]d && p.x <= %[3]d && p.z >= %[2]d && p.z <= %[4]d && p.y >= %[5]d && p.y <= %[6]d && !skip.has(p.toString()))
        .sort((a, b) => b.y - a.y);
    for (const p of dirt) {
        const standing = Object.values(bot.players).filter(pl => pl.entity).map(pl => pl.entity.position.floored());
        if (standing.some(s => s.x === p.x && s.z === p.z && s.y === p.y + 1)) continue; // someone stands on it
        if (bot.blockAt(p).name !== "dirt") continue;
        const had = world.getInventoryCounts(bot).dirt || 0;
        try {
            await skills.breakBlockAt(bot, p.x, p.y, p.z);
        } catch (err) {
            console.log("Dirt out of reach at " + p + ": " + err.message);
            skip.add(p.toString());
            if (++%[7]s === 3) break;
            continue;
        }
        if ((world.getInventoryCounts(bot).dirt || 0) <= had) {
            again = true; // the way to it put up dirt of mine: look again
            break;
        }
    }
}
`, bx[0], bx[1], bx[2], bx[3], ground, yTop, gave, takeDownLooks)
	}
	return head + fmt.Sprintf(`const [xMin, zMin, xMax, zMax] = [%[1]d, %[2]d, %[3]d, %[4]d];
const inHouse = p => p.x >= xMin && p.x <= xMax && p.z >= zMin && p.z <= zMax && p.y >= %[5]d && p.y <= %[6]d;
const given = [];
let %[7]s = 0;
for (let round = 0; round < %[8]d; round++) {
    const dirt = world.getNearestBlocks(bot, "dirt", 32, 10000).map(b => b.position)
        .filter(p => inHouse(p) && !given.some(g => g.equals(p)));
    dirt.sort((a, b) => b.y - a.y);
    let placed = false;
    for (const p of dirt) {
        const someoneOn = Object.values(bot.players).some(pl => pl.entity && pl.entity.position.floored().equals(p.offset(0, 1, 0)));
        if (someoneOn || bot.blockAt(p).name !== "dirt") continue;
        const carried = world.getInventoryCounts(bot).dirt || 0;
        try {
            await skills.breakBlockAt(bot, p.x, p.y, p.z);
        } catch (err) {
            console.log("No way to the dirt at " + p + ": " + err.message);
            given.push(p);
            if (++%[7]s === 3) break;
            continue;
        }
        if ((placed = (world.getInventoryCounts(bot).dirt || 0) <= carried)) break; // my way there put up dirt: look again
    }
    if (!placed) break;
}
`, bx[0], bx[1], bx[2], bx[3], ground, yTop, gave, takeDownLooks)
}

// takeDownLooks caps the take-down's queries of the house's dirt.
const takeDownLooks = 30

// propOne sets one cell that nothing held last time: a column of dirt
// under it for the moment it takes to place it, taken away again.
func propOne(v *voice, f fix) string {
	low := v.pick("low", "b", "lo")
	return fmt.Sprintf(`const x = %d, y = %d, z = %d;
let %[4]s = y;
while (bot.blockAt(new Vec3(x, %[4]s - 1, z)).name === "air") %[4]s--;
for (let i = %[4]s; i < y; i++) await skills.placeBlock(bot, "dirt", x, i, z);
await skills.placeBlock(bot, %[5]q, x, y, z);
for (let i = y - 1; i >= %[4]s; i--) await skills.breakBlockAt(bot, x, i, z).catch(() => {});
`, f.x, f.y, f.z, low, cmpBlock(f.block))
}

// directCall sets one cell with a bare call.
func directCall(f fix) string {
	name := cmpBlock(f.block)
	return fmt.Sprintf(`try {
    await skills.placeBlock(bot, %q, %d, %d, %d);
} catch (err) {
    console.log("Failed to place %s at (%d, %d, %d): " + err.message);
}
`, name, f.x, f.y, f.z, name, f.x, f.y, f.z)
}

// helper sets one cell unless it holds its block already ("air" clears
// it), logging a failure the builder reads back (unreachedIn).
func helper(st codeStyle) string {
	if st.arrow {
		return `const FAILED = [];
const PLACE = async (BLK, x, y, z) => {
    if (bot.blockAt(new Vec3(x, y, z))?.name === BLK) return true;
    try {
        return await skills.placeBlock(bot, BLK, x, y, z);
    } catch (err) {
        console.log("Failed to place " + BLK + " at (" + [x, y, z].join(", ") + "): " + err.message);
        return false;
    }
};
`
	}
	return `async function PLACE(BLK, x, y, z) {
    const here = bot.blockAt(new Vec3(x, y, z));
    if (here && here.name === BLK) return true;
    try {
        return await skills.placeBlock(bot, BLK, x, y, z);
    } catch (err) {
        console.log(` + "`Failed to place ${BLK} at (${x}, ${y}, ${z}): ${err.message}`" + `);
        return false;
    }
}
const FAILED = [];
`
}

// retry places the cells that failed again while a pass gets any in: a
// cell nothing held may hold once its neighbours are in. Above the
// ground, when a pass gets none in, the first is propped up on dirt
// (taken away once it is in) and the rest tried again.
func retry(st codeStyle, prop bool) string {
	if !prop {
		if st.whileRetry {
			return `for (let left = Infinity; FAILED.length > 0 && FAILED.length < left;) {
    left = FAILED.length;
    for (const c of FAILED.splice(0).reverse()) {
        if (!(await PLACE(c[0], c[1], c[2], c[3]))) FAILED.push(c);
    }
}
`
		}
		return `for (let pass = 0; pass < 4 && FAILED.length > 0; pass++) {
    for (const [BLK, x, y, z] of FAILED.splice(0).reverse()) {
        if (!(await PLACE(BLK, x, y, z))) FAILED.push([BLK, x, y, z]);
    }
}
`
	}
	if st.whileRetry {
		return `// Again once neighbours are in; if a pass places none, the first stands on dirt.
for (let n = 0; FAILED.length > n;) {
    const before = FAILED.length;
    for (const c of FAILED.splice(0).reverse()) if (!(await PLACE(...c))) FAILED.push(c);
    if (FAILED.length < before) continue;
    const [BLK, x, y, z] = FAILED.shift();
    let low = y;
    while (low > y - 8 && bot.blockAt(new Vec3(x, low - 1, z)).name === "air") low--;
    for (let py = low; py < y; py++) await PLACE("dirt", x, py, z);
    if (!(await PLACE(BLK, x, y, z))) FAILED.push([BLK, x, y, z]), n++;
    for (let py = y - 1; py >= low; py--) await skills.breakBlockAt(bot, x, py, z).catch(err => console.log("Prop left at y " + py + ": " + err.message));
}
`
	}
	return `// Retry what had nothing to stand on; if a pass places none, prop the first on dirt.
let stuck = 0;
while (FAILED.length > stuck) {
    const before = FAILED.length;
    for (const c of FAILED.splice(0)) if (!(await PLACE(...c))) FAILED.push(c);
    if (FAILED.length < before) continue;
    const c = FAILED.shift();
    const under = [];
    for (let py = c[2] - 1; py > c[2] - 8 && bot.blockAt(new Vec3(c[1], py, c[3])).name === "air"; py--) under.unshift(py);
    for (const py of under) await PLACE("dirt", c[1], py, c[3]);
    if (!(await PLACE(...c))) FAILED.push(c), stuck++;
    for (const py of under.reverse()) await skills.breakBlockAt(bot, c[1], py, c[3]).catch(err => console.log("Dirt left at " + [c[1], py, c[3]] + ": " + err.message));
}
`
}

// onceMore places again, in one pass, what failed: on a level with a
// block under every cell a cell fails only while its neighbours are not
// in yet.
func onceMore(st codeStyle) string {
	if st.whileRetry {
		return `// Once more for what had nothing to hold on to yet.
for (const c of FAILED.splice(0)) if (!(await PLACE(...c))) FAILED.push(c);
`
	}
	return `for (const [BLK, x, y, z] of FAILED.splice(0).reverse()) {
    if (!(await PLACE(BLK, x, y, z))) FAILED.push([BLK, x, y, z]);
}
`
}

// doneLine is the line levelDoneIn reads back.
func doneLine(what string) string {
	return `console.log("` + what + `: done, " + FAILED.length + " blocks still missing.");
`
}

// dataBudget is the numbers a program's layout data may hold: maxLiterals,
// less what a lid's start and the top level's take-down add.
func dataBudget(at site) int {
	n := maxLiterals
	if at.onLid {
		n -= lidLiterals
	}
	if at.level && at.top && !at.dirtHouse || !at.level && at.boxKnown && !at.dirtHouse {
		n -= takeDownLiterals
	}
	return n
}

// takeDownLiterals are the numbers takeDown adds to the top level's
// program: the box's four edges and the heights it scans.
const takeDownLiterals = 6

// layout places the cells with one of the shapes that keep the data short,
// drawn from the voice.
func layout(v *voice, st *codeStyle, cells []fix, budget int) string {
	boxes := rectangles(cells)
	oneY := true
	for _, f := range cells {
		oneY = oneY && f.y == cells[0].y
	}
	per := 4 // numbers a rectangle or run needs
	if !oneY {
		per = 5
	}
	var shapes []func() string
	if len(boxes) == 1 && oneY {
		return loopBox(boxes[0])
	}
	if len(boxes)*per <= budget {
		shapes = append(shapes, func() string { st.data = v.pick("boxes", "rects", "areas"); return boxList(boxes, oneY) })
	}
	alongZ := v.rng.IntN(2) == 0
	if rs := runsAlong(cells, alongZ); len(rs)*(per-1) <= budget {
		shapes = append(shapes, func() string { st.data = v.pick("runs", "strips", "segments"); return runList(rs, alongZ, oneY) })
	}
	if len(cells)*3 <= budget {
		shapes = append(shapes, func() string { st.data = v.pick("cells", "spots", "todo"); return cellList(cells) })
	}
	shapes = append(shapes, func() string { st.data = v.pick("rows", "plan", "grid", "layout"); return grid(cells) })
	return shapes[v.rng.IntN(len(shapes))]()
}

// box is a rectangle of one block at one height.
type box struct {
	block             string
	y, x0, z0, x1, z1 int
}

// rectangles cuts cells into rectangles of one block: runs along x,
// stacked in z while the next row's run spans the same x.
func rectangles(cells []fix) []box {
	var out []box
	open := map[[4]any]int{} // block, y, x0, x1 -> index of the box ending in the previous row
	sorted := slices.Clone(cells)
	slices.SortStableFunc(sorted, func(a, b fix) int { return cmp.Or(a.y-b.y, a.z-b.z, a.x-b.x) })
	for i := 0; i < len(sorted); {
		f := sorted[i]
		j := i + 1
		for j < len(sorted) && sorted[j].y == f.y && sorted[j].z == f.z && sorted[j].x == sorted[j-1].x+1 && sorted[j].block == f.block {
			j++
		}
		key := [4]any{f.block, f.y, f.x, sorted[j-1].x}
		if k, ok := open[key]; ok && out[k].z1 == f.z-1 {
			out[k].z1 = f.z
		} else {
			open[key] = len(out)
			out = append(out, box{block: cmpBlock(f.block), y: f.y, x0: f.x, z0: f.z, x1: sorted[j-1].x, z1: f.z})
		}
		i = j
	}
	return out
}

// loopBox fills one rectangle with two loops.
func loopBox(b box) string {
	return fmt.Sprintf(`for (let z = %d; z <= %d; z++) {
    for (let i = 0; i <= %d; i++) {
        const x = z %% 2 ? %d - i : %d + i; // each row back the way the last came
        if (!(await PLACE(%q, x, %d, z))) FAILED.push([%q, x, %d, z]);
    }
}
`, b.z0, b.z1, b.x1-b.x0, b.x1, b.x0, b.block, b.y, b.block, b.y)
}

// boxList lists the rectangles and fills each.
func boxList(boxes []box, oneY bool) string {
	var b strings.Builder
	if oneY {
		fmt.Fprintf(&b, "const y = %d;\n// [block, x from, z from, x to, z to]\nconst DATA = [\n", boxes[0].y)
		for _, r := range boxes {
			fmt.Fprintf(&b, "    [%q, %d, %d, %d, %d],\n", r.block, r.x0, r.z0, r.x1, r.z1)
		}
		b.WriteString("];\nfor (const [BLK, xa, za, xb, zb] of DATA) {\n")
	} else {
		b.WriteString("// [block, y, x from, z from, x to, z to]\nconst DATA = [\n")
		for _, r := range boxes {
			fmt.Fprintf(&b, "    [%q, %d, %d, %d, %d, %d],\n", r.block, r.y, r.x0, r.z0, r.x1, r.z1)
		}
		b.WriteString("];\nfor (const [BLK, y, xa, za, xb, zb] of DATA) {\n")
	}
	b.WriteString("    for (let z = za; z <= zb; z++) {\n        for (let i = 0; i <= xb - xa; i++) {\n            const x = (z - za) % 2 ? xb - i : xa + i; // back the way I came\n            if (!(await PLACE(BLK, x, y, z))) FAILED.push([BLK, x, y, z]);\n        }\n    }\n}\n")
	return b.String()
}

// strip is a run of one block along x (or along z).
type strip struct {
	block         string
	y, at, lo, hi int
}

// runsAlong cuts cells into runs of one block along x, or along z.
func runsAlong(cells []fix, alongZ bool) []strip {
	sorted := slices.Clone(cells)
	key := func(f fix) (int, int) {
		if alongZ {
			return f.x, f.z
		}
		return f.z, f.x
	}
	slices.SortStableFunc(sorted, func(a, b fix) int {
		a1, a2 := key(a)
		b1, b2 := key(b)
		return cmp.Or(a.y-b.y, a1-b1, a2-b2)
	})
	var out []strip
	for _, f := range sorted {
		at, p := key(f)
		if n := len(out); n > 0 && out[n-1].y == f.y && out[n-1].at == at && out[n-1].hi == p-1 && out[n-1].block == cmpBlock(f.block) {
			out[n-1].hi = p
			continue
		}
		out = append(out, strip{block: cmpBlock(f.block), y: f.y, at: at, lo: p, hi: p})
	}
	// Every other line is walked back the way the last one came.
	line := 0
	for i := range out {
		if i > 0 && (out[i].at != out[i-1].at || out[i].y != out[i-1].y) {
			line++
		}
		if line%2 == 1 {
			out[i].lo, out[i].hi = out[i].hi, out[i].lo
		}
	}
	return out
}

// runList lists the runs and fills each with a counting loop.
func runList(rs []strip, alongZ, oneY bool) string {
	fixed, moving := "z", "x"
	if alongZ {
		fixed, moving = "x", "z"
	}
	at := func(s strip) int { return s.at }
	var b strings.Builder
	if oneY {
		fmt.Fprintf(&b, "const y = %d;\n// [block, %s, first %s, last %s]\nconst DATA = [\n", rs[0].y, fixed, moving, moving)
		for _, s := range rs {
			fmt.Fprintf(&b, "    [%q, %d, %d, %d],\n", s.block, at(s), s.lo, s.hi)
		}
		fmt.Fprintf(&b, "];\nfor (const [BLK, %s, from, to] of DATA) {\n", fixed)
	} else {
		fmt.Fprintf(&b, "// [block, y, %s, first %s, last %s]\nconst DATA = [\n", fixed, moving, moving)
		for _, s := range rs {
			fmt.Fprintf(&b, "    [%q, %d, %d, %d, %d],\n", s.block, s.y, at(s), s.lo, s.hi)
		}
		fmt.Fprintf(&b, "];\nfor (const [BLK, y, %s, from, to] of DATA) {\n", fixed)
	}
	fmt.Fprintf(&b, "    const step = to < from ? -1 : 1;\n    for (let %[1]s = from; %[1]s !== to + step; %[1]s += step) {\n        if (!(await PLACE(BLK, x, y, z))) FAILED.push([BLK, x, y, z]);\n    }\n}\n", moving)
	return b.String()
}

// cellList lists a few cells one by one.
func cellList(cells []fix) string {
	var b strings.Builder
	b.WriteString("const DATA = [\n")
	for _, f := range cells {
		fmt.Fprintf(&b, "    [%q, %d, %d, %d],\n", cmpBlock(f.block), f.x, f.y, f.z)
	}
	b.WriteString("];\nfor (const c of DATA) {\n    if (!(await PLACE(...c))) FAILED.push(c);\n}\n")
	return b.String()
}

// grid draws the cells as rows of letters, one letter per block, "."
// for a cell left alone; a layer per height.
func grid(cells []fix) string {
	letters := map[string]byte{}
	var names []string
	for _, f := range cells {
		n := cmpBlock(f.block)
		if _, ok := letters[n]; !ok {
			letters[n] = 0
			names = append(names, n)
		}
	}
	slices.Sort(names)
	used := map[byte]bool{'.': true}
	for _, n := range names {
		pick := byte(0)
		for i := 0; i < len(n) && pick == 0; i++ {
			if ch := n[i]; ch >= 'a' && ch <= 'z' && !used[ch] {
				pick = ch
			}
		}
		for ch := byte('A'); pick == 0; ch++ {
			if !used[ch] {
				pick = ch
			}
		}
		used[pick], letters[n] = true, pick
	}
	x0, z0 := cells[0].x, cells[0].z
	var ys []int
	for _, f := range cells {
		x0, z0 = min(x0, f.x), min(z0, f.z)
		if !slices.Contains(ys, f.y) {
			ys = append(ys, f.y)
		}
	}
	slices.Sort(ys)
	layer := func(y int) []string {
		var rows [][]byte
		for _, f := range cells {
			if f.y != y {
				continue
			}
			r, c := f.z-z0, f.x-x0
			for len(rows) <= r {
				rows = append(rows, nil)
			}
			for len(rows[r]) <= c {
				rows[r] = append(rows[r], '.')
			}
			rows[r][c] = letters[cmpBlock(f.block)]
		}
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = fmt.Sprintf("%q", string(r))
		}
		return out
	}
	var b strings.Builder
	b.WriteString("const key = {")
	for i, n := range names {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s: %q", string(letters[n]), n)
	}
	b.WriteString(" };\n")
	loop := "for (let r = 0; r < DATA.length; r++) {\n    const row = DATA[r];\n    for (let k = 0; k < row.length; k++) {\n        const i = r % 2 ? row.length - 1 - k : k; // odd rows east to west\n        const BLK = key[row[i]];\n        if (BLK && !(await PLACE(BLK, x0 + i, y, z0 + r))) FAILED.push([BLK, x0 + i, y, z0 + r]);\n    }\n}\n"
	if len(ys) == 1 {
		fmt.Fprintf(&b, "const x0 = %d, y = %d, z0 = %d; // the first row's west end\nconst DATA = [\n    %s,\n];\n", x0, ys[0], z0, strings.Join(layer(ys[0]), ",\n    "))
		return b.String() + loop
	}
	fmt.Fprintf(&b, "const x0 = %d, z0 = %d;\nconst layers = [\n", x0, z0)
	for _, y := range ys {
		fmt.Fprintf(&b, "    { y: %d, rows: [%s] },\n", y, strings.Join(layer(y), ", "))
	}
	b.WriteString("];\nfor (const { y, rows: DATA } of layers) {\n")
	for _, l := range strings.SplitAfter(loop, "\n") {
		if l != "" {
			b.WriteString("    " + l)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// slip is a realistic mistake in a program (--noise): a call left open
// (the linter reports it), a misspelt block name, or a loop that stops one
// short. The coder's error output or the blueprint check shows it, and
// the builder fixes it.
func slip(v *voice, code string) string {
	switch v.rng.IntN(3) {
	case 0:
		if i := strings.Index(code, "new Vec3(x, y, z))"); i >= 0 {
			return code[:i] + "new Vec3(x, y, z)" + code[i+len("new Vec3(x, y, z))"):]
		}
	case 1:
		for _, typo := range [][2]string{{`"stone"`, `"stone_block"`}, {`"terracotta"`, `"terracota"`}, {`"quartz_block"`, `"quartz"`}, {`"copper_block"`, `"copper"`}, {`"purpur_block"`, `"purpur"`}} {
			if strings.Contains(code, typo[0]) {
				return strings.Replace(code, typo[0], typo[1], 1)
			}
		}
	case 2:
		for _, off := range [][2]string{{"i <= xb - xa;", "i < xb - xa;"}, {"!== to + step;", "!== to;"}, {"k < row.length;", "k < row.length - 1;"}} {
			if strings.Contains(code, off[0]) {
				return strings.Replace(code, off[0], off[1], 1)
			}
		}
	}
	return code
}
