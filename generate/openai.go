package generate

import (
	"context"

	"collabcraft/generate/llm"
)

// OpenAIBackend is the openai backend: every call goes to one
// OpenAI-compatible endpoint through c, which retries, rate-limits and
// times out calls itself. The messages are sent exactly as the engine
// built them.
func OpenAIBackend(c *llm.Client) Backend { return openAIBackend{c} }

type openAIBackend struct{ c *llm.Client }

func (b openAIBackend) Complete(ctx context.Context, req Request) (Reply, error) {
	r, err := b.c.ChatWith(ctx, req.Messages, llm.CallOptions{Stop: req.Stop})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: r.Content, Usage: r.Usage, Latency: r.Latency, Attempts: r.Attempts, FinishReason: r.FinishReason}, nil
}
