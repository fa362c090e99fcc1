package world

import (
	"math"
	"slices"

	"collabcraft/mcdata"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// nearestBlock returns the nearest block of one of the names within
// maxDist of v (distance to the block's corner, as mineflayer measures),
// ties broken by position so the choice is deterministic.
func (w *World) nearestBlock(v Vec, names []string, maxDist float64) *Pos {
	found := w.nearestBlocks(v, names, maxDist, 1, nil)
	if len(found) == 0 {
		return nil
	}
	return &found[0]
}

// nearestBlocks returns up to n blocks of the names within maxDist of v,
// nearest first, skipping those in exclude and, in an escape world,
// those in a room v cannot see (!searchForBlock, !activate and
// world.getNearestBlocks find only what the agent's room shows).
func (w *World) nearestBlocks(v Vec, names []string, maxDist float64, n int, exclude map[Pos]bool) []Pos {
	type cand struct {
		p Pos
		d float64
	}
	less := func(a, b cand) int {
		switch {
		case a.d < b.d:
			return -1
		case a.d > b.d:
			return 1
		}
		if c := a.p.Y - b.p.Y; c != 0 {
			return c
		}
		if c := a.p.X - b.p.X; c != 0 {
			return c
		}
		return a.p.Z - b.p.Z
	}
	var cs []cand
	var best cand
	found := false
	md2 := maxDist * maxDist
	for _, name := range names {
		for p := range w.blocks.positions(name) {
			if exclude[p] {
				continue
			}
			dx, dy, dz := float64(p.X)-v.X, float64(p.Y)-v.Y, float64(p.Z)-v.Z
			d := dx*dx + dy*dy + dz*dz
			if d > md2 || w.escape != nil && w.hidden(v, p) {
				continue // an escape room hides what is in other rooms
			}
			c := cand{p, d}
			if n == 1 { // the common case: keep the minimum, no sort
				if !found || less(c, best) < 0 {
					best, found = c, true
				}
				continue
			}
			cs = append(cs, c)
		}
	}
	if n == 1 {
		if !found {
			return nil
		}
		return []Pos{best.p}
	}
	slices.SortFunc(cs, less)
	out := make([]Pos, 0, min(n, len(cs)))
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].p)
	}
	return out
}

// walkTo is MINDcraft's walk: the pathfinder may dig (where the world
// allows it) and tower.
func (r *run) walkTo(g goal) string { return r.walk(g, moves{}) }

// moves is what one dialect's pathfinder Movements leave out, and whether
// a walk that cannot reach its goal follows its best partial path (as
// mineflayer-pathfinder does for a goal set with setGoal).
type moves struct {
	noDig, noTower bool // canDig = false; allow1by1towers = false
	partial        bool
	// steer is a goal set with setGoal and replaced a moment later (Voyager's
	// exploreUntil re-aims every 2 s): the search is bounded to
	// steerExpansions, the walk follows its best partial path, and the
	// thinking costs no time of its own (the bot thinks while it walks).
	steer bool
}

// steerExpansions bounds the path search of one steering goal: what the
// pathfinder works out in the seconds before the goal changes, a small
// share of a goto's maxExpansions.
const steerExpansions = maxExpansions / 10

// walk moves the agent along a path to a cell satisfying g, digging and
// placing scaffolding on the way as m allows, and spends the walking time.
// It returns the pathfinder's error text, or "". Both dialects walk with it.
func (r *run) walk(g goal, m moves) string {
	a := r.a
	start := a.pos.Block()
	can := ability{scaffold: scaffoldCount(a.inv), noTower: m.noTower, digger: a, partial: m.partial || m.steer}
	if m.noDig {
		can.digger = nil
	}
	if m.steer {
		can.limit = steerExpansions
	}
	pt, err := r.w.findPath(start, g, can)
	if err != "" && !m.steer {
		// The pathfinder thinks before it gives up: up to its 5 s
		// thinkTimeout, less when the reachable area runs out first.
		if err == errTimeout {
			r.spend(5)
		} else {
			r.spend(0.5)
		}
		if pt.end == start {
			return err
		}
	}
	for _, q := range pt.dug {
		b, _ := mcdata.LookupBlock(r.w.blocks.name(q))
		r.mine(q, pickTool(a.inv, b), true)
	}
	for _, q := range pt.scaffold {
		item := "dirt"
		if a.inv.Count(item) == 0 {
			item = "cobblestone"
		}
		a.inv.Remove(item, 1)
		r.w.setBlock(q, item)
	}
	if pt.end != start {
		a.pos = pt.end.Center()
		r.spend(pt.length / WalkSpeed)
		r.w.moveFollowers(a)
	}
	return err
}

// scaffoldCount is how many blocks the pathfinder may place: mineflayer's
// default scaffolding blocks are dirt and cobblestone.
func scaffoldCount(inv *Inventory) int { return inv.Count("dirt") + inv.Count("cobblestone") }

func near(p Pos, dist float64) goal { return goal{center: p, rangeSq: dist * dist} }

// steerToward is one of Voyager's exploreUntil re-aims: the goal
// GoalNear(x, y, z) or, with anyY, GoalNearXZ(x, z), followed as far as
// a bounded search sees toward it (mineflayer-pathfinder's setGoal moves
// along its best partial path). Either goal is made with no range, so
// mineflayer never counts it reached; the bot keeps heading for the
// point until the goal changes, which here is arriving within a block.
func (r *run) steerToward(x, y, z float64, anyY bool) {
	g := near(Vec{x, y, z}.Block(), 1)
	g.anyY = anyY
	r.walk(g, moves{steer: true})
}

// goToPosition is MINDcraft's skills.goToPosition (GP).
func (r *run) goToPosition(x, y, z, minDist float64) bool {
	p := Vec{x, y, z}.Block()
	if err := r.walkTo(near(p, minDist)); err != "" {
		r.log("Pathfinding stopped: %s.", err)
		return false
	}
	r.say(texts.Reached(jsNum(x), jsNum(y), jsNum(z)))
	return true
}

// goToNearestBlock is skills.goToNearestBlock (GNB).
func (r *run) goToNearestBlock(block string, minDist, rng float64) bool {
	if rng > 512 {
		r.log("Maximum search range capped at 512. ")
		rng = 512
	}
	p := r.w.nearestBlock(r.a.pos, []string{block}, rng)
	if p == nil {
		r.log("%s", texts.NotFoundIn(block, jsNum(rng)))
		return false
	}
	return r.goToFoundBlock(block, *p, minDist)
}

// goToFoundBlock is goToNearestBlock's second half: it reports the block
// found at p and walks there.
func (r *run) goToFoundBlock(block string, p Pos, minDist float64) bool {
	if r.w.opts.Dialect == DialectCurrent {
		r.log("%s Navigating...", texts.Found(block, p.X, p.Y, p.Z))
	} else {
		r.log("%s", texts.Found(block, p.X, p.Y, p.Z))
	}
	return r.goToPosition(float64(p.X), float64(p.Y), float64(p.Z), minDist)
}

// goToPlayer is skills.goToPlayer; it throws for an unknown player and
// when no path exists, as mineflayer does.
func (r *run) goToPlayer(name string, dist float64) bool {
	t := r.w.byName[name]
	if t == nil {
		r.throw("TypeError: Cannot read properties of undefined (reading 'entity')")
		return false
	}
	if err := r.walkTo(near(t.pos.Block(), dist)); err != "" {
		r.throw(pathErrName(err) + ": " + err)
		return false
	}
	r.log("You have reached %s.", name)
	return true
}

func pathErrName(err string) string {
	if err == errTimeout {
		return "Timeout"
	}
	return "NoPath"
}

// moveAwayFrom walks to the nearest cell farther than dist from p.
func (r *run) moveAwayFrom(p Pos, dist float64) string {
	return r.walkTo(goal{center: p, rangeSq: dist * dist, invert: true})
}

// clearPath is world.isClearPath: whether the pathfinder reaches within
// a block of target without digging or placing a block.
func (w *World) clearPath(a *Agent, target Vec) bool {
	_, err := w.findPath(a.pos.Block(), near(target.Block(), 1), ability{})
	return err == ""
}

// moveFollowers brings agents following a (with !followPlayer) along.
func (w *World) moveFollowers(a *Agent) {
	for _, f := range w.agents {
		if f.following != a.Name || f == a {
			continue
		}
		if f.pos.Dist(a.pos) <= f.followDist+1 {
			continue
		}
		if pt, err := w.findPath(f.pos.Block(), near(a.pos.Block(), f.followDist), ability{}); err == "" {
			f.pos = pt.end.Center()
		}
	}
}

// afterAction applies gravity to everyone after the world changed, shows a
// farm-to-table judge the inventories and tells escape rooms' rules where
// everyone stands.
func (w *World) afterAction(_ *Agent) {
	for _, a := range w.agents {
		a.pos = w.settle(a.pos)
	}
	w.observeFarm()
	w.escapeSync()
}

func cmdGoToPlayer(r *run, args []command.Value) string {
	r.goToPlayer(args[0].S, args[1].N)
	return ""
}

func cmdFollowPlayer(r *run, args []command.Value) string {
	name, dist := args[0].S, args[1].N
	t := r.w.byName[name]
	if t == nil {
		return "" // no entity: the action ends with an empty log
	}
	r.log("You are now actively following player %s.", name)
	r.walkTo(near(t.pos.Block(), dist))
	r.a.following, r.a.followDist = name, dist
	// It runs until interrupted, so the agent gets no output.
	r.silent = true
	return ""
}

func cmdGoToCoordinates(r *run, args []command.Value) string {
	r.goToPosition(args[0].N, args[1].N, args[2].N, args[3].N)
	return ""
}

func cmdSearchForBlock(r *run, args []command.Value) string {
	r.goToNearestBlock(args[0].S, 4, args[1].N)
	return ""
}

func cmdSearchForEntity(r *run, args []command.Value) string {
	kind, rng := args[0].S, args[1].N
	var best *Vec
	bestD := math.Inf(1)
	for _, m := range r.w.nearbyMobs(r.a.pos, rng) {
		if m.Kind == kind {
			v := m.pos
			best, bestD = &v, m.pos.Dist(r.a.pos)
			break
		}
	}
	if kind == "player" {
		for _, o := range r.w.agents {
			if d := o.pos.Dist(r.a.pos); o != r.a && d <= rng && d < bestD {
				v := o.pos
				best, bestD = &v, d
			}
		}
	}
	if best == nil {
		r.log("%s", texts.NotFoundIn(kind, jsNum(rng)))
		return ""
	}
	r.log("Found %s %s blocks away.", kind, jsNum(bestD))
	r.goToPosition(best.X, best.Y, best.Z, 2)
	return ""
}

func cmdMoveAway(r *run, args []command.Value) string {
	if err := r.moveAwayFrom(r.a.pos.Block(), args[0].N); err != "" {
		r.throw(pathErrName(err) + ": " + err)
		return ""
	}
	r.log("Moved away from nearest entity to %s.", r.a.pos)
	return ""
}

func cmdRememberHere(r *run, args []command.Value) string {
	name := args[0].S
	i := slices.IndexFunc(r.a.saved, func(s savedPlace) bool { return s.name == name })
	if i >= 0 {
		r.a.saved[i].pos = r.a.pos
	} else {
		r.a.saved = append(r.a.saved, savedPlace{name, r.a.pos})
	}
	return `Location saved as "` + name + `".`
}

func cmdGoToRememberedPlace(r *run, args []command.Value) string {
	name := args[0].S
	i := slices.IndexFunc(r.a.saved, func(s savedPlace) bool { return s.name == name })
	if i < 0 {
		r.log(`No location named "%s" saved.`, name)
		return ""
	}
	p := r.a.saved[i].pos
	r.goToPosition(p.X, p.Y, p.Z, 1)
	return ""
}
