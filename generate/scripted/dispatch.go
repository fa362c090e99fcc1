package scripted

import (
	"collabcraft/generate"
	"collabcraft/generate/scripted/dispatcher"
)

// dispatchReply answers a dispatch call with the scripted dispatcher (its
// own role, package dispatcher), which reads the call's messages alone.
func dispatchReply(req *generate.Request, opts Options) generate.Reply {
	return reply(req, dispatcher.Reply(req.Messages, req.Seed, opts.Noise))
}
