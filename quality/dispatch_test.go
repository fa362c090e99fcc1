package quality

import (
	"slices"
	"testing"

	"collabcraft/cuisine"
	"collabcraft/mckitchen"
	"collabcraft/trajectory"
)

// dispatchContext is a dispatcher's first call on a level, as
// generate/dispatch assembles it: rules, the demo (of another level), the
// info turn and the first user turn.
func dispatchContext(t *testing.T, level string, agents int) []trajectory.Message {
	t.Helper()
	l, _ := cuisine.LevelNamed(level)
	w, err := cuisine.New(l, cuisine.Config{Agents: agents, Alpha: 1})
	if err != nil {
		t.Fatal(err)
	}
	msgs := []trajectory.Message{{Role: "user", Content: cuisine.RulesText(l, true, 0)}}
	demo, _ := cuisine.Demos(agents, false)
	for i, d := range demo {
		msgs = append(msgs, trajectory.Message{Role: []string{"user", "assistant"}[i%2], Content: d})
	}
	msgs = append(msgs, trajectory.Message{Role: "user", Content: cuisine.InfoText(agents)})
	turn := cuisine.ErrorsText(nil) + cuisine.SuggestionsText(nil) + w.State().Prompt() + cuisine.ActionPrompt
	return append(msgs, trajectory.Message{Role: "user", Content: turn})
}

func TestDispatchGrounding(t *testing.T) {
	ctx := dispatchContext(t, "level_3", 2) // salmon and tuna sushi; the 2-agent demo cooks porkMeatcake in blender0
	g := &Grounder{}
	for _, c := range []struct {
		response string
		want     []string // kind:value
	}{
		{"goto_agent0_storage0\nget_agent1_tuna_storage0\n", nil},
		{"put_agent0_mixer1\nactivate_agent1_pot0", nil},
		{"goto_agent0_blender0\nnoop_agent1", []string{"tool:blender0"}},              // the demo's tool, not this kitchen's
		{"get_agent0_beef_storage0\nnoop_agent1", []string{"item:beef"}},              // no recipe here takes beef
		{"get_agent0_pork_storage0\nnoop_agent1", nil},                                // the rules list porkMeatcake's pork
		{"noop_agent2\ngoto_agent1_grill0", []string{"player:agent2", "tool:grill0"}}, // a third agent, an unknown tool
		{"I would rather not.", nil},
	} {
		call := Call{Kind: trajectory.KindDispatch, TaskType: "cuisine", Context: ctx, Response: c.response}
		var got []string
		for _, v := range g.CheckCall(trajectory.KindDispatch, &call) {
			got = append(got, v.Kind+":"+v.Value)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: violations %v, want %v", c.response, got, c.want)
		}
	}
}

func TestKitchenGrounding(t *testing.T) {
	l := mckitchen.Level{Name: "meats_beef_mutton", Dishes: []string{"cooked_beef", "cooked_mutton"}}
	s := mckitchen.State{MaxSteps: 60, Agents: []mckitchen.AgentView{{At: "field"}, {At: "cow", Inventory: map[string]int{"beef": 1}}}}
	ctx := []trajectory.Message{{Role: "user", Content: mckitchen.RulesText(l)}, {Role: "user", Content: mckitchen.InfoText(2)},
		{Role: "user", Content: mckitchen.ErrorsText(nil) + s.Text() + mckitchen.ActionPrompt}}
	g := &Grounder{}
	for _, c := range []struct {
		response string
		want     []string
	}{
		{"goto(agent0, cow)\nputItemFurnace(agent1, beef)\n", nil},
		{"killMob(agent0, sheep)\ntakeOutFurnace(agent1)", nil},
		{"goto(agent0, nether)\nputItemFurnace(agent1, rabbit)", []string{"tool:nether", "item:rabbit"}},
		{"killMob(agent2, cow)", []string{"player:agent2"}},
	} {
		call := Call{Kind: trajectory.KindDispatch, TaskType: "mckitchen", Context: ctx, Response: c.response}
		var got []string
		for _, v := range g.CheckCall(trajectory.KindDispatch, &call) {
			got = append(got, v.Kind+":"+v.Value)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: violations %v, want %v", c.response, got, c.want)
		}
	}
	if got := DispatchActions("goto(agent0, cow)\nputInChest(agent1, cooked_beef)"); len(got) != 2 {
		t.Errorf("kitchen actions %q", got)
	}
}
