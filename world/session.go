package world

import (
	"time"

	"collabcraft/world/command"
)

// Session is one code execution of one agent (MINDcraft's !newAction): the
// skills it calls share one action log (bot.output) and add up their
// simulated time, exactly as the command handlers do for one command.
// The code runtime (package world/js) drives it; like the World, a
// Session has one owner and the caller advances the clock by Duration.
type Session struct {
	r   *run
	res CommandResult // what handlers write besides the log (notices, chat)
}

// NewSession starts a code execution for the named agent.
func (w *World) NewSession(agent string) (*Session, error) {
	a := w.byName[agent]
	if a == nil {
		return nil, w.agentErr(agent)
	}
	s := &Session{}
	s.r = &run{w: w, a: a, res: &s.res}
	return s, nil
}

// Log appends one line to the action log (skills.log).
func (s *Session) Log(line string) { s.r.say(line) }

// Output is the action log so far (bot.output).
func (s *Session) Output() string { return s.r.out.String() }

// Duration is the simulated time the skills called so far take.
func (s *Session) Duration() time.Duration {
	return time.Duration(min(s.r.dur, maxActionSeconds) * float64(time.Second))
}

// Spend adds simulated time that is not a skill's (skills.wait).
func (s *Session) Spend(d time.Duration) { s.r.spend(d.Seconds()) }

// Thrown returns the exception the last skill threw (err.toString(), e.g.
// "NoPath: No path to the goal!") and clears it; "" when none was thrown.
func (s *Session) Thrown() string {
	e := s.r.exc
	s.r.exc = ""
	return e
}

// Command runs a command's handler as the skill it wraps, for the
// commands that are one skill call (!collectBlocks is skills.collectBlock,
// ...); args are the command's parameters in its order.
func (s *Session) Command(name string, args ...command.Value) {
	h := handlers[name]
	if h == nil {
		panic("world: Session.Command: no command " + name)
	}
	s.r.w.thinkBudget = thinkBudget
	h(s.r, args)
	s.r.w.afterAction(s.r.a)
}

// skill runs one skill body with a fresh path search budget and gravity
// applied after it, as Execute does for a command.
func (s *Session) skill(f func(r *run) bool) bool {
	s.r.w.thinkBudget = thinkBudget
	ok := f(s.r)
	s.r.w.afterAction(s.r.a)
	return ok
}

// PlaceBlock is skills.placeBlock at cell p (survival, no cheats).
func (s *Session) PlaceBlock(block string, p Pos) bool {
	return s.skill(func(r *run) bool { return r.placeBlock(block, p) })
}

// BreakBlockAt is skills.breakBlockAt at cell p.
func (s *Session) BreakBlockAt(p Pos) bool {
	return s.skill(func(r *run) bool { return r.breakBlockAt(p) })
}

// GoToPosition is skills.goToPosition.
func (s *Session) GoToPosition(x, y, z, minDist float64) bool {
	return s.skill(func(r *run) bool { return r.goToPosition(x, y, z, minDist) })
}

// GoToNearestBlock is skills.goToNearestBlock.
func (s *Session) GoToNearestBlock(block string, minDist, rng float64) bool {
	return s.skill(func(r *run) bool { return r.goToNearestBlock(block, minDist, rng) })
}

// GoToPlayer is skills.goToPlayer; an unknown player or no path throws.
func (s *Session) GoToPlayer(name string, dist float64) bool {
	return s.skill(func(r *run) bool { return r.goToPlayer(name, dist) })
}

// Discard is skills.discard: num < 0 tosses them all.
func (s *Session) Discard(item string, num int) bool {
	return s.skill(func(r *run) bool {
		if num < 0 {
			num = r.a.inv.Count(item)
		}
		if num == 0 { // the same text as when none is left
			r.log("You do not have any %s to discard.", item)
			return false
		}
		return r.discard(item, num) > 0
	})
}

// NearestBlocks lists up to n cells holding one of names within dist of
// the agent, nearest first (world.getNearestBlocks).
func (s *Session) NearestBlocks(names []string, dist float64, n int) []Pos {
	return s.r.w.nearestBlocks(s.r.a.pos, names, dist, n, nil)
}

// NearbyBlockTypes lists the block types within dist, nearest first.
func (s *Session) NearbyBlockTypes(dist float64) []string {
	return s.r.w.nearbyBlockTypes(s.r.a.pos, dist)
}

// Health is the agent's health (0-20).
func (a *Agent) Health() float64 { return a.health }

// Food is the agent's hunger bar (0-20).
func (a *Agent) Food() float64 { return a.food }

// Held is the item in the agent's hand, "" for none.
func (a *Agent) Held() string { return a.held }

// TimeOfDay is the time of day in game ticks (0-23999), bot.time.timeOfDay.
func (w *World) TimeOfDay() int64 {
	return (w.startTicks + int64(w.now.Seconds()*20)) % 24000
}

// Biome is the name of the biome the agents are in.
func (w *World) Biome() string { return w.biome }
