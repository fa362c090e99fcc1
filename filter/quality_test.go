package filter

import (
	"testing"

	"collabcraft/trajectory"
)

// call is a conversation call answering context with response.
func call(step int, context, response string) trajectory.Transition {
	return trajectory.Transition{Step: step, Kind: trajectory.KindConversation, Response: response,
		Messages: []trajectory.Message{{Role: "system", Content: "prompt"}, {Role: "user", Content: context}}}
}

func qualityTrial(id string, calls ...trajectory.Transition) *trajectory.Trial {
	return &trajectory.Trial{TrialID: id, TaskType: "techtree", Outcome: trajectory.Outcome{Success: true, EndReason: trajectory.EndSuccess},
		Agents: []trajectory.Agent{{Name: "Andy_0", Transitions: calls}}}
}

func TestQualityRules(t *testing.T) {
	clean := qualityTrial("clean",
		call(0, "INVENTORY\n- oak_planks: 4", `Making sticks. !craftRecipe("stick", 1)`),
		call(1, "craft a chest", "Done here."))
	ungrounded := qualityTrial("ungrounded",
		call(0, "craft a chest", `!collectBlocks("diamond", 1)`),
		call(1, "craft a chest", `!collectBlocks("emerald", 1)`))
	looping := qualityTrial("looping",
		call(0, "System output: nothing", "!inventory"), call(1, "System output: nothing", "!inventory"),
		call(2, "System output: nothing", "!inventory"))
	one := 1
	f, err := New(Config{MaxViolations: &one, DropLooping: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		t    *trajectory.Trial
		want Reason
	}{{clean, Kept}, {ungrounded, Ungrounded}, {looping, Looping}} {
		if got := f.JudgeTrial(tc.t).Reason; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.t.TrialID, got, tc.want)
		}
	}
	two := 2
	f, _ = New(Config{MaxViolations: &two})
	if got := f.JudgeTrial(ungrounded).Reason; got != Kept {
		t.Errorf("2 violations under --max-violations 2: %s", got)
	}
	bad := -1
	if _, err := New(Config{MaxViolations: &bad}); err == nil {
		t.Error("max_violations -1 accepted")
	}
}

// TestGroundingRuleReadsToolCalls: --max-violations counts a DAG react
// call's tool call that its prompt does not support, as it counts a
// MINDcraft command.
func TestGroundingRuleReadsToolCalls(t *testing.T) {
	react := func(player string) trajectory.Transition {
		return trajectory.Transition{Kind: trajectory.KindReact,
			Messages: []trajectory.Message{{Role: "system", Content: "tools"}, {Role: "user", Content: "Your name is Andy_0. Jill_0 holds 2 stick."}},
			Response: "Thought: give.\nAction:\n```\n{\"action\": \"handoverBlock\", \"action_input\": {\"player_name\": \"Andy_0\", \"target_player_name\": \"" +
				player + "\", \"item_name\": \"stick\", \"item_count\": 1}}\n```"}
	}
	zero := 0
	f, err := New(Config{MaxViolations: &zero})
	if err != nil {
		t.Fatal(err)
	}
	if got := f.JudgeTrial(qualityTrial("grounded", react("Jill_0"))).Reason; got != Kept {
		t.Errorf("a grounded tool call: %s", got)
	}
	if got := f.JudgeTrial(qualityTrial("ungrounded", react("Steve_9"))).Reason; got != Ungrounded {
		t.Errorf("a tool call to a player nobody mentioned: %s", got)
	}
}
