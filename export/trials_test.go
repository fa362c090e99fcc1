package export

import (
	"maps"
	"slices"
	"testing"

	"collabcraft/trajectory"
)

func TestFromTrials(t *testing.T) {
	team := []trajectory.Member{{Name: "Andy_0", Backend: "scripted"}, {Name: "Jill_0", Backend: "openai", Model: "gpt-x"}}
	tr := &trajectory.Trial{Run: "/runs/r1", TrialID: "t#0", TaskID: "materials_1_rooms_2_window_0_carpet_1_variant_3",
		TaskType: "construction", Split: "test", Team: team, Outcome: trajectory.Outcome{Score: 0.5},
		Agents: []trajectory.Agent{
			{Name: "Andy_0", Transitions: []trajectory.Transition{
				{Step: 0, Kind: "conversation", Messages: []Message{{Role: "system", Content: "s"}}, Response: "a"},
				{Step: 1, Kind: "memory", Messages: []Message{{Role: "user", Content: "u"}}, Response: "m"}}},
			{Name: "Jill_0", Transitions: []trajectory.Transition{{Step: 0, Kind: "conversation", Response: "b"}}},
		}}
	var got []Example
	for ex, err := range FromTrials(trajectory.Values([]*trajectory.Trial{tr}), UnitTransition) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ex)
	}
	if len(got) != 3 || got[0].ID != "r1/t#0/Andy_0/0" || got[1].Meta.Step != 1 || got[1].Meta.Kind != "memory" ||
		got[1].Messages[1] != (Message{Role: "assistant", Content: "m"}) {
		t.Fatalf("examples %+v", got)
	}
	m := got[0].Meta
	want := map[string]any{"materials": int64(1), "rooms": int64(2), "windows": int64(0), "carpets": int64(1), "variant": int64(3)}
	if !maps.Equal(knobMap(m.Knobs), want) || m.TaskType != "construction" || m.Model != "scripted" || m.NumAgents != 2 || *m.Score != 0.5 || *m.Success {
		t.Errorf("meta %+v", m)
	}
	if got[2].Meta.Model != "gpt-x" {
		t.Errorf("model %q, want the member's model", got[2].Meta.Model)
	}

	craft := metaOf(&trajectory.Trial{TaskType: "techtree", TaskID: "x", Difficulty: map[string]any{"depth": 2.0, "plan": "no_plan", "missing": 1.0}}, "a")
	if want := map[string]any{"depth": int64(2), "plan": "no_plan", "missing_items": int64(1)}; !maps.Equal(knobMap(craft.Knobs), want) {
		t.Errorf("crafting knobs %v, want %v", knobMap(craft.Knobs), want)
	}
	cook := metaOf(&trajectory.Trial{TaskType: "cooking", TaskID: "multiagent_cooking_cake_hells_kitchen"}, "a")
	if want := map[string]any{"hells_kitchen": true}; !maps.Equal(knobMap(cook.Knobs), want) {
		t.Errorf("cooking knobs %v, want %v", knobMap(cook.Knobs), want)
	}
	if other := metaOf(&trajectory.Trial{TaskType: "mystery", TaskID: "rooms_2"}, "a"); len(knobMap(other.Knobs)) != 0 {
		t.Errorf("a type no kind has got knobs %v", other.Knobs)
	}

	var eps []Example
	for ex := range FromTrials(trajectory.Values([]*trajectory.Trial{tr}), UnitEpisode) {
		eps = append(eps, ex)
	}
	if ids := []string{eps[0].ID, eps[1].ID}; len(eps) != 2 || !slices.Equal(ids, []string{"r1/t#0/Andy_0/episode", "r1/t#0/Jill_0/episode"}) ||
		eps[0].Meta.Kind != "episode" || eps[0].Meta.Step != 1 {
		t.Errorf("episodes %+v", eps)
	}
}

// knobMap lists the knob columns k has a value for.
func knobMap(k Knobs) map[string]any {
	m := map[string]any{}
	for _, c := range knobCols {
		if v := k.Get(c.name); v != nil {
			m[c.name] = v
		}
	}
	return m
}

func TestNewKnobs(t *testing.T) {
	if _, err := NewKnobs(map[string]any{"depth": 2}); err == nil {
		t.Error("an int (not int64) depth was accepted")
	}
	if _, err := NewKnobs(map[string]any{"dishes": int64(2)}); err == nil {
		t.Error("a column no kind has was accepted")
	}
	k, err := NewKnobs(map[string]any{"plan": "no_plan", "hells_kitchen": nil})
	if err != nil || k.Get("plan") != "no_plan" || k.Get("hells_kitchen") != nil || k.Get("depth") != nil {
		t.Errorf("NewKnobs: %v, %v", k, err)
	}
}
