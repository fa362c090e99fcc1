package scripted

import (
	"strings"
	"testing"

	"collabcraft/blueprints"
	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// levelOf makes a level at (100, -59, -50) from rows of one-letter cells:
// s stone, g glass, d door, . air.
func levelOf(k int, rows ...string) blueprints.Level {
	names := map[byte]string{'s': "stone", 'g': "glass", 'd': blueprints.Door, '.': blueprints.Air}
	lv := blueprints.Level{Level: k, Coordinates: [3]int{100, -59, -50}}
	for _, r := range rows {
		var row []string
		for i := range len(r) {
			row = append(row, names[r[i]])
		}
		lv.Placement = append(lv.Placement, row)
	}
	return lv
}

// TestLookAtLevel: the shape a builder describes is the level's own:
// a solid layer, one ring of wall, or walls with rooms inside, measured
// on the box its blocks span (air around it does not count).
func TestLookAtLevel(t *testing.T) {
	solid := lookAt(levelOf(2, ".....", ".sss.", ".sss.", "....."))
	ring := lookAt(levelOf(3, "sgss", "s..s", "s..d", "ssss"))
	rooms := lookAt(levelOf(4, "sssss", "s.s.s", "sssss"))
	for _, c := range []struct {
		name        string
		l           levelLook
		solid, ring bool
		rows, cols  int
		blocks      int
	}{
		{"solid", solid, true, false, 2, 3, 6},
		{"ring", ring, false, true, 4, 4, 12},
		{"rooms", rooms, false, false, 3, 5, 13},
	} {
		if c.l.solid != c.solid || c.l.ring != c.ring || c.l.rows != c.rows || c.l.cols != c.cols || c.l.blocks != c.blocks {
			t.Errorf("%s: got solid %v ring %v %dx%d %d blocks", c.name, c.l.solid, c.l.ring, c.l.rows, c.l.cols, c.l.blocks)
		}
	}
	if solid.north != -49 {
		t.Errorf("solid box starts at z %d, want -49", solid.north)
	}
	if ring.mats["glass"] != 1 || ring.mats[blueprints.Door] != 1 {
		t.Errorf("ring materials %v", ring.mats)
	}
}

// TestLevelFactsAreTrue: every fact a builder states about a level
// carries the level's own figures, whichever wording the seed picks.
func TestLevelFactsAreTrue(t *testing.T) {
	below := lookAt(levelOf(0, "ssss", "ssss", "ssss", "ssss"))
	lv := levelOf(1, "sgss", "s..s", "s..d", "ssss")
	l := lookAt(lv)
	mine := []fix{{"stone", 100, -58, -50}, {"glass", 101, -58, -50}, {"stone", 102, -58, -50}}
	for seed := range uint64(40) {
		v := testVoice(seed, 1)
		shape := shapeFact(v, l)
		if !strings.Contains(shape, "4 by 4") && !strings.Contains(shape, "12 blocks") {
			t.Errorf("seed %d: shape %q names neither the box nor the count", seed, shape)
		}
		if m := materialFact(v, l); !strings.Contains(m, "1 glass") || !strings.Contains(m, "door") {
			t.Errorf("seed %d: materials %q miss the window or the door", seed, m)
		}
		if m := mineFact(v, l, mine); !strings.Contains(m, "-50") || strings.Contains(m, "south") {
			t.Errorf("seed %d: my cells %q, want the row at z -50 (the north edge)", seed, m)
		}
		if b := belowFact(v, l, below); !strings.Contains(b, "level 0") && !strings.Contains(b, "walls") {
			t.Errorf("seed %d: below %q", seed, b)
		}
	}
}

// TestLastLevelFactNamesTheBlocks: the read of the next level says what
// the last program placed, from its request's counted blocks and not the
// level or coordinates around them.
func TestLastLevelFactNamesTheBlocks(t *testing.T) {
	v := &generate.View{Name: "Andy_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: procgen.TypeConstruction}
	v.Turns = []trajectory.Message{
		{Role: "assistant", Content: `Building. !newAction("On level 10 at y -50, rows z -183..-179, lay my 20 stone, 6 glass where the blueprint has them.")`},
		{Role: "system", Content: "Code output:\nLevel 10: done, 0 blocks still missing.\n"},
	}
	for seed := range uint64(20) {
		f := lastLevelFact(testVoice(seed, 3), callOf(v).c)
		if strings.Contains(f, "10 at") || strings.Contains(f, "183") {
			t.Errorf("seed %d: %q counts the level or a coordinate as blocks", seed, f)
		}
		if strings.Contains(f, "my ") && !strings.Contains(f, "20 stone and 6 glass") && !strings.Contains(f, "level 10's share") {
			t.Errorf("seed %d: %q", seed, f)
		}
	}
	v.Turns[1].Content = "Code output:\nLevel 10: done, 1 blocks still missing.\n"
	if f := lastLevelFact(testVoice(1, 3), callOf(v).c); !strings.Contains(f, "1 block ") || strings.Contains(f, "them") {
		t.Errorf("one missing block: %q", f)
	}
}

// TestComposeKeepsClausesApart: a reason or intent of two clauses is
// said as its own sentence, never joined into "Since A; B, C" or "A, so
// B; C".
func TestComposeKeepsClausesApart(t *testing.T) {
	for seed := range uint64(60) {
		s := testVoice(seed, 2)
		for _, c := range []struct{ intent, reason string }{
			{"I'll read level 3", "level 2's run left 1 block missing; the check will catch it"},
			{"I'll read level 3", "1 block of level 2 did not go in, I'll fix it at the end"},
			{"I'm done with my part; let me check the blueprint", "all 3 levels have my blocks in"},
		} {
			got := s.compose(c.intent, []string{c.reason})
			if strings.HasPrefix(got, "Since ") || strings.Contains(got, ", so ") {
				t.Errorf("seed %d: %q joins clauses that stand apart", seed, got)
			}
		}
	}
}
