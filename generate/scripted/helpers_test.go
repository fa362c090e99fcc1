package scripted

import (
	"math/rand/v2"

	"collabcraft/generate"
	"collabcraft/generate/scripted/know"
)

// callOf starts a call from a view (taken as what the call's messages
// show), with the default options.
func callOf(v *generate.View) *call {
	return newBackend(DefaultOptions(), teams).call(know.ParseMINDcraft(v))
}

// respondTo is the response to a conversation call of v, its words drawn
// from rng.
func respondTo(v *generate.View, rng *rand.Rand) string {
	k := callOf(v)
	return k.respond(&voice{rng: rng, persona: personaOf(k.c.Name(), k.c.Goal())})
}

// decide is the response to a conversation call of v with a fixed seed.
func decide(v *generate.View) string { return respondTo(v, rand.New(rand.NewPCG(1, 2))) }

// notesOf are the facts a memory call of v writes, in order.
func notesOf(v *generate.View) []string {
	k := callOf(v)
	var n know.Notes
	for _, r := range k.team.roles(k) {
		r.Notes(&n)
	}
	return n.Facts()
}

// testVoice is a voice with a seeded stream.
func testVoice(seed, stream uint64) *voice { return &voice{rng: rand.New(rand.NewPCG(seed, stream))} }
