// Package llm calls OpenAI-compatible chat endpoints for the openai agent
// backend: one Client shared by all workers, with retries, timeouts and a
// shared rate limit, returning exactly what the model said.
package llm

import (
	"net/http"
	"time"
)

// Defaults for zero Config fields.
const (
	DefaultAPIKeyEnv = "OPENAI_API_KEY"
	// DefaultMaxResponse bounds an answer's body: 1 MiB is some 250,000
	// tokens, far more than any max_tokens.
	DefaultMaxResponse   = 1 << 20
	DefaultBaseURL       = "https://api.openai.com/v1"
	DefaultTimeout       = 120 * time.Second
	DefaultMaxAttempts   = 6
	DefaultMinBackoff    = 500 * time.Millisecond
	DefaultMaxBackoff    = 30 * time.Second
	DefaultMaxRetryAfter = 5 * time.Minute
)

// Config describes an endpoint and how to call it. It holds the NAME of the
// environment variable with the API key, never the key, so it can be
// written into a run manifest as it is.
type Config struct {
	BaseURL     string   `json:"base_url"`              // e.g. http://localhost:8000/v1; "" = DefaultBaseURL
	Model       string   `json:"model"`                 // required
	APIKeyEnv   string   `json:"api_key_env"`           // "" = DefaultAPIKeyEnv; an unset or empty variable sends no key
	Temperature *float64 `json:"temperature,omitempty"` // nil = the server's default; 0 is sent as 0
	TopP        *float64 `json:"top_p,omitempty"`       // nil = the server's default
	MaxTokens   int      `json:"max_tokens,omitempty"`  // 0 = the server's default
	Seed        *int     `json:"seed,omitempty"`        // nil = none
	Stop        []string `json:"stop,omitempty"`        // stop sequences

	Timeout       time.Duration `json:"timeout,omitempty"`         // per attempt; 0 = DefaultTimeout
	MaxAttempts   int           `json:"max_attempts,omitempty"`    // attempts per call; 0 = DefaultMaxAttempts
	MinBackoff    time.Duration `json:"min_backoff,omitempty"`     // first retry delay; 0 = DefaultMinBackoff
	MaxBackoff    time.Duration `json:"max_backoff,omitempty"`     // cap on the backoff; 0 = DefaultMaxBackoff
	MaxRetryAfter time.Duration `json:"max_retry_after,omitempty"` // a longer Retry-After fails the call; 0 = DefaultMaxRetryAfter
	// MaxResponse is the most bytes of an answer read; a larger one fails
	// the call (it is not tried again). 0 = DefaultMaxResponse.
	MaxResponse int64 `json:"max_response,omitempty"`

	// Limiter is shared by every client and worker of a run; nil = no limit.
	Limiter *Limiter `json:"-"`
	// Transport carries the HTTP requests; nil = a pooled transport sized
	// for many concurrent workers.
	Transport http.RoundTripper `json:"-"`
}

func (c Config) withDefaults() Config {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.APIKeyEnv == "" {
		c.APIKeyEnv = DefaultAPIKeyEnv
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.MaxResponse <= 0 {
		c.MaxResponse = DefaultMaxResponse
	}
	if c.MinBackoff <= 0 {
		c.MinBackoff = DefaultMinBackoff
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxBackoff < c.MinBackoff {
		c.MaxBackoff = c.MinBackoff
	}
	if c.MaxRetryAfter <= 0 {
		c.MaxRetryAfter = DefaultMaxRetryAfter
	}
	return c
}

// defaultTransport keeps enough idle connections for every worker; the
// standard library keeps 2 per host, which makes a 32-worker run open and
// close a connection per call.
func defaultTransport() http.RoundTripper {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = 1024
	t.MaxIdleConnsPerHost = 1024
	return t
}
