package dispatch

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"collabcraft/cuisine"
	"collabcraft/generate"
	"collabcraft/generate/latency"
	"collabcraft/pyrand"
	"collabcraft/trajectory"
)

// lookAhead is chat_agent.py's look_ahead_steps: after the fixed prefix
// (rules, demo, info), history keeps the last 5 messages.
const lookAhead = 5

// Metrics of a CuisineWorld trial (Trial.Metrics), summed over its
// episodes: what both collaboration scores need (cuisine.Tally), and the
// steps whose actions the world refused in part or whole.
const (
	MetricServed      = "orders_served"
	MetricExpired     = "orders_expired"
	MetricExpirySteps = "orders_expiry_steps"
	MetricOpen        = "orders_open"
	MetricEpisodes    = "episodes"
	MetricErrorSteps  = "dispatch_error_steps"
	MetricEmptyPlans  = "dispatch_empty_plans"
)

// cuisineTrial plays a CuisineWorld task as chat_agent.py plays a setting
// (one level, team and α): Episodes episodes of 60 steps, each starting
// from a fresh history. In the human variant (human_count 1) agent 0 is
// the scripted human and the calls are webpage/app.py's.
func (o Org) cuisineTrial(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	t := spec.Task
	if t.Level == nil {
		return nil, fmt.Errorf("dispatch: task %s: no level", t.ID)
	}
	n := t.AgentCount
	human := t.HumanCount != nil && *t.HumanCount == 1
	if len(spec.Team) != n+1 {
		return nil, fmt.Errorf("dispatch: task %s: %d seats; want %d agents and the dispatcher", t.ID, len(spec.Team), n)
	}
	demo, ok := cuisine.Demos(n, human)
	if !ok {
		return nil, fmt.Errorf("dispatch: task %s: MindAgent has no one-shot demo for %d agents%s (it has them for %v)",
			t.ID, n, map[bool]string{true: " with a human"}[human], cuisine.DemoTeams(human))
	}
	cfg := o.Config
	hashSeed := uint32(rand.New(rand.NewPCG(spec.Seed, 0x7079686173)).Uint32()) // "pyhas"
	if cfg.HashSeed != nil {
		hashSeed = *cfg.HashSeed
	}
	prefix := []trajectory.Message{{Role: "user", Content: cuisine.RulesText(*t.Level, !cfg.NoNotes, hashSeed)}}
	for i, turn := range demo {
		prefix = append(prefix, trajectory.Message{Role: []string{"user", "assistant"}[i%2], Content: turn})
	}
	info := cuisine.InfoText(n)
	if human {
		info = cuisine.HumanInfoText(n)
	}
	prefix = append(prefix, trajectory.Message{Role: "user", Content: info})

	p := &play{ctx: ctx, spec: spec, cfg: cfg, seat: n, think: cfg.think(), lat: spec.Config.Sampler(spec.Seed), human: human, agents: n, prefix: prefix}
	var tally cuisine.Tally
	episodes := cmp.Or(t.Episodes, cuisine.EpisodesPerSetting)
	mindagent := pyrand.New(0) // chat_agent.py's World(seed=0), one per setting
	for ep := range episodes {
		wc := cuisine.Config{Agents: n, Alpha: t.Alpha, Seed: episodeSeed(spec.Seed, ep)}
		switch {
		case cfg.picker != nil:
			wc.Picker = cfg.picker(ep)
		case cfg.MindAgentOrders:
			wc.Picker = pythonPicker{mindagent}
		}
		w, err := cuisine.New(*t.Level, wc)
		if err != nil {
			return nil, fmt.Errorf("dispatch: task %s: %w", t.ID, err)
		}
		if err := p.episode(w, ep); err != nil {
			return nil, err
		}
		if p.errMsg != "" {
			break
		}
		tally = tally.Plus(w.Tally())
	}
	return p.result(tally, episodes), nil
}

// pythonPicker draws as random.Random.choice does.
type pythonPicker struct{ r *pyrand.Random }

func (p pythonPicker) IntN(n int) int { return p.r.Below(n) }

// episodeSeed is episode ep's order stream seed in a trial of seed.
func episodeSeed(seed uint64, ep int) uint64 { return generate.CallSeed(seed, -1, ep) }

// play is one trial in progress.
type play struct {
	ctx   context.Context
	spec  generate.TrialSpec
	cfg   Config
	seat  int // the dispatcher's seat
	think float64
	// lat draws each dispatch call's think time when a latency model is
	// on (nil: every call takes think); clock sums the draws.
	lat    *latency.Sampler
	clock  time.Duration
	human  bool
	agents int
	prefix []trajectory.Message

	transitions []trajectory.Transition
	errMsg      string
	errorSteps  int
	emptyPlans  int
}

// episode plays one episode as chat_agent.py's loop does: a user turn per
// step (feedback, state, "-action:"), the history window, the call, the
// actions read from the reply and stepped, the kept assistant turn.
func (p *play) episode(w *cuisine.World, ep int) error {
	history := append([]trajectory.Message(nil), p.prefix...)
	initial := len(history)
	feedback := ""
	if !p.cfg.NoFeedback {
		feedback = cuisine.ErrorsText(nil) + cuisine.SuggestionsText(nil)
	}
	var hum func(cuisine.State) string
	switch {
	case p.human && p.cfg.human != nil:
		hum = p.cfg.human(ep)
	case p.human:
		hum = newHuman(w.Level(), rand.New(rand.NewPCG(p.spec.Seed, uint64(ep)+0x48756d))).act
	}
	for range cuisine.EpisodeSteps {
		if err := p.ctx.Err(); err != nil {
			return err
		}
		state := w.State()
		user := feedback + state.Prompt() + cuisine.ActionPrompt
		var humanAct string
		if hum != nil {
			humanAct = hum(state)
			user += humanAct + "\n"
		}
		if len(history) >= lookAhead+initial {
			history = append(history[:initial:initial], history[initial+2:]...)
		}
		history = append(history, trajectory.Message{Role: "user", Content: user})
		msgs := append([]trajectory.Message(nil), history...)
		step := len(p.transitions)
		req := generate.Request{Kind: trajectory.KindDispatch, Messages: msgs, Seed: generate.CallSeed(p.spec.Seed, p.seat, step)}
		reply, err := p.spec.Team[p.seat].Backend.Complete(p.ctx, req)
		if err != nil {
			if p.ctx.Err() != nil {
				return p.ctx.Err()
			}
			p.errMsg = fmt.Sprintf("%s: dispatch call %d: %v", Seat, step, err)
			return nil
		}
		var plan []string
		first := 0
		if hum != nil {
			plan = append([]string{humanAct}, cuisine.HumanPlan(reply.Text, p.agents)...)
			first = 1
		} else {
			plan = cuisine.ExtractActions(reply.Text)
		}
		if len(plan) == 0 {
			p.emptyPlans++ // chat_agent.py does not step: the next turn shows the same state
		} else {
			out, err := w.Step(plan)
			if err != nil {
				return fmt.Errorf("dispatch: task %s: %w", p.spec.Task.ID, err)
			}
			if len(out.Errors) > 0 {
				p.errorSteps++
			}
		}
		if !p.cfg.NoFeedback {
			feedback = cuisine.ErrorsText(w.Errors()) + cuisine.SuggestionsText(w.Suggestions())
		}
		history = append(history, trajectory.Message{Role: "assistant", Content: cuisine.PlanTurn(plan, first, p.agents)})
		tr := trajectory.Transition{
			Step: step, Kind: trajectory.KindDispatch, Messages: msgs, Response: reply.Text, Scripted: reply.Scripted,
			Command: strings.Join(plan[min(first, len(plan)):], "\n"), Output: feedback,
			Usage: reply.Usage, Latency: reply.Latency, SimTime: float64(step) * p.think,
			FinishReason: reply.FinishReason, Attempts: reply.Attempts,
		}
		if p.lat != nil { // the call took its draw; the level waits for it (lock-step)
			tr.SimLatency = p.lat.Draw(trajectory.KindDispatch)
			tr.SimTime = p.clock.Seconds()
			p.clock += tr.SimLatency
		}
		p.transitions = append(p.transitions, tr)
		if p.spec.Recorder != nil {
			p.spec.Recorder.Record(p.seat, tr)
		}
	}
	return nil
}

// result is the trial's record: the dispatcher's transitions, the agents'
// empty records, the tallies as metrics. Its score is MindAgent's own rate
// (served over served, steps with an expiry and open orders); it succeeds
// when every order was served.
func (p *play) result(t cuisine.Tally, episodes int) *generate.TrialResult {
	r := &generate.TrialResult{SimSeconds: float64(len(p.transitions)) * p.think, Error: p.errMsg}
	if p.lat != nil {
		r.SimSeconds = p.clock.Seconds()
	}
	for i, s := range p.spec.Team {
		a := trajectory.Agent{Name: s.Name}
		active := 0.0
		if i == p.seat {
			a.Transitions = p.transitions
			active = r.SimSeconds
		}
		r.Agents = append(r.Agents, a)
		r.ActiveSeconds = append(r.ActiveSeconds, active)
	}
	if p.errMsg != "" {
		r.Outcome = trajectory.Outcome{EndReason: trajectory.EndError}
		return r
	}
	r.Outcome = trajectory.Outcome{Score: t.CodeRate(), Success: t.Expired == 0 && t.Open == 0 && t.Served > 0, EndReason: trajectory.EndTimeout}
	if r.Outcome.Success {
		r.Outcome.EndReason = trajectory.EndSuccess
	}
	r.Metrics = map[string]float64{
		MetricServed: float64(t.Served), MetricExpired: float64(t.Expired), MetricExpirySteps: float64(t.ExpirySteps),
		MetricOpen: float64(t.Open), MetricEpisodes: float64(episodes),
		MetricErrorSteps: float64(p.errorSteps), MetricEmptyPlans: float64(p.emptyPlans),
	}
	return r
}
