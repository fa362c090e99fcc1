package export

import (
	"fmt"
	"math/rand/v2"
)

func bp(v bool) *bool                  { return &v }
func fp(v float64) *float64            { return &v }
func msg(role, content string) Message { return Message{Role: role, Content: content} }

// fixture is a hand-made set of examples shaped like MINDcraft transitions:
// a system prompt, then history with other agents' messages as user turns,
// command outputs as system turns, and the agent's own replies as assistant.
// It includes exact duplicates within train and across train and test.
type fixture struct {
	examples []Example
}

func newFixture(tasks, perTask int) *fixture {
	r := rand.New(rand.NewPCG(7, 11))
	var f fixture
	for t := range tasks {
		var meta Meta
		switch t % 3 {
		case 0:
			meta = Meta{TaskType: "techtree", TaskID: fmt.Sprintf("multiagent_crafting_bookshelf%d_partial_plan_depth_%d", t, t%3),
				Knobs: knobs(map[string]any{"depth": int64(t % 3), "plan": "partial_plan", "missing_items": int64(t % 2)})}
		case 1:
			meta = Meta{TaskType: "cooking", TaskID: fmt.Sprintf("multiagent_cooking_cake_%d", t),
				Knobs: knobs(map[string]any{"hells_kitchen": t%2 == 0})}
		case 2:
			meta = Meta{TaskType: "construction", TaskID: fmt.Sprintf("materials_1_rooms_2_window_0_carpet_1_variant_%d", t),
				Knobs: knobs(map[string]any{"materials": int64(1), "rooms": int64(2), "windows": int64(0), "carpets": int64(1), "variant": int64(t)})}
		}
		meta.Split = "train"
		if t%4 == 3 {
			meta.Split = "test"
		}
		meta.NumAgents = 2
		meta.Model = "scripted"
		meta.TrialID = meta.TaskID + "#0"
		if meta.TaskType == "construction" {
			meta.Score = fp(float64(t%5) / 4)
		} else {
			meta.Success = bp(true)
		}
		for s := range perTask {
			m := meta
			m.Agent = []string{"andy", "jill"}[s%2]
			m.Step = s
			m.Kind = "conversation"
			other := []string{"jill", "andy"}[s%2]
			msgs := []Message{
				msg("system", "You are a playful Minecraft bot named "+m.Agent+". <<\"quotes\" & ünïcode ✓>>"),
				msg("user", other+": (FROM OTHER BOT)I have 3 oak_planks."),
			}
			for k := range s % 4 {
				msgs = append(msgs,
					msg("assistant", fmt.Sprintf("On it! !collectBlocks(\"oak_log\", %d)", k+1)),
					msg("system", fmt.Sprintf("Collected %d oak_log.", r.IntN(9))))
			}
			msgs = append(msgs, msg("assistant", fmt.Sprintf("Step %d of %s: !craftRecipe(\"bookshelf\", 1)", s, m.TaskID)))
			f.examples = append(f.examples, Example{ID: fmt.Sprintf("%s/%s/%d", m.TrialID, m.Agent, s), Messages: msgs, Meta: m})
		}
	}
	return &f
}

// withDuplicates appends copies: within a split (the same example again) and
// across splits (a train example's messages under a test task).
func (f *fixture) withDuplicates() (within, across int) {
	var train, test *Example
	for i := range f.examples {
		e := &f.examples[i]
		if e.Meta.Split == "train" && train == nil {
			train = e
		}
		if e.Meta.Split == "test" && test == nil {
			test = e
		}
	}
	dup := f.examples[2] // task 0 is a train task; examples 0 and 1 are copied to test below
	dup.ID += "/dup"
	cross := *test
	cross.ID += "/cross"
	cross.Messages = train.Messages
	// A second train example also repeated in test.
	train2 := f.examples[1]
	cross2 := *test
	cross2.ID += "/cross2"
	cross2.Messages = train2.Messages
	f.examples = append(f.examples, dup, cross, cross2)
	return 1, 2
}

func (f *fixture) source() Source {
	return func(yield func(Example, error) bool) {
		for _, e := range f.examples {
			if !yield(e, nil) {
				return
			}
		}
	}
}

// knobs is NewKnobs for values known to fit.
func knobs(byColumn map[string]any) Knobs {
	k, err := NewKnobs(byColumn)
	if err != nil {
		panic(err)
	}
	return k
}
