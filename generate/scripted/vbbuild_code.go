package scripted

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/mcdata"
	"collabcraft/villagerbench"
	"collabcraft/world/js"
)

// The VillagerBench builder's program: its share's blocks, lowest layer
// first, a loop for each run of one block along x, each block turned by
// placeBlock's placeOn. A block nothing holds up yet waits for a later
// pass, and one still floating after every pass goes on a dirt column
// the program takes down again. It ends saying what of the share is in
// place, which the builder reads back to decide whether to run again.

// vbRun is a run of cells of one block and side along x.
type vbRun struct {
	name, item, side string
	y, z, x0, x1     int
}

// vbRuns groups a share's cells, in order, into runs along x.
func vbRuns(cells []vbCell) []vbRun {
	var out []vbRun
	for _, c := range cells {
		p := c.b.Position
		if n := len(out); n > 0 {
			l := &out[n-1]
			if l.name == c.b.Name && l.side == c.side && l.y == p[1] && l.z == p[2] && l.x1+1 == p[0] {
				l.x1 = p[0]
				continue
			}
		}
		out = append(out, vbRun{name: c.b.Name, item: c.item, side: c.side, y: p[1], z: p[2], x0: p[0], x1: p[0]})
	}
	return out
}

func (r *vbBuilder) Program(v *voice) string {
	c := r.k.c
	if r.blocks == nil {
		return ""
	}
	if a, ok := c.LastAct(); ok && a.Name == "!newAction" && slices.Contains(vbTidyTasks, a.Arg(0)) {
		return r.tidyProgram(v)
	}
	share := r.shares[c.Name()]
	intro := v.pick("Here is the code for my share.", "This places my blocks, lowest layer first.", "My share, turned with placeOn where the blueprint gives a facing.", "")
	again := vbAfterError(c)
	if again {
		intro = v.pick("The last run stopped on an error; this one is fixed.", "Fixed the mistake, trying again.", "Trying again without that slip.")
	}
	var b strings.Builder
	b.WriteString(vbHelpers)
	var theirs []string
	for n, o := range r.shares {
		if n == c.Name() {
			continue
		}
		for _, oc := range o.cells {
			p := oc.b.Position
			theirs = append(theirs, fmt.Sprintf("%q", fmt.Sprintf("%d,%d,%d", p[0], p[1], p[2])))
		}
	}
	slices.Sort(theirs)
	if len(r.runOutputs()) >= 2 {
		// Two runs waited for the teammates' blocks already: what still
		// floats goes on dirt now.
		theirs = nil
	}
	fmt.Fprintf(&b, "// My teammates' cells: I leave a block leaning on one of them for its turn.\nconst theirs = new Set([%s]);\n", strings.Join(theirs, ", "))
	fmt.Fprintf(&b, "// My share: %s, %d blocks.\n", share.where, len(share.cells))
	for _, run := range vbRuns(share.cells) {
		side := ""
		if run.side != "bottom" {
			side = fmt.Sprintf(", %q", run.side)
		}
		if run.x0 == run.x1 {
			fmt.Fprintf(&b, "await put(%q, %q, %d, %d, %d%s);\n", run.name, run.item, run.x0, run.y, run.z, side)
			continue
		}
		fmt.Fprintf(&b, "for (let x = %d; x <= %d; x++) {\n    await put(%q, %q, x, %d, %d%s);\n}\n", run.x0, run.x1, run.name, run.item, run.y, run.z, side)
	}
	fmt.Fprintf(&b, vbFinish, vbFloor, vbStillMissing, vbAllPlaced)
	// Off the site, so that no one stands where a teammate's block goes.
	b.WriteString("// Back to where I started (by the chest), out of the others' way.\nawait skills.goToPosition(bot, start.x, start.y, start.z, 1);\n")
	code := b.String()
	if r.k.opts.Noise > 0 && !again && v.rng.Float64() < r.k.opts.Noise {
		code = vbSlip(v, code, share)
	}
	return with(intro, "```\n"+code+"```")
}

// tidyProgram clears the house's box, top down, of every block the
// blueprint leaves empty: the blueprint's cells as runs along x, the box
// from the blueprint's bounds.
func (r *vbBuilder) tidyProgram(v *voice) string {
	var cells []vbCell
	for _, b := range r.blocks {
		cells = append(cells, vbCell{b: villagerbench.Block{Position: b.Position}})
	}
	slices.SortFunc(cells, func(a, b vbCell) int { return villagerbench.CompareBlocks(a.b, b.b) })
	var runs []string
	for _, run := range vbRuns(cells) {
		runs = append(runs, fmt.Sprintf("[%d, %d, %d, %d]", run.y, run.z, run.x0, run.x1))
	}
	bx := (&villagerbench.Blueprint{Blocks: r.blocks}).Bounds()
	var b strings.Builder
	b.WriteString(v.pick("// The house's cells, as runs along x: [y, z, first x, last x].\n", "// Where the blueprint has a block: runs along x, [y, z, x from, x to].\n"))
	fmt.Fprintf(&b, "const house = [%s];\n", strings.Join(runs, ", "))
	b.WriteString(`const inHouse = (x, y, z) => house.some(([hy, hz, x0, x1]) => hy === y && hz === z && x >= x0 && x <= x1);
const EMPTY = ["air", "water", "lava", "short_grass", "tall_grass", "snow", "dead_bush", "fern"];
const cleared = [];
`)
	b.WriteString(v.pick("// Top down, so nothing is left hanging.\n", "// From the top layer down.\n"))
	fmt.Fprintf(&b, `for (let y = %d; y >= %d; y--) {
    for (let x = %d; x <= %d; x++) {
        for (let z = %d; z <= %d; z++) {
            const block = bot.blockAt(new Vec3(x, y, z));
            if (!block || EMPTY.includes(block.name) || inHouse(x, y, z)) continue;
            if (await skills.breakBlockAt(bot, x, y, z)) cleared.push(block.name + " at (" + x + ", " + y + ", " + z + ")");
        }
    }
}
console.log(cleared.length > 0 ? "%s" + cleared.join(", ") : "%s");
`, bx.Max[1], bx.Min[1], bx.Min[0], bx.Max[0], bx.Min[2], bx.Max[2], vbClearedBox, vbBoxClean)
	intro := v.pick("This clears whatever the blueprint leaves empty inside the house's box.", "Clearing the house's box of anything that is not the house.", "")
	return with(intro, "```\n"+b.String()+"```")
}

// vbHelpers are the program's helpers: put places a block unless its
// cell holds it already, and keeps one that has nothing to lean on, or
// failed, for later.
const vbHelpers = `const start = bot.entity.position.clone();
const EMPTY = ["air", "water", "lava", "short_grass", "tall_grass", "snow", "dead_bush", "fern"];
const nameAt = (x, y, z) => { const b = bot.blockAt(new Vec3(x, y, z)); return b ? b.name : "air"; };
const SIDES = [[0, -1, 0], [0, 1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]];
const leansOnSomething = (x, y, z) => SIDES.some(([dx, dy, dz]) => !EMPTY.includes(nameAt(x + dx, y + dy, z + dz)));
const share = [];
let later = [];
async function put(name, item, x, y, z, side = "bottom") {
    if (!share.some(c => c[2] === x && c[3] === y && c[4] === z)) share.push([name, item, x, y, z, side]);
    if (nameAt(x, y, z) === name) return;
    if (!leansOnSomething(x, y, z) || !(await skills.placeBlock(bot, item, x, y, z, side))) {
        later.push([name, item, x, y, z, side]);
    }
}
`

// vbFinish retries what waited, props up what still floats on a dirt
// column it takes down again, and says what is in place (1: the floor
// under the site, 2: the missing mark, 3: the done mark).
const vbFinish = `// What had nothing to lean on goes in once its neighbours are there.
for (let pass = 0; pass < 3 && later.length > 0; pass++) {
    const again = later;
    later = [];
    for (const [name, item, x, y, z, side] of again) await put(name, item, x, y, z, side);
}
// Still floating, and no teammate's block to wait for: a dirt column
// under it, taken down once it is placed.
for (const [name, item, x, y, z, side] of later) {
    if (nameAt(x, y, z) === name) continue;
    if (SIDES.some(([dx, dy, dz]) => theirs.has((x + dx) + "," + (y + dy) + "," + (z + dz)))) continue;
    let base = y - 1;
    while (base > %[1]d && EMPTY.includes(nameAt(x, base, z))) base--;
    const column = [];
    for (let cy = base + 1; cy < y; cy++) {
        if (await skills.placeBlock(bot, "dirt", x, cy, z)) column.push(cy);
    }
    await skills.placeBlock(bot, item, x, y, z, side);
    for (const cy of column.reverse()) await skills.breakBlockAt(bot, x, cy, z);
}
const missing = share.filter(([name, item, x, y, z]) => nameAt(x, y, z) !== name);
if (missing.length > 0) {
    console.log("%[2]s" + missing.length + " of my " + share.length + " blocks: " + missing.map(([name, item, x, y, z]) => name + " at (" + x + ", " + y + ", " + z + ")").join(", "));
} else {
    console.log("All " + share.length + " blocks %[3]s");
}
`

// vbSlip is a realistic mistake in a program: a skill misnamed (the
// program throws and the coder tries again), a call left open (the linter
// stops it), or a block misspelt (placeBlock refuses it, the program says
// what is missing and the builder runs another).
func vbSlip(v *voice, code string, share vbShare) string {
	switch v.rng.IntN(3) {
	case 0:
		return strings.Replace(code, "await skills.placeBlock(bot, item, x, y, z, side)", "await skills.placeBlocks(bot, item, x, y, z, side)", 1)
	case 1:
		return strings.Replace(code, "base--;\n", "base--;\n    const top = (base + 1;\n", 1)
	}
	for _, c := range share.cells {
		if typo := vbTypo(c.item); typo != "" {
			return strings.Replace(code, fmt.Sprintf("%q, %q,", c.b.Name, c.item), fmt.Sprintf("%q, %q,", c.b.Name, typo), 1)
		}
	}
	return code
}

// vbTypo is a plausible misspelling of item that names no block ("" for
// none): a plural's s dropped, or "_block" added.
func vbTypo(item string) string {
	for _, t := range []string{strings.TrimSuffix(item, "s"), item + "_block"} {
		if _, err := mcdata.LookupBlock(t); t != item && err != nil {
			return t
		}
	}
	return ""
}

// vbAfterError reports whether the coding call follows a run that threw
// or did not lint: the coder's next program is written with care.
func vbAfterError(c *know.Context) bool {
	t := c.Turns()
	return len(t) > 0 && t[len(t)-1].Role == "system" && js.Failed(t[len(t)-1].Content)
}
