package llm

import (
	"context"
	"time"

	"golang.org/x/time/rate"
)

// Limiter caps requests per second and tokens per minute across every
// worker that shares it.
type Limiter struct {
	requests *rate.Limiter // nil = unlimited
	tokens   *rate.Limiter // nil = unlimited
}

// NewLimiter returns a limiter of requestsPerSecond (evenly spaced) and
// tokensPerMinute (a minute's worth may be spent at once); zero or less
// means no limit of that kind.
func NewLimiter(requestsPerSecond float64, tokensPerMinute int) *Limiter {
	l := &Limiter{}
	if requestsPerSecond > 0 {
		l.requests = rate.NewLimiter(rate.Limit(requestsPerSecond), 1)
	}
	if tokensPerMinute > 0 {
		l.tokens = rate.NewLimiter(rate.Limit(float64(tokensPerMinute)/60), tokensPerMinute)
	}
	return l
}

// wait blocks until a request of about tokens tokens may go out, or ctx
// ends (it returns at once if the wait would outlast ctx's deadline).
func (l *Limiter) wait(ctx context.Context, tokens int) error {
	if l == nil {
		return nil
	}
	if l.requests != nil {
		if err := l.requests.Wait(ctx); err != nil {
			return err
		}
	}
	if l.tokens != nil {
		if err := l.tokens.WaitN(ctx, min(tokens, l.tokens.Burst())); err != nil {
			return err
		}
	}
	return nil
}

// charge books tokens a call used beyond its estimate; later callers wait
// for them.
func (l *Limiter) charge(extra int) {
	if l == nil || l.tokens == nil || extra <= 0 {
		return
	}
	l.tokens.ReserveN(time.Now(), min(extra, l.tokens.Burst()))
}
