package llm

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

// mockServer is an OpenAI-compatible chat endpoint that answers like a
// model, or misbehaves as scripted, and keeps every request body it got.
type mockServer struct {
	*httptest.Server
	mu     sync.Mutex
	script []string // behaviour per request; after the script: "ok"
	bodies [][]byte
	auth   []string
}

// Behaviours: "ok", "429:<Retry-After>", "500", "400", "slow:<duration>",
// "malformed", "nochoices", "drop" (hijack and close), "echo-auth-400".
func newMockServer(t testing.TB, script ...string) *mockServer {
	m := &mockServer{script: script}
	m.Server = httptest.NewServer(http.HandlerFunc(m.handle))
	t.Cleanup(m.Close)
	return m
}

func (m *mockServer) requests() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.bodies)
}

type wireRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
}

func (m *mockServer) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	m.mu.Lock()
	n := len(m.bodies)
	m.bodies = append(m.bodies, body)
	m.auth = append(m.auth, r.Header.Get("Authorization"))
	behaviour := "ok"
	if n < len(m.script) {
		behaviour = m.script[n]
	}
	m.mu.Unlock()

	kind, arg, _ := strings.Cut(behaviour, ":")
	switch kind {
	case "429":
		if arg != "" {
			w.Header().Set("Retry-After", arg)
		}
		writeJSON(w, http.StatusTooManyRequests, `{"error":{"message":"Rate limit reached","type":"rate_limit_error"}}`)
		return
	case "500":
		writeJSON(w, http.StatusInternalServerError, `{"error":{"message":"internal error","type":"server_error"}}`)
		return
	case "400":
		writeJSON(w, http.StatusBadRequest, `{"error":{"message":"bad request","type":"invalid_request_error"}}`)
		return
	case "echo-auth-400":
		writeJSON(w, http.StatusBadRequest, fmt.Sprintf(`{"error":{"message":"invalid key %s","type":"auth"}}`, r.Header.Get("Authorization")))
		return
	case "malformed":
		writeJSON(w, http.StatusOK, `{"id":"chatcmpl-x","choices":[{"index":0,"message":{"role":"assist`)
		return
	case "nochoices":
		writeJSON(w, http.StatusOK, `{"id":"chatcmpl-x","choices":[]}`)
		return
	case "drop":
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return
	case "slow":
		d, _ := time.ParseDuration(arg)
		select {
		case <-time.After(d):
		case <-r.Context().Done():
			return
		}
	}
	var req wireRequest
	if err := json.Unmarshal(body, &req); err != nil || len(req.Messages) == 0 {
		writeJSON(w, http.StatusBadRequest, `{"error":{"message":"no messages","type":"invalid_request_error"}}`)
		return
	}
	// Answer like a model: deterministic text that depends on the request.
	last := req.Messages[len(req.Messages)-1].Content
	prompt := 0
	for _, msg := range req.Messages {
		prompt += len(msg.Content)/4 + 1
	}
	content := fmt.Sprintf("Sure! I read %d messages. !inventory", len(req.Messages))
	if strings.Contains(last, "unicode") {
		content = "Voilà 🧱 <b>&</b> \"quoted\"\n\tdone"
	}
	resp, _ := json.Marshal(map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1700000000, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": 9, "total_tokens": prompt + 9},
	})
	writeJSON(w, http.StatusOK, string(resp))
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, body)
}
