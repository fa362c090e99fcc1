package world

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"collabcraft/escape"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// VillagerBench's escape rooms (package escape) in the world. The world
// builds the rooms from escape.Task.Build and hands what agents do to the
// rules, escape.Engine: where each agent stands (pressure plates are
// powered while someone is on them), blocks used (!activate, ToggleAction),
// placed and broken, and the clock. The engine answers with blocks to set
// (levers, buttons, doors, trapdoors, gates, effects and their reverts),
// named items to give (the "key") and teleports, which the world applies.
//
// Timing: the world applies an action's effects when it executes it, at
// the clock's current time (its start), so that is when the rules hear of
// it; the engine needs its reports in time order and gets them at the
// later of its own clock and the world's. A walk counts where it ends:
// plates crossed on the way are not pressed.
//
// Mechanisms keep their whole block state in the engine (EscapeBlockAt):
// the world's grid holds the name and the facing or axis mcdata can hold,
// and what can be walked through follows the state: a shut door, a shut
// gate and an open trapdoor (a panel standing in the doorway) block; open
// doors and gates, a shut trapdoor (lying flat) and air do not; nobody
// walks into lava (mineflayer's pathfinder avoids it), so the cell above a
// lava block is closed to paths until the lava goes.
type escapeScene struct {
	task    *escape.Task
	eng     *escape.Engine
	instant bool
	signs   map[Pos][]string
	// keys holds each agent's named items: agent -> item -> custom name ->
	// count. A locked chest opens for an agent holding an item with its
	// lock's name.
	keys map[string]map[string]map[string]int
	// at is the feet cell last reported for each agent.
	at map[string]Pos
	// changes are every change the rules made, in order (for tests and
	// the trial's record).
	changes []escape.Change
	err     error // the first error the engine gave: the world's clock went back
}

func toEscape(p Pos) escape.Pos   { return escape.Pos{X: p.X, Y: p.Y, Z: p.Z} }
func fromEscape(p escape.Pos) Pos { return Pos{p.X, p.Y, p.Z} }

// buildEscape lays out an escape task's rooms from its "escape" field.
func (w *World) buildEscape(task procgen.Task) ([]Pos, error) {
	if task.Escape == nil {
		return nil, fmt.Errorf("world: task %s: escape_room task without an escape field", task.ID)
	}
	et, err := task.EscapeTask()
	if err != nil {
		return nil, fmt.Errorf("world: task %s: field \"escape\": %w", task.ID, err)
	}
	return w.buildEscapeRooms(et, false)
}

// buildEscapeRooms lays out an escape task's course: a superflat ground
// (bedrock, dirt, dirt, grass at the course's floor, as VillagerBench's
// world is) under everything the build touches, then the build's steps in
// order. It returns each agent's start cell, agent order.
func (w *World) buildEscapeRooms(t *escape.Task, instant bool) ([]Pos, error) {
	ops := t.Build()
	lo, hi := fromEscape(ops[0].From), fromEscape(ops[0].From)
	for _, op := range ops {
		for _, p := range []escape.Pos{op.From, op.To} {
			lo = Pos{min(lo.X, p.X), min(lo.Y, p.Y), min(lo.Z, p.Z)}
			hi = Pos{max(hi.X, p.X), max(hi.Y, p.Y), max(hi.Z, p.Z)}
		}
	}
	const margin = 4
	w.fillLayers(lo.X-margin, lo.Z-margin, hi.X+margin+1, hi.Z+margin+1, t.Bias.Y-1, "bedrock", "dirt", "dirt", "grass_block")
	s := &escapeScene{task: t, instant: instant, signs: map[Pos][]string{}, keys: map[string]map[string]map[string]int{}, at: map[string]Pos{}}
	w.escape = s
	for _, op := range ops {
		if op.Entity != "" {
			if _, ok := mobKinds[op.Entity]; !ok {
				return nil, fmt.Errorf("world: escape task %s: entity %q the world does not know", t.Name, op.Entity)
			}
			w.addMob(op.Entity, fromEscape(op.From).Center())
			continue
		}
		from, to := fromEscape(op.From), fromEscape(op.To)
		for x := min(from.X, to.X); x <= max(from.X, to.X); x++ {
			for y := min(from.Y, to.Y); y <= max(from.Y, to.Y); y++ {
				for z := min(from.Z, to.Z); z <= max(from.Z, to.Z); z++ {
					w.setEscapeBlock(Pos{x, y, z}, op.Block)
				}
			}
		}
		if c := w.containers[from]; c != nil && c.Inv != nil {
			for _, item := range slices.Sorted(maps.Keys(op.Items)) {
				c.Inv.Add(item, op.Items[item])
			}
		}
		if len(op.Sign) > 0 {
			s.signs[from] = slices.Clone(op.Sign)
		}
	}
	spawns := make([]Pos, len(t.Starts))
	for i, st := range t.Starts {
		spawns[i] = fromEscape(st.Pos)
	}
	return spawns, nil
}

// startEscape starts the rules once the agents stand at their starts.
func (w *World) startEscape(seed uint64) error {
	s := w.escape
	eng, err := escape.NewEngine(s.task, escape.EngineConfig{Agents: w.Agents(), Seed: seed, Instant: s.instant})
	if err != nil {
		return fmt.Errorf("world: escape task %s: %w", s.task.Name, err)
	}
	s.eng = eng
	for _, a := range w.agents {
		s.at[a.Name] = a.pos.Block()
	}
	w.escapeSync()
	return s.err
}

// setEscapeBlock sets a block with its states: the name and what mcdata's
// state holds in the grid, and what agents may walk through.
func (w *World) setEscapeBlock(p Pos, b escape.Block) {
	name := b.Name
	if name == "" {
		return
	}
	st := mcdata.State{Facing: b.Facing, Axis: b.Axis}
	if st.IsZero() || mcdata.CheckState(name, st) != nil {
		w.setBlock(p, name)
	} else {
		w.setBlockState(p, name, st)
	}
	if w.blocks.name(p) != name {
		return // outside the build height
	}
	// What can be walked through follows the open state.
	w.blocks.setPass(p, passFor(b))
	if isDoor(name) {
		w.blocks.setPass(p.Add(0, 1, 0), passFor(b))
	}
	above := p.Add(0, 1, 0)
	if name == "lava" {
		w.blocks.setPass(above, passBlocked)
	} else if w.blocks.name(above) == "air" {
		w.blocks.setPass(above, passByName)
	}
}

// passFor is what an escape block lets through.
func passFor(b escape.Block) passRule {
	open := b.Open == escape.True
	switch escape.KindOf(b.Name) {
	case escape.KindDoor, escape.KindGate:
		if open {
			return passOpen
		}
		return passBlocked
	case escape.KindTrapdoor:
		if open {
			return passBlocked
		}
		return passOpen
	}
	return passByName
}

// escapeSync tells the rules where every agent stands and what time it
// is, and applies what they answer.
func (w *World) escapeSync() {
	s := w.escape
	if s == nil || s.eng == nil {
		return
	}
	at := max(s.eng.Now(), w.now)
	for _, a := range w.agents {
		p := a.pos.Block()
		if s.at[a.Name] == p {
			continue
		}
		s.at[a.Name] = p
		ch, err := s.eng.Move(a.Name, toEscape(p), at)
		w.applyEscape(ch, err)
	}
	ch, err := s.eng.Advance(at)
	w.applyEscape(ch, err)
}

// applyEscape applies the rules' changes to the world.
func (w *World) applyEscape(changes []escape.Change, err error) {
	s := w.escape
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		return
	}
	for _, c := range changes {
		s.changes = append(s.changes, c)
		switch c.Kind {
		case escape.BlockChanged:
			w.setEscapeBlock(fromEscape(c.Pos), c.Block)
		case escape.ItemGiven:
			a := w.byName[c.Agent]
			if a == nil {
				continue
			}
			a.inv.Add(c.Item, c.Count)
			if c.Name != "" {
				if s.keys[c.Agent] == nil {
					s.keys[c.Agent] = map[string]map[string]int{}
				}
				if s.keys[c.Agent][c.Item] == nil {
					s.keys[c.Agent][c.Item] = map[string]int{}
				}
				s.keys[c.Agent][c.Item][c.Name] += c.Count
			}
		case escape.Teleported:
			if a := w.byName[c.Agent]; a != nil {
				a.pos = fromEscape(c.Pos).Center()
				a.following = ""
				s.at[c.Agent] = a.pos.Block()
			}
		}
	}
}

// escapeActivate is an agent's use of the block at p in an escape world
// (bot.activateBlock): a lever toggles, a button is pressed, a wooden
// door, trapdoor or gate opens or shuts. It reports what the rules made of
// it; NotActivatable outside an escape world.
func (w *World) escapeActivate(a *Agent, p Pos) escape.Activation {
	s := w.escape
	if s == nil || s.eng == nil {
		return escape.NotActivatable
	}
	w.escapeSync()
	what, _, ch, err := s.eng.Activate(a.Name, toEscape(p), max(s.eng.Now(), w.now))
	w.applyEscape(ch, err)
	return what
}

// escapePlaced and escapeBroken tell the rules of a block an agent placed
// or broke (a gold block put where a sign was; a guarded wall broken,
// which the rules put back).
func (w *World) escapePlaced(a *Agent, p Pos) {
	s := w.escape
	if s == nil || s.eng == nil {
		return
	}
	b := escape.Block{Name: w.blocks.name(p), Facing: w.blocks.state(p).Facing, Axis: w.blocks.state(p).Axis}
	switch escape.KindOf(b.Name) {
	case escape.KindDoor, escape.KindTrapdoor, escape.KindGate:
		b.Open = escape.False
	case escape.KindLever, escape.KindButton, escape.KindPlate:
		b.Powered = escape.False
	}
	ch, err := s.eng.Place(a.Name, toEscape(p), b, max(s.eng.Now(), w.now))
	w.applyEscape(ch, err)
}

func (w *World) escapeBroken(a *Agent, p Pos) {
	s := w.escape
	if s == nil || s.eng == nil {
		return
	}
	ch, err := s.eng.Break(a.Name, toEscape(p), max(s.eng.Now(), w.now))
	w.applyEscape(ch, err)
}

// escapeLocked is the lock of the container at p that agent a holds no
// key for ("" when it opens for a).
func (w *World) escapeLocked(a *Agent, p Pos) string {
	s := w.escape
	if s == nil || s.eng == nil {
		return ""
	}
	lock, ok := s.eng.LockAt(toEscape(p))
	if !ok {
		return ""
	}
	for item, names := range s.keys[a.Name] {
		if names[lock] > 0 && a.inv.Count(item) > 0 {
			return ""
		}
	}
	return lock
}

// hidden reports whether an agent at v cannot see what is at p: in an
// escape world, rooms hide what is in other rooms (escape.Task.Visible).
func (w *World) hidden(v Vec, p Pos) bool {
	s := w.escape
	return s != nil && !s.task.Visible(toEscape(v.Block()), toEscape(p))
}

// Hides reports whether an agent at v cannot see what is at p (only
// escape rooms hide anything): code's world.getNearbyEntities and the
// like list only what the agent's room shows, as !entities does.
func (w *World) Hides(v Vec, p Pos) bool { return w.hidden(v, p) }

// EscapeBlockAt is the block at p with every state the escape rules keep
// (a lever's face and power, a door's hinge and open state); ok false
// outside an escape world.
func (w *World) EscapeBlockAt(p Pos) (escape.Block, bool) {
	s := w.escape
	if s == nil || s.eng == nil {
		return escape.Block{}, false
	}
	w.escapeSync()
	return s.eng.BlockAt(toEscape(p)), true
}

// EscapeEngine is an escape world's rules, synced to the world's clock
// (nil for other kinds): its score C, rooms done and room texts.
func (w *World) EscapeEngine() (*escape.Engine, error) {
	s := w.escape
	if s == nil {
		return nil, nil
	}
	w.escapeSync()
	return s.eng, s.err
}

// EscapeChanges lists what the rules changed so far, in order.
func (w *World) EscapeChanges() []escape.Change {
	if w.escape == nil {
		return nil
	}
	w.escapeSync()
	return slices.Clone(w.escape.changes)
}

// SignText is the text of the sign at p, its lines joined by newlines ("",
// false where no sign text is kept).
func (w *World) SignText(p Pos) (string, bool) {
	if w.escape == nil {
		return "", false
	}
	lines, ok := w.escape.signs[p]
	return strings.Join(lines, "\n"), ok
}

// escapeScore is the judge's C: the mean over rooms of 1 for a room done,
// else the share of its conditions met.
func (w *World) escapeScore() float64 {
	eng, err := w.EscapeEngine()
	if err != nil || eng == nil {
		return 0
	}
	return eng.Score()
}

// escapeRoomTexts are the room texts VillagerAgent's /post_find appends
// for an agent near a room's centre ("the env in the room: ...").
func (w *World) escapeRoomTexts(a *Agent) []string {
	eng, err := w.EscapeEngine()
	if err != nil || eng == nil {
		return nil
	}
	return eng.TextsNear(toEscape(a.pos.Block()))
}

// escapeNearestSign is the text of the nearest sign an agent at v sees
// within maxDist, lines joined by a space, or ok false.
func (w *World) escapeNearestSign(v Vec, maxDist float64) (string, bool) {
	if w.escape == nil {
		return "", false
	}
	best, found := 0.0, Pos{}
	ok := false
	for p := range w.escape.signs {
		d := v.Dist(p.Center())
		if d > maxDist || w.hidden(v, p) {
			continue
		}
		if !ok || d < best || (d == best && lessPos(p, found)) {
			best, found, ok = d, p, true
		}
	}
	if !ok {
		return "", false
	}
	return strings.Join(w.escape.signs[found], " "), true
}

func lessPos(a, b Pos) bool {
	if a.X != b.X {
		return a.X < b.X
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.Z < b.Z
}

// windowTimeout is how long mineflayer waits for a container's window
// (openBlock's 20 s) before it gives up.
const windowTimeout = 20

// chestLocked is MINDcraft's bot.openContainer on a chest locked with a
// key the agent does not hold: the server opens no window ("Chest is
// locked!") and mineflayer gives up after 20 s, which skills.js does not
// catch.
func (r *run) chestLocked(c *Container) bool {
	if r.w.escapeLocked(r.a, c.Pos) == "" {
		return false
	}
	r.spend(windowTimeout)
	r.throw("Event windowOpen did not fire within timeout of 20000ms")
	return true
}

// EscapeMetrics are an escape world's per-room scores and rooms done, by
// trajectory's metric names (none for other kinds).
func (w *World) EscapeMetrics() map[string]float64 {
	eng, err := w.EscapeEngine()
	if err != nil || eng == nil {
		return nil
	}
	m := map[string]float64{}
	done := 0
	for i := range w.escape.task.Rooms {
		m[trajectory.EscapeRoomMetric+strconv.Itoa(i)] = eng.RoomScore(i)
		if eng.RoomDone(i) {
			done++
		}
	}
	m[trajectory.EscapeRoomsDoneMetric] = float64(done)
	return m
}
