package cuisine

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestReadTurnReadsMindAgentsTexts reads back every state text and error
// list MindAgent's own game wrote in the differential traces, as a
// dispatcher's user turn, and wants what the game recorded.
func TestReadTurnReadsMindAgentsTexts(t *testing.T) {
	_, eps := readTraces(t)
	n := 0
	for _, e := range eps {
		for i, st := range e.Steps {
			turn := "-execution error messages:\n  --  " + st.FeedbackText + "\n" + SuggestionsText(st.Suggestions) + st.Prompt + ActionPrompt + "put_agent0_blender0\n"
			got, err := ReadTurn(turn)
			if err != nil {
				t.Fatalf("%s step %d: %v\n%s", e.Level, i, err, turn)
			}
			want, _ := st.State.comparable(e.Level)
			want = textual(normal(want))
			if !got.Feedback || !slices.Equal(got.Errors, st.Feedback) || !slices.Equal(got.Suggestions, st.Suggestions) {
				t.Fatalf("%s step %d: feedback %q %q; want %q %q", e.Level, i, got.Errors, got.Suggestions, st.Feedback, st.Suggestions)
			}
			if !reflect.DeepEqual(normal(got.State), want) {
				t.Fatalf("%s step %d: read\n%+v\nwant\n%+v", e.Level, i, got.State, want)
			}
			if !slices.Equal(got.Actions, []string{"put_agent0_blender0"}) {
				t.Fatalf("actions %q", got.Actions)
			}
			n++
		}
	}
	if n < 10000 {
		t.Fatalf("%d turns read", n)
	}
}

// textual keeps what a state text shows.
func textual(s State) State {
	s.GameOver, s.Served, s.ServedAt, s.JustFailed = false, nil, nil, false
	for i := range s.Agents {
		s.Agents[i].Busy = min(s.Agents[i].Busy, 1)
	}
	for i := range s.Tools {
		s.Tools[i].Busy = min(s.Tools[i].Busy, 1)
		s.Tools[i].Pickable = false
	}
	return s
}

func TestReadRules(t *testing.T) {
	for _, l := range Levels() {
		for _, notes := range []bool{true, false} {
			text := RulesText(l, notes, 7)
			r, err := ReadRules(text)
			if err != nil {
				t.Fatalf("%s: %v", l.Name, err)
			}
			if r.Notes != notes {
				t.Errorf("%s: notes %v", l.Name, r.Notes)
			}
			if !slices.Equal(r.Tools, kitchenNames(l)) {
				t.Errorf("%s: tools %v", l.Name, r.Tools)
			}
			for _, name := range r.Tools {
				want := theBook().tool[name[:len(name)-1]].Capacity
				if r.Capacity[name] != want {
					t.Errorf("%s: %s capacity %d, want %d", l.Name, name, r.Capacity[name], want)
				}
			}
			// Every dish of the level and every step of its recipes is listed.
			for _, d := range append(slices.Clone(l.Dishes), demoDish) {
				for _, step := range dependencyOf(d).steps {
					i := slices.IndexFunc(r.Recipes, func(x Recipe) bool { return x.Dish == step.Dish })
					if i < 0 || !reflect.DeepEqual(r.Recipes[i], step) {
						t.Errorf("%s: recipe %s read as %+v", l.Name, step.Dish, r.Recipes)
					}
				}
			}
			for _, b := range r.Base {
				if !IsIngredient(b) || !slices.Contains(r.Objects, b) {
					t.Errorf("%s: base %s", l.Name, b)
				}
			}
		}
	}
}

func TestExtractActions(t *testing.T) {
	for _, c := range []struct {
		reply string
		want  []string
	}{
		{"goto_agent0_storage0\nget_agent1_flour_storage0\n", []string{"goto_agent0_storage0", "get_agent1_flour_storage0"}},
		// Greedy over [a-zA-Z0-9_]: what follows up to a space is swallowed.
		{"I will goto_agent0_storage0. Then noop_agent1, ok", []string{"goto_agent0_storage0", "noop_agent1"}},
		{"put_agent0_blender0_and_more text", []string{"put_agent0_blender0_and_more"}},
		// Python's \d takes any decimal digit.
		{"goto_agent\u0661_storage0", []string{"goto_agent\u0661_storage0"}},
		{"Goto_agent0_storage0 goto-agent0", nil},
	} {
		if got := ExtractActions(c.reply); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.reply, got, c.want)
		}
	}
	if got := HumanPlan("a\nb\nc", 3); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("HumanPlan %q", got)
	}
	if got := HumanPlan("", 3); !slices.Equal(got, []string{""}) {
		t.Errorf("HumanPlan of nothing %q", got)
	}
	if got := PlanTurn([]string{"h", "a", "b", "c"}, 1, 3); got != "a\nb\n" {
		t.Errorf("PlanTurn %q", got)
	}
}

func TestParsePythonList(t *testing.T) {
	for _, items := range [][]string{nil, {"a"}, {"it's", `say "hi"`, "both ' and \"", "tab\there", "\x01\u00e9\u20ac\U0001F600", `back\slash`}} {
		got, err := ParsePythonList(PythonList(items))
		if err != nil || !slices.Equal(got, items) {
			t.Errorf("%q: %q %v", items, got, err)
		}
	}
	for _, bad := range []string{"", "[", "['a' 'b']", "['a", "[1]"} {
		if _, err := ParsePythonList(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

func TestDemos(t *testing.T) {
	for _, human := range []bool{false, true} {
		for _, n := range DemoTeams(human) {
			turns, ok := Demos(n, human)
			if !ok || len(turns)%2 != 0 || len(turns) < 2 {
				t.Fatalf("%d agents (human %v): %d turns", n, human, len(turns))
			}
			if !strings.Contains(turns[0], "-game state:") {
				t.Errorf("first demo turn %q", turns[0])
			}
		}
	}
	if _, ok := Demos(5, false); ok {
		t.Error("a 5-agent demo")
	}
	if got := DemoTeams(true); !slices.Equal(got, []int{2, 3, 4}) {
		t.Errorf("human demos for %v", got)
	}
}

// ReadRules keeps the rules it read: every caller gets what readRules
// reads, as its own copy (a change to one shows in no other), and a text
// that is no rules is an error each time; on the levels' texts, with and
// without notes, under several hash seeds, and cut or changed.
func TestReadRulesKept(t *testing.T) {
	var texts []string
	for _, l := range Levels() {
		for _, notes := range []bool{true, false} {
			for _, seed := range []uint32{0, 7, 34} {
				text := RulesText(l, notes, seed)
				texts = append(texts, text, text[:len(text)/2], strings.Replace(text, "You can place up to ", "You can place up to x", 1),
					strings.Replace(text, "1 item", "infinite item", 1), "x"+text)
			}
		}
	}
	for round := range 3 { // the first reads, the next ones find them kept (past the bound too)
		for _, text := range texts {
			want, werr := readRules(text)
			got, err := ReadRules(text)
			if fmt.Sprint(err) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d: ReadRules = %+v, %v; readRules %+v, %v", round, got, err, want, werr)
			}
			if err != nil || len(got.Recipes) == 0 {
				continue
			}
			got.Recipes[0].Ingredients[0], got.Tools[0], got.Capacity["x"] = "changed", "changed", 1
			if again, _ := ReadRules(text); !reflect.DeepEqual(again, want) {
				t.Fatalf("round %d: a caller's change shows in the next: %+v", round, again)
			}
		}
	}
}
