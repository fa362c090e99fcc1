package quality

import (
	"slices"
	"strings"

	"github.com/zeebo/xxh3"
)

// CallKey is what the repetition check keeps of a conversation call: its
// command (or its text when it has none) and the context after the
// agent's last own turn (the output it got and any message since).
type CallKey struct {
	Step      int
	Key, Tail uint64
	Stay      bool // a !stay
}

// KeyOf reads a call's key.
func KeyOf(c *Call) CallKey {
	key := strings.TrimSpace(c.Response)
	if m, ok := c.Command(); ok {
		key = c.Response[m.Start:m.End]
	}
	from := 0
	for i := len(c.Context) - 1; i >= 0; i-- {
		if c.Context[i].Role == "assistant" {
			from = i + 1
			break
		}
	}
	h := xxh3.New()
	for _, m := range c.Context[from:] {
		h.WriteString(m.Role)
		h.WriteString(m.Content)
	}
	return CallKey{Step: c.Step, Key: xxh3.HashString(key), Tail: h.Sum64(), Stay: strings.HasPrefix(key, "!stay")}
}

// Repetition is how one agent repeated itself over a trial.
type Repetition struct {
	// Repeats counts calls repeating the previous call's response after
	// the same context tail: nothing new was in between.
	Repeats int
	// Looping: some run of such calls reached 3 in a row.
	Looping bool
	// StayRuns counts runs of 5 or more !stay calls in a row.
	StayRuns int
}

// Repeats judges one agent's conversation calls (sorted by step here).
func Repeats(calls []CallKey) Repetition {
	slices.SortFunc(calls, func(a, b CallKey) int { return a.Step - b.Step })
	var r Repetition
	run, stays := 1, 0
	for i, c := range calls {
		if i > 0 && c.Key == calls[i-1].Key && c.Tail == calls[i-1].Tail {
			r.Repeats++
			if run++; run >= 3 {
				r.Looping = true
			}
		} else {
			run = 1
		}
		if !c.Stay {
			stays = 0
		} else if stays++; stays == 5 {
			r.StayRuns++
		}
	}
	return r
}
