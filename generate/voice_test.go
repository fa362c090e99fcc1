package generate

import (
	"context"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// voicedBackend stands for generate/voice around b: it rewrites the words
// of Andy's conversation responses ("Hi Jill!" -> "Hello there, Jill!")
// and counts one voice call per response it rewrote.
type voicedBackend struct{ b *scriptBackend }

func (v voicedBackend) Complete(ctx context.Context, req Request) (Reply, error) {
	r, err := v.b.Complete(ctx, req)
	if err != nil || req.Kind != trajectory.KindConversation || r.Text == "\t" {
		return r, err
	}
	r.Voice = VoiceUsage{Calls: 1, Usage: trajectory.Usage{PromptTokens: 50, CompletionTokens: 5}}
	if voiced := strings.Replace(r.Text, "Hi Jill!", "Hello there, Jill!", 1); voiced != r.Text {
		r.Scripted, r.Text = r.Text, voiced
	} else {
		r.Voice.Rejected = 1
	}
	return r, nil
}

// A voiced reply is the response: the world runs it and the teammate reads
// it. The transition keeps the scripted original, and the voice's calls
// are counted in the trial's metrics, not in the agent's usage.
func TestVoicedReplyRecorded(t *testing.T) {
	f := newFixture(craftTask(2), []map[string]int{{"oak_planks": 4}}, "ladder",
		[]string{"Hi Jill! !inventory", `I have planks. !givePlayer("Jill_0", "oak_planks", 4)`},
		[]string{"Great, I'll wait for planks.", `Thanks! !craftRecipe("stick", 2)`, `!craftRecipe("ladder", 1)`},
	)
	names := AgentNames(2, 0)
	team := []Seat{{Name: names[0], Backend: voicedBackend{f.backs[0]}}, {Name: names[1], Backend: f.backs[1]}}
	res, err := Run(context.Background(), TrialSpec{Task: f.task, World: f.world, Team: team, Seed: 7, Config: Config{SetupSeconds: -1}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Outcome.Success {
		t.Fatalf("outcome %+v", res.Outcome)
	}
	andy := res.Agents[0]
	var voiced []trajectory.Transition
	for _, tr := range andy.Transitions {
		if tr.Scripted != "" {
			voiced = append(voiced, tr)
		}
	}
	if len(voiced) != 1 || voiced[0].Response != "Hello there, Jill! !inventory" || voiced[0].Scripted != "Hi Jill! !inventory" ||
		voiced[0].Command != "!inventory" || voiced[0].Usage != (trajectory.Usage{PromptTokens: 10, CompletionTokens: 2}) {
		t.Fatalf("voiced transitions %+v", voiced)
	}
	if !hasTurn(andy.History, "assistant", "Hello there, Jill! !inventory") {
		t.Errorf("Andy's history lacks the voiced response: %q", andy.History)
	}
	for _, tr := range res.Agents[1].Transitions {
		if tr.Scripted != "" {
			t.Errorf("Jill's unvoiced transition %d has scripted %q", tr.Step, tr.Scripted)
		}
	}
	want := VoiceUsage{Calls: 2, Rejected: 1, Usage: trajectory.Usage{PromptTokens: 100, CompletionTokens: 10}}
	if res.Voice != want {
		t.Errorf("voice usage %+v, want %+v", res.Voice, want)
	}
	m := metrics(res)
	if m[VoiceCallsMetric] != 2 || m[VoiceRejectedMetric] != 1 || m[VoicePromptTokensMetric] != 100 || m[VoiceCompletionTokensMetric] != 10 {
		t.Errorf("metrics %v", m)
	}
	var s Summary
	s.add(&trajectory.Trial{Metrics: m})
	if s.Voice != want {
		t.Errorf("summary voice %+v, want %+v", s.Voice, want)
	}

	// Without a voice, no voice metrics.
	f = newFixture(craftTask(2), []map[string]int{{"oak_planks": 4}}, "ladder", []string{"Hi Jill! !inventory"}, []string{"\t"})
	res = f.run(t, Config{})
	for k := range metrics(res) {
		if strings.HasPrefix(k, "voice_") {
			t.Errorf("unvoiced trial has metric %s", k)
		}
	}
}
