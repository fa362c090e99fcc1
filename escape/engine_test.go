package escape

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// step is one thing an agent does at a time in seconds: move to pos,
// activate the block at pos, place block at pos, break it, or nothing but
// let the clock run ("advance").
type step struct {
	at    float64
	agent string
	do    string
	pos   Pos
	block string
}

func at(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }

var team = []string{"Alice", "Bob", "Cindy"}

// play runs steps against a fresh engine for task and returns it with
// every change reported.
func play(t *testing.T, task *Task, instant bool, steps []step) (*Engine, []Change) {
	t.Helper()
	e, err := NewEngine(task, EngineConfig{Agents: team[:task.Agents], Seed: 7, Instant: instant})
	if err != nil {
		t.Fatal(err)
	}
	var all []Change
	for _, s := range steps {
		var ch []Change
		switch s.do {
		case "move":
			ch, err = e.Move(s.agent, s.pos, at(s.at))
		case "activate":
			_, _, ch, err = e.Activate(s.agent, s.pos, at(s.at))
		case "place":
			ch, err = e.Place(s.agent, s.pos, Block{Name: s.block}, at(s.at))
		case "break":
			ch, err = e.Break(s.agent, s.pos, at(s.at))
		case "advance":
			ch, err = e.Advance(at(s.at))
		default:
			t.Fatalf("unknown step %q", s.do)
		}
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		all = append(all, ch...)
	}
	return e, all
}

func atomTask(t *testing.T, id, agents int) *Task {
	t.Helper()
	task, err := AtomTask(id, agents, 1)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// cond is the position of the room's condition on a block named name
// (the n-th of them).
func cond(t *testing.T, task *Task, room int, name string, n int) Pos {
	t.Helper()
	for _, c := range task.Rooms[room].Conditions {
		if c.Match.Name == name {
			if n == 0 {
				return c.At
			}
			n--
		}
	}
	t.Fatalf("room %d has no condition on %s", room, name)
	return Pos{}
}

// beside is where an agent stands to use the block at p: one block to -z.
func beside(p Pos) Pos { return p.Add(Pos{0, 0, -1}) }

func hasChange(changes []Change, f func(Change) bool) bool { return slices.ContainsFunc(changes, f) }

func doorOpen(e *Engine, task *Task, room int) bool {
	c := task.Rooms[room].Center
	return e.BlockAt(c.Add(Pos{0, 0, 4})).Name == "air" && e.BlockAt(c.Add(Pos{0, 1, 4})).Name == "air"
}

// atomCase solves or fails one atom with a scripted sequence of events.
type atomCase struct {
	name    string
	atom    int
	agents  int
	instant bool
	steps   func(t *testing.T, task *Task) []step
	// solves: the case shows the atom solved; otherwise failed.
	solves bool
	// done is whether every room is finished at the end; score the C the
	// judger computes then.
	done  bool
	score float64
	check func(t *testing.T, task *Task, e *Engine, changes []Change)
}

// leverPair: Alice at the first lever, Bob at the second, each pulling it.
func leverPair(aliceAt, bobAt float64) func(t *testing.T, task *Task) []step {
	return func(t *testing.T, task *Task) []step {
		l0, l1 := cond(t, task, 0, "lever", 0), cond(t, task, 0, "lever", 1)
		return []step{
			{1, "Alice", "move", beside(l0), ""},
			{1, "Bob", "move", beside(l1), ""},
			{aliceAt, "Alice", "activate", l0, ""},
			{bobAt, "Bob", "activate", l1, ""},
		}
	}
}

var atomCases = []atomCase{
	{
		name: "0 all levers give the key", atom: 0, agents: 2, steps: leverPair(5, 30), solves: true, done: true, score: 1,
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			// Levers stay on: pulled 25 s apart they are on together.
			for _, who := range []string{"Alice", "Bob"} {
				if !hasChange(ch, func(c Change) bool {
					return c.Kind == ItemGiven && c.Agent == who && c.Item == "tripwire_hook" && c.Name == "key"
				}) {
					t.Errorf("%s got no key: %v", who, ch)
				}
			}
			if lock, ok := e.LockAt(task.Rooms[0].Center); !ok || lock != "key" {
				t.Errorf("chest lock %q %v, want key", lock, ok)
			}
			if !doorOpen(e, task, 0) {
				t.Error("door still shut")
			}
		},
	},
	{
		name: "0 the wrong lever: Bob switches Alice's off", atom: 0, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			l0, l1 := cond(t, task, 0, "lever", 0), cond(t, task, 0, "lever", 1)
			return []step{
				{1, "Alice", "activate", l0, ""},
				{3, "Bob", "activate", l0, ""},
				{10, "Bob", "activate", l1, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if hasChange(ch, func(c Change) bool { return c.Kind == ItemGiven }) || doorOpen(e, task, 0) {
				t.Errorf("key given or door open: %v", ch)
			}
		},
	},
	{
		name: "1 all levers drain the lava", atom: 1, agents: 2, steps: leverPair(2, 3), solves: true, done: true, score: 1,
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			c := task.Rooms[0].Center
			for _, dx := range []int{-1, 0, 1} {
				if b := e.BlockAt(c.Add(Pos{dx, -1, 3})); b.Name != "air" {
					t.Errorf("lava at %d: %s", dx, b)
				}
			}
		},
	},
	{
		name: "1 one lever of two", atom: 1, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "activate", cond(t, task, 0, "lever", 0), ""}, {100, "", "advance", Pos{}, ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if b := e.BlockAt(task.Rooms[0].Center.Add(Pos{0, -1, 3})); b.Name != "lava" {
				t.Errorf("lava gone: %s", b)
			}
		},
	},
	{
		name: "2 gold block on the sign's spot", atom: 2, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			p := cond(t, task, 0, "gold_block", 0)
			return []step{{4, "Alice", "place", p, "gold_block"}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if task.Starts[0].Inventory["gold_block"] != 3 {
				t.Errorf("start inventory %v, want 3 gold blocks (1 needed + 2)", task.Starts[0].Inventory)
			}
			if !doorOpen(e, task, 0) {
				t.Error("gate still there")
			}
		},
	},
	{
		name: "2 gold block in the wrong place, gate opened by hand", atom: 2, agents: 2, done: false, score: 0,
		steps: func(t *testing.T, task *Task) []step {
			p := cond(t, task, 0, "gold_block", 0)
			return []step{
				{4, "Alice", "place", p.Add(Pos{0, 0, -1}), "gold_block"},
				{6, "Bob", "activate", task.Rooms[0].Center.Add(Pos{0, 0, 4}), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			// The gate guards the way out: opened by hand, the rules shut
			// it at once (VillagerAgent's judge restores it at its next poll).
			gate := task.Rooms[0].Center.Add(Pos{0, 0, 4})
			if b := e.BlockAt(gate); b.Name != "spruce_fence_gate" || b.Open != False {
				t.Errorf("gate %s, want spruce_fence_gate closed", b)
			}
			if !hasChange(ch, func(c Change) bool { return c.Kind == BlockChanged && c.Cause == ByRevert && c.Pos == gate }) {
				t.Errorf("no revert of the gate: %v", ch)
			}
		},
	},
	{
		name: "3 each pulls a lever, both merge", atom: 3, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			a, b := cond(t, task, 0, "lever", 0), cond(t, task, 1, "lever", 0)
			return []step{
				{1, "Alice", "move", beside(a), ""}, {1, "Bob", "move", beside(b), ""},
				{3, "Alice", "activate", a, ""}, {9, "Bob", "activate", b, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			for _, who := range []string{"Alice", "Bob"} {
				if p, _ := e.AgentAt(who); p != *task.Rooms[0].MergePos {
					t.Errorf("%s at %s, want the merge position %s", who, p, *task.Rooms[0].MergePos)
				}
			}
		},
	},
	{
		name: "3 Bob never pulls his", atom: 3, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			a := cond(t, task, 0, "lever", 0)
			return []step{{1, "Alice", "move", beside(a), ""}, {3, "Alice", "activate", a, ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if p, _ := e.AgentAt("Bob"); p == *task.Rooms[0].MergePos {
				t.Error("Bob merged without his lever")
			}
		},
	},
	{
		name: "4 both at the lever, split", atom: 4, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			l := cond(t, task, 0, "lever", 0)
			return []step{
				{1, "Alice", "move", beside(l), ""}, {1, "Bob", "move", l.Add(Pos{1, 0, 0}), ""},
				{3, "Alice", "activate", l, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			a, _ := e.AgentAt("Alice")
			b, _ := e.AgentAt("Bob")
			split := task.Rooms[0].SplitPos
			if a == b || !slices.Contains(split, a) || !slices.Contains(split, b) {
				t.Errorf("Alice at %s, Bob at %s, want one at each of %v", a, b, split)
			}
		},
	},
	{
		name: "4 Bob too far from the lever stays", atom: 4, agents: 2, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			l := cond(t, task, 0, "lever", 0)
			return []step{
				{1, "Alice", "move", beside(l), ""}, {1, "Bob", "move", l.Add(Pos{3, 0, 0}), ""},
				{3, "Alice", "activate", l, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			b, _ := e.AgentAt("Bob")
			if slices.Contains(task.Rooms[0].SplitPos, b) {
				t.Errorf("Bob teleported from 3 blocks away: %v", ch)
			}
			if a, _ := e.AgentAt("Alice"); a != task.Rooms[0].SplitPos[0] {
				t.Errorf("Alice at %s, want the first split position", a)
			}
		},
	},
	{
		name: "5 each lever opens the other room", atom: 5, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "activate", cond(t, task, 0, "lever", 0), ""}, {40, "Bob", "activate", cond(t, task, 1, "lever", 0), ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if !doorOpen(e, task, 0) || !doorOpen(e, task, 1) {
				t.Error("a door is still shut")
			}
		},
	},
	{
		name: "5 Alice alone: her own door stays shut", atom: 5, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "activate", cond(t, task, 0, "lever", 0), ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			// Her lever opened Bob's door, in a room she cannot see.
			if doorOpen(e, task, 0) || !doorOpen(e, task, 1) {
				t.Errorf("doors: Alice's open %v, Bob's open %v; want shut and open", doorOpen(e, task, 0), doorOpen(e, task, 1))
			}
			if !e.RoomDone(0) || e.RoomDone(1) {
				t.Error("want Alice's room done and Bob's not")
			}
		},
	},
	{
		name: "6 jump on, off, and the other on within 1 s", atom: 6, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			p0, p1 := cond(t, task, 0, "oak_pressure_plate", 0), cond(t, task, 0, "oak_pressure_plate", 1)
			return []step{
				{3, "Alice", "move", p0, ""}, {3.4, "Alice", "move", beside(p0), ""},
				{4.2, "Bob", "move", p1, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			d := task.Rooms[0].Center.Add(Pos{-1, 0, 4})
			if b := e.BlockAt(d); b.Open != True {
				t.Errorf("iron door %s not open", b)
			}
		},
	},
	{
		name: "6 the second plate 1.6 s late", atom: 6, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			p0, p1 := cond(t, task, 0, "oak_pressure_plate", 0), cond(t, task, 0, "oak_pressure_plate", 1)
			return []step{
				{3, "Alice", "move", p0, ""}, {3.4, "Alice", "move", beside(p0), ""},
				{5, "Bob", "move", p1, ""},
			}
		},
	},
	{
		name: "7 both plates: both doors", atom: 7, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{2, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""},
				{2.5, "Bob", "move", cond(t, task, 0, "oak_pressure_plate", 1), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			c := task.Rooms[0].Center
			if e.BlockAt(c.Add(Pos{-1, 0, 4})).Open != True || e.BlockAt(c.Add(Pos{1, 0, 4})).Open != True {
				t.Error("a door is shut")
			}
		},
	},
	{
		// The final sub-event alone finishes the room; the other plate's
		// event counts fully in the judger's score (it leaves the final
		// event out), so an unfinished room scores 1.
		name: "7 only the first sub-event's plate", atom: 7, agents: 2, done: false, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""}}
		},
	},
	{
		name: "8 plate lifts Alice to the button, Bob pulls the lever", atom: 8, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			plate := cond(t, task, 0, "oak_pressure_plate", 0)
			return []step{
				// Bob out of the plate's reach first: it lifts one agent
				// at random of those within 2 blocks.
				{1, "Bob", "move", beside(cond(t, task, 0, "lever", 0)), ""},
				{2, "Alice", "move", plate, ""},
				{3, "Alice", "move", plate.Add(Pos{0, 4, 3}), ""}, // fell onto the bedrock by the button
				{4, "Alice", "activate", cond(t, task, 0, "stone_button", 0), ""},
				{7, "Bob", "activate", cond(t, task, 0, "lever", 0), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			plate := cond(t, task, 0, "oak_pressure_plate", 0)
			if !hasChange(ch, func(c Change) bool {
				return c.Kind == Teleported && c.Agent == "Alice" && c.Pos == plate.Add(Pos{0, 6, 3})
			}) {
				t.Errorf("Alice not lifted by the plate: %v", ch)
			}
			if !doorOpen(e, task, 0) {
				t.Error("door shut")
			}
			lever := cond(t, task, 0, "lever", 0)
			if p, _ := e.AgentAt("Bob"); p != lever {
				t.Errorf("Bob at %s, want teleported to the lever %s", p, lever)
			}
		},
	},
	{
		name: "8 button pressed, lever never pulled", atom: 8, agents: 2, done: false, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			plate := cond(t, task, 0, "oak_pressure_plate", 0)
			return []step{
				{2, "Alice", "move", plate, ""},
				{4, "Alice", "activate", cond(t, task, 0, "stone_button", 0), ""},
				{60, "", "advance", Pos{}, ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			c := task.Rooms[0].Center
			if e.BlockAt(c.Add(Pos{0, 0, 4})).Name != "air" || e.BlockAt(c.Add(Pos{0, 1, 4})).Name != "bedrock" {
				t.Error("want the door's lower block open and the bedrock above it still there")
			}
		},
	},
	{
		name: "9 Alice on the plate, Bob presses the button", atom: 9, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{2, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""},
				{5, "Bob", "activate", cond(t, task, 0, "stone_button", 0), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if e.BlockAt(task.Rooms[0].Center.Add(Pos{1, 0, 3})).Open != True {
				t.Error("trapdoor shut")
			}
		},
	},
	{
		name: "9 Alice alone, button 4.5 s after leaving the plate", atom: 9, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			plate, button := cond(t, task, 0, "oak_pressure_plate", 0), cond(t, task, 0, "stone_button", 0)
			return []step{
				{2, "Alice", "move", plate, ""},
				{3, "Alice", "move", beside(button), ""},
				{7.5, "Alice", "activate", button, ""},
			}
		},
	},
	{
		name: "10 one plate clears the way", atom: 10, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if !doorOpen(e, task, 0) || e.BlockAt(task.Rooms[0].Center.Add(Pos{0, -1, 3})).Name != "air" {
				t.Error("trapdoors or stones still there")
			}
		},
	},
	{
		name: "10 the plate used by hand", atom: 10, agents: 2, done: false, score: 0,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Alice", "activate", cond(t, task, 0, "oak_pressure_plate", 0), ""}}
		},
	},
	{
		name: "11 both plates at once", atom: 11, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "spruce_pressure_plate", 0), ""},
				{6, "Bob", "move", cond(t, task, 0, "birch_pressure_plate", 0), ""},
			}
		},
	},
	{
		name: "11 Bob steps on 5 s after Alice stepped off", atom: 11, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			s := cond(t, task, 0, "spruce_pressure_plate", 0)
			return []step{
				{1, "Alice", "move", s, ""}, {2, "Alice", "move", beside(s), ""},
				{7, "Bob", "move", cond(t, task, 0, "birch_pressure_plate", 0), ""},
			}
		},
	},
	{
		name: "12 plate and birch button", atom: 12, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""},
				{9, "Bob", "activate", cond(t, task, 0, "birch_button", 0), ""},
			}
		},
	},
	{
		// The birch button is down 1.5 s, then met for 4 s more.
		name: "12 plate 6.5 s after the button", atom: 12, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{2, "Bob", "activate", cond(t, task, 0, "birch_button", 0), ""},
				{8.5, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""},
			}
		},
	},
	{
		name: "13 stone plate opens the birch doors", atom: 13, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{2, "Bob", "move", cond(t, task, 0, "stone_pressure_plate", 0), ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if e.BlockAt(task.Rooms[0].Center.Add(Pos{1, 0, 4})).Open != True || !doorOpen(e, task, 0) {
				t.Error("doors shut")
			}
		},
	},
	{
		name: "13 nobody on the plate", atom: 13, agents: 2, done: false, score: 0,
		steps: func(t *testing.T, task *Task) []step {
			p := cond(t, task, 0, "stone_pressure_plate", 0)
			return []step{{2, "Bob", "move", beside(p), ""}, {30, "", "advance", Pos{}, ""}}
		},
	},
	{
		name: "14 stone and birch plates together", atom: 14, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "stone_pressure_plate", 0), ""},
				{1.5, "Bob", "move", cond(t, task, 0, "birch_pressure_plate", 0), ""},
			}
		},
	},
	{
		name: "14 Alice alone, plate to plate in 2 s", atom: 14, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			s, b := cond(t, task, 0, "stone_pressure_plate", 0), cond(t, task, 0, "birch_pressure_plate", 0)
			return []step{{1, "Alice", "move", s, ""}, {2, "Alice", "move", beside(s), ""}, {4, "Alice", "move", b, ""}}
		},
	},
	{
		name: "15 plate powers the wire, then the button", atom: 15, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "stone_pressure_plate", 0), ""},
				{2, "Alice", "move", task.Starts[0].Pos, ""},
				{20, "Bob", "activate", cond(t, task, 0, "dark_oak_button", 0), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			c := task.Rooms[0].Center
			if e.BlockAt(c.Add(Pos{0, 0, 3})).Powered != True || e.BlockAt(c.Add(Pos{0, 0, 4})).Open != True {
				t.Error("wire unpowered or door shut")
			}
		},
	},
	{
		// The button's event opens the door, but the room is done only
		// with both events activated.
		name: "15 the button without the plate", atom: 15, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{20, "Bob", "activate", cond(t, task, 0, "dark_oak_button", 0), ""}}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if e.BlockAt(task.Rooms[0].Center.Add(Pos{0, 0, 4})).Open != True {
				t.Error("the button's effect did not open the door")
			}
		},
	},
	{
		name: "16 every oak plate", atom: 16, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""},
				{4, "Bob", "move", cond(t, task, 0, "oak_pressure_plate", 1), ""},
			}
		},
	},
	{
		name: "16 one agent of two on a plate", atom: 16, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			return []step{{1, "Alice", "move", cond(t, task, 0, "oak_pressure_plate", 0), ""}, {60, "", "advance", Pos{}, ""}}
		},
	},
	{
		name: "17 every stone plate stops the piston", atom: 17, agents: 2, solves: true, done: true, score: 1,
		steps: func(t *testing.T, task *Task) []step {
			return []step{
				{1, "Alice", "move", cond(t, task, 0, "stone_pressure_plate", 0), ""},
				{2, "Bob", "move", cond(t, task, 0, "stone_pressure_plate", 1), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			c := task.Rooms[0].Center
			if e.BlockAt(c.Add(Pos{0, 2, 3})).Name != "air" || e.BlockAt(c.Add(Pos{0, 0, 3})).Open != False {
				t.Error("piston still there or trapdoor open")
			}
		},
	},
	{
		name: "17 Bob 8 s after Alice stepped off", atom: 17, agents: 2, done: false, score: 0.5,
		steps: func(t *testing.T, task *Task) []step {
			p := cond(t, task, 0, "stone_pressure_plate", 0)
			return []step{
				{1, "Alice", "move", p, ""}, {2, "Alice", "move", beside(p), ""},
				{10, "Bob", "move", cond(t, task, 0, "stone_pressure_plate", 1), ""},
			}
		},
		check: func(t *testing.T, task *Task, e *Engine, ch []Change) {
			if e.BlockAt(task.Rooms[0].Center.Add(Pos{0, 2, 3})).Name != "piston" {
				t.Error("piston gone")
			}
		},
	},
}

// TestAtoms solves and fails each of the 18 atoms with scripted events.
func TestAtoms(t *testing.T) {
	solved, failed := map[int]bool{}, map[int]bool{}
	for _, c := range atomCases {
		t.Run(c.name, func(t *testing.T) {
			task := atomTask(t, c.atom, c.agents)
			e, changes := play(t, task, c.instant, c.steps(t, task))
			if e.Done() != c.done {
				t.Errorf("done %v, want %v; changes:\n%s", e.Done(), c.done, changesText(changes))
			}
			if got := e.Score(); math.Abs(got-c.score) > 1e-9 {
				t.Errorf("score %v, want %v", got, c.score)
			}
			if c.check != nil {
				c.check(t, task, e, changes)
			}
		})
		if c.solves {
			solved[c.atom] = true
		} else {
			failed[c.atom] = true
		}
	}
	for id := range Atoms() {
		if !solved[id] || !failed[id] {
			t.Errorf("atom %d: solved by a case %v, failed by one %v; want both", id, solved[id], failed[id])
		}
	}
}

func changesText(ch []Change) string {
	var s []string
	for _, c := range ch {
		s = append(s, "  "+c.String())
	}
	return strings.Join(s, "\n")
}

func ExampleEngine() {
	task, _ := AtomTask(9, 2, 1) // a pressure plate and a stone button, together
	e, _ := NewEngine(task, EngineConfig{Agents: []string{"Alice", "Bob"}})
	var plate, button Pos
	for _, c := range task.Rooms[0].Conditions {
		if c.Match.Name == "oak_pressure_plate" {
			plate = c.At
		} else {
			button = c.At
		}
	}
	show := func(ch []Change) {
		for _, c := range ch {
			fmt.Println(c)
		}
	}
	ch, _ := e.Move("Alice", plate, 2*time.Second)
	show(ch)
	_, _, ch, _ = e.Activate("Bob", button, 5*time.Second)
	show(ch)
	fmt.Println(e.RoomText(0))
	// Output:
	// 2s mechanism [131, -60, 133] = oak_pressure_plate[powered=true]
	// 5s mechanism [129, -60, 133] = stone_button[face=wall,powered=true]
	// 5s room 0 event "" activated
	// 5s effect [130, -60, 135] = air
	// 5s effect [130, -59, 135] = air
	// 5s effect [131, -60, 134] = iron_trapdoor[open=true,facing=north]
	// 5s room 0 done
	// Around you, the key activated blocks are: a oak_pressure_plate block set at position [131, -60, 133] powered. a stone_button block set at position [129, -60, 133] powered.  You have done the task in this room. Move to x=130, y=-60, z=137 to continue. You are at task room [130, -60, 131].
}
