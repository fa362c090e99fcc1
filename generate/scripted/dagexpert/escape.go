package dagexpert

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"collabcraft/villager"
)

// VillagerBench's escape rooms under the DAG. VillagerAgent's runner gives
// the decomposer the goal text and no meta-data; what a room holds the
// team learns from the agents' own scans (scanNearbyEntities with no name
// answers with the agent's status, its block map, the nearest hint sign
// and, near a room's centre, the room's state text), which the state
// manager's running summaries carry to the planner: the DAG's way for one
// agent to hear of another's room. So the plan goes in rounds, each a
// batch of subtasks the planner writes when the last batch is done (the
// first by the decomposer, the others by the strategy call, decomposing
// the subtask fed back):
//
//   - look: every agent looks around the room it is in (a scan; when the
//     scan shows the hint sign but not the room's state, it walks to the
//     room's centre under the sign and scans again);
//   - act: per room, from the looks of the agents in it: a plate for each
//     of them first ("stand on the oak_pressure_plate at 131 -60 133 and
//     stay"), then the levers and buttons, each waiting for the plates
//     (their subtasks require the stands), a block to replace by whoever
//     carries it, the chest a key opens after the levers; a room whose
//     hint says the plate lifts one up (atom 8): the other steps clear
//     first, the lifted one presses the button it finds from up there,
//     then the other pulls the lever;
//   - on: a room whose state says it is done is left, each of its agents
//     walking on to the next room along +z and looking around there.
//
// What the agents learn is what their scans showed, so the subtasks name
// no block of a room nobody in it has seen. A room that stays shut is
// planned again at the next round from fresh looks. Mistakes, seeded by
// the call: the planner now and then lets a button or lever go without
// waiting for the plates (early), and an executor now and then uses the
// cell beside its lever (the answer says it is not working, and it tries
// the right cell).

// escMistake is how often the planner or an executor makes its mistake.
const escMistake = 0.1

type escKind int

const (
	escLook escKind = iota
	escStand
	escWait
	escToggle
	escFindPress
	escReplace
	escTake
	escWalk
)

// escJob is one part of an escape subtask.
type escJob struct {
	kind escKind
	name string // the mechanism (stand, toggle, find, replace: the block replaced)
	at   [3]int
	item string // replace: the block put in; take: the item
}

func atText(p [3]int) string { return fmt.Sprintf("%d %d %d", p[0], p[1], p[2]) }

// The clauses' words; escClauses reads them back.
func (w words) escClause(j escJob) string {
	switch j.kind {
	case escLook:
		return w.say("{look around|survey|check over} the room {you are|they are} in{| and read its sign}")
	case escStand:
		return w.say("{stand on|step onto|hold down} the " + j.name + " at " + atText(j.at) + "{ and stay there| and stay on it| without stepping off}")
	case escWait:
		if j.name != "" {
			return w.say("{wait at|go and stand at} " + atText(j.at) + "{, next to the|, by the} " + j.name)
		}
		return w.say("{wait at|step back to} " + atText(j.at) + "{, clear of the plate|, away from the plate}")
	case escToggle:
		verb := "pull"
		if strings.HasSuffix(j.name, "_button") {
			verb = w.pick("press", "push")
		} else if w.rng.IntN(3) == 0 {
			verb = "flip"
		}
		return verb + " the " + j.name + " at " + atText(j.at)
	case escFindPress:
		return w.say("{find|look for} the " + j.name + " {from up there|from where the plate puts you}, on the roof over the room's middle at " + atText(j.at) + ", and press it")
	case escReplace:
		return w.say("replace the " + j.name + " at " + atText(j.at) + " with the " + j.item)
	case escTake:
		return w.say("take the " + j.item + " {out of|from} the chest at " + atText(j.at))
	case escWalk:
		return w.say("{walk on|head on|go on} to " + atText(j.at))
	}
	return ""
}

var escClauseRE = []struct {
	kind escKind
	re   *regexp.Regexp
}{
	{escLook, regexp.MustCompile(`(?:look around|survey|check over) the room`)},
	{escStand, regexp.MustCompile(`(?:stand on|step onto|hold down) the ([a-z_]+) at (-?\d+) (-?\d+) (-?\d+)`)},
	{escWait, regexp.MustCompile(`(?:wait at|step back to|go and stand at) (-?\d+) (-?\d+) (-?\d+)`)},
	{escToggle, regexp.MustCompile(`(?:pull|press|push|flip) the ([a-z_]+) at (-?\d+) (-?\d+) (-?\d+)`)},
	{escFindPress, regexp.MustCompile(`(?:find|look for) the ([a-z_]+) (?:from up there|from where the plate puts you), on the roof over the room's middle at (-?\d+) (-?\d+) (-?\d+), and press it`)},
	{escReplace, regexp.MustCompile(`replace the ([a-z_]+) at (-?\d+) (-?\d+) (-?\d+) with the ([a-z_]+)`)},
	{escTake, regexp.MustCompile(`take the ([a-z_]+) (?:out of|from) the chest at (-?\d+) (-?\d+) (-?\d+)`)},
	{escWalk, regexp.MustCompile(`(?:walk on|head on|go on) to (-?\d+) (-?\d+) (-?\d+)`)},
}

// escClauses reads an escape subtask's jobs in the order its description
// gives them; nil when it is no escape subtask.
func escClauses(desc string) []escJob {
	type found struct {
		at int
		j  escJob
	}
	var all []found
	for _, c := range escClauseRE {
		for _, m := range c.re.FindAllStringSubmatchIndex(desc, -1) {
			g := func(i int) string { return desc[m[2*i]:m[2*i+1]] }
			num := func(i int) [3]int { return [3]int{atoi(g(i)), atoi(g(i + 1)), atoi(g(i + 2))} }
			j := escJob{kind: c.kind}
			switch c.kind {
			case escStand, escToggle:
				j.name, j.at = g(1), num(2)
			case escWait, escWalk:
				j.at = num(1)
			case escFindPress:
				j.name, j.at = g(1), num(2)
			case escReplace:
				j.name, j.at, j.item = g(1), num(2), g(5)
			case escTake:
				j.item, j.at = g(1), num(2)
			}
			all = append(all, found{m[0], j})
		}
	}
	slices.SortFunc(all, func(a, b found) int { return a.at - b.at })
	out := make([]escJob, len(all))
	for i, f := range all {
		out[i] = f.j
	}
	return out
}

// isEscape reports whether a subtask is an escape room's.
func isEscape(desc string) bool { return len(escClauses(desc)) > 0 }

// --- what a look showed ---

var (
	escBlockRE = regexp.MustCompile(`([a-z_]+) at \((-?\d+)\.0, (-?\d+)\.0, (-?\d+)\.0\)`)
	escMyPosRE = regexp.MustCompile(`'my_position': \[(-?\d+), (-?\d+), (-?\d+)\]`)
	escRoomRE  = regexp.MustCompile(`the env in the room: Around you, the key activated blocks are: (.*?)You are at task room \[(-?\d+), (-?\d+), (-?\d+)\]`)
	escMetRE   = regexp.MustCompile(`a ([a-z_]+) block set at position \[(-?\d+), (-?\d+), (-?\d+)\]`)
	escFoundRE = regexp.MustCompile(`I found ([a-z_]+) at (-?\d+) (-?\d+) (-?\d+)`)
	// The environment summary's "lever at [121, -60, 132] and [130, -60, 132]".
	escSummaryBlocksRE = regexp.MustCompile(`([a-z_]+) at (\[-?\d+, -?\d+, -?\d+\](?:(?:, | and )\[-?\d+, -?\d+, -?\d+\])*)`)
	escListPosRE       = regexp.MustCompile(`\[(-?\d+), (-?\d+), (-?\d+)\]`)
)

// summaryBlocks are the blocks the environment summary lists with their
// positions: what any agent's status showed (the state manager's record).
func summaryBlocks(env string) []escBlock {
	var out []escBlock
	for _, m := range escSummaryBlocksRE.FindAllStringSubmatch(unescapeNL(env), -1) {
		for _, p := range escListPosRE.FindAllStringSubmatch(m[2], -1) {
			out = append(out, escBlock{m[1], [3]int{atoi(p[1]), atoi(p[2]), atoi(p[3])}})
		}
	}
	return out
}

type escBlock struct {
	name string
	at   [3]int
}

// escHintNameRE finds the mechanisms a hint sign names ("the oak
// pressure plate", "the birch button", "the lever").
var escHintNameRE = regexp.MustCompile(`\b(?:(oak|spruce|birch|jungle|acacia|dark oak|dark_oak|stone|mangrove|cherry|crimson|warped)[ _](pressure[ _]plate|button)|(lever))`)

// hintNames are the block names a hint's words give.
func hintNames(hint string) []string {
	var out []string
	for _, m := range escHintNameRE.FindAllStringSubmatch(strings.ToLower(hint), -1) {
		name := "lever"
		if m[3] == "" {
			if strings.Contains(m[0], " ") {
				continue // a name only in words ("birch pressure plates") is not searched by guess
			}
			name = m[0]
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// escLookSeen is what an agent's last look showed, read from its running
// summary (the planner's view of it).
type escLookSeen struct {
	name      string
	fresh     bool // its latest subtask was a look
	pos       [3]int
	hasPos    bool
	centre    [3]int
	hasCentre bool
	hint      string
	blocks    []escBlock
	met       []escBlock
	done      bool
	bag       map[string]int
}

// readLook reads an agent's running summary.
func readLook(name, state string) escLookSeen {
	s := escLookSeen{name: name, bag: bagIn(state)}
	env := strings.LastIndex(state, "environment: ")
	if env < 0 {
		return s
	}
	seg := unescapeNL(state[env:])
	latest := strings.LastIndex(state, ", I, "+name+", ")
	s.fresh = latest >= 0 && latest < env
	if m := escMyPosRE.FindAllStringSubmatch(seg, -1); len(m) > 0 {
		l := m[len(m)-1]
		s.pos, s.hasPos = [3]int{atoi(l[1]), atoi(l[2]), atoi(l[3])}, true
	}
	for _, m := range escBlockRE.FindAllStringSubmatch(seg, -1) {
		b := escBlock{m[1], [3]int{atoi(m[2]), atoi(m[3]), atoi(m[4])}}
		if !slices.Contains(s.blocks, b) {
			s.blocks = append(s.blocks, b)
		}
	}
	for _, m := range escFoundRE.FindAllStringSubmatch(seg, -1) {
		b := escBlock{m[1], [3]int{atoi(m[2]), atoi(m[3]), atoi(m[4])}}
		if !slices.Contains(s.blocks, b) {
			s.blocks = append(s.blocks, b)
		}
	}
	if _, rest, ok := strings.Cut(seg, "the sign nearby said: "); ok {
		hint, _, _ := strings.Cut(rest, "the env in the room: ")
		s.hint = hint
	}
	if m := escRoomRE.FindAllStringSubmatch(seg, -1); len(m) > 0 {
		l := m[len(m)-1]
		s.centre, s.hasCentre = [3]int{atoi(l[2]), atoi(l[3]), atoi(l[4])}, true
		s.done = strings.Contains(l[1], "You have done the task in this room")
		for _, mm := range escMetRE.FindAllStringSubmatch(l[1], -1) {
			s.met = append(s.met, escBlock{mm[1], [3]int{atoi(mm[2]), atoi(mm[3]), atoi(mm[4])}})
		}
	} else if signs := hintSigns(s.blocks, s.pos, movesFailed(state[max(latest, 0):])); len(signs) > 0 && s.hasPos {
		s.centre, s.hasCentre = [3]int{signs[0][0], signs[0][1] - 2, signs[0][2]}, true
	}
	return s
}

// unescapeNL turns the "\\n" of a Python repr (a tool answer printed
// in a summary) into line breaks, so a block name after one reads whole.
func unescapeNL(s string) string { return strings.ReplaceAll(s, `\n`, "\n") }

// hintSigns are the room's hint sign candidates among the blocks seen:
// standing signs within 5 blocks of the agent along x and z (the sign
// stands at its room's middle; the block map keeps the signs of rooms it
// left, and between two rooms side by side both are that near), highest
// first (a floor sign lies in the floor below the hint), then nearest;
// less those whose floor the agent failed to reach.
func hintSigns(blocks []escBlock, at [3]int, failed [][3]int) [][3]int {
	var out [][3]int
	for _, b := range blocks {
		if !strings.HasSuffix(b.name, "_sign") || strings.Contains(b.name, "wall") ||
			abs(b.at[0]-at[0]) > 5 || abs(b.at[2]-at[2]) > 5 || slices.Contains(out, b.at) ||
			slices.Contains(failed, signFloor(b.at)) {
			continue
		}
		out = append(out, b.at)
	}
	slices.SortStableFunc(out, func(a, b [3]int) int {
		if a[1] != b[1] {
			return b[1] - a[1]
		}
		return dist2(a, at) - dist2(b, at)
	})
	return out
}

// signFloor is where one stands under a hint sign (two above the floor).
func signFloor(sign [3]int) [3]int { return [3]int{sign[0], sign[1] - 1, sign[2]} }

var escMoveFailedRE = regexp.MustCompile(`move failed, can not reach position (-?\d+) (-?\d+) (-?\d+)`)

func movesFailed(text string) [][3]int {
	var out [][3]int
	for _, m := range escMoveFailedRE.FindAllStringSubmatch(text, -1) {
		out = append(out, [3]int{atoi(m[1]), atoi(m[2]), atoi(m[3])})
	}
	return out
}

func inRoom(c, p [3]int) bool {
	return abs(p[0]-c[0]) <= 4 && abs(p[2]-c[2]) <= 4 && p[1] >= c[1]-1 && p[1] <= c[1]+5
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func dist2(a, b [3]int) int {
	dx, dy, dz := a[0]-b[0], a[1]-b[1], a[2]-b[2]
	return dx*dx + dy*dy + dz*dz
}

func isPlate(n string) bool  { return strings.HasSuffix(n, "_pressure_plate") }
func isButton(n string) bool { return strings.HasSuffix(n, "_button") }
func isLever(n string) bool  { return n == "lever" }

// --- the planner ---

// escSub is one subtask of a round.
type escSub struct {
	who      string
	jobs     []escJob
	requires []int // 1-based, within the round
	after    string
}

// escRound plans the next round from the agents' running summaries (nil
// before anyone looked: a look for everyone) and says why.
func (w words) escRound(agents []string, states []string, history []string, env string) ([]escSub, string) {
	var looks []escLookSeen
	fresh := len(states) == len(agents) && len(agents) > 0
	for i, a := range agents {
		if i >= len(states) {
			fresh = false
			break
		}
		l := readLook(a, states[i])
		looks = append(looks, l)
		if !l.fresh {
			fresh = false
		}
	}
	if !fresh {
		var subs []escSub
		for _, a := range agents {
			subs = append(subs, escSub{who: a, jobs: []escJob{{kind: escLook}}})
		}
		return subs, w.say("{We cannot see each other's rooms|Each of us sees only the room we are in}, so {first everyone looks around and reports what is there|everyone first says what their room holds}.")
	}
	// Rooms by centre, in the order the agents are listed.
	var centres [][3]int
	members := map[[3]int][]escLookSeen{}
	var lost []string
	for _, l := range looks {
		if !l.hasCentre {
			lost = append(lost, l.name)
			continue
		}
		if _, ok := members[l.centre]; !ok {
			centres = append(centres, l.centre)
		}
		members[l.centre] = append(members[l.centre], l)
	}
	var subs []escSub
	var why []string
	for _, c := range centres {
		s, y := w.escRoomPlan(c, members[c], len(agents), history, summaryBlocks(env), len(subs))
		subs = append(subs, s...)
		if y != "" {
			why = append(why, y)
		}
	}
	for _, a := range lost {
		subs = append(subs, escSub{who: a, jobs: []escJob{{kind: escLook}}})
		why = append(why, a+w.say(" {saw no room around|could not tell which room it is in}, so it looks again"))
	}
	// Subtasks without requirements go first (a subtask with none takes
	// its predecessor's: VillagerAgent's graph builder).
	return orderSubs(subs), strings.Join(why, " ")
}

// orderSubs puts the subtasks needing nothing first, keeping the
// requirements right.
func orderSubs(subs []escSub) []escSub {
	var order []int
	for i, s := range subs {
		if len(s.requires) == 0 {
			order = append(order, i)
		}
	}
	for i, s := range subs {
		if len(s.requires) > 0 {
			order = append(order, i)
		}
	}
	pos := make([]int, len(subs))
	for k, i := range order {
		pos[i] = k + 1
	}
	out := make([]escSub, len(subs))
	for k, i := range order {
		s := subs[i]
		var req []int
		for _, r := range s.requires {
			req = append(req, pos[r-1])
		}
		s.requires = req
		out[k] = s
	}
	return out
}

// escRoomPlan is one room's part of a round: base is how many subtasks
// the round has before it.
func (w words) escRoomPlan(c [3]int, in []escLookSeen, team int, history []string, shared []escBlock, base int) ([]escSub, string) {
	var names []string
	for _, l := range in {
		names = append(names, l.name)
	}
	room := "[" + atText(c) + "]"
	done := slices.ContainsFunc(in, func(l escLookSeen) bool { return l.done })
	var mechs []escBlock
	for _, b := range shared {
		if inRoom(c, b.at) && !slices.Contains(mechs, b) {
			mechs = append(mechs, b)
		}
	}
	hint := ""
	bags := map[string]map[string]int{}
	var met []escBlock
	for _, l := range in {
		for _, b := range l.blocks {
			if inRoom(c, b.at) && !slices.Contains(mechs, b) {
				mechs = append(mechs, b)
			}
		}
		met = append(met, l.met...)
		if hint == "" {
			hint = l.hint
		}
		bags[l.name] = l.bag
	}
	var plates, pulls []escBlock
	var floorSign, chest *escBlock
	for i, b := range mechs {
		switch {
		case isPlate(b.name):
			plates = append(plates, b)
		case isLever(b.name) || isButton(b.name):
			if !slices.Contains(met, b) {
				pulls = append(pulls, b)
			}
		case strings.HasSuffix(b.name, "_sign") && b.at[1] < c[1]:
			floorSign = &mechs[i]
		case b.name == "chest":
			chest = &mechs[i]
		}
	}
	pos := map[string][3]int{}
	for _, l := range in {
		pos[l.name] = l.pos
	}
	var subs []escSub
	add := func(s escSub) int {
		subs = append(subs, s)
		return base + len(subs)
	}
	local := func(n int) int { return n - base }
	lifted := strings.Contains(hint, "too high")
	roof := [3]int{c[0], c[1] + 5, c[2]} // standing on the glass roof
	buttonDone := slices.ContainsFunc(met, func(b escBlock) bool { return isButton(b.name) })
	if done {
		// The lift room is done by its lever alone, but the way out's
		// lower half opens with the button: without it, first the button.
		var req []int
		why := "The room at " + room + " {is done|is solved}, so " + andList(names) + " {walk on|move on} to the next one."
		if lifted && !buttonDone && len(plates) > 0 {
			lifter, other := names[0], ""
			for _, l := range in {
				if l.hasPos && l.pos[1] >= c[1]+3 {
					lifter = l.name
				}
			}
			for _, a := range names {
				if a != lifter {
					other = a
					break
				}
			}
			var pre []int
			up := false
			for _, l := range in {
				up = up || l.name == lifter && l.hasPos && l.pos[1] >= c[1]+3
			}
			jobs := []escJob{{kind: escFindPress, name: "stone_button", at: roof}}
			if !up {
				jobs = append([]escJob{{kind: escStand, name: plates[0].name, at: plates[0].at}}, jobs...)
				if other != "" {
					pre = []int{local(add(escSub{who: other, jobs: []escJob{{kind: escWait, at: [3]int{c[0], c[1], c[2] + 1}}}}))}
				}
			}
			req = []int{local(add(escSub{who: lifter, requires: pre, jobs: jobs}))}
			why = "The room at " + room + " {counts as done|is done}, but the way out stays half shut without the button: " + lifter +
				" {presses it from the roof|goes up for the button} first, then " + andList(names) + " {walk on|move on}."
		}
		next := [3]int{c[0], c[1], c[2] + 9}
		for _, a := range names {
			s := escSub{who: a, requires: req, jobs: []escJob{{kind: escWalk, at: next}, {kind: escLook}}}
			if len(req) > 0 {
				s.after = "once the button is pressed"
			}
			add(s)
		}
		return renumber(subs, base), w.say(why)
	}
	if lifted && len(plates) > 0 {
		// Atom 8: the plate lifts whoever stands near it onto the roof,
		// where the button can be pressed; the lever ends the room.
		lifter, other := names[0], ""
		if len(names) > 1 {
			other = names[1]
		}
		upAlready := false
		for _, l := range in {
			if l.hasPos && l.pos[1] >= c[1]+3 {
				lifter, upAlready = l.name, true
				other = ""
				for _, a := range names {
					if a != lifter {
						other = a
						break
					}
				}
				break
			}
		}
		if upAlready || buttonDone {
			puller := other
			if puller == "" || buttonDone {
				puller = names[0]
			}
			var req []int
			if !buttonDone {
				req = []int{local(add(escSub{who: lifter, jobs: []escJob{{kind: escFindPress, name: "stone_button", at: roof}}}))}
			}
			for _, p := range pulls {
				if isLever(p.name) {
					add(escSub{who: puller, requires: req, jobs: []escJob{{kind: escToggle, name: p.name, at: p.at}}, after: "once the button is pressed"})
				}
			}
			return renumber(subs, base), w.say("In the room at " + room + " " + lifter + " {is already up by the button|was lifted up already}, so {it presses the button and then the lever is pulled|the button first, then the lever}.")
		}
		var req []int
		if other != "" {
			req = []int{local(add(escSub{who: other, jobs: []escJob{{kind: escWait, at: [3]int{c[0], c[1], c[2] + 1}}}}))}
		}
		after := ""
		if other != "" {
			after = "once " + other + " is clear of the plate"
		}
		up := local(add(escSub{who: lifter, requires: req, jobs: []escJob{{kind: escStand, name: plates[0].name, at: plates[0].at}, {kind: escFindPress, name: "stone_button", at: roof}},
			after: after}))
		puller := other
		if puller == "" {
			puller = lifter
		}
		for _, p := range pulls {
			if isLever(p.name) {
				add(escSub{who: puller, requires: []int{up}, jobs: []escJob{{kind: escToggle, name: p.name, at: p.at}}, after: "once " + lifter + " pressed the button"})
			}
		}
		return renumber(subs, base), w.say("In the room at " + room + " the sign says the plate lifts one of us to the button: " + lifter + " {goes up|stands on it}" +
			map[bool]string{true: "", false: " while " + other + " keeps clear"}[other == ""] + ", then the lever.")
	}
	if floorSign != nil {
		for _, a := range names {
			if bags[a]["gold_block"] > 0 {
				add(escSub{who: a, jobs: []escJob{{kind: escReplace, name: floorSign.name, at: floorSign.at, item: "gold_block"}}})
				return renumber(subs, base), w.say(a + " {carries|has} the gold_block, so {it|" + a + "} puts it in place of the " + floorSign.name + " at " + atText(floorSign.at) + ".")
			}
		}
	}
	// Plates one each, nearest agent first.
	free := slices.Clone(names)
	take := func(p [3]int) string {
		bi := -1
		for k, a := range free {
			if bi < 0 || dist2(pos[a], p) < dist2(pos[free[bi]], p) {
				bi = k
			}
		}
		if bi < 0 {
			return ""
		}
		a := free[bi]
		free = slices.Delete(free, bi, bi+1)
		return a
	}
	var stands []int
	var said []string
	for _, p := range plates {
		a := take(p.at)
		if a == "" {
			break
		}
		stands = append(stands, local(add(escSub{who: a, jobs: []escJob{{kind: escStand, name: p.name, at: p.at}}})))
		said = append(said, a+" {on|takes} the "+p.name)
	}
	// A lever that teleports the players near it (atoms 3, 4: "all
	// players will be teleported"): the others gather by it first, or
	// the ones left behind are walled in.
	if strings.Contains(hint, "teleported to different positions") && len(names) < team && len(pulls) > 0 {
		// The split lever sends each player near it to a room of its own:
		// pulled before the whole team is here, it leaves the others out.
		for _, a := range names {
			add(escSub{who: a, jobs: []escJob{{kind: escWait, name: pulls[0].name, at: pulls[0].at}, {kind: escLook}}})
		}
		return renumber(subs, base), w.say("In the room at " + room + " the lever {splits the team|sends each of us to a room of our own}, so " +
			andList(names) + " {waits|wait} by it {for the others|until the whole team is here}.")
	}
	if strings.Contains(hint, "players will be teleported") && len(free) > 1 && len(pulls) > 0 {
		p := pulls[0]
		puller := take(p.at)
		var gathered []int
		for _, a := range slices.Clone(free) {
			gathered = append(gathered, local(add(escSub{who: a, jobs: []escJob{{kind: escWait, name: p.name, at: p.at}}})))
		}
		free = nil
		add(escSub{who: puller, requires: gathered, jobs: []escJob{{kind: escToggle, name: p.name, at: p.at}}, after: "once everyone stands by it"})
		return renumber(subs, base), w.say("In the room at " + room + " the lever {sends everyone near it on|takes whoever stands by it along}, so " +
			andList(names) + " {gather by the " + p.name + " first|first stand next to the " + p.name + "}; then " + puller + " pulls it.")
	}
	early := len(stands) > 0 && len(pulls) > 0 && w.rng.Float64() < escMistake
	tried := false
	var pulled []int
	for _, p := range pulls {
		a := take(p.at)
		if a == "" {
			a = names[len(pulled)%len(names)]
		}
		s := escSub{who: a, jobs: []escJob{{kind: escToggle, name: p.name, at: p.at}}}
		if !early {
			s.requires = stands
			if len(stands) > 0 {
				s.after = "once the plates are held"
			}
		}
		for _, h := range history {
			if strings.Contains(h, p.name+" at "+atText(p.at)) {
				tried = true
			}
		}
		pulled = append(pulled, local(add(s)))
		said = append(said, a+" the "+p.name)
	}
	if chest != nil && len(pulled) > 0 {
		keyed := subs[pulled[0]-1].who
		add(escSub{who: keyed, requires: pulled, jobs: []escJob{{kind: escTake, item: "gold_block", at: chest.at}}, after: "with the key the levers give"})
		said = append(said, keyed+" {then opens|afterwards empties} the chest")
	}
	if len(subs) == 0 {
		for _, a := range names {
			add(escSub{who: a, jobs: []escJob{{kind: escLook}}})
		}
		return renumber(subs, base), w.say("Nothing in the room at " + room + " {is left to use|needs doing} that we can see, so " + andList(names) + " {look again|look around once more}.")
	}
	why := "In the room at " + room + ": " + andList(said) + "."
	if len(stands) > 0 && len(pulled) > 0 && !early {
		why += " {The levers and buttons wait until the plates are held|Nobody pulls or presses before the plates are held}."
	}
	if tried {
		why += " {We tried this room before and it stayed shut|Last time it stayed shut}, so {again, in order|once more, in the right order}."
	}
	return renumber(subs, base), w.say(why)
}

// renumber turns a room's requirements, counted within the room, into
// the round's.
func renumber(subs []escSub, base int) []escSub {
	for i := range subs {
		for k := range subs[i].requires {
			subs[i].requires[k] += base
		}
	}
	return subs
}

// escDescribe words a subtask.
func (w words) escDescribe(s escSub) string {
	var parts []string
	for _, j := range s.jobs {
		parts = append(parts, w.escClause(j))
	}
	text := s.who + w.pick(": ", " will ", " should ") + strings.Join(parts, w.pick(", then ", "; then ", " and then "))
	if s.after != "" {
		text += ", " + s.after
	}
	return text + "."
}

// escSubtasks writes a round as the decomposer's rows (merge mode's keys
// or update mode's).
func (w words) escSubtasks(subs []escSub, mode string) []any {
	var rows []any
	for i, s := range subs {
		d := w.escDescribe(s)
		row := villager.Dict{
			{Key: "id", Value: i + 1},
			{Key: "description", Value: d},
			{Key: "milestones", Value: []any{w.say("{done|finished}: ") + strings.TrimSuffix(d, ".")}},
			{Key: "retrieval paths", Value: []any{}},
			{Key: "required subtasks", Value: intsAny(s.requires)},
		}
		if mode == "update" || mode == "redecompose" {
			row = append(row, villager.KV{Key: "assigned agents", Value: []any{s.who}})
		} else {
			row = append(row, villager.KV{Key: "candidate list", Value: []any{s.who}}, villager.KV{Key: "minimum required agents", Value: 1})
		}
		rows = append(rows, row)
	}
	return rows
}

// agentsOf reads the team from the decomposer's ability list or the
// running summaries.
func agentsIn(ability any, env string) []string {
	var out []string
	for _, a := range dictOf(field(dictOf(ability), "private_tools")) {
		out = append(out, a.Key)
	}
	if len(out) > 0 {
		return out
	}
	for _, m := range escEntityRE.FindAllStringSubmatch(env, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

var escEntityRE = regexp.MustCompile(`([A-Z][A-Za-z]*_\d+) (?:is at|is located at position|stands at)`)

// escDecompose is the escape task's first plan (or a re-decomposition).
func (w words) escDecompose(c villager.DecomposeCall) string {
	agents := agentsIn(c.Ability, c.Env)
	subs, why := w.escRound(agents, strs(c.AgentStates), nil, c.Env)
	return why + "\n```json\n" + villager.JSON(w.escSubtasks(subs, c.Mode)) + "\n```"
}

// escReplan is the strategy call's answer once a round is done: the next
// round, as a decomposition of the subtask fed back.
func (w words) escReplan(c villager.StrategyCall) string {
	desc := str(field(c.Current, "task-description"))
	id := 0
	var history []string
	for _, g := range c.Graph {
		if g.Description == desc {
			id = g.ID
		}
		history = append(history, g.Description)
	}
	agents := agentsIn(nil, c.Env)
	for _, s := range strs(c.AgentStates) {
		if m := escSummaryWho.FindStringSubmatch(s); m != nil && !slices.Contains(agents, m[1]) {
			agents = append(agents, m[1])
		}
	}
	slices.Sort(agents)
	states := make([]string, len(agents))
	for _, s := range strs(c.AgentStates) {
		if m := escSummaryWho.FindStringSubmatch(s); m != nil {
			if i := slices.Index(agents, m[1]); i >= 0 {
				states[i] = s
			}
		}
	}
	subs, why := w.escRound(agents, states, history, c.Env)
	r := villager.Dict{
		{Key: "reasoning", Value: why},
		{Key: "strategy", Value: "decompose"},
		{Key: "origin-id", Value: id},
		{Key: "subtasks", Value: w.escSubtasks(subs, "merge")},
	}
	return "```json\n" + villager.JSON(r) + "\n```"
}

var escSummaryWho = regexp.MustCompile(`, I, ([A-Za-z]+_\d+), `)

// --- the executor ---

// escReact decides one ReAct step of an escape subtask.
func (w words) escReact(c villager.ExecutorCall, jobs []escJob) string {
	steps := readSteps(c.Steps)
	used := 0
	var did []string
	for _, j := range jobs {
		p, n := w.escProgress(j, steps[used:], len(steps) == 0)
		used += n
		if p.failed != "" {
			return w.final(w.say("{I could not|I was unable to} " + w.escClause(j) + ": " + p.failed))
		}
		if p.ok {
			did = append(did, w.escClause(j))
			continue
		}
		return w.act(c, p, Options{})
	}
	text := w.say("{Done|All done|Finished}: I " + firstPerson.Replace(andList(pastClauses(did))) + ".")
	if slices.ContainsFunc(jobs, func(j escJob) bool { return j.kind == escLook }) {
		text += w.lookReport(steps)
	}
	return w.final(text)
}

// firstPerson words a subtask's clauses as the agent's own.
var firstPerson = strings.NewReplacer("the room you are in", "the room I am in", "the room they are in", "the room I am in")

// lookReport says what a look found, from its own scans: the room, the
// mechanisms in it and the sign's words; "" when the scans showed no room.
func (w words) lookReport(steps []stepRecord) string {
	text := ""
	for _, s := range steps {
		text += unescapeNL(s.message()) + "\n"
	}
	var l escLookSeen
	l.name = "me"
	if m := escMyPosRE.FindAllStringSubmatch(text, -1); len(m) > 0 {
		last := m[len(m)-1]
		l.pos, l.hasPos = [3]int{atoi(last[1]), atoi(last[2]), atoi(last[3])}, true
	}
	for _, re := range []*regexp.Regexp{escBlockRE, escFoundRE} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			l.blocks = append(l.blocks, escBlock{m[1], [3]int{atoi(m[2]), atoi(m[3]), atoi(m[4])}})
		}
	}
	if m := escRoomRE.FindAllStringSubmatch(text, -1); len(m) > 0 {
		last := m[len(m)-1]
		l.centre, l.hasCentre = [3]int{atoi(last[2]), atoi(last[3]), atoi(last[4])}, true
		l.done = strings.Contains(last[1], "You have done the task in this room")
	} else if signs := hintSigns(l.blocks, l.pos, movesFailed(text)); len(signs) > 0 && l.hasPos {
		l.centre, l.hasCentre = [3]int{signs[0][0], signs[0][1] - 2, signs[0][2]}, true
	}
	if !l.hasCentre {
		return w.say(" {I could not make out which room I am in.|No room's sign or state in sight here.}")
	}
	var seen []string
	for _, b := range l.blocks {
		if inRoom(l.centre, b.at) && (isPlate(b.name) || isLever(b.name) || isButton(b.name) || b.name == "chest" ||
			strings.HasSuffix(b.name, "_sign") && b.at[1] < l.centre[1]) {
			if t := b.name + " at " + atText(b.at); !slices.Contains(seen, t) {
				seen = append(seen, t)
			}
		}
	}
	out := w.say(" {My room is the one around|I am in the room at|This is the room centred at} [" + atText(l.centre) + "]")
	if len(seen) > 0 {
		out += w.say("{; in it I see |, with |; it holds }") + andList(seen)
	} else {
		out += w.say("{; I see nothing to use in it yet|, nothing to use in sight}")
	}
	out += "."
	if _, rest, ok := strings.Cut(text, "the sign nearby said: "); ok {
		hint, _, _ := strings.Cut(rest, "the env in the room: ")
		hint, _, _ = strings.Cut(hint, " you need to")
		if hint = strings.TrimSpace(strings.TrimRight(hint, "\n\"'")); hint != "" && !strings.HasPrefix(hint, "cannot find") {
			out += w.say(" {The sign says|Its sign reads|The hint on the sign}: \"" + hint + "\"")
			if !strings.HasSuffix(hint, ".") {
				out += "."
			}
		}
	}
	if l.done {
		out += w.say(" {The room is already done.|It is solved already.}")
	}
	return out
}

func escCall(tool string, kv ...any) *toolCall {
	args := villager.Dict{}
	for i := 0; i < len(kv); i += 2 {
		args = append(args, villager.KV{Key: kv[i].(string), Value: kv[i+1]})
	}
	return &toolCall{tool, args}
}

// escProgress reads what the steps did for one job.
func (w words) escProgress(j escJob, steps []stepRecord, first bool) (progress, int) {
	n := 0
	tool := func(name string) (stepRecord, bool) {
		if n < len(steps) && steps[n].act.Tool == name {
			n++
			return steps[n-1], true
		}
		return stepRecord{}, false
	}
	xyz := func(p [3]int) []any { return []any{"x", p[0], "y", p[1], "z", p[2]} }
	switch j.kind {
	case escLook:
		s, ok := tool("scanNearbyEntities")
		if !ok {
			return progress{next: escCall("scanNearbyEntities", "item_name", "", "radius", 16, "item_num", 0),
				thought: w.say("{I look around first|Let me see what this room holds|First a look at the room}.")}, n
		}
		msg := unescapeNL(s.message())
		if strings.Contains(msg, "You are at task room") {
			return w.lookFor(steps, n, tool)
		}
		var blocks []escBlock
		for _, m := range escBlockRE.FindAllStringSubmatch(msg, -1) {
			blocks = append(blocks, escBlock{m[1], [3]int{atoi(m[2]), atoi(m[3]), atoi(m[4])}})
		}
		me := [3]int{}
		if m := escMyPosRE.FindStringSubmatch(msg); m != nil {
			me = [3]int{atoi(m[1]), atoi(m[2]), atoi(m[3])}
		}
		signs := hintSigns(blocks, me, nil)
		if len(signs) == 0 {
			return w.lookFor(steps, n, tool)
		}
		// To the floor under the sign; when that room is not this one
		// (the way is shut), the next sign.
		for k, sign := range signs[:min(len(signs), 2)] {
			nav, ok := tool("navigateTo")
			if !ok {
				th := w.say("{The room's sign is at|I see the hint sign at} " + atText(sign) + "; {I go to the middle of the room under it|the room's centre is below it, I walk there} to see the room's state.")
				if k > 0 {
					th = w.say("{That sign belongs to the room next door|I cannot get under that sign}; {the other sign is at|this room's sign must be the one at} " + atText(sign) + ".")
				}
				return progress{next: escCall("navigateTo", xyz(signFloor(sign))...), thought: th}, n
			}
			if nav.ok() {
				break
			}
		}
		if _, ok := tool("scanNearbyEntities"); !ok {
			return progress{next: escCall("scanNearbyEntities", "item_name", "", "radius", 16, "item_num", 0),
				thought: w.say("{Now from the middle|From the centre now}, {another look|one more look}.")}, n
		}
		return w.lookFor(steps, n, tool)
	case escStand, escWait, escWalk:
		for tries := 0; ; tries++ {
			s, ok := tool("navigateTo")
			if !ok {
				th := w.say("{I go to|Walking to} " + atText(j.at) + ".")
				if j.kind == escStand {
					th = w.say("{I step onto|Going to stand on} the " + j.name + " at " + atText(j.at) + " {and stay there|and keep still}.")
				}
				if tries > 0 {
					th = w.say("{That did not get me there|I did not make it}; {again|one more try}.")
				}
				return progress{next: escCall("navigateTo", xyz(j.at)...), thought: th}, n
			}
			if s.ok() {
				return progress{ok: true}, n
			}
			if tries >= 1 {
				return progress{failed: s.message()}, n
			}
		}
	case escToggle:
		for tries := 0; ; tries++ {
			s, ok := tool("ToggleAction")
			if !ok {
				at := j.at
				th := w.say("{I use|Time to use} the " + j.name + " at " + atText(at) + ".")
				if tries == 0 && first && w.rng.Float64() < escMistake {
					at[0]++ // the cell beside it: a misread position
				}
				if tries > 0 {
					th = w.say("{My mistake|Oops}: {that was the wrong spot|I had the position wrong}; the " + j.name + " is at " + atText(j.at) + ".")
				}
				return progress{next: escCall("ToggleAction", append([]any{"item_name", j.name}, xyz(at)...)...), thought: th}, n
			}
			if s.ok() {
				return progress{ok: true}, n
			}
			if tries >= 2 {
				return progress{failed: s.message()}, n
			}
		}
	case escFindPress:
		// A scan by name first (its walk may take one off the roof, out
		// of sight), then the spot above the room's middle, whose answer's
		// 5x3x5 map shows the blocks just under the roof.
		var found []string
		calls := []*toolCall{
			escCall("scanNearbyEntities", "item_name", j.name, "radius", 16, "item_num", 1),
			escCall("navigateTo", xyz(j.at)...),
			escCall("scanNearbyEntities", "item_name", j.name, "radius", 16, "item_num", 1),
		}
		thoughts := []string{
			"{Where is the|Looking for the} " + j.name + " {from here|from up here}?",
			"{Not in sight from here|I cannot see it from here}; {I go over the middle of the room|over the room's middle it should be below me}.",
			"{Another look for it|One more look} from {here|above the middle}.",
		}
		for k, call := range calls {
			s, ok := tool(call.tool)
			if !ok {
				return progress{next: call, thought: w.say(thoughts[k])}, n
			}
			if found = buttonIn(s, j.name); found != nil {
				break
			}
			if k == len(calls)-1 {
				return progress{failed: s.message()}, n
			}
		}
		at := [3]int{atoi(found[2]), atoi(found[3]), atoi(found[4])}
		t, ok := tool("ToggleAction")
		if !ok {
			return progress{next: escCall("ToggleAction", "item_name", found[1], "x", at[0], "y", at[1], "z", at[2]),
				thought: w.say("{There it is|Found it}: the " + found[1] + " at " + atText(at) + "; {I press it|pressing it}.")}, n
		}
		if !t.ok() {
			return progress{failed: t.message()}, n
		}
		return progress{ok: true}, n
	case escReplace:
		if _, ok := tool("MineBlock"); !ok {
			return progress{next: escCall("MineBlock", xyz(j.at)...),
				thought: w.say("{First the|I break the} " + j.name + " at " + atText(j.at) + "{ out of the way|}.")}, n
		}
		s, ok := tool("placeBlock")
		if !ok {
			return progress{next: escCall("placeBlock", append([]any{"item_name", j.item}, append(xyz(j.at), "facing", "A")...)...),
				thought: w.say("{Now the|In goes the} " + j.item + " {in its place|where the sign was}.")}, n
		}
		if !s.ok() {
			return progress{failed: s.message()}, n
		}
		return progress{ok: true}, n
	case escTake:
		s, ok := tool("withdrawItem")
		if !ok {
			return progress{next: escCall("withdrawItem", "item_name", j.item, "from_name", "chest", "item_count", 1),
				thought: w.say("{The key should open the chest now|With the key I open the chest}; {I take the|taking the} " + j.item + ".")}, n
		}
		if !s.ok() {
			return progress{failed: s.message()}, n
		}
		return progress{ok: true}, n
	}
	return progress{failed: "unknown job"}, n
}

// lookFor ends a look: each mechanism the hint names that no scan of
// the look showed is scanned for by name (the block map is a sample).
func (w words) lookFor(steps []stepRecord, n int, tool func(string) (stepRecord, bool)) (progress, int) {
	text := ""
	for _, s := range steps[:n] {
		text += s.message() + "\n"
	}
	hint := ""
	if _, rest, ok := strings.Cut(text, "the sign nearby said: "); ok {
		hint, _, _ = strings.Cut(rest, "the env in the room: ")
	}
	for _, name := range hintNames(hint) {
		if strings.Contains(text, name+" at (") {
			continue
		}
		s, ok := tool("scanNearbyEntities")
		if !ok {
			return progress{next: escCall("scanNearbyEntities", "item_name", name, "radius", 16, "item_num", 1),
				thought: w.say("{The sign speaks of|The hint names} the " + name + "{, which I have not seen yet| but I do not see it yet}; {I search for it|let me find it}.")}, n
		}
		text += s.message() + "\n"
		if m := escFoundRE.FindStringSubmatch(s.message()); m != nil {
			text += m[1] + " at (\n"
		}
		text += name + " at (\n" // searched: not again
	}
	return progress{ok: true}, n
}

// escMapRE is a block of an answer's 5x3x5 map ("[stone_button:130 -56 112]").
var escMapRE = regexp.MustCompile(`\[([a-z_]+):(-?\d+) (-?\d+) (-?\d+)\]`)

// buttonIn is the named block an answer shows: a scan's "I found", or
// the map of its events; nil when none.
func buttonIn(s stepRecord, name string) []string {
	if m := escFoundRE.FindStringSubmatch(s.message()); m != nil && m[1] == name {
		return m
	}
	for _, e := range listOf(field(s.obs, "new_events")) {
		for _, m := range escMapRE.FindAllStringSubmatch(str(e), -1) {
			if m[1] == name {
				return m
			}
		}
	}
	return nil
}

// escReflect judges an escape subtask from its steps.
func (w words) escReflect(c villager.ReflectCall, jobs []escJob) string {
	steps := historySteps(c.History)
	used := 0
	ok := true
	var done, missing []string
	for _, j := range jobs {
		p, n := w.escProgress(j, steps[used:], false)
		used += n
		if p.ok {
			done = append(done, w.escClause(j))
			continue
		}
		ok = false
		why := p.failed
		if why == "" {
			why = "not finished"
		}
		missing = append(missing, w.escClause(j)+" ("+why+")")
	}
	return w.verdict(false, ok, done, missing, steps)
}
