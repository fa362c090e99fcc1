package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/know"
	"collabcraft/world/js"
	"collabcraft/world/texts"
)

// Builders write code, as MineCollab's construction agents do under
// --insecure_coding: a `!newAction` for the agent's share of a level (or
// for repairs), then a program, on the coding call, that places those
// cells with skills.placeBlock. The program skips cells that already hold
// their block, places the rest in order, retries the ones nothing held
// while their neighbours go in, and props up what is still missing with
// dirt it takes away again. The program's shape is chosen per call, so
// the team's code is varied, not one template.

// buildCode answers a coding call: a program for the cells the latest
// `!newAction` is for, less what earlier attempts of it placed or failed
// to place.
func (r *builder) Program(v *voice) string {
	c := r.k.c
	cells, what := actionCells(c)
	tried := triedThisAction(c)
	var left []fix
	for _, f := range cells {
		if !tried[[3]int{f.x, f.y, f.z}] {
			left = append(left, f)
		}
	}
	intro := v.pick("Here is the code for my part.", "This places my blocks, lowest first.", "")
	if afterError(c) {
		intro = v.pick("The last run stopped early; this picks up the blocks that are still missing.", "Trying again with what is left.")
	}
	if len(left) == 0 {
		return with(intro, "```\nawait skills.wait(bot, 500);\nconsole.log(\""+what+": nothing left to place.\");\n```")
	}
	shapes := []func([]fix) string{rowsProgram, runsProgram, cellsProgram}
	// The program's shape is the coder's own choice, drawn after its
	// words from the call's voice.
	code := shapes[v.rng.IntN(len(shapes))](left)
	if r.k.opts.Noise > 0 && !afterError(c) && v.rng.Float64() < r.k.opts.Noise {
		code = slip(v, code)
	}
	code += propHelper + finishing(what)
	if o, ok := origin(c); ok {
		code += comeDown(o)
	}
	if lv, ok := actionLevel(c); ok && lv.Level > 0 && !usesDirt(lv) {
		code += tidyUp(lv)
	}
	return with(intro, "```\n"+code+"```")
}

// actionLevel is the level the latest `!newAction` is for, as read.
func actionLevel(c *know.Context) (blueprints.Level, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!newAction" {
			if k, ok := actionLevelOf(a); ok {
				return readLevel(c, k)
			}
			break
		}
	}
	return blueprints.Level{}, false
}

// comeDown walks back to the ground outside the site's corner, down the
// scaffolding the pathfinder towered up on, so that no builder is left on
// a roof or in a room that closes, and no teammate's tidying takes away
// the pillar under a builder still up on it.
func comeDown(origin [3]int) string {
	return fmt.Sprintf(`// Back down to the ground outside the site.
if (!(await skills.goToPosition(bot, %d, %d, %d, 2))) {
    console.log("I could not get back down to the ground.");
}
`, origin[0]-2, origin[1], origin[2]-2)
}

// usesDirt reports whether the level is built with dirt, which then is no
// scaffolding to take away.
func usesDirt(lv blueprints.Level) bool {
	for _, row := range lv.Placement {
		if slices.Contains(row, "dirt") {
			return true
		}
	}
	return false
}

// tidyUp takes away the dirt the pathfinder towered with inside the site,
// up to the level just built, while it can still be reached: once rooms
// close over it, it cannot.
func tidyUp(lv blueprints.Level) string {
	depth, width := len(lv.Placement), 0
	for _, row := range lv.Placement {
		width = max(width, len(row))
	}
	c := lv.Coordinates
	return fmt.Sprintf(`// Take my scaffolding away before the rooms close over it.
const scaffolding = world.getNearestBlocks(bot, "dirt", 24, 256).filter(b =>
    b.position.y >= %d && b.position.y <= %d &&
    b.position.x >= %d && b.position.x < %d && b.position.z >= %d && b.position.z < %d);
for (const b of scaffolding.reverse()) {
    try {
        await skills.breakBlockAt(bot, b.position.x, b.position.y, b.position.z);
    } catch (err) {
        console.log("Could not take away the dirt at " + b.position + ": " + err.message);
    }
}
`, c[1]-lv.Level+1, c[1], c[0], c[0]+width, c[2], c[2]+depth)
}

// actionCells are the cells the latest `!newAction` is for, in order, and
// what it was for ("Level 3", "Repairs"): a level's share, or the fixes of
// the check before it that the builder can make.
func actionCells(c *know.Context) ([]fix, string) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Name != "!newAction" {
			continue
		}
		if k, ok := actionLevelOf(a); ok {
			lv, ok := readLevel(c, k)
			if !ok {
				return nil, "Level " + itoa(k)
			}
			return share(c, lv), "Level " + itoa(k)
		}
		if i > 0 && acts[i-1].Name == "!checkBlueprint" {
			return canDo(c, parseFixes(acts[i-1].Output)), "Repairs"
		}
		return nil, "Repairs"
	}
	return nil, "This action"
}

// slip is a realistic mistake in a program (--noise): a missing
// parenthesis the linter reports, a misspelt block name, or a loop that
// stops one cell short. The coder's error output or the blueprint check
// shows it, and the builder fixes it.
func slip(v *voice, code string) string {
	switch v.rng.IntN(3) {
	case 0: // a call left open: the linter reports it
		if i := strings.Index(code, "new Vec3(x, y, z));"); i >= 0 {
			return code[:i] + "new Vec3(x, y, z);" + code[i+len("new Vec3(x, y, z));"):]
		}
	case 1: // a misspelt block
		for _, typo := range [][2]string{{`"stone"`, `"stone_block"`}, {`"terracotta"`, `"terracota"`}, {`"quartz_block"`, `"quartz"`}, {`"copper_block"`, `"copper"`}, {`"purpur_block"`, `"purpur"`}} {
			if strings.Contains(code, typo[0]) {
				return strings.Replace(code, typo[0], typo[1], 1)
			}
		}
	case 2: // a loop one short
		for _, off := range [][2]string{{"i < row.blocks.length;", "i < row.blocks.length - 1;"}, {"x !== to + dir;", "x !== to;"}, {"i < todo.length;", "i < todo.length - 1;"}} {
			if strings.Contains(code, off[0]) {
				return strings.Replace(code, off[0], off[1], 1)
			}
		}
	}
	return code
}

// triedThisAction are the cells the attempts of the current `!newAction`
// placed or failed to place (the coder's error turns after it).
func triedThisAction(c *know.Context) map[[3]int]bool {
	out := map[[3]int]bool{}
	turns := c.Turns()
	start := len(turns)
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Role == "assistant" && strings.Contains(turns[i].Content, "!newAction(") {
			start = i + 1
			break
		}
	}
	for _, t := range turns[start:] {
		if t.Role != "system" {
			continue
		}
		for _, c := range texts.FilledCells(t.Content) {
			out[c] = true
		}
		for _, c := range texts.UnplacedCells(t.Content) {
			out[c] = true
		}
	}
	return out
}

// afterError reports whether the coder's last turn is a lint or runtime
// error.
func afterError(c *know.Context) bool {
	if n := len(c.Turns()); n > 0 {
		last := c.Turns()[n-1]
		return last.Role == "system" && js.Failed(last.Content)
	}
	return false
}

// putHelper sets one cell: nothing to do when it holds its block already,
// else place the block or clear the cell ("air"). A thrown failure is
// logged, and the cell kept for another pass.
const putHelper = `const missed = [];
async function put(name, x, y, z) {
    const here = bot.blockAt(new Vec3(x, y, z));
    if (here && here.name === name) return true;
    let ok = false;
    try {
        if (name === "air") {
            ok = await skills.breakBlockAt(bot, x, y, z);
        } else {
            ok = await skills.placeBlock(bot, name, x, y, z);
        }
    } catch (err) {
        console.log("Failed to place " + name + " at (" + x + ", " + y + ", " + z + "): " + err.message);
    }
    if (!ok) missed.push([name, x, y, z]);
    return ok;
}
`

// unreachedIn are the blocks put's log (putHelper, cellsProgram) says
// failed for want of a path: "Failed to place <block> at (<x>, <y>, <z>):
// <the pathfinder's error>", in order.
func unreachedIn(log string) []string {
	const failed = "Failed to place "
	noPath := strings.TrimSuffix(texts.NoPath, "!")
	var out []string
	for rest := log; ; {
		i := strings.Index(rest, failed)
		if i < 0 {
			return out
		}
		rest = rest[i+len(failed):]
		n := 0
		for n < len(rest) && (rest[n] == '_' || 'a' <= rest[n] && rest[n] <= 'z') {
			n++
		}
		block, after, ok := rest[:n], rest[n:], n > 0
		if ok {
			after, ok = strings.CutPrefix(after, " at (")
		}
		if ok {
			_, after, ok = strings.Cut(after, ")")
		}
		if ok && strings.HasPrefix(after, ": "+noPath) {
			out = append(out, block)
			rest = after
		}
	}
}

// retryPasses places the missed cells again while a pass gets any in: a
// cell nothing held may hold once its neighbours are in.
const retryPasses = `let progress = true;
while (missed.length > 0 && progress) {
    progress = false;
    const pass = missed.splice(0, missed.length).reverse();
    for (const c of pass) {
        if (await put(c[0], c[1], c[2], c[3])) progress = true;
    }
}
`

// propHelper props up a cell nothing holds (over a door, a ledge, the
// part of a level a teammate has not built under yet): dirt under it down
// to the first block, the cell, then the dirt taken away again.
const propHelper = `async function propUp(name, x, y, z) {
    const props = [];
    for (let py = y - 1; py >= y - 8; py--) {
        const below = bot.blockAt(new Vec3(x, py, z));
        if (below === null || below.name !== "air") break;
        props.push(py);
    }
    try {
        for (const py of props.slice().reverse()) {
            await skills.placeBlock(bot, "dirt", x, py, z);
        }
        return await skills.placeBlock(bot, name, x, y, z);
    } finally {
        for (const py of props) {
            await skills.breakBlockAt(bot, x, py, z);
        }
    }
}
`

// finishing places what the passes left: whatever a neighbour now holds
// goes in plainly, and when nothing does, the first cell is propped up
// and the rest go on from it. It reports the count still missing.
func finishing(what string) string {
	return `async function tryPlace(name, x, y, z) {
    const here = bot.blockAt(new Vec3(x, y, z));
    if (here && here.name === name) return true;
    try {
        return await skills.placeBlock(bot, name, x, y, z);
    } catch (err) {
        return false;
    }
}
let stillMissing = 0;
let rest = missed.filter(c => c[0] !== "air");
stillMissing += missed.length - rest.length;
while (rest.length > 0) {
    const next = [];
    let placed = false;
    for (const c of rest) {
        if (await tryPlace(c[0], c[1], c[2], c[3])) placed = true;
        else next.push(c);
    }
    rest = next;
    if (placed || rest.length === 0) continue;
    const [name, x, y, z] = rest.shift();
    try {
        if (!(await propUp(name, x, y, z))) stillMissing++;
    } catch (err) {
        stillMissing++;
        console.log("Could not prop up " + name + " at (" + x + ", " + y + ", " + z + "): " + err.message);
    }
}
console.log("` + what + `: done, " + stillMissing + " blocks still missing.");
`
}

// levelDoneIn reads the last line finishing logs for a level's share:
// "Level 3: done, 0 blocks still missing." (the level as written).
func levelDoneIn(log string) (level string, missing int, ok bool) {
	for rest := log; ; {
		i := strings.Index(rest, "Level ")
		if i < 0 {
			return "", 0, false
		}
		rest = rest[i+len("Level "):]
		k := digits(rest)
		after, found := strings.CutPrefix(rest[k:], ": done, ")
		if k == 0 || !found {
			continue
		}
		n := digits(after)
		if tail := after[n:]; n > 0 && (strings.HasPrefix(tail, " block still missing") || strings.HasPrefix(tail, " blocks still missing")) {
			return rest[:k], atoi(after[:n]), true
		}
	}
}

// digits is the length of the run of digits s starts with.
func digits(s string) int {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

// rowsProgram lists each row as an array of block names from its first x
// and loops over them.
func rowsProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString(putHelper)
	b.WriteString("const rows = [\n")
	for _, r := range runs(cells, false) {
		names := make([]string, len(r.cells))
		for i, f := range r.cells {
			names[i] = fmt.Sprintf("%q", cmpBlock(f.block))
		}
		fmt.Fprintf(&b, "    { y: %d, z: %d, x: %d, step: %d, blocks: [%s] },\n", r.y, r.z, r.cells[0].x, r.step, strings.Join(names, ", "))
	}
	b.WriteString("];\nfor (const row of rows) {\n    for (let i = 0; i < row.blocks.length; i++) {\n        await put(row.blocks[i], row.x + i * row.step, row.y, row.z);\n    }\n}\n")
	b.WriteString(retryPasses)
	return b.String()
}

// runsProgram lists runs of one block along x and fills each with a
// counting loop.
func runsProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString(putHelper)
	b.WriteString("// [block, y, z, first x, last x]\nconst runs = [\n")
	for _, r := range runs(cells, true) {
		fmt.Fprintf(&b, "    [%q, %d, %d, %d, %d],\n", cmpBlock(r.cells[0].block), r.y, r.z, r.cells[0].x, r.cells[len(r.cells)-1].x)
	}
	b.WriteString("];\nfor (const [block, y, z, from, to] of runs) {\n    const dir = to >= from ? 1 : -1;\n    for (let x = from; x !== to + dir; x += dir) {\n        await put(block, x, y, z);\n    }\n}\n")
	b.WriteString(retryPasses)
	return b.String()
}

// cellsProgram lists every cell, places them in order, then sweeps again
// over the ones that did not go in.
func cellsProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString("const cells = [\n")
	for _, f := range cells {
		fmt.Fprintf(&b, "    [%d, %d, %d, %q],\n", f.x, f.y, f.z, cmpBlock(f.block))
	}
	b.WriteString(`];
async function setCell(x, y, z, name) {
    const now = bot.blockAt(new Vec3(x, y, z));
    if (now && now.name === name) return true;
    try {
        return name === "air" ? await skills.breakBlockAt(bot, x, y, z) : await skills.placeBlock(bot, name, x, y, z);
    } catch (err) {
        console.log("Failed to place " + name + " at (" + x + ", " + y + ", " + z + "): " + err.message);
        return false;
    }
}
let todo = cells;
for (let sweep = 0; sweep < 20 && todo.length > 0; sweep++) {
    const next = [];
    for (let i = 0; i < todo.length; i++) {
        const [x, y, z, name] = todo[i];
        if (!(await setCell(x, y, z, name))) next.push(todo[i]);
    }
    if (next.length === todo.length) break;
    todo = next.reverse();
}
const missed = todo.map(([x, y, z, name]) => [name, x, y, z]);
`)
	return b.String()
}

// run is consecutive cells of one row (same y and z, x stepping by one in
// one direction), optionally of one block.
type run struct {
	y, z, step int
	cells      []fix
}

// runs cuts the ordered cells into runs along x.
func runs(cells []fix, sameBlock bool) []run {
	var out []run
	for i := 0; i < len(cells); {
		c := cells[i]
		r := run{y: c.y, z: c.z, step: 1, cells: []fix{c}}
		j := i + 1
		for ; j < len(cells); j++ {
			d, prev := cells[j], cells[j-1]
			st := d.x - prev.x
			if d.y != c.y || d.z != c.z || (st != 1 && st != -1) || (j > i+1 && st != r.step) || (sameBlock && d.block != c.block) {
				break
			}
			r.step = st
			r.cells = append(r.cells, d)
		}
		out = append(out, r)
		i = j
	}
	return slices.Clip(out)
}
