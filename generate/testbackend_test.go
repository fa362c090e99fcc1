package generate

import (
	"context"
	"fmt"
	"sync"

	"collabcraft/trajectory"
)

// scriptBackend replies with a fixed sequence of responses, one per
// conversation call, then a tab ("nothing to say"); memory calls get
// "memory N". It records every request it was given.
type scriptBackend struct {
	mu      sync.Mutex
	replies []string
	next    int
	mems    int
	reqs    []Request
	// decisions answer bot_responder calls in order ("ignore" after).
	decisions []string
}

func (b *scriptBackend) Complete(ctx context.Context, req Request) (Reply, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reqs = append(b.reqs, req)
	if req.Kind == trajectory.KindMemory {
		b.mems++
		return Reply{Text: fmt.Sprintf("memory %d", b.mems)}, nil
	}
	if req.Kind == trajectory.KindBotResponder {
		if len(b.decisions) > 0 {
			d := b.decisions[0]
			b.decisions = b.decisions[1:]
			return Reply{Text: d}, nil
		}
		return Reply{Text: "ignore"}, nil
	}
	if b.next < len(b.replies) {
		b.next++
		return Reply{Text: b.replies[b.next-1], Usage: trajectory.Usage{PromptTokens: 10, CompletionTokens: 2}}, nil
	}
	return Reply{Text: "\t"}, nil
}

// funcBackend answers with a function of the request.
type funcBackend func(req Request) (Reply, error)

func (f funcBackend) Complete(ctx context.Context, req Request) (Reply, error) { return f(req) }
