package escape

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
)

// The splits of generated tasks, procgen's names (escape sits below
// procgen, which will pass its own). A layout belongs to one split only.
const (
	SplitTrain = "train"
	SplitDev   = "dev"
	SplitTest  = "test"
)

// CodeTasks are VillagerBench's own escape tasks as its config.py lists
// them (config.py:261-275): 1 to 4 rooms (max_task_num), seeds 0 to 7-rooms
// (its task_idx), so 7+6+5+4 = 22, laid out exactly as VillagerAgent's
// StateTree does (CPython's random stream). VillagerBench runs them with 2
// agents.
func CodeTasks(agents int) ([]*Task, error) {
	return pythonTasks(agents, 4, func(rooms int) int { return 8 - rooms }, "puzzle_task%d_%dp_idx%d")
}

// PaperLevels are the paper's 25 escape tasks, "seeds for each of the five
// difficulty levels" (§4, App. C.1). The paper does not say what a level
// is; the code's only difficulty setting is the room count, so level k is
// k rooms (max_task_num), with seeds 0 to 4, laid out as CodeTasks.
func PaperLevels(agents int) ([]*Task, error) {
	return pythonTasks(agents, 5, func(int) int { return 5 }, "escape_level%d_%dp_seed%d")
}

// pythonTasks lays out 1 to maxRooms rooms with seeds 0 to seeds(rooms)-1
// on CPython's stream, named by name(rooms, agents, seed).
func pythonTasks(agents, maxRooms int, seeds func(rooms int) int, name string) ([]*Task, error) {
	var out []*Task
	for rooms := 1; rooms <= maxRooms; rooms++ {
		for seed := range seeds(rooms) {
			t, err := New(Config{Agents: agents, MaxRooms: rooms, Seed: uint64(seed), Python: true})
			if err != nil {
				return nil, fmt.Errorf("escape: %d rooms, seed %d: %w", rooms, seed, err)
			}
			t.Name = fmt.Sprintf(name, rooms, agents, seed)
			out = append(out, t)
		}
	}
	return out, nil
}

// Options asks Generate for new tasks.
type Options struct {
	Split  string // SplitTrain, SplitDev or SplitTest
	N      int    // how many tasks
	Agents int
	// Rooms is max_task_num, the code's difficulty: how many times the
	// generator lays out a room (a merge gives one room per agent, a cross
	// two; a level where no atom fits gives none).
	Rooms int
	Seed  uint64
}

// maxDraws bounds the search for layouts of a split.
const maxDraws = 200

// Generate makes N tasks of one split with PCG streams, leaving out tasks
// with a room nobody can leave (Stuck): task i draws from
// seeds derived from (Seed, Agents, Rooms) in order, keeping the tasks
// whose layout belongs to the split and is new. A layout (Task.Layout) is
// assigned to a split by its hash, 8 in 10 to train, 1 to dev, 1 to test,
// so no layout is in two splits whatever the seeds and counts asked for;
// within a split no layout repeats. Few rooms have few layouts (one room
// for two agents: about 300 in 20,000 draws, 31 of them test; two rooms:
// about 5,800): asking for more than a split holds is an error that says
// how many were found.
func Generate(o Options) ([]*Task, error) {
	switch o.Split {
	case SplitTrain, SplitDev, SplitTest:
	default:
		return nil, fmt.Errorf("escape: split %q; expected %s, %s or %s", o.Split, SplitTrain, SplitDev, SplitTest)
	}
	if o.N < 0 {
		return nil, fmt.Errorf("escape: %d tasks", o.N)
	}
	seeds := rand.New(rand.NewPCG(o.Seed, uint64(o.Agents)<<32|uint64(o.Rooms)))
	seen := map[string]bool{}
	var out []*Task
	draws := 0
	for len(out) < o.N {
		if draws >= maxDraws*(o.N+10) {
			return nil, fmt.Errorf("escape: %d %s layouts with max rooms %d for %d agents in %d draws, %d asked for: ask for fewer, or more rooms",
				len(out), o.Split, o.Rooms, o.Agents, draws, o.N)
		}
		draws++
		seed := seeds.Uint64()
		t, err := New(Config{Agents: o.Agents, MaxRooms: o.Rooms, Seed: seed})
		if err == errAssert {
			continue // VillagerAgent's own generator stops there: draw again
		}
		if err != nil {
			return nil, err
		}
		if _, stuck := t.Stuck(); stuck {
			continue // a room nobody can leave: draw again
		}
		key := t.Layout()
		if SplitOfLayout(key) != o.Split || seen[key] {
			continue
		}
		seen[key] = true
		t.Name = fmt.Sprintf("escape_rooms%d_%dp_%s_%016x", o.Rooms, o.Agents, o.Split, seed)
		out = append(out, t)
	}
	return out, nil
}

// SplitOfLayout is the split a layout belongs to.
func SplitOfLayout(layout string) string {
	b, err := hex.DecodeString(layout)
	if err != nil || len(b) < 8 {
		return SplitTrain
	}
	switch binary.BigEndian.Uint64(b) % 10 {
	case 0:
		return SplitTest
	case 1:
		return SplitDev
	}
	return SplitTrain
}

// Layout is a hash of what the agents meet: each room's atom, placement,
// place, team and blocks, where each room's effects and teleports lead,
// and where each agent starts, all relative to the course's bias. Two
// tasks with one layout are the same puzzle, whatever their seeds.
func (t *Task) Layout() string {
	type room struct {
		Atom       int
		Placement  Placement
		Center     Pos
		Repeat     int
		Blocks     []Pos
		Names      []string
		EffectRoom int
		Merge      []Pos
		Split      []Pos
	}
	var v struct {
		Agents int
		Rooms  []room
		Starts []int
	}
	v.Agents = t.Agents
	rel := func(p Pos) Pos { return p.Sub(t.Bias) }
	for _, r := range t.Rooms {
		x := room{Atom: r.Atom, Placement: r.Placement, Center: rel(r.Center), Repeat: r.Repeat, EffectRoom: r.EffectRoom}
		for _, b := range r.Blocks {
			x.Blocks = append(x.Blocks, rel(b.At))
			name := b.Entity
			if b.Block != nil {
				name = b.Block.String()
			}
			x.Names = append(x.Names, name)
		}
		if r.MergePos != nil {
			x.Merge = []Pos{rel(*r.MergePos)}
		}
		for _, p := range r.SplitPos {
			x.Split = append(x.Split, rel(p))
		}
		v.Rooms = append(v.Rooms, x)
	}
	for _, s := range t.Starts {
		v.Starts = append(v.Starts, s.Room)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain values only
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// Placements counts the task's rooms by placement.
func (t *Task) Placements() map[Placement]int {
	m := map[Placement]int{}
	for _, r := range t.Rooms {
		m[r.Placement]++
	}
	return m
}

// AtomIDs lists the atoms of the task's rooms, in room order.
func (t *Task) AtomIDs() []int {
	var ids []int
	for _, r := range t.Rooms {
		ids = append(ids, r.Atom)
	}
	return slices.Clip(ids)
}

// Stuck reports the first room that cannot be left on foot once solved,
// or that nobody can get into:
//
//   - left: a room that teleports nobody, whose doorway (the centre of its
//     +z wall, iron bars as built) no effect clears or opens, with a room
//     right behind it in its column. Atom 7 is such a room anywhere but
//     last: its iron doors, one block either side of the doorway, open
//     onto the next room's two-thick wall, whose gap is behind the bars.
//   - entered: a room no agent starts in and no teleport lands in, whose
//     outer entry wall (the -z wall is two thick and its gap is in the
//     inner one only) no room's effect clears: the previous room's exit
//     clears it when there is a previous room; a split that sends an agent
//     to an empty slot in front of a room leaves it walled out
//     (VillagerBench's own puzzle_task4_2p_idx1: one agent is split to an
//     empty slot before the merge room it must solve).
//
// VillagerAgent's StateTree lays such tasks out; Generate leaves them out.
func (t *Task) Stuck() (int, bool) {
	cleared := map[Pos]bool{}
	for _, r := range t.Rooms {
		for _, f := range r.Effects {
			switch {
			case f.Set == nil:
			case KindOf(f.Set.Name) == KindAir:
				cleared[f.At] = true
			case KindOf(f.Set.Name) == KindDoor && f.Set.Open == True: // both halves
				cleared[f.At], cleared[f.At.Add(Pos{0, 1, 0})] = true, true
			}
		}
	}
	for i, r := range t.Rooms {
		teleports := slices.ContainsFunc(r.Effects, func(f Effect) bool { return f.Teleport != nil })
		door := r.Center.Add(Pos{0, 0, r.atom.Room.Width + r.atom.Room.Wall})
		if teleports || cleared[door] && cleared[door.Add(Pos{0, 1, 0})] {
			continue
		}
		for _, q := range t.Rooms {
			if q.Center.X == r.Center.X && q.Center.Y == r.Center.Y && q.Center.Z > r.Center.Z && t.RoomAt(door.Add(Pos{0, 0, 1})) >= 0 {
				return i, true
			}
		}
	}
	arrive := map[int]bool{}
	for _, s := range t.Starts {
		arrive[s.Room] = true
	}
	for _, r := range t.Rooms {
		if r.MergePos != nil {
			arrive[t.RoomAt(*r.MergePos)] = true
		}
		for _, p := range r.SplitPos {
			arrive[t.RoomAt(p)] = true
		}
	}
	for i, r := range t.Rooms {
		entry := r.Center.Add(Pos{0, 0, -r.atom.Room.Width - r.atom.Room.Wall - 1})
		if !arrive[i] && !(cleared[entry] && cleared[entry.Add(Pos{0, 1, 0})]) {
			return i, true
		}
	}
	return -1, false
}
