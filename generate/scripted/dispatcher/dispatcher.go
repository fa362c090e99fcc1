package scripted

import (
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/trajectory"
)

// The dispatcher is a role of its own: MindAgent's central planner
// (generate/dispatch), which answers each dispatch call with one action
// line per agent, as MindAgent's demo turns do (no other words). It
// decides from the call's messages alone: the kitchen from the rules (the
// recipes, the tools and their capacities), the game from the last user
// turn (orders and their lifetimes, where each agent stands and what it
// holds, what each tool holds and whether it is busy, the last step's
// errors, and the human's action in the human variant). It keeps no state:
// every step is planned afresh from what the turn shows, so a mistake's
// error is followed by the recovery the new state calls for.

// dispatchReply is the scripted dispatcher's reply to a dispatch call.
func dispatchReply(req *generate.Request, opts Options) generate.Reply {
	text := dispatchText(req, opts)
	return generate.Reply{
		Text:         text,
		Usage:        trajectory.Usage{PromptTokens: approxTokens(req.Messages), CompletionTokens: (len(text) + 3) / 4},
		FinishReason: "stop",
	}
}

// dispatchText is the reply's text: one action line per agent it plans.
func dispatchText(req *generate.Request, opts Options) string {
	call, ok := readDispatchCall(req.Messages)
	if !ok {
		return ""
	}
	plan := newKitchenPlan(call)
	acts := plan.actions()
	rng := rand.New(rand.NewPCG(req.Seed, 0xd15a7c4))
	if opts.Noise > 0 && len(call.turn.Errors) == 0 && rng.Float64() < opts.Noise*dispatchNoiseShare {
		acts = plan.mistake(acts, rng)
	}
	if call.human && len(acts) > 0 {
		acts = acts[1:] // agent 0 is the human, whose action the turn shows
	}
	var b strings.Builder
	for _, a := range orderActions(acts) {
		b.WriteString(a + "\n")
	}
	return b.String()
}

// dispatchNoiseShare scales Options.Noise into the share of steps that
// carry a mistake, as the MINDcraft experts scale it (noise.go).
const dispatchNoiseShare = 0.3

// dispatchCall is what a dispatch call's messages say.
type dispatchCall struct {
	rules cuisine.Rules
	turn  cuisine.Turn
	human bool // the info turn says agent 0 is a human
	// seen are the dishes the game has shown as orders or accomplished
	// in the turns of the window (the level's own, not the demo's).
	seen []string
}

// readDispatchCall reads the rules (the first user message), whether a
// human plays agent 0 (the info turn), and the current turn (the last).
func readDispatchCall(msgs []trajectory.Message) (dispatchCall, bool) {
	var c dispatchCall
	if len(msgs) == 0 {
		return c, false
	}
	r, err := cuisine.ReadRules(msgs[0].Content)
	if err != nil {
		return c, false
	}
	c.rules = r
	for _, m := range msgs {
		if m.Role == "user" && strings.HasPrefix(m.Content, "In this game, there is one human, denote as agent0") {
			c.human = true
		}
	}
	t, err := cuisine.ReadTurn(msgs[len(msgs)-1].Content)
	if err != nil {
		return c, false
	}
	c.turn = t
	for _, o := range t.State.Orders {
		c.seen = append(c.seen, o.Dish)
	}
	c.seen = append(c.seen, t.State.Accomplished...)
	slices.Sort(c.seen)
	c.seen = slices.Compact(c.seen)
	return c, true
}
