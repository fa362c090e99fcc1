// Package world is collabcraft's embedded Minecraft: a deterministic voxel
// world with agents, animals and containers, a simulated clock, builders
// that lay out a world for each task type, MINDcraft's command library with
// its exact output texts, and the task validators.
//
// A World has one owner: it is not safe for concurrent use, and nothing in
// it is shared with other worlds, so trials run side by side in separate
// worlds. All randomness comes from the seed given to Build; time passes
// only through Advance. Effects of a command apply when it is executed; the
// returned CommandResult.Duration says how long the agent is busy with it.
//
// Where the simulation departs from a stock MINDcraft server, on purpose:
// !smeltItem also uses a smoker (food) or blast furnace (ores) within
// reach, which are twice as fast, and a station busy with another item is
// not shared; a failed path search costs thinking time (0.5 s, or the 5 s
// thinkTimeout), and one command's searches share a budget, so that no
// response keeps Execute busy for long; suspicious_stew has its game
// recipe, which minecraft-data lacks.
package world

import (
	"collabcraft/villagerbench"
	"fmt"
	"math/rand/v2"
	"time"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
	"collabcraft/procgen"
)

// Dialect selects the wording of action results.
type Dialect string

const (
	// DialectPaper is the paper's frozen MINDcraft: "Code output:\n".
	DialectPaper Dialect = "paper"
	// DialectCurrent is the later source: "Action output:\n".
	DialectCurrent Dialect = "current"
)

// Options configure a world. The zero value is valid.
type Options struct {
	// AgentNames are the agents' in-game names, agent id order; missing
	// names default to MINDcraft's task names Andy_0, Jill_0, Bob_0, ...
	AgentNames []string
	// Dialect of action outputs; "" means DialectPaper.
	Dialect Dialect
	// Blocked is settings.blocked_actions; nil means MINDcraft's default
	// (the blueprint queries), which construction tasks lift.
	Blocked []string
	// Modes are the profile's "modes", loaded over modes.js's defaults as
	// MINDcraft's initModes does; nil means the survival profile's.
	Modes map[string]bool
	// Stations are blocks placed beside the spawn unless the world has
	// them within 12 blocks already, a name given twice for two of them
	// (VillagerBench's scenes place a crafting table and furnaces: its
	// craftBlock and SmeltingCooking tools need one within reach, and no
	// tool places one). A benchmark's own scene (VillagerBench's
	// construction) gets none.
	Stations []string
}

// DefaultAgentNames are the names MINDcraft's task runs use.
var DefaultAgentNames = []string{"Andy_0", "Jill_0", "Bob_0", "Sally_0", "Mike_0", "Tom_0", "Lily_0", "Zoe_0"}

// World is one trial's world.
type World struct {
	opts       Options
	task       procgen.Task
	kind       kindWorld // how the task's kind is built and scored
	blocks     *blockGrid
	agents     []*Agent
	byName     map[string]*Agent
	mobs       []*Mob
	mobsAdded  int // mobs ever added: the next mob's id is 1000 + mobsAdded
	containers map[Pos]*Container
	blueprint  *blueprints.Blueprint
	biome      string
	now        time.Duration
	startTicks int64 // time of day at start, in game ticks
	rng        *rand.Rand
	spawns     []Pos         // spawn cells, agent id order (cycled)
	kitchen    *kitchenScene // MindAgent's Minecraft kitchen (kitchen.go), nil elsewhere
	farm       *farmScene    // VillagerBench's farm-to-table (build_farm.go), nil elsewhere
	escape     *escapeScene  // VillagerBench's escape rooms (escape.go), nil elsewhere
	// vbBlueprint is a VillagerBench construction task's blueprint.
	vbBlueprint *villagerbench.Blueprint

	thinkBudget int // path search expansions left for the current command
	// expansions counts every path search expansion made in the world:
	// the work a program's skills do in Go, which world/js charges to
	// the program's step budget (Session.Expansions).
	expansions int64
	// digAbove, when set, lets the pathfinder dig blocks above that y
	// (mineflayer-pathfinder digs wherever it must; worlds where agents
	// build turn it on so that nobody is walled in for good).
	digAbove *int
	// digAny lets the pathfinder dig whatever it can break above digAbove,
	// at mineflayer-pathfinder's cost (worlds where nothing built needs
	// putting back); without it only blocks that drop themselves.
	digAny bool
	// holeDrops lets the pathfinder drop down a hole it could stand over
	// on a neighbour's edge (mineflayer-pathfinder knows no edges: a
	// stairwell in a floor is a way down). Worlds where agents build
	// floors with stair holes turn it on: without it a builder that went
	// up a house's stairs, or towered into an upper room, was shut in.
	holeDrops bool
	digMemo   map[string]float64 // per path search: block name -> dig cost, -1 for none
	search    *pathSearch        // the running path search's tables

	// progress holds when the score rose, for the kinds S-Agents' give-up
	// rule applies to (kindWorld.progress; progress.go).
	progress progressWatch

	// owners records each item's first owner among the agents (an agent
	// id) from the end of Build on; items an agent held at the start are
	// recorded as -1 (VillagerBench's ACR counts what agents came to hold).
	owners map[string]int
}

// newWorld makes an empty world; builders fill it.
func newWorld(task procgen.Task, seed uint64, opts Options) *World {
	if opts.Dialect == "" {
		opts.Dialect = DialectPaper
	}
	return &World{
		opts:        opts,
		task:        task,
		blocks:      newBlockGrid(),
		byName:      map[string]*Agent{},
		containers:  map[Pos]*Container{},
		biome:       "plains",
		startTicks:  1000,
		thinkBudget: thinkBudget,
		rng:         rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
	}
}

// Now is the simulated time since the world was built.
func (w *World) Now() time.Duration { return w.now }

// Advance moves the clock forward by d (negative d is ignored).
func (w *World) Advance(d time.Duration) {
	if d > 0 {
		w.now += d
		w.watchProgress()
	}
}

// AdvanceTo moves the clock to t if t is later than now.
func (w *World) AdvanceTo(t time.Duration) {
	if t > w.now {
		w.now = t
		w.watchProgress()
	}
}

// Task returns the task the world was built for.
func (w *World) Task() procgen.Task { return w.task }

// Agents returns the agents' names in agent id order.
func (w *World) Agents() []string {
	names := make([]string, len(w.agents))
	for i, a := range w.agents {
		names[i] = a.Name
	}
	return names
}

// Agent returns the named agent, or nil.
func (w *World) Agent(name string) *Agent { return w.byName[name] }

// BlockAt returns the block name at (x, y, z); it makes a World a
// blueprints.BlockReader.
func (w *World) BlockAt(x, y, z int) string { return w.blocks.name(Pos{x, y, z}) }

var _ blueprints.BlockReader = (*World)(nil)

// SetBlock puts a block into the world (for builders and tests).
func (w *World) SetBlock(p Pos, name string) { w.setBlock(p, name) }

// StateAt returns the orientation of the block at (x, y, z): zero for a
// block placed without one, and for air.
func (w *World) StateAt(x, y, z int) mcdata.State { return w.blocks.state(Pos{x, y, z}) }

// SetBlockState puts a block with an orientation into the world (for
// builders and tests); a state the block cannot hold is refused and the
// world left as it was.
func (w *World) SetBlockState(p Pos, name string, st mcdata.State) error {
	if err := mcdata.CheckState(name, st); err != nil {
		return fmt.Errorf("world: block at %d %d %d: %w", p.X, p.Y, p.Z, err)
	}
	w.setBlockState(p, name, st)
	return nil
}

// Docs returns the $COMMAND_DOCS text for an agent.
func (w *World) Docs(agent string) string {
	a := w.byName[agent]
	if a == nil {
		return ""
	}
	return a.table.Docs()
}

func (w *World) agentErr(name string) error {
	return fmt.Errorf("world: unknown agent %q (agents: %v)", name, w.Agents())
}
