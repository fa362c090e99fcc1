package villagerbench

import (
	"strings"
	"time"

	"collabcraft/mcdata"
)

// The construction scene, as build_judger.py lays it out before a trial
// (build_judger.py:493-538 on spawn, 211 and 228-237 when the task loads):
// a superflat world cleared around the site, a glass enclosure on a
// stone-brick floor where the blueprint is built, and at its east side an
// antechamber with the material chest, a crafting table and a furnace.
// The agents are teleported to the judge at Spawn with empty inventories
// (/clear), the time is set to 0 and held (doDaylightCycle false), the
// weather cleared, every entity but the players killed.

// Op is one of the judge's /fill or /setblock commands: the inclusive box
// From..To (one cell when equal) set to Block with State.
type Op struct {
	From, To [3]int
	Block    string
	State    mcdata.State
}

// The scene's places.
var (
	// Spawn is where the judge stands and every agent is teleported to
	// (build_judger.py:494-496): in the enclosure's doorway.
	Spawn = [3]int{-5, -60, 0}
	// ChestPos is the material chest (build_judger.py:228; env/utils.py
	// fills container -4 -60 0).
	ChestPos = [3]int{-4, -60, 0}
	// SignPos holds the sign with the blueprint's name (build_judger.py:211-214).
	SignPos = [3]int{-3, -58, 0}
	// Enclosure is the inside of the glass walls, where a blueprint fits
	// without touching them (walls at x -19 and -5, z -20 and 7).
	Enclosure = Box{Min: [3]int{-18, -60, -19}, Max: [3]int{-6, -45, 6}}
)

// Superflat is the world's ground below the scene, bottom to top: the
// default superflat layers, y -64 to -61.
var Superflat = []string{"bedrock", "dirt", "dirt", "grass_block"}

// SceneOps are the judge's commands in the order it sends them. The blocks
// it places in the antechamber face west, into the enclosure.
func SceneOps() []Op {
	west := mcdata.State{Facing: "west"}
	box := func(x0, y0, z0, x1, y1, z1 int, block string) Op {
		return Op{From: [3]int{min(x0, x1), min(y0, y1), min(z0, z1)}, To: [3]int{max(x0, x1), max(y0, y1), max(z0, z1)}, Block: block}
	}
	return []Op{
		// Clearing, one /fill per layer from y -40 down to -60.
		box(0, -60, -40, 40, -40, 40, "air"),
		box(-2, -60, -19, -40, -40, 19, "air"),
		// The floor, then the four glass walls, 16 high.
		box(-19, -61, -20, -5, -62, 7, "stone_bricks"),
		box(-19, -60, -20, -19, -45, 7, "glass"),
		box(-5, -60, -20, -5, -45, 7, "glass"),
		box(-19, -60, 7, -5, -45, 7, "glass"),
		box(-19, -60, -20, -5, -45, -20, "glass"),
		// The doorway in the east wall, and the antechamber behind it.
		box(-5, -60, -4, -5, -56, 4, "air"),
		box(-2, -60, 4, -2, -56, -4, "stone_bricks"),
		box(-2, -60, 4, -5, -56, 4, "stone_bricks"),
		box(-2, -60, -4, -5, -56, -4, "stone_bricks"),
		box(-2, -56, -4, -5, -56, 4, "glass"),
		// The sign, then the task's furniture (build_judger.py:211, 228-237).
		{From: SignPos, To: SignPos, Block: "oak_wall_sign", State: west},
		{From: ChestPos, To: ChestPos, Block: "chest", State: west},
		box(-4, -60, -1, -4, -60, -1, "crafting_table"),
		{From: [3]int{-4, -60, 1}, To: [3]int{-4, -60, 1}, Block: "furnace", State: west},
		box(-4, -60, -2, -4, -60, -2, "spruce_planks"),
		box(-4, -60, 2, -4, -60, 2, "spruce_planks"),
		box(-3, -60, -3, -3, -59, 3, "spruce_planks"),
		box(-4, -60, -3, -4, -60, -3, "spruce_fence"),
		box(-4, -60, 3, -4, -60, 3, "spruce_fence"),
	}
}

// SceneBlockAt is the block the scene leaves at p ("" where it sets
// nothing: the superflat ground or air).
func SceneBlockAt(p [3]int) string {
	name := ""
	for _, op := range SceneOps() {
		if (Box{Min: op.From, Max: op.To}).Contains(p) {
			name = op.Block
		}
	}
	return name
}

// Obstructed lists the blueprint's blocks whose cells the scene fills (a
// glass wall, the floor, the antechamber): agents must break what is there
// first. Eleven of the paper's blueprints reach into the enclosure's west
// or south wall.
func Obstructed(bp *Blueprint) []Block {
	var out []Block
	for _, b := range bp.Blocks {
		if n := SceneBlockAt(b.Position); n != "" && n != "air" {
			out = append(out, b)
		}
	}
	return out
}

// DigNeeded is build_judger.py's dig_needed: false, as in the paper, so no
// material factory is built and every material is in the chest.
const DigNeeded = false

// Stack is one slot of the material chest: the judge's
// `/item replace block -4 -60 0 container.{Slot} with minecraft:{Item} {Count}`.
type Stack struct {
	Slot  int
	Item  string
	Count int
}

// ChestSlots is how many slots the chest has; the judge's commands for
// slots past it fail ("chest is full").
const ChestSlots = 27

// Chest is the material chest env/utils.py's building_material_load fills
// for a blueprint (env/utils.py:73-144): 128 dirt and 128 ladders (for
// scaffolding), then each material in the order the blueprint first names
// it, counted per block, a slot per 64 (a bed 1, a banner 16) until the
// count is covered; with digNeeded, logs and stones (any name holding "log"
// or "stone") are left to the factory. A potted plant gives a slot of the
// plant and one of flower pots; a wall block its item (oak_wall_sign ->
// oak_sign). Loaded are the stacks in the chest's 27 slots whose item
// exists; Lost the rest: stacks past slot 26, and names that are no item
// (fire), which the judge's command cannot load (its slot stays empty).
//
// One departure: VillagerBench's wall rule replaces "_wall_", which misses
// wall_torch; a wall variant here always gives its item (torch).
func Chest(bp *Blueprint, digNeeded bool) (loaded, lost []Stack) {
	names, counts := bp.Materials()
	counts["dirt"] += 128
	counts["ladder"] += 128
	order := []string{"dirt", "ladder"}
	for _, n := range names {
		if n == "dirt" || n == "ladder" || digNeeded && (strings.Contains(n, "log") || strings.Contains(n, "stone")) {
			continue
		}
		order = append(order, n)
	}
	slot := 0
	put := func(item string, count int) {
		s := Stack{Slot: slot, Item: item, Count: count}
		if slot < ChestSlots && mcdata.IsItem(item) {
			loaded = append(loaded, s)
		} else {
			lost = append(lost, s)
		}
		slot++
	}
	for _, name := range order {
		for amount := counts[name]; amount > 0; {
			switch {
			case strings.Contains(name, "potted"):
				// The loop goes on with name = "flower_pot", as the code's does.
				put(strings.Replace(name, "potted_", "", 1), 64)
				name = "flower_pot"
				put(name, 64)
				amount -= 64
				continue
			case strings.Contains(name, "_wall_"):
				name = strings.Replace(name, "_wall_", "_", 1)
			default:
				if standing, ok := mcdata.StandingOf(name); ok {
					name = standing
				}
			}
			n := 64
			switch {
			case strings.Contains(name, "bed"):
				n = 1
			case strings.Contains(name, "banner"):
				n = 16
			}
			put(name, n)
			amount -= n
		}
	}
	return loaded, lost
}

// The judge's clock (build_judger.py:577-707).
const (
	// CheckEvery: the end conditions are checked once a second.
	CheckEvery = time.Second
	// ScoreEvery: C and VHR are recomputed every 10 s; the checks in
	// between read the last values.
	ScoreEvery = 10 * time.Second
	// WaitInterval is the "no better score" window (build_judger.py:64).
	WaitInterval = 600 * time.Second
	// TimeOfDay is the game time the trial runs at, held: /time set 0.
	TimeOfDay = 0
)

// The end reasons as the judge's score.json writes them.
const (
	EndComplete      = "complete task"
	EndActionTimeout = "action time out"
	EndMaxTime       = "max time out"
	EndNoGain        = "no better score in wait interval"
)

// Check is what the judge knows at one of its once-a-second checks.
type Check struct {
	Elapsed    time.Duration // wall time since the blueprint was loaded
	ActionTime time.Duration // the union of the agents' action intervals
	C, VHR     float64       // the last computed scores
	// LastBest is when C last rose to a new best, measured from the start;
	// negative (the judge's start-up time) until C first rises above 0.
	LastBest time.Duration
}

// EndReason is the reason the judge ends a trial at a check, "" while it
// goes on (build_judger.py:581-678). It ends when C and VHR are both 1,
// when the action time passes its budget, when the wall time passes its
// budget, or when C has not risen for WaitInterval after a rise that came
// more than WaitInterval into the trial: a trial whose C stops rising in
// its first 600 s is ended only by its budgets. When several hold at once
// the judge writes each in turn, and the last written stands.
func EndReason(c Check, b Budgets) string {
	reason := ""
	if c.C == 1 && c.VHR == 1 {
		reason = EndComplete
	}
	if c.ActionTime.Seconds() > b.ActionSeconds {
		reason = EndActionTimeout
	}
	if c.Elapsed.Seconds() > b.WallSeconds {
		reason = EndMaxTime
	}
	if c.LastBest > WaitInterval && c.Elapsed-c.LastBest > WaitInterval {
		reason = EndNoGain
	}
	return reason
}

// Efficiency is the E the judge writes with an end reason
// (build_judger.py:583, 607, 629-633): the action budget over the action
// time, 1 on an action time-out, and 1 for a trial without actions.
func Efficiency(reason string, actionTime time.Duration, b Budgets) float64 {
	if reason == EndActionTimeout || actionTime <= 0 {
		return 1
	}
	return b.ActionSeconds / actionTime.Seconds()
}
