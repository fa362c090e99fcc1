package scripted

import (
	"slices"
	"strconv"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/know"
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

// constructionRoles: every construction agent is a builder.
func constructionRoles(k *call) []Role { return []Role{&builder{k: k}} }

// builder is a construction agent: it agrees the split by material with
// the team, builds its share of each level with code, then checks the
// house and repairs it.
type builder struct{ k *call }

// The builder's intents' facts.
type (
	// readBlueprint looks the blueprint's levels up.
	readBlueprint struct{}
	// goQuiet settles the split and closes the conversation with Partner.
	goQuiet struct{ Partner string }
	// withPlan states the split (or agrees to the teammate's, Agree)
	// before Then, in a reply in an open conversation.
	withPlan struct {
		Then  Intent
		Agree bool
	}
	// tellPlan brings To into the split. Decided is what the builder had
	// decided before (its words are drawn, then left unsaid).
	tellPlan struct {
		To      string
		Decided Intent
	}
	// awaitPlan waits for From to say the split before placing a block.
	awaitPlan struct{ From string }
	// readLevelK reads level K.
	readLevelK struct{ K int }
	// buildShare places the builder's Cells of Level with code.
	buildShare struct {
		Level blueprints.Level
		Cells []fix
	}
	// repair fixes the cells of the last check the builder can (Mine, of
	// All).
	repair struct{ Mine, All []fix }
	// check compares the house with the blueprint.
	check struct{}
	// houseDone: the house matches the blueprint.
	houseDone struct{}
	// askBlocks asks To for N of Block the house still needs.
	askBlocks struct {
		To, Block string
		N         int
	}
	// waitForTeam leaves what the check still lists (Fixes) to the
	// teammates for a while.
	waitForTeam struct{ Fixes []fix }
	// climbDown takes down, with code, the dirt the walk of a hand-over
	// to To towered on (MINDcraft's givePlayer walks to the player, up a
	// tower when the player is up on the house).
	climbDown struct{ To string }
)

// fix is one cell to set: block "" means clear it.
type fix struct {
	block   string
	x, y, z int
}

func (r *builder) Decide() (Intent, bool) {
	c := r.k.c
	if levelCount(c) == 0 {
		// MINDcraft's harness gives neither the goal nor the opening
		// message the blueprint's levels: look them up.
		return do(readBlueprint{}, "getBlueprint"), true
	}
	p := c.TalkingWith()
	if p != "" && c.Has("!endConversation") {
		return do(goQuiet{p}, "endConversation", p), true
	}
	next := r.build()
	// MINDcraft blocks !endConversation in tasks that open with a
	// conversation: every reply reaches the partner anyway, so a builder
	// answers the opening with the plan and its first step in one reply.
	if p != "" && !statedPlan(c) {
		a := next.Act
		if a.To != "" { // the plan goes before the message's command
			a = Act{Name: "startConversation", Args: []any{a.To}}
		}
		return Intent{Act: a, Facts: withPlan{next, heardPlan(c, p)}}, true
	}
	// No block goes in before the split is said. The first builder in
	// name order says it; the others wait to hear it (a while, then they
	// say it themselves).
	if _, building := next.Facts.(buildShare); building && !statedPlan(c) && !heardAnyPlan(c) {
		if o := c.Others(); len(o) > 0 {
			if c.Seat() > 0 && stays(c) < 4 {
				return do(awaitPlan{c.Team()[0]}, "stay", 5), true
			}
			return tell(tellPlan{o[0], next}, o[0]), true
		}
	}
	// A builder that stated the plan brings the teammates the opening did
	// not reach into it.
	if statedPlan(c) {
		for _, o := range c.Others() {
			if !talkedTo(c, o) && !heardFrom(c, o) {
				return tell(tellPlan{o, next}, o), true
			}
		}
	}
	return next, true
}

// build is the builder's next step on the house.
func (r *builder) build() Intent {
	c := r.k.c
	k := nextLevel(c)
	if k < 0 {
		return r.finish()
	}
	lv, ok := readLevel(c, k)
	if !ok {
		return do(readLevelK{k}, "getBlueprintLevel", k)
	}
	return Intent{Act: Act{Name: "newAction"}, Facts: buildShare{lv, share(c, lv)}}
}

// finish is the last phase, once this builder's share of every level is
// in: check the whole house and repair what is reported, give teammates
// what they ask for, and ask for blocks nobody else will place.
func (r *builder) finish() Intent {
	c := r.k.c
	a, ok := c.LastAct()
	checked := ok && a.Name == "!checkBlueprint"
	var fixes []fix
	if checked {
		fixes = parseFixes(a.Output)
		// A fix this builder holds the block for is placed before blocks
		// are handed out: giving the block to a teammate who asks for it
		// only moves the same fix around.
		if mine := canDo(c, fixes); len(mine) > 0 && !repairedSame(c, a) {
			return Intent{Act: Act{Name: "newAction"}, Facts: repair{mine, fixes}}
		}
	}
	if i, ok := serveRequests(c); ok {
		return i
	}
	// A hand-over walks to the teammate, up a tower of dirt when the
	// teammate is up on the house: that tower comes down before the check
	// (the next check listed it: 44 of the demo's dirt fixes on seeds 0,
	// 5 and 1).
	if ok && a.Name == "!givePlayer" && len(a.Args) > 0 {
		if _, known := origin(c); known && !dirtInLevels(c) {
			return Intent{Act: Act{Name: "newAction"}, Facts: climbDown{a.Args[0]}}
		}
	}
	if !checked {
		return do(check{}, "checkBlueprint")
	}
	if len(fixes) == 0 {
		return do(houseDone{}, "stay", 30)
	}
	// What is left needs blocks this builder lacks, or cells that did not
	// take twice in a row: let teammates work, then ask for the blocks.
	if checkedSameTwice(c) {
		need := map[string]int{}
		for _, f := range fixes {
			// A block this builder already failed to place for want of a
			// path is not asked for: the cell is walled in, and another
			// copy of the block would not reach it either.
			if f.block != "" && c.Count(f.block) == 0 && !couldNotReach(c, f.block) {
				need[f.block]++
			}
		}
		for _, b := range sortedKeys(need) {
			for _, o := range c.Others() {
				if !askedFor(c, o, b) {
					return tell(askBlocks{o, b, need[b]}, o)
				}
			}
		}
	}
	return do(waitForTeam{fixes}, "stay", 15)
}

// heardAnyPlan reports whether a teammate's message this builder has
// seen, or its memory, states the split.
func heardAnyPlan(c *know.Context) bool {
	for _, m := range c.Messages() {
		if m.Has(chat.Plan) && !m.Busy {
			return true
		}
	}
	return len(c.Notes().PlanWith) > 0
}

// heardPlan reports whether teammate p proposed the split by material.
func heardPlan(c *know.Context, p string) bool {
	for _, m := range c.Messages() {
		if m.From == p && m.Has(chat.Plan) {
			return true
		}
	}
	return false
}

func (r *builder) Notes(n *know.Notes) {
	c := r.k.c
	n.Builds = true
	if o, ok := origin(c); ok && stackedLevels(c) && len(blueprints.ExplainedLevels(c.Goal())) == 0 {
		n.Blueprint = know.Blueprint{Levels: levelCount(c), Origin: o}
	}
	done := placedLevels(c)
	for k := range levelCount(c) {
		if done[k] {
			n.PartIn = append(n.PartIn, k)
		}
	}
	n.ToldPlan = statedPlan(c)
	// Where the repairs stand, from the last check the folded turns hold.
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!checkBlueprint" && a.Output != "" {
			n.Checked = true
			if blueprints.IsCorrect(a.Output) {
				n.LastCheck = -1
			} else {
				n.LastCheck = len(parseFixes(a.Output))
			}
			break
		}
	}
	for _, o := range c.Others() {
		if talkedTo(c, o) || heardFrom(c, o) {
			n.PlanWith = append(n.PlanWith, o)
		}
	}
	n.TeammatesLack = lacking(c)
	n.Unreachable = unreached(c)
}

func (r *builder) Phrasebook(v *voice) Phrasebook {
	return &builderWords{words: words{k: r.k, v: v}}
}

// blueprintText is where the builder knows the blueprint's levels from:
// the goal when it lists them (the paper's prompts), else the latest
// !getBlueprint in the window, else its memory ("Blueprint: 12 levels,
// level 0 at X: 148, Y: -60, Z: -170.").
func blueprintText(c *know.Context) string {
	if len(blueprints.ExplainedLevels(c.Goal())) > 0 {
		return c.Goal()
	}
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if a := acts[i]; a.Name == "!getBlueprint" && len(blueprints.ExplainedLevels(a.Output)) > 0 {
			return a.Output
		}
	}
	if bp := c.Notes().Blueprint; bp.Levels > 0 {
		var b strings.Builder
		for k := range bp.Levels {
			b.WriteString("Level " + itoa(k) + ": Start at coordinates X: " + itoa(bp.Origin[0]) + ", Y: " + itoa(bp.Origin[1]+k) + ", Z: " + itoa(bp.Origin[2]))
		}
		return b.String()
	}
	return ""
}

func levelCount(c *know.Context) int {
	n := 0
	for _, k := range blueprints.ExplainedLevels(blueprintText(c)) {
		n = max(n, k+1)
	}
	return n
}

// origin is level 0's start: the corner of the site.
func origin(c *know.Context) ([3]int, bool) {
	return blueprints.ExplainedOrigin(blueprintText(c), 0)
}

// stackedLevels reports whether every level k starts k blocks right above
// level 0's start (so the memory line can say it in a few words).
func stackedLevels(c *know.Context) bool {
	text := blueprintText(c)
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
func readLevel(c *know.Context, k int) (blueprints.Level, bool) {
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		if a.Name == "!getBlueprintLevel" && len(a.Args) == 1 && atoi(a.Args[0]) == k {
			if lv, ok := parseLevel(a.Output); ok {
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
func share(c *know.Context, lv blueprints.Level) []fix {
	below, haveBelow := readLevel(c, lv.Level-1)
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
	n := max(len(c.Team()), 1)
	seat := (max(c.Seat(), 0) + lv.Level) % n // the plan's order: names sorted
	var out []fix
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range byBlock {
			if !yield(k) {
				return
			}
		}
	}) {
		if c.Count(name) == 0 {
			continue // dealt to teammates: theirs to place, with the repairs
		}
		cells := byBlock[name]
		out = append(out, cells[seat*len(cells)/n:(seat+1)*len(cells)/n]...)
	}
	return order(out)
}

// placedLevels are the levels this builder's share is in on: from memory,
// from a `!newAction` for the level, or because its share of a level read
// is empty.
func placedLevels(c *know.Context) map[int]bool {
	done := map[int]bool{}
	for _, k := range c.Notes().PartIn {
		done[k] = true
	}
	for _, a := range c.Acts() {
		switch a.Name {
		case "!newAction":
			// Its output may be folded into memory apart from it: the
			// action ran either way.
			if k, ok := actionLevelOf(a); ok {
				done[k] = true
			}
		case "!getBlueprintLevel":
			// A level with nothing of this builder's share is done once
			// read; a memory call's prompt shows no inventory, so there
			// the share cannot be told (a level read while waiting for the
			// split would pass for built).
			if lv, ok := parseLevel(a.Output); ok && c.Folded() == nil && len(share(c, lv)) == 0 {
				done[lv.Level] = true
			}
		}
	}
	return done
}

// nextLevel is the lowest level whose share is not in yet; -1 when all are.
func nextLevel(c *know.Context) int {
	done := placedLevels(c)
	for k := range levelCount(c) {
		if !done[k] {
			return k
		}
	}
	return -1
}

// statedPlan reports whether this builder has told the team the plan.
func statedPlan(c *know.Context) bool {
	return c.Said().Has(chat.Plan) || c.Notes().ToldPlan
}

// talkedTo reports whether this builder sent o a message that did not
// bounce (o busy talking to someone else).
func talkedTo(c *know.Context, o string) bool {
	for _, s := range c.Sent() {
		if s.To == o && !bouncedAfter(c, o, s.Turn) {
			return true
		}
	}
	return sharedPlanWith(c, o)
}

// sharedPlanWith reports whether the memory says the plan is settled with o.
func sharedPlanWith(c *know.Context, o string) bool {
	return slices.Contains(c.Notes().PlanWith, o)
}

// heardFrom reports whether teammate o has written to this builder.
func heardFrom(c *know.Context, o string) bool {
	for _, m := range c.Messages() {
		if m.From == o && !m.Busy { // "talking to someone else" is no word on the plan
			return true
		}
	}
	return sharedPlanWith(c, o)
}

// unreached are the blocks this builder's own code failed to place for
// want of a path, from the memory and the window.
func unreached(c *know.Context) []string {
	out := slices.Clone(c.Notes().Unreachable)
	for _, a := range c.Acts() {
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
func couldNotReach(c *know.Context, block string) bool { return slices.Contains(unreached(c), block) }

// canDo keeps the cells the builder can act on: removals, and blocks it
// holds (as many as it holds of each).
func canDo(c *know.Context, cells []fix) []fix {
	left := map[string]int{}
	var out []fix
	for _, f := range cells {
		if f.block == "" {
			out = append(out, f)
			continue
		}
		if _, seen := left[f.block]; !seen {
			left[f.block] = c.Count(f.block)
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
func repairedSame(c *know.Context, check know.Act) bool {
	for i := len(c.Acts()) - 2; i >= 1; i-- {
		if c.Acts()[i].Name == "!stay" {
			return false // a teammate in the way may have moved since
		}
		if c.Acts()[i].Name == "!newAction" {
			prev := c.Acts()[i-1]
			return prev.Name == "!checkBlueprint" && prev.Output == check.Output
		}
	}
	return false
}

// checkedSameTwice reports whether the two latest checks printed the same
// fix list: nobody got anything in between.
func checkedSameTwice(c *know.Context) bool {
	var outs []string
	for _, a := range c.Acts() {
		if a.Name == "!checkBlueprint" {
			outs = append(outs, a.Output)
		}
	}
	return len(outs) >= 2 && outs[len(outs)-1] == outs[len(outs)-2]
}

// parseFixes reads a check's fix list: the cells to set.
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

// actionLevelOf is the level a builder's `!newAction` is for: its request
// names it "level N" (actionText).
func actionLevelOf(a know.Act) (int, bool) {
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
