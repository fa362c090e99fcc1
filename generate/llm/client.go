package llm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"time"

	"collabcraft/trajectory"

	openai "github.com/sashabaranov/go-openai"
)

// Client calls one model on one endpoint. It is safe for concurrent use;
// share one per backend across all workers.
type Client struct {
	cfg Config
	// api holds the API key; it is a pointer so that printing a Client
	// shows an address, never the key.
	api *openai.Client
	// redact removes the key from error texts (servers may echo headers).
	redact func(string) string
	// holdsKey reports whether a text holds the key: an answer that does
	// fails its call, so the key never reaches a run.
	holdsKey func(string) bool
	// sleep waits between attempts; replaced in tests.
	sleep func(ctx context.Context, d time.Duration) error
}

// Response is one successful call.
type Response struct {
	Content      string           // exactly the text the model returned
	FinishReason string           // "stop", "length", ...
	Usage        trajectory.Usage // as reported by the server for the successful attempt
	Model        string           // the model the server says answered
	Latency      time.Duration    // from the call until the answer, waits and retries included
	Attempts     int              // HTTP attempts made, 1 if the first succeeded
}

// Error is a call that failed for good: attempts ran out, the request was
// rejected (4xx), or the server asked to wait longer than allowed.
type Error struct {
	Attempts   int    // attempts made
	StatusCode int    // HTTP status of the last attempt; 0 if none came back
	Retryable  bool   // the last failure was of a retryable kind
	Msg        string // what went wrong last, with any API key removed
	err        error
}

func (e *Error) Error() string {
	s := fmt.Sprintf("llm: call failed after %d attempt(s)", e.Attempts)
	if e.StatusCode != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.StatusCode)
	}
	return s + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.err }

// New checks cfg and returns a client. The API key is read now from the
// environment variable cfg.APIKeyEnv names.
func New(cfg Config) (*Client, error) {
	cfg = cfg.withDefaults()
	if cfg.Model == "" {
		return nil, errors.New("llm: no model given")
	}
	if !strings.HasPrefix(cfg.BaseURL, "http://") && !strings.HasPrefix(cfg.BaseURL, "https://") {
		return nil, fmt.Errorf("llm: base URL %q: want http:// or https://", cfg.BaseURL)
	}
	if t := cfg.Temperature; t != nil && !(*t >= 0 && *t <= 2) { // NaN too
		return nil, fmt.Errorf("llm: temperature %g: want 0 to 2", *t)
	}
	if p := cfg.TopP; p != nil && !(*p > 0 && *p <= 1) { // NaN too
		return nil, fmt.Errorf("llm: top_p %g: want more than 0, at most 1", *p)
	}
	if cfg.MaxTokens < 0 {
		return nil, fmt.Errorf("llm: max_tokens %d: want 0 (server default) or more", cfg.MaxTokens)
	}
	key := os.Getenv(cfg.APIKeyEnv)
	if key == "" && cfg.BaseURL == DefaultBaseURL {
		return nil, fmt.Errorf("llm: environment variable %s is empty; the OpenAI API needs a key (or set a base URL for a local server)", cfg.APIKeyEnv)
	}
	base := cfg.Transport
	if base == nil {
		base = defaultTransport()
	}
	oc := openai.DefaultConfig(key)
	oc.BaseURL = strings.TrimSuffix(cfg.BaseURL, "/")
	oc.HTTPClient = &http.Client{Transport: &transport{base: base, zeroTemp: cfg.Temperature != nil && *cfg.Temperature == 0, maxBody: cfg.MaxResponse}}
	redact := func(s string) string { return s }
	holdsKey := func(string) bool { return false }
	if len(key) >= 4 {
		redact = func(s string) string { return strings.ReplaceAll(s, key, "[redacted]") }
		holdsKey = func(s string) bool { return strings.Contains(s, key) }
	}
	return &Client{cfg: cfg, api: openai.NewClientWithConfig(oc), redact: redact, holdsKey: holdsKey, sleep: sleepCtx}, nil
}

// Config returns the client's configuration with defaults filled in.
func (c *Client) Config() Config { return c.cfg }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// CallOptions change one call's request from the client's configuration.
type CallOptions struct {
	Seed *int     // sent instead of Config.Seed (nil: Config.Seed)
	Stop []string // sent instead of Config.Stop (nil: Config.Stop)
}

func (c *Client) request(msgs []trajectory.Message, o CallOptions) openai.ChatCompletionRequest {
	// OpenAI deprecates max_tokens for max_completion_tokens, but Ollama and
	// LM Studio read only max_tokens and would silently ignore the limit.
	//lint:ignore SA1019 the field every OpenAI-compatible server reads
	req := openai.ChatCompletionRequest{Model: c.cfg.Model, MaxTokens: c.cfg.MaxTokens, Seed: c.cfg.Seed, Stop: c.cfg.Stop,
		Messages: make([]openai.ChatCompletionMessage, len(msgs))}
	for i, m := range msgs {
		// go-openai leaves out an empty content; servers read that as "".
		req.Messages[i] = openai.ChatCompletionMessage{Role: m.Role, Content: m.Content}
	}
	if o.Seed != nil {
		req.Seed = o.Seed
	}
	if o.Stop != nil {
		req.Stop = o.Stop
	}
	if t := c.cfg.Temperature; t != nil {
		req.Temperature = float32(*t) // 0 is added by the transport
	}
	if p := c.cfg.TopP; p != nil {
		req.TopP = float32(*p)
	}
	return req
}

// estimateTokens guesses a call's tokens before it is made, for the
// tokens-per-minute limit: about 4 bytes a token, plus the answer.
func (c *Client) estimateTokens(msgs []trajectory.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)/4 + 4
	}
	if c.cfg.MaxTokens > 0 {
		return n + c.cfg.MaxTokens
	}
	return n + 256
}

// Chat sends msgs and returns the model's answer. It retries 429s, 5xx,
// connection errors, timeouts and malformed answers with exponential
// backoff and jitter (or exactly the server's Retry-After), up to
// MaxAttempts. When ctx ends, Chat returns at once with ctx's error.
func (c *Client) Chat(ctx context.Context, msgs []trajectory.Message) (*Response, error) {
	return c.ChatWith(ctx, msgs, CallOptions{})
}

// ChatWith is Chat with the request changed by o, e.g. a seed of the
// call's own.
func (c *Client) ChatWith(ctx context.Context, msgs []trajectory.Message, o CallOptions) (*Response, error) {
	start := time.Now()
	req := c.request(msgs, o)
	est := c.estimateTokens(msgs)
	for attempt := 1; ; attempt++ {
		if err := c.cfg.Limiter.wait(ctx, est); err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("llm: %w", ctx.Err())
			}
			return nil, &Error{Attempts: attempt - 1, Msg: "rate limit: " + err.Error(), err: err}
		}
		info := &attemptInfo{}
		actx, cancel := context.WithTimeout(withAttemptInfo(ctx, info), c.cfg.Timeout)
		resp, err := c.api.CreateChatCompletion(actx, req)
		cancel()
		if err == nil && len(resp.Choices) == 0 {
			err = errors.New("malformed answer: no choices")
		}
		if err == nil && c.holdsKey(resp.Choices[0].Message.Content) {
			return nil, &Error{Attempts: attempt, StatusCode: info.status, Msg: "the answer holds the API key (a server or model echoing it); " +
				"it is refused, so that the key is never written"}
		}
		if err == nil {
			c.cfg.Limiter.charge(resp.Usage.TotalTokens - est)
			ch := resp.Choices[0]
			return &Response{
				Content: ch.Message.Content, FinishReason: string(ch.FinishReason), Model: resp.Model,
				Usage:   trajectory.Usage{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens},
				Latency: time.Since(start), Attempts: attempt,
			}, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("llm: %w", ctx.Err())
		}
		status, retryable := classify(err, info)
		msg := c.redact(describe(err, actx))
		if info.tooLarge {
			msg = fmt.Sprintf("the answer is larger than %d bytes, the most read (raise it with --max-response)", c.cfg.MaxResponse)
		}
		fail := &Error{Attempts: attempt, StatusCode: status, Retryable: retryable, Msg: msg, err: err}
		if !retryable || attempt >= c.cfg.MaxAttempts {
			return nil, fail
		}
		delay := c.backoff(attempt)
		if ra, ok := parseRetryAfter(info.retryAfter, time.Now()); ok {
			if ra > c.cfg.MaxRetryAfter {
				fail.Msg += fmt.Sprintf(" (the server asks to retry after %v, more than the %v allowed)", ra, c.cfg.MaxRetryAfter)
				return nil, fail
			}
			delay = ra
		}
		if err := c.sleep(ctx, delay); err != nil {
			return nil, fmt.Errorf("llm: %w", ctx.Err())
		}
	}
}

// classify returns the HTTP status of a failed attempt and whether
// trying again can help.
func classify(err error, info *attemptInfo) (status int, retryable bool) {
	if !info.sent { // go-openai refused the request itself (e.g. a parameter the model does not take)
		return 0, false
	}
	if info.tooLarge { // the same request would get the same flood
		return info.status, false
	}
	status = info.status
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.HTTPStatusCode
	case errors.As(err, &reqErr):
		status = reqErr.HTTPStatusCode
	}
	switch {
	case status == 0: // no answer: connection refused or dropped, timeout
		return 0, true
	case status == http.StatusTooManyRequests, status == http.StatusRequestTimeout, status >= 500:
		return status, true
	case status >= 400:
		return status, false // the request itself is wrong: retrying cannot help
	default: // a 2xx whose body could not be read or decoded
		return status, true
	}
}

// describe names a failure without go-openai's nesting.
func describe(err error, attemptCtx context.Context) string {
	if errors.Is(attemptCtx.Err(), context.DeadlineExceeded) {
		return "timed out: " + err.Error()
	}
	return err.Error()
}

// backoff is the delay before attempt+1: MinBackoff doubling per attempt,
// capped at MaxBackoff, with "equal jitter" (half fixed, half random) so
// workers that failed together do not retry together.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.cfg.MinBackoff
	for range attempt - 1 {
		d *= 2
		if d >= c.cfg.MaxBackoff {
			d = c.cfg.MaxBackoff
			break
		}
	}
	half := d / 2
	return half + rand.N(half+1)
}
