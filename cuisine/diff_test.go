package cuisine

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The differential test: cuisine/testdata/mindagent/ holds what MindAgent's
// own game (overcooked/game.py at 540a114, run unchanged by
// scripts/mindagent-diff/drive.py) did under seeded action sequences on
// every level. Each episode is replayed here step by step with the same
// actions and the same order draws, and everything the game reported must
// match: errors, suggestions, successes, reward (exactly, as float64), the
// orders and their lifetimes, agents, tools, timers and the dispatcher's
// state text.

const tracesFile = "testdata/mindagent/traces.jsonl.gz"

type traceHeader struct {
	MindAgent string `json:"mindagent"`
	Python    string `json:"python"`
	Steps     int    `json:"steps"`
	Episodes  int    `json:"episodes"`
}

type traceEpisode struct {
	Level     string         `json:"level"`
	Agents    int            `json:"agents"`
	Alpha     float64        `json:"alpha"`
	Beta      float64        `json:"beta"`
	Seed      int            `json:"seed"`
	Episode   int            `json:"episode"`
	Interval  int            `json:"interval"`
	Lifetimes map[string]int `json:"lifetimes"`
	Reset     struct {
		Draws  []int      `json:"draws"`
		State  traceState `json:"state"`
		Prompt string     `json:"prompt"`
	} `json:"reset"`
	Steps []traceStep `json:"steps"`
	Tally struct {
		Success int `json:"success"`
		Failed  int `json:"failed"`
		Open    int `json:"open"`
	} `json:"tally"`
}

type traceStep struct {
	Actions      []string   `json:"actions"`
	Draws        []int      `json:"draws"`
	Feedback     []string   `json:"feedback"`
	FeedbackText string     `json:"feedback_text"`
	Suggestions  []string   `json:"suggestions"`
	OK           []bool     `json:"ok"`
	Success      bool       `json:"success"`
	Reward       float64    `json:"reward"`
	State        traceState `json:"state"`
	Prompt       string     `json:"prompt"`
}

// traceState is snapshot() of drive.py: the game's StepReturnType with
// tuples as arrays, and the tools' timers and pick-up flags.
type traceState struct {
	Tasks    [][]any  `json:"tasks"` // [dish, lifetime]
	Step     int      `json:"step"`  //
	MaxSteps int      `json:"max_steps"`
	Over     bool     `json:"over"` //
	Just     []string `json:"just"` //
	JustAt   []string `json:"just_at"`
	Failed   bool     `json:"failed"` //
	Done     []string `json:"done"`   //
	Agents   [][]any  `json:"agents"` // [location, hold or null, occupied]
	Locs     [][]any  `json:"locs"`   // [name, content or null, occupied, pickable]
	Timer    int      `json:"timer"`
}

// comparable turns a recorded state into ours, field for field.
func (ts traceState) comparable(level string) (State, error) {
	s := State{Level: level, Step: ts.Step, MaxSteps: ts.MaxSteps, GameOver: ts.Over,
		Served: ts.Just, ServedAt: ts.JustAt, JustFailed: ts.Failed, Accomplished: ts.Done}
	for _, t := range ts.Tasks {
		s.Orders = append(s.Orders, Order{Dish: t[0].(string), Lifetime: int(t[1].(float64))})
	}
	for _, a := range ts.Agents {
		hold, _ := a[1].(string)
		s.Agents = append(s.Agents, AgentState{At: a[0].(string), Hold: hold, Busy: int(a[2].(float64))})
	}
	for _, l := range ts.Locs {
		var content []string
		if c, ok := l[1].(string); ok {
			content = strings.Split(c, "&")
		}
		s.Tools = append(s.Tools, ToolState{Name: l[0].(string), Content: content,
			Busy: int(l[2].(float64)), Pickable: l[3].(bool)})
	}
	return s, nil
}

// normal makes empty and nil lists alike, as Python has no such difference.
func normal(s State) State {
	for _, p := range []*[]string{&s.Served, &s.ServedAt, &s.Accomplished} {
		if len(*p) == 0 {
			*p = nil
		}
	}
	if len(s.Orders) == 0 {
		s.Orders = nil
	}
	return s
}

// replayPicker hands out MindAgent's recorded draws, step by step.
type replayPicker struct {
	draws  []int
	dishes int
	bad    []string
}

func (p *replayPicker) IntN(n int) int {
	if n != p.dishes {
		p.bad = append(p.bad, fmt.Sprintf("drew among %d dishes, the level has %d", n, p.dishes))
	}
	if len(p.draws) == 0 {
		p.bad = append(p.bad, "drew an order MindAgent did not draw")
		return 0
	}
	d := p.draws[0]
	p.draws = p.draws[1:]
	return d
}

func (p *replayPicker) check() error {
	if len(p.draws) > 0 {
		p.bad = append(p.bad, fmt.Sprintf("did not draw %d orders MindAgent drew", len(p.draws)))
	}
	if len(p.bad) > 0 {
		err := errors.New(strings.Join(p.bad, "; "))
		p.bad = nil
		return err
	}
	return nil
}

func readTraces(t testing.TB) (traceHeader, []traceEpisode) {
	t.Helper()
	f, err := os.Open(tracesFile)
	if err != nil {
		t.Fatalf("%v (render it with make mindagent-diff)", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(gz)
	sc.Buffer(nil, 64<<20)
	var head struct {
		Header traceHeader `json:"header"`
	}
	if !sc.Scan() {
		t.Fatalf("%s: empty", tracesFile)
	}
	if err := json.Unmarshal(sc.Bytes(), &head); err != nil {
		t.Fatalf("%s: header: %v", tracesFile, err)
	}
	var eps []traceEpisode
	for sc.Scan() {
		var e traceEpisode
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s: episode %d: %v", tracesFile, len(eps)+1, err)
		}
		eps = append(eps, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return head.Header, eps
}

func TestMindAgentTraces(t *testing.T) {
	head, eps := readTraces(t)
	steps := 0
	levels := map[string]int{}
	failures := 0
	for _, e := range eps {
		steps += len(e.Steps)
		levels[e.Level] += len(e.Steps)
		if err := replayEpisode(e); err != nil {
			failures++
			t.Errorf("%s, %d agents, alpha %v, seed %d, episode %d: %v", e.Level, e.Agents, e.Alpha, e.Seed, e.Episode, err)
			if failures == 10 {
				t.Fatal("stopping after 10 episodes that differ")
			}
		}
	}
	// The bar: every level, at least 10,000 steps in all.
	if steps != head.Steps || len(eps) != head.Episodes {
		t.Errorf("read %d steps in %d episodes; the header says %d in %d", steps, len(eps), head.Steps, head.Episodes)
	}
	if steps < 10000 {
		t.Errorf("%d steps recorded; want at least 10,000", steps)
	}
	for _, l := range Levels() {
		if levels[l.Name] == 0 {
			t.Errorf("no trace of %s", l.Name)
		}
	}
	t.Logf("MindAgent %s under Python %s: %d steps in %d episodes, %d levels", head.MindAgent[:7], head.Python, steps, len(eps), len(levels))
}

// replayEpisode plays one recorded episode and returns the first difference.
func replayEpisode(e traceEpisode) error {
	level, ok := LevelNamed(e.Level)
	if !ok {
		return fmt.Errorf("unknown level")
	}
	pick := &replayPicker{draws: e.Reset.Draws, dishes: len(level.Dishes)}
	w, err := New(level, Config{Agents: e.Agents, Alpha: e.Alpha, Beta: e.Beta, Picker: pick})
	if err != nil {
		return err
	}
	if err := pick.check(); err != nil {
		return fmt.Errorf("reset: %v", err)
	}
	timing := w.Timing()
	if timing.Interval != e.Interval || !reflect.DeepEqual(timing.Lifetimes, e.Lifetimes) {
		return fmt.Errorf("timing: interval %d, lifetimes %v; MindAgent %d, %v", timing.Interval, timing.Lifetimes, e.Interval, e.Lifetimes)
	}
	if err := sameState(w, e.Level, e.Reset.State, e.Reset.Prompt); err != nil {
		return fmt.Errorf("reset: %v", err)
	}
	for i, s := range e.Steps {
		pick.draws = s.Draws
		out, err := w.Step(s.Actions)
		if err != nil {
			return fmt.Errorf("step %d %q: %v", i+1, s.Actions, err)
		}
		if err := pick.check(); err != nil {
			return fmt.Errorf("step %d %q: orders: %v", i+1, s.Actions, err)
		}
		if err := sameOutcome(out, s); err != nil {
			return fmt.Errorf("step %d %q: %v", i+1, s.Actions, err)
		}
		if err := sameState(w, e.Level, s.State, s.Prompt); err != nil {
			return fmt.Errorf("step %d %q: %v", i+1, s.Actions, err)
		}
	}
	got := w.Tally()
	if got.Served != e.Tally.Success || got.ExpirySteps != e.Tally.Failed || got.Open != e.Tally.Open {
		return fmt.Errorf("tally %+v; MindAgent success %d, failed %d, open %d", got, e.Tally.Success, e.Tally.Failed, e.Tally.Open)
	}
	return nil
}

func sameOutcome(out Outcome, s traceStep) error {
	if !slices.Equal(out.Errors, s.Feedback) {
		return fmt.Errorf("errors\n  ours      %q\n  MindAgent %q", out.Errors, s.Feedback)
	}
	if got := PythonList(out.Errors); got != s.FeedbackText {
		return fmt.Errorf("error list text %s; MindAgent %s", got, s.FeedbackText)
	}
	if !slices.Equal(out.Suggestions, s.Suggestions) {
		return fmt.Errorf("suggestions %q; MindAgent %q", out.Suggestions, s.Suggestions)
	}
	if !slices.Equal(out.OK, s.OK) {
		return fmt.Errorf("action successes %v; MindAgent %v", out.OK, s.OK)
	}
	if out.Served != s.Success {
		return fmt.Errorf("served %v; MindAgent %v", out.Served, s.Success)
	}
	if out.Reward != s.Reward {
		return fmt.Errorf("reward %v; MindAgent %v", out.Reward, s.Reward)
	}
	return nil
}

func sameState(w *World, level string, ts traceState, prompt string) error {
	want, err := ts.comparable(level)
	if err != nil {
		return err
	}
	got := w.State()
	if !reflect.DeepEqual(normal(got), normal(want)) {
		return fmt.Errorf("state\n  ours      %+v\n  MindAgent %+v", got, want)
	}
	if w.timer != ts.Timer {
		return fmt.Errorf("order timer %d; MindAgent %d", w.timer, ts.Timer)
	}
	if got.Prompt() != prompt {
		return fmt.Errorf("state text\n  ours:\n%s\n  MindAgent:\n%s", got.Prompt(), prompt)
	}
	return nil
}

// TestMindAgentCases checks our answers where MindAgent's game crashes or
// misreads an action, against what cases.json recorded it doing, and our
// str() of lists against Python's.
func TestMindAgentCases(t *testing.T) {
	raw, err := os.ReadFile("testdata/mindagent/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Divergences []struct {
			Level       string   `json:"level"`
			Agents      int      `json:"agents"`
			Actions     []string `json:"actions"`
			PythonError string   `json:"python_error"`
			After       [][]any  `json:"after"`
			Feedback    []string `json:"feedback"`
		} `json:"divergences"`
		Repr []struct {
			List []string `json:"list"`
			Str  string   `json:"str"`
		} `json:"repr"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	ours := map[string]struct{ python, errText string }{
		"goto_agent2_storage0 noop_agent0":  {"IndexError", "agent id not found"},
		"goto_agent-1_storage0 noop_agent0": {"", "agent id not found"}, // Python moves agent1
		"goto_agent0 noop_agent1":           {"AttributeError", "not enough arguments for action goto_agent0"},
		"put_agent0":                        {"AttributeError", "not enough arguments for action put_agent0"},
		"":                                  {"ValueError", ""},
	}
	if len(cases.Divergences) != len(ours) {
		t.Fatalf("%d cases; want %d", len(cases.Divergences), len(ours))
	}
	for _, c := range cases.Divergences {
		key := strings.Join(c.Actions, " ")
		want, ok := ours[key]
		if !ok {
			t.Errorf("unexpected case %q", key)
			continue
		}
		if !strings.HasPrefix(c.PythonError, want.python) || (want.python == "") != (c.PythonError == "") {
			t.Errorf("%q: MindAgent %q; this test expects %q", key, c.PythonError, want.python)
		}
		if key == "goto_agent-1_storage0 noop_agent0" && (len(c.After) != 2 || c.After[1][0] != "storage0") {
			t.Errorf("%q: MindAgent no longer moves agent1: %v", key, c.After)
		}
		l, _ := LevelNamed(c.Level)
		w, err := New(l, Config{Agents: c.Agents, Alpha: 1})
		if err != nil {
			t.Fatal(err)
		}
		before := w.State()
		out, err := w.Step(c.Actions)
		if want.errText == "" {
			if !errors.Is(err, ErrNoActions) {
				t.Errorf("%q: %v; want ErrNoActions", key, err)
			}
			continue
		}
		if err != nil || !slices.Equal(out.Errors, []string{want.errText}) || slices.Contains(out.OK, true) {
			t.Errorf("%q: %q %v %v; want only %q", key, out.Errors, out.OK, err, want.errText)
		}
		after := w.State()
		for i := range after.Agents {
			if after.Agents[i] != before.Agents[i] {
				t.Errorf("%q: agent%d moved: %+v", key, i, after.Agents[i])
			}
		}
	}
	for _, c := range cases.Repr {
		if got := PythonList(c.List); got != c.Str {
			t.Errorf("PythonList(%q) = %s; Python %s", c.List, got, c.Str)
		}
	}
}
