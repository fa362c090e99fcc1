package cuisine

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestNewRefusesBadConfig(t *testing.T) {
	l, _ := LevelNamed("level_0")
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "alpha 0"},
		{Config{Alpha: math.NaN()}, "alpha NaN"},
		{Config{Alpha: 1, Beta: -1}, "beta -1"},
		{Config{Alpha: 1, Agents: 9}, "9 agents"},
		{Config{Alpha: 1, MaxSteps: -3}, "max steps -3"},
	} {
		if _, err := New(l, c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v; want %q", c.cfg, err, c.want)
		}
	}
	if _, err := New(Level{Name: "x", Kitchen: []string{"storage"}}, Config{Alpha: 1}); err == nil || !strings.Contains(err.Error(), `level x: field "dishes"`) {
		t.Errorf("New with a bad level: %v", err)
	}
}

// fixedPicker always draws the same dish.
type fixedPicker int

func (p fixedPicker) IntN(int) int { return int(p) }

// TestPlayLevel0 plays a salmonMeatcake to the serving table and checks
// the texts the dispatcher would read along the way, written out by hand
// from levels/utils.py convert_to_prompt.
func TestPlayLevel0(t *testing.T) {
	l, _ := LevelNamed("level_0")
	w, err := New(l, Config{Alpha: 1, Picker: fixedPicker(0)})
	if err != nil {
		t.Fatal(err)
	}
	if got := ErrorsText(nil) + SuggestionsText(nil); got != "-execution error messages:\n  --  []\n-execution suggestions:\n  --  []\n" {
		t.Errorf("first feedback %q", got)
	}
	play := func(actions ...string) Outcome {
		t.Helper()
		out, err := w.Step(actions)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	play("goto_agent0_storage0", "goto_agent1_storage0")
	play("get_agent0_salmon_storage0", "get_agent1_flour_storage0")
	play("goto_agent0_blender0", "goto_agent1_blender0")
	// The blender still closed for pick-up, the agents' hands: errors in order.
	out := play("get_agent1_blender0", "put_agent0_blender0", "activate_agent1_blender0")
	want := []string{"agent ids cannot be the same"}
	if !slices.Equal(out.Errors, want) || slices.Contains(out.OK, true) {
		t.Errorf("same agent twice: %q %v", out.Errors, out.OK)
	}
	out = play("put_agent0_blender0", "get_agent1_blender0")
	if want := []string{"agent1 is not allowed to pick up from blender0 at this point"}; !slices.Equal(out.Errors, want) {
		t.Errorf("errors %q; want %q", out.Errors, want)
	}
	// In the order written: activating salmon alone would waste it.
	out = play("activate_agent0_blender0", "put_agent1_blender0")
	if want := []string{"activating blender0 will result in waste"}; !slices.Equal(out.Errors, want) || !slices.Equal(out.OK, []bool{false, true}) {
		t.Errorf("errors %q %v; want %q", out.Errors, out.OK, want)
	}
	s := w.State()
	wantText := "-game state:\n" +
		"current game level: level_0\n" +
		"current dishes:\n" +
		"    name: salmonMeatcake lifetime: 2\n" +
		"    name: salmonMeatcake lifetime: 5\n" +
		"    name: salmonMeatcake lifetime: 8\n" +
		"current game step: 6\n" +
		"maximum game steps: 60\n" +
		"\n-agent state:\n" +
		"at(agent0, blender0)\n" +
		"hold(agent0, None)\n" +
		"at(agent1, blender0)\n" +
		"hold(agent1, None)\n" +
		"\n-kitchen state:\n" +
		"inside(storage0, None)\n" +
		"inside(servingtable0, None)\n" +
		"inside(blender0, salmon&flour)\n" +
		"\n-accomplished task:\n" +
		"\n\n"
	if s.Prompt() != wantText {
		t.Errorf("state text\n%s\nwant\n%s", s.Prompt(), wantText)
	}
	out = play("activate_agent0_blender0", "noop_agent1")
	if !out.OK[0] {
		t.Fatalf("activation refused: %q", out.Errors)
	}
	s = w.State()
	if !strings.Contains(s.KitchenStateText(), "inside(blender0, salmonMeatcake)\noccupy(blender0)\n") {
		t.Errorf("kitchen:\n%s", s.KitchenStateText())
	}
	out = play("get_agent0_blender0", "noop_agent1")
	if want := []string{"blender0 is occupied, therefore agent0 cannot get objects from the tool"}; !slices.Equal(out.Errors, want) {
		t.Errorf("busy blender: %q", out.Errors)
	}
	play("get_agent0_blender0", "goto_agent1_storage0")
	play("goto_agent0_servingtable0", "noop_agent1")
	out = play("put_agent0_servingtable0", "noop_agent1")
	s = w.State()
	if !out.Served || !slices.Equal(s.Accomplished, []string{"salmonMeatcake"}) || s.Tools[1].Content != nil {
		t.Errorf("serving: %+v, state %+v", out, s)
	}
	if got := s.AccomplishedText(); got != "-accomplished task:\nsalmonMeatcake, " {
		t.Errorf("accomplished %q", got)
	}
	// The first order expired at step 9, before the dish was served.
	if tally := w.Tally(); tally != (Tally{Served: 1, Expired: 1, ExpirySteps: 1, Open: 2}) {
		t.Errorf("tally %+v", tally)
	}
	if _, err := w.Step(nil); !errors.Is(err, ErrNoActions) {
		t.Errorf("empty step: %v", err)
	}
}

func TestPythonInt(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		text string
		ok   bool
	}{
		{"1", 1, "1", true}, {"007", 7, "7", true}, {"+2", 2, "2", true}, {"-1", -1, "-1", true},
		{" 3 \t", 3, "3", true}, {"\x1c4", 4, "4", true}, {"-0", 0, "0", true}, {"0", 0, "0", true},
		{"", 0, "", false}, {"X", 0, "", false}, {"1a", 0, "", false}, {"--1", 0, "", false},
		{"1 2", 0, "", false}, {"99999999999999999999", -1, "99999999999999999999", true},
	} {
		n, text, ok := pythonInt(c.in)
		if n != c.n || text != c.text || ok != c.ok {
			t.Errorf("pythonInt(%q) = %d, %q, %v; want %d, %q, %v", c.in, n, text, ok, c.n, c.text, c.ok)
		}
	}
}

func TestSeededOrders(t *testing.T) {
	l, _ := LevelNamed("level_11")
	orders := func(seed uint64) string {
		w, err := New(l, Config{Alpha: 1, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var seen []string
		for range 60 {
			if _, err := w.Step([]string{"noop_agent0"}); err != nil {
				t.Fatal(err)
			}
			for _, o := range w.State().Orders {
				seen = append(seen, o.Dish)
			}
		}
		return strings.Join(seen, ",")
	}
	a, b, c := orders(1), orders(1), orders(2)
	if a != b {
		t.Error("the same seed drew different orders")
	}
	if a == c {
		t.Error("seeds 1 and 2 drew the same 60 steps of orders")
	}
}

func TestCoS(t *testing.T) {
	perAlpha := []Tally{
		{Served: 3, Expired: 1, ExpirySteps: 1, Open: 2},
		{Served: 0, Expired: 2, ExpirySteps: 1, Open: 1},
		{Served: 4, Expired: 4, ExpirySteps: 2, Open: 0},
		{Served: 1, Expired: 0, ExpirySteps: 0, Open: 1},
		{},
	}
	// paper: 3/4, 0/2, 4/8, 1/1, 0 (nothing completed or failed)
	if got, want := CoSPaper(perAlpha), (0.75+0+0.5+1+0)/5; math.Abs(got-want) > 1e-12 {
		t.Errorf("CoSPaper %v; want %v", got, want)
	}
	// code: 3/6, 0/2, 4/6, 1/2, 0
	if got, want := CoSCode(perAlpha), (0.5+0+4.0/6+0.5+0)/5; math.Abs(got-want) > 1e-12 {
		t.Errorf("CoSCode %v; want %v", got, want)
	}
	sum := perAlpha[0].Plus(perAlpha[2])
	if sum != (Tally{Served: 7, Expired: 5, ExpirySteps: 3, Open: 2}) {
		t.Errorf("Plus %+v", sum)
	}
	if CoSPaper(nil) != 0 {
		t.Error("CoS of nothing")
	}
}
