package quality

import (
	"testing"

	"collabcraft/trajectory"
)

func TestRepeats(t *testing.T) {
	call := func(step int, context, response string) CallKey {
		return KeyOf(&Call{Step: step, Response: response, Context: []trajectory.Message{
			{Role: "system", Content: "prompt"}, {Role: "assistant", Content: "earlier"}, {Role: "system", Content: context}}})
	}
	// Out of order on purpose: Repeats sorts by step.
	keys := []CallKey{
		call(2, "same output", "Checking. !checkBlueprint"),
		call(0, "same output", "Again! !checkBlueprint"), // the command counts, not the words
		call(1, "same output", "!checkBlueprint"),
		call(3, "new output", "!checkBlueprint"), // something new came in
	}
	r := Repeats(keys)
	if r.Repeats != 2 || !r.Looping || r.StayRuns != 0 {
		t.Errorf("repeats %+v, want 2 repeats, looping", r)
	}
	var stays []CallKey
	for i := range 6 {
		stays = append(stays, call(i, "msg "+string(rune('a'+i)), "!stay(10)"))
	}
	if r := Repeats(stays); r.StayRuns != 1 || r.Looping {
		t.Errorf("stays %+v, want one run of 5+, not looping (the context changed)", r)
	}
}
