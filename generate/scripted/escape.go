package scripted

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"collabcraft/generate/scripted/know"
	"collabcraft/trajectory"
)

// VillagerBench's escape rooms under p2p: MINDcraft agents that see only
// their own room. Each room visit is a cycle. The agent scans its room
// with code (the levers, buttons, pressure plates, floor signs and chests
// it can see, where it stands and which teammates it sees), tells the
// teammates in other rooms what its room holds (the only way they learn
// it), and the first of the agents in the room says who stands where and
// who pulls what "when I say go". Plate holders step on their plates and
// say go; the others then use their levers and buttons inside the rules'
// window, and everyone tries the way on (10 blocks along z, as the goal's
// rooms are spaced). A failed way on is the feedback that the room is not
// open yet: the holder steps back on its plate and says go again, a
// button is pressed again. A teleport (the agent's position jumped) or a
// way on found starts the next cycle with a new scan.
//
// At a low rate seeded by the room and the agent, an agent makes one of
// the mistakes people make here: it presses its button before the go
// (early), it steps off its plate to look for the way on before the
// others have pulled (late for them), or it pulls the teammate's lever
// instead of its own (wrong lever). The command's output or the failed
// way on shows the mistake, and the agent says so and puts it right.

func escapeRoles(k *call) []Role { return []Role{newEscaper(k)} }

// escMistakeRate is how often an agent makes its room's mistake.
const escMistakeRate = 0.12

// escMech is a mechanism the agent's scan found.
type escMech struct {
	Name    string
	X, Y, Z int
}

func (m escMech) at() string { return fmt.Sprintf("%d %d %d", m.X, m.Y, m.Z) }

func (m escMech) plate() bool  { return strings.HasSuffix(m.Name, "_pressure_plate") }
func (m escMech) pulled() bool { return m.Name == "lever" || strings.HasSuffix(m.Name, "_button") }
func (m escMech) button() bool { return strings.HasSuffix(m.Name, "_button") }
func (m escMech) sign() bool {
	return strings.HasSuffix(m.Name, "_sign") && !strings.Contains(m.Name, "wall")
}

// escScan is what a scan showed: where the agent stood, the mechanisms
// and the teammates it saw, and the turn it came back at.
type escScan struct {
	Turn    int
	X, Y, Z int
	Mechs   []escMech
	Mates   []string
	Chest   bool
	On      map[string]bool // levers and buttons powered, by position
	// What the memory kept of the room's plan (a scan read from it).
	Agreed bool
	GoFrom []string
	Open   bool
	Movers []escMech // plates that moved whoever stood on them
	Told   []string  // roommates the agent told the room's plan
	// Shut is how many tries at the way on found it shut before the
	// turns the call reads (only a scan read from the note has it).
	Shut int
}

// The escape note's words (know.Notes.EscapeRoom).
const (
	escNoteAt     = "I was at "
	escNoteWith   = "with "
	escNoteAgreed = "plan agreed"
	escNoteGo     = "go from "
	escNoteOpen   = "way on open"
	escNoteMovers = "plates that move you: "
	escNoteTold   = "plan told to "
	escNoteShut   = "way on shut "
)

// note is the room as the memory keeps it: "I was at 1 -60 3; lever at
// 1 -60 5 on, oak_pressure_plate at 2 -60 5; with Jill_0; plan agreed;
// go from Jill_0".
func (r *escaper) note() string {
	s := r.scan
	parts := []string{fmt.Sprintf("%s%d %d %d", escNoteAt, s.X, s.Y, s.Z)}
	var ms []string
	for _, m := range s.Mechs {
		on := s.On[m.at()]
		if m.Name == "lever" && r.pulls(m)%2 == 1 {
			on = !on
		}
		t := m.Name + " at " + m.at()
		if on {
			t += " on"
		}
		ms = append(ms, t)
	}
	if len(ms) > 0 {
		parts = append(parts, strings.Join(ms, ", "))
	}
	if mates := slices.DeleteFunc(slices.Clone(r.room), func(n string) bool { return n == r.me() }); len(mates) > 0 {
		parts = append(parts, escNoteWith+strings.Join(mates, ", "))
	}
	if r.agreed() && len(r.room) > 1 {
		parts = append(parts, escNoteAgreed)
	} else if t := r.toldPlan(); len(t) > 0 {
		parts = append(parts, escNoteTold+strings.Join(t, ", "))
	}
	if g := r.goFrom(); len(g) > 0 {
		parts = append(parts, escNoteGo+strings.Join(g, ", "))
	}
	if r.openHeard() {
		parts = append(parts, escNoteOpen)
	}
	if n := r.shut(); n > 0 {
		parts = append(parts, fmt.Sprintf("%s%dx", escNoteShut, n))
	}
	if ms := r.movers(); len(ms) > 0 {
		var t []string
		for _, m := range ms {
			t = append(t, m.Name+" at "+m.at())
		}
		parts = append(parts, escNoteMovers+strings.Join(t, ", "))
	}
	return strings.Join(parts, "; ")
}

// parseEscNote reads the note back (nil for none).
func parseEscNote(t string) *escScan {
	if !strings.HasPrefix(t, escNoteAt) {
		return nil
	}
	s := &escScan{Turn: -1, On: map[string]bool{}}
	for i, part := range strings.Split(t, "; ") {
		switch {
		case i == 0:
			fmt.Sscanf(part[len(escNoteAt):], "%d %d %d", &s.X, &s.Y, &s.Z)
		case strings.HasPrefix(part, escNoteWith):
			s.Mates = strings.Split(part[len(escNoteWith):], ", ")
		case part == escNoteAgreed:
			s.Agreed = true
		case strings.HasPrefix(part, escNoteGo):
			s.GoFrom = strings.Split(part[len(escNoteGo):], ", ")
		case part == escNoteOpen:
			s.Open = true
		case strings.HasPrefix(part, escNoteShut):
			fmt.Sscanf(part[len(escNoteShut):], "%dx", &s.Shut)
		case strings.HasPrefix(part, escNoteTold):
			s.Told = strings.Split(part[len(escNoteTold):], ", ")
		case strings.HasPrefix(part, escNoteMovers):
			for _, it := range strings.Split(part[len(escNoteMovers):], ", ") {
				var m escMech
				if n, _ := fmt.Sscanf(it, "%s at %d %d %d", &m.Name, &m.X, &m.Y, &m.Z); n == 4 {
					s.Movers = append(s.Movers, m)
				}
			}
		default:
			for _, it := range strings.Split(part, ", ") {
				var m escMech
				if n, _ := fmt.Sscanf(it, "%s at %d %d %d", &m.Name, &m.X, &m.Y, &m.Z); n == 4 {
					s.Mechs = append(s.Mechs, m)
					if strings.HasSuffix(it, " on") {
						s.On[m.at()] = true
					}
				}
			}
		}
	}
	return s
}

// agreed reports whether the room's plan is agreed: the first in the
// room told it to everyone, the others heard it (or the memory says so).
func (r *escaper) agreed() bool {
	s := r.scan
	if s.Agreed || len(r.room) == 1 {
		return true
	}
	lead := r.room[0]
	if r.me() == lead {
		told := r.toldPlan()
		for _, n := range r.room[1:] {
			if !slices.Contains(told, n) {
				return false
			}
		}
		return true
	}
	// A plan that never comes (lost, or the lead took itself to be
	// alone) does not keep me waiting: the plan is the same from the
	// same room, and my ack says my part.
	return r.heardAfter(lead, -1, func(t string) bool { return names(t, s.Mechs) }) || r.waitedEnough() || slices.Contains(r.toldPlan(), lead)
}

// toldPlan are the teammates I told this room's plan, or my part of it
// when o leads the room (my messages, or the memory's note: a lead tells
// each roommate apart, and the window rarely holds them all), name
// order.
func (r *escaper) toldPlan() []string {
	told := slices.Clone(r.scan.Told)
	for _, o := range r.k.c.Others() {
		if slices.Contains(told, o) {
			continue
		}
		if r.toldAfter(o, -1, r.isPlan) || len(r.room) > 0 && o == r.room[0] && r.toldAfter(o, -1, func(t string) bool { return names(t, r.scan.Mechs) }) {
			told = append(told, o)
		}
	}
	slices.Sort(told)
	return told
}

// isPlan reports whether a message is this room's plan.
func (r *escaper) isPlan(t string) bool {
	return strings.Contains(t, escPlanMark) && names(t, r.scan.Mechs)
}

// goFrom are the teammates who said go since the scan (or the memory
// says did), name order.
func (r *escaper) goFrom() []string {
	from := slices.Clone(r.scan.GoFrom)
	for _, m := range r.k.c.Messages() {
		if m.Turn > r.scan.Turn && isGo(m.Text) && !slices.Contains(from, m.From) {
			from = append(from, m.From)
		}
	}
	slices.Sort(from)
	return slices.Compact(from)
}

// openHeard reports whether a teammate said the way on is open.
func (r *escaper) openHeard() bool { return r.scan.Open || r.heard("", isOpen) }

// The scan program's output lines, which the agent reads back.
const (
	escScanAt    = "I am at "
	escScanMech  = "In view: "
	escScanMates = "Teammates in view: "
	escScanNone  = "No mechanism in view."
)

// escMistake is the mistake an agent makes in a room ("" for none).
type escMistake string

const (
	escEarly      escMistake = "early"
	escLate       escMistake = "late"
	escWrongLever escMistake = "wrong lever"
)

// escaper is one agent of an escape task.
type escaper struct {
	k    *call
	scan *escScan
	room []string // the agents in the scan's room, name order
	plan map[string][]escMech
	// since are the acts after the scan.
	since []know.Act
}

// The escaper's intents' facts.
type (
	escLook   struct{ Again bool } // scan the room
	escReport struct {             // tell a teammate elsewhere what my room holds
		To    string
		Mechs []escMech
		Alone bool
	}
	escPropose struct { // the first in the room says who does what
		To   string
		Plan map[string][]escMech
		Room []string
	}
	escAck struct { // a roommate agrees
		To   string
		Mine []escMech
	}
	escAwaitPlan struct{ From string }
	escStep      struct { // onto my plate
		M     escMech
		Again bool
	}
	escGo      struct{ To string } // I'm on my plate: go
	escAwaitGo struct{ From string }
	escPull    struct { // my lever or button
		M      escMech
		Again  bool
		Early  bool
		Theirs bool // the wrong lever: the teammate's
	}
	escOwnUp struct { // I pulled the teammate's lever
		To string
		M  escMech
	}
	escReplace struct{ M escMech } // the floor sign becomes my gold block
	escOnward  struct {
		X, Y, Z int
		Again   bool
	}
	escCant struct { // a mechanism I could not reach
		To string
		M  escMech
	}
	escPressed struct { // my button is pressed: the lever can go
		To string
		M  escMech
	}
	escAwaitButton struct{}
	escMoved       struct { // a plate moved me away
		To string
		M  escMech
	}
	escOpen    struct{ To string } // the way on is open
	escHold    struct{ M escMech } // I stay on my plate
	escStepOff struct{ M escMech } // off my plate too soon (the late mistake)
	escGather  struct{ M escMech } // next to the lone lever before it is pulled
	escBy      struct {            // I stand by the lone lever: pull it
		To string
		M  escMech
	}
	escAwaitGather struct{ From string }
	escWaitWay     struct{ Fails int } // the way on is shut: wait for the others
	escWhere       struct{}            // !stats after a pull: was I moved?
)

func newEscaper(k *call) *escaper {
	r := &escaper{k: k}
	c := k.c
	acts := c.Acts()
	for i := len(acts) - 1; i >= 0; i-- {
		if s, ok := parseEscScan(acts[i]); ok {
			r.scan = s
			r.since = acts[i+1:]
			break
		}
	}
	if r.scan == nil {
		// A memory call reads the folded turns: the newest scan may
		// still be in the window it keeps.
		for _, ts := range [][]trajectory.Message{c.Turns(), c.Folded()} {
			for i := len(ts) - 1; i >= 0 && r.scan == nil; i-- {
				if ts[i].Role == "system" {
					r.scan, _ = parseEscOutput(ts[i].Content, -1)
				}
			}
		}
		if r.scan == nil {
			r.scan = parseEscNote(c.Notes().EscapeRoom)
		}
		r.since = append(orphanPulls(c), acts...)
	}
	if r.scan == nil {
		return r
	}
	seen := slices.Clone(r.scan.Mates) // whom the scan itself saw
	// What the memory keeps of this same room's plan still holds.
	if n := parseEscNote(c.Notes().EscapeRoom); n != nil && n != r.scan && sameMechs(n.Mechs, r.scan.Mechs) {
		r.scan.Agreed = r.scan.Agreed || n.Agreed
		r.scan.Open = r.scan.Open || n.Open
		r.scan.GoFrom = append(r.scan.GoFrom, n.GoFrom...)
		r.scan.Movers = append(r.scan.Movers, n.Movers...)
		r.scan.Told = append(r.scan.Told, n.Told...)
		// Who the note says is here (its scan, or their word since)
		// stays here unless their word says otherwise.
		for _, m := range n.Mates {
			if !slices.Contains(r.scan.Mates, m) {
				r.scan.Mates = append(r.scan.Mates, m)
			}
		}
	}
	// The room is who the scan saw, and whoever since proposed a plan
	// for its mechanisms (a teammate who came in after the scan).
	room := append([]string{c.Name()}, r.scan.Mates...)
	for _, m := range c.Messages() {
		if m.Turn > r.scan.Turn && strings.Contains(m.Text, escPlanMark) && names(m.Text, r.scan.Mechs) && !slices.Contains(room, m.From) {
			room = append(room, m.From)
		}
	}
	// A teammate whose latest word describes this room's blocks (at their
	// positions) is in it, though it came in after my scan, or scanned
	// before I came; one whose latest word describes another room has
	// gone on (or been moved): it is no longer here.
	for _, o := range c.Others() {
		if _, here, _ := r.described(o); here && !slices.Contains(room, o) {
			room = append(room, o)
		}
	}
	room = slices.DeleteFunc(room, func(o string) bool {
		turn, _, elsewhere := r.described(o)
		return o != c.Name() && elsewhere && (turn > r.scan.Turn || !slices.Contains(seen, o))
	})
	r.room = slices.Sorted(slices.Values(room))
	r.plan = escPlan(slices.DeleteFunc(slices.Clone(r.scan.Mechs), func(m escMech) bool { return slices.Contains(r.movers(), m) }), r.room, c)
	r.reassign()
	return r
}

// described reads teammate o's latest message that names mechanisms:
// the turn it came at, whether it names only blocks my scan found (my
// room), and whether it names one my scan did not find (a room of its
// own).
func (r *escaper) described(o string) (turn int, here, elsewhere bool) {
	msgs := r.k.c.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.From != o {
			continue
		}
		// "You said you have ..." names my room's blocks as the teammate
		// last heard of them, not its own.
		text := m.Text
		for _, mark := range escYoursMarks {
			text, _, _ = strings.Cut(text, mark)
		}
		hm := heardMechs(text)
		if len(hm) == 0 {
			continue
		}
		elsewhere = slices.ContainsFunc(hm, func(h escMech) bool {
			return !slices.ContainsFunc(r.scan.Mechs, func(x escMech) bool { return x.at() == h.at() })
		})
		return m.Turn, !elsewhere, elsewhere
	}
	return -1, false, false
}

// orphanPulls are the uses whose !activate an earlier memory call folded
// away without its output: the output opens the turns this call reads
// (the window, or a memory call's folded turns), and no note counted it.
func orphanPulls(c *know.Context) []know.Act {
	turns := c.Turns()
	if len(c.Folded()) > 0 {
		turns = c.Folded()
	}
	var out []know.Act
	for i, t := range turns {
		if t.Role == "assistant" {
			break
		}
		if a := (know.Act{Name: "!activate", Output: t.Content, Turn: i}); t.Role == "system" {
			if _, _, _, ok := activatedAt(a); ok {
				out = append(out, a)
			}
		}
	}
	return out
}

// escYoursMarks open the part of a room report that names the
// recipient's blocks (escWords' escReport).
var escYoursMarks = []string{" You said you have ", " And you've got "}

// sameMechs reports whether two scans saw the same mechanisms (the same
// room), in any order.
func sameMechs(a, b []escMech) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for _, m := range a {
		if !slices.ContainsFunc(b, func(o escMech) bool { return o.Name == m.Name && o.at() == m.at() }) {
			return false
		}
	}
	return true
}

// escPlanMark is in every plan's words.
const escPlanMark = "how we do it"

// escCantMark says an agent cannot reach a mechanism: "can't reach the
// lever at 1 2 3".
const escCantMark = "can't reach "

// reassign gives a mechanism an agent could not reach (its own failed
// tries, or a roommate's word) to the next agent in the room.
func (r *escaper) reassign() {
	for i, n := range r.room {
		for _, m := range slices.Clone(r.plan[n]) {
			if !r.cannot(n, m) {
				continue
			}
			for k := 1; k < len(r.room); k++ {
				o := r.room[(i+k)%len(r.room)]
				if !r.cannot(o, m) {
					r.plan[n] = slices.DeleteFunc(r.plan[n], func(x escMech) bool { return x == m })
					r.plan[o] = append(r.plan[o], m)
					break
				}
			}
		}
	}
}

// cannot reports whether agent n could not reach m: for me, a use of it
// that did not use it; for a roommate, its word.
func (r *escaper) cannot(n string, m escMech) bool {
	if n == r.me() {
		return r.unreachable(m)
	}
	return r.heardAfter(n, -1, func(t string) bool { return strings.Contains(t, escCantMark+"the "+m.Name+" at "+m.at()) })
}

// unreachable reports whether my !activate for m since the scan used
// something else or nothing.
func (r *escaper) unreachable(m escMech) bool {
	if _, y, _ := r.position(); m.plate() && y >= m.Y+3 {
		return true // up on the roof: no plate below can be stood on
	}
	if m.plate() {
		return slices.ContainsFunc(r.since, func(a know.Act) bool {
			return a.Name == "!goToCoordinates" && a.Arg(0) == itoa(m.X) && a.Arg(1) == itoa(m.Y) && a.Arg(2) == itoa(m.Z) && strings.Contains(a.Output, "No path")
		})
	}
	if !m.pulled() {
		return false
	}
	for i, a := range r.since {
		// Only a use that came right after walking to m was meant for it.
		if a.Name != "!activate" || a.Arg(0) != m.Name || a.Output == "" || i == 0 {
			continue
		}
		if p := r.since[i-1]; p.Name != "!goToCoordinates" || p.Arg(0) != itoa(m.X) || p.Arg(2) != itoa(m.Z) {
			continue
		}
		x, y, z, ok := activatedAt(a)
		if !ok || x != m.X || y != m.Y || z != m.Z {
			return r.lastPull(m) < 0
		}
	}
	return false
}

// parseEscScan reads a scan program's output.
func parseEscScan(a know.Act) (*escScan, bool) {
	if a.Name != "!newAction" {
		return nil, false
	}
	return parseEscOutput(a.Output, a.Turn)
}

// parseEscOutput reads a scan program's output, which came back at turn.
func parseEscOutput(out string, turn int) (*escScan, bool) {
	if !strings.Contains(out, escScanAt) || !strings.Contains(out, "Code Output") {
		return nil, false
	}
	s := &escScan{Turn: turn, On: map[string]bool{}}
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, escScanAt):
			fmt.Sscanf(line[len(escScanAt):], "%d %d %d", &s.X, &s.Y, &s.Z)
		case strings.HasPrefix(line, escScanMech):
			var m escMech
			if n, _ := fmt.Sscanf(line[len(escScanMech):], "%s at %d %d %d", &m.Name, &m.X, &m.Y, &m.Z); n == 4 {
				if strings.HasSuffix(line, "(on)") {
					s.On[m.at()] = true
				}
				if m.Name == "chest" {
					s.Chest = true
					continue
				}
				s.Mechs = append(s.Mechs, m)
			}
		case strings.HasPrefix(line, escScanMates):
			for _, n := range strings.Split(strings.TrimSuffix(line[len(escScanMates):], "."), ", ") {
				if n = strings.TrimSpace(n); n != "" {
					s.Mates = append(s.Mates, n)
				}
			}
		}
	}
	slices.SortFunc(s.Mechs, func(a, b escMech) int {
		return cmpMech(a, b)
	})
	return s, true
}

func cmpMech(a, b escMech) int {
	rank := func(m escMech) int {
		switch {
		case m.plate():
			return 0
		case m.sign():
			return 1
		case m.button():
			return 2
		}
		return 3 // levers last: one may move everyone near it
	}
	if d := rank(a) - rank(b); d != 0 {
		return d
	}
	if a.X != b.X {
		return a.X - b.X
	}
	if a.Z != b.Z {
		return a.Z - b.Z
	}
	return a.Y - b.Y
}

// escPlan shares a room's mechanisms among the agents in it: plates one
// each in name order (they hold while the others pull; one more plate
// than agents waits for a teammate still to come), a floor sign to
// whoever holds a gold block, levers and buttons from the last agent
// back (the one without a plate pulls first).
func escPlan(mechs []escMech, room []string, c *know.Context) map[string][]escMech {
	plan := map[string][]escMech{}
	p, q := 0, 0
	for _, m := range mechs {
		switch {
		case m.plate():
			// One plate each: a plate nobody in the room is left for
			// needs a teammate still on the way.
			if p < len(room) {
				plan[room[p]] = append(plan[room[p]], m)
			}
			p++
		case m.sign():
			if c.Count("gold_block") > 0 {
				plan[c.Name()] = append(plan[c.Name()], m)
			}
		default:
			n := room[len(room)-1-q%len(room)]
			plan[n] = append(plan[n], m)
			q++
		}
	}
	return plan
}

// mistake is the agent's mistake in this room, seeded by what its scan
// saw and its name, so every call of the room agrees.
func (r *escaper) mistake() escMistake {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s %d %d %d %v", r.k.c.Name(), r.scan.X, r.scan.Y, r.scan.Z, r.scan.Mechs)
	x := h.Sum64()
	if float64(x%1000)/1000 >= escMistakeRate {
		return ""
	}
	return []escMistake{escEarly, escLate, escWrongLever}[(x/1000)%3]
}

func (r *escaper) me() string { return r.k.c.Name() }

// puller is the roommate whose part m is ("" for none).
func (r *escaper) puller(m escMech) string {
	for _, n := range r.room {
		if n != r.me() && slices.Contains(r.plan[n], m) {
			return n
		}
	}
	return ""
}

// holders are the roommates (not me) with a plate to hold.
func (r *escaper) holders() []string {
	var out []string
	for _, n := range r.room {
		if n != r.me() && slices.ContainsFunc(r.plan[n], escMech.plate) {
			out = append(out, n)
		}
	}
	return out
}

// pullers are the roommates (not me) with a lever or button.
func (r *escaper) pullers() []string {
	var out []string
	for _, n := range r.room {
		if n != r.me() && slices.ContainsFunc(r.plan[n], escMech.pulled) {
			out = append(out, n)
		}
	}
	return out
}

// heard reports the teammate's messages since the scan that match.
func (r *escaper) heard(from string, match func(string) bool) bool {
	return r.heardAfter(from, r.scan.Turn, match)
}

func (r *escaper) heardAfter(from string, turn int, match func(string) bool) bool {
	for _, m := range r.k.c.Messages() {
		if m.Turn > turn && (from == "" || m.From == from) && match(m.Text) {
			return true
		}
	}
	return false
}

// names reports whether a message names one of the mechanisms.
func names(text string, ms []escMech) bool {
	return slices.ContainsFunc(ms, func(m escMech) bool { return strings.Contains(text, " at "+m.at()) })
}

// told reports whether I sent to a message since the scan that matches.
func (r *escaper) told(to string, match func(string) bool) bool {
	return r.toldAfter(to, r.scan.Turn, match)
}

func (r *escaper) toldAfter(to string, turn int, match func(string) bool) bool {
	for _, s := range r.k.c.Sent() {
		if s.Turn > turn && s.To == to && match(s.Text) {
			return true
		}
	}
	return false
}

func isGo(text string) bool { return strings.Contains(strings.ToLower(text), "go!") }

// isOpen: "the way on is open", not a teammate's own try ("Let's see if
// the way on is open", which MINDcraft relays with its message).
func isOpen(text string) bool {
	t := strings.ToLower(text)
	return strings.Count(t, escOpenMark) > strings.Count(t, "if the "+escOpenMark)
}

const escOpenMark = "way on is open"

// escReachedAt is the act's "You have reached at x, y, z." position.
func escReachedAt(a know.Act) (x, y, z int, ok bool) {
	i := strings.Index(a.Output, "You have reached at ")
	if i < 0 {
		return 0, 0, 0, false
	}
	n, _ := fmt.Sscanf(a.Output[i+len("You have reached at "):], "%d, %d, %d", &x, &y, &z)
	return x, y, z, n == 3
}

// activatedAt is !activate's "Activated lever at x:1.0, y:2.0, z:3.0." position.
func activatedAt(a know.Act) (x, y, z int, ok bool) {
	i := strings.Index(a.Output, " at x:")
	if a.Name != "!activate" || i < 0 {
		return 0, 0, 0, false
	}
	var fx, fy, fz float64
	n, _ := fmt.Sscanf(a.Output[i+len(" at "):], "x:%f, y:%f, z:%f", &fx, &fy, &fz)
	return int(fx), int(fy), int(fz), n == 3
}

// onMech reports whether the act walked the agent onto m.
func onMech(a know.Act, m escMech) bool {
	x, y, z, ok := escReachedAt(a)
	return ok && a.Name == "!goToCoordinates" && x == m.X && y == m.Y && z == m.Z
}

// pulledAt lists the acts since the scan that used a mechanism at m.
func (r *escaper) pulls(m escMech) int {
	n := 0
	for _, a := range r.since {
		if x, y, z, ok := activatedAt(a); ok && x == m.X && y == m.Y && z == m.Z {
			n++
		}
	}
	return n
}

// position is where the agent last knew itself to be: the scan, a walk
// that arrived, or !stats.
func (r *escaper) position() (x, y, z int) {
	x, y, z = r.scan.X, r.scan.Y, r.scan.Z
	for _, a := range r.since {
		if a.Name == "!goToCoordinates" || a.Name == "!newAction" {
			if px, py, pz, ok := escReachedAt(a); ok {
				x, y, z = px, py, pz
			}
		}
		if a.Name == "!stats" {
			if px, py, pz, ok := statsAt(a.Output); ok {
				x, y, z = px, py, pz
			}
		}
	}
	return
}

// statsAt reads !stats' "Position: x: 1.50, y: -60.00, z: 3.50".
func statsAt(out string) (x, y, z int, ok bool) {
	i := strings.Index(out, "Position: ")
	if i < 0 {
		return 0, 0, 0, false
	}
	var fx, fy, fz float64
	n, _ := fmt.Sscanf(out[i+len("Position: "):], "x: %f, y: %f, z: %f", &fx, &fy, &fz)
	return escFloor(fx), escFloor(fy), escFloor(fz), n == 3
}

func escFloor(f float64) int {
	i := int(f)
	if float64(i) > f {
		i--
	}
	return i
}

// onwardTries are the acts since the scan that tried the way on, and how
// many of them found no path.
func (r *escaper) onwardTries() (tries, fails int, arrived bool) {
	for _, a := range r.since {
		// The way on is tried within escOnwardRange; steps onto plates and
		// to levers are closer.
		if a.Name != "!goToCoordinates" || a.Output == "" || a.Arg(3) != itoa(escOnwardRange) {
			continue
		}
		tries++
		if strings.Contains(a.Output, "No path") || strings.Contains(a.Output, "stopped") {
			fails++
			arrived = false
			continue
		}
		if _, _, _, ok := escReachedAt(a); ok {
			arrived = true
		}
	}
	return
}

// moved reports whether a !stats since the last pull or step onto a
// plate shows the agent far from there: a teleport (a plate or lever
// that moves whoever is near).
func (r *escaper) moved() (checked, far bool) {
	checked, far, _ = r.movedBy()
	return
}

// movedBy is moved, and the plate stepped on last when the move came
// after stepping on it (ok false otherwise).
func (r *escaper) movedBy() (checked, far bool, plate escMech) {
	var px, py, pz int
	have := false
	var last escMech
	// The agent's own height: a button up high is used from the floor.
	atY := r.scan.Y
	for _, a := range r.since {
		if x, _, z, ok := activatedAt(a); ok {
			px, py, pz, have, checked, last = x, atY, z, true, false, escMech{}
		}
		if _, y, _, ok := escReachedAt(a); ok && a.Name == "!goToCoordinates" {
			atY = y
		}
		if _, y, _, ok := statsAt(a.Output); ok && a.Name == "!stats" {
			atY = y
		}
		if x, y, z, ok := escReachedAt(a); ok && a.Name == "!goToCoordinates" {
			for _, m := range r.scan.Mechs {
				if m.plate() && onMech(a, m) {
					px, py, pz, have, checked, last = x, y, z, true, false, m
				}
			}
			if l, lone := r.loneLever(); lone && byMech(a, l) {
				px, py, pz, have, checked, last = x, y, z, true, false, escMech{}
			}
		}
		if a.Name == "!stats" && have {
			if x, y, z, ok := statsAt(a.Output); ok {
				checked = true
				far = escAbs(x-px) > 5 || escAbs(z-pz) > 5 || escAbs(y-py) > 2
			}
		}
	}
	if !far {
		last = escMech{}
	}
	return checked, far, last
}

// escMovedMark says a plate moved whoever stood on it: "moved me".
const escMovedMark = "moved me"

// movers are the plates that moved someone away (my own step and !stats,
// a teammate's word, or the memory): nobody holds them.
func (r *escaper) movers() []escMech {
	var out []escMech
	for _, m := range r.scan.Movers {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	if _, far, p := r.movedBy(); far && p.Name != "" && !slices.Contains(out, p) {
		out = append(out, p)
	}
	said := func(yield func(string) bool) {
		for _, m := range r.k.c.Messages() {
			if !yield(m.Text) {
				return
			}
		}
		for _, m := range r.k.c.Sent() {
			if !yield(m.Text) {
				return
			}
		}
	}
	for text := range said {
		if !strings.Contains(text, escMovedMark) {
			continue
		}
		for _, m := range r.scan.Mechs {
			if m.plate() && strings.Contains(text, m.Name+" at "+m.at()) && !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// escDist is the distance between two blocks.
func escDist(a, b escMech) float64 {
	dx, dy, dz := float64(a.X-b.X), float64(a.Y-b.Y), float64(a.Z-b.Z)
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

func escAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (r *escaper) Decide() (Intent, bool) {
	c := r.k.c
	if r.scan == nil {
		// A scan that failed is tried again.
		if a, ok := c.LastAct(); ok && a.Name == "!newAction" {
			return do(escLook{Again: true}, "newAction"), true
		}
		return do(escLook{}, "newAction"), true
	}
	s := r.scan
	if _, _, arrived := r.onwardTries(); arrived {
		// Through: tell the roommates still holding plates, then look
		// round the new room.
		for _, h := range r.holders() {
			if !r.told(h, isOpen) {
				return tell(escOpen{To: h}, h), true
			}
		}
		return do(escLook{}, "newAction"), true
	}
	if checked, far, p := r.movedBy(); checked && far {
		// A plate that moved me: say so, then look where I am.
		if p.Name != "" {
			for _, o := range r.k.c.Others() {
				if o != r.me() && !r.toldAfter(o, -1, func(t string) bool { return strings.Contains(t, escMovedMark) && strings.Contains(t, p.at()) }) {
					return tell(escMoved{To: o, M: p}, o), true
				}
			}
		}
		return do(escLook{}, "newAction"), true
	}
	// What my room holds goes to every teammate who is not in it.
	for _, o := range c.Others() {
		if !slices.Contains(r.room, o) && len(s.Mechs) > 0 && !r.toldAfter(o, -1, func(t string) bool { return names(t, s.Mechs) }) {
			return tell(escReport{To: o, Mechs: s.Mechs, Alone: len(r.room) == 1}, o), true
		}
	}
	if len(s.Mechs) == 0 {
		return r.onward(false)
	}
	lead := r.room[0]
	mine := r.plan[r.me()]
	if r.me() == lead {
		for _, n := range r.room[1:] {
			if !s.Agreed && !slices.Contains(r.toldPlan(), n) {
				return tell(escPropose{To: n, Plan: r.plan, Room: r.room}, n), true
			}
		}
	} else if !r.agreed() {
		// No silence here: an idle agent is prompted again only long
		// after, and the waits count towards acting on the plan anyway.
		return do(escAwaitPlan{lead}, "stay", 3), true
	} else if !s.Agreed && !r.toldAfter(lead, -1, func(t string) bool { return names(t, mine) }) && len(mine) > 0 {
		return tell(escAck{To: lead, Mine: mine}, lead), true
	}
	mistake := r.mistake()
	tries, fails, _ := r.onwardTries()
	// A lone lever: the others stand by it first and say so; whoever is
	// by it when it moves people goes with them.
	if l, lone := r.loneLever(); lone && len(r.room) > 1 && !slices.Contains(mine, l) {
		if !r.gathered(l) {
			return do(escGather{M: l}, "goToCoordinates", l.X, l.Y, l.Z, 1), true
		}
		if checked, _ := r.moved(); !checked {
			if p := r.puller(l); p != "" && !r.told(p, func(t string) bool { return strings.Contains(t, escByMark) }) {
				return tell(escBy{To: p, M: l}, p), true
			}
			return do(escWhere{}, "stats"), true
		}
	}
	// Plates: step on, say go, hold.
	// A lever is the last thing a room needs (levers come after its
	// buttons): once I pulled one, I look for the way on, not my plate.
	leverPulled := slices.ContainsFunc(r.scan.Mechs, func(m escMech) bool { return m.Name == "lever" && r.pulls(m) > 0 })
	for _, m := range mine {
		if !m.plate() || r.unreachable(m) || leverPulled {
			continue
		}
		on := false
		for _, a := range r.since {
			if onMech(a, m) {
				on = true
			} else if _, _, _, moved := escReachedAt(a); a.Name == "!goToCoordinates" && moved && on {
				on = false // stepped off (a walk with no path does not move)
			}
		}
		if !on {
			return do(escStep{M: m, Again: fails > 0 || r.steppedOff()}, "goToCoordinates", m.X, m.Y, m.Z, 0), true
		}
	}
	for _, m := range mine {
		if m.sign() && !slices.ContainsFunc(r.since, func(a know.Act) bool { return a.Name == "!newAction" }) {
			return do(escReplace{M: m}, "newAction"), true
		}
	}
	holds := slices.ContainsFunc(mine, escMech.plate)
	if checked, _ := r.moved(); holds && !checked {
		return do(escWhere{}, "stats"), true
	}
	if holds {
		// Say go to the pullers each time I step on again.
		lastOn := -1
		for _, a := range r.since {
			if slices.ContainsFunc(mine, func(m escMech) bool { return onMech(a, m) }) {
				lastOn = a.Turn
			}
		}
		// Nobody pulls: the holders tell each other they are on.
		goTo := r.pullers()
		if len(goTo) == 0 {
			goTo = r.holders()
		}
		for _, p := range goTo {
			if !r.toldAfter(p, lastOn, isGo) {
				return tell(escGo{To: p}, p), true
			}
		}
	}
	// What I could not reach goes to a roommate: say so.
	for _, m := range s.Mechs {
		if !r.unreachable(m) {
			continue
		}
		for _, o := range r.room {
			if o != r.me() && !r.toldAfter(o, -1, func(t string) bool { return strings.Contains(t, escCantMark+"the "+m.Name+" at "+m.at()) }) {
				return tell(escCant{To: o, M: m}, o), true
			}
		}
	}
	// Levers and buttons, once every holder said go.
	for _, m := range mine {
		if !m.pulled() {
			continue
		}
		goHeard := true
		for _, h := range r.holders() {
			if !slices.Contains(r.goFrom(), h) {
				goHeard = false
			}
		}
		if l, lone := r.loneLever(); lone && m == l && r.pulls(m) == 0 && !r.waitedEnough() {
			for _, o := range r.room {
				if o != r.me() && !r.heard(o, func(t string) bool { return strings.Contains(t, escByMark) }) {
					if stayedLast(c) && !newsSinceStay(c) {
						return chatOnly(silence{}), true
					}
					return do(escAwaitGather{From: o}, "stay", 2), true
				}
			}
		}
		if m.Name == "lever" && !r.buttonsPressed() && !r.waitedEnough() {
			if stayedLast(c) && !newsSinceStay(c) {
				return chatOnly(silence{}), true
			}
			return do(escAwaitButton{}, "stay", 2), true
		}
		n := r.pulls(m)
		if m.Name == "lever" && s.On[m.at()] {
			n++ // on already (pulled before this scan)
		}
		if m.Name == "lever" && r.heardAfter("", r.scan.Turn, func(t string) bool { return strings.Contains(t, "yours") && strings.Contains(t, m.at()) }) {
			n++ // a roommate pulled it by mistake and said so: it is on
		}
		// A lever stays on: only a button, powered for a moment, waits
		// for the plates to be held.
		if n == 0 && m.button() && !goHeard && !r.waitedEnough() && !(mistake == escEarly && !r.pulledAny()) {
			if stayedLast(c) && !newsSinceStay(c) {
				return chatOnly(silence{}), true
			}
			return do(escAwaitGo{From: r.holders()[0]}, "stay", 2), true
		}
		if n == 0 {
			if mistake == escWrongLever && m.Name == "lever" {
				if theirs, ok := r.theirLever(); ok && r.pulls(theirs) == 0 && !s.On[theirs.at()] {
					return r.pull(theirs, escPull{M: theirs, Theirs: true})
				}
			}
			return r.pull(m, escPull{M: m, Early: !goHeard})
		}
		// A button pressed before the go, or whose room stayed shut,
		// is pressed again once a go came after it.
		if m.button() && goHeard && r.heardAfter("", r.lastPull(m), isGo) {
			return r.pull(m, escPull{M: m, Again: true})
		}
	}
	// The teammate's lever I pulled by mistake: say so.
	for _, a := range r.since {
		if x, y, z, ok := activatedAt(a); ok {
			theirs := escMech{Name: "lever", X: x, Y: y, Z: z}
			if !slices.Contains(mine, theirs) {
				for _, o := range r.room {
					if slices.Contains(r.plan[o], theirs) && o != r.me() && !r.told(o, func(t string) bool { return strings.Contains(t, theirs.at()) && strings.Contains(t, "yours") }) {
						return tell(escOwnUp{To: o, M: theirs}, o), true
					}
				}
			}
		}
	}
	for _, m := range mine {
		if !m.button() || r.pulls(m) == 0 {
			continue
		}
		for _, o := range r.room {
			if o != r.me() && slices.ContainsFunc(r.plan[o], func(x escMech) bool { return x.Name == "lever" }) && !r.told(o, func(t string) bool { return strings.Contains(t, escPressedMark+m.Name+" at "+m.at()) }) {
				return tell(escPressed{To: o, M: m}, o), true
			}
		}
	}
	if r.pulledAny() {
		if checked, _ := r.moved(); !checked {
			return do(escWhere{}, "stats"), true
		}
	}
	// Holders wait on their plates until someone says the way on is
	// open, or, when nobody pulls, until every holder said go. A holder
	// that leaves "late" tries the way on at once.
	// A holder that also pulled has done its part: it looks for the way on.
	pulledMine := slices.ContainsFunc(mine, escMech.pulled) && !slices.ContainsFunc(mine, func(m escMech) bool { return m.pulled() && r.pulls(m) == 0 && !s.On[m.at()] })
	if holds && !r.openHeard() && !pulledMine {
		// Nobody pulls: every other plate must be held, which the
		// teammates' go says (one from each).
		allGo := len(r.pullers()) == 0
		if allGo {
			others := 0
			for _, m := range s.Mechs {
				if m.plate() && !slices.Contains(mine, m) {
					others++
				}
			}
			allGo = len(r.goFrom()) >= others
		}
		m := mine[slices.IndexFunc(mine, escMech.plate)]
		if !allGo && mistake == escLate && tries == 0 && !r.steppedOff() {
			// Too soon: off the plate towards the way out before the
			// others pulled; the plate's release shows at once.
			return do(escStepOff{M: m}, "goToCoordinates", m.X, m.Y, m.Z+2, 1), true
		}
		if !allGo && !r.waitedEnough() {
			if stayedLast(c) && !newsSinceStay(c) {
				return chatOnly(silence{}), true
			}
			return do(escHold{M: m}, "stay", 4), true
		}
	}
	return r.onward(tries > 0)
}

// buttonsPressed reports whether every button of the room was pressed
// since the scan: mine by me, a roommate's by its word. A lever waits for
// them (a lever may move everyone near it away from the button).
func (r *escaper) buttonsPressed() bool {
	for n, ms := range r.plan {
		for _, m := range ms {
			if !m.button() {
				continue
			}
			if n == r.me() && r.pulls(m) == 0 {
				return false
			}
			if n != r.me() && !r.heardAfter(n, -1, func(t string) bool { return strings.Contains(t, escPressedMark+m.Name+" at "+m.at()) }) {
				return false
			}
		}
	}
	return true
}

// escPressedMark is a button's press reported: "pressed the stone_button".
const escPressedMark = "pressed the "

// escPatience is how many times an agent waits in a room before it acts
// anyway: a go or a word that never comes (a teammate held up, a message
// lost) does not keep it waiting for good.
const escPatience = 3

// waitedEnough reports whether the agent waited escPatience times since
// its scan.
func (r *escaper) waitedEnough() bool {
	n := 0
	for _, a := range r.since {
		if a.Name == "!stay" {
			n++
		}
	}
	return n >= escPatience
}

// loneLever is the room's only mechanism when it is a lever: one that
// may move whoever stands by it (VillagerBench's split lever), so the
// whole room gathers by it before it is pulled.
func (r *escaper) loneLever() (escMech, bool) {
	if len(r.scan.Mechs) == 1 && r.scan.Mechs[0].Name == "lever" {
		return r.scan.Mechs[0], true
	}
	return escMech{}, false
}

// byMech reports whether the act walked the agent next to m (within 1).
func byMech(a know.Act, m escMech) bool {
	return a.Name == "!goToCoordinates" && a.Arg(0) == itoa(m.X) && a.Arg(1) == itoa(m.Y) && a.Arg(2) == itoa(m.Z) && a.Arg(3) == "1"
}

// gathered reports whether I walked next to the lone lever since the scan.
func (r *escaper) gathered(l escMech) bool {
	return slices.ContainsFunc(r.since, func(a know.Act) bool {
		_, _, _, ok := escReachedAt(a)
		return ok && byMech(a, l)
	})
}

// escByMark says a roommate stands by the lone lever: "by the lever".
const escByMark = "by the lever"

// steppedOff reports whether I stepped off my plate towards the way out
// since the scan (the late mistake): a short walk that arrived.
func (r *escaper) steppedOff() bool {
	return slices.ContainsFunc(r.since, func(a know.Act) bool {
		_, _, _, ok := escReachedAt(a)
		return ok && a.Name == "!goToCoordinates" && a.Arg(3) == "1"
	})
}

// pulledAny reports whether the agent used a lever or button since the scan.
func (r *escaper) pulledAny() bool {
	return slices.ContainsFunc(r.since, func(a know.Act) bool { _, _, _, ok := activatedAt(a); return ok })
}

// lastPull is the turn m was last used at (-1: never).
func (r *escaper) lastPull(m escMech) int {
	t := -1
	for _, a := range r.since {
		if x, y, z, ok := activatedAt(a); ok && x == m.X && y == m.Y && z == m.Z {
			t = a.Turn
		}
	}
	return t
}

// theirLever is a roommate's lever (for the wrong-lever mistake).
func (r *escaper) theirLever() (escMech, bool) {
	for _, o := range r.room {
		if o == r.me() {
			continue
		}
		for _, m := range r.plan[o] {
			if m.Name == "lever" {
				return m, true
			}
		}
	}
	return escMech{}, false
}

// pull walks onto m's cell (!activate uses the nearest block of its
// type) and uses it; when the cell cannot be stood in, !activate walks
// within reach of the nearest one itself.
func (r *escaper) pull(m escMech, f escPull) (Intent, bool) {
	last, ok := r.k.c.LastAct()
	// From my plate, a block within reach is used without stepping off.
	for _, p := range r.plan[r.me()] {
		if p.plate() && escDist(p, m) <= 4 && slices.ContainsFunc(r.since, func(a know.Act) bool { return onMech(a, p) }) {
			return do(f, "activate", m.Name), true
		}
	}
	if ok && last.Name == "!goToCoordinates" && last.Arg(0) == itoa(m.X) && last.Arg(2) == itoa(m.Z) {
		// Its cell cannot be stood in (a lever on a wall, a button up
		// high): !activate walks within reach itself.
		return do(f, "activate", m.Name), true
	}
	return do(f, "goToCoordinates", m.X, m.Y, m.Z, 0), true
}

// shut is how many tries at the way on found it shut since the scan:
// the note's count and the turns' (the window rarely holds three).
func (r *escaper) shut() int {
	_, fails, _ := r.onwardTries()
	return r.scan.Shut + fails
}

// escOnwardRange is how close the way on's walk gets to its goal.
const escOnwardRange = 3

// onward tries the way on: 10 blocks along z from where the agent is,
// within 3 blocks; after failures it waits a little first.
func (r *escaper) onward(again bool) (Intent, bool) {
	c := r.k.c
	fails := r.shut()
	if last, ok := c.LastAct(); ok && last.Name == "!goToCoordinates" && strings.Contains(last.Output, "No path") {
		if fails > 2 {
			return do(escLook{Again: true}, "newAction"), true
		}
		return do(escWaitWay{Fails: fails}, "stay", 3), true
	}
	x, y, z := r.position()
	// Past the room's far side: a walk that ends within range of a goal
	// only 10 blocks on from a spot near the room's back can end inside
	// the room (or in its doorway).
	for _, m := range r.scan.Mechs {
		z = max(z, m.Z)
	}
	return do(escOnward{X: x, Y: y, Z: z + 10, Again: again}, "goToCoordinates", x, y, z+10, escOnwardRange), true
}

func (r *escaper) Notes(n *know.Notes) {
	if r.scan != nil {
		n.EscapeRoom = r.note()
	}
}

func (r *escaper) Phrasebook(v *voice) Phrasebook { return &escWords{words{k: r.k, v: v}, r} }
