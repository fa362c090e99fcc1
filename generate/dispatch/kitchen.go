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
	"collabcraft/mckitchen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// KitchenWorld is the Minecraft world as the kitchen's dispatcher needs
// it: the paper's actions and what the state shows (generate.SimWorld).
type KitchenWorld interface {
	generate.World
	KitchenAct(agent int, verb, arg string) (errText string, d time.Duration)
	KitchenView(agent int) mckitchen.AgentView
	KitchenFurnace() mckitchen.FurnaceView
	KitchenChest() map[string]int
	KitchenServe(dish string) bool
}

// minStep is the shortest lock-step step: a round of noops still takes a
// second of the clock.
const minStep = time.Second

// kitchenTrial plays a Minecraft kitchen task (MindAgent §7): episodes of
// 60 lock-step steps. Each step the dispatcher gives every agent one
// action; the actions run in the order written, all starting at the
// step's time, and the step lasts as long as the longest (the world's
// furnace smelts on meanwhile, killed animals and mined blocks come back);
// then orders due expire, the chest serves the open ones and new ones
// arrive on the clock. The prompt has CuisineWorld's shape (rules, info
// turn, user turns of feedback, state and "-action:", the window of the
// last 5 messages), without a one-shot demo: MindAgent published none for
// Minecraft. Each episode starts in a fresh world.
func (o Org) kitchenTrial(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	t := spec.Task
	n := t.AgentCount
	if len(spec.Team) != n+1 {
		return nil, fmt.Errorf("dispatch: task %s: %d seats; want %d agents and the dispatcher", t.ID, len(spec.Team), n)
	}
	if t.HumanCount != nil && *t.HumanCount != 0 {
		return nil, fmt.Errorf("dispatch: task %s: the Minecraft kitchen has no human variant (MindAgent's joined by voice, which is not simulated)", t.ID)
	}
	level := mckitchen.Level{Name: fmt.Sprint(t.Difficulty["level"]), Dishes: t.Target.List}
	if err := level.Validate(); err != nil {
		return nil, fmt.Errorf("dispatch: task %s: target: %w", t.ID, err)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = spec.Team[i].Name
	}
	prefix := []trajectory.Message{{Role: "user", Content: mckitchen.RulesText(level)}, {Role: "user", Content: mckitchen.InfoText(n)}}
	p := &play{ctx: ctx, spec: spec, cfg: o.Config, seat: n, think: o.Config.think(), lat: spec.Config.Sampler(spec.Seed), agents: n, prefix: prefix}
	var tally cuisine.Tally
	var elapsed time.Duration
	episodes := cmp.Or(t.Episodes, cuisine.EpisodesPerSetting)
	for ep := range episodes {
		w, ok := spec.World.(KitchenWorld)
		if ep > 0 || !ok {
			built, err := world.Build(*t, episodeSeed(spec.Seed, ep), world.Options{AgentNames: names})
			if err != nil {
				return nil, fmt.Errorf("dispatch: task %s: %w", t.ID, err)
			}
			w = generate.SimWorld(built, spec.Seed).(KitchenWorld)
		}
		pick := cuisine.Picker(rand.New(rand.NewPCG(episodeSeed(spec.Seed, ep), 0x6d636b)))
		if o.Config.picker != nil {
			pick = o.Config.picker(ep)
		}
		orders := mckitchen.NewOrders(level, t.Alpha, pick)
		end, err := p.kitchenEpisode(w, orders, elapsed)
		if err != nil {
			return nil, err
		}
		elapsed = end
		if p.errMsg != "" {
			break
		}
		tally = tally.Plus(orders.Tally())
	}
	r := p.result(tally, episodes)
	r.SimSeconds = elapsed.Seconds()
	return r, nil
}

// kitchenEpisode plays one episode; base is the trial's time before it.
func (p *play) kitchenEpisode(w KitchenWorld, orders *mckitchen.Orders, base time.Duration) (time.Duration, error) {
	history := append([]trajectory.Message(nil), p.prefix...)
	initial := len(history)
	var errs []string
	now := time.Duration(0)
	w.SetTime(now)
	for step := range mckitchen.EpisodeSteps {
		if err := p.ctx.Err(); err != nil {
			return base + now, err
		}
		state := mckitchen.State{Time: now, Step: step, MaxSteps: mckitchen.EpisodeSteps,
			Furnace: w.KitchenFurnace(), Chest: w.KitchenChest(), Done: orders.Accomplished()}
		for _, o := range orders.Open() {
			state.Orders = append(state.Orders, mckitchen.OrderView{Dish: o.Dish, Left: int((o.Due - now + time.Second - 1) / time.Second)})
		}
		for i := range p.agents {
			state.Agents = append(state.Agents, w.KitchenView(i))
		}
		user := mckitchen.ErrorsText(errs) + state.Text() + mckitchen.ActionPrompt
		if len(history) >= lookAhead+initial {
			history = append(history[:initial:initial], history[initial+2:]...)
		}
		history = append(history, trajectory.Message{Role: "user", Content: user})
		msgs := append([]trajectory.Message(nil), history...)
		call := len(p.transitions)
		reply, err := p.spec.Team[p.seat].Backend.Complete(p.ctx, generate.Request{Kind: trajectory.KindDispatch, Messages: msgs,
			Seed: generate.CallSeed(p.spec.Seed, p.seat, call)})
		if err != nil {
			if p.ctx.Err() != nil {
				return base + now, p.ctx.Err()
			}
			p.errMsg = fmt.Sprintf("%s: dispatch call %d: %v", Seat, call, err)
			return base + now, nil
		}
		var think time.Duration
		if p.lat != nil {
			// The Minecraft world does not wait for the dispatcher: orders
			// run down while it thinks, and its actions start after.
			think = p.lat.Draw(trajectory.KindDispatch)
			now += think
			w.SetTime(now)
			orders.Settle(now, w.KitchenServe)
		}
		acts := mckitchen.ExtractActions(reply.Text)
		if len(acts) == 0 {
			p.emptyPlans++ // as chat_agent.py: no step, the same state next turn
		} else {
			var d time.Duration
			errs, d = p.kitchenStep(w, acts)
			if len(errs) > 0 {
				p.errorSteps++
			}
			now += max(d, minStep)
			w.SetTime(now)
			orders.Settle(now, w.KitchenServe)
		}
		history = append(history, trajectory.Message{Role: "assistant", Content: mckitchen.PlanTurn(acts, p.agents)})
		var texts []string
		for _, a := range acts {
			texts = append(texts, a.Text)
		}
		tr := trajectory.Transition{Step: call, Kind: trajectory.KindDispatch, Messages: msgs, Response: reply.Text, Scripted: reply.Scripted,
			Command: strings.Join(texts, "\n"), Output: mckitchen.ErrorsText(errs), Usage: reply.Usage, Latency: reply.Latency,
			SimTime: (base + now).Seconds(), SimLatency: think, FinishReason: reply.FinishReason, Attempts: reply.Attempts}
		p.transitions = append(p.transitions, tr)
		if p.spec.Recorder != nil {
			p.spec.Recorder.Record(p.seat, tr)
		}
	}
	return base + now, nil
}

// kitchenStep checks a step's actions as CuisineWorld's game checks its own
// (a malformed list is refused whole, with its error) and runs them in the
// order written; it returns the errors and the step's length.
func (p *play) kitchenStep(w KitchenWorld, acts []mckitchen.Action) ([]string, time.Duration) {
	seen := map[int]bool{}
	for _, a := range acts {
		switch {
		case a.Agent < 0 || a.Agent >= p.agents:
			return []string{"agent id not found"}, 0
		case seen[a.Agent]:
			return []string{"agent ids cannot be the same"}, 0
		case mckitchen.Verbs[a.Verb] != (a.Arg != ""):
			return []string{"wrong arguments for action " + a.Text}, 0
		}
		seen[a.Agent] = true
	}
	var errs []string
	var longest time.Duration
	for _, a := range acts {
		e, d := w.KitchenAct(a.Agent, a.Verb, a.Arg)
		if e != "" {
			errs = append(errs, e)
		}
		longest = max(longest, d)
	}
	return errs, longest
}
