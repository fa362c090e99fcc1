package tree

import (
	"context"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
	"time"

	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/procgen"
	"collabcraft/sagents"
	"collabcraft/trajectory"
	"collabcraft/voyager"
	"collabcraft/world/js"
)

// never is the time of an agent waiting for a message.
const never = time.Duration(math.MaxInt64)

// Trial metrics of the tree organisation.
const (
	// MetricPlanning is the number of task-planner calls of the trial;
	// divided by the agents, S-Agents' mPT.
	MetricPlanning = "tree_planning"
	MetricSkills   = "tree_skills"   // skills kept in the trial's library
	MetricTodos    = "tree_todos"    // todos an agent did itself
	MetricFailures = "tree_failures" // todos given up after every round
)

// engine is one running trial.
type engine struct {
	ctx     context.Context
	org     Org
	spec    generate.TrialSpec
	w       generate.VoyagerWorld
	lat     *latency.Sampler
	agents  []*agent
	pool    []sagents.Line
	lib     voyager.Library
	chests  voyager.ChestMemory
	now     time.Duration
	limit   time.Duration
	errMsg  string
	success bool
	plans   int
	todos   int
	fails   int
}

// giver is a world that watches progress (collection, shelter).
type giver interface{ GaveUp(attempts int) bool }

// step is what an agent's body yields: sleep for d, or wait for a line.
type step struct {
	d    time.Duration
	wait bool
}

// stopped unwinds an agent's body when the trial ends.
type stopped struct{}

// agent is one hourglass agent.
type agent struct {
	e     *engine
	i     int
	name  string
	boss  string   // who commands it ("" for none: the user's goal comes to it; in a graph, anyone)
	staff []string // whom it commands; it works itself when staff holds its name or is empty
	graph bool     // a node of the graph: takes orders from anyone, reports to whom gave its order
	// delegated: the agent's last action plan handed work to another (a
	// graph node then judges its task as a leader does, else as a worker).
	delegated bool
	at        time.Duration
	yield     func(step) bool
	next      func() (step, bool)
	stop      func()
	done      bool

	heard     int    // pool lines up to this index were in its last planning
	monitored int    // pool length at its last monitor call
	order     string // the order it took last ("" for none)
	orderFrom string

	objective, plan, inventory, task, status string
	todos                                    []string
	vstate                                   js.VoyagerState
	transitions                              []trajectory.Transition
	active                                   time.Duration
	// programEnds is when the agent's last program finishes: the world
	// applies a program's effects when it runs, but they take this long.
	programEnds time.Duration
	failedOrder int // failed plannings in a row for one order
}

func newEngine(ctx context.Context, o Org, spec generate.TrialSpec, w generate.VoyagerWorld, goal string, lat *latency.Sampler) *engine {
	e := &engine{ctx: ctx, org: o, spec: spec, w: w, lat: lat}
	timeout := spec.Task.Timeout
	if timeout <= 0 {
		timeout = 1800
	}
	e.limit = time.Duration(timeout) * time.Second
	names := make([]string, len(spec.Team))
	for i, s := range spec.Team {
		names[i] = s.Name
	}
	for i, n := range names {
		a := &agent{e: e, i: i, name: n, graph: Shape(o.Name()) == Graph}
		a.boss, a.staff = edges(o.Name(), names, i)
		if spec.Task.Type == procgen.TypeShelter && i == 0 && Shape(o.Name()) == Tree {
			// The shelter's materials are dealt to the leader too (S-Agents'
			// Fig. 5: every agent builds), so the root works as well.
			a.staff = append([]string{n}, a.staff...)
		}
		e.agents = append(e.agents, a)
	}
	e.pool = append(e.pool, sagents.Line{Speaker: User, To: names[0], Text: goal})
	return e
}

// edges are agent i's boss and staff in a shape.
func edges(shape string, names []string, i int) (boss string, staff []string) {
	switch Shape(shape) {
	case Chain:
		// A relay: each link does its part, then hands the rest on to
		// the next (the paper's CoA, "one agent sequentially executing 1/3
		// collection tasks after another"); the last link works alone.
		if i > 0 {
			boss = names[i-1]
		}
		if i+1 < len(names) {
			staff = []string{names[i], names[i+1]}
		}
	case Graph:
		// Itself first, then the others in seat order: it works and may
		// command everyone.
		staff = append([]string{names[i]}, slices.Delete(slices.Clone(names), i, i+1)...)
	default:
		if i > 0 {
			boss = names[0]
		} else {
			staff = append(staff, names[1:]...)
		}
	}
	return boss, staff
}

// run plays the trial: agents resume in the order of their clocks (ties by
// seat), each running until its next model call's answer, program's end
// or wait; the trial ends on the world's success, the timeout, an error or
// every agent waiting.
func (e *engine) run() (*generate.TrialResult, error) {
	for _, a := range e.agents {
		a.next, a.stop = iter.Pull(func(yield func(step) bool) {
			a.yield = yield
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(stopped); !ok {
						panic(r)
					}
				}
			}()
			a.body()
		})
	}
	defer func() {
		for _, a := range e.agents {
			a.stop()
		}
	}()
	end := trajectory.EndStopped
	for {
		if err := e.ctx.Err(); err != nil {
			return nil, err
		}
		var a *agent
		for _, c := range e.agents {
			if !c.done && c.at != never && (a == nil || c.at < a.at) {
				a = c
			}
		}
		if a == nil {
			break
		}
		if a.at > e.limit {
			e.now, end = e.limit, trajectory.EndTimeout
			break
		}
		e.now = a.at
		e.w.SetTime(e.now)
		s, ok := a.next()
		switch {
		case !ok:
			a.done = true
		case s.wait:
			a.at = never
		default:
			a.at = e.now + s.d
		}
		if e.errMsg != "" {
			end = trajectory.EndError
			break
		}
		if _, won := e.w.Score(); won {
			// The world holds every program's effects from its start: the
			// task is done when the programs still running finish.
			for _, c := range e.agents {
				e.now = max(e.now, c.programEnds)
			}
			e.now = min(e.now, e.limit)
			e.w.SetTime(e.now)
			e.success, end = true, trajectory.EndSuccess
			break
		}
		// S-Agents' give-up rule (its NaN): more than 5 planning
		// iterations and no progress for over 40 minutes.
		if g, ok := e.w.(giver); ok && g.GaveUp(e.plans) {
			end = trajectory.EndNoGain
			break
		}
	}
	return e.result(end), nil
}

// say puts a line on the pool at the agent's time and wakes whom it is for.
func (a *agent) say(to, text string) {
	e := a.e
	e.pool = append(e.pool, sagents.Line{At: e.now, Speaker: a.name, To: to, Text: text})
	for _, b := range e.agents {
		if b.name == to && b.at == never && !b.done {
			b.at = e.now
		}
	}
}

func (a *agent) pause(s step) {
	if !a.yield(s) {
		panic(stopped{})
	}
}

// sleep lets d of simulated time pass for the agent.
func (a *agent) sleep(d time.Duration) {
	a.active += d
	a.pause(step{d: d})
}

// wait sleeps until a line for the agent comes.
func (a *agent) wait() { a.pause(step{wait: true}) }

// call makes one model call of kind: the answer comes after the latency
// the model draws for the kind.
func (a *agent) call(kind string, msgs []sagents.Message) (string, bool) {
	e := a.e
	tm := make([]trajectory.Message, len(msgs))
	for i, m := range msgs {
		tm[i] = trajectory.Message{Role: m.Role, Content: m.Content}
	}
	n := len(a.transitions)
	reply, err := e.spec.Team[a.i].Backend.Complete(e.ctx, generate.Request{Kind: kind, Messages: tm,
		Seed: generate.CallSeed(e.spec.Seed, a.i, n)})
	if err != nil {
		if e.ctx.Err() == nil {
			e.errMsg = fmt.Sprintf("%s: %s call %d: %v", a.name, kind, n, err)
		}
		panic(stopped{})
	}
	d := e.lat.Draw(kind)
	tr := trajectory.Transition{Step: n, Kind: kind, Messages: tm, Response: reply.Text, Scripted: reply.Scripted,
		Usage: reply.Usage, Latency: reply.Latency, SimTime: e.now.Seconds(), SimLatency: d, FinishReason: reply.FinishReason, Attempts: reply.Attempts}
	a.transitions = append(a.transitions, tr)
	if e.spec.Recorder != nil {
		e.spec.Recorder.Record(a.i, tr)
	}
	a.sleep(d)
	return reply.Text, true
}

// note sets the last transition's command and output (what the engine
// made of the answer).
func (a *agent) note(command, output string) {
	tr := &a.transitions[len(a.transitions)-1]
	tr.Command, tr.Output = command, output
}

// commander reports whether the agent commands others.
func (a *agent) commander() bool {
	for _, s := range a.staff {
		if s != a.name {
			return true
		}
	}
	return false
}

// informer is whom the agent reports to: its boss, or the user; a graph
// node reports to whom gave its order.
func (a *agent) informer() string {
	switch {
	case a.boss != "":
		return a.boss
	case a.graph && a.orderFrom != "":
		return a.orderFrom
	}
	return User
}

// isOrder reports whether l, a line to the agent, is an order it takes:
// one from its informer, or in a graph the user's goal or any teammate's
// "Name, please …" (reports and acknowledgements are not orders).
func (a *agent) isOrder(l sagents.Line) bool {
	if a.graph {
		return l.Speaker == User || l.Speaker != a.name && strings.HasPrefix(l.Text, a.name+", please ")
	}
	return l.Speaker == a.informer()
}

// leading reports whether the agent judges its task as a leader: it
// commands others and, a graph node, handed work out in its last plan.
func (a *agent) leading() bool { return a.commander() && (!a.graph || a.delegated) }
