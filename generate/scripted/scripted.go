// Package scripted is the scripted agent backend: expert teams for the
// crafting, cooking and construction suites that play through the same
// commands and chat a model would use, so that their trials are training
// data.
//
// Each decision is a pure function of what the agent in that seat may
// know: its goal, its own inventory ($INVENTORY), its summarized memory and
// the turns in its history window (teammates' chat as text, its own
// commands and their outputs). It never looks at the world or at another
// agent's state. Facts that must outlive the 15-turn window are written
// into the memory the agent writes on memory calls and read back from
// View.Memory. A Backend therefore keeps no state between calls: it is
// safe for concurrent use, can serve any number of seats and trials, and
// the same request always gets the same reply.
package scripted

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"collabcraft/generate"
	"collabcraft/generate/scripted/dagexpert"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villager"
)

// Options tune the scripted agents.
type Options struct {
	// Skill in [0, 1] is how optimally they play: below 1 they sometimes
	// make extra queries (!inventory, !craftable, !getCraftingPlan again)
	// before acting. 1 is the default expert.
	Skill float64
	// Noise in [0, 1] is the rate of realistic mistakes (a misspelt item,
	// a wrong count, a command before holding its items), each followed
	// by recovery once the error output is read. 0 is the default.
	Noise float64
}

// DefaultOptions are the expert settings: skill 1, noise 0.
func DefaultOptions() Options { return Options{Skill: 1} }

// New returns the scripted backend. Options out of [0, 1] are clamped.
func New(opts Options) generate.Backend {
	opts.Skill = min(max(opts.Skill, 0), 1)
	opts.Noise = min(max(opts.Noise, 0), 1)
	return &backend{opts: opts}
}

type backend struct{ opts Options }

// Complete answers one call: a memory summary for memory calls, else the
// agent's next response.
func (b *backend) Complete(ctx context.Context, req generate.Request) (generate.Reply, error) {
	if err := ctx.Err(); err != nil {
		return generate.Reply{}, err
	}
	if req.Kind == trajectory.KindDispatch {
		return dispatchReply(&req, b.opts), nil // MindAgent's dispatcher (dispatch.go)
	}
	rng := rand.New(rand.NewPCG(req.Seed, 0x5c1e7ed))
	if dagKinds[req.Kind] {
		return b.dagReply(req, rng)
	}
	view := reveal(&req)
	s := newState(&view, rng, b.opts)
	var text string
	switch req.Kind {
	case trajectory.KindMemory:
		text = s.summarize()
	case trajectory.KindCoding:
		text = s.buildCode()
	case trajectory.KindBotResponder:
		text = respondOrIgnore(view)
	default:
		text = s.decide()
	}
	return generate.Reply{
		Text:         text,
		Usage:        trajectory.Usage{PromptTokens: approxTokens(req.Messages), CompletionTokens: (len(text) + 3) / 4},
		FinishReason: "stop",
	}, nil
}

// greeted reports whether the last turn is the harness's init message.
func (s *state) greeted() bool {
	t := s.v.Turns
	return len(t) > 0 && t[len(t)-1].Role != "assistant" && generate.IsInitMessage(t[len(t)-1].Content)
}

// approxTokens estimates a prompt's tokens (about 4 characters each), so
// token statistics of scripted runs are in a realistic range.
func approxTokens(msgs []trajectory.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)
	}
	return (n + 3) / 4
}

// expert is how a scripted agent plays one kind of task.
type expert struct {
	decide  func(*state) string   // the response to a conversation call
	facts   func(*state) []string // what a memory call keeps
	queries []string              // lookups a less skilled agent makes before acting
}

// experts holds the scripted agents' per-kind behaviour.
var experts = map[*procgen.Kind]expert{
	procgen.Crafting:     {(*state).crafting, (*state).craftFacts, []string{"!inventory", "!craftable", "!nearbyBlocks"}},
	procgen.Cooking:      {(*state).cooking, (*state).cookFacts, []string{"!inventory", "!viewChest", "!entities", "!nearbyBlocks"}},
	procgen.Construction: {(*state).construction, (*state).buildFacts, []string{"!inventory", "!getBlueprint", "!stats"}},
}

// expert returns the behaviour of the task's kind; ok is false for a type
// no kind has.
func (s *state) expert() (e expert, ok bool) {
	k, _ := procgen.KindOfType(s.v.TaskType)
	e, ok = experts[k]
	return e, ok
}

// decide picks the response for a conversation call.
func (s *state) decide() string {
	if s.v.Goal == "" && s.greeted() {
		// MINDcraft's init message comes before the goal: answer it, and
		// act once the goal is known.
		return s.pick("Hello world! I'm "+s.v.Name+".", "Hello world, my name is "+s.v.Name+".", "Hello world, "+s.v.Name+" here.")
	}
	var r string
	if e, ok := s.expert(); ok {
		r = e.decide(s)
	} else {
		r = with(s.say("idle"), cmd("stay", 10))
	}
	r = s.narrate(r)
	if s.opts.Skill < 1 || s.opts.Noise > 0 {
		r = s.perturb(r)
	}
	return r
}

// respondOrIgnore is the expert's bot_responder decision, as the prompt
// asks: conservative. A question interrupts a short action to be answered;
// anything else waits, and a program (!newAction) is never cut short.
func respondOrIgnore(v generate.View) string {
	if len(v.ToSummarize) == 0 || v.Action == "action:newAction" {
		return "ignore"
	}
	if strings.Contains(v.ToSummarize[len(v.ToSummarize)-1].Content, "?") {
		return "respond"
	}
	return "ignore"
}

// dagKinds are the DAG organisation's calls, which its own experts answer
// (package dagexpert).
var dagKinds = map[string]bool{
	trajectory.KindEnvSummary: true, trajectory.KindSummary: true, trajectory.KindDecompose: true, trajectory.KindReplan: true,
	trajectory.KindAssign: true, trajectory.KindReact: true, trajectory.KindReflect: true,
}

func (b *backend) dagReply(req generate.Request, rng *rand.Rand) (generate.Reply, error) {
	msgs := make([]villager.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = villager.Message{Role: m.Role, Content: m.Content}
	}
	text, err := dagexpert.Reply(req.Kind, msgs, rng, dagexpert.Options{Noise: b.opts.Noise})
	if err != nil {
		return generate.Reply{}, fmt.Errorf("scripted: %w", err)
	}
	return generate.Reply{
		Text:         text,
		Usage:        trajectory.Usage{PromptTokens: approxTokens(req.Messages), CompletionTokens: (len(text) + 3) / 4},
		FinishReason: "stop",
	}, nil
}
