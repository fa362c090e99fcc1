package escape

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/mcdata"
)

//go:generate sh -c "cd ../ && make escape-data"

//go:embed data/atoms.json
var dataFS embed.FS

// Placement is how an atom's room relates to the agents' paths
// (StateTree.generate, minecraft_define.py:953-1248).
type Placement string

const (
	// SameRoom: the agents at one spot of the front share the room.
	SameRoom Placement = "same_room"
	// Split: the agents share the room and a teleport sends each to a room
	// of its own (the generator, walking back from the exit, meets agents
	// in separate rooms and puts them together).
	Split Placement = "split"
	// Merge: each agent has a copy of the room to itself and a teleport
	// brings them together.
	Merge Placement = "merge"
	// Cross: two rooms side by side, each one's trigger opening the other's
	// door (VillagerAgent: same_room false, neither split nor merge).
	Cross Placement = "cross"
)

// Logic combines an event's conditions.
type Logic string

const (
	And Logic = "and"
	Or  Logic = "or"
)

// Mode is how a condition reads its block (MinecraftEvent.__init__'s
// activate_mode, minecraft_define.py:260-275).
type Mode string

const (
	// Level: met while the block is in the wanted state.
	Level Mode = "level"
	// Pulse: met when the block has been in the wanted state and left it
	// again, quickly (see Condition.PulseS).
	Pulse Mode = "pulse"
)

// FinalEvent is the sub-event whose activation alone finishes a room.
const FinalEvent = "final"

// Atom is one of the puzzle rooms of data/escape_atom.json, in our layout
// (escape/generator/generate.py writes it from VillagerAgent's file).
// Positions are offsets from the room's centre; y 0 is the floor the agents
// stand on.
type Atom struct {
	// ID is the atom's index in VillagerAgent's file (0-17).
	ID int `json:"id"`
	// Description is the atom's task_description, the room's hint.
	Description string    `json:"description"`
	Placement   Placement `json:"placement"`
	Logic       Logic     `json:"logic"`
	// MinAgents is min_player: the generator lays out a same-room atom only
	// for at least this many agents. The rules do not count agents.
	MinAgents int `json:"min_agents"`
	// WaitIntervalS is wait_interval in seconds: the simultaneity window
	// (see Config.Instant for what VillagerAgent's judge does with it).
	WaitIntervalS float64 `json:"wait_interval_s"`
	// ActivateDurationS is activate_duration in seconds: how long an event
	// stays activated once its conditions are met; its effects revert
	// after it unless the conditions hold again.
	ActivateDurationS float64  `json:"activate_duration_s"`
	Score             float64  `json:"score"`
	Room              RoomSize `json:"room"`
	// Needs is VillagerAgent's "in": items the room takes in, which an
	// agent brings (the gold block placed on the sign's spot).
	Needs map[string]int `json:"needs"`
	// Yields is "out": items the room hands out (the gold block in the
	// locked chest). Walking back from the exit, the generator places an
	// atom that yields X only where a later room needs X.
	Yields     map[string]int `json:"yields"`
	Blocks     []AtomBlock    `json:"blocks"`
	Conditions []Condition    `json:"conditions"`
	Effects    []Effect       `json:"effects"`
}

// RoomSize is room_width, room_height and wall_width. Rooms are laid out
// 3·width apart (9 blocks for width 3), the walls width+wall from the
// centre, and mechanism copies drawn within width/2 of it.
type RoomSize struct {
	Width  int `json:"width"`
	Height int `json:"height"`
	Wall   int `json:"wall"`
}

// AtomBlock is a block (or an entity) the room places: an init entry.
type AtomBlock struct {
	At Pos `json:"at"`
	// Block is nil for an entity.
	Block  *Block `json:"block,omitempty"`
	Entity string `json:"entity,omitempty"`
	// Lock is the name an item must carry to open this container
	// (Minecraft's Lock tag: the key is an item renamed "key").
	Lock  string         `json:"lock,omitempty"`
	Items map[string]int `json:"items,omitempty"`
	// Copies: the block is placed this many times at random spots within
	// width/2 of the centre; conditions and effects at its position are
	// copied with it. Zero is one block where At says.
	Copies Copies `json:"copies,omitzero"`
}

// Copies is init's "random": "agents" (true: one per agent of the room),
// "agents-N" (a negative int) or "N".
type Copies struct {
	PerAgent bool
	N        int // with PerAgent, added to the agent count
}

// Count is how many copies a room of n agents gets.
func (c Copies) Count(agents int) int {
	if c.PerAgent {
		return agents + c.N
	}
	return c.N
}

// IsZero reports a block without copies.
func (c Copies) IsZero() bool { return c == Copies{} }

func (c Copies) String() string {
	switch {
	case !c.PerAgent:
		return strconv.Itoa(c.N)
	case c.N == 0:
		return "agents"
	}
	return fmt.Sprintf("agents%+d", c.N)
}

// MarshalJSON writes the string form.
func (c Copies) MarshalJSON() ([]byte, error) { return json.Marshal(c.String()) }

// UnmarshalJSON reads "agents", "agents-N", "agents+N" or "N".
func (c *Copies) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	rest, per := strings.CutPrefix(s, "agents")
	n := 0
	if rest != "" {
		v, err := strconv.Atoi(rest)
		if err != nil || (per && rest[0] != '-' && rest[0] != '+') || (!per && v < 1) {
			return fmt.Errorf(`copies is "agents", "agents-N" or a positive count, got %q`, s)
		}
		n = v
	}
	*c = Copies{PerAgent: per, N: n}
	return nil
}

// Condition is one thing an event waits for: the block at At satisfying
// Match.
type Condition struct {
	At    Pos   `json:"at"`
	Match Block `json:"match"`
	Mode  Mode  `json:"mode"`
	// PulseS is a pulse condition's duration (VillagerAgent's default 3 s).
	PulseS float64 `json:"pulse_s,omitempty"`
	// Event is the sub-event the condition belongs to ("" without
	// sub-events; FinalEvent finishes the room).
	Event string `json:"event,omitempty"`
}

// Effect is what an event does when it activates. Exactly one of Set,
// Give and Teleport is given.
type Effect struct {
	At Pos `json:"at"`
	// Set puts a block at At (air removes one, a door with open true opens).
	Set *Block `json:"set,omitempty"`
	// Give hands a named item to every agent near At.
	Give *Give `json:"give,omitempty"`
	// Teleport moves agents near At.
	Teleport *Teleport `json:"teleport,omitempty"`
	Event    string    `json:"event,omitempty"`
}

// Give is /give @a[position,distance=..Radius] Item{display:{Name:Name}}.
type Give struct {
	Item   string `json:"item"`
	Name   string `json:"name"`
	Count  int    `json:"count"`
	Radius int    `json:"radius"`
}

// Teleport moves the agents within Radius of the effect's position:
// Who "one" is Minecraft's @r (one at random), "all" is @e[type=player].
// To is "merge" (the room's merge position), "split" (one agent to each of
// the room's split positions, in order), "here" (the effect's own
// position) or "offset" (relative, by Offset).
type Teleport struct {
	Who    string `json:"who"`
	Radius int    `json:"radius"`
	To     string `json:"to"`
	Offset Pos    `json:"offset,omitzero"`
}

type atomFile struct {
	Source string `json:"source"`
	Atoms  []Atom `json:"atoms"`
}

// Atoms returns VillagerAgent's 18 atoms (data/atoms.json, embedded). The
// slice is the caller's; the atoms' maps and slices are shared.
func Atoms() []Atom { return slices.Clone(theAtoms()) }

// AtomSource names where data/atoms.json was generated from.
func AtomSource() string { return theSource() }

var theFile = sync.OnceValues(func() (atomFile, error) {
	raw, err := dataFS.ReadFile("data/atoms.json")
	if err != nil {
		return atomFile{}, err
	}
	return parseAtomFile(raw, "data/atoms.json")
})

func theAtoms() []Atom {
	f, err := theFile()
	if err != nil {
		panic(err) // the embedded file is checked by TestEmbeddedAtoms
	}
	return f.Atoms
}

func theSource() string {
	f, err := theFile()
	if err != nil {
		panic(err)
	}
	return f.Source
}

// ParseAtoms reads an atom file (data/atoms.json's format) and validates
// it: unknown fields, unknown blocks or mechanisms, conditions no agent can
// meet and rooms that need each other's items in a cycle are refused, with
// the file, the atom and the field named. name is used in errors only.
func ParseAtoms(raw []byte, name string) ([]Atom, error) {
	f, err := parseAtomFile(raw, name)
	return f.Atoms, err
}

func parseAtomFile(raw []byte, name string) (atomFile, error) {
	var f atomFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return atomFile{}, fmt.Errorf("escape: atom file %s: %w", name, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return atomFile{}, fmt.Errorf("escape: atom file %s: data after the object", name)
	}
	if len(f.Atoms) == 0 {
		return atomFile{}, fmt.Errorf("escape: atom file %s: no atoms", name)
	}
	for i := range f.Atoms {
		if err := f.Atoms[i].validate(i); err != nil {
			return atomFile{}, fmt.Errorf("escape: atom file %s: %w", name, err)
		}
	}
	if err := checkItemChains(f.Atoms); err != nil {
		return atomFile{}, fmt.Errorf("escape: atom file %s: %w", name, err)
	}
	return f, nil
}

// atomError names the atom and the field.
func atomError(id int, field, format string, args ...any) error {
	return fmt.Errorf("atom %d: %s: %s", id, field, fmt.Sprintf(format, args...))
}

func (a *Atom) validate(index int) error {
	id := a.ID
	if a.ID != index {
		return atomError(index, "id", "is %d; atoms are numbered by their place in the file", a.ID)
	}
	switch a.Placement {
	case SameRoom, Split, Merge, Cross:
	default:
		return atomError(id, "placement", "unknown placement %q; expected same_room, split, merge or cross", a.Placement)
	}
	if a.Logic != And && a.Logic != Or {
		return atomError(id, "logic", "unknown logic %q; expected and or or", a.Logic)
	}
	if a.MinAgents < 1 {
		return atomError(id, "min_agents", "is %d; at least 1", a.MinAgents)
	}
	if !(a.WaitIntervalS > 0) {
		// The generator divides by it (the room's complexity).
		return atomError(id, "wait_interval_s", "is %g; must be above 0", a.WaitIntervalS)
	}
	if !(a.ActivateDurationS > 0) {
		// VillagerAgent re-applies the effects at every poll of its judge
		// when it is not: keys handed out once a second.
		return atomError(id, "activate_duration_s", "is %g; must be above 0", a.ActivateDurationS)
	}
	if !(a.Score > 0) {
		return atomError(id, "score", "is %g; must be above 0", a.Score)
	}
	if a.Room.Width < 1 || a.Room.Height < 2 || a.Room.Wall < 1 {
		return atomError(id, "room", "width %d, height %d, wall %d: width and wall at least 1, height at least 2", a.Room.Width, a.Room.Height, a.Room.Wall)
	}
	for _, f := range []struct {
		field string
		items map[string]int
	}{{"needs", a.Needs}, {"yields", a.Yields}} {
		for _, item := range slices.Sorted(maps.Keys(f.items)) {
			if !mcdata.IsItem(item) {
				return atomError(id, f.field+"."+item, "not a Minecraft item")
			}
			if f.items[item] < 1 {
				return atomError(id, f.field+"."+item, "count %d; at least 1", f.items[item])
			}
		}
	}
	if err := a.validateBlocks(); err != nil {
		return err
	}
	if err := a.validateEvents(); err != nil {
		return err
	}
	if err := a.validateConditions(); err != nil {
		return err
	}
	return a.validateEffects()
}

func knownBlock(id int, field, name string) error {
	if name == "" {
		return atomError(id, field, "no block name")
	}
	if !mcdata.IsBlock(name) {
		return atomError(id, field, "unknown mechanism %q: not a Minecraft block", name)
	}
	return nil
}

func (a *Atom) validateBlocks() error {
	id := a.ID
	if !slices.ContainsFunc(a.Blocks, func(b AtomBlock) bool { return b.Block != nil }) {
		// AtomTask.generate lays out the conditions and effects inside its
		// loop over the blocks: without one the room would have none.
		return atomError(id, "blocks", "no block: the room's conditions and effects would never be laid out")
	}
	for i, b := range a.Blocks {
		field := fmt.Sprintf("blocks[%d]", i)
		switch {
		case b.Block == nil && b.Entity == "":
			return atomError(id, field, "neither a block nor an entity")
		case b.Block != nil && b.Entity != "":
			return atomError(id, field, "both a block and an entity")
		case b.Entity != "":
			if !mobs[b.Entity] {
				return atomError(id, field+".entity", "unknown entity %q; expected one of %s", b.Entity, strings.Join(slices.Sorted(maps.Keys(mobs)), ", "))
			}
			if b.Lock != "" || b.Items != nil || !b.Copies.IsZero() {
				return atomError(id, field, "an entity has no lock, items or copies")
			}
			continue
		}
		if err := knownBlock(id, field+".block.name", b.Block.Name); err != nil {
			return err
		}
		if (b.Lock != "" || b.Items != nil) && KindOf(b.Block.Name) != KindChest {
			return atomError(id, field, "a lock or items on %s, which is not a container", b.Block.Name)
		}
		for _, item := range slices.Sorted(maps.Keys(b.Items)) {
			if !mcdata.IsItem(item) || b.Items[item] < 1 {
				return atomError(id, field+".items."+item, "not a Minecraft item with a count of at least 1")
			}
		}
		if b.Copies.PerAgent && b.Copies.N > 0 {
			return atomError(id, field+".copies", "%s: only agents or agents-N", b.Copies)
		}
		if !b.Copies.PerAgent && b.Copies.N < 0 {
			return atomError(id, field+".copies", "%d copies", b.Copies.N)
		}
	}
	return nil
}

// events are the atom's sub-event names in order of first use; nil without
// sub-events.
func (a *Atom) events() []string {
	var ev []string
	for _, c := range a.Conditions {
		if c.Event != "" && !slices.Contains(ev, c.Event) {
			ev = append(ev, c.Event)
		}
	}
	return ev
}

func (a *Atom) validateEvents() error {
	id := a.ID
	if len(a.Conditions) == 0 {
		return atomError(id, "conditions", "none: the room could never be finished")
	}
	events := a.events()
	if events == nil {
		for i, e := range a.Effects {
			if e.Event != "" {
				return atomError(id, fmt.Sprintf("effects[%d].event", i), "%q, but no condition has sub-events", e.Event)
			}
		}
		return nil
	}
	for i, c := range a.Conditions {
		if c.Event == "" {
			// AtomTask.event_update builds events only from the conditions
			// that name one: this one would never be read.
			return atomError(id, fmt.Sprintf("conditions[%d].event", i), "missing while other conditions have sub-events")
		}
	}
	if len(events) == 1 && events[0] == FinalEvent {
		// escape_room_judger.calculate_score divides by the conditions of
		// the events other than the final one.
		return atomError(id, "conditions[0].event", "every condition is in the final event; the judger's score needs another")
	}
	for i, e := range a.Effects {
		if !slices.Contains(events, e.Event) {
			return atomError(id, fmt.Sprintf("effects[%d].event", i), "%q is not an event of the conditions (%s)", e.Event, strings.Join(events, ", "))
		}
	}
	return nil
}

// blockAt is the atom's block at a room position: the first one placed
// there (an init entry of VillagerAgent's file), and whether there is one.
func (a *Atom) blockAt(p Pos) (AtomBlock, bool) {
	for _, b := range a.Blocks {
		if b.Block != nil && b.At == p {
			return b, true
		}
	}
	return AtomBlock{}, false
}

// setBy reports whether one of the atom's effects sets a block named name at p.
func (a *Atom) setBy(p Pos, name string) bool {
	for _, e := range a.Effects {
		if e.Set != nil && e.At == p && e.Set.Name == name {
			return true
		}
	}
	return false
}

func (a *Atom) validateConditions() error {
	id := a.ID
	seen := map[string]map[Pos]bool{}
	for i, c := range a.Conditions {
		field := fmt.Sprintf("conditions[%d]", i)
		if err := knownBlock(id, field+".match.name", c.Match.Name); err != nil {
			return err
		}
		switch c.Mode {
		case Level:
			if c.PulseS != 0 {
				return atomError(id, field+".pulse_s", "only a pulse condition has one")
			}
		case Pulse:
			if !(c.PulseS > 0) {
				return atomError(id, field+".pulse_s", "is %g; a pulse condition needs a duration above 0", c.PulseS)
			}
		default:
			return atomError(id, field+".mode", "unknown mode %q; expected level or pulse", c.Mode)
		}
		if seen[c.Event] == nil {
			seen[c.Event] = map[Pos]bool{}
		}
		if seen[c.Event][c.At] {
			// MinecraftEvent keys its states by position: two conditions
			// there would be one.
			return atomError(id, field+".at", "%s has another condition of the same event", c.At)
		}
		seen[c.Event][c.At] = true
		if err := a.satisfiable(c, field); err != nil {
			return err
		}
	}
	return nil
}

// satisfiable refuses a condition no agent can ever meet: a state the block
// there does not have or that nothing changes, or a block to place that no
// agent can have.
func (a *Atom) satisfiable(c Condition, field string) error {
	id, m := a.ID, c.Match
	placed, ok := a.blockAt(c.At)
	stateful := m.Powered != Unset || m.Open != Unset || m.Facing != "" || m.Hinge != "" || m.Axis != "" || m.Part != ""
	if !stateful {
		// A block to be placed (the gold block on the sign's spot): an
		// agent must be able to hold it.
		if ok && placed.Block.Name == m.Name {
			return nil // already there: met from the start
		}
		if a.setBy(c.At, m.Name) {
			return nil
		}
		if !mcdata.IsItem(m.Name) {
			return atomError(id, field+".match.name", "%s is not an item an agent can place", m.Name)
		}
		if a.Needs[m.Name] > 0 {
			return nil
		}
		for _, b := range a.Blocks {
			if b.Items[m.Name] > 0 {
				return nil
			}
		}
		return atomError(id, field+".match.name", "unsatisfiable: no agent can have %s (not in needs, not in a chest of the room)", m.Name)
	}
	if !ok || placed.Block.Name != m.Name {
		if a.setBy(c.At, m.Name) {
			return nil
		}
		here := "nothing"
		if ok {
			here = placed.Block.Name
		}
		return atomError(id, field+".match.name", "unsatisfiable: wants %s in a state, but the room places %s at %s", m.Name, here, c.At)
	}
	b, k := *placed.Block, KindOf(m.Name)
	changed := func(f func(Block) bool) bool {
		for _, e := range a.Effects {
			if e.Set != nil && e.At == c.At && f(*e.Set) {
				return true
			}
		}
		return false
	}
	switch {
	case m.Powered == True && !k.powerable() && !changed(func(s Block) bool { return s.Powered == True }):
		return atomError(id, field+".match.powered", "unsatisfiable: nothing powers %s (an agent powers levers, buttons and pressure plates)", m.Name)
	case m.Powered == False && !k.powerable() && b.Powered == True && !changed(func(s Block) bool { return s.Powered == False }):
		return atomError(id, field+".match.powered", "unsatisfiable: nothing unpowers %s", m.Name)
	case m.Open != Unset && !k.openable():
		return atomError(id, field+".match.open", "unsatisfiable: %s cannot open", m.Name)
	case m.Open != Unset && !opensByHand(m.Name) && m.Open != b.Open && !changed(func(s Block) bool { return s.Open == m.Open }):
		return atomError(id, field+".match.open", "unsatisfiable: %s does not open by hand and no effect opens it", m.Name)
	}
	for _, s := range []struct{ field, want, have string }{
		{"facing", m.Facing, b.Facing}, {"hinge", m.Hinge, b.Hinge}, {"axis", m.Axis, b.Axis}, {"part", m.Part, b.Part},
	} {
		if s.want != "" && s.want != s.have {
			return atomError(id, field+".match."+s.field, "unsatisfiable: wants %s, the block is placed with %q and nothing turns it", s.want, s.have)
		}
	}
	return nil
}

func (a *Atom) validateEffects() error {
	id := a.ID
	owner := map[Pos]string{}
	for i, e := range a.Effects {
		field := fmt.Sprintf("effects[%d]", i)
		n := 0
		for _, set := range []bool{e.Set != nil, e.Give != nil, e.Teleport != nil} {
			if set {
				n++
			}
		}
		if n != 1 {
			return atomError(id, field, "has %d of set, give and teleport; exactly one", n)
		}
		if ev, ok := owner[e.At]; ok && ev != e.Event {
			// Two events would set and revert the same block in turn.
			return atomError(id, field+".at", "%s is also changed by event %q", e.At, ev)
		}
		owner[e.At] = e.Event
		switch {
		case e.Set != nil:
			if err := knownBlock(id, field+".set.name", e.Set.Name); err != nil {
				return err
			}
		case e.Give != nil:
			g := e.Give
			if !mcdata.IsItem(g.Item) {
				return atomError(id, field+".give.item", "%q is not a Minecraft item", g.Item)
			}
			if g.Count < 1 || g.Radius < 0 {
				return atomError(id, field+".give", "count %d, radius %d: count at least 1, radius not negative", g.Count, g.Radius)
			}
		default:
			t := e.Teleport
			if t.Who != "one" && t.Who != "all" {
				return atomError(id, field+".teleport.who", "unknown %q; expected one or all", t.Who)
			}
			if t.Radius < 0 {
				return atomError(id, field+".teleport.radius", "is %d", t.Radius)
			}
			switch t.To {
			case "here", "offset":
			case "merge", "split":
				if string(a.Placement) != t.To {
					return atomError(id, field+".teleport.to", "%s, but the atom's placement is %s: there is no %s position", t.To, a.Placement, t.To)
				}
			default:
				return atomError(id, field+".teleport.to", "unknown %q; expected merge, split, here or offset", t.To)
			}
			if (t.To == "offset") != (t.Offset != Pos{}) {
				return atomError(id, field+".teleport.offset", "an offset goes with to offset, and only with it")
			}
		}
	}
	if a.Placement == Split || a.Placement == Merge {
		for _, e := range a.Effects {
			if e.Teleport != nil && e.Teleport.To == string(a.Placement) {
				return nil
			}
		}
		return atomError(id, "effects", "a %s atom with no effect teleporting to the %s position: the agents would stay where they are", a.Placement, a.Placement)
	}
	return nil
}

// checkItemChains refuses atoms the generator can never place because of
// their items: one that yields an item no atom needs, and rooms that need
// each other's items in a cycle (A yields what B needs and B what A needs:
// each would have to come after the other).
func checkItemChains(atoms []Atom) error {
	needs := map[string][]int{}
	for _, a := range atoms {
		for item := range a.Needs {
			needs[item] = append(needs[item], a.ID)
		}
	}
	// before[a] lists the atoms that must come after a on the agents' way.
	before := make([][]int, len(atoms))
	for _, a := range atoms {
		for _, item := range slices.Sorted(maps.Keys(a.Yields)) {
			if len(needs[item]) == 0 {
				return atomError(a.ID, "yields."+item, "no atom needs %s, so the generator never places this atom", item)
			}
			before[a.ID] = append(before[a.ID], needs[item]...)
		}
	}
	const (
		unseen = iota
		open
		done
	)
	state := make([]int, len(atoms))
	var path []int
	var visit func(int) error
	visit = func(n int) error {
		state[n] = open
		path = append(path, n)
		for _, m := range before[n] {
			switch state[m] {
			case open:
				cycle := append(slices.Clone(path[slices.Index(path, m):]), m)
				names := make([]string, len(cycle))
				for i, c := range cycle {
					names[i] = strconv.Itoa(c)
				}
				return atomError(m, "yields", "the rooms need each other's items in a cycle (atoms %s): none can be placed first", strings.Join(names, " -> "))
			case unseen:
				if err := visit(m); err != nil {
					return err
				}
			}
		}
		path = path[:len(path)-1]
		state[n] = done
		return nil
	}
	for i := range atoms {
		if state[i] == unseen {
			if err := visit(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// errNoAtoms is returned by the generator for an empty atom list.
var errNoAtoms = errors.New("escape: no atoms")
