package scripted

import (
	"fmt"
	"strings"
)

// The escape agent's programs: the scan of its room (what it prints is
// read back by parseEscScan) and putting its gold block where the floor
// sign was.
//
// Every scan prints the same lines the agent reads back, in the same
// order: where it stands (escScanAt), one line per lever, button,
// pressure plate, floor sign and chest within 12 blocks, nearest first
// (escScanMech, with " (on)" for a powered one), escScanNone when there is
// none, and the teammates it sees (escScanMates). How the program gets
// there is the coder's own, drawn from the call's voice as different good
// programmers write it: names, the test for a mechanism (a chain of
// comparisons in any order, a regular expression, lists, a helper with
// early returns), loops or callbacks, lines logged one by one or
// collected, a coordinate helper, comments, quotes, indents, and what
// else it logs (a count, the nearest one, levers on, nobody in view).
// The world does not move while a program runs (only skills.wait spends
// time); the one wait keeps its 500 ms and always comes before the
// position is read, as a bot in MINDcraft may still be settling. The extra lines start with none of the read-back prefixes
// and stay short, so the log stays under MINDcraft's 500 characters
// (past that the middle of the output is cut).

// escRange is how far the scan looks (blocks); escCap the most
// mechanisms it lists.
const (
	escRange = "12"
	escCap   = "32"
)

// escReplaceMark opens the replacement's prompt; the program reads the
// sign's position after it.
const escReplaceMark = "Break the "

func (r *escaper) Program(v *voice) string {
	c := r.k.c
	acts := c.Acts()
	prompt := ""
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Name == "!newAction" {
			prompt = acts[i].Arg(0)
			break
		}
	}
	if i := strings.Index(prompt, escReplaceMark); i >= 0 {
		var name string
		var x, y, z int
		if n, _ := fmt.Sscanf(prompt[i+len(escReplaceMark):], "%s at %d %d %d", &name, &x, &y, &z); n == 4 {
			intro := v.pick("Swapping the sign for the gold block.", "Sign out, gold block in.", "The "+escName(name)+" comes out and the gold block goes in its place.", "")
			return intro + "\n```\n" + swapProgram(v, name, x, y, z) + "```"
		}
	}
	intro := v.pick("Let me list what's around me.", "A quick scan of the room.", "This prints the mechanisms I can see and where.",
		"Printing every lever, button, plate, floor sign and chest in reach.", "Checking what is in range.", "")
	if strings.Contains(prompt, "again") {
		intro = v.pick("Scanning again to see what changed.", "Same scan as before, fresh readings.", "Let me read the room once more.", intro)
	}
	return intro + "\n```\n" + scanProgram(v) + "```"
}

// scanStyle is one coder's choices for the scan.
type scanStyle struct {
	types, found, blk, me, mates, name, lines string // names
	indent                                    string
	q                                         string // the quote of plain strings
	parens                                    bool   // an arrow's one parameter in parentheses
	rangeConst                                string // the range as a named constant ("": the literal)
}

func drawScanStyle(v *voice) scanStyle {
	return scanStyle{
		types:      v.pick("types", "kinds", "wanted", "names", "mechTypes", "candidates"),
		found:      v.pick("found", "mechs", "blocks", "targets", "hits", "mechanisms"),
		blk:        v.pick("b", "block", "m", "mech", "blk"),
		me:         v.pick("me", "pos", "here", "p", "self"),
		mates:      v.pick("mates", "players", "team", "others", "who"),
		name:       v.pick("n", "name", "t", "type"),
		lines:      v.pick("lines", "out", "report", "rows"),
		indent:     v.pick("  ", "    "),
		q:          v.pick("'", "'", `"`),
		parens:     v.rng.IntN(2) == 0,
		rangeConst: v.pick("", "", "RANGE", "RADIUS", "range", "reach"),
	}
}

// s quotes a plain string in the style's quotes (none of the scan's
// strings holds a quote).
func (st scanStyle) s(text string) string { return st.q + text + st.q }

// arrow is an arrow function of one parameter.
func (st scanStyle) arrow(param, body string) string {
	if st.parens {
		param = "(" + param + ")"
	}
	return param + " => " + body
}

// rng is the range as the program says it.
func (st scanStyle) rng() string {
	if st.rangeConst != "" {
		return st.rangeConst
	}
	return escRange
}

// reachText is the range inside a template literal: the constant
// interpolated, or the number written out.
func (st scanStyle) reachText() string {
	if st.rangeConst != "" {
		return "${" + st.rangeConst + "}"
	}
	return escRange
}

// scanProgram is one coder's scan of the room.
func scanProgram(v *voice) string {
	st := drawScanStyle(v)
	var b strings.Builder
	line := func(s string) { b.WriteString(s + "\n") }
	in := st.indent

	// A heading comment, or none.
	if c := v.pick("", "", "// Scan the room: levers, buttons, plates, floor signs and chests within "+escRange+" blocks.",
		"// What can I use here? Each mechanism with its position, then who else is in view.",
		"// Where I am, what I can press or pull, and who I can see."); c != "" {
		line(c)
	}
	wait := "await skills.wait(bot, 500);" + v.pick("", " // look round once", " // give the view a moment", " // let the room settle")
	waitFirst := v.rng.IntN(3) != 0
	if waitFirst {
		line(wait)
	}
	if st.rangeConst != "" {
		line("const " + st.rangeConst + " = " + escRange + ";")
	}

	// The coordinates: inline, or a helper shared by the position and
	// the mechanisms (flooring a block's whole coordinates changes
	// nothing).
	xyz := ""
	switch v.rng.IntN(3) {
	case 1:
		xyz = v.pick("xyz", "coords", "at", "fmt")
		line("const " + xyz + " = " + st.arrow("p", "`${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)}`") + ";")
	case 2:
		xyz = v.pick("xyz", "coords", "at", "fmt")
		line("const " + xyz + " = " + st.arrow("p", "[p.x, p.y, p.z].map(Math.floor).join("+st.s(" ")+")") + ";")
	}

	// Where I stand, read after the wait (a bot still settling could
	// report another cell before it).
	if !waitFirst {
		line(wait)
	}
	var posLine string
	switch k := v.rng.IntN(3); {
	case xyz != "":
		line("const " + st.me + " = " + v.pick("bot.entity.position", "world.getPosition(bot)") + ";")
		posLine = "`" + escScanAt + "${" + xyz + "(" + st.me + ")}`"
	case k == 0:
		line("const " + st.me + " = " + v.pick("bot.entity.position", "world.getPosition(bot)") + ";")
		posLine = "`" + escScanAt + "${Math.floor(" + st.me + ".x)} ${Math.floor(" + st.me + ".y)} ${Math.floor(" + st.me + ".z)}`"
	case k == 1:
		line("const " + st.me + " = " + v.pick("bot.entity.position", "world.getPosition(bot)") + ".floored();")
		posLine = "`" + escScanAt + "${" + st.me + ".x} ${" + st.me + ".y} ${" + st.me + ".z}`"
	default:
		line("const { x, y, z } = " + v.pick("bot.entity.position", "world.getPosition(bot)") + ".floored();")
		posLine = st.s(escScanAt) + " + [x, y, z].join(" + st.s(" ") + ")"
		st.me = ""
	}

	// The mechanisms: which names count, then the blocks nearest first.
	pred, helper := mechTest(v, st)
	for _, l := range helper {
		line(l)
	}
	line("const " + st.types + " = world.getNearbyBlockTypes(bot, " + st.rng() + ").filter(" + pred + ");")
	query := "world.getNearestBlocks(bot, " + st.types + ", " + st.rng() + ", " + escCap + ")"
	if v.rng.IntN(2) == 0 {
		line("const " + st.found + " = " + st.types + ".length " + v.pick("", "> 0 ") + "? " + query + " : [];")
	} else {
		line("let " + st.found + " = [];")
		line("if (" + st.types + ".length" + v.pick("", " > 0") + ") " + st.found + " = " + query + ";")
	}

	// One mechanism's line, as an expression of st.blk.
	bk := st.blk
	var coords string
	destructure := xyz == "" && v.rng.IntN(3) == 0
	switch {
	case xyz != "":
		coords = "${" + xyz + "(" + bk + ".position)}"
	case destructure:
		coords = "${x} ${y} ${z}"
	default:
		coords = "${" + bk + ".position.x} ${" + bk + ".position.y} ${" + bk + ".position.z}"
	}
	on := "${" + bk + ".getProperties().powered ? " + st.s(" (on)") + " : " + st.s("") + "}"
	mechExpr := "`" + escScanMech + "${" + bk + ".name} at " + coords + on + "`"
	if destructure && st.me == "" {
		// x, y, z are the agent's own here: the block's get other names.
		coords = "${bx} ${by} ${bz}"
		mechExpr = "`" + escScanMech + "${" + bk + ".name} at " + coords + on + "`"
	}
	var body []string // statements that make `line` (or log it) for bk
	if destructure {
		names := "{ x, y, z }"
		if st.me == "" {
			names = "{ x: bx, y: by, z: bz }"
		}
		body = append(body, "const "+names+" = "+bk+".position;")
	}

	none := "log(bot, " + st.s(escScanNone) + ");"
	mechLines := func() {
		switch form := v.rng.IntN(5); {
		case form == 0 && !destructure: // a helper that says one mechanism
			fn := v.pick("describe", "label", "lineFor", "show")
			if v.rng.IntN(2) == 0 {
				line("const " + fn + " = " + st.arrow(bk, mechExpr) + ";")
			} else {
				line("function " + fn + "(" + bk + ") {")
				line(in + "return " + mechExpr + ";")
				line("}")
			}
			loopLog(v, st, line, fn+"("+bk+")", nil)
		case form == 1: // collected, logged at once
			if destructure {
				line("const " + st.lines + " = " + st.found + ".map(" + st.arrow(bk, "{"))
				line(in + body[0])
				line(in + "return " + mechExpr + ";")
				line("});")
			} else {
				line("const " + st.lines + " = " + st.found + ".map(" + st.arrow(bk, mechExpr) + ");")
			}
			// Braces: MINDcraft puts an interrupt check after every line
			// ending in ";", which an else on the next line would follow.
			line("if (" + st.lines + ".length) {")
			line(in + "log(bot, " + st.lines + ".join(" + st.s(`\n`) + "));")
			line("} else {")
			line(in + none)
			line("}")
			return
		default:
			loopLog(v, st, line, mechExpr, body)
		}
		if v.rng.IntN(2) == 0 {
			line("if (" + st.found + ".length === 0) " + none)
		} else {
			line("if (!" + st.found + ".length) " + none)
		}
	}

	extras := drawScanExtras(v)
	log := func(expr string) { line("log(bot, " + expr + ");") }
	log(posLine)
	mechLines()
	if extras&extraCount != 0 {
		log("`${" + st.found + ".length} mechanism${" + st.found + ".length === 1 ? " + st.s("") + " : " + st.s("s") + "} within " + st.reachText() + " blocks.`")
	}
	if extras&extraNearest != 0 {
		from := "bot.entity.position"
		line("if (" + st.found + ".length) log(bot, `Nearest: ${" + st.found + "[0].name}, ${" + from + ".distanceTo(" + st.found + "[0].position).toFixed(1)} blocks away.`);")
	}
	if extras&extraLevers != 0 {
		lv := v.pick("levers", "switches")
		line("const " + lv + " = " + st.found + ".filter(" + st.arrow("l", "l.name === "+st.s("lever")) + ");")
		line("if (" + lv + ".length) log(bot, `Levers on: ${" + lv + ".filter(" + st.arrow("l", "l.getProperties().powered") + ").length} of ${" + lv + ".length}.`);")
	}

	// The teammates in view.
	line("const " + st.mates + " = world.getNearbyPlayerNames(bot);")
	matesExpr := st.s(escScanMates) + " + " + st.mates + ".join(" + st.s(", ") + ") + " + st.s(".")
	if v.rng.IntN(2) == 0 {
		matesExpr = "`" + escScanMates + "${" + st.mates + ".join(" + st.s(", ") + ")}.`"
	}
	cond := st.mates + ".length" + v.pick("", " > 0")
	switch {
	case extras&extraNobody != 0:
		line("if (" + cond + ") {")
		line(in + "log(bot, " + matesExpr + ");")
		line("} else {")
		line(in + "log(bot, " + st.s(v.pick("Nobody else in view.", "No teammate in view.", "I see no one else.")) + ");")
		line("}")
	default:
		line("if (" + cond + ") log(bot, " + matesExpr + ");")
	}
	code := b.String()
	if v.rng.IntN(4) == 0 {
		// Some write let throughout.
		code = strings.ReplaceAll(code, "const ", "let ")
	}
	return code
}

// loopLog logs expr (a mechanism's line for st.blk) for each of
// st.found, after body, as a for-of, an index loop or a forEach.
func loopLog(v *voice, st scanStyle, line func(string), expr string, body []string) {
	in, bk, found := st.indent, st.blk, st.found
	switch v.rng.IntN(3) {
	case 0:
		line("for (const " + bk + " of " + found + ") {")
	case 1:
		i := v.pick("i", "k", "idx")
		line("for (let " + i + " = 0; " + i + " < " + found + ".length; " + i + "++) {")
		line(in + "const " + bk + " = " + found + "[" + i + "];")
	default:
		if len(body) == 0 && v.rng.IntN(2) == 0 {
			line(found + ".forEach(" + st.arrow(bk, "log(bot, "+expr+")") + ");")
			return
		}
		line(found + ".forEach(" + st.arrow(bk, "{"))
		for _, s := range body {
			line(in + s)
		}
		line(in + "log(bot, " + expr + ");")
		line("});")
		return
	}
	for _, s := range body {
		line(in + s)
	}
	line(in + "log(bot, " + expr + ");")
	line("}")
}

// mechTest is the filter's argument that keeps the names of levers,
// buttons, pressure plates, floor signs and chests, and the lines that
// define it first when it is a helper. Every form keeps the same names
// (TestScanMechTestsAgree).
func mechTest(v *voice, st scanStyle) (string, []string) {
	n, in := st.name, st.indent
	sign := "(" + n + ".endsWith(" + st.s("_sign") + ") && !" + n + ".includes(" + st.s(v.pick("wall", "_wall_")) + "))"
	var expr string
	switch v.rng.IntN(3) {
	case 0: // a chain of tests, in the coder's order
		terms := []string{n + " === " + st.s("lever"), n + " === " + st.s("chest"), n + ".endsWith(" + st.s("_button") + ")", n + ".endsWith(" + st.s("_pressure_plate") + ")", sign}
		v.rng.Shuffle(len(terms), func(i, j int) { terms[i], terms[j] = terms[j], terms[i] })
		expr = strings.Join(terms, " || ")
	case 1: // a regular expression
		alts := []string{"^(lever|chest)$", "_button$", "_pressure_plate$"}
		if v.rng.IntN(2) == 0 {
			alts[0] = "^(chest|lever)$"
		}
		v.rng.Shuffle(len(alts), func(i, j int) { alts[i], alts[j] = alts[j], alts[i] })
		expr = "/" + strings.Join(alts, "|") + "/.test(" + n + ") || " + sign
	default: // lists
		names, ends := "["+st.s("lever")+", "+st.s("chest")+"]", "["+st.s("_button")+", "+st.s("_pressure_plate")+"]"
		if v.rng.IntN(2) == 0 {
			names, ends = "["+st.s("chest")+", "+st.s("lever")+"]", "["+st.s("_pressure_plate")+", "+st.s("_button")+"]"
		}
		terms := []string{names + ".includes(" + n + ")", ends + ".some(" + st.arrow("s", n+".endsWith(s)") + ")", sign}
		v.rng.Shuffle(len(terms), func(i, j int) { terms[i], terms[j] = terms[j], terms[i] })
		expr = strings.Join(terms, " || ")
	}
	fn := v.pick("isMechanism", "usable", "interesting", "isMech", "canUse")
	switch v.rng.IntN(4) {
	case 0: // inline
		return st.arrow(n, expr), nil
	case 1: // a named arrow
		return fn, []string{"const " + fn + " = " + st.arrow(n, expr) + ";"}
	case 2: // a function
		return fn, []string{"function " + fn + "(" + n + ") {", in + "return " + expr + ";", "}"}
	}
	// A function with early returns.
	first := []string{"if (" + n + " === " + st.s("lever") + " || " + n + " === " + st.s("chest") + ") return true;"}
	if v.rng.IntN(2) == 0 {
		first = []string{"if (" + n + " === " + st.s("chest") + ") return true;", "if (" + n + " === " + st.s("lever") + ") return true;"}
	}
	signs := "if (" + n + ".endsWith(" + st.s("_sign") + ")) return !" + n + ".includes(" + st.s("wall") + ");" + v.pick("", " // floor signs only", " // not the wall signs")
	last := "return " + n + ".endsWith(" + st.s("_button") + ") || " + n + ".endsWith(" + st.s("_pressure_plate") + ");"
	body := append([]string{"function " + fn + "(" + n + ") {"}, prefixAll(in, append(append(first, signs), last))...)
	return fn, append(body, "}")
}

func prefixAll(p string, ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = p + l
	}
	return out
}

// The extra lines a scan may log besides the ones read back.
const (
	extraCount = 1 << iota
	extraNearest
	extraLevers
	extraNobody
)

// drawScanExtras picks at most two extra lines (so the log stays short).
func drawScanExtras(v *voice) int {
	all := []int{extraCount, extraNearest, extraLevers, extraNobody}
	v.rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	n := v.rng.IntN(3)
	x := 0
	for _, e := range all[:n] {
		x |= e
	}
	return x
}

// swapProgram breaks the sign at x y z and puts the gold block there,
// in the coder's own words.
func swapProgram(v *voice, name string, x, y, z int) string {
	at := fmt.Sprintf("%d, %d, %d", x, y, z)
	done := fmt.Sprintf("Put a gold_block at %d %d %d.", x, y, z)
	q := v.pick("'", "'", `"`)
	s := func(t string) string { return q + t + q }
	switch v.rng.IntN(3) {
	case 0:
		return "await skills.breakBlockAt(bot, " + at + ");\nawait skills.placeBlock(bot, " + s("gold_block") + ", " + at + ");\nlog(bot, " + s(done) + ");\n"
	case 1:
		p := v.pick("p", "spot", "pos", "target")
		return v.pick("", "// The "+escName(name)+" comes out, the gold block goes in.\n") +
			"const " + p + " = { x: " + fmt.Sprint(x) + ", y: " + fmt.Sprint(y) + ", z: " + fmt.Sprint(z) + " };\n" +
			"await skills.breakBlockAt(bot, " + p + ".x, " + p + ".y, " + p + ".z);\n" +
			"await skills.placeBlock(bot, " + s("gold_block") + ", " + p + ".x, " + p + ".y, " + p + ".z);\n" +
			"log(bot, `Put a gold_block at ${" + p + ".x} ${" + p + ".y} ${" + p + ".z}.`);\n"
	}
	ok := v.pick("placed", "ok", "done")
	return "const [x, y, z] = [" + at + "];\n" +
		"await skills.breakBlockAt(bot, x, y, z);\n" +
		"const " + ok + " = await skills.placeBlock(bot, " + s("gold_block") + ", x, y, z);\n" +
		"log(bot, " + ok + " ? " + s(done) + " : `The gold_block did not go in: ${bot.blockAt(new Vec3(x, y, z)).name} is there.`);\n"
}
