package dispatch

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/pyrand"
	"collabcraft/trajectory"
)

// The fixtures are MindAgent's own dispatcher calls: agents/chat_agent.py
// and webpage/app.py run unchanged under python3 with stubbed model and
// web modules (scripts/mindagent-fixtures, make mindagent-fixtures).
const fixtures = "../../testdata/mindagent/calls.json.gz"

type fixtureFile struct {
	Header struct {
		MindAgent string `json:"mindagent"`
		Python    string `json:"python"`
	} `json:"header"`
	Cases []fixtureCase `json:"cases"`
}

type fixtureCase struct {
	Kind     string `json:"kind"`
	HashSeed uint32 `json:"hashseed"`
	Case     struct {
		Name     string   `json:"name"`
		Level    string   `json:"level"`
		Agents   int      `json:"agents"`
		Alpha    float64  `json:"alpha"`
		Calls    int      `json:"calls"`
		Feedback *bool    `json:"feedback"`
		Notes    *bool    `json:"notes"`
		Replies  []string `json:"replies"`
		Human    []string `json:"human"`
	} `json:"case"`
	Calls []struct {
		Messages    []trajectory.Message `json:"messages"`
		Model       string               `json:"model"`
		Temperature float64              `json:"temperature"`
		MaxTokens   int                  `json:"max_tokens"`
		Reply       string               `json:"reply"`
	} `json:"calls"`
	Draws [][]int `json:"draws"`
	Sets  []struct {
		Keys  []string `json:"keys"`
		Order []string `json:"order"`
	} `json:"sets"`
}

var readFixtures = sync.OnceValues(func() (*fixtureFile, error) {
	f, err := os.Open(fixtures)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var ff fixtureFile
	return &ff, json.NewDecoder(gz).Decode(&ff)
})

func loadFixtures(t *testing.T) *fixtureFile {
	t.Helper()
	ff, err := readFixtures()
	if err != nil {
		t.Fatalf("%s: %v (render it with make mindagent-fixtures)", fixtures, err)
	}
	return ff
}

// replayPicker hands out the dishes MindAgent's order stream drew.
type replayPicker struct{ draws []int }

func (p *replayPicker) IntN(int) int {
	if len(p.draws) == 0 {
		return 0
	}
	d := p.draws[0]
	p.draws = p.draws[1:]
	return d
}

// cannedBackend answers with the case's replies in turn and records what
// it was sent; past the last call it fails, which ends the trial.
type cannedBackend struct {
	replies []string
	calls   int
	got     [][]trajectory.Message
	kinds   []string
}

var errEnough = errors.New("the fixture has no more calls")

func (b *cannedBackend) Complete(_ context.Context, req generate.Request) (generate.Reply, error) {
	if len(b.got) == b.calls {
		return generate.Reply{}, errEnough
	}
	b.got = append(b.got, req.Messages)
	b.kinds = append(b.kinds, req.Kind)
	return generate.Reply{Text: b.replies[(len(b.got)-1)%len(b.replies)]}, nil
}

// fixtureTrial plays a fixture case's setting with the dispatcher
// organisation, answering as the fixture's model did.
func fixtureTrial(t *testing.T, c *fixtureCase) *cannedBackend {
	t.Helper()
	level, ok := cuisine.LevelNamed(c.Case.Level)
	if !ok {
		t.Fatalf("%s: no level %s", c.Case.Name, c.Case.Level)
	}
	task := &procgen.Task{ID: c.Case.Name, Type: procgen.TypeCuisine, AgentCount: c.Case.Agents, Level: &level,
		Alpha: c.Case.Alpha, Episodes: 3}
	if c.Kind == "human" {
		task.HumanCount = procgen.IntPtr(1)
		task.Alpha = 2 // webpage/app.py's
	}
	hash := c.HashSeed
	cfg := Config{HashSeed: &hash, picker: func(ep int) orderPicker {
		if ep >= len(c.Draws) {
			t.Errorf("%s: episode %d was not recorded", c.Case.Name, ep)
			return &replayPicker{}
		}
		return &replayPicker{draws: slices.Clone(c.Draws[ep])}
	}}
	if c.Kind == "human" {
		cfg.human = func(int) func(cuisine.State) string {
			i := 0
			return func(cuisine.State) string {
				a := c.Case.Human[i%len(c.Case.Human)]
				i++
				return a
			}
		}
	}
	if c.Case.Feedback != nil && !*c.Case.Feedback {
		cfg.NoFeedback = true
	}
	if c.Case.Notes != nil && !*c.Case.Notes {
		cfg.NoNotes = true
	}
	b := &cannedBackend{replies: c.Case.Replies, calls: len(c.Calls)}
	team := []generate.Seat{}
	for i := range c.Case.Agents {
		team = append(team, generate.Seat{Name: fmt.Sprintf("agent%d", i)})
	}
	team = append(team, generate.Seat{Name: Seat, Backend: b})
	res, err := Org{Config: cfg}.Play(context.Background(), generate.TrialSpec{Task: task, Team: team, Seed: 1})
	if err != nil {
		t.Fatalf("%s: %v", c.Case.Name, err)
	}
	if full := len(c.Calls) == task.Episodes*cuisine.EpisodeSteps; !full && !strings.Contains(res.Error, errEnough.Error()) || full && res.Error != "" {
		t.Errorf("%s: the trial ended %+v %q before the fixture's calls ran out", c.Case.Name, res.Outcome, res.Error)
	}
	return b
}

// TestCallsAsMindAgentRendersThem plays each fixture case and wants every
// dispatch call's messages byte for byte as MindAgent sent them: the rules
// with the objects in the set order of the case's PYTHONHASHSEED, the
// demo, the info turn, each step's feedback and state, the human's action,
// the history window and the assistant turns it keeps, across an episode
// boundary, with and without the notes and the feedback.
func TestCallsAsMindAgentRendersThem(t *testing.T) {
	ff := loadFixtures(t)
	sizes := map[string]map[int]bool{"dispatch": {}, "human": {}}
	calls := 0
	for i := range ff.Cases {
		c := &ff.Cases[i]
		if c.Kind == "pyset" {
			continue
		}
		b := fixtureTrial(t, c)
		if len(b.got) != len(c.Calls) {
			t.Fatalf("%s: %d calls; MindAgent made %d", c.Case.Name, len(b.got), len(c.Calls))
		}
		for k, want := range c.Calls {
			if b.kinds[k] != trajectory.KindDispatch {
				t.Errorf("%s call %d: kind %q", c.Case.Name, k, b.kinds[k])
			}
			if err := sameMessages(b.got[k], want.Messages); err != nil {
				t.Fatalf("%s call %d: %v", c.Case.Name, k, err)
			}
			// MindAgent's sampling settings, for the README's --temperature and --max-tokens.
			wantTemp := map[string]float64{"dispatch": 0.1, "human": 0.2}[c.Kind]
			if want.Temperature != wantTemp || want.MaxTokens != 100 || want.Model != "gpt-4" {
				t.Errorf("%s: MindAgent called %s at temperature %v, max_tokens %d", c.Case.Name, want.Model, want.Temperature, want.MaxTokens)
			}
			calls++
		}
		sizes[c.Kind][c.Case.Agents] = true
	}
	for _, n := range []int{2, 3, 4} {
		if !sizes["dispatch"][n] || !sizes["human"][n] {
			t.Errorf("no fixture for %d agents (with and without the human): %v", n, sizes)
		}
	}
	t.Logf("%d calls of %d cases match MindAgent's byte for byte", calls, len(ff.Cases))
}

func sameMessages(got, want []trajectory.Message) error {
	for i := range min(len(got), len(want)) {
		if got[i].Role != want[i].Role {
			return fmt.Errorf("message %d: role %q, MindAgent's %q", i, got[i].Role, want[i].Role)
		}
		if got[i].Content != want[i].Content {
			g, w := got[i].Content, want[i].Content
			at := 0
			for at < len(g) && at < len(w) && g[at] == w[at] {
				at++
			}
			return fmt.Errorf("message %d (%s) differs at byte %d:\nours:      %q\nMindAgent: %q", i, got[i].Role, at,
				g[max(0, at-80):min(len(g), at+80)], w[max(0, at-80):min(len(w), at+80)])
		}
	}
	if len(got) != len(want) {
		return fmt.Errorf("%d messages; MindAgent sent %d", len(got), len(want))
	}
	return nil
}

// TestMindAgentOrders: chat_agent.py's orders are CPython's
// random.Random(0) choices, one stream across a setting's episodes; the
// fixtures recorded the dishes its World drew.
func TestMindAgentOrders(t *testing.T) {
	ff := loadFixtures(t)
	n := 0
	for _, c := range ff.Cases {
		if c.Kind != "dispatch" {
			continue
		}
		level, _ := cuisine.LevelNamed(c.Case.Level)
		p := pythonPicker{pyrand.New(0)}
		for ep, draws := range c.Draws {
			for k, d := range draws {
				if got := p.IntN(len(level.Dishes)); got != d {
					t.Fatalf("%s episode %d draw %d: %d, MindAgent drew %d", c.Case.Name, ep, k, got, d)
				}
				n++
			}
		}
	}
	if n < 40 {
		t.Fatalf("%d draws compared", n)
	}
}

// TestPySetOrderAsCPython checks the set order the rules list objects in
// against CPython's own list(set(...)) under several PYTHONHASHSEEDs, on
// random strings of one-, two- and four-byte characters.
func TestPySetOrderAsCPython(t *testing.T) {
	ff := loadFixtures(t)
	n := 0
	for _, c := range ff.Cases {
		for _, s := range c.Sets {
			if got := cuisine.PySetOrder(s.Keys, c.HashSeed); !slices.Equal(got, s.Order) {
				t.Fatalf("PYTHONHASHSEED=%d: %q\nin our order  %q\nCPython's     %q", c.HashSeed, s.Keys, got, s.Order)
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("%d sets", n)
	}
}
