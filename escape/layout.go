package escape

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Task is one escape task: the rooms VillagerAgent's StateTree lays out for
// a team, where each agent starts, and the task's complexity.
//
// Rooms sit on a grid: a room's centre is (gx·3·width, gy·height, gz·width)
// from Bias, and the generator, walking back from the exit, moves the agents
// it places 3 along gz per room. So with VillagerAgent's width 3 the centres
// are 9 blocks apart along z (and along x between rooms side by side), the
// walls 4 blocks from the centre, the first room's centre 9 blocks before
// the exit; the agents start in the last room laid out and walk towards +z,
// through a door in each room's +z wall, to the exit area at Bias.
//
// A task is made by New (or CodeTasks, PaperLevels, Generate, AtomTask)
// and is fully determined by its Config; its JSON is for reading, and a
// task file need only keep Agents, MaxRooms, Seed and Python to make it
// again.
type Task struct {
	// Name is the task's name: VillagerBench's (puzzle_task3_2p_idx1) for
	// CodeTasks, one made from the options for Generate.
	Name     string `json:"name,omitempty"`
	Agents   int    `json:"agents"`
	MaxRooms int    `json:"max_rooms"`
	// Seed is StateTree's seed (VillagerBench's task_idx): it picks the atom
	// of each room, (seed + rooms so far) mod the candidates, besides
	// seeding the random stream.
	Seed uint64 `json:"seed"`
	// Python: the stream is CPython's random module, as VillagerBench's own
	// tasks; otherwise a PCG stream.
	Python bool `json:"python,omitempty"`
	Bias   Pos  `json:"bias"`
	// Rooms in the order laid out: from the exit back to the start.
	Rooms []Room `json:"rooms"`
	// Complexity is StateTree.complexity, the D of escape_room_judger.py.
	Complexity float64 `json:"complexity"`
	// Starts is where each agent (by index) starts.
	Starts []Start `json:"starts"`
}

// Room is one room of a task: an atom placed at Center with its blocks,
// conditions and effects in world positions.
type Room struct {
	Atom      int       `json:"atom"`
	Placement Placement `json:"placement"`
	Center    Pos       `json:"center"`
	// Grid is the generator's agent position the centre was made from.
	Grid [3]int `json:"grid"`
	// Repeat is condition_repeat_num: the agents the room was laid out for,
	// so the copies of its "agents" blocks.
	Repeat int `json:"repeat"`
	// MergePos and SplitPos are where a merge or split room's teleport
	// sends the agents (the centre of the room the agents go on to).
	MergePos *Pos  `json:"merge_pos,omitempty"`
	SplitPos []Pos `json:"split_pos,omitempty"`
	// EffectRoom is, for a cross room, the room whose door its trigger
	// opens (an index into Task.Rooms); -1 otherwise.
	EffectRoom int         `json:"effect_room"`
	Blocks     []AtomBlock `json:"blocks"`
	Conditions []Condition `json:"conditions"`
	Effects    []Effect    `json:"effects"`

	atom *Atom
}

// AtomOf is the atom the room was made from.
func (r *Room) AtomOf() *Atom { return r.atom }

// Start is an agent's starting place.
type Start struct {
	// Room is the index of the room the agent starts in.
	Room int `json:"room"`
	Pos  Pos `json:"pos"`
	// Inventory is what the agent is given: StateAgent.load gives every
	// item the generator left in the agent's inventory, count + 2
	// (minecraft_define.py:800-803). These are the items the rooms need
	// that no earlier room yields, plus spares.
	Inventory map[string]int `json:"inventory"`
}

// Config chooses a task: the team, the rooms and the seed.
type Config struct {
	Agents   int
	MaxRooms int
	Seed     uint64
	// Python draws from CPython's random module, seeded as random.seed(Seed),
	// which reproduces VillagerBench's tasks exactly; otherwise from a PCG
	// stream seeded by Seed.
	Python bool
	// Atoms to draw from; nil is VillagerAgent's 18 (Atoms()).
	Atoms []Atom
}

// Bias is where VillagerBench's judge puts the escape course: the exit area
// (escape_room_judger.py:110).
var Bias = Pos{130, -60, 140}

// maxAgents bounds the team: copies of an "agents" block must fit in the
// 3×3 floor around a room's centre.
const maxAgents = 8

// maxRetries bounds StateTree's `while True` loop, which starts over (with
// the atom list loaded once more) until every agent has a room.
const maxRetries = 1000

// ErrNoLayout is returned when the generator cannot give every agent a
// room (VillagerAgent's StateTree would loop for ever).
var ErrNoLayout = errors.New("escape: the atoms give no layout with a room for every agent")

// errAssert is StateTree's own assertion on a merge (minecraft_define.py:1101),
// which stops VillagerAgent's judger.
var errAssert = errors.New("escape: VillagerAgent's StateTree fails its merge assertion for this seed")

// New lays out a task as VillagerAgent's StateTree does (its __init__, then
// each room's AtomTask.generate in room order as StateTree.load calls it).
func New(cfg Config) (*Task, error) {
	if cfg.Agents < 1 || cfg.Agents > maxAgents {
		return nil, fmt.Errorf("escape: %d agents; 1 to %d", cfg.Agents, maxAgents)
	}
	if cfg.MaxRooms < 1 {
		return nil, fmt.Errorf("escape: max rooms %d; at least 1", cfg.MaxRooms)
	}
	atoms := cfg.Atoms
	if atoms == nil {
		atoms = theAtoms()
	}
	if len(atoms) == 0 {
		return nil, errNoAtoms
	}
	var d draws
	if cfg.Python {
		d = newPyRandom(cfg.Seed)
	} else {
		d = newPCG(cfg.Seed)
	}
	st := &stateTree{atoms: atoms, maxRooms: cfg.MaxRooms, seed: cfg.Seed, rng: d}
	for i := range cfg.Agents {
		st.agents = append(st.agents, &genAgent{idx: i, inv: map[string]int{}})
	}
	if err := st.run(); err != nil {
		return nil, err
	}
	t := &Task{Agents: cfg.Agents, MaxRooms: cfg.MaxRooms, Seed: cfg.Seed, Python: cfg.Python, Bias: Bias, Complexity: st.complexity}
	for _, r := range st.rooms {
		room, err := r.layOut(d)
		if err != nil {
			return nil, err
		}
		t.Rooms = append(t.Rooms, room)
	}
	for i := range t.Rooms {
		t.Rooms[i].EffectRoom = -1
		if t.Rooms[i].Placement == Cross {
			t.Rooms[i].EffectRoom = st.rooms[i].partner
		}
	}
	byIdx := slices.Clone(st.agents)
	slices.SortFunc(byIdx, func(a, b *genAgent) int { return a.idx - b.idx })
	for _, a := range byIdx {
		room := slices.IndexFunc(t.Rooms, func(r Room) bool { return r.Center == a.room })
		inv := map[string]int{}
		for k, v := range a.inv {
			inv[k] = v + 2
		}
		t.Starts = append(t.Starts, Start{Room: room, Pos: a.room.Add(Pos{0, 0, -3}), Inventory: inv})
	}
	return t, nil
}

// genAgent is StateTree's StateAgent.
type genAgent struct {
	idx     int
	inv     map[string]int // keys stay at 0 once used: len(inventory) counts them
	pos     [3]int
	room    Pos
	hasRoom bool
}

// genRoom is an AtomTask in StateTree.task_list.
type genRoom struct {
	atom     *Atom
	center   Pos
	grid     [3]int
	repeat   int
	mergePos *Pos
	splitPos []Pos
	shift    Pos // cross: effects go to the partner room
	partner  int
}

type stateTree struct {
	atoms      []Atom
	maxRooms   int
	seed       uint64
	rng        draws
	agents     []*genAgent
	atomList   []*Atom
	rooms      []genRoom
	complexity float64
}

func (st *stateTree) run() error {
	for range maxRetries {
		for i := range st.atoms {
			st.atomList = append(st.atomList, &st.atoms[i])
		}
		shuffle(st.rng, st.atomList)
		for range st.maxRooms {
			if err := st.generate(); err != nil {
				return err
			}
		}
		if !slices.ContainsFunc(st.agents, func(a *genAgent) bool { return !a.hasRoom }) {
			return nil
		}
	}
	return ErrNoLayout
}

func centerOf(a *Atom, p [3]int) Pos {
	return Pos{p[0]*a.Room.Width*3 + Bias.X, p[1]*a.Room.Height + Bias.Y, p[2]*a.Room.Width + Bias.Z}
}

func holds(a *genAgent, items map[string]int) bool {
	for k, v := range items {
		if have, ok := a.inv[k]; !ok || have < v {
			return false
		}
	}
	return true
}

// byPosition groups agents by position, in order of first appearance.
func byPosition(agents []*genAgent) [][]*genAgent {
	var groups [][]*genAgent
	at := map[[3]int]int{}
	for _, a := range agents {
		i, ok := at[a.pos]
		if !ok {
			i = len(groups)
			at[a.pos] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], a)
	}
	return groups
}

// candidateAgents is StateTree.candidate_agent_group: the agents furthest
// along z (the front the generator builds back from), after sorting the
// team by z, descending.
func (st *stateTree) candidateAgents() []*genAgent {
	slices.SortStableFunc(st.agents, func(a, b *genAgent) int { return b.pos[2] - a.pos[2] })
	var c []*genAgent
	for _, a := range st.agents {
		if a.pos[2] == st.agents[0].pos[2] {
			c = append(c, a)
		}
	}
	return c
}

// generate is StateTree.generate (minecraft_define.py:953-1250): one room,
// or two for a cross atom, or one per agent for a merge atom, or none.
func (st *stateTree) generate() error {
	cand := st.candidateAgents()
	const channel = 0 // spilt_merge_channel: split and merge along x
	var candTasks []*Atom
	var groups [][]*genAgent
	groupsOf := map[int][][]*genAgent{}
	for _, a := range st.atomList {
		if a.Placement == Split {
			slices.SortStableFunc(st.agents, func(x, y *genAgent) int { return x.pos[channel] - y.pos[channel] })
			var others []*genAgent
			for _, ag := range st.agents {
				if !slices.Contains(cand, ag) {
					others = append(others, ag)
				}
			}
			groups = [][]*genAgent{{cand[0]}}
			for _, ag := range cand[1:] {
				// A new group when another agent stands strictly between:
				// with whole-number positions this never happens.
				between := slices.ContainsFunc(others, func(o *genAgent) bool {
					return o.pos[channel] < ag.pos[channel] && ag.pos[channel] < o.pos[channel]+1
				})
				if between {
					groups = append(groups, []*genAgent{ag})
				} else {
					groups[len(groups)-1] = append(groups[len(groups)-1], ag)
				}
			}
			groups = slices.DeleteFunc(groups, func(g []*genAgent) bool {
				xs := map[int]bool{}
				for _, ag := range g {
					xs[ag.pos[channel]] = true
				}
				return len(xs) < 2
			})
			if len(groups) == 0 {
				continue
			}
		}
		if a.Placement == Merge {
			groups = slices.DeleteFunc(byPosition(cand), func(g []*genAgent) bool { return len(g) < 2 })
			if len(groups) == 0 {
				continue
			}
		}
		if len(a.Yields) == 0 {
			candTasks = append(candTasks, a)
			groupsOf[a.ID] = groups
			continue
		}
		for _, ag := range st.agents {
			if len(ag.inv) == 0 {
				continue
			}
			if holds(ag, a.Yields) {
				candTasks = append(candTasks, a)
				groupsOf[a.ID] = groups
			}
		}
	}
	if len(candTasks) == 0 {
		return nil
	}
	sel := candTasks[(st.seed+uint64(len(st.rooms)))%uint64(len(candTasks))]
	sel2 := sel
	if sel.Placement == Cross {
		var cross []*Atom
		for _, t := range candTasks {
			if t.Placement == Cross {
				cross = append(cross, t)
			}
		}
		if len(cross) > 0 {
			sel2 = choice(st.rng, cross)
		}
	}
	var exec []*genAgent
	switch sel.Placement {
	case SameRoom:
		exec = choice(st.rng, byPosition(cand))
	case Split, Merge:
		exec = choice(st.rng, groupsOf[sel.ID])
	default:
		exec = cand
	}
	if sel.Placement == Cross {
		return st.cross(sel, sel2, cand)
	}

	agentNum := 0
	for _, ag := range exec {
		if !holds(ag, sel.Yields) {
			continue
		}
		agentNum++
		for k, v := range sel.Yields {
			ag.inv[k] -= v
		}
		for k, v := range sel.Needs {
			ag.inv[k] += v
		}
		ag.pos[2] -= 3
	}
	switch sel.Placement {
	case Split:
		var split []Pos
		for _, ag := range exec {
			split = append(split, centerOf(sel, [3]int{ag.pos[0], ag.pos[1], ag.pos[2] + 3}))
			m := abs(exec[0].pos[channel])
			for _, o := range exec[1:] {
				m = min(m, abs(o.pos[channel]))
			}
			ag.pos[channel] = m
		}
		center := centerOf(sel, exec[0].pos)
		st.complexity += sel.Score
		for _, ag := range exec {
			ag.room, ag.hasRoom = center, true
		}
		st.rooms = append(st.rooms, genRoom{atom: sel, center: center, grid: exec[0].pos, repeat: len(exec), splitPos: split, partner: -1})
	case Merge:
		before, after := 0, 0
		for _, ag := range st.agents {
			switch {
			case ag.pos[channel] < exec[0].pos[channel]:
				before++
			case ag.pos[channel] > exec[0].pos[channel]:
				after++
			}
		}
		if len(st.agents) != before+after+len(exec) {
			return errAssert
		}
		p := exec[0].pos
		merge := centerOf(sel, [3]int{p[0], p[1], p[2] + 3})
		for i, ag := range exec {
			// Python's len(self.agents) // 2 on a positive length.
			ag.pos[channel] = before + i - len(st.agents)/2
			center := centerOf(sel, ag.pos)
			st.complexity += sel.Score * float64(len(exec))
			ag.room, ag.hasRoom = center, true
			st.rooms = append(st.rooms, genRoom{atom: sel, center: center, grid: ag.pos, repeat: 1, mergePos: &merge, partner: -1})
		}
	default:
		center := centerOf(sel, exec[0].pos)
		if agentNum == 0 || sel.MinAgents > agentNum {
			return nil // the agents that held the items have moved on: a room-less level
		}
		st.complexity += sel.Score * float64(agentNum) * float64(len(sel.Conditions)) / sel.WaitIntervalS
		for _, ag := range exec {
			ag.room, ag.hasRoom = center, true
		}
		st.rooms = append(st.rooms, genRoom{atom: sel, center: center, grid: exec[0].pos, repeat: agentNum, partner: -1})
	}
	return nil
}

// cross lays out two rooms side by side, sel's trigger in the room of one
// group of agents opening the door of the other group's room, and sel2's
// the other way round (minecraft_define.py:1137-1248).
func (st *stateTree) cross(sel, sel2 *Atom, cand []*genAgent) error {
	groups := byPosition(cand)
	if len(groups) < 2 {
		return nil
	}
	action := choice(st.rng, groups)
	effect := action
	for slices.Equal(effect, action) {
		effect = choice(st.rng, groups)
	}
	for _, ag := range action {
		ag.pos[2] -= 3
	}
	for _, ag := range effect {
		ag.pos[2] -= 3
	}
	for _, g := range []struct {
		agents []*genAgent
		atom   *Atom
	}{{action, sel}, {effect, sel2}} {
		for _, ag := range g.agents {
			if holds(ag, g.atom.Yields) {
				for k, v := range g.atom.Yields {
					ag.inv[k] -= v
				}
			}
		}
	}
	for _, g := range []struct {
		agents []*genAgent
		atom   *Atom
	}{{effect, sel}, {action, sel2}} {
		for _, ag := range g.agents {
			for k, v := range g.atom.Needs {
				ag.inv[k] += v
			}
		}
	}
	first := len(st.rooms)
	for i, g := range []struct {
		atom          *Atom
		here, there   []*genAgent
		complexityAdd float64
	}{
		{sel, action, effect, sel.Score * float64(len(action))},
		{sel2, effect, action, sel.Score * float64(len(effect))},
	} {
		center := centerOf(g.atom, g.here[0].pos)
		target := centerOf(g.atom, g.there[0].pos)
		st.complexity += g.complexityAdd
		for _, ag := range g.there {
			ag.room, ag.hasRoom = target, true
		}
		st.rooms = append(st.rooms, genRoom{atom: g.atom, center: center, grid: g.here[0].pos, repeat: len(g.here),
			shift: target.Sub(center), partner: first + 1 - i})
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// layOut is AtomTask.generate (minecraft_define.py:536-630): the room's
// blocks, conditions and effects in world positions, "agents" blocks copied
// to random free spots within width/2 of the centre, and the conditions and
// effects at their position with them.
func (g genRoom) layOut(d draws) (Room, error) {
	a := g.atom
	r := Room{Atom: a.ID, Placement: a.Placement, Center: g.center, Grid: g.grid, Repeat: g.repeat,
		MergePos: g.mergePos, SplitPos: g.splitPos, atom: a}
	// A cross room's effects are moved to its partner, so they no longer
	// sit on a block of the room.
	effects := slices.Clone(a.Effects)
	for i := range effects {
		effects[i].At = effects[i].At.Add(g.shift)
	}
	atInit := func(p Pos) bool {
		return slices.ContainsFunc(a.Blocks, func(b AtomBlock) bool { return b.At == p })
	}
	taken := func(p Pos) bool {
		return slices.ContainsFunc(r.Blocks, func(b AtomBlock) bool { return b.At == p })
	}
	place := func(b AtomBlock, at Pos) {
		placed := AtomBlock{At: at, Entity: b.Entity, Lock: b.Lock, Items: maps.Clone(b.Items)}
		if b.Block != nil {
			blk := *b.Block
			placed.Block = &blk
		}
		r.Blocks = append(r.Blocks, placed)
		for _, c := range a.Conditions {
			if c.At == b.At {
				c.At = at
				r.Conditions = append(r.Conditions, c)
			}
		}
		for _, e := range effects {
			if e.At == b.At {
				e.At = at
				if e.Set != nil && b.Block != nil && e.Set.Name == b.Block.Name {
					// Only a block of the same name keeps the states (a
					// door opened keeps its facing and hinge); Minecraft
					// drops states the new block does not have.
					set := e.Set.inherit(*b.Block)
					e.Set = &set
				}
				r.Effects = append(r.Effects, e)
			}
		}
	}
	w := a.Room.Width / 2
	for _, b := range a.Blocks {
		if b.Copies.IsZero() {
			place(b, g.center.Add(b.At))
		} else {
			n := b.Copies.Count(g.repeat)
			free := 0
			for x := -w; x <= w; x++ {
				for z := -w; z <= w; z++ {
					if !taken(g.center.Add(Pos{x, 0, z})) {
						free++
					}
				}
			}
			if n > free {
				return Room{}, fmt.Errorf("escape: atom %d: blocks: %d copies of %s do not fit around the centre", a.ID, n, b.Block.Name)
			}
			for range n {
				for {
					p := Pos{randint(d, g.center.X-w, g.center.X+w), g.center.Y, randint(d, g.center.Z-w, g.center.Z+w)}
					if !taken(p) {
						place(b, p)
						break
					}
				}
			}
		}
		// VillagerAgent runs these two loops inside the loop over the init
		// entries: the conditions and effects on no block come after the
		// first block's, once.
		for _, c := range a.Conditions {
			if atInit(c.At) {
				continue
			}
			c.At = g.center.Add(c.At)
			if !slices.ContainsFunc(r.Conditions, func(o Condition) bool { return o.At == c.At }) {
				r.Conditions = append(r.Conditions, c)
			}
		}
		for _, e := range effects {
			if atInit(e.At) {
				continue
			}
			e.At = g.center.Add(e.At)
			if !slices.ContainsFunc(r.Effects, func(o Effect) bool { return o.At == e.At }) {
				r.Effects = append(r.Effects, e)
			}
		}
	}
	return r, nil
}
