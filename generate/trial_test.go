package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// fixture is a team over the fake world.
type fixture struct {
	task  *procgen.Task
	world *fakeWorld
	backs []*scriptBackend
	rec   *memRecorder
}

type memRecorder struct {
	got []int // agent of each recorded transition, in order
}

func (r *memRecorder) Record(agent int, _ trajectory.Transition) { r.got = append(r.got, agent) }

func newFixture(task *procgen.Task, inv []map[string]int, target string, replies ...[]string) *fixture {
	names := AgentNames(len(replies), 0)
	f := &fixture{task: task, world: newFakeWorld(names, inv, target), rec: &memRecorder{}}
	for _, r := range replies {
		f.backs = append(f.backs, &scriptBackend{replies: r})
	}
	return f
}

// run plays the fixture. Its trials open the task's conversation at once
// unless cfg sets SetupSeconds (TestSetupDelay checks MINDcraft's wait).
func (f *fixture) run(t *testing.T, cfg Config) *TrialResult {
	t.Helper()
	if cfg.SetupSeconds == 0 {
		cfg.SetupSeconds = -1
	}
	names := AgentNames(len(f.backs), 0)
	team := make([]Seat, len(f.backs))
	for i, b := range f.backs {
		team[i] = Seat{Name: names[i], Backend: b}
	}
	res, err := Run(context.Background(), TrialSpec{Task: f.task, World: f.world, Team: team, Seed: 7, Config: cfg, Recorder: f.rec})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func hasTurn(h []trajectory.Message, role, content string) bool {
	return slices.Contains(h, trajectory.Message{Role: role, Content: content})
}

func lastTurn(h []trajectory.Message) trajectory.Message { return h[len(h)-1] }

func craftTask(n int) *procgen.Task {
	return &procgen.Task{ID: "ladder", Type: procgen.TypeCrafting, AgentCount: n, HumanCount: procgen.IntPtr(0), Goal: procgen.Goal{Text: "Craft a ladder."},
		Conversation: "Let's work together to craft a ladder.", Timeout: 120}
}

// Two agents: the task opens a conversation, messages travel as user
// turns, replies are routed back, commands take their simulated time, and
// the validator ends the trial.
func TestTrialConversationAndSuccess(t *testing.T) {
	f := newFixture(craftTask(2), []map[string]int{{"oak_planks": 4}}, "ladder",
		[]string{"Hi Jill! !inventory", `I have planks. !givePlayer("Jill_0", "oak_planks", 4)`},
		[]string{"Great, I'll wait for planks.", `Thanks! !craftRecipe("stick", 2)`, `!craftRecipe("ladder", 1)`},
	)
	res := f.run(t, Config{})
	if res.Outcome != (trajectory.Outcome{Score: 1, Success: true, EndReason: trajectory.EndSuccess}) || res.SimSeconds != 14 {
		t.Fatalf("outcome %+v at %gs, want success at 14s", res.Outcome, res.SimSeconds)
	}
	andy, jill := res.Agents[0], res.Agents[1]
	// Jill's first prompt holds the init message and Andy's opening message.
	first := jill.Transitions[0].Messages
	if want := "SYSTEM: Respond with hello world and your name\nAndy_0: (FROM OTHER BOT)Let's work together to craft a ladder."; len(first) != 2 || first[1] != (trajectory.Message{Role: "user", Content: want}) {
		t.Errorf("Jill's first call: %q", first)
	}
	if !strings.HasPrefix(first[0].Content, "You are a playful Minecraft bot named Jill_0 that can converse with players, see, move, mine, build, and interact with the world by using commands.\nYOUR CURRENT ASSIGNED GOAL: \"Craft a ladder.You have to collaborate with other agents/bots, namely Andy_0 to") {
		t.Errorf("Jill's prompt: %.200q", first[0].Content)
	}
	if !hasTurn(andy.History, "user", "Jill_0: (FROM OTHER BOT)Great, I'll wait for planks.") {
		t.Errorf("Jill's reply did not reach Andy: %q", andy.History)
	}
	if !hasTurn(jill.History, "user", `Andy_0: (FROM OTHER BOT)I have planks. !givePlayer("Jill_0", "oak_planks", 4)`) {
		t.Errorf("Andy's message did not reach Jill: %q", jill.History)
	}
	if !hasTurn(andy.History, "system", "\nINVENTORY\n- oak_planks: 4\nWEARING: Nothing\n") {
		t.Errorf("query output missing: %q", andy.History)
	}
	var times []float64
	for _, tr := range jill.Transitions {
		times = append(times, tr.SimTime)
	}
	// 0: init; 9: Andy's message (sent at 4, holds a command: 5 s delay); 12: after the 1 s craft.
	if !reflect.DeepEqual(times, []float64{0, 9, 12}) {
		t.Errorf("Jill's call times %v", times)
	}
	if tr := jill.Transitions[1]; tr.Command != `!craftRecipe("stick", 2)` || tr.Output != "Code output:\nSuccessfully crafted stick, you now have 2 stick.\n" {
		t.Errorf("transition command/output: %q %q", tr.Command, tr.Output)
	}
	for _, a := range res.Agents {
		if got := lastTurn(a.History); got != (trajectory.Message{Role: "system", Content: "Task ended with score : 1"}) {
			t.Errorf("%s history ends with %q", a.Name, got)
		}
	}
	if len(f.rec.got) != len(andy.Transitions)+len(jill.Transitions) {
		t.Errorf("recorder saw %d transitions", len(f.rec.got))
	}
}

// MINDcraft's texts when a bot is already talking to someone else, when
// !startConversation targets the current partner, and when a bot ends one.
func TestConversationTexts(t *testing.T) {
	f := newFixture(craftTask(3), nil, "",
		[]string{`!startConversation("Jill_0", "Hey")`, `Bye! !endConversation("Jill_0")`},
		[]string{"Hi Andy", "\t"},
		[]string{`!startConversation("Jill_0", "Hi Jill")`, `!startConversation("Nobody", "Hi")`},
	)
	f.task.Timeout = 40
	res := f.run(t, Config{})
	andy, jill, bob := res.Agents[0].History, res.Agents[1].History, res.Agents[2].History
	if !hasTurn(andy, "system", "You are already in conversation with Jill_0. Don't use this command to talk to them.") {
		t.Errorf("Andy: %q", andy)
	}
	if !hasTurn(jill, "user", "Andy_0: (FROM OTHER BOT)Hey") {
		t.Errorf("the restarted conversation's message did not arrive: %q", jill)
	}
	if !hasTurn(bob, "system", `Conversation with Jill_0 ended with message: "(FROM OTHER BOT)I'm talking to someone else, try again later. !endConversation("Bob_0")"`) {
		t.Errorf("Bob: %q", bob)
	}
	if !hasTurn(bob, "system", "Nobody is not a bot, cannot start conversation.") {
		t.Errorf("Bob, unknown player: %q", bob)
	}
	if !hasTurn(andy, "system", "Conversation with Jill_0 ended.") ||
		!hasTurn(jill, "system", `Conversation with Andy_0 ended with message: "(FROM OTHER BOT)Bye! !endConversation("Jill_0")"`) {
		t.Errorf("ending:\nAndy %q\nJill %q", andy, jill)
	}
	for _, h := range [][]trajectory.Message{andy, jill, bob} {
		for _, m := range h {
			if strings.Contains(m.Content, "Bob_0: (FROM OTHER BOT)Hi Jill") {
				t.Errorf("a busy bot's refused message entered a history: %q", m)
			}
		}
	}
}

// Self-prompting: after the init message the agent is prompted with its
// goal; three prompts without a command stop it, and the trial then runs
// out its time.
func TestSelfPrompting(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Craft a ladder."}, Timeout: 60}
	f := newFixture(task, nil, "ladder", []string{"hmm", "hmm", "hmm", "hmm", "hmm"})
	res := f.run(t, Config{})
	a := res.Agents[0]
	var times []float64
	for _, tr := range a.Transitions {
		times = append(times, tr.SimTime)
	}
	if !reflect.DeepEqual(times, []float64{0, 4, 6, 8}) {
		t.Errorf("call times %v, want init at 0 then three self-prompts", times)
	}
	sp := "You are self-prompting with the goal: 'Craft a ladder.'. Your next response MUST contain a command with this syntax: !commandName. Respond:"
	if !hasTurn(a.History, "system", sp) {
		t.Errorf("history: %q", a.History)
	}
	if res.Outcome.EndReason != trajectory.EndTimeout || res.SimSeconds != 60 || lastTurn(a.History).Content != "Task ended with score : 0" {
		t.Errorf("outcome %+v at %g, last %q", res.Outcome, res.SimSeconds, lastTurn(a.History))
	}
}

// Active time counts model calls and commands, not waiting, and stops at
// the trial's end even when a command runs on.
func TestActiveSeconds(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Craft a ladder."}, Timeout: 20}
	f := newFixture(task, nil, "ladder", []string{"hmm", `!craftRecipe("stick", 1)`, `!collectBlocks("oak_log", 5)`})
	res := f.run(t, Config{})
	// Calls 0-2, (idle), 4-6, craft 6-7, call 7-9, collect 9-59 cut at 20.
	if want := []float64{2 + 2 + 1 + 2 + 11}; res.SimSeconds != 20 || !reflect.DeepEqual(res.ActiveSeconds, want) {
		t.Errorf("active %v at %gs, want %v at 20s", res.ActiveSeconds, res.SimSeconds, want)
	}
	if m := metrics(res); m[trajectory.ActiveSecondsMetric+"Andy_0"] != 18 {
		t.Errorf("metrics %v", m)
	}
}

// The memory: the window never reaches 15 turns in a prompt, memory calls
// fold the oldest turns and their summary shows in later prompts.
func TestMemoryFold(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Look around."}, Timeout: 80}
	f := newFixture(task, nil, "", slices.Repeat([]string{"!inventory"}, 100))
	res := f.run(t, Config{})
	a := res.Agents[0]
	var mem, conv int
	for i, tr := range a.Transitions {
		switch tr.Kind {
		case trajectory.KindMemory:
			mem++
			if len(tr.Messages) != 2 || tr.Messages[1] != (trajectory.Message{Role: "user", Content: "_"}) ||
				!strings.Contains(tr.Messages[0].Content, "Recent conversation: \nSystem output: ") {
				t.Fatalf("memory call %d: %q", i, tr.Messages)
			}
		case trajectory.KindConversation:
			conv++
			req := f.backs[0].reqs[i]
			if len(req.View.Turns) >= 15 {
				t.Fatalf("call %d had %d turns", i, len(req.View.Turns))
			}
			if mem > 0 && !strings.Contains(tr.Messages[0].Content, "Summarized memory:'memory "+string(rune('0'+mem))+"'") {
				t.Fatalf("call %d after %d memory calls lacks the memory", i, mem)
			}
		}
	}
	if mem == 0 || a.Memory == "" || conv < 20 {
		t.Errorf("%d memory and %d conversation calls, memory %q", mem, conv, a.Memory)
	}
}

func TestTurnCapAndErrors(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "x"}, Timeout: 300}
	f := newFixture(task, nil, "", slices.Repeat([]string{"!inventory"}, 10))
	res := f.run(t, Config{MaxTurns: 3})
	if res.Outcome.EndReason != trajectory.EndTurnCap || len(res.Agents[0].Transitions) != 3 {
		t.Errorf("turn cap: %+v after %d calls", res.Outcome, len(res.Agents[0].Transitions))
	}

	calls := 0
	fail := funcBackend(func(req Request) (Reply, error) {
		if calls++; calls == 2 {
			return Reply{}, errors.New("HTTP 500 after 5 attempts")
		}
		return Reply{Text: "!inventory"}, nil
	})
	w := newFakeWorld([]string{"Andy_0"}, nil, "ladder")
	r, err := Run(context.Background(), TrialSpec{Task: task, World: w, Team: []Seat{{"Andy_0", fail}}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome.EndReason != trajectory.EndError || r.Outcome.Success || !strings.Contains(r.Error, "Andy_0: conversation call 1: HTTP 500") {
		t.Errorf("error end: %+v %q", r.Outcome, r.Error)
	}

	ctx, cancel := context.WithCancel(context.Background())
	stop := funcBackend(func(req Request) (Reply, error) { cancel(); return Reply{Text: "hi"}, nil })
	if _, err := Run(ctx, TrialSpec{Task: task, World: w, Team: []Seat{{"Andy_0", stop}}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
	if _, err := Run(context.Background(), TrialSpec{Task: craftTask(2), World: w, Team: []Seat{{"Andy_0", stop}}}); err == nil || !strings.Contains(err.Error(), "agent_count is 2 but the team has 1") {
		t.Errorf("team size: %v", err)
	}
}

// A response that speaks as another bot is asked again, up to three times;
// an unknown or blocked command gets MINDcraft's text and a new prompt.
func TestRegenerationAndUnknownCommands(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "x"}, Timeout: 20}
	f := newFixture(task, []map[string]int{{"stick": 1}}, "",
		[]string{"Jill_0: (FROM OTHER BOT)hi", "ok then", `!givePlayer("Jill_0", "stick", 1)`, "done"})
	f.world.blocked[0]["!givePlayer"] = true
	res := f.run(t, Config{})
	a := res.Agents[0]
	if len(a.Transitions) < 4 || a.Transitions[1].SimTime != 2 || a.Transitions[2].SimTime != 6 || a.Transitions[3].SimTime != 8 {
		t.Fatalf("transitions: %+v", a.Transitions)
	}
	for _, m := range a.History {
		if strings.Contains(m.Content, "(FROM OTHER BOT)") {
			t.Errorf("a rejected response entered the history: %q", m)
		}
	}
	if !hasTurn(a.History, "assistant", "ok then") || !hasTurn(a.History, "system", "Command !givePlayer does not exist.") || !hasTurn(a.History, "assistant", "done") {
		t.Errorf("history: %q", a.History)
	}
}

// The conversation monitor nudges an agent whose partner does not answer,
// after 30 s, then 60 s.
func TestNoResponseMonitor(t *testing.T) {
	task := craftTask(2)
	task.Timeout = 200
	f := newFixture(task, nil, "", []string{"Anyone?"}, nil)
	res := f.run(t, Config{})
	andy := res.Agents[0].History
	if !hasTurn(andy, "system", "Jill_0 hasn't responded in 30 seconds, respond with a message to them or your own action.") ||
		!hasTurn(andy, "system", "Jill_0 hasn't responded in 60 seconds, respond with a message to them or your own action.") {
		t.Errorf("Andy: %q", andy)
	}
}

// Calls due at the same simulated time go out together, and a trial's
// result does not depend on how fast each call returns.
func TestBatchingAndDeterminism(t *testing.T) {
	var inflight, peak atomic.Int32
	play := func(seed uint64) *TrialResult {
		rng := rand.New(rand.NewPCG(seed, 1))
		var mu sync.Mutex
		back := funcBackend(func(req Request) (Reply, error) {
			n := inflight.Add(1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			mu.Lock()
			d := time.Duration(rng.IntN(3000)) * time.Microsecond
			mu.Unlock()
			time.Sleep(d)
			inflight.Add(-1)
			v := req.View
			if req.Kind == trajectory.KindMemory {
				return Reply{Text: "mem"}, nil
			}
			switch (v.Step + v.Agent) % 4 {
			case 0:
				return Reply{Text: "!inventory"}, nil
			case 1:
				return Reply{Text: `!startConversation("` + v.Team[(v.Agent+1)%len(v.Team)] + `", "need planks?")`}, nil
			case 2:
				return Reply{Text: `ok !collectBlocks("oak_planks", 1)`}, nil
			}
			return Reply{Text: `here !givePlayer("` + v.Team[(v.Agent+2)%len(v.Team)] + `", "oak_planks", 1)`}, nil
		})
		names := AgentNames(3, 0)
		w := newFakeWorld(names, nil, "")
		task := craftTask(3)
		task.Timeout = 90
		res, err := Run(context.Background(), TrialSpec{Task: task, World: w, Seed: 1,
			Team: []Seat{{names[0], back}, {names[1], back}, {names[2], back}}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := play(1), play(2)
	if peak.Load() < 3 {
		t.Errorf("at most %d calls in flight; the three first calls are due together", peak.Load())
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs of the same trial differ")
	}
	n := 0
	for _, ag := range a.Agents {
		n += len(ag.Transitions)
	}
	if n < 15 {
		t.Errorf("only %d transitions", n)
	}
}

// A command's notices enter the history before its output, when it ends.
func TestActionNotices(t *testing.T) {
	task := &procgen.Task{ID: "solo", Type: procgen.TypeCrafting, AgentCount: 1, Goal: procgen.Goal{Text: "Dig."}, Timeout: 1000}
	f := newFixture(task, nil, "", []string{`!collectBlocks("dirt", 99)`, "done"})
	res := f.run(t, Config{})
	h := res.Agents[0].History
	i := slices.Index(h, trajectory.Message{Role: "system", Content: "Code execution timed out after 10 minutes. Attempting force stop."})
	if i < 0 || h[i+1].Content != "Code output:\nCollected 60 dirt.\n" {
		t.Fatalf("history: %q", h)
	}
	if tr := res.Agents[0].Transitions[1]; tr.SimTime != 602 {
		t.Errorf("next call at %g, want 602 (2 s thinking + 600 s digging)", tr.SimTime)
	}
}

// MINDcraft's setup: the agents answer the init message (and self-prompt)
// while initBotTask fills inventories and waits for every bot; agent 0
// opens the task's conversation 14 s in.
func TestSetupDelay(t *testing.T) {
	// Jill's self-prompts get no answer ("\t"), so her self-prompter
	// stops before the opening arrives.
	f := newFixture(craftTask(2), nil, "", []string{"Hello world, I am Andy_0."}, []string{"Hello world, I am Jill_0.", "\t", "\t", "\t", "Hi Andy!"})
	res := f.run(t, Config{SetupSeconds: DefaultSetupSeconds})
	jill := res.Agents[1]
	if first := jill.Transitions[0].Messages; len(first) != 2 || first[1].Content != "SYSTEM: Respond with hello world and your name" {
		t.Errorf("Jill's first call: %q", first)
	}
	var answered float64 = -1
	for _, tr := range jill.Transitions {
		if tr.Response == "Hi Andy!" {
			answered = tr.SimTime
		}
	}
	if answered != 14.2 {
		t.Errorf("Jill answered the opening at %gs, want 14.2", answered)
	}
}
