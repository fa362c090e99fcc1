package scripted

import (
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
// cells with skills.placeBlock (builder_program.go writes it). The program
// skips cells that already hold their block, places the rest in order,
// retries the ones nothing held while their neighbours go in, and, where a
// cell can float, props up what is still missing with dirt it takes away
// again.

// buildCode answers a coding call: a program for the cells the latest
// `!newAction` is for, less what earlier attempts of it placed or failed
// to place.
func (r *builder) Program(v *voice) string {
	c := r.k.c
	if to, ok := climbDownFor(c); ok {
		o, _ := origin(c)
		return with(v.pick("This takes my dirt back down.", "Down off my tower:", ""), "```\n"+climbDownProgram(v, to, o[1])+"```")
	}
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
	at := site{what: what, level: strings.HasPrefix(what, "Level ")}
	if k, ok := actionLevel(c); ok && at.level {
		at.grounded = groundedOn(c, k, left)
		if !at.grounded {
			at.lid, at.onLid = lidStand(c, k, left)
		}
	}
	floating := floatedCells(c)
	for _, f := range left {
		at.floated = at.floated || floating[[3]int{f.x, f.y, f.z}]
	}
	if o, ok := origin(c); ok {
		at.ground, at.corner, at.known = o[1], [2]int{o[0], o[2]}, true
	}
	at.height = left[0].y
	if k, ok := actionLevel(c); ok && at.level {
		if lv, ok := readLevel(c, k); ok {
			at.box = levelBox(lv)
			at.post = postNear(at.box, left[len(left)-1])
			at.top = k == levelCount(c)-1
			at.dirtHouse = dirtInLevels(c)
		}
	} else if !at.level {
		at.stayIn = lastRepairUndone(c, cells)
		at.dirtHouse = dirtInLevels(c)
		at.box, at.boxKnown = houseBox(c)
		at.houseTop = at.ground + levelCount(c) - 1
	}
	// The program's shape is the coder's own choice, drawn after its
	// words from the call's voice.
	code := writeProgram(v, left, at)
	if r.k.opts.Noise > 0 && !afterError(c) && v.rng.Float64() < r.k.opts.Noise {
		code = slip(v, code)
	}
	return with(intro, "```\n"+code+"```")
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

// climbDownFor is the teammate the latest `!newAction` took down the
// dirt of a hand-over's walk to (climbDown): a `!newAction` right after
// a `!givePlayer`.
func climbDownFor(c *know.Context) (string, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Name != "!newAction" {
			continue
		}
		if i > 0 && acts[i-1].Name == "!givePlayer" && len(acts[i-1].Args) > 0 {
			return acts[i-1].Args[0], true
		}
		return "", false
	}
	return "", false
}

// actionLevel is the level the latest `!newAction` is for.
func actionLevel(c *know.Context) (int, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!newAction" {
			return actionLevelOf(a)
		}
	}
	return 0, false
}

// groundedOn reports whether the blueprint's level below level k (as this
// builder read it) has a block under every one of cells.
func groundedOn(c *know.Context, k int, cells []fix) bool {
	if k < 1 {
		return false
	}
	below, ok := readLevel(c, k-1)
	if !ok {
		return false
	}
	for _, f := range cells {
		r, col := f.z-below.Coordinates[2], f.x-below.Coordinates[0]
		if f.y != below.Coordinates[1]+1 || r < 0 || r >= len(below.Placement) || col < 0 || col >= len(below.Placement[r]) || below.Placement[r][col] == blueprints.Air {
			return false
		}
	}
	return true
}

// floatedCells are the cells a run of this builder's found nothing to
// place on (texts.CannotPlace's "nothing to place on").
func floatedCells(c *know.Context) map[[3]int]bool {
	out := map[[3]int]bool{}
	for _, t := range c.Turns() {
		if t.Role != "system" || !strings.Contains(t.Content, nothingUnder) {
			continue
		}
		for _, line := range strings.Split(t.Content, "\n") {
			if strings.Contains(line, nothingUnder) {
				for _, p := range texts.UnplacedCells(line) {
					out[p] = true
				}
			}
		}
	}
	return out
}

// nothingUnder is placeBlock's reason for a cell nothing holds.
const nothingUnder = ": nothing to place on."

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

// lidStand is where a builder starts a level that covers a room (some
// of its cells have air under them in the blueprint's level below): the
// cell of its share nearest the site's corner that rests on a wall, placed
// from the wall top beside it, after which the builder stands on that
// cell. Laid from there, the lid grows under its feet; laid from the room
// under it (the nearest spot the pathfinder finds within reach), the last
// cell shuts the builder in, and walls of stone or glass, which the
// pathfinder does not dig, keep it there.
func lidStand(c *know.Context, k int, cells []fix) (lidStart, bool) {
	below, ok := readLevel(c, k-1)
	o, known := origin(c)
	if !ok || !known || k < 1 {
		return lidStart{}, false
	}
	onWall := func(x, y, z int) bool {
		r, col := z-below.Coordinates[2], x-below.Coordinates[0]
		return y == below.Coordinates[1]+1 && r >= 0 && r < len(below.Placement) && col >= 0 && col < len(below.Placement[r]) && below.Placement[r][col] != blueprints.Air
	}
	if !slices.ContainsFunc(cells, func(f fix) bool { return !onWall(f.x, f.y, f.z) }) {
		return lidStart{}, false
	}
	near := slices.Clone(cells)
	dist := func(f fix) int { return (f.x-o[0])*(f.x-o[0]) + (f.z-o[2])*(f.z-o[2]) }
	slices.SortStableFunc(near, func(a, b fix) int { return dist(a) - dist(b) })
	for _, f := range near {
		if !onWall(f.x, f.y, f.z) {
			continue
		}
		for _, d := range [4][2]int{{-1, 0}, {0, -1}, {1, 0}, {0, 1}} {
			if onWall(f.x+d[0], f.y, f.z+d[1]) {
				return lidStart{cell: f, from: [3]int{f.x + d[0], f.y, f.z + d[1]}}, true
			}
		}
	}
	return lidStart{}, false
}

// lidStart is a lid's first cell and the wall top it is placed from.
type lidStart struct {
	cell fix
	from [3]int
}

// levelBox is a level's footprint: its first x and z and its last.
func levelBox(lv blueprints.Level) [4]int {
	w := 0
	for _, row := range lv.Placement {
		w = max(w, len(row))
	}
	x0, z0 := lv.Coordinates[0], lv.Coordinates[2]
	return [4]int{x0, z0, x0 + w - 1, z0 + len(lv.Placement) - 1}
}

// postNear is where the builder waits for its next level: the cell just
// outside the box nearest the last cell it builds, so that the walk out
// is a step off the wall it ends on, not a bridge across the rooms.
func postNear(box [4]int, f fix) [2]int {
	x0, z0, x1, z1 := box[0], box[1], box[2], box[3]
	x, z := min(max(f.x, x0), x1), min(max(f.z, z0), z1)
	best, post := f.x-x0, [2]int{x0 - 1, z}
	for _, o := range []struct {
		d int
		p [2]int
	}{{x1 - f.x, [2]int{x1 + 1, z}}, {f.z - z0, [2]int{x, z0 - 1}}, {z1 - f.z, [2]int{x, z1 + 1}}} {
		if o.d < best {
			best, post = o.d, o.p
		}
	}
	return post
}

// dirtInLevels reports whether a level of the blueprint the window shows
// holds dirt (a house of dirt keeps its dirt).
func dirtInLevels(c *know.Context) bool {
	for _, a := range c.Acts() {
		if a.Name != "!getBlueprintLevel" {
			continue
		}
		if lv, ok := parseLevel(a.Output); ok {
			for _, row := range lv.Placement {
				if slices.Contains(row, "dirt") {
					return true
				}
			}
		}
	}
	return false
}

// lastRepairUndone reports whether the check now lists cells (the fixes
// the builder is about to make) that its previous repair placed: the walk
// back down dug through them.
func lastRepairUndone(c *know.Context, cells []fix) bool {
	acts := c.Acts()
	seen := 0
	for i := len(acts) - 1; i >= 1; i-- {
		a := acts[i]
		if a.Name != "!newAction" || acts[i-1].Name != "!checkBlueprint" {
			continue
		}
		if seen++; seen < 2 {
			continue // the repair being written
		}
		placed := map[[3]int]bool{}
		for _, p := range texts.FilledCells(a.Output) {
			placed[p] = true
		}
		for _, f := range cells {
			if placed[[3]int{f.x, f.y, f.z}] {
				return true
			}
		}
		return false
	}
	return false
}

// houseBox is the footprint of every level the window shows.
func houseBox(c *know.Context) ([4]int, bool) {
	var out [4]int
	found := false
	for k := range levelCount(c) {
		lv, ok := readLevel(c, k)
		if !ok {
			continue
		}
		b := levelBox(lv)
		if !found {
			out, found = b, true
			continue
		}
		out = [4]int{min(out[0], b[0]), min(out[1], b[1]), max(out[2], b[2]), max(out[3], b[3])}
	}
	return out, found
}
