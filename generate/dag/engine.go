package dag

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"strconv"
	"sync"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/trajectory"
	"collabcraft/villager"
)

// ms is simulated time in milliseconds, as the p2p engine counts it.
type ms int64

func toMS(s float64) ms {
	if !(s > 0) {
		return 0
	}
	return ms(math.Round(s * 1000))
}

func durMS(d time.Duration) ms {
	if d <= 0 {
		return 0
	}
	return ms(d.Round(time.Millisecond) / time.Millisecond)
}

func (t ms) seconds() float64        { return float64(t) / 1000 }
func (t ms) duration() time.Duration { return time.Duration(t) * time.Millisecond }

func itoa(n int) string { return strconv.Itoa(n) }

// What a thread of the organisation asks of the engine when it yields.
type opKind int

const (
	opCall  opKind = iota // a model call: resumes after the think time with the reply
	opTool                // a tool call: runs in the world now, resumes after its duration
	opSleep               // resumes after d
	opWait                // resumes when another thread wakes it
)

type op struct {
	kind opKind
	// opCall
	seat     int
	callKind string
	msgs     []trajectory.Message
	stop     []string
	// opTool
	agent int
	tool  string
	args  villager.Dict
	// opSleep
	d ms
}

// errStopped unwinds a thread whose trial has ended.
var errStopped = errors.New("dag: trial over")

// thread is one of the organisation's threads (VillagerAgent runs its
// planner, controller and executors as Python threads): a coroutine over
// simulated time. Its body runs straight-line code; each call, tool or
// wait yields to the engine, which resumes it when the simulated time for
// the answer has come. Threads are resumed in a fixed order, so a trial
// depends only on its inputs and the backends' answers.
type thread struct {
	e        *engine
	name     string
	next     func() (op, bool)
	stop     func()
	readyAt  ms
	waiting  bool
	wakeable bool // sleeping until readyAt, or until woken
	over     bool
	yield    func(op) bool

	// Set by the engine before the thread resumes.
	reply    generate.Reply
	calledAt ms
	think    ms            // the call's think time
	drawn    time.Duration // the latency model's draw (0: none)
	toolRes  villager.Dict
}

// spawn starts a thread whose body runs from now.
func (e *engine) spawn(name string, body func(t *thread)) *thread {
	t := &thread{e: e, name: name, readyAt: e.now}
	seq := func(yield func(op) bool) {
		t.yield = yield
		defer func() {
			if r := recover(); r != nil && r != errStopped { //nolint:errorlint // a sentinel panic value
				panic(r)
			}
		}()
		body(t)
	}
	t.next, t.stop = iter.Pull(seq)
	e.threads = append(e.threads, t)
	return t
}

func (t *thread) do(o op) {
	if !t.yield(o) {
		panic(errStopped)
	}
	if t.e.done != nil && o.kind != opTool { // a tool that ended the trial is recorded first
		panic(errStopped)
	}
}

// call makes one model call from seat and returns its transition, not yet
// recorded (the caller may add the command and output it led to).
func (t *thread) call(seat int, kind string, msgs []trajectory.Message, stop []string) trajectory.Transition {
	t.do(op{kind: opCall, seat: seat, callKind: kind, msgs: msgs, stop: stop})
	r := t.reply
	return trajectory.Transition{
		Step: len(t.e.seats[seat].transitions), Kind: kind, Messages: msgs, Response: r.Text,
		Usage: r.Usage, Latency: r.Latency, SimTime: t.calledAt.seconds(), SimLatency: t.drawn,
		FinishReason: r.FinishReason, Attempts: r.Attempts,
	}
}

// tool runs a tool for agent and returns what it answered.
func (t *thread) tool(agent int, name string, args villager.Dict) villager.Dict {
	t.do(op{kind: opTool, agent: agent, tool: name, args: args})
	return t.toolRes
}

func (t *thread) sleep(d ms) { t.do(op{kind: opSleep, d: d}) }

// wait parks the thread until another thread wakes it.
func (t *thread) wait() { t.do(op{kind: opWait}) }

// waitUntil parks the thread until another thread wakes it or the
// deadline comes (never: no deadline).
func (t *thread) waitUntil(deadline ms) {
	if deadline >= never {
		t.wait()
		return
	}
	t.wakeable = true
	t.do(op{kind: opSleep, d: max(deadline-t.e.now, 0)})
	t.wakeable = false
}

// wake makes a waiting thread ready now.
func (t *thread) wake() {
	if t.waiting || t.wakeable {
		t.waiting, t.readyAt = false, t.e.now
	}
}

// seat is one seat of the team: an agent or a planner role.
type seat struct {
	name        string
	backend     generate.Backend
	transitions []trajectory.Transition
	active      ms // think time of its calls and duration of its tools
}

// ToolWorld is the world as the DAG organisation needs it: VillagerAgent's
// tool API and the agent status its state manager reads, besides the
// score and clock every world has. generate.SimWorld implements it.
type ToolWorld interface {
	generate.World
	// Tool runs one validated tool call of agent i and returns what its
	// server answers ({'data', 'message', 'new_events', 'status', ...})
	// and how long it takes; nil when the call raised.
	Tool(agent int, name string, args villager.Dict) (villager.Dict, time.Duration)
	// VillagerStatus is agent i's /post_environment_dict answer.
	VillagerStatus(agent int) villager.Dict
}

// engine is one running trial of the DAG organisation.
type engine struct {
	ctx     context.Context
	cfg     Config
	spec    generate.TrialSpec
	w       ToolWorld
	think   ms
	lat     *latency.Sampler // nil: every call takes think
	timeout ms
	judge   *benchJudge // VillagerBench's end rules, for its kinds
	now     ms
	threads []*thread
	seats   []*seat
	agents  int // seats 0..agents-1 are the team's agents; then the planner roles
	done    *trajectory.Outcome
	errMsg  string
	// toolPanics counts tool calls whose world code panicked (a bug in
	// the tool layer, kept in the trial's metrics rather than crashing
	// the batch).
	toolPanics int
}

// record adds a transition to a seat's record.
func (e *engine) record(seat int, tr trajectory.Transition) {
	s := e.seats[seat]
	tr.Step = len(s.transitions)
	s.transitions = append(s.transitions, tr)
	if e.spec.Recorder != nil {
		e.spec.Recorder.Record(seat, tr)
	}
}

// finish ends the trial with reason (the world's success overrides it).
func (e *engine) finish(reason string) {
	if e.done != nil {
		return
	}
	score, success := e.w.Score()
	if reason == trajectory.EndError {
		success = false
	} else if success {
		reason = trajectory.EndSuccess
	}
	e.done = &trajectory.Outcome{Score: score, Success: success, EndReason: reason}
}

// loop runs the threads until the trial ends: at each moment, the threads
// ready then are resumed in order; their model calls are sent together
// and answered after the think time, their tools run at once.
func (e *engine) loop() error {
	defer func() {
		for _, t := range e.threads {
			t.stop()
		}
	}()
	for e.done == nil {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		next := ms(math.MaxInt64)
		for _, t := range e.threads {
			if !t.over && !t.waiting {
				next = min(next, t.readyAt)
			}
		}
		if next == math.MaxInt64 { // every thread waits for another: nothing more can happen
			e.finish(trajectory.EndStopped)
			break
		}
		if e.judge != nil {
			score := func() float64 { c, _ := e.w.Score(); return c }
			if at, reason := e.judge.end(e.now, min(next, e.timeout), score); reason != "" {
				e.now = at
				e.w.SetTime(e.now.duration())
				e.finish(reason)
				break
			}
		}
		if next > e.timeout {
			e.now = e.timeout
			e.w.SetTime(e.now.duration())
			e.finish(trajectory.EndTimeout)
			break
		}
		e.now = next
		e.w.SetTime(e.now.duration())
		var calls []*thread
		var ops []op
		for i := 0; i < len(e.threads) && e.done == nil; i++ { // threads spawned now run now too
			t := e.threads[i]
			if t.over || t.waiting || t.readyAt != e.now {
				continue
			}
			o, ok := t.next()
			if !ok {
				t.over = true
				continue
			}
			switch o.kind {
			case opCall:
				t.think, t.drawn = e.think, 0
				if e.lat != nil {
					t.drawn = e.lat.Draw(o.callKind)
					t.think = max(ms(t.drawn.Milliseconds()), 1)
				}
				if e.now+t.think > e.timeout {
					// The answer would come after the task's end: no call.
					t.readyAt = e.now + t.think
					t.over = true
					continue
				}
				calls, ops = append(calls, t), append(ops, o)
				t.readyAt = never
			case opTool:
				res, d := e.tool(o)
				t.toolRes = nil // the call raised (a 500, an unknown player)
				if res != nil {
					t.toolRes = villager.SortKeys(res).(villager.Dict)
				}
				t.readyAt = e.now + max(durMS(d), 1)
				e.seats[o.agent].active += t.readyAt - e.now
				if e.judge != nil {
					e.judge.act(e.now, t.readyAt)
				}
				if _, ok := e.w.Score(); ok {
					e.finish(trajectory.EndSuccess)
					// The thread records the call whose tool ended the
					// trial; what it would do next is not done.
					t.next()
				}
			case opSleep:
				t.readyAt = e.now + o.d
			case opWait:
				t.waiting = true
			}
		}
		if e.done != nil {
			break
		}
		if err := e.send(calls, ops); err != nil {
			return err
		}
	}
	return nil
}

const never = ms(math.MaxInt64 / 2)

// tool runs one tool call. A panic in the world's tool code is the call
// raising, as an exception in VillagerAgent's Flask route is a 500: the
// executor starts its attempt over, and the batch goes on.
func (e *engine) tool(o op) (res villager.Dict, d time.Duration) {
	defer func() {
		if r := recover(); r != nil {
			res, d = nil, 0
			e.toolPanics++
		}
	}()
	return e.w.Tool(o.agent, o.tool, o.args)
}

// send makes the calls due now, together, and hands each thread its reply.
func (e *engine) send(threads []*thread, ops []op) error {
	replies := make([]generate.Reply, len(ops))
	errs := make([]error, len(ops))
	do := func(i int) {
		o := ops[i]
		s := e.seats[o.seat]
		req := generate.Request{Kind: o.callKind, Messages: o.msgs, Stop: o.stop,
			Seed: callSeed(e.spec.Seed, o.seat, len(s.transitions)+i)}
		replies[i], errs[i] = s.backend.Complete(e.ctx, req)
	}
	if len(ops) == 1 {
		do(0)
	} else {
		var wg sync.WaitGroup
		for i := range ops {
			wg.Go(func() { do(i) })
		}
		wg.Wait()
	}
	if err := e.ctx.Err(); err != nil {
		return err
	}
	for i, t := range threads {
		o := ops[i]
		if errs[i] != nil {
			e.errMsg = fmt.Sprintf("%s: %s call %d: %v", e.seats[o.seat].name, o.callKind, len(e.seats[o.seat].transitions), errs[i])
			e.finish(trajectory.EndError)
			return nil
		}
		t.reply, t.calledAt, t.readyAt = replies[i], e.now, e.now+t.think
		e.seats[o.seat].active += t.think
	}
	return nil
}

// callSeed derives a call's seed from the trial seed, the seat and its
// call count (the p2p engine's SplitMix64 finalizer).
func callSeed(seed uint64, seat, step int) uint64 {
	z := seed ^ uint64(seat+1)*0x9e3779b97f4a7c15 ^ uint64(step+1)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (e *engine) result() *generate.TrialResult {
	r := &generate.TrialResult{Outcome: *e.done, Error: e.errMsg, SimSeconds: e.now.seconds()}
	if e.toolPanics > 0 {
		r.Metrics = map[string]float64{"tool_panics": float64(e.toolPanics)}
	}
	for _, s := range e.seats {
		r.Agents = append(r.Agents, trajectory.Agent{Name: s.name, Transitions: s.transitions})
		r.ActiveSeconds = append(r.ActiveSeconds, s.active.seconds())
	}
	return r
}
