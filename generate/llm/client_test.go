package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"collabcraft/generate/llm/llmtest"
	"collabcraft/trajectory"
)

const testKey = "sk-test-secret-key-0123456789"

func ptr[T any](v T) *T { return &v }

// newMockServer is the fake endpoint misbehaving as faults say, one per
// request, then answering (see llmtest.Server.Faults).
func newMockServer(t *testing.T, faults ...string) *llmtest.Server {
	m := llmtest.NewServer(t)
	m.Faults = llmtest.Script(faults...)
	return m
}

// newTestClient points a client at m with fast retries; delays asked for
// between attempts are recorded instead of slept.
func newTestClient(t *testing.T, m *llmtest.Server, mod func(*Config)) (*Client, *[]time.Duration) {
	t.Helper()
	t.Setenv("COLLABCRAFT_TEST_KEY", testKey)
	cfg := Config{BaseURL: m.URL + "/v1", Model: "llama-3.3-70b", APIKeyEnv: "COLLABCRAFT_TEST_KEY",
		Timeout: 2 * time.Second, MaxAttempts: 6, MinBackoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	delays := &[]time.Duration{}
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*delays = append(*delays, d)
		mu.Unlock()
		return ctx.Err()
	}
	return c, delays
}

var testMessages = []trajectory.Message{
	{Role: "system", Content: "You are a task-focused Minecraft bot named Andy_0. <docs> & \"quotes\" \\ back\n\ttabs"},
	{Role: "user", Content: "SYSTEM: Code output:\nYou have 4 oak_log.\nJill_1: (FROM OTHER BOT)héllo 日本語 🧱 \u2028"},
	{Role: "assistant", Content: "Let me check. !inventory"},
	{Role: "user", Content: "Jill_1: (FROM OTHER BOT)please answer in unicode"},
}

// receivedMessages decodes the messages the server got in request i.
func receivedMessages(t *testing.T, m *llmtest.Server, i int) []trajectory.Message {
	t.Helper()
	body := m.Requests()[i].Body
	var req struct {
		Messages []trajectory.Message `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("request %d: %v: %s", i, err, body)
	}
	return req.Messages
}

func sameMessages(t *testing.T, got, want []trajectory.Message) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("server got %d messages, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("message %d: server got %q, want %q", i, got[i], want[i])
		}
	}
}

func TestChatExactMessagesAndAnswer(t *testing.T) {
	m := newMockServer(t)
	c, _ := newTestClient(t, m, nil)
	resp, err := c.Chat(context.Background(), testMessages)
	if err != nil {
		t.Fatal(err)
	}
	sameMessages(t, receivedMessages(t, m, 0), testMessages)
	if resp.Content != llmtest.UnicodeAnswer || resp.FinishReason != "stop" || resp.Attempts != 1 ||
		resp.Model != "llama-3.3-70b" || resp.Usage.CompletionTokens != llmtest.Tokens(llmtest.UnicodeAnswer) || resp.Usage.PromptTokens == 0 || resp.Latency <= 0 {
		t.Fatalf("response %+v", resp)
	}
	if m.Requests()[0].Auth != "Bearer "+testKey {
		t.Fatalf("Authorization = %q", m.Requests()[0].Auth)
	}
}

func TestSamplingParametersSent(t *testing.T) {
	for _, tc := range []struct {
		temp *float64
		want string // substring of the body; "" = no temperature at all
	}{
		{ptr(0.0), `"temperature":0,`},
		{ptr(0.7), `"temperature":0.7`},
		{nil, ""},
	} {
		m := newMockServer(t)
		c, _ := newTestClient(t, m, func(cfg *Config) {
			cfg.Temperature = tc.temp
			cfg.TopP = ptr(0.9)
			cfg.MaxTokens = 512
			cfg.Seed = ptr(42)
		})
		if _, err := c.Chat(context.Background(), testMessages); err != nil {
			t.Fatal(err)
		}
		body := string(m.Requests()[0].Body)
		if tc.want == "" {
			if strings.Contains(body, "temperature") {
				t.Errorf("temperature sent though not set: %s", body)
			}
		} else if !strings.Contains(body, tc.want) {
			t.Errorf("temperature %v: body lacks %s: %.200s", *tc.temp, tc.want, body)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(m.Requests()[0].Body, &fields); err != nil {
			t.Fatalf("body is not JSON after rewriting: %v", err)
		}
		for k, v := range map[string]string{"top_p": "0.9", "max_tokens": "512", "max_completion_tokens": "", "seed": "42", "model": `"llama-3.3-70b"`} {
			if string(fields[k]) != v {
				t.Errorf("%s = %s, want %s", k, fields[k], v)
			}
		}
		if tc.temp != nil && *tc.temp == 0 && string(fields["temperature"]) != "0" {
			t.Errorf("server decodes temperature %s, want 0", fields["temperature"])
		}
		sameMessages(t, receivedMessages(t, m, 0), testMessages)
	}
}

// A call's own seed replaces the configured one, in that call only.
func TestCallSeed(t *testing.T) {
	m := newMockServer(t)
	c, _ := newTestClient(t, m, func(cfg *Config) { cfg.Seed = ptr(42) })
	if _, err := c.ChatWith(context.Background(), testMessages, CallOptions{Seed: ptr(7)}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Chat(context.Background(), testMessages); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int64{7, 42} {
		if r := m.Requests()[i]; r.Seed == nil || *r.Seed != want {
			t.Errorf("request %d: seed %v, want %d", i, r.Seed, want)
		}
	}
	sameMessages(t, receivedMessages(t, m, 0), testMessages)
}

// TestRetriesEveryFailureKind: one call meets each failure in turn and
// still succeeds; every attempt carried exactly the same messages, and the
// answer and usage are the last attempt's only.
func TestRetriesEveryFailureKind(t *testing.T) {
	m := newMockServer(t, "429:1", "500", "drop", "malformed", "slow:2s", "nochoices", "")
	c, delays := newTestClient(t, m, func(cfg *Config) {
		cfg.MaxAttempts = 7
		cfg.Timeout = 300 * time.Millisecond
		cfg.Temperature = ptr(0.0)
	})
	resp, err := c.Chat(context.Background(), testMessages)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Attempts != 7 || len(m.Requests()) != 7 {
		t.Fatalf("attempts %d, server saw %d requests, want 7 and 7", resp.Attempts, len(m.Requests()))
	}
	for i := range 7 {
		sameMessages(t, receivedMessages(t, m, i), testMessages)
		if !bytes.Equal(m.Requests()[i].Body, m.Requests()[0].Body) {
			t.Fatalf("request %d differs from request 0", i)
		}
	}
	if resp.Usage.CompletionTokens != llmtest.Tokens(llmtest.UnicodeAnswer) || resp.Content != llmtest.UnicodeAnswer {
		t.Fatalf("response %+v", resp)
	}
	if len(*delays) != 6 || (*delays)[0] != time.Second {
		t.Fatalf("delays %v: want 6, the first exactly the Retry-After of 1s", *delays)
	}
	for _, d := range (*delays)[1:] {
		if d <= 0 || d > 10*time.Millisecond {
			t.Fatalf("backoff %v outside (0, MaxBackoff]", d)
		}
	}
}

func TestRetryAfterHTTPDate(t *testing.T) {
	at := time.Now().Add(3 * time.Second).UTC().Format(http.TimeFormat)
	m := newMockServer(t, "429:"+at)
	c, delays := newTestClient(t, m, nil)
	if _, err := c.Chat(context.Background(), testMessages); err != nil {
		t.Fatal(err)
	}
	if len(*delays) != 1 || (*delays)[0] < time.Second || (*delays)[0] > 3*time.Second {
		t.Fatalf("delays %v, want one of about 2-3s", *delays)
	}
}

func TestAttemptsExhausted(t *testing.T) {
	m := newMockServer(t, "500", "500", "500", "500")
	c, _ := newTestClient(t, m, func(cfg *Config) { cfg.MaxAttempts = 3 })
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Attempts != 3 || e.StatusCode != 500 || !e.Retryable {
		t.Fatalf("err = %#v", err)
	}
	if len(m.Requests()) != 3 {
		t.Fatalf("server saw %d requests, want 3", len(m.Requests()))
	}
	if !strings.Contains(err.Error(), "3 attempt(s)") || !strings.Contains(err.Error(), "HTTP 500") {
		t.Fatalf("message %q", err)
	}
}

func TestTimeoutsExhausted(t *testing.T) {
	m := newMockServer(t, "slow:5s", "slow:5s")
	c, _ := newTestClient(t, m, func(cfg *Config) { cfg.MaxAttempts = 2; cfg.Timeout = 100 * time.Millisecond })
	start := time.Now()
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Attempts != 2 || e.StatusCode != 0 || !strings.Contains(e.Msg, "timed out") {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Fatalf("per-attempt timeout not applied: took %v", time.Since(start))
	}
}

func TestClientErrorNotRetried(t *testing.T) {
	m := newMockServer(t, "400")
	c, _ := newTestClient(t, m, nil)
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Attempts != 1 || e.StatusCode != 400 || e.Retryable || len(m.Requests()) != 1 {
		t.Fatalf("err = %v, requests %d", err, len(m.Requests()))
	}
}

func TestRetryAfterTooLongFails(t *testing.T) {
	m := newMockServer(t, "429:3600")
	c, delays := newTestClient(t, m, func(cfg *Config) { cfg.MaxRetryAfter = time.Minute })
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.StatusCode != 429 || len(*delays) != 0 || !strings.Contains(err.Error(), "retry after 1h0m0s") {
		t.Fatalf("err = %v, delays %v", err, *delays)
	}
}

func TestKeyNeverExposed(t *testing.T) {
	m := newMockServer(t, "echo-auth:400")
	c, _ := newTestClient(t, m, nil)
	_, err := c.Chat(context.Background(), testMessages)
	if err == nil || strings.Contains(err.Error(), testKey) || !strings.Contains(err.Error(), "[redacted]") {
		t.Fatalf("err = %v", err)
	}
	cfgJSON, _ := json.Marshal(c.Config())
	for _, s := range []string{fmt.Sprintf("%+v", *c), fmt.Sprintf("%#v", *c), fmt.Sprintf("%+v", c.Config()), string(cfgJSON)} {
		if strings.Contains(s, testKey) {
			t.Fatalf("key visible in %q", s)
		}
	}
	if !strings.Contains(string(cfgJSON), `"api_key_env":"COLLABCRAFT_TEST_KEY"`) {
		t.Fatalf("config JSON %s", cfgJSON)
	}
}

// TestCancelStopsWaiting: cancelling while waiting for a Retry-After, for
// the rate limiter, or for a slow server returns at once.
func TestCancelStopsWaiting(t *testing.T) {
	cases := map[string]func(t *testing.T) (*Client, *llmtest.Server){
		"retry-after": func(t *testing.T) (*Client, *llmtest.Server) {
			m := newMockServer(t, "429:30")
			c, _ := newTestClient(t, m, nil)
			c.sleep = sleepCtx // really wait
			return c, m
		},
		"slow server": func(t *testing.T) (*Client, *llmtest.Server) {
			m := newMockServer(t, "slow:30s")
			c, _ := newTestClient(t, m, func(cfg *Config) { cfg.Timeout = time.Minute })
			return c, m
		},
		"rate limiter": func(t *testing.T) (*Client, *llmtest.Server) {
			m := newMockServer(t)
			c, _ := newTestClient(t, m, func(cfg *Config) { cfg.Limiter = NewLimiter(0.01, 0) })
			if _, err := c.Chat(context.Background(), testMessages); err != nil { // uses the one token
				t.Fatal(err)
			}
			return c, m
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			c, _ := setup(t)
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			start := time.Now()
			_, err := c.Chat(ctx, testMessages)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if d := time.Since(start); d > time.Second {
				t.Fatalf("returned %v after the call, long after the cancel", d)
			}
		})
	}
}

func TestRequestRateShared(t *testing.T) {
	m := newMockServer(t)
	lim := NewLimiter(50, 0)
	a, _ := newTestClient(t, m, func(cfg *Config) { cfg.Limiter = lim })
	b, _ := newTestClient(t, m, func(cfg *Config) { cfg.Limiter = lim })
	start := time.Now()
	var wg sync.WaitGroup
	for i := range 11 {
		wg.Go(func() {
			c := a
			if i%2 == 1 {
				c = b
			}
			if _, err := c.Chat(context.Background(), testMessages); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// 11 requests at 50/s, evenly spaced: at least 10 gaps of 20ms.
	if d := time.Since(start); d < 190*time.Millisecond {
		t.Fatalf("11 requests took %v; the shared 50/s limit allows no less than 200ms", d)
	}
}

func TestTokenRateLimited(t *testing.T) {
	m := newMockServer(t)
	c, _ := newTestClient(t, m, func(cfg *Config) { cfg.Limiter = NewLimiter(0, 600); cfg.MaxTokens = 500 })
	if _, err := c.Chat(context.Background(), testMessages); err != nil {
		t.Fatal(err)
	}
	// The first call spent most of the minute's 600 tokens; the next must
	// wait about 50s, which a 1s deadline cannot cover: refused at once.
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.Chat(ctx, testMessages)
	if err == nil || time.Since(start) > 500*time.Millisecond || len(m.Requests()) != 1 {
		t.Fatalf("err = %v after %v, %d requests", err, time.Since(start), len(m.Requests()))
	}
}

func TestConfigChecked(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "no model"},
		{Config{Model: "m", APIKeyEnv: "COLLABCRAFT_TEST_UNSET_KEY"}, "COLLABCRAFT_TEST_UNSET_KEY is empty"},
		{Config{Model: "m", BaseURL: "localhost:8000"}, "want http://"},
		{Config{Model: "m", Temperature: ptr(3.0)}, "temperature 3"},
		{Config{Model: "m", TopP: ptr(0.0)}, "top_p 0"},
		{Config{Model: "m", MaxTokens: -1}, "max_tokens -1"},
	} {
		if _, err := New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: err = %v, want %q", tc.cfg, err, tc.want)
		}
	}
}

// TestLocalRefusalNotRetried: a request go-openai refuses before sending
// (temperature 0.5 on a reasoning model) fails once, without reaching the
// server.
func TestLocalRefusalNotRetried(t *testing.T) {
	m := newMockServer(t)
	c, delays := newTestClient(t, m, func(cfg *Config) { cfg.Model = "o1-mini"; cfg.Temperature = ptr(0.5); cfg.MaxTokens = 100 })
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Retryable || e.Attempts != 1 || len(m.Requests()) != 0 || len(*delays) != 0 {
		t.Fatalf("err = %v, %d requests, delays %v", err, len(m.Requests()), *delays)
	}
}

// An answer larger than the limit fails its call, read no further than
// the limit, and is not tried again (issue 26: a 50 MB answer was taken,
// and a 1 GB body held 3 GB of memory until the timeout).
func TestAnswerTooLarge(t *testing.T) {
	m := llmtest.NewServer(t)
	m.Answer = func([]llmtest.Message) string { return strings.Repeat("x", 3<<20) }
	c, _ := newTestClient(t, m, func(c *Config) { c.MaxResponse = 1 << 20 })
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Retryable || e.Attempts != 1 || !strings.Contains(e.Msg, "larger than 1048576 bytes") || !strings.Contains(e.Msg, "--max-response") {
		t.Fatalf("err = %v", err)
	}
	m.Answer = func([]llmtest.Message) string { return strings.Repeat("x", 1<<19) }
	if r, err := c.Chat(context.Background(), testMessages); err != nil || len(r.Content) != 1<<19 {
		t.Fatalf("an answer under the limit: %v", err)
	}
}

// An answer that holds the API key fails its call, with a reason that
// does not hold it (issue 26: the writer refused the trial and the whole
// run stopped).
func TestAnswerHoldsTheKey(t *testing.T) {
	m := llmtest.NewServer(t)
	m.Answer = func([]llmtest.Message) string { return "my key is " + testKey + " !inventory" }
	c, _ := newTestClient(t, m, nil)
	_, err := c.Chat(context.Background(), testMessages)
	var e *Error
	if !errors.As(err, &e) || e.Retryable || !strings.Contains(err.Error(), "holds the API key") || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
}

// A temperature or top_p that is NaN is refused, not sent.
func TestSamplingNaN(t *testing.T) {
	t.Setenv("COLLABCRAFT_TEST_KEY", testKey)
	nan := math.NaN()
	for _, cfg := range []Config{{Temperature: &nan}, {TopP: &nan}} {
		cfg.BaseURL, cfg.Model, cfg.APIKeyEnv = "http://localhost:1/v1", "m", "COLLABCRAFT_TEST_KEY"
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "NaN") {
			t.Errorf("%+v: err = %v", cfg, err)
		}
	}
}
