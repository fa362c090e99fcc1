// Package llmtest is a fake OpenAI-compatible chat endpoint for tests: it
// answers like a model, misbehaves when told to, and records every request
// it gets. The llm client's tests and the CLI's tests share it.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server serves POST URL+"/v1/chat/completions". Set its fields before
// the first request, or between requests while none is in flight.
type Server struct {
	*httptest.Server

	// Key, if set, must be in every request's Authorization header
	// ("Bearer "+Key); other requests get a 401.
	Key string
	// Faults says how to answer request n (counted from 0, every request
	// the server got), once it is known to be authorised and well formed:
	// "" answers normally, anything else is one of the faults below. nil
	// answers every request.
	//
	//	"429" or "429:<Retry-After>"  rate limited, with that header if given
	//	"500"                         an internal server error
	//	"400"                         a bad request
	//	"echo-auth:<status>"          an error whose message holds the
	//	                              Authorization header, as a leaky server's
	//	"malformed"                   a 200 whose body is cut short
	//	"nochoices"                   a 200 with no choices
	//	"drop"                        the connection closed without an answer
	//	"slow:<duration>"             the answer, that much later
	Faults func(n int, r Request) string
	// Answer is the model: the reply to messages. nil answers "Sure! I
	// read <n> messages. !inventory", or, when the last message asks for
	// unicode, text with non-ASCII, HTML, quotes and control characters.
	Answer func(msgs []Message) string
	// Delay holds back every answer.
	Delay time.Duration
	// OnAnswer is called after each answer (not a fault) with the number
	// answered so far.
	OnAnswer func(answered int)

	t        testing.TB
	mu       sync.Mutex
	requests []Request
	answered int
}

// Message is a chat message as the server received it.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one request as the server received it.
type Request struct {
	Body     []byte    `json:"-"`
	Auth     string    `json:"-"` // the Authorization header
	Model    string    `json:"model"`
	Messages []Message `json:"messages"`
	Stop     []string  `json:"stop"`
	// Temperature and Seed are the sampling settings sent (nil: none).
	Temperature *float64 `json:"temperature"`
	Seed        *int64   `json:"seed"`
	// Answered is set, just before the answer is sent, when the request
	// gets the model's answer rather than a fault.
	Answered bool `json:"-"`
}

// Script is a Faults that gives request n faults[n], and answers normally
// after the script.
func Script(faults ...string) func(n int, r Request) string {
	return func(n int, _ Request) string {
		if n < len(faults) {
			return faults[n]
		}
		return ""
	}
}

// NewServer starts a server, closed when the test ends.
func NewServer(t testing.TB) *Server {
	s := &Server{t: t}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// Requests returns a copy of every request received, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Answered returns the requests that got the model's answer, in arrival
// order.
func (s *Server) Answered() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Answered {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	req := Request{Body: body, Auth: r.Header.Get("Authorization")}
	parseErr := json.Unmarshal(body, &req)
	s.mu.Lock()
	n := len(s.requests)
	s.requests = append(s.requests, req)
	key, faults, delay, answer := s.Key, s.Faults, s.Delay, s.Answer
	s.mu.Unlock()
	reply := func(status int, body string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
	switch {
	case key != "" && req.Auth != "Bearer "+key:
		reply(http.StatusUnauthorized, apiError("bad key", "auth"))
		return
	case parseErr != nil || len(req.Messages) == 0:
		reply(http.StatusBadRequest, apiError("no messages", "invalid_request_error"))
		return
	}

	fault := ""
	if faults != nil {
		fault = faults(n, req)
	}
	switch kind, arg, _ := strings.Cut(fault, ":"); {
	case kind == "":
	case kind == "429":
		if arg != "" {
			w.Header().Set("Retry-After", arg)
		}
		reply(http.StatusTooManyRequests, apiError("Rate limit reached", "rate_limit_error"))
		return
	case kind == "500":
		reply(http.StatusInternalServerError, apiError("internal error", "server_error"))
		return
	case kind == "400":
		reply(http.StatusBadRequest, apiError("bad request", "invalid_request_error"))
		return
	case kind == "echo-auth":
		status, err := strconv.Atoi(arg)
		if err != nil {
			s.t.Errorf("llmtest: fault %q: want echo-auth:<status>", fault)
			status = http.StatusInternalServerError
		}
		reply(status, apiError("failed serving "+req.Auth, "server_error"))
		return
	case kind == "malformed":
		reply(http.StatusOK, `{"id":"chatcmpl-x","choices":[{"index":0,"message":{"role":"assist`)
		return
	case kind == "nochoices":
		reply(http.StatusOK, `{"id":"chatcmpl-x","choices":[]}`)
		return
	case kind == "drop":
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			conn.Close()
		}
		return
	case kind == "slow":
		d, err := time.ParseDuration(arg)
		if err != nil {
			s.t.Errorf("llmtest: fault %q: want slow:<duration>", fault)
		}
		delay += d
	default:
		s.t.Errorf("llmtest: unknown fault %q", fault)
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	if answer == nil {
		answer = defaultAnswer
	}
	content := answer(req.Messages)
	prompt := 0
	for _, m := range req.Messages {
		prompt += Tokens(m.Content)
	}
	resp, _ := json.Marshal(map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1700000000, "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": Tokens(content), "total_tokens": prompt + Tokens(content)},
	})
	// Count the answer before sending it: the client may record it (and
	// the test look at Answered) as soon as it arrives.
	s.mu.Lock()
	s.requests[n].Answered = true
	s.answered++
	answered, hook := s.answered, s.OnAnswer
	s.mu.Unlock()
	reply(http.StatusOK, string(resp))
	if hook != nil {
		hook(answered)
	}
}

// UnicodeAnswer is the default answer to a request whose last message
// mentions "unicode".
const UnicodeAnswer = "Voilà 🧱 <b>&</b> \"quoted\"\n\tdone"

func defaultAnswer(msgs []Message) string {
	if strings.Contains(msgs[len(msgs)-1].Content, "unicode") {
		return UnicodeAnswer
	}
	return fmt.Sprintf("Sure! I read %d messages. !inventory", len(msgs))
}

// Tokens is the usage the server reports for a text: about 4 bytes a
// token.
func Tokens(text string) int { return len(text)/4 + 1 }

func apiError(message, typ string) string {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"message": message, "type": typ}})
	return string(b)
}
