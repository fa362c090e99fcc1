package escape

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"
)

// statetreeCase is one case of testdata/statetree.json, which
// scripts/escape-statetree/render.py records by running VillagerAgent's own
// StateTree (make escape-fixtures).
type statetreeCase struct {
	Agents     int     `json:"agents"`
	Rooms      int     `json:"rooms"`
	Seed       uint64  `json:"seed"`
	Complexity float64 `json:"complexity"`
	Tasks      []struct {
		Atom      int              `json:"atom"`
		Center    Pos              `json:"center"`
		Repeat    int              `json:"repeat"`
		MergePos  *Pos             `json:"merge_pos"`
		SplitPos  []Pos            `json:"split_pos"`
		Init      []map[string]any `json:"init"`
		Condition []map[string]any `json:"condition"`
		Effect    []map[string]any `json:"effect"`
	} `json:"tasks"`
	AgentState []struct {
		Idx       int            `json:"idx"`
		Room      *Pos           `json:"room"`
		Inventory map[string]int `json:"inventory"`
	} `json:"agent_state"`
}

func readStateTree(t *testing.T) []statetreeCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/statetree.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []statetreeCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

// canon turns a JSON-able value into plain maps, slices, strings, floats
// and bools, so that ours and VillagerAgent's compare with reflect.DeepEqual.
func canon(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func states(b Block, m map[string]any) {
	for k, v := range map[string]string{"facing": b.Facing, "face": b.Face, "hinge": b.Hinge, "axis": b.Axis, "part": b.Part} {
		if v != "" {
			m[k] = v
		}
	}
	for k, f := range map[string]Flag{"open": b.Open, "powered": b.Powered} {
		if f != Unset {
			m[k] = f == True
		}
	}
}

// pyInit is an init entry as AtomTask.generate writes it.
func pyInit(b AtomBlock) map[string]any {
	if b.Block == nil {
		return map[string]any{"name": "summon_" + b.Entity, "position": b.At}
	}
	m := map[string]any{"name": b.Block.Name, "position": b.At}
	states(*b.Block, m)
	if b.Lock != "" {
		m["lock_key"] = b.Lock
	}
	for item := range b.Items {
		m["command"] = "/item replace block _pos_ container.0 with " + item
	}
	return m
}

// pyCondition is a condition entry without the activate_mode default.
func pyCondition(c Condition) map[string]any {
	m := map[string]any{"name": c.Match.Name, "position": c.At, "mode": string(c.Mode)}
	states(c.Match, m)
	if c.Event != "" {
		m["sub_event"] = c.Event
	}
	return m
}

// effectForm is what both sides' effects are compared on: position,
// sub-event, and the block set (its states unless air) or "command".
func effectForm(e Effect) map[string]any {
	m := map[string]any{"position": e.At}
	if e.Event != "" {
		m["sub_event"] = e.Event
	}
	if e.Set == nil {
		m["command"] = true
		return m
	}
	m["name"] = e.Set.Name
	if e.Set.Name != "air" {
		states(*e.Set, m)
	}
	return m
}

func pyEffectForm(e map[string]any) map[string]any {
	m := map[string]any{"position": e["position"]}
	if ev, ok := e["sub_event"]; ok {
		m["sub_event"] = ev
	}
	if cmd, ok := e["command"]; ok && cmd != "/setblock _pos_ air" {
		m["command"] = true
		return m
	}
	name := e["name"]
	if _, ok := e["command"]; ok {
		name = "air"
	}
	m["name"] = name
	if name != "air" {
		for _, k := range []string{"facing", "face", "hinge", "axis", "part", "open", "powered"} {
			if v, ok := e[k]; ok {
				m[k] = v
			}
		}
	}
	return m
}

// TestStateTreeMatchesVillagerAgent lays out every recorded case (1-3
// agents, 1-5 rooms, seeds 0-7, among them VillagerBench's 22 tasks, and 11
// cases of 2-4 agents with cross and split rooms) with
// CPython's random stream and compares the rooms, their blocks, conditions
// and effects, the complexity and the agents' start rooms and items with
// what VillagerAgent's StateTree made.
func TestStateTreeMatchesVillagerAgent(t *testing.T) {
	cases := readStateTree(t)
	if len(cases) != 131 {
		t.Fatalf("%d cases, want 131", len(cases))
	}
	for _, c := range cases {
		name := fmt.Sprintf("agents%d_rooms%d_seed%d", c.Agents, c.Rooms, c.Seed)
		task, err := New(Config{Agents: c.Agents, MaxRooms: c.Rooms, Seed: c.Seed, Python: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if task.Complexity != c.Complexity {
			t.Errorf("%s: complexity %v, VillagerAgent %v", name, task.Complexity, c.Complexity)
		}
		if len(task.Rooms) != len(c.Tasks) {
			t.Errorf("%s: %d rooms, VillagerAgent %d", name, len(task.Rooms), len(c.Tasks))
			continue
		}
		for i, want := range c.Tasks {
			got := task.Rooms[i]
			where := fmt.Sprintf("%s room %d", name, i)
			if got.Atom != want.Atom || got.Center != want.Center || got.Repeat != want.Repeat {
				t.Errorf("%s: atom %d at %s for %d, VillagerAgent atom %d at %s for %d", where, got.Atom, got.Center, got.Repeat, want.Atom, want.Center, want.Repeat)
				continue
			}
			if !reflect.DeepEqual(got.MergePos, want.MergePos) || !slices.Equal(got.SplitPos, want.SplitPos) {
				t.Errorf("%s: merge %v split %v, VillagerAgent merge %v split %v", where, got.MergePos, got.SplitPos, want.MergePos, want.SplitPos)
			}
			var gotInit, gotCond, gotEff, wantEff []map[string]any
			for _, b := range got.Blocks {
				gotInit = append(gotInit, pyInit(b))
			}
			for _, cd := range got.Conditions {
				gotCond = append(gotCond, pyCondition(cd))
			}
			wantCond := slices.Clone(want.Condition)
			for i, cd := range wantCond {
				m := map[string]any{}
				for k, v := range cd {
					m[k] = v
				}
				if _, ok := m["activate_mode"]; !ok {
					m["activate_mode"] = "level"
				}
				m["mode"] = m["activate_mode"]
				delete(m, "activate_mode")
				wantCond[i] = m
			}
			for _, e := range got.Effects {
				gotEff = append(gotEff, effectForm(e))
			}
			for _, e := range want.Effect {
				wantEff = append(wantEff, pyEffectForm(e))
			}
			for _, cmp := range []struct {
				what      string
				got, want any
			}{{"init", gotInit, want.Init}, {"conditions", gotCond, wantCond}, {"effects", gotEff, wantEff}} {
				if g, w := canon(t, cmp.got), canon(t, cmp.want); !reflect.DeepEqual(g, w) {
					t.Errorf("%s: %s\n ours %v\n VillagerAgent %v", where, cmp.what, g, w)
				}
			}
		}
		for _, a := range c.AgentState {
			s := task.Starts[a.Idx]
			if a.Room == nil || s.Room < 0 || task.Rooms[s.Room].Center != *a.Room || s.Pos != a.Room.Add(Pos{0, 0, -3}) {
				t.Errorf("%s: agent %d starts in room %d at %s, VillagerAgent's room %v", name, a.Idx, s.Room, s.Pos, a.Room)
			}
			want := map[string]int{}
			for k, v := range a.Inventory {
				want[k] = v + 2
			}
			if !reflect.DeepEqual(s.Inventory, want) {
				t.Errorf("%s: agent %d inventory %v, VillagerAgent's load gives %v", name, a.Idx, s.Inventory, want)
			}
		}
	}
}
