package scripted

import (
	"regexp"
	"strconv"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// Construction: every agent reads the level's fix list with
// !checkBlueprintLevel, takes its band of rows (agent i of n takes the
// i-th n-th of the rows, so the cells it places touch ones already
// there), and places them with code, as MineCollab agents build under
// --insecure_coding: a !newAction for its share, whose program
// (construction_code.go) places the blocks lowest first. Levels go bottom
// up; a level is re-checked when an agent's share is done, repaired with
// another !newAction, and finished once it "is correct". Cells with
// nothing to hold them yet wait until the level above is in. Blocks an
// agent lacks are asked for; teammates give what they hold.

var (
	reMemLevels = regexp.MustCompile(`Completed levels: ([\d, ]+)\.`)
	reMemStuck  = regexp.MustCompile(`Levels to finish later: ([\d, ]+)\.`)
	// reMemFailed is failText's line, reMemCell one cell of it.
	reMemFailed = regexp.MustCompile(`Could not place: ([^.]*)\.`)
	reMemCell   = regexp.MustCompile(`\((-?\d+),(-?\d+),(-?\d+)\)`)
	// reActionLevel is the level a builder's `!newAction` is for.
	reActionLevel = regexp.MustCompile(`level (\d+)`)
)

// fix is one cell the blueprint still wants.
type fix struct {
	block   string // "" = remove what is there
	x, y, z int
}

func (s *state) levelCount() int {
	n := 0
	for _, k := range blueprints.ExplainedLevels(s.v.Goal) {
		n = max(n, k+1)
	}
	return n
}

// doneLevels are the levels a check reported correct.
func (s *state) doneLevels() map[int]bool {
	done := map[int]bool{}
	if m := reMemLevels.FindStringSubmatch(s.mem); m != nil {
		for _, f := range strings.Split(m[1], ", ") {
			if k, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
				done[k] = true
			}
		}
	}
	for _, a := range s.acts {
		if a.name == "!checkBlueprintLevel" {
			if k, ok := blueprints.ParseLevelDone(a.output); ok {
				done[k] = true
			}
		}
	}
	return done
}

// currentLevel is the lowest level not yet correct, not waiting on cells
// that had nothing to hold them and not left only to the teammates (the
// builder goes on with its share of the next level meanwhile); once only
// such levels are left, the lowest of them, teammates' first. -1 when
// every level is correct.
func (s *state) currentLevel() int {
	levels := s.levelCount()
	done := s.doneLevels()
	stuck := s.stuckLevels()
	theirs := s.othersLevels()
	for k := range levels {
		if !done[k] && !stuck[k] && !theirs[k] {
			return k
		}
	}
	// Only levels waiting on cells (or on teammates) are left: try them in
	// turn, mine before theirs, the one tried longest ago first, so one
	// that cannot hold yet does not keep the others from being tried.
	tried := s.lastTried()
	best := -1
	for k := range levels {
		if done[k] {
			continue
		}
		if best < 0 || (theirs[best] && !theirs[k]) || (theirs[best] == theirs[k] && tried[k] < tried[best]) {
			best = k
		}
	}
	return best
}

// lastTried is, per level, the index of the latest `!newAction` for it in
// the window (-1 for none).
func (s *state) lastTried() map[int]int {
	out := map[int]int{}
	for k := range s.levelCount() {
		out[k] = -1
	}
	for i, a := range s.acts {
		if m := reActionLevel.FindStringSubmatch(strings.Join(a.args, " ")); a.name == "!newAction" && m != nil {
			out[atoi(m[1])] = i
		}
	}
	return out
}

// othersLevels are the levels whose latest fix list in the window has
// nothing left in this builder's rows.
func (s *state) othersLevels() map[int]bool {
	out := map[int]bool{}
	for _, a := range s.acts {
		if a.name == "!checkBlueprintLevel" && len(a.args) == 1 && blueprints.HasFixes(a.output) {
			out[atoi(a.args[0])] = len(s.share(parseFixes(a.output))) == 0
		}
	}
	return out
}

func (s *state) construction() string {
	if s.levelCount() == 0 {
		return with(s.say("idle"), cmd("stay", 30))
	}
	if r := s.serveRequests(); r != "" {
		return r
	}
	// MINDcraft blocks !endConversation in tasks that open with a
	// conversation: then every reply reaches the partner anyway, and the
	// builder just keeps building.
	if p := s.talkingWith(); p != "" && s.has("!endConversation") {
		return s.goQuiet(p)
	}
	cur := s.currentLevel()
	if cur < 0 {
		return "\t" // every level is correct
	}
	cells, known := s.todo(cur)
	if !known {
		return with(s.pick("Let me see what level "+itoa(cur)+" still needs.", "Checking level "+itoa(cur)+" of the blueprint.", "What's left on level "+itoa(cur)+"?"), cmd("checkBlueprintLevel", cur))
	}
	todo := s.buildable(cur, cells)
	if mine := s.canDo(todo); len(mine) > 0 {
		return cmd("newAction", s.actionText(cur, mine))
	}
	// Blocks this agent lacks for its cells: ask each teammate once.
	need := map[string]int{}
	for _, f := range todo {
		if f.block != "" {
			need[f.block]++
		}
	}
	for _, b := range sortedKeys(need) {
		for _, o := range s.others() {
			if !s.askedFor(o, b) {
				return cmd("startConversation", o, s.pick("Can you give me ", "Could you give me ")+itoa(need[b])+" "+b+"? I need it for my part of level "+itoa(cur)+".")
			}
		}
	}
	if len(todo) > 0 {
		return with(s.say("wait"), cmd("stay", 5))
	}
	if a, ok := s.lastAct(); ok && a.name == "!checkBlueprintLevel" && blueprints.HasFixes(a.output) {
		// My rows are done, the teammates' are not: give them time.
		return with(s.pick("My rows of level "+itoa(cur)+" are done; waiting for the rest.", "Level "+itoa(cur)+": my part is in, waiting for the others to finish theirs."), cmd("stay", 20))
	}
	return with(s.pick("My part of level "+itoa(cur)+" is placed, checking it.", "Done with my rows, let me check level "+itoa(cur)+".", "Checking level "+itoa(cur)+" again."), cmd("checkBlueprintLevel", cur))
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
			if from, _, ok := fromBot(t.Content); ok {
				open[from], last = true, from
			}
		case "system":
			if m := reEndedWith.FindStringSubmatch(t.Content); m != nil {
				open[m[1]] = false
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
	share := s.pick("Let's split every level into bands of rows in team order ("+strings.Join(s.v.Team, ", ")+"); I take band "+itoa(s.v.Agent+1)+". ",
		"Plan: each of us builds one band of rows per level, in name order ("+strings.Join(s.v.Team, ", ")+"), so I'm on band "+itoa(s.v.Agent+1)+". ")
	if r := s.rowsText(); r != "" && s.said("band ") {
		share = s.pick("Thanks, carrying on with my rows. ", "Got it, back to my rows. ")
	}
	return with(share+s.pick("I'll build quietly and only ask if I run out of blocks.", "Building now; I'll shout if I need blocks.", "Heads down till my part is done."), cmd("endConversation", p))
}

// failedCells are cells this agent could not place (nothing to hold the
// block yet, a teammate standing there), from the window and memory.
func (s *state) failedCells() map[[3]int]bool {
	out := map[[3]int]bool{}
	if m := reMemFailed.FindStringSubmatch(s.mem); m != nil {
		for _, c := range reMemCell.FindAllStringSubmatch(m[1], -1) {
			out[[3]int{atoi(c[1]), atoi(c[2]), atoi(c[3])}] = true
		}
	}
	for _, a := range s.acts {
		for _, c := range texts.UnplacedCells(a.output) {
			out[c] = true
		}
	}
	return out
}

// stuckLevels are levels whose latest fix list holds only failed cells:
// building on lets them be finished later.
func (s *state) stuckLevels() map[int]bool {
	out := map[int]bool{}
	failed := s.failedCells()
	for _, a := range s.acts {
		if a.name != "!checkBlueprintLevel" || len(a.args) != 1 || !blueprints.HasFixes(a.output) {
			continue
		}
		all := true
		for _, f := range parseFixes(a.output) {
			if !failed[[3]int{f.x, f.y, f.z}] {
				all = false
				break
			}
		}
		out[atoi(a.args[0])] = all
	}
	// A level whose fix list did not change while the agent waited for
	// its teammates is stuck for them too (cells with nothing to hold
	// them, or out of reach): build on and come back to it later.
	last := map[int]string{}
	for _, a := range s.acts {
		if a.name != "!checkBlueprintLevel" || len(a.args) != 1 || !blueprints.HasFixes(a.output) {
			continue
		}
		k := atoi(a.args[0])
		if prev, ok := last[k]; ok && prev == a.output {
			out[k] = true
		}
		last[k] = a.output
	}
	// A level whose latest program placed nothing waits for what will
	// hold its cells (the level above, spanning a door or window).
	latest := map[int]act{}
	for _, a := range s.acts {
		if m := reActionLevel.FindStringSubmatch(strings.Join(a.args, " ")); a.name == "!newAction" && m != nil && a.output != "" {
			latest[atoi(m[1])] = a
		}
	}
	for k, a := range latest {
		if !texts.PlacedSome(a.output) && len(texts.UnplacedCells(a.output)) > 0 {
			out[k] = true
		}
	}
	if m := reMemStuck.FindStringSubmatch(s.mem); m != nil {
		for _, f := range strings.Split(m[1], ", ") {
			if k, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
				if _, seen := out[k]; !seen {
					out[k] = true
				}
			}
		}
	}
	return out
}

// goalBefore is the cell of the goToCoordinates right before a.
func (s *state) goalBefore(a act) ([3]int, bool) {
	for i := len(s.acts) - 1; i >= 0; i-- {
		if s.acts[i].turn < a.turn && s.acts[i].name == "!goToCoordinates" && len(s.acts[i].args) == 4 {
			g := s.acts[i].args
			return [3]int{atoi(g[0]), atoi(g[1]), atoi(g[2])}, true
		}
	}
	return [3]int{}, false
}

// reachedExactly reports whether a goToCoordinates ended on its cell.
func reachedExactly(a act) bool {
	x, y, z, ok := texts.ParseReached(a.output)
	if !ok {
		return false
	}
	for i, c := range []string{x, y, z} {
		v, err := strconv.ParseFloat(c, 64)
		want, _ := strconv.ParseFloat(a.args[i], 64)
		if err != nil || int(floor(v)) != int(want) {
			return false
		}
	}
	return true
}

func floor(v float64) float64 {
	i := float64(int(v))
	if v < 0 && i != v {
		i--
	}
	return i
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
