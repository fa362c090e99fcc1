package escape

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Engine runs a task's rules on a simulated clock. The world reports what
// agents do (an agent at a position, a lever pulled, a block placed) with
// the time it happened, in time order; the engine keeps the state of every
// block the rules read or write and answers with what changed: blocks set
// (mechanisms, effects, reverts), items given, agents teleported, events
// activated and rooms finished. The world applies those changes to itself.
//
// The rules are VillagerAgent's MinecraftEvent and AtomTask.event_update
// (minecraft_define.py:234-362, 700-782), evaluated at every instant
// something changes instead of at each poll of its judge (about once a
// second):
//
//   - a room has one event, or one per sub-event; a "final" sub-event alone
//     decides whether the room is done, otherwise every event must be
//     activated at the same instant; done is for good;
//   - an event's conditions are combined by and or or; a level condition is
//     met while its block is in the wanted state, a pulse condition when the
//     block has been in it and left it again; with the window (the default,
//     EngineConfig.Instant false) a condition stays met for wait_interval seconds
//     after that, so "at the same time" means within wait_interval;
//   - when its conditions are met the event activates for activate_duration:
//     its effects apply (blocks set, named items given to the agents near,
//     agents teleported) and it stays met without looking at its blocks;
//   - when it is not activated, its effects on blocks other than its
//     condition blocks revert to what was built (the door closes again, a
//     broken wall comes back, a gate an agent opened shuts).
type Engine struct {
	task    *Task
	cfg     EngineConfig
	ops     []Op
	now     time.Duration
	rng     *rand.Rand
	blocks  map[Pos]Block
	agents  []agentState
	byName  map[string]int
	rooms   []roomState
	conds   map[Pos][]*condState // conditions by the block they read
	plates  map[Pos]bool         // plate positions: powered by standing
	buttons []release            // buttons to release, in time order
	changes []Change
}

// EngineConfig sets up an Engine.
type EngineConfig struct {
	// Agents names the task's agents in order (Task.Starts).
	Agents []string
	// Seed seeds the draws of Minecraft's @r ("one agent at random"): who
	// of those near a lever is teleported first.
	Seed uint64
	// Instant evaluates conditions as VillagerAgent's judge does: its
	// MinecraftEvent resets every condition state at each poll and reads
	// them afresh (minecraft_define.py:288-294), so wait_interval is never
	// used and "at the same time" means at the same poll. With Instant
	// the conditions must hold at one instant; without (the default, the
	// paper's and the reading) within wait_interval of each other.
	Instant bool
}

type agentState struct {
	name string
	at   Pos
}

type roomState struct {
	events []*eventState // non-final events, in order of first use
	final  *eventState
	done   bool
	text   string
}

type eventState struct {
	room      int
	name      string
	logic     Logic
	wait      time.Duration
	duration  time.Duration
	conds     []*condState
	effects   []Effect
	origin    []Block // the built block at each effect's position
	condAt    map[Pos]bool
	active    bool
	until     time.Duration
	resetAt   time.Duration // memories before this instant no longer count
	maxMet    int
	met       []bool // the states of the last evaluation (the feedback)
	activated int
}

type condState struct {
	c        Condition
	pulse    time.Duration
	sat      bool          // the block satisfies it now
	since    time.Duration // when sat last became true
	lastSat  time.Duration // when sat last became false (valid if wasSat)
	wasSat   bool
	pulsed   bool
	pulsedAt time.Duration
}

type release struct {
	at  time.Duration
	pos Pos
}

// ChangeKind is what a Change reports.
type ChangeKind uint8

const (
	// BlockChanged: the block at Pos is now Block (Cause says why).
	BlockChanged ChangeKind = iota + 1
	// ItemGiven: Agent got Count of Item named Name.
	ItemGiven
	// Teleported: Agent moved from From to Pos.
	Teleported
	// EventActivated: Room's event Event activated (its effects follow).
	EventActivated
	// RoomDone: Room is finished.
	RoomDone
)

// Cause is why a block changed.
type Cause uint8

const (
	// ByMechanism: an agent's action changed it (a lever pulled, a plate
	// stepped on or off, a button pressed or released, a door opened by
	// hand).
	ByMechanism Cause = iota + 1
	// ByEffect: an event's effect set it.
	ByEffect
	// ByRevert: an event not activated put its effect's block back as built.
	ByRevert
)

// Change is one thing the engine changed, for the world to apply.
type Change struct {
	At    time.Duration
	Kind  ChangeKind
	Cause Cause // BlockChanged
	// Room and Event name the room and sub-event whose effect it is; Room
	// is -1 for a mechanism.
	Room  int
	Event string
	Pos   Pos    // BlockChanged: the block; Teleported: the destination; ItemGiven: the effect's position
	Block Block  // BlockChanged
	Agent string // ItemGiven, Teleported
	From  Pos    // Teleported
	Item  string // ItemGiven: the item ("tripwire_hook")
	Name  string // ItemGiven: its custom name ("key")
	Count int    // ItemGiven
}

func (c Change) String() string {
	at := c.At.Seconds()
	switch c.Kind {
	case BlockChanged:
		why := map[Cause]string{ByMechanism: "mechanism", ByEffect: "effect", ByRevert: "revert"}[c.Cause]
		return fmt.Sprintf("%gs %s %s = %s", at, why, c.Pos, c.Block)
	case ItemGiven:
		return fmt.Sprintf("%gs give %s %d %s named %q", at, c.Agent, c.Count, c.Item, c.Name)
	case Teleported:
		return fmt.Sprintf("%gs teleport %s %s -> %s", at, c.Agent, c.From, c.Pos)
	case EventActivated:
		return fmt.Sprintf("%gs room %d event %q activated", at, c.Room, c.Event)
	case RoomDone:
		return fmt.Sprintf("%gs room %d done", at, c.Room)
	}
	return fmt.Sprintf("%gs ?", at)
}

func seconds(s float64) time.Duration { return time.Duration(math.Round(s * float64(time.Second))) }

// NewEngine starts a task's rules at time 0 with the agents where the task
// starts them. It refuses a task two of whose events change the same block
// (they would undo each other).
func NewEngine(t *Task, cfg EngineConfig) (*Engine, error) {
	if len(cfg.Agents) != t.Agents {
		return nil, fmt.Errorf("escape: %d agent names for a task of %d agents", len(cfg.Agents), t.Agents)
	}
	e := &Engine{task: t, cfg: cfg, ops: t.Build(), blocks: map[Pos]Block{}, byName: map[string]int{},
		conds: map[Pos][]*condState{}, plates: map[Pos]bool{},
		rng: rand.New(rand.NewPCG(cfg.Seed, 0x4072))}
	for i, name := range cfg.Agents {
		if _, dup := e.byName[name]; dup || name == "" {
			return nil, fmt.Errorf("escape: agent name %q empty or given twice", name)
		}
		e.byName[name] = i
		e.agents = append(e.agents, agentState{name: name, at: t.Starts[i].Pos})
	}
	owner := map[Pos]string{}
	for ri := range t.Rooms {
		r := &t.Rooms[ri]
		a := r.atom
		rs := roomState{}
		names := a.events()
		if names == nil {
			names = []string{""}
		}
		for _, name := range names {
			ev := &eventState{room: ri, name: name, logic: a.Logic, wait: seconds(a.WaitIntervalS),
				duration: seconds(a.ActivateDurationS), condAt: map[Pos]bool{}}
			for _, c := range r.Conditions {
				if c.Event != name {
					continue
				}
				cs := &condState{c: c, pulse: seconds(c.PulseS)}
				ev.conds = append(ev.conds, cs)
				ev.condAt[c.At] = true
				e.conds[c.At] = append(e.conds[c.At], cs)
			}
			ev.met = make([]bool, len(ev.conds))
			for _, f := range r.Effects {
				if f.Event != name {
					continue
				}
				key := fmt.Sprintf("room %d event %q", ri, name)
				if o, ok := owner[f.At]; ok && o != key {
					return nil, fmt.Errorf("escape: the effects of %s and %s both change the block at %s", o, key, f.At)
				}
				owner[f.At] = key
				ev.effects = append(ev.effects, f)
				ev.origin = append(ev.origin, built(e.ops, f.At).Block)
			}
			if name == FinalEvent {
				rs.final = ev
			} else {
				rs.events = append(rs.events, ev)
			}
		}
		e.rooms = append(e.rooms, rs)
	}
	for p := range e.conds {
		e.blocks[p] = built(e.ops, p).Block
	}
	for _, r := range t.Rooms {
		for _, b := range r.Blocks {
			if b.Block != nil && KindOf(b.Block.Name) == KindPlate {
				e.plates[b.At] = true
			}
		}
	}
	for p := range e.conds {
		e.observe(p)
	}
	for p := range e.plates {
		e.updatePlate(p)
	}
	// Anything true from the start (a condition on an unpowered block)
	// activates now; the changes wait for the first call.
	e.evaluate()
	return e, nil
}

// Now is the engine's clock.
func (e *Engine) Now() time.Duration { return e.now }

// BlockAt is the block at p as the rules see it: the build's, as changed
// since by agents and effects.
func (e *Engine) BlockAt(p Pos) Block {
	if b, ok := e.blocks[p]; ok {
		return b
	}
	return built(e.ops, p).Block
}

// AgentAt is where the engine has an agent.
func (e *Engine) AgentAt(name string) (Pos, bool) {
	i, ok := e.byName[name]
	if !ok {
		return Pos{}, false
	}
	return e.agents[i].at, true
}

// LockAt is the name a key must carry to open the container at p, if it
// is locked (the world checks the item the agent holds).
func (e *Engine) LockAt(p Pos) (string, bool) {
	op := built(e.ops, p)
	return op.Lock, op.Lock != "" && KindOf(e.BlockAt(p).Name) == KindChest
}

func (e *Engine) agent(name string) (int, error) {
	i, ok := e.byName[name]
	if !ok {
		return 0, fmt.Errorf("escape: no agent %q", name)
	}
	return i, nil
}

// Advance runs the clock to at: buttons released, activations ended and
// their effects reverted, each at its own instant; then the rules are read
// at at, so the room texts say what is met then (a plate left longer ago
// than the window no longer counts).
func (e *Engine) Advance(at time.Duration) ([]Change, error) {
	if err := e.advance(at); err != nil {
		return nil, err
	}
	e.evaluate()
	return e.flush(), nil
}

func (e *Engine) advance(at time.Duration) error {
	if at < e.now {
		return fmt.Errorf("escape: time %v is before the engine's clock %v", at, e.now)
	}
	for {
		next, ok := e.nextTimer()
		if !ok || next > at {
			break
		}
		e.now = next
		for len(e.buttons) > 0 && e.buttons[0].at == next {
			p := e.buttons[0].pos
			e.buttons = e.buttons[1:]
			b := e.BlockAt(p)
			if KindOf(b.Name) == KindButton && b.Powered == True {
				b.Powered = False
				e.setBlock(p, b, ByMechanism, -1, "")
			}
		}
		e.evaluate()
	}
	e.now = at
	return nil
}

// nextTimer is the earliest pending button release or activation end.
func (e *Engine) nextTimer() (time.Duration, bool) {
	var next time.Duration
	ok := false
	take := func(t time.Duration) {
		if t > e.now && (!ok || t < next) {
			next, ok = t, true
		}
	}
	if len(e.buttons) > 0 {
		take(e.buttons[0].at)
	}
	for _, r := range e.rooms {
		for _, ev := range r.all() {
			if ev.active {
				take(ev.until)
			}
		}
	}
	return next, ok
}

func (r *roomState) all() []*eventState {
	if r.final == nil {
		return r.events
	}
	return append(slices.Clone(r.events), r.final)
}

func (e *Engine) flush() []Change {
	c := e.changes
	e.changes = nil
	return c
}

// Move reports that an agent now stands at p (its feet's block). Pressure
// plates are powered while an agent stands on them.
func (e *Engine) Move(agent string, p Pos, at time.Duration) ([]Change, error) {
	i, err := e.agent(agent)
	if err != nil {
		return nil, err
	}
	if err := e.advance(at); err != nil {
		return nil, err
	}
	e.moveAgent(i, p)
	e.evaluate()
	return e.flush(), nil
}

func (e *Engine) moveAgent(i int, p Pos) {
	old := e.agents[i].at
	e.agents[i].at = p
	if e.plates[old] {
		e.updatePlate(old)
	}
	if e.plates[p] {
		e.updatePlate(p)
	}
}

// updatePlate powers a plate while an agent stands on it.
func (e *Engine) updatePlate(p Pos) {
	b := e.BlockAt(p)
	if KindOf(b.Name) != KindPlate {
		return
	}
	on := slices.ContainsFunc(e.agents, func(a agentState) bool { return a.at == p })
	if (b.Powered == True) != on {
		b.Powered = FlagOf(on)
		e.setBlock(p, b, ByMechanism, -1, "")
	}
}

// Activation is what an agent's use of a block did.
type Activation uint8

const (
	// NotActivatable: the block does nothing when used.
	NotActivatable Activation = iota
	// Toggled: a lever was switched, or a wooden door, trapdoor or gate
	// opened or shut.
	Toggled
	// Pressed: a button was pressed (it releases by itself).
	Pressed
	// AlreadyPressed: the button is still down from a press.
	AlreadyPressed
	// StandOnIt: a pressure plate is powered by standing on it, not by
	// hand (VillagerAgent: "pressure_plate need to stand on it").
	StandOnIt
	// NeedsPower: an iron door or trapdoor does not open by hand.
	NeedsPower
)

// Activate reports that an agent used the block at p (VillagerAgent's
// ToggleAction, MINDcraft's !activate). It returns what that did, the block
// after, and what changed. The world checks reach; the engine does not.
func (e *Engine) Activate(agent string, p Pos, at time.Duration) (Activation, Block, []Change, error) {
	if _, err := e.agent(agent); err != nil {
		return 0, Block{}, nil, err
	}
	if err := e.advance(at); err != nil {
		return 0, Block{}, nil, err
	}
	b := e.BlockAt(p)
	what := NotActivatable
	switch k := KindOf(b.Name); {
	case k == KindLever:
		b.Powered = FlagOf(b.Powered != True)
		what = Toggled
	case k == KindButton && b.Powered == True:
		what = AlreadyPressed
	case k == KindButton:
		b.Powered = True
		what = Pressed
		e.buttons = append(e.buttons, release{at: e.now + ButtonPress(b.Name), pos: p})
		slices.SortStableFunc(e.buttons, func(x, y release) int { return cmp.Compare(x.at, y.at) })
	case k == KindPlate:
		what = StandOnIt
	case k.openable() && opensByHand(b.Name):
		b.Open = FlagOf(b.Open != True)
		what = Toggled
	case k.openable():
		what = NeedsPower
	}
	if what == Toggled || what == Pressed {
		e.setBlock(p, b, ByMechanism, -1, "")
		e.evaluate()
	}
	return what, e.BlockAt(p), e.flush(), nil
}

// Place reports that an agent placed a block at p (air to break one). The
// rules may answer by putting back what was built there, if an event
// guards that block.
func (e *Engine) Place(agent string, p Pos, b Block, at time.Duration) ([]Change, error) {
	if _, err := e.agent(agent); err != nil {
		return nil, err
	}
	if err := e.advance(at); err != nil {
		return nil, err
	}
	e.blocks[p] = b
	e.observe(p)
	if KindOf(b.Name) == KindPlate {
		e.plates[p] = true
		e.updatePlate(p)
	}
	e.evaluate()
	return e.flush(), nil
}

// Break reports that an agent broke the block at p.
func (e *Engine) Break(agent string, p Pos, at time.Duration) ([]Change, error) {
	return e.Place(agent, p, Block{Name: "air"}, at)
}

func (e *Engine) setBlock(p Pos, b Block, why Cause, room int, event string) {
	e.blocks[p] = b
	e.changes = append(e.changes, Change{At: e.now, Kind: BlockChanged, Cause: why, Room: room, Event: event, Pos: p, Block: b})
	e.observe(p)
}

// observe updates the conditions reading the block at p.
func (e *Engine) observe(p Pos) {
	b := e.BlockAt(p)
	for _, c := range e.conds[p] {
		sat := b.Satisfies(c.c.Match)
		switch {
		case sat && !c.sat:
			c.sat, c.since = true, e.now
		case !sat && c.sat:
			c.sat, c.wasSat, c.lastSat = false, true, e.now
			// MinecraftEvent's mid_time/last_time bookkeeping, read on a
			// continuous clock: a pulse is an on-phase that began less
			// than twice its duration before it ended.
			if c.c.Mode == Pulse && e.now-c.since < 2*c.pulse {
				c.pulsed, c.pulsedAt = true, e.now
			}
		}
	}
}

// met reports whether a condition counts at the instant: now, or within
// the window since, and not before the event's last reset.
func (e *Engine) met(c *condState, ev *eventState) bool {
	recent := func(t time.Duration) bool {
		if t < ev.resetAt {
			return false
		}
		if e.cfg.Instant {
			return t == e.now
		}
		return e.now-t <= ev.wait
	}
	if c.c.Mode == Pulse {
		return c.pulsed && recent(c.pulsedAt)
	}
	return c.sat || (c.wasSat && recent(c.lastSat))
}

// evaluate runs every room's events at the current instant, in room order
// (StateTree.update), until nothing more changes at this instant (a
// teleport takes an agent off a plate).
func (e *Engine) evaluate() {
	for range 8 {
		before := len(e.changes)
		for ri := range e.rooms {
			e.updateRoom(ri)
		}
		if len(e.changes) == before {
			return
		}
	}
}

func (e *Engine) updateRoom(ri int) {
	r := &e.rooms[ri]
	flag := true
	for _, ev := range r.events {
		if !e.updateEvent(ev) {
			flag = false
		}
	}
	if r.final != nil {
		flag = e.updateEvent(r.final)
	}
	if flag && !r.done {
		r.done = true
		e.changes = append(e.changes, Change{At: e.now, Kind: RoomDone, Room: ri})
	}
	r.text = e.roomText(ri)
}

// updateEvent is MinecraftEvent.event_update at the current instant.
func (e *Engine) updateEvent(ev *eventState) bool {
	if ev.active && e.now < ev.until {
		return true
	}
	if ev.active {
		// The activation is over: VillagerAgent forgets every condition
		// state and reads them afresh.
		ev.active = false
		ev.resetAt = e.now
	}
	n := 0
	for i, c := range ev.conds {
		ev.met[i] = e.met(c, ev)
		if ev.met[i] {
			n++
		}
	}
	ev.maxMet = max(ev.maxMet, n)
	toggle := n > 0 && ev.logic == Or || n == len(ev.conds) && ev.logic == And
	if toggle {
		ev.active, ev.until = true, e.now+ev.duration
		ev.activated++
		e.changes = append(e.changes, Change{At: e.now, Kind: EventActivated, Room: ev.room, Event: ev.name})
		for _, f := range ev.effects {
			e.apply(ev, f)
		}
		return true
	}
	for i, f := range ev.effects {
		if ev.condAt[f.At] {
			continue // an effect on a condition block is never undone
		}
		if b := e.BlockAt(f.At); !b.Satisfies(ev.origin[i]) {
			e.setBlock(f.At, ev.origin[i], ByRevert, ev.room, ev.name)
		}
	}
	return false
}

// near lists the agents within r blocks of p, in agent order: Minecraft's
// distance=..r from the position's corner to an agent's feet, standing in
// the middle of its block.
func (e *Engine) near(p Pos, r int) []int {
	var in []int
	for i, a := range e.agents {
		dx, dy, dz := float64(a.at.X)+0.5-float64(p.X), float64(a.at.Y-p.Y), float64(a.at.Z)+0.5-float64(p.Z)
		if dx*dx+dy*dy+dz*dz <= float64(r*r) {
			in = append(in, i)
		}
	}
	return in
}

func (e *Engine) apply(ev *eventState, f Effect) {
	room := &e.task.Rooms[ev.room]
	switch {
	case f.Set != nil:
		if !e.BlockAt(f.At).Satisfies(*f.Set) {
			e.setBlock(f.At, *f.Set, ByEffect, ev.room, ev.name)
		}
	case f.Give != nil:
		for _, i := range e.near(f.At, f.Give.Radius) {
			e.changes = append(e.changes, Change{At: e.now, Kind: ItemGiven, Room: ev.room, Event: ev.name, Pos: f.At,
				Agent: e.agents[i].name, Item: f.Give.Item, Name: f.Give.Name, Count: f.Give.Count})
		}
	default:
		t := f.Teleport
		// One command per target, as VillagerAgent sends one /tp per split
		// position: @r picks one of those still near, @e takes them all.
		targets := []Pos{f.At} // "here", and "offset" from where each agent is
		switch t.To {
		case "merge":
			targets = []Pos{*room.MergePos}
		case "split":
			targets = room.SplitPos
		}
		for _, to := range targets {
			in := e.near(f.At, t.Radius)
			if len(in) == 0 {
				break
			}
			if t.Who == "one" {
				in = []int{in[e.rng.IntN(len(in))]}
			}
			for _, i := range in {
				from := e.agents[i].at
				if t.To == "offset" {
					to = from.Add(t.Offset)
				}
				e.moveAgent(i, to)
				e.changes = append(e.changes, Change{At: e.now, Kind: Teleported, Room: ev.room, Event: ev.name,
					Pos: to, Agent: e.agents[i].name, From: from})
			}
		}
	}
}

// Done reports whether every room is done.
func (e *Engine) Done() bool {
	return !slices.ContainsFunc(e.rooms, func(r roomState) bool { return !r.done })
}

// RoomDone reports whether room i is done.
func (e *Engine) RoomDone(i int) bool { return e.rooms[i].done }

// Activations counts how many times room i's events have activated.
func (e *Engine) Activations(i int) int {
	n := 0
	for _, ev := range e.rooms[i].all() {
		n += ev.activated
	}
	return n
}

// roomText is AtomTask.json_to_string (minecraft_define.py:418-443), what
// VillagerAgent appends to a scan near the room's centre: the conditions
// met at the last evaluation, and the way on once the room is done.
func (e *Engine) roomText(ri int) string {
	r, room := &e.rooms[ri], &e.task.Rooms[ri]
	var s strings.Builder
	s.WriteString("Around you, the key activated blocks are: ")
	for _, ev := range r.events {
		for i, c := range ev.conds {
			if !ev.met[i] {
				continue
			}
			fmt.Fprintf(&s, "a %s block set at position %s", c.c.Match.Name, c.c.At)
			if c.c.Match.Powered == True {
				s.WriteString(" powered. ")
			}
			if c.c.Match.Open == True {
				s.WriteString(" open. ")
			}
		}
	}
	if r.done {
		if room.Placement == Merge || room.Placement == Split {
			s.WriteString(" You have done the task in this room. ")
		} else {
			fmt.Fprintf(&s, " You have done the task in this room. Move to x=%d, y=%d, z=%d to continue. ", room.Center.X, room.Center.Y, room.Center.Z+6)
		}
	}
	fmt.Fprintf(&s, "You are at task room %s. ", room.Center)
	return s.String()
}

// RoomText is room i's state text as VillagerAgent writes it: "Around
// you, the key activated blocks are: ... You are at task room [x, y, z]. "
func (e *Engine) RoomText(i int) string { return e.rooms[i].text }

// TextsNear are the state texts an agent at p gets: those of the rooms
// whose centre is less than 5 blocks away, as VillagerAgent's scan appends
// "the env in the room: ..." (minecraft_server.py:334-342).
func (e *Engine) TextsNear(p Pos) []string {
	var out []string
	for i, r := range e.task.Rooms {
		dx, dy, dz := float64(p.X)+0.5-float64(r.Center.X), float64(p.Y-r.Center.Y), float64(p.Z)+0.5-float64(r.Center.Z)
		if dx*dx+dy*dy+dz*dz < 25 {
			out = append(out, e.rooms[i].text)
		}
	}
	return out
}
