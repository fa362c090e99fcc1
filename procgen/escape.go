package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"collabcraft/escape"
)

// Escape-room tasks (VillagerBench, seed 001; package escape): rooms laid
// out from VillagerAgent's 18 puzzle atoms by its StateTree, carried in
// the task's "escape" field as what makes them again (max rooms, seed,
// whether CPython's stream draws them). Test is VillagerBench's own 22
// tasks (config.py: 1-4 rooms, seeds 0 to 7-rooms) and then generated
// ones; train and dev are generated. A layout (escape.Task.Layout: the
// puzzle the agents meet, whatever the seed) belongs to one split by its
// hash, and train and dev leave out the 22 code tasks' layouts, so no
// layout is in two splits.
const (
	DefaultEscapeTrain = 400
	DefaultEscapeDev   = 40
	// DefaultEscapeTest is the code's 22 and 100 generated tasks.
	DefaultEscapeTest = 122
	escapeGenerator   = "collabcraft/escape"
	// escapeMinRooms and escapeMaxRooms bound the generated tasks' max
	// rooms (the paper's 5 levels); one room has few layouts (about 30 a
	// split for two agents), and the code's 22 have those.
	escapeMinRooms = 2
	escapeMaxRooms = 5
)

var escapeDefaultCounts = map[string]int{SplitTrain: DefaultEscapeTrain, SplitDev: DefaultEscapeDev, SplitTest: DefaultEscapeTest}

// EscapeSpec is an escape task's "escape" field: what lays its rooms out
// again (escape.Config).
type EscapeSpec struct {
	MaxRooms int    `json:"max_rooms"`
	Seed     uint64 `json:"seed"`
	// Python: CPython's random stream, as VillagerBench's own tasks.
	Python bool `json:"python,omitempty"`
}

// Escape is VillagerBench's escape-room kind.
var Escape = &Kind{
	Name: KindEscape, TaskType: TypeEscape,
	Family: FamilyVillagerBench, World: WorldMinecraft,
	// The world builds and judges the rooms with both dialects' commands
	// (!activate, ToggleAction); MINDcraft's agents (p2p) and
	// VillagerAgent's (the DAG) play them.
	Orgs:          []string{"p2p", "dag"},
	NotPlayedWhy:  "played by MINDcraft's agents (p2p) and VillagerAgent's (dag) only",
	Splits:        []string{SplitTrain, SplitDev, SplitTest},
	DefaultCounts: escapeDefaultCounts,
	Scored:        true,
	Knobs: []Knob{
		{Name: "rooms", Type: KnobInt, read: fromDifficulty("rooms")},
		{Name: "code", Type: KnobBool, read: fromDifficulty("code")},
	},
	generate: func(o GenerateOptions) ([]Task, error) { return GenerateEscape(o.Options) },
	// Splits share no layout.
	target:   func(d map[string]any) string { return prefixed("layout:", d["layout"]) },
	validate: (*validator).escape,
	breakdown: func(t *Task) string {
		if r, ok := t.Difficulty["rooms"]; ok {
			return fmt.Sprintf("rooms %v", r)
		}
		return ""
	},
}

// GenerateEscape makes escape tasks of one split: for test the code's 22
// first, then generated tasks of 2 to 5 max rooms in turn.
func GenerateEscape(o Options) ([]Task, error) {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return nil, fmt.Errorf("procgen: escape: %w", err)
	}
	n := o.N
	if n == 0 {
		n = escapeDefaultCounts[o.Split]
	}
	code, err := escape.CodeTasks(o.Agents)
	if err != nil {
		return nil, fmt.Errorf("procgen: escape: %w", err)
	}
	codeLayouts := map[string]bool{}
	var tasks []Task
	for _, et := range code {
		codeLayouts[et.Layout()] = true
		if o.Split == SplitTest && len(tasks) < n {
			tasks = append(tasks, EscapeTask(et, o, true))
		}
	}
	// Each room count gets its share, in turn; a room count's layouts are
	// drawn in one call so none repeats.
	levels := escapeMaxRooms - escapeMinRooms + 1
	left := n - len(tasks)
	byRooms := make([][]Task, levels)
	for l := range levels {
		want := left / levels
		if l < left%levels {
			want++
		}
		if want == 0 {
			continue
		}
		rooms := escapeMinRooms + l
		// Ask for as many more as the code's layouts could take away.
		gen, err := escape.Generate(escape.Options{Split: o.Split, N: want + len(code), Agents: o.Agents, Rooms: rooms, Seed: o.Seed})
		if err != nil {
			return nil, fmt.Errorf("procgen: escape: %w", err)
		}
		for _, et := range gen {
			if len(byRooms[l]) == want {
				break
			}
			if !codeLayouts[et.Layout()] {
				byRooms[l] = append(byRooms[l], EscapeTask(et, o, false))
			}
		}
	}
	for i := 0; len(tasks) < n; i++ {
		l := i % levels
		k := i / levels
		if k < len(byRooms[l]) {
			tasks = append(tasks, byRooms[l][k])
		}
	}
	return tasks, nil
}

// EscapeTask wraps a laid-out escape task: VillagerBench's goal, each
// agent's start inventory, the judge's wall budget as the timeout, and
// among the knobs the rooms, D, the action budget and the layout.
func EscapeTask(et *escape.Task, o Options, code bool) Task {
	t := Task{
		ID: et.Name, Type: TypeEscape,
		Goal:       Goal{Text: escape.VillagerGoal},
		AgentCount: et.Agents, HumanCount: IntPtr(0),
		InitialInventory: map[string]map[string]int{},
		Timeout:          int(math.Ceil(et.WallBudget().Seconds())),
		Escape:           &EscapeSpec{MaxRooms: et.MaxRooms, Seed: et.Seed, Python: et.Python},
		Split:            o.Split,
		Difficulty: map[string]any{
			"rooms": et.MaxRooms, "code": code, "layout": et.Layout(),
			// D as the judger has it (StateTree's), and the paper's: the
			// conditions of the rooms a search from the exit meets.
			"complexity":       et.Complexity,
			"complexity_paper": et.PaperComplexity(),
			"action_budget_s":  et.ActionBudget().Seconds(),
		},
		Generator: &Generator{Name: escapeGenerator, Version: GeneratorVersion},
	}
	for i, s := range et.Starts {
		inv := map[string]int{}
		for item, c := range s.Inventory {
			inv[item] = c
		}
		t.InitialInventory[agentID(i)] = inv
	}
	t.Seed = taskSeed(o.Seed, t.ID)
	return t
}

// EscapeTask lays out an escape task's rooms from its "escape" field.
func (t *Task) EscapeTask() (*escape.Task, error) {
	if t.Escape == nil {
		return nil, fmt.Errorf("no escape field")
	}
	et, err := escape.New(escape.Config{Agents: t.AgentCount, MaxRooms: t.Escape.MaxRooms, Seed: t.Escape.Seed, Python: t.Escape.Python})
	if err != nil {
		return nil, err
	}
	et.Name = t.ID
	return et, nil
}

func decodeEscapeSpec(v json.RawMessage) (*EscapeSpec, error) {
	var s EscapeSpec
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("field %q: expected {\"max_rooms\", \"seed\", \"python\"}: %v", "escape", err)
	}
	return &s, nil
}

// escape checks an escape task: its field lays out rooms for its agents.
func (v *validator) escape() {
	t := v.t
	if t.Escape == nil {
		v.add("escape", "missing (expected {\"max_rooms\", \"seed\", \"python\"})")
		return
	}
	if t.Escape.MaxRooms < 1 {
		v.add("escape.max_rooms", fmt.Sprintf("%d, expected at least 1", t.Escape.MaxRooms))
		return
	}
	if _, err := t.EscapeTask(); err != nil {
		v.add("escape", err.Error())
	}
}
