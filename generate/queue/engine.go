package queue

import (
	"context"
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"
	"time"

	"collabcraft/covoyager"
	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/trajectory"
	"collabcraft/voyager"
	"collabcraft/world/js"
)

// never is the time of a player waiting for the queue to change.
const never = time.Duration(math.MaxInt64)

// Trial metrics of the queue organisation.
const (
	MetricHalts     = "queue_plan_halts"    // plans the critic halted
	MetricSubtasks  = "queue_subtasks"      // subtasks in the plan
	MetricAttempts  = "queue_attempts"      // subtasks handed out, retries included
	MetricFailures  = "queue_failures"      // attempts that failed
	MetricHumanDone = "queue_human_done"    // subtasks the human finished
	MetricRounds    = "queue_program_calls" // programs the coders wrote
)

// engine is one running trial.
type engine struct {
	ctx     context.Context
	org     Org
	spec    generate.TrialSpec
	w       generate.HandoverWorld
	lat     *latency.Sampler
	players []*player // the agents, then the task manager's seat
	manager int       // the task manager's seat index; the critic's is manager+1
	goal    string
	count   int
	chest   [3]int
	q       *covoyager.Queue
	now     time.Duration
	limit   time.Duration
	errMsg  string
	success bool
	stopped string // why the organisation gave up ("" while it plays)
	halts   int
	handed  int
	fails   int
	rounds  int
	byHuman int
	// transitions of every seat, by seat index (the critic's own too)
	transitions [][]trajectory.Transition
	// history of the human's turns, by seat index (no model's)
	history [][]trajectory.Message
}

// step is what a player's body yields: sleep for d, or wait for the
// queue to change.
type step struct {
	d    time.Duration
	wait bool
}

// stopped unwinds a body when the trial ends.
type stop struct{}

// player is one seat that acts: a coder, the human, or the task manager.
type player struct {
	e     *engine
	i     int
	name  string
	human bool
	body  func(*player)
	at    time.Duration
	yield func(step) bool
	next  func() (step, bool)
	halt  func()
	done  bool

	vstate      js.VoyagerState
	chests      voyager.ChestMemory
	active      time.Duration
	programEnds time.Duration
}

func newEngine(ctx context.Context, o Org, spec generate.TrialSpec, w generate.HandoverWorld, lat *latency.Sampler) *engine {
	t := spec.Task
	e := &engine{ctx: ctx, org: o, spec: spec, w: w, lat: lat, goal: t.Goal.Text, count: t.CoVoyager.Count}
	timeout := t.Timeout
	if timeout <= 0 {
		timeout = 1800
	}
	e.limit = time.Duration(timeout) * time.Second
	e.chest[0], e.chest[1], e.chest[2], _ = w.HandoverChest()
	e.manager = len(spec.Team) - 2
	e.transitions = make([][]trajectory.Transition, len(spec.Team))
	e.history = make([][]trajectory.Message, len(spec.Team))
	human := t.HumanCount != nil && *t.HumanCount == 1
	for i := range e.manager {
		p := &player{e: e, i: i, name: spec.Team[i].Name, body: (*player).code}
		if human && i == 0 {
			p.human, p.body = true, (*player).play
		}
		// Every player sees the chest in the middle of the arena, never
		// opened yet (Voyager's nearbyChests: "Unknown items inside").
		p.chests.Update(e.chestText(), voyager.ChestSeen{Unknown: true})
		p.at = never // until the plan is ready
		e.players = append(e.players, p)
	}
	e.players = append(e.players, &player{e: e, i: e.manager, name: spec.Team[e.manager].Name, body: (*player).manage})
	return e
}

func (e *engine) chestText() string {
	return "(" + strconv.Itoa(e.chest[0]) + ", " + strconv.Itoa(e.chest[1]) + ", " + strconv.Itoa(e.chest[2]) + ")"
}

// run plays the trial: players resume in the order of their clocks (ties
// by seat), each running until its next model call's answer, program's
// end or wait; the trial ends on the world's success (the chest holds the
// target), the timeout, an error, or the organisation giving up.
func (e *engine) run() (*generate.TrialResult, error) {
	for _, p := range e.players {
		p.next, p.halt = iter.Pull(func(yield func(step) bool) {
			p.yield = yield
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(stop); !ok {
						panic(r)
					}
				}
			}()
			p.body(p)
		})
	}
	defer func() {
		for _, p := range e.players {
			p.halt()
		}
	}()
	end := trajectory.EndStopped
	for {
		if err := e.ctx.Err(); err != nil {
			return nil, err
		}
		var p *player
		for _, c := range e.players {
			if !c.done && c.at != never && (p == nil || c.at < p.at) {
				p = c
			}
		}
		if p == nil {
			break
		}
		if p.at > e.limit {
			e.now, end = e.limit, trajectory.EndTimeout
			break
		}
		e.now = p.at
		e.w.SetTime(e.now)
		s, ok := p.next()
		switch {
		case !ok:
			p.done = true
		case s.wait:
			p.at = never
		default:
			p.at = e.now + s.d
		}
		if e.errMsg != "" {
			end = trajectory.EndError
			break
		}
		if _, won := e.w.Score(); won {
			for _, c := range e.players {
				e.now = max(e.now, c.programEnds)
			}
			e.now = min(e.now, e.limit)
			e.w.SetTime(e.now)
			e.success, end = true, trajectory.EndSuccess
			break
		}
		if e.stopped != "" {
			break
		}
	}
	return e.result(end), nil
}

func (p *player) pause(s step) {
	if !p.yield(s) {
		panic(stop{})
	}
}

// sleep lets d of simulated time pass for the player.
func (p *player) sleep(d time.Duration) {
	p.active += d
	p.pause(step{d: d})
}

// wait sleeps until the queue changes.
func (p *player) wait() { p.pause(step{wait: true}) }

// wake makes every waiting player look at the queue again.
func (e *engine) wake() {
	for _, p := range e.players {
		if p.at == never && !p.done {
			p.at = e.now
		}
	}
}

// call makes one model call of kind for seat (the player's own, or the
// critic's for the plan's critique): the answer comes after the latency
// the model draws for the kind, which the player waits out.
func (p *player) call(seat int, kind string, msgs []voyager.Message) string {
	e := p.e
	tm := make([]trajectory.Message, len(msgs))
	for i, m := range msgs {
		tm[i] = trajectory.Message{Role: m.Role, Content: m.Content}
	}
	n := len(e.transitions[seat])
	reply, err := e.spec.Team[seat].Backend.Complete(e.ctx, generate.Request{Kind: kind, Messages: tm,
		Seed: generate.CallSeed(e.spec.Seed, seat, n)})
	if err != nil {
		if e.ctx.Err() == nil {
			e.errMsg = fmt.Sprintf("%s: %s call %d: %v", e.spec.Team[seat].Name, kind, n, err)
		}
		panic(stop{})
	}
	d := e.lat.Draw(kind)
	tr := trajectory.Transition{Step: n, Kind: kind, Messages: tm, Response: reply.Text, Scripted: reply.Scripted,
		Usage: reply.Usage, Latency: reply.Latency, SimTime: e.now.Seconds(), SimLatency: d, FinishReason: reply.FinishReason, Attempts: reply.Attempts}
	e.transitions[seat] = append(e.transitions[seat], tr)
	if e.spec.Recorder != nil {
		e.spec.Recorder.Record(seat, tr)
	}
	p.sleep(d)
	return reply.Text
}

// note sets the seat's last transition's command and output.
func (e *engine) note(seat int, command, output string) {
	tr := &e.transitions[seat][len(e.transitions[seat])-1]
	tr.Command, tr.Output = command, output
}

// manage is the task manager's seat: plans until the critic approves (or
// halts it MaxHalts times), then hands the plan to the pair manager.
func (p *player) manage() {
	e := p.e
	critic := e.manager + 1
	var previous, critique string
	for {
		text := p.call(e.manager, trajectory.KindTaskManager, covoyager.TaskManagerMessages(e.goal, previous, critique))
		plan, err := covoyager.ParseSubtasks(text)
		if err != nil {
			e.note(e.manager, "", err.Error())
			previous, critique = "[]", "Error: "+strings.TrimPrefix(err.Error(), "covoyager: ")+"\nCritique: Answer with the subtasks as a JSON list."
		} else {
			previous = covoyager.JSON(plan)
			e.note(e.manager, previous, "")
			answer := p.call(critic, trajectory.KindCritic, covoyager.TaskCriticMessages(e.goal, previous))
			c, cerr := covoyager.ParseCritique(answer)
			if cerr == nil && c.Approves() {
				q, qerr := covoyager.NewQueue(plan, e.count)
				if qerr == nil {
					e.note(critic, "", "approved")
					q.InChest = func(item string) bool { return e.w.ChestCounts(e.chest[0], e.chest[1], e.chest[2])[item] > 0 }
					e.q = q
					e.wake()
					return
				}
				c = covoyager.Critique{Error: strings.TrimPrefix(qerr.Error(), "covoyager: "), Critique: "The pair manager cannot read this plan."}
			} else if cerr != nil {
				c = covoyager.Critique{Error: "the critique could not be read", Critique: strings.TrimSpace(answer)}
			}
			critique = "Error: " + c.Error + "\nCritique: " + c.Critique
			e.note(critic, "", "halted: "+c.Error)
		}
		e.halts++
		if e.halts > MaxHalts {
			e.stopped = fmt.Sprintf("the plan was halted %d times", e.halts)
			return
		}
	}
}

// result is the trial's record.
func (e *engine) result(end string) *generate.TrialResult {
	r := &generate.TrialResult{SimSeconds: e.now.Seconds(), Error: e.errMsg}
	score, _ := e.w.Score()
	r.Outcome = trajectory.Outcome{Score: score, Success: e.success, EndReason: end}
	for i, s := range e.spec.Team {
		r.Agents = append(r.Agents, trajectory.Agent{Name: s.Name, Transitions: e.transitions[i], History: e.history[i]})
		active := time.Duration(0)
		if i < len(e.players) {
			active = e.players[i].active
		}
		r.ActiveSeconds = append(r.ActiveSeconds, min(active, e.now).Seconds())
	}
	subtasks := 0
	if e.q != nil {
		subtasks = len(e.q.Entries)
	}
	r.Metrics = map[string]float64{MetricHalts: float64(e.halts), MetricSubtasks: float64(subtasks), MetricAttempts: float64(e.handed),
		MetricFailures: float64(e.fails), MetricHumanDone: float64(e.byHuman), MetricRounds: float64(e.rounds)}
	return r
}
