package scripted

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/world/command"
)

// Construction, as MineCollab's builders work under --insecure_coding.
// The team splits the house by material: on every level, the cells of
// each material are taken in rows (z, then x) and cut into one run per
// builder, so each builder's share matches the even share of blocks it was
// dealt. Each builder goes up level by level on its own: it reads the
// level with !getBlueprintLevel, asks for a !newAction for its share, and
// on the coding call writes a program that places those cells, propping
// up with dirt the ones nothing holds yet (its teammates may not have
// built under them). Once its share of every level is in, it runs
// !checkBlueprint and repairs what is reported (blocks that did not go
// in, scaffolding left behind) with more code, asking teammates for
// blocks it lacks and giving away what it no longer needs.

// fix is one cell to set: block "" means clear it.
type fix struct {
	block   string
	x, y, z int
}

// blueprintText is where the builder knows the blueprint's levels from:
// the goal when it lists them (the paper's prompts), else the latest
// !getBlueprint in the window, else its memory ("Blueprint: 12 levels,
// level 0 at X: 148, Y: -60, Z: -170.").
func (s *state) blueprintText() string {
	if len(blueprints.ExplainedLevels(s.v.Goal)) > 0 {
		return s.v.Goal
	}
	for i := len(s.acts) - 1; i >= 0; i-- {
		if a := s.acts[i]; a.Name == "!getBlueprint" && len(blueprints.ExplainedLevels(a.Output)) > 0 {
			return a.Output
		}
	}
	if bp := s.notes.Blueprint; bp.Levels > 0 {
		var b strings.Builder
		for k := range bp.Levels {
			b.WriteString("Level " + itoa(k) + ": Start at coordinates X: " + itoa(bp.Origin[0]) + ", Y: " + itoa(bp.Origin[1]+k) + ", Z: " + itoa(bp.Origin[2]))
		}
		return b.String()
	}
	return ""
}

func (s *state) levelCount() int {
	n := 0
	for _, k := range blueprints.ExplainedLevels(s.blueprintText()) {
		n = max(n, k+1)
	}
	return n
}

// origin is level 0's start: the corner of the site.
func (s *state) origin() ([3]int, bool) {
	return blueprints.ExplainedOrigin(s.blueprintText(), 0)
}

// stackedLevels reports whether every level k starts k blocks right above
// level 0's start (so the memory line can say it in a few words).
func (s *state) stackedLevels() bool {
	text := s.blueprintText()
	o, ok := blueprints.ExplainedOrigin(text, 0)
	if !ok {
		return false
	}
	for _, k := range blueprints.ExplainedLevels(text) {
		if c, _ := blueprints.ExplainedOrigin(text, k); c != [3]int{o[0], o[1] + k, o[2]} {
			return false
		}
	}
	return true
}

// readLevel is level k of the blueprint as the latest !getBlueprintLevel
// in the window printed it.
func (s *state) readLevel(k int) (blueprints.Level, bool) {
	for i := len(s.acts) - 1; i >= 0; i-- {
		a := s.acts[i]
		if a.Name == "!getBlueprintLevel" && len(a.Args) == 1 && atoi(a.Args[0]) == k {
			if lv, ok := blueprints.ParseLevel(a.Output); ok {
				return lv, true
			}
		}
	}
	return blueprints.Level{}, false
}

// share is this builder's cells of a level, in building order: for each
// material, its cells in rows (z, then x, each row walked back the way the
// previous one came) cut into one run per builder in team order. The runs
// rotate with the level so that no builder always gets the remainder.
// Door cells right above a door of the level below (from the window) are
// the door's upper half, which placing the lower half fills.
func (s *state) share(lv blueprints.Level) []fix {
	below, haveBelow := s.readLevel(lv.Level - 1)
	byBlock := map[string][]fix{}
	for r, row := range lv.Placement {
		for c, name := range row {
			if name == blueprints.Air {
				continue
			}
			if strings.HasSuffix(name, "_door") && haveBelow && r < len(below.Placement) && c < len(below.Placement[r]) && below.Placement[r][c] == name {
				continue
			}
			byBlock[name] = append(byBlock[name], fix{block: name, x: lv.Coordinates[0] + c, y: lv.Coordinates[1], z: lv.Coordinates[2] + r})
		}
	}
	n := max(len(s.v.Team), 1)
	seat := (max(s.me, 0) + lv.Level) % n // the plan's order: names sorted
	var out []fix
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range byBlock {
			if !yield(k) {
				return
			}
		}
	}) {
		if s.count(name) == 0 {
			continue // dealt to teammates: theirs to place, with the repairs
		}
		cells := byBlock[name]
		out = append(out, cells[seat*len(cells)/n:(seat+1)*len(cells)/n]...)
	}
	return order(out)
}

// order sorts cells for building: lowest first, then row by row in z,
// each row walked from the end the previous one finished at, so the walks
// stay short and each cell touches one just placed.
func order(cells []fix) []fix {
	out := slices.Clone(cells)
	slices.SortStableFunc(out, func(a, b fix) int {
		if a.y != b.y {
			return a.y - b.y
		}
		if a.z != b.z {
			return a.z - b.z
		}
		if a.z%2 == 0 {
			return a.x - b.x
		}
		return b.x - a.x
	})
	return out
}

// placedLevels are the levels this builder's share is in on: from memory,
// from a `!newAction` for the level, or because its share of a level read
// is empty.
func (s *state) placedLevels() map[int]bool {
	done := map[int]bool{}
	for _, k := range s.notes.PartIn {
		done[k] = true
	}
	for _, a := range s.acts {
		switch a.Name {
		case "!newAction":
			// Its output may be folded into memory apart from it: the
			// action ran either way.
			if k, ok := actionLevelOf(a); ok {
				done[k] = true
			}
		case "!getBlueprintLevel":
			if lv, ok := blueprints.ParseLevel(a.Output); ok && len(s.share(lv)) == 0 {
				done[lv.Level] = true
			}
		}
	}
	return done
}

// nextLevel is the lowest level whose share is not in yet; -1 when all are.
func (s *state) nextLevel() int {
	done := s.placedLevels()
	for k := range s.levelCount() {
		if !done[k] {
			return k
		}
	}
	return -1
}

func (s *state) construction() string {
	if s.levelCount() == 0 {
		// MINDcraft's harness gives neither the goal nor the opening
		// message the blueprint's levels: look them up.
		return with(s.blueprintIntent(), cmd("getBlueprint"))
	}
	p := s.talkingWith()
	if p != "" && s.has("!endConversation") {
		return s.goQuiet(p)
	}
	act := s.build()
	// MINDcraft blocks !endConversation in tasks that open with a
	// conversation: every reply reaches the partner anyway, so a builder
	// answers the opening with the plan and its first step in one reply.
	if p != "" && !s.statedPlan() {
		if s.heardPlan(p) {
			return s.pick("Agreed, we split by material.", "Sounds good: split by material, my runs of each level.") + " " + act
		}
		return s.planText() + " " + act
	}
	// A builder that stated the plan brings the teammates the opening did
	// not reach into it.
	if s.statedPlan() {
		for _, o := range s.others() {
			if !s.talkedTo(o) && !s.heardFrom(o) {
				return cmd("startConversation", o, s.planText())
			}
		}
	}
	return act
}

// build is the builder's next step on the house.
func (s *state) build() string {
	k := s.nextLevel()
	if k < 0 {
		return s.finish()
	}
	lv, ok := s.readLevel(k)
	if !ok {
		return with(s.levelIntent(k), cmd("getBlueprintLevel", k))
	}
	cells := s.share(lv)
	return with(s.buildIntent(lv, cells), cmd("newAction", s.actionText(k, cells)))
}

// heardPlan reports whether teammate p proposed the split by material.
func (s *state) heardPlan(p string) bool {
	for _, m := range s.msgs {
		if m.From == p && strings.Contains(m.Text, "by material") {
			return true
		}
	}
	return false
}

// planText is the division of labour builders agree on.
func (s *state) planText() string {
	return s.pick("Let's split by material, since we each hold the blocks we were dealt: on each level, every block's cells in rows, cut into one run per builder in name order ("+strings.Join(s.v.Team, ", ")+"), shifting by one each level.",
		"Plan: we split each level by material. Each block type's cells row by row, cut into equal runs, one per builder in name order ("+strings.Join(s.v.Team, ", ")+"), moving one seat along each level, so everyone uses the blocks they hold.")
}

// statedPlan reports whether this builder has told the team the plan.
func (s *state) statedPlan() bool {
	return s.c.Said().Has(chat.Plan) || s.notes.ToldPlan
}

// talkedTo reports whether this builder started a conversation with o.
func (s *state) talkedTo(o string) bool {
	for _, a := range s.acts {
		if a.Name == "!startConversation" && len(a.Args) > 0 && a.Args[0] == o {
			return true
		}
	}
	return s.sharedPlanWith(o)
}

// sharedPlanWith reports whether the memory says the plan is settled with o.
func (s *state) sharedPlanWith(o string) bool {
	return slices.Contains(s.notes.PlanWith, o)
}

// heardFrom reports whether teammate o has written to this builder.
func (s *state) heardFrom(o string) bool {
	for _, m := range s.msgs {
		if m.From == o {
			return true
		}
	}
	return s.sharedPlanWith(o)
}

// finish is the last phase, once this builder's share of every level is
// in: check the whole house and repair what is reported, give teammates
// what they ask for, and ask for blocks nobody else will place.
func (s *state) finish() string {
	a, ok := s.lastAct()
	checked := ok && a.Name == "!checkBlueprint"
	var fixes []fix
	if checked {
		fixes = parseFixes(a.Output)
		// A fix this builder holds the block for is placed before blocks
		// are handed out: giving the block to a teammate who asks for it
		// only moves the same fix around.
		if mine := s.canDo(fixes); len(mine) > 0 && !s.repairedSame(a) {
			return with(s.repairIntent(mine, fixes), cmd("newAction", s.repairText(mine)))
		}
	}
	if r := s.serveRequests(); r != "" {
		return r
	}
	if !checked {
		return with(s.checkIntent(), cmd("checkBlueprint"))
	}
	if len(fixes) == 0 {
		return with(s.pick("The house matches the blueprint.", "All done here."), cmd("stay", 30))
	}
	// What is left needs blocks this builder lacks, or cells that did not
	// take twice in a row: let teammates work, then ask for the blocks.
	if s.checkedSameTwice() {
		need := map[string]int{}
		for _, f := range fixes {
			// A block this builder already failed to place for want of a
			// path is not asked for: the cell is walled in, and another
			// copy of the block would not reach it either.
			if f.block != "" && s.count(f.block) == 0 && !s.couldNotReach(f.block) {
				need[f.block]++
			}
		}
		for _, b := range sortedKeys(need) {
			for _, o := range s.others() {
				if !s.askedFor(o, b) {
					return cmd("startConversation", o, s.pick("Can you give me ", "Could you give me ")+itoa(need[b])+" "+b+"? The house still needs them and my share is done.")
				}
			}
		}
	}
	left := materialsText(fixes)
	return with(s.compose(s.pick("the rest is my teammates' part; I'll give them a moment", "I'll wait for the others to finish their share"),
		nil, s.pick("what's left needs "+left, "the check still wants "+left)), cmd("stay", 15))
}

// unreached are the blocks this builder's own code failed to place for
// want of a path, from the memory and the window.
func (s *state) unreached() []string {
	out := slices.Clone(s.notes.Unreachable)
	for _, a := range s.acts {
		if a.Name != "!newAction" {
			continue
		}
		for _, b := range unreachedIn(a.Output) {
			if !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// couldNotReach reports whether this builder failed to place block for
// want of a path.
func (s *state) couldNotReach(block string) bool { return slices.Contains(s.unreached(), block) }

// canDo keeps the cells the builder can act on: removals, and blocks it
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
	return order(out)
}

// repairedSame reports whether a repair already ran for exactly this fix
// list (the check before the latest repair printed the same) with no wait
// since: the cells that did not take then will not take now.
func (s *state) repairedSame(check act) bool {
	for i := len(s.acts) - 2; i >= 1; i-- {
		if s.acts[i].Name == "!stay" {
			return false // a teammate in the way may have moved since
		}
		if s.acts[i].Name == "!newAction" {
			prev := s.acts[i-1]
			return prev.Name == "!checkBlueprint" && prev.Output == check.Output
		}
	}
	return false
}

// checkedSameTwice reports whether the two latest checks printed the same
// fix list: nobody got anything in between.
func (s *state) checkedSameTwice() bool {
	var outs []string
	for _, a := range s.acts {
		if a.Name == "!checkBlueprint" {
			outs = append(outs, a.Output)
		}
	}
	return len(outs) >= 2 && outs[len(outs)-1] == outs[len(outs)-2]
}

// actionText is the `!newAction` request for a level's share: the
// blocks and the rows they go in (what a coder needs to know beyond the
// level's layout). The coder reads the level back from "level N".
func (s *state) actionText(k int, cells []fix) string {
	what := materialsText(cells)
	lvl := "level " + itoa(k)
	if len(cells) > 0 {
		z0, z1 := cells[0].z, cells[0].z
		for _, f := range cells {
			z0, z1 = min(z0, f.z), max(z1, f.z)
		}
		y := cells[0].y
		at := s.pick(fmt.Sprintf(" (y %d, z %d to %d)", y, z0, z1), fmt.Sprintf(" at y %d, rows z %d..%d", y, z0, z1),
			fmt.Sprintf(" at height %d, from z %d to z %d", y, z0, z1), fmt.Sprintf(" (rows z = %d through %d, y = %d)", z0, z1, y))
		if z0 == z1 {
			at = fmt.Sprintf(" (y %d, the row at z %d)", cells[0].y, z0)
		}
		lvl += at
	}
	if s.rng.IntN(3) == 0 {
		return s.pick("Place my part of "+lvl+": "+what+".",
			"Build my share of "+lvl+" from the blueprint: "+what+".",
			"Put my "+what+" down on "+lvl+", bottom up.",
			"Fill my cells of "+lvl+" with "+what+", as the blueprint shows.",
			"On "+lvl+", place "+what+" where the blueprint wants them.")
	}
	return s.gen("{Place|Put|Lay|Set|Build} {my|the} " + what + " {of my share of|of my part of|on|for|into} " + lvl +
		"{, lowest blocks first| bottom up|, row by row| where the blueprint has them|, skipping cells already right|, propping up anything that floats}.")
}

// countedWords are the "20 stone" counts of a text such as actionText's
// materials: a number, then a word of at least two letters (and
// underscores) that starts and ends with a letter, as written.
func countedWords(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		d := digits(text[i:])
		if d == 0 || i+d >= len(text) || text[i+d] != ' ' {
			continue
		}
		w := i + d + 1
		e := w
		for e < len(text) && (text[e] == '_' || 'a' <= text[e] && text[e] <= 'z') {
			e++
		}
		if e-w >= 2 && text[w] != '_' && text[e-1] != '_' && (e == len(text) || !isWordByte(text[e])) {
			out = append(out, text[i:e])
			i = e - 1
		}
	}
	return out
}

// repairText is the `!newAction` request for repairs.
func (s *state) repairText(cells []fix) string {
	what := materialsText(cells)
	return s.pick("Fix what the blueprint check reports: "+what+".",
		"Repair the house from the check ("+what+").",
		"Fix the cells the last check listed: "+what+".",
		"Repair the blocks the blueprint check found wrong ("+what+").")
}

func materialsText(cells []fix) string {
	mats := map[string]int{}
	for _, f := range cells {
		mats[cmpBlock(f.block)]++
	}
	var parts []string
	for _, m := range sortedKeys(mats) {
		parts = append(parts, itoa(mats[m])+" "+m)
	}
	return strings.Join(parts, ", ")
}

func cmpBlock(b string) string {
	if b == "" {
		return "air"
	}
	return b
}

// talkingWith is the teammate whose message is the latest word in an open
// conversation: while it is open every reply would go to them, so a
// builder closes it once there is nothing more to settle.
func (s *state) talkingWith() string {
	open := map[string]bool{}
	last := ""
	for _, t := range s.v.Turns {
		switch t.Role {
		case "user":
			if from, _, ok := generate.ParseChatTurn(t.Content); ok {
				open[from], last = true, from
			}
		case "system":
			if from, _, ok := generate.ParseEndedWith(t.Content); ok {
				open[from] = false
			}
		case "assistant":
			if m, ok := command.Find(t.Content); ok && (m.Name == "!endConversation" || m.Name == "!startConversation") && len(m.Args) > 0 {
				p := strings.Trim(m.Args[0], `"`)
				open[p] = false // ended, or the partner has yet to answer
				if last == p {
					last = ""
				}
			}
		}
	}
	if last != "" && open[last] {
		return last
	}
	return ""
}

// goQuiet settles the division of labour once and closes the conversation,
// so the build goes on without chat.
func (s *state) goQuiet(p string) string {
	share := s.planText() + " "
	if s.statedPlan() {
		share = s.pick("Thanks, carrying on with my share. ", "Got it, back to my share. ")
	}
	return with(share+s.pick("I'll build quietly and only ask if I run out of blocks.", "Building now; I'll shout if I need blocks.", "Heads down till my part is done."), cmd("endConversation", p))
}

// buildFacts is the builder's memory: the plan and the levels its share
// is in on.
func (s *state) buildFacts() []string {
	f := []string{"Building level by level: on each level, my run of every material's cells."}
	if o, ok := s.origin(); ok && s.stackedLevels() && len(blueprints.ExplainedLevels(s.v.Goal)) == 0 {
		f = append(f, fmt.Sprintf("Blueprint: %d levels, level 0 at X: %d, Y: %d, Z: %d.", s.levelCount(), o[0], o[1], o[2]))
	}
	done := s.placedLevels()
	var ks []string
	for k := range s.levelCount() {
		if done[k] {
			ks = append(ks, itoa(k))
		}
	}
	if len(ks) > 0 {
		f = append(f, "My part is in on levels: "+strings.Join(ks, ", ")+".")
	}
	if s.statedPlan() {
		f = append(f, "I told the team the plan.")
	}
	// Where the repairs stand, from the last check the folded turns hold.
	for i := len(s.acts) - 1; i >= 0; i-- {
		if a := s.acts[i]; a.Name == "!checkBlueprint" && a.Output != "" {
			if blueprints.IsCorrect(a.Output) {
				f = append(f, "Last check: the house matches the blueprint.")
			} else {
				f = append(f, "Last check: "+itoa(len(parseFixes(a.Output)))+" cells to fix.")
			}
			break
		}
	}
	var told []string
	for _, o := range s.others() {
		if s.talkedTo(o) || s.heardFrom(o) {
			told = append(told, o)
		}
	}
	if len(told) > 0 {
		f = append(f, "Plan settled with: "+strings.Join(told, ", ")+".")
	}
	if l := s.lackingFact(); l != "" {
		f = append(f, l)
	}
	if u := s.unreached(); len(u) > 0 {
		f = append(f, "Could not reach cells for: "+strings.Join(u, ", ")+".")
	}
	return f
}

func parseFixes(text string) []fix {
	var out []fix
	for _, c := range blueprints.ParseFixes(text) {
		f := fix{block: c.Expected, x: c.X, y: c.Y, z: c.Z}
		if f.block == blueprints.Air {
			f.block = ""
		}
		out = append(out, f)
	}
	return out
}

func atoi(s string) int {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return int(f)
	}
	return 0
}

// actionLevelOf is the level a builder's `!newAction` is for: its request
// names it "level N" (actionText).
func actionLevelOf(a act) (int, bool) {
	text := strings.Join(a.Args, " ")
	for from := 0; ; {
		i := strings.Index(text[from:], "level ")
		if i < 0 {
			return 0, false
		}
		at := from + i + len("level ")
		j := at
		for j < len(text) && '0' <= text[j] && text[j] <= '9' {
			j++
		}
		if j > at {
			return atoi(text[at:j]), true
		}
		from = at
	}
}
