package escape

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// customAtom is atom id of the embedded file changed by edit, validated as
// ParseAtoms validates a file.
func customAtom(t *testing.T, id int, edit func(a *Atom)) *Atom {
	t.Helper()
	raw, err := json.Marshal(atomFile{Source: "test", Atoms: Atoms()})
	if err != nil {
		t.Fatal(err)
	}
	atoms, err := ParseAtoms(raw, "test")
	if err != nil {
		t.Fatal(err)
	}
	a := &atoms[id]
	a.Conditions = slices.Clone(a.Conditions)
	edit(a)
	if err := a.validate(id); err != nil {
		t.Fatal(err)
	}
	return a
}

func customTask(t *testing.T, a *Atom, agents int) *Task {
	t.Helper()
	task, err := layOutAtom(a, agents, 1)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// Effects revert once activate_duration is over and the conditions no
// longer hold: the birch doors shut again 300 s after the plate was left,
// the iron bars come back; the room stays done.
func TestEffectsRevertAfterActivation(t *testing.T) {
	task := atomTask(t, 13, 2)
	p := cond(t, task, 0, "stone_pressure_plate", 0)
	e, ch := play(t, task, false, []step{
		{2, "Bob", "move", p, ""},
		{3, "Bob", "move", beside(p), ""},
		{301.9, "", "advance", Pos{}, ""},
	})
	if !doorOpen(e, task, 0) {
		t.Fatalf("door shut before the activation ended:\n%s", changesText(ch))
	}
	ch, err := e.Advance(at(302))
	if err != nil {
		t.Fatal(err)
	}
	c := task.Rooms[0].Center
	if e.BlockAt(c.Add(Pos{0, 0, 4})).Name != "iron_bars" || e.BlockAt(c.Add(Pos{1, 0, 4})).Open != False {
		t.Errorf("after 300 s: %s and %s, want iron bars and a shut door; changes:\n%s", e.BlockAt(c.Add(Pos{0, 0, 4})), e.BlockAt(c.Add(Pos{1, 0, 4})), changesText(ch))
	}
	if !slices.ContainsFunc(ch, func(c Change) bool { return c.Cause == ByRevert && c.At == at(302) }) {
		t.Errorf("no revert at 302 s:\n%s", changesText(ch))
	}
	if !e.Done() || e.Score() != 1 {
		t.Error("the room is no longer done")
	}
}

// An event whose conditions still hold when its activation ends activates
// again, and applies its effects again: levers left on hand out another key.
func TestActivationRepeatsWhileMet(t *testing.T) {
	task := atomTask(t, 0, 2)
	e, ch := play(t, task, false, append(leverPair(1, 2)(t, task), step{302, "", "advance", Pos{}, ""}))
	// Alice stands within 2 blocks of both levers, so each activation
	// gives her two keys (one /give per lever).
	keys := map[time.Duration]int{}
	for _, c := range ch {
		if c.Kind == ItemGiven && c.Agent == "Alice" {
			keys[c.At]++
		}
	}
	if keys[at(2)] != 2 || keys[at(302)] != 2 || len(keys) != 2 || e.Activations(0) != 2 {
		t.Errorf("keys to Alice by time %v, %d activations; want 2 at 2 s and 2 at 302 s", keys, e.Activations(0))
	}
}

// With the window one agent can hurry: off the plate and at the button
// within 4 s finishes atom 9 alone. VillagerAgent's judge (Instant) wants
// the plate and the button powered at the same moment, so alone it fails,
// and a teammate on the plate makes it.
func TestWindowAgainstInstant(t *testing.T) {
	task := atomTask(t, 9, 2)
	plate, button := cond(t, task, 0, "oak_pressure_plate", 0), cond(t, task, 0, "stone_button", 0)
	alone := []step{{2, "Alice", "move", plate, ""}, {3, "Alice", "move", beside(button), ""}, {5, "Alice", "activate", button, ""}}
	if e, _ := play(t, task, false, alone); !e.Done() {
		t.Error("window: Alice alone within 4 s did not finish")
	}
	if e, _ := play(t, task, true, alone); e.Done() {
		t.Error("instant: Alice alone finished")
	}
	together := []step{{2, "Alice", "move", plate, ""}, {5, "Bob", "activate", button, ""}}
	if e, _ := play(t, task, true, together); !e.Done() {
		t.Error("instant: plate held and button pressed did not finish")
	}
	// The stone button is down for 1 s: stepping on 1.2 s after the press
	// misses it at an instant, and is within the window.
	late := []step{{2, "Bob", "activate", button, ""}, {3.2, "Alice", "move", plate, ""}}
	if e, _ := play(t, task, true, late); e.Done() {
		t.Error("instant: the plate after the button's release finished")
	}
	if e, _ := play(t, task, false, late); !e.Done() {
		t.Error("window: the plate 0.2 s after the button's release did not finish")
	}
}

// A pulse condition is met when the block leaves the wanted state again
// less than twice its duration after entering it (VillagerAgent's
// mid_time/last_time bookkeeping on a continuous clock), and then for the
// window.
func TestPulseCondition(t *testing.T) {
	a := customAtom(t, 10, func(a *Atom) {
		a.Conditions[0].Mode, a.Conditions[0].PulseS = Pulse, 3
	})
	task := customTask(t, a, 2)
	p := cond(t, task, 0, "oak_pressure_plate", 0)
	e, ch := play(t, task, false, []step{{1, "Alice", "move", p, ""}, {8, "Alice", "move", beside(p), ""}})
	if e.Done() {
		t.Errorf("a 7 s press counted as a pulse:\n%s", changesText(ch))
	}
	e, _ = play(t, task, false, []step{{1, "Alice", "move", p, ""}, {6.5, "Alice", "move", beside(p), ""}})
	if !e.Done() {
		t.Error("a 5.5 s press (under 2×3 s) was no pulse")
	}
	e, _ = play(t, task, false, []step{{1, "Alice", "move", p, ""}})
	if e.Done() {
		t.Error("standing on the plate is a pulse before stepping off")
	}
}

// Or needs one condition of the event.
func TestOrLogic(t *testing.T) {
	a := customAtom(t, 11, func(a *Atom) { a.Logic = Or })
	task := customTask(t, a, 2)
	e, _ := play(t, task, false, []step{{1, "Alice", "move", cond(t, task, 0, "birch_pressure_plate", 0), ""}})
	if !e.Done() {
		t.Error("one plate of an or event did not finish the room")
	}
}

// A wall guarded by an event comes back when broken; a block elsewhere
// stays broken.
func TestGuardedBlocksRestored(t *testing.T) {
	task := atomTask(t, 14, 2)
	wall := task.Rooms[0].Center.Add(Pos{0, 0, 4})
	e, ch := play(t, task, false, []step{{1, "Alice", "break", wall, ""}, {2, "Alice", "break", task.Rooms[0].Center.Add(Pos{2, 0, 4}), ""}})
	if e.BlockAt(wall).Name != "stone" {
		t.Errorf("the broken stone is %s, want restored:\n%s", e.BlockAt(wall), changesText(ch))
	}
	if b := e.BlockAt(task.Rooms[0].Center.Add(Pos{2, 0, 4})); b.Name != "air" {
		t.Errorf("an unguarded wall block is %s after breaking, want air", b)
	}
}

func TestActivateKinds(t *testing.T) {
	task := atomTask(t, 15, 2)
	e, err := NewEngine(task, EngineConfig{Agents: []string{"Alice", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	c := task.Rooms[0].Center
	button := cond(t, task, 0, "dark_oak_button", 0)
	for _, k := range []struct {
		at   float64
		pos  Pos
		want Activation
	}{
		{1, cond(t, task, 0, "stone_pressure_plate", 0), StandOnIt},
		{2, c.Add(Pos{0, 0, 4}), NeedsPower}, // the iron door
		{3, button, Pressed},
		{4, button, AlreadyPressed}, // a wooden button is down 1.5 s
		{5, button, Pressed},
		{6, c.Add(Pos{2, 0, 4}), NotActivatable}, // the wall
	} {
		got, _, _, err := e.Activate("Alice", k.pos, at(k.at))
		if err != nil || got != k.want {
			t.Errorf("%gs at %s: %v %v, want %v", k.at, k.pos, got, err, k.want)
		}
	}
	if _, err := e.Move("Alice", c, at(5.5)); err == nil || !strings.Contains(err.Error(), "before the engine's clock") {
		t.Errorf("a move back in time: %v", err)
	}
	if _, err := e.Move("Zed", c, at(7)); err == nil || !strings.Contains(err.Error(), `no agent "Zed"`) {
		t.Errorf("an unknown agent: %v", err)
	}
}

// Rooms hide agents from each other: in a cross task each group sees its
// own room only, and hears of the other's door from a message.
func TestRoomsHideAgents(t *testing.T) {
	task := atomTask(t, 5, 2)
	e, err := NewEngine(task, EngineConfig{Agents: []string{"Alice", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.SeenBy("Alice"); len(got) != 0 {
		t.Errorf("Alice sees %v from her room", got)
	}
	bobDoor := task.Rooms[1].Center.Add(Pos{0, 0, 4})
	if e.Sees("Alice", bobDoor) || !e.Sees("Bob", bobDoor) {
		t.Error("want Bob's door seen by Bob only")
	}
	if task.RoomAt(task.Rooms[0].Center.Add(Pos{4, 0, 0})) != 0 || task.RoomAt(task.Rooms[0].Center.Add(Pos{5, 0, 0})) != 1 {
		t.Error("the shared side wall is not split between the rooms")
	}
	// Both out in the exit area see each other.
	exit := task.Bias
	if _, err := e.Move("Alice", exit, at(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Move("Bob", exit.Add(Pos{3, 0, 0}), at(1)); err != nil {
		t.Fatal(err)
	}
	if got := e.SeenBy("Alice"); !slices.Equal(got, []string{"Bob"}) {
		t.Errorf("in the exit area Alice sees %v", got)
	}
}

// The room text: nothing met yet, then done, for a same-room and for a
// merge room (which has no "Move to").
func TestRoomTexts(t *testing.T) {
	task := atomTask(t, 3, 2)
	e, _ := play(t, task, false, []step{{1, "Alice", "move", beside(cond(t, task, 0, "lever", 0)), ""}})
	if got, want := e.RoomText(0), "Around you, the key activated blocks are: You are at task room [121, -60, 131]. "; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	if got := e.TextsNear(task.Rooms[0].Center.Add(Pos{0, 0, 1})); len(got) != 1 || got[0] != e.RoomText(0) {
		t.Errorf("texts near the centre %q", got)
	}
	// VillagerAgent hands the text to scans less than 5 blocks from the
	// centre: the room next door gets only its own.
	if got := e.TextsNear(task.Rooms[1].Center); len(got) != 1 || got[0] != e.RoomText(1) {
		t.Errorf("texts in the next room %q, want only its own", got)
	}
	_, _, _, err := e.Activate("Alice", cond(t, task, 0, "lever", 0), at(2))
	if err != nil {
		t.Fatal(err)
	}
	want := "Around you, the key activated blocks are: a lever block set at position [121, -60, 132] powered.  You have done the task in this room. You are at task room [121, -60, 131]. "
	if got := e.RoomText(0); got != want {
		t.Errorf("text %q, want %q", got, want)
	}
}

func TestBudgets(t *testing.T) {
	task, err := New(Config{Agents: 2, MaxRooms: 4, Seed: 2, Python: true})
	if err != nil {
		t.Fatal(err)
	}
	// VillagerBench's task 4 rooms seed 2: D = 12.5 (testdata/statetree.json).
	if task.Complexity != 12.5 || task.ActionBudget() != 435*time.Second || task.WallBudget() != 600*time.Second {
		t.Errorf("D %v, budgets %v %v; want 12.5, 435 s, 600 s", task.Complexity, task.ActionBudget(), task.WallBudget())
	}
	if task.PaperComplexity() != 9 {
		t.Errorf("paper D %d, want 9 conditions (atoms 7, 17, 6 and 8: 2+2+2+3)", task.PaperComplexity())
	}
}

// The room text forgets a plate once the window has passed; Advance reads
// the rules at the time it is given.
func TestRoomTextFollowsTheWindow(t *testing.T) {
	task := atomTask(t, 11, 2)
	s := cond(t, task, 0, "spruce_pressure_plate", 0)
	e, _ := play(t, task, false, []step{{1, "Alice", "move", s, ""}, {2, "Alice", "move", beside(s), ""}, {5.5, "", "advance", Pos{}, ""}})
	if !strings.Contains(e.RoomText(0), "spruce_pressure_plate") {
		t.Errorf("3.5 s after stepping off: %q", e.RoomText(0))
	}
	if _, err := e.Advance(at(6.5)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(e.RoomText(0), "spruce_pressure_plate") {
		t.Errorf("4.5 s after stepping off, past the 4 s window: %q", e.RoomText(0))
	}
	if e.RoomScore(0) != 0.5 {
		t.Errorf("room score %v, want 0.5 (one plate of two was met)", e.RoomScore(0))
	}
}

// A pressure plate an agent places is powered by standing on it.
func TestPlacedPlate(t *testing.T) {
	task := atomTask(t, 10, 2)
	e, err := NewEngine(task, EngineConfig{Agents: []string{"Alice", "Bob"}})
	if err != nil {
		t.Fatal(err)
	}
	p := task.Rooms[0].Center.Add(Pos{-2, 0, -2})
	if _, err := e.Place("Alice", p, Block{Name: "stone_pressure_plate"}, at(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Move("Bob", p, at(2)); err != nil {
		t.Fatal(err)
	}
	if e.BlockAt(p).Powered != True {
		t.Errorf("placed plate %s not powered under Bob", e.BlockAt(p))
	}
}
