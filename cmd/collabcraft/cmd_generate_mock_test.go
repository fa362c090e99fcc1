package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"collabcraft/generate/llm/llmtest"
)

// newModelServer is the fake OpenAI endpoint answering like a model
// playing MINDcraft (modelAnswer: deterministic, so runs are too); it wants
// key and, checked when the test ends, MINDcraft's stop sequence in every
// request.
func newModelServer(t testing.TB, key string) *llmtest.Server {
	srv := llmtest.NewServer(t)
	srv.Key, srv.Answer = key, modelAnswer
	t.Cleanup(func() {
		for _, r := range srv.Requests() {
			if !slices.Equal(r.Stop, []string{"***"}) {
				t.Errorf("request with stop %q, want [***]", r.Stop)
				return
			}
		}
	})
	return srv
}

// faultSchedule injects, by request number: 429s with a Retry-After,
// 500s, slow answers, malformed bodies, dropped connections and an error
// that echoes the Authorization header (a server that leaks the key).
func faultSchedule(n int, _ llmtest.Request) string {
	switch {
	case n%37 == 5:
		return "echo-auth:503"
	case n%7 == 1:
		return "429:0.002"
	case n%11 == 2:
		return "500"
	case n%13 == 3:
		return "slow:20ms"
	case n%17 == 4:
		return "malformed"
	case n%19 == 6:
		return "drop"
	}
	return ""
}

// modelAnswer plays like a simple model: it greets its partner, checks
// its inventory, offers an item, looks at its stats; memory calls get a
// summary. The answer depends only on the messages.
func modelAnswer(msgs []llmtest.Message) string {
	sys := msgs[0].Content
	if strings.HasPrefix(sys, "You are a minecraft bot named ") {
		return "Andy and Jill share items; Jill holds the table. Keep crafting."
	}
	name := "Andy_0"
	if _, rest, ok := strings.Cut(sys, "bot named "); ok {
		name = strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == '.' })[0]
	}
	partner := "Jill_0"
	if name == "Jill_0" {
		partner = "Andy_0"
	}
	said := 0
	for _, m := range msgs {
		if m.Role == "assistant" {
			said++
		}
	}
	switch said % 4 {
	case 0:
		return fmt.Sprintf(`Hi %s! !startConversation("%s", "Hello %s, what do you have? I can share.")`, partner, partner, partner)
	case 1:
		return "Let me look at what I have. !inventory"
	case 2:
		return fmt.Sprintf(`Here you go. !givePlayer("%s", "oak_planks", 1)`, partner)
	default:
		return "Checking my status. !stats"
	}
}

// answeredByText counts the requests srv answered by their messages.
func answeredByText(srv *llmtest.Server) map[string]int {
	out := map[string]int{}
	for _, r := range srv.Answered() {
		out[canonMessages(r.Messages)]++
	}
	return out
}

func canonMessages(msgs []llmtest.Message) string {
	b, _ := json.Marshal(msgs)
	return string(b)
}
