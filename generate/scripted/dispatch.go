package scripted

import (
	"collabcraft/generate"
	"collabcraft/generate/scripted/dispatcher"
	"collabcraft/trajectory"
)

// dispatchReply answers a dispatch call with the scripted dispatcher (its
// own role, package dispatcher), which reads the call's messages alone.
func dispatchReply(req *generate.Request, opts Options) generate.Reply {
	text := dispatcher.Reply(req.Messages, req.Seed, opts.Noise)
	return generate.Reply{
		Text:         text,
		Usage:        trajectory.Usage{PromptTokens: approxTokens(req.Messages), CompletionTokens: (len(text) + 3) / 4},
		FinishReason: "stop",
	}
}
