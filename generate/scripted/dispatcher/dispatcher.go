// Package dispatcher is the scripted experts' dispatcher, a role of its
// own: MindAgent's central planner (generate/dispatch), which answers each
// dispatch call with one action line per agent, as MindAgent's demo turns
// do (no other words). It decides from the call's messages alone: in
// CuisineWorld the kitchen from the rules (the recipes, the tools and
// their capacities) and the game from the last user turn (orders and their
// lifetimes, where each agent stands and what it holds, what each tool
// holds and whether it is busy, the last step's errors, and the human's
// action in the human variant); in the Minecraft kitchen the meats from
// the rules and the orders, agents, furnace and chest from the turn
// (kitchen.go). It keeps no state: every step is planned afresh from what
// the turn shows, so a mistake's error is followed by the recovery the new
// state calls for. generate/scripted's backend answers dispatch calls with
// Reply.
package dispatcher

import (
	"math/rand/v2"
	"slices"
	"strings"

	"collabcraft/cuisine"
	"collabcraft/trajectory"
)

// Reply is the scripted dispatcher's reply to a dispatch call of these
// messages: one action line per agent it plans for. seed seeds its noise:
// with noise n, 0.3·n of the steps whose turn shows no error carry a
// realistic mistake.
func Reply(msgs []trajectory.Message, seed uint64, noise float64) string {
	rng := rand.New(rand.NewPCG(seed, 0xd15a7c4))
	if isKitchenCall(msgs) {
		return kitchenReply(msgs, rng, noise)
	}
	call, ok := readDispatchCall(msgs)
	if !ok {
		return ""
	}
	plan := newCuisinePlan(call)
	acts := plan.actions()
	if noise > 0 && len(call.turn.Errors) == 0 && rng.Float64() < noise*noiseShare {
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

// noiseShare scales the noise into the share of steps that carry a
// mistake, as the MINDcraft experts scale theirs (generate/scripted's
// noise.go).
const noiseShare = 0.3

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
