package world

import (
	"strings"
	"testing"

	"collabcraft/escape"
	"collabcraft/procgen"
	"collabcraft/villager"
)

// escapeCodeTask builds one of VillagerBench's 22 escape tasks by name.
func escapeCodeTask(t *testing.T, name string) *World {
	t.Helper()
	tasks, err := procgen.GenerateEscape(procgen.Options{Split: procgen.SplitTest, Agents: 2, N: 22})
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		if task.ID == name {
			return mustBuild(t, task, 1, Options{})
		}
	}
	t.Fatalf("no code task %s", name)
	return nil
}

// TestEscapePlates plays puzzle_task1_2p_idx0 (atom 11: two plates open
// the trapdoors that close the exit) with MINDcraft's commands: the exit
// cannot be reached before, one agent on one plate is not enough, both
// within the window open it, and the room scores C 1.
func TestEscapePlates(t *testing.T) {
	w := escapeCodeTask(t, "puzzle_task1_2p_idx0")
	exit := "!goToCoordinates(130, -59, 138, 1)" // on the exit's wool
	c := Pos{130, -60, 131}
	if b, _ := w.EscapeBlockAt(c.Add(0, 0, 4)); b.Name != "spruce_trapdoor" || b.Open != escape.True {
		t.Fatalf("exit holds %v, want an open spruce trapdoor", b)
	}
	res := do(t, w, "Andy_0", exit)
	if w.Agent("Andy_0").Pos().Block().Z > c.Z+3 {
		t.Fatalf("Andy walked through the open trapdoors: %s", res.Output)
	}
	do(t, w, "Andy_0", "!goToCoordinates(128, -60, 131, 0)")
	if b, _ := w.EscapeBlockAt(Pos{128, -60, 131}); b.Powered != escape.True {
		t.Fatalf("the plate Andy stands on is %v", b)
	}
	if got := w.Score(); got != 0.5 {
		t.Fatalf("one plate of two: C %v, want 0.5", got)
	}
	if w.BlockAt(130, -60, 135) != "spruce_trapdoor" {
		t.Fatal("one plate opened the exit")
	}
	do(t, w, "Jill_0", "!goToCoordinates(132, -60, 131, 0)")
	if w.BlockAt(130, -60, 135) != "air" || w.BlockAt(130, -59, 135) != "air" {
		t.Fatalf("both plates: exit holds %s, %s", w.BlockAt(130, -60, 135), w.BlockAt(130, -59, 135))
	}
	if w.Score() != 1 {
		t.Fatalf("C %v after both plates", w.Score())
	}
	if m := w.EscapeMetrics(); m["escape_room:0"] != 1 || m["escape_rooms_done"] != 1 || len(m) != 2 {
		t.Fatalf("metrics %v", m)
	}
	do(t, w, "Andy_0", exit)
	if p := w.Agent("Andy_0").Pos().Block(); p.Z < 137 {
		t.Fatalf("Andy stopped at %v on the way out", p)
	}
}

// TestEscapePlatesOutsideWindow: the second plate pressed after the first
// agent left it, later than the atom's window, opens nothing.
func TestEscapePlatesOutsideWindow(t *testing.T) {
	w := escapeCodeTask(t, "puzzle_task1_2p_idx0")
	do(t, w, "Andy_0", "!goToCoordinates(128, -60, 131, 0)")
	do(t, w, "Andy_0", "!goToCoordinates(130, -60, 129, 0)")
	w.Advance(30e9)
	do(t, w, "Jill_0", "!goToCoordinates(132, -60, 131, 0)")
	if w.BlockAt(130, -60, 135) != "spruce_trapdoor" {
		t.Fatal("plates 30 s apart opened the exit")
	}
	if w.Score() != 0.5 {
		t.Fatalf("C %v, want 0.5 (the judge's best: one of two at once)", w.Score())
	}
	if m := w.EscapeMetrics(); m["escape_room:0"] != 0.5 || m["escape_rooms_done"] != 0 {
		t.Fatalf("metrics %v", m)
	}
}

// TestEscapeRoomsHide: in a merge task the two agents start in rooms of
// their own and neither sees the other; the lever of each room is used
// with ToggleAction, in VillagerAgent's words, and teleports its agent on.
func TestEscapeRoomsHide(t *testing.T) {
	w := escapeCodeTask(t, "puzzle_task1_2p_idx1")
	res := do(t, w, "Andy_0", "!entities")
	if strings.Contains(res.Output, "Jill_0") {
		t.Fatalf("Andy sees Jill through the walls:\n%s", res.Output)
	}
	st, _ := w.Stats("Andy_0")
	if !strings.Contains(st, "Nearby Bot Players: None.") {
		t.Fatalf("stats name a hidden teammate:\n%s", st)
	}
	et, _ := w.EscapeEngine()
	if et == nil {
		t.Fatal("no rules")
	}
	a := w.Agent("Andy_0").Pos().Block()
	lever := Pos{}
	for _, r := range w.escape.task.Rooms {
		if w.escape.task.RoomAt(toEscape(a)) == w.escape.task.RoomAt(r.Center) {
			lever = fromEscape(r.Center).Add(0, 0, 1)
		}
	}
	// A plate by hand: VillagerAgent's client answers without asking the
	// world, which stays as it was.
	out, _ := w.Tool("Andy_0", "ToggleAction", villager.Dict{{Key: "player_name", Value: "Andy_0"}, {Key: "item_name", Value: "oak_pressure_plate"},
		{Key: "x", Value: lever.X}, {Key: "y", Value: lever.Y}, {Key: "z", Value: lever.Z}})
	if got := villager.Repr(out); got != `{'message': 'pressure_plate need to stand on it', 'status': False}` {
		t.Fatalf("ToggleAction on a plate: %s", got)
	}
	out, _ = w.Tool("Andy_0", "ToggleAction", villager.Dict{{Key: "player_name", Value: "Andy_0"}, {Key: "item_name", Value: "lever"},
		{Key: "x", Value: lever.X}, {Key: "y", Value: lever.Y}, {Key: "z", Value: lever.Z}})
	msg, _ := out.Get("message")
	if want := "I interact with lever at " + itoa(lever.X) + " " + itoa(lever.Y) + " " + itoa(lever.Z) + ", I turn it on now."; msg != want {
		t.Fatalf("ToggleAction: %v, want %q", msg, want)
	}
	if b, _ := w.EscapeBlockAt(lever); b.Powered != escape.True {
		t.Fatalf("lever after ToggleAction: %v", b)
	}
	var tp []string
	for _, c := range w.EscapeChanges() {
		if c.Kind == escape.Teleported {
			tp = append(tp, c.Agent)
		}
	}
	if len(tp) != 1 || tp[0] != "Andy_0" {
		t.Fatalf("teleports %v, want Andy's", tp)
	}
	if w.Agent("Andy_0").Pos().Block() == a {
		t.Fatal("Andy was not moved")
	}
}

// TestEscapeKeyedChest: atom 0's chest is locked with "key": it does not
// open for an agent without the key (MINDcraft's mineflayer waits for a
// window that never opens), the levers pulled together give the key to
// the agents beside them, and then it opens.
func TestEscapeKeyedChest(t *testing.T) {
	tasks, err := procgen.GenerateEscape(procgen.Options{Split: procgen.SplitTest, Agents: 2, N: 60, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range tasks {
		w := mustBuild(t, task, 1, Options{})
		var room *escape.Room
		for i, r := range w.escape.task.Rooms {
			if r.Atom == 0 && len(r.Blocks) > 0 && w.escape.task.Starts[0].Room == i {
				room = &w.escape.task.Rooms[i]
			}
		}
		if room == nil {
			continue
		}
		res := do(t, w, "Andy_0", "!viewChest")
		if !res.Failed || !strings.Contains(res.Output, "Event windowOpen did not fire within timeout of 20000ms") {
			t.Fatalf("locked chest without the key: %q", res.Output)
		}
		s := &solver{t: t, w: w}
		s.attempt(w.escape.task.RoomAt(room.Center))
		if w.Agent("Andy_0").Inventory().Count("tripwire_hook") == 0 {
			t.Fatalf("no key after the levers:\n%s", strings.Join(s.log, "\n"))
		}
		had := w.Agent("Andy_0").Inventory().Count("gold_block")
		res = do(t, w, "Andy_0", "!takeFromChest(\"gold_block\", 1)")
		if res.Failed || w.Agent("Andy_0").Inventory().Count("gold_block") != had+1 {
			t.Fatalf("with the key: %q", res.Output)
		}
		return
	}
	t.Fatal("no task starts in atom 0's room")
}

// TestEscapeScanHides: VillagerAgent's scan of an agent in one room of a
// merge task lists neither the teammate in the other room nor that room's
// blocks, and gives this room's hint sign.
func TestEscapeScanHides(t *testing.T) {
	w := escapeCodeTask(t, "puzzle_task1_2p_idx1")
	out, _ := w.Tool("Andy_0", "scanNearbyEntities", villager.Dict{{Key: "player_name", Value: "Andy_0"}, {Key: "item_name", Value: ""}, {Key: "radius", Value: 16}})
	msg, _ := out.Get("message")
	text := msg.(string)
	if strings.Contains(text, "Jill_0") {
		t.Fatalf("the scan names a teammate in another room:\n%s", text)
	}
	if !strings.Contains(text, "the sign nearby said: all players need to stand on the all the lever simultaneously") {
		t.Fatalf("no hint sign in the scan:\n%s", text)
	}
	jill := w.Agent("Jill_0").Pos()
	out, _ = w.Tool("Jill_0", "scanNearbyEntities", villager.Dict{{Key: "player_name", Value: "Jill_0"}, {Key: "item_name", Value: ""}, {Key: "radius", Value: 16}})
	msg, _ = out.Get("message")
	if strings.Contains(msg.(string), "Andy_0") || w.Agent("Jill_0").Pos().Dist(jill) > 6 {
		t.Fatalf("Jill's scan:\n%s", msg)
	}
}
