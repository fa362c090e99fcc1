package world

import (
	"time"

	"collabcraft/mcdata"
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

// Expansions is how many path search expansions the world has made so
// far: the difference over a skill call is the Go work it did, which
// depends only on the world and the call, never on the machine.
func (s *Session) Expansions() int64 { return s.r.w.expansions }

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

// PlaceItem is Voyager's placeItem past its checks (see placeItem): the
// walk to where a face of p's neighbours is in sight and reach, and the
// placing. It returns mineflayer's error message, "" when placed.
func (s *Session) PlaceItem(block string, p Pos) string {
	var err string
	s.skill(func(r *run) bool { err = r.placeItem(block, p); return err == "" })
	return err
}

// PlaceBlockState is PlaceBlock with an orientation for the placed block
// (VillagerBench's placeBlock facing; see placeBlockState).
func (s *Session) PlaceBlockState(block string, p Pos, st mcdata.State) bool {
	return s.skill(func(r *run) bool { return r.placeBlockState(block, p, st) })
}

// BreakBlockAt is skills.breakBlockAt at cell p.
func (s *Session) BreakBlockAt(p Pos) bool {
	return s.skill(func(r *run) bool { return r.breakBlockAt(p) })
}

// GoToPosition is skills.goToPosition.
func (s *Session) GoToPosition(x, y, z, minDist float64) bool {
	return s.skill(func(r *run) bool { return r.goToPosition(x, y, z, minDist) })
}

// SteerToward is one of Voyager's exploreUntil re-aims: the pathfinder's
// goal set toward (x, y, z), or toward (x, z) at any height with anyY,
// and followed as far as a bounded search sees (see steerToward).
func (s *Session) SteerToward(x, y, z float64, anyY bool) {
	s.skill(func(r *run) bool { r.steerToward(x, y, z, anyY); return true })
}

// PathGoal is a goal a Voyager program hands bot.pathfinder.goto, as
// mineflayer-pathfinder's goal classes take it.
type PathGoal struct {
	Kind    PathGoalKind
	X, Y, Z float64
	Range   float64 // GoalNear's
}

// PathGoalKind names a mineflayer-pathfinder goal class.
type PathGoalKind int

const (
	GoalNear       PathGoalKind = iota // within Range of (X, Y, Z)
	GoalXZ                             // in the column (X, Z), at any height
	GoalPlaceBlock                     // where a block can be placed at (X, Y, Z) (placegoal.go)
)

// GoTo is bot.pathfinder.goto(g): the walk, with digging and towering as
// the world allows. It returns mineflayer-pathfinder's error message ("No
// path to the goal!", "Took to long to decide path to goal!"), "" when the
// goal is reached.
func (s *Session) GoTo(g PathGoal) string {
	var err string
	s.skill(func(r *run) bool {
		cell := Vec{g.X, g.Y, g.Z}.Block()
		var pg goal
		switch g.Kind {
		case GoalXZ:
			pg = goal{center: cell, anyY: true}
		case GoalPlaceBlock:
			pg = goal{place: r.w.newPlaceGoal(cell)}
		default:
			pg = near(cell, g.Range)
		}
		err = r.walkTo(pg)
		return err == ""
	})
	return err
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

// AttackEntity is skills.attackEntity on the entity with id (-1 for an
// object that is no entity of the world) whose name is name. Without
// kill it strikes once (the caller walks up first, as the skill does).
func (s *Session) AttackEntity(id int, name string, kill bool) {
	s.skill(func(r *run) bool { r.attackEntity(id, name, kill); return true })
}

// DefendSelf is skills.defendSelf.
func (s *Session) DefendSelf(rng float64) bool {
	return s.skill(func(r *run) bool { return r.defendSelf(rng) })
}

// MoveAwayFrom is skills.moveAwayFromEntity for an entity at v: it walks
// to more than dist from v; no path throws, as mineflayer does.
func (s *Session) MoveAwayFrom(v Vec, dist float64) bool {
	return s.skill(func(r *run) bool {
		if err := r.moveAwayFrom(v.Block(), dist); err != "" {
			r.throw(pathErrName(err) + ": " + err)
			return false
		}
		return true
	})
}

// AvoidEnemies is skills.avoidEnemies.
func (s *Session) AvoidEnemies(dist float64) bool {
	return s.skill(func(r *run) bool { return r.avoidEnemies(dist) })
}

// UseDoor is skills.useDoor with the door at v.
func (s *Session) UseDoor(v Vec) bool {
	return s.skill(func(r *run) bool { return r.useDoor(v) })
}

// TillAndSow is skills.tillAndSow at cell p; seed is sown when sow is set.
func (s *Session) TillAndSow(p Pos, seed string, sow bool) bool {
	return s.skill(func(r *run) bool { return r.tillAndSow(p, seed, sow) })
}

// ClearPath is world.isClearPath: whether the agent can walk within a
// block of target without digging or placing blocks.
func (s *Session) ClearPath(target Vec) bool {
	s.r.w.thinkBudget = thinkBudget
	return s.r.w.clearPath(s.r.a, target)
}

// CraftableItems is world.getCraftableItems.
func (s *Session) CraftableItems() []string { return s.r.w.craftableItems(s.r.a) }
