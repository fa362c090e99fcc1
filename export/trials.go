package export

import (
	"iter"
	"path/filepath"
	"strconv"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// Units of examples.
const (
	UnitTransition = "transition" // one example per model call, as the paper trains
	UnitEpisode    = "episode"    // one per agent and trial: its whole conversation
)

// FromTrials turns trials into training examples: one per transition (unit
// transition), one per agent (unit episode), or VillagerAgent's own, one
// per action of its agents' ReAct runs (UnitVillagerAgent), in the trials'
// order. Errors of the trial stream are passed on.
func FromTrials(trials iter.Seq2[*trajectory.Trial, error], unit string) Source {
	return func(yield func(Example, error) bool) {
		for t, err := range trials {
			if err != nil {
				if !yield(Example{}, err) {
					return
				}
				continue
			}
			if unit == UnitVillagerAgent {
				if !villagerExamples(t, yield) {
					return
				}
				continue
			}
			for i := range t.Agents {
				a := &t.Agents[i]
				meta := metaOf(t, a.Name)
				if unit == UnitEpisode {
					ex, ok := episodeExample(t, a, meta)
					if ok && !yield(ex, nil) {
						return
					}
					continue
				}
				for j := range a.Transitions {
					tr := &a.Transitions[j]
					m := meta
					m.Step, m.Kind = tr.Step, tr.Kind
					msgs := make([]Message, 0, len(tr.Messages)+1)
					msgs = append(append(msgs, tr.Messages...), Message{Role: "assistant", Content: tr.Response})
					if !yield(Example{ID: exampleID(t, a.Name, strconv.Itoa(tr.Step)), Messages: msgs, Meta: m}, nil) {
						return
					}
				}
			}
		}
	}
}

// episodeExample is one agent's conversation: the system prompt of its
// first model call, then its recorded history (its own replies as assistant
// turns). Without a recorded history it falls back to the context and reply
// of its last conversation call. ok is false if there is nothing to train.
func episodeExample(t *trajectory.Trial, a *trajectory.Agent, meta Meta) (Example, bool) {
	if len(a.Transitions) == 0 {
		return Example{}, false
	}
	var msgs []Message
	if first := a.Transitions[0].Messages; len(first) > 0 && first[0].Role == "system" {
		msgs = append(msgs, first[0])
	}
	hasAssistant := false
	for _, m := range a.History {
		hasAssistant = hasAssistant || m.Role == "assistant"
	}
	if hasAssistant {
		msgs = append(msgs, a.History...)
	} else {
		last := &a.Transitions[len(a.Transitions)-1]
		for j := len(a.Transitions) - 1; j >= 0; j-- {
			if a.Transitions[j].Kind == trajectory.KindConversation {
				last = &a.Transitions[j]
				break
			}
		}
		msgs = append(append([]Message(nil), last.Messages...), Message{Role: "assistant", Content: last.Response})
	}
	meta.Step, meta.Kind = a.Transitions[len(a.Transitions)-1].Step, "episode"
	return Example{ID: exampleID(t, a.Name, "episode"), Messages: msgs, Meta: meta}, true
}

// exampleID is unique across the inputs: run, trial, agent, step.
func exampleID(t *trajectory.Trial, agent, step string) string {
	return filepath.Base(t.Run) + "/" + t.TrialID + "/" + agent + "/" + step
}

// metaOf is the metadata of agent's examples of t. The model is the team
// member's model, else its backend's name; the knobs are those of the
// task's kind (none for a type no kind has).
func metaOf(t *trajectory.Trial, agent string) Meta {
	taskType := t.TaskType
	if k, ok := procgen.KindOfType(t.TaskType); ok {
		taskType = k.Name // the CLI's and stats' names: crafting, not techtree
	}
	m := Meta{TrialID: t.TrialID, TaskID: t.TaskID, TaskType: taskType, Split: t.Split, Agent: agent,
		NumAgents: t.AgentCount(), Org: t.Org}
	score, success := t.Outcome.Score, t.Outcome.Success
	m.Score, m.Success = &score, &success
	for _, mem := range t.Team {
		if mem.Name == agent {
			m.Model = mem.Model
			if m.Model == "" {
				m.Model = mem.Backend
			}
		}
	}
	if k, ok := procgen.KindOfType(t.TaskType); ok {
		values := make([]any, len(knobIndex))
		for i := range k.Knobs {
			if kn := &k.Knobs[i]; kn.Column != "" {
				values[knobIndex[kn.Column]] = kn.Value(t.Difficulty, t.TaskID) // of the column's type, by knobColumns
			}
		}
		m.Knobs = Knobs{values: values}
		m.Target = k.TargetOf(t.Difficulty)
	}
	return m
}
