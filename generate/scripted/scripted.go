// Package scripted is the scripted agent backend: expert teams for the
// crafting, cooking and construction suites that play through the same
// commands and chat a model would use, so that their trials are training
// data.
//
// Each call is answered in four steps. The call's context (what its
// messages show: goal, inventory, memory, the turns in the window) is
// parsed once into a typed, read-only value (know.Context). The task
// kind's entry in the role table (teams) says which roles the agent
// plays at this call; the first role with something to do decides, from
// the context alone, an Intent: a command with the facts its words say.
// The role's phrasebook puts the intent into words (seeded variation,
// personas, only facts from the context), and the dialect writes the
// command (MINDcraft's `!name(args)`).
//
// The experts never look at the world or at another agent's state. Facts
// that must outlive the 15-turn window are written into the memory on
// memory calls (know.Notes) and read back. A Backend keeps no state
// between calls: it is safe for concurrent use, can serve any number of
// seats and trials, and the same request always gets the same reply.
package scripted

import (
	"collabcraft/covoyager"
	"context"
	"fmt"
	"math/rand/v2"

	"collabcraft/generate"
	"collabcraft/generate/scripted/chat"
	"collabcraft/generate/scripted/dagexpert"
	"collabcraft/generate/scripted/know"
	"collabcraft/generate/scripted/queueexpert"
	"collabcraft/generate/scripted/treeexpert"
	"collabcraft/procgen"
	"collabcraft/sagents"
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
func New(opts Options) generate.Backend { return newBackend(opts, teams) }

func newBackend(opts Options, t map[string]team) *backend {
	opts.Skill = min(max(opts.Skill, 0), 1)
	opts.Noise = min(max(opts.Noise, 0), 1)
	return &backend{opts: opts, teams: t}
}

type backend struct {
	opts  Options
	teams map[string]team // by task type
}

// A Role is how an agent plays one part of a task at one call. Roles are
// made per call from the call (its context and the team's agreement)
// and decide from that alone; they never choose words.
type Role interface {
	// Decide is the role's intent at a conversation call; ok is false
	// when the role has nothing to do now and the next role decides.
	Decide() (i Intent, ok bool)
	// Notes fills in the facts the agent's memory keeps of the role.
	Notes(n *know.Notes)
	// Phrasebook is the role's words.
	Phrasebook(v *voice) Phrasebook
}

// A Phrasebook puts a role's intents into words. It is the one place the
// words of a role are: seeded variation, personas and the grounding rule
// (say only what the call's context holds). A voice model or another
// language plugs in here.
type Phrasebook interface {
	// Words are the words around the intent's command (or its message),
	// and the words its command takes, if any (!newAction's prompt).
	Words(i Intent) (words, prompt string)
	// Progress says where the role's part of the task stands, for the
	// narration of a routine step ("" for nothing worth saying).
	Progress() string
	// Nod answers a teammate's message that says nothing the role reads
	// ("" to say nothing).
	Nod(from string) string
}

// A Coder is a role that answers coding calls with a program.
type Coder interface {
	Program(v *voice) string
}

// team is one task kind's entry in the role table: which roles an agent
// plays at a call, in the order they decide, and how it reads the goal.
type team struct {
	goal  func(c *know.Context) taskGoal
	roles func(k *call) []Role
	// queries are the lookups a less skilled agent makes before acting.
	queries []string
}

// teams is the role table, by task type. A new role is a new type and a
// new entry (or a new place in an entry's list); no role reads the task
// kind.
var teams = map[string]team{
	procgen.TypeCrafting:       {goal: craftingGoal, roles: craftingRoles, queries: []string{"!inventory", "!craftable", "!nearbyBlocks"}},
	procgen.TypeCooking:        {goal: cookingGoal, roles: cookingRoles, queries: []string{"!inventory", "!viewChest", "!entities", "!nearbyBlocks"}},
	procgen.TypeConstruction:   {roles: constructionRoles, queries: []string{"!inventory", "!getBlueprint", "!stats"}},
	procgen.TypeFarm:           {goal: farmGoal, roles: farmRoles, queries: []string{"!inventory", "!viewChest", "!entities", "!nearbyBlocks"}},
	procgen.TypeVBConstruction: {roles: vbConstructionRoles, queries: []string{"!inventory", "!viewChest", "!nearbyBlocks"}},
	procgen.TypeEscape:         {roles: escapeRoles, queries: []string{"!stats", "!nearbyBlocks", "!entities"}},
}

// call is one call of one agent: its context, its goal as the task kind
// reads it, the backend's options and the team's agreement on who
// collects. The call's roles and their phrasebooks share it.
type call struct {
	c    *know.Context
	goal taskGoal
	opts Options
	g    *agreement
	team team
}

// Complete answers one call: a memory summary for memory calls, a
// program for coding calls, else the agent's next response.
func (b *backend) Complete(ctx context.Context, req generate.Request) (generate.Reply, error) {
	if err := ctx.Err(); err != nil {
		return generate.Reply{}, err
	}
	if req.Kind == trajectory.KindDispatch {
		return dispatchReply(&req, b.opts), nil // MindAgent's dispatcher (dispatch.go)
	}
	if dagKinds[req.Kind] {
		return b.dagReply(req)
	}
	if msgs := covoyagerMessages(req.Messages); queueexpert.Claims(req.Kind, msgs) {
		return queueReply(req, msgs) // Co-Voyager's queue over Voyager's loop
	}
	if treeexpert.Kinds[req.Kind] {
		return treeReply(req) // S-Agents' tree over Voyager's loop
	}
	view := reveal(&req)
	k := b.call(know.ParseMINDcraft(&view))
	v := k.voice(req.Seed)
	var text string
	switch req.Kind {
	case trajectory.KindMemory:
		text = k.summarize(v)
	case trajectory.KindCoding:
		text = k.program(v)
	case trajectory.KindBotResponder:
		text = respondOrIgnore(k.c)
	default:
		text = k.respond(v)
	}
	return reply(&req, text), nil
}

// call starts a call from its context: the team of its task type (the
// idlers for a type no team plays) and the goal as it reads it.
func (b *backend) call(c *know.Context) *call {
	tm, ok := b.teams[c.TaskType()]
	if !ok {
		tm = idlers
	}
	k := &call{c: c, opts: b.opts, g: &agreement{c: c}, team: tm}
	if tm.goal != nil {
		k.goal = tm.goal(c)
	}
	return k
}

// voice is the call's voice: its words' seed and the agent's persona.
func (k *call) voice(seed uint64) *voice {
	return &voice{rng: rand.New(rand.NewPCG(seed, 0x5c1e7ed)), persona: personaOf(k.c.Name(), k.c.Goal())}
}

// respond is the response to a conversation call: the first of the
// agent's roles with something to do decides, its phrasebook says it.
func (k *call) respond(v *voice) string {
	c := k.c
	if c.Goal() == "" && greeted(c) {
		// MINDcraft's init message comes before the goal: answer it, and
		// act once the goal is known.
		return v.pick("Hello world! I'm "+c.Name()+".", "Hello world, my name is "+c.Name()+".", "Hello world, "+c.Name()+" here.")
	}
	var (
		role Role
		i    Intent
	)
	for _, r := range k.team.roles(k) {
		if d, ok := r.Decide(); ok {
			role, i = r, d
			break
		}
	}
	if role == nil {
		role, i = idler{}, do(rest{10}, "stay", 10)
	}
	if to := i.Act.to(); to != "" && c.InConversationWith(to) && !c.Reaches(to) {
		// The agent opened this conversation and to has not answered:
		// another message would only draw MINDcraft's "already in
		// conversation" warning, and a reply would not reach them.
		role, i = awaiter{to}, do(awaitAnswer{to}, "stay", 5)
	}
	pb := role.Phrasebook(v)
	var r string
	if i.Facts == (silence{}) {
		r = "\t"
	} else {
		words, prompt := pb.Words(i)
		a := i.Act
		if prompt != "" {
			a.Args = append(a.Args, prompt)
		}
		switch {
		case a.narrated():
			r = k.narrate(v, pb, words, a)
		case c.Reaches(a.to()):
			// In a conversation with them a reply reaches them:
			// !startConversation would only draw MINDcraft's warning.
			r = a.reply(words)
		default:
			r = a.mindcraft(words)
		}
	}
	if k.opts.Skill < 1 || k.opts.Noise > 0 {
		r = k.perturb(v, r)
	}
	return r
}

// program answers a coding call: the program of the first role that
// writes code.
func (k *call) program(v *voice) string {
	for _, r := range k.team.roles(k) {
		if cr, ok := r.(Coder); ok {
			return cr.Program(v)
		}
	}
	return ""
}

// greeted reports whether the last turn is the harness's init message.
func greeted(c *know.Context) bool {
	t := c.Turns()
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

// respondOrIgnore is the expert's bot_responder decision, as its prompt
// intends: "respond" when the new message needs the busy agent now, and
// "ignore" otherwise (a report, a status, thanks), so the action runs on.
func respondOrIgnore(c *know.Context) string {
	f := c.Folded()
	if len(f) == 0 {
		return "ignore"
	}
	if needsAnswer(chat.Parse(f[len(f)-1].Content)) {
		return "respond"
	}
	return "ignore"
}

// needsAnswer reports whether a message needs its reader now: a request
// for items (the call does not show the inventory: the asker waits for
// them or for a no), a question to it (what it holds, the recipes, the
// plan), or a change of plan (who collects, a dish no longer needed, the
// builders' split).
func needsAnswer(m chat.Message) bool {
	return m.Any(chat.Request | chat.Question | chat.AskItems | chat.AskRecipes | chat.NoPlan | chat.StillNeed |
		chat.Collector | chat.TakeRole | chat.NoNeed | chat.Plan | chat.Part | chat.BlueprintSplit)
}

// reply is a call's reply: its text, with token counts estimated as a
// model's usage would report them.
func reply(req *generate.Request, text string) generate.Reply {
	return generate.Reply{
		Text:         text,
		Usage:        trajectory.Usage{PromptTokens: approxTokens(req.Messages), CompletionTokens: (len(text) + 3) / 4},
		FinishReason: "stop",
	}
}

// dagKinds are the DAG organisation's calls, which its own experts answer
// (package dagexpert).
var dagKinds = map[string]bool{
	trajectory.KindEnvSummary: true, trajectory.KindSummary: true, trajectory.KindDecompose: true, trajectory.KindReplan: true,
	trajectory.KindAssign: true, trajectory.KindReact: true, trajectory.KindReflect: true,
}

// dagReply answers a DAG call with dagexpert, its words drawn from the
// call's seed as the MINDcraft calls' voice draws them.
func (b *backend) dagReply(req generate.Request) (generate.Reply, error) {
	rng := rand.New(rand.NewPCG(req.Seed, 0x5c1e7ed))
	msgs := make([]villager.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = villager.Message{Role: m.Role, Content: m.Content}
	}
	text, err := dagexpert.Reply(req.Kind, msgs, rng, dagexpert.Options{Noise: b.opts.Noise})
	if err != nil {
		return generate.Reply{}, fmt.Errorf("scripted: %w", err)
	}
	return reply(&req, text), nil
}

// treeReply answers a call of the tree organisation (treeexpert).
func treeReply(req generate.Request) (generate.Reply, error) {
	rng := rand.New(rand.NewPCG(req.Seed, 0x7ee))
	msgs := make([]sagents.Message, len(req.Messages))
	for i, m := range req.Messages {
		msgs[i] = sagents.Message{Role: m.Role, Content: m.Content}
	}
	text, err := treeexpert.Reply(req.Kind, msgs, rng)
	if err != nil {
		return generate.Reply{}, fmt.Errorf("scripted: %w", err)
	}
	return reply(&req, text), nil
}

func covoyagerMessages(ms []trajectory.Message) []covoyager.Message {
	out := make([]covoyager.Message, len(ms))
	for i, m := range ms {
		out[i] = covoyager.Message{Role: m.Role, Content: m.Content}
	}
	return out
}

// queueReply answers a call of the queue organisation (queueexpert).
func queueReply(req generate.Request, msgs []covoyager.Message) (generate.Reply, error) {
	text, err := queueexpert.Reply(req.Kind, msgs, rand.New(rand.NewPCG(req.Seed, 0xc0f)))
	if err != nil {
		return generate.Reply{}, fmt.Errorf("scripted: %w", err)
	}
	return reply(&req, text), nil
}

// idlers play a task of a type no team plays: they wait.
var idlers = team{roles: func(*call) []Role { return []Role{idler{}} }}

// idler is the role of an agent with nothing to do: it rests.
type idler struct{}

// rest is waiting Seconds with nothing to do.
type rest struct{ Seconds int }

func (idler) Decide() (Intent, bool)         { return do(rest{10}, "stay", 10), true }
func (idler) Notes(*know.Notes)              {}
func (idler) Phrasebook(v *voice) Phrasebook { return restWords{v} }

// restWords say an idler's rest.
type restWords struct{ v *voice }

func (w restWords) Words(Intent) (string, string) { return w.v.say(idlePhrases), "" }
func (restWords) Progress() string                { return "" }
func (w restWords) Nod(from string) string        { return nod(w.v, from) }

// awaiter is an agent waiting for the answer of the teammate it opened a
// conversation with.
type awaiter struct{ to string }

// awaitAnswer is waiting for To's answer.
type awaitAnswer struct{ To string }

func (a awaiter) Decide() (Intent, bool)         { return do(awaitAnswer{a.to}, "stay", 5), true }
func (awaiter) Notes(*know.Notes)                {}
func (a awaiter) Phrasebook(v *voice) Phrasebook { return awaitWords{v} }

// awaitWords say the wait for an answer.
type awaitWords struct{ v *voice }

func (w awaitWords) Words(i Intent) (string, string) {
	to := i.Facts.(awaitAnswer).To
	return w.v.pick("Waiting for "+to+" to answer.", to+" hasn't answered yet; I'll give them a moment.", "I'll wait for "+to+"'s reply first."), ""
}
func (awaitWords) Progress() string         { return "" }
func (w awaitWords) Nod(from string) string { return nod(w.v, from) }
