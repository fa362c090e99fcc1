package llm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// attemptInfo carries what the HTTP layer saw back to Chat: go-openai's
// errors keep the status but drop the headers, and Retry-After is a header.
type attemptInfo struct {
	sent       bool // the request reached the HTTP layer
	status     int
	retryAfter string
	tooLarge   bool // the answer's body went past the limit
}

type attemptKey struct{}

// transport wraps the real one: it records each response's status and
// Retry-After, and sends temperature 0 when it was asked for.
type transport struct {
	base     http.RoundTripper
	zeroTemp bool
	maxBody  int64 // the most bytes of an answer's body read
}

// zeroTemperature is inserted into request bodies when the caller asked for
// temperature 0: go-openai's ChatCompletionRequest.Temperature is a float32
// tagged omitempty, so 0 would be left out and the server would sample at
// its default (often 0.7 or 1) instead of greedily.
var zeroTemperature = []byte(`"temperature":0,`)

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	info, _ := req.Context().Value(attemptKey{}).(*attemptInfo)
	if info != nil {
		info.sent = true
	}
	if t.zeroTemp && req.Body != nil {
		body, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		// The body is go-openai's marshalled request: a non-empty JSON
		// object (it always has "model") without a temperature key.
		if len(body) < 2 || body[0] != '{' || bytes.Contains(body, []byte(`"temperature":`)) {
			return nil, fmt.Errorf("llm: unexpected request body, cannot set temperature 0")
		}
		nb := make([]byte, 0, len(body)+len(zeroTemperature))
		nb = append(append(append(nb, '{'), zeroTemperature...), body[1:]...)
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(nb))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(nb)), nil }
		req.ContentLength = int64(len(nb))
		req.Header.Set("Content-Length", strconv.Itoa(len(nb)))
	}
	resp, err := t.base.RoundTrip(req)
	if info != nil && resp != nil {
		info.status = resp.StatusCode
		info.retryAfter = resp.Header.Get("Retry-After")
	}
	if resp != nil && t.maxBody > 0 {
		resp.Body = &limitedBody{body: resp.Body, left: t.maxBody, info: info}
	}
	return resp, err
}

// errTooLarge is what reading an answer past the limit gets.
var errTooLarge = errors.New("the answer is larger than the limit")

// limitedBody reads no more than left bytes of a body: an answer of a
// gigabyte fails at the limit instead of filling memory.
type limitedBody struct {
	body io.ReadCloser
	left int64
	info *attemptInfo
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, _ := b.body.Read(one[:]); n == 0 {
			return 0, io.EOF // exactly at the limit
		}
		if b.info != nil {
			b.info.tooLarge = true
		}
		return 0, errTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.body.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.body.Close() }

func withAttemptInfo(ctx context.Context, info *attemptInfo) context.Context {
	return context.WithValue(ctx, attemptKey{}, info)
}

// parseRetryAfter reads a Retry-After value: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s < 0 {
			return 0, false
		}
		return time.Duration(s * float64(time.Second)), true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}
