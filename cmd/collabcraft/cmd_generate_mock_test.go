package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// modelServer is an OpenAI-compatible chat endpoint that answers like a
// model playing MINDcraft (a valid command response that depends only on
// the request, so runs are deterministic), misbehaves on a schedule, and
// keeps the messages of every request it answered.
type modelServer struct {
	*httptest.Server
	key string // the Authorization header must carry it

	mu       sync.Mutex
	n        int                // requests seen
	faults   func(n int) string // behaviour of request n: "" = answer
	poison   string             // system prompts containing it always get a 500
	delay    time.Duration      // every answer takes this long
	onAnswer func(answered int) // called after each answer
	answered [][]wireMessage    // messages of every request answered 200
	byText   map[string]int     // canonical messages -> times answered
}

type wireMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

func newModelServer(t testing.TB, key string) *modelServer {
	m := &modelServer{key: key, byText: map[string]int{}}
	m.Server = httptest.NewServer(http.HandlerFunc(m.handle))
	t.Cleanup(m.Close)
	return m
}

// faultSchedule injects, by request number: 429s with a Retry-After,
// 500s, slow answers, malformed bodies, dropped connections and an error
// that echoes the Authorization header (a server that leaks the key).
func faultSchedule(n int) string {
	switch {
	case n%37 == 5:
		return "echo-auth"
	case n%7 == 1:
		return "429"
	case n%11 == 2:
		return "500"
	case n%13 == 3:
		return "slow"
	case n%17 == 4:
		return "malformed"
	case n%19 == 6:
		return "drop"
	}
	return ""
}

func (m *modelServer) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+m.key {
		writeBody(w, http.StatusUnauthorized, `{"error":{"message":"bad key","type":"auth"}}`)
		return
	}
	var req struct {
		Model    string        `json:"model"`
		Messages []wireMessage `json:"messages"`
		Stop     []string      `json:"stop"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
		writeBody(w, http.StatusBadRequest, `{"error":{"message":"no messages","type":"invalid_request_error"}}`)
		return
	}
	if len(req.Stop) != 1 || req.Stop[0] != "***" { // MINDcraft's stop sequence must be sent
		writeBody(w, http.StatusBadRequest, `{"error":{"message":"want stop [\"***\"]","type":"invalid_request_error"}}`)
		return
	}
	m.mu.Lock()
	n := m.n
	m.n++
	fault := ""
	if m.faults != nil {
		fault = m.faults(n)
	}
	poisoned := m.poison != "" && strings.Contains(req.Messages[0].Content, m.poison)
	delay := m.delay
	m.mu.Unlock()

	switch {
	case poisoned: // and leaks the key in its error, which must not reach the run
		writeBody(w, http.StatusInternalServerError, fmt.Sprintf(`{"error":{"message":"model crashed serving %s","type":"server_error"}}`, r.Header.Get("Authorization")))
		return
	case fault == "429":
		w.Header().Set("Retry-After", "0.002")
		writeBody(w, http.StatusTooManyRequests, `{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}`)
		return
	case fault == "500":
		writeBody(w, http.StatusInternalServerError, `{"error":{"message":"internal error","type":"server_error"}}`)
		return
	case fault == "malformed":
		writeBody(w, http.StatusOK, `{"id":"chatcmpl-x","choices":[{"index":0,"message":{"role":"assist`)
		return
	case fault == "echo-auth":
		writeBody(w, http.StatusServiceUnavailable, fmt.Sprintf(`{"error":{"message":"overloaded, request from %s","type":"server_error"}}`, r.Header.Get("Authorization")))
		return
	case fault == "drop":
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	case fault == "slow":
		delay += 20 * time.Millisecond
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	content := modelAnswer(req.Messages)
	prompt := 0
	for _, msg := range req.Messages {
		prompt += len(msg.Content)/4 + 1
	}
	resp, _ := json.Marshal(map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1700000000, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": len(content) / 4, "total_tokens": prompt + len(content)/4},
	})
	// Count the answer before sending it: the client may record it as soon
	// as it arrives.
	m.mu.Lock()
	m.answered = append(m.answered, req.Messages)
	m.byText[canonMessages(req.Messages)]++
	answered := len(m.answered)
	hook := m.onAnswer
	m.mu.Unlock()
	writeBody(w, http.StatusOK, string(resp))
	if hook != nil {
		hook(answered)
	}
}

// modelAnswer plays like a simple model: it greets its partner, checks
// its inventory, offers an item, looks at its stats; memory calls get a
// summary. The answer depends only on the messages.
func modelAnswer(msgs []wireMessage) string {
	sys := msgs[0].Content
	if strings.HasPrefix(sys, "You are a minecraft bot named ") {
		return "Andy and Jill share items; Jill holds the table. Keep crafting."
	}
	name := "Andy_0"
	if _, rest, ok := strings.Cut(sys, "bot named "); ok {
		name, _, _ = strings.Cut(rest, ".")
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

func canonMessages(msgs []wireMessage) string {
	b, _ := json.Marshal(msgs)
	return string(b)
}

func writeBody(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}
