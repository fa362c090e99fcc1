package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/world/texts"
)

// Builders write code, as MineCollab's construction agents do under
// --insecure_coding: a `!newAction` for the agent's share of a level, then
// a program (on the coding call) that places those cells with
// skills.placeBlock, lower cells first. What the program placed and what
// it could not come back in the action's output ("Placed ... at",
// "Failed to place ... at"), which the plan reads like any command's
// output. The program's shape is chosen per call, so the team's code is
// varied, not one template.

// buildable are the cells of level cur this agent places now, in order:
// its share not yet placed that it holds blocks for (removals always),
// leaving out cells that failed before unless only those are left.
func (s *state) buildable(cur int, cells []fix) []fix {
	failed := s.failedCells()
	var todo, retry []fix
	for _, f := range cells {
		if failed[[3]int{f.x, f.y, f.z}] {
			retry = append(retry, f)
		} else {
			todo = append(todo, f)
		}
	}
	if len(todo) == 0 && (!s.stuckLevels()[cur] || s.onlyStuckLeft()) {
		todo = retry // only cells that failed before: try them again
	}
	return todo
}

// onlyStuckLeft reports whether every level not yet correct waits on
// cells that failed: then those are tried again.
func (s *state) onlyStuckLeft() bool {
	done, stuck := s.doneLevels(), s.stuckLevels()
	for k := range s.levelCount() {
		if !done[k] && !stuck[k] {
			return false
		}
	}
	return true
}

// canDo keeps the cells the agent can act on: removals, and blocks it
// holds (as many as it holds of each).
func (s *state) canDo(cells []fix) []fix {
	left := map[string]int{}
	var out []fix
	for _, f := range cells {
		if f.block == "" {
			out = append(out, f)
			continue
		}
		if _, seen := left[f.block]; !seen {
			left[f.block] = s.count(f.block)
		}
		if left[f.block] > 0 {
			left[f.block]--
			out = append(out, f)
		}
	}
	return out
}

// actionText is the `!newAction` request for cells of level cur.
func (s *state) actionText(cur int, cells []fix) string {
	mats := map[string]int{}
	for _, f := range cells {
		mats[cmpBlock(f.block)]++
	}
	var parts []string
	for _, m := range sortedKeys(mats) {
		parts = append(parts, itoa(mats[m])+" "+m)
	}
	what := strings.Join(parts, ", ")
	return s.pick("Place my part of level "+itoa(cur)+": "+what+".",
		"Build my rows of level "+itoa(cur)+" from the blueprint ("+what+").",
		"Place the "+what+" of my share of level "+itoa(cur)+", lowest blocks first.")
}

func cmpBlock(b string) string {
	if b == "" {
		return "air"
	}
	return b
}

// buildCode answers a coding call: a program for the cells the
// `!newAction` was for, less what earlier attempts of this action placed
// or failed to place.
func (s *state) buildCode() string {
	// The plan is the one the `!newAction` was made from: without it.
	if a, ok := s.lastAct(); ok && a.name == "!newAction" {
		s.acts = s.acts[:len(s.acts)-1]
	}
	cur := s.currentLevel()
	var cells []fix
	if cur >= 0 {
		if all, known := s.todo(cur); known {
			cells = s.canDo(s.buildable(cur, all))
		}
	}
	tried := s.triedThisAction()
	var left []fix
	for _, f := range cells {
		if !tried[[3]int{f.x, f.y, f.z}] {
			left = append(left, f)
		}
	}
	intro := s.pick("Here is the code for my part.", "This places my blocks, lowest first.", "")
	if s.afterError() {
		intro = s.pick("The last run stopped early; this picks up the blocks that are still missing.", "Trying again with what is left.")
	}
	if len(left) == 0 {
		return with(intro, "```\nawait skills.wait(bot, 500);\nconsole.log(\"My part of level "+itoa(cur)+" is placed.\");\n```")
	}
	// Cells that had nothing to hold them before are propped up.
	failed := s.failedCells()
	var free, held []fix
	for _, f := range left {
		if failed[[3]int{f.x, f.y, f.z}] && f.block != "" {
			held = append(held, f)
		} else {
			free = append(free, f)
		}
	}
	var code string
	if len(free) > 0 {
		shapes := []func([]fix) string{rowsProgram, runsProgram, cellsProgram}
		code = shapes[s.rng.IntN(len(shapes))](free)
	}
	if len(held) > 0 {
		code += propProgram(held)
	}
	return with(intro, "```\n"+code+"```")
}

// propProgram places cells nothing held last time, each on dirt
// scaffolding taken away again.
func propProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString(propHelper)
	b.WriteString("// These had nothing to hold them last time.\nconst lintels = [\n")
	for _, f := range cells {
		fmt.Fprintf(&b, "    [%d, %d, %d, %q],\n", f.x, f.y, f.z, f.block)
	}
	b.WriteString(`];
for (const [x, y, z, name] of lintels) {
    try {
        await propUp(name, x, y, z);
    } catch (err) {
        console.log("Failed to place " + name + " at (" + x + ", " + y + ", " + z + "): " + err.message);
    }
}
`)
	return b.String()
}

// triedThisAction are the cells the attempts of the current `!newAction`
// placed or failed to place (the coder's error turns after it).
func (s *state) triedThisAction() map[[3]int]bool {
	out := map[[3]int]bool{}
	turns := s.v.Turns
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
func (s *state) afterError() bool {
	if n := len(s.v.Turns); n > 0 {
		last := s.v.Turns[n-1]
		return last.Role == "system" && (strings.Contains(last.Content, "CODE EXECUTION THREW ERROR") || strings.Contains(last.Content, "Code lint error"))
	}
	return false
}

// placeHelper places one block or clears one cell ("air"), logs a thrown
// failure instead of stopping, and keeps the cells that did not go in for
// another pass.
const placeHelper = `const missed = [];
async function put(name, x, y, z) {
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
    if (ok === false) missed.push([name, x, y, z]);
    return ok;
}
`

// propHelper props up a cell nothing holds (a lintel over a door or
// window): dirt under it down to the first block, the cell, then the dirt
// taken away again.
const propHelper = `async function propUp(name, x, y, z) {
    const props = [];
    for (let py = y - 1; py >= y - 3; py--) {
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

// retryPasses places the missed cells again while a pass gets any in: a
// cell with nothing to hold it may hold once its neighbours are in.
const retryPasses = `let progress = true;
while (missed.length > 0 && progress) {
    progress = false;
    const pass = missed.splice(0, missed.length);
    for (const c of pass) {
        if (await put(c[0], c[1], c[2], c[3])) progress = true;
    }
}
`

// rowsProgram lists each row as an array of block names from its first x
// and loops over them.
func rowsProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString(placeHelper)
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
	b.WriteString(placeHelper)
	b.WriteString("// [block, y, z, first x, last x]\nconst runs = [\n")
	for _, r := range runs(cells, true) {
		fmt.Fprintf(&b, "    [%q, %d, %d, %d, %d],\n", cmpBlock(r.cells[0].block), r.y, r.z, r.cells[0].x, r.cells[len(r.cells)-1].x)
	}
	b.WriteString("];\nfor (const [block, y, z, from, to] of runs) {\n    const dir = to >= from ? 1 : -1;\n    for (let x = from; x !== to + dir; x += dir) {\n        await put(block, x, y, z);\n    }\n}\n")
	b.WriteString(retryPasses)
	return b.String()
}

// cellsProgram lists every cell, places them in order, then sweeps again
// over the ones that did not go in, counting what was placed.
func cellsProgram(cells []fix) string {
	var b strings.Builder
	b.WriteString("const cells = [\n")
	for _, f := range cells {
		fmt.Fprintf(&b, "    [%d, %d, %d, %q],\n", f.x, f.y, f.z, cmpBlock(f.block))
	}
	b.WriteString(`];
let placed = 0;
let todo = cells;
for (let sweep = 0; sweep < 10 && todo.length > 0; sweep++) {
    const next = [];
    for (const [x, y, z, name] of todo) {
        let ok = false;
        try {
            ok = name === "air" ? await skills.breakBlockAt(bot, x, y, z) : await skills.placeBlock(bot, name, x, y, z);
        } catch (err) {
            console.log("Failed to place " + name + " at (" + x + ", " + y + ", " + z + "): " + err.message);
        }
        if (ok) placed++;
        else next.push([x, y, z, name]);
    }
    if (next.length === todo.length) break;
    todo = next;
}
console.log(placed + " of " + cells.length + " blocks went in.");
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
