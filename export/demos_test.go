package export

import (
	"slices"
	"testing"

	"collabcraft/cuisine"
)

// TestDropDemoTurns: the demo's block of turns goes, whole; a live turn
// that reads like one of the demo's stays, and so does the response.
func TestDropDemoTurns(t *testing.T) {
	demo, _ := cuisine.Demos(2, false)
	msgs := []Message{{Role: "user", Content: "rules"}}
	for i, d := range demo {
		msgs = append(msgs, Message{Role: []string{"user", "assistant"}[i%2], Content: d})
	}
	live := []Message{{Role: "user", Content: "info"}, {Role: "user", Content: "turn 1"},
		{Role: "assistant", Content: demo[1]}, // the same actions as the demo's first reply
		{Role: "user", Content: "turn 2"}, {Role: "assistant", Content: demo[1]}}
	msgs = append(msgs, live...)
	got := dropDemoTurns(msgs)
	want := append([]Message{{Role: "user", Content: "rules"}}, live...)
	if !slices.Equal(got, want) {
		t.Errorf("dropped to %d messages: %v", len(got), got)
	}
	// A context without the whole block keeps every turn.
	part := append([]Message{{Role: "user", Content: "rules"}}, msgs[1:5]...)
	part = append(part, Message{Role: "assistant", Content: "x"})
	if got := dropDemoTurns(part); !slices.Equal(got, part) {
		t.Errorf("a partial demo was dropped: %v", got)
	}
}
