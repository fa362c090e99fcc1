package world

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/world/command"
)

// Build lays out the world for a task and trial seed: the terrain and
// features of the task type, the agents at their spawn points with the
// task's initial inventories, and each agent's command table. Everything
// follows from the task and the seed.
func Build(task procgen.Task, seed uint64, opts Options) (*World, error) {
	if task.AgentCount < 1 {
		return nil, fmt.Errorf("world: task %s: agent_count is %d, expected at least 1", task.ID, task.AgentCount)
	}
	names := make([]string, task.AgentCount)
	for i := range names {
		switch {
		case i < len(opts.AgentNames) && opts.AgentNames[i] != "":
			names[i] = opts.AgentNames[i]
		case i < len(DefaultAgentNames):
			names[i] = DefaultAgentNames[i]
		default:
			names[i] = "Agent" + strconv.Itoa(i) + "_0"
		}
	}
	if err := checkInventories(task); err != nil {
		return nil, err
	}
	kind, ok := procgen.KindOfType(task.Type)
	if !ok {
		return nil, fmt.Errorf("world: task %s: type %q, expected %s", task.ID, task.Type, taskTypes())
	}
	if !kind.InMinecraft() {
		return nil, fmt.Errorf("world: task %s: a %s task is played in its own world (%s), not in Minecraft", task.ID, kind.Name, kind.World)
	}
	w := newWorld(task, seed, opts)
	w.kind = kindWorlds[kind]
	spawns, err := w.kind.build(w, task)
	if err != nil {
		return nil, err
	}
	w.spawns = spawns
	for i, st := range opts.Stations {
		if w.kind.ownScene {
			break
		}
		w.placeNear(spawns[0], st, i, slices.Index(opts.Stations, st))
	}
	for i, name := range names {
		if w.byName[name] != nil {
			return nil, fmt.Errorf("world: task %s: agent name %q used twice", task.ID, name)
		}
		a := &Agent{
			Name: name, ID: i, health: 20, food: 20,
			inv:   newInventory(playerSlots),
			modes: agentModes(opts.Modes),
			table: tableFor(w.kind.commands, w.blockedFor(i)),
		}
		a.pos = w.spawnFor(i)
		// One /give per item in the task file's key order, as MINDcraft's
		// initBotTask gives them, so slots and listings follow it.
		for _, s := range task.Inventory(strconv.Itoa(i)) {
			a.inv.Add(s.Item, s.Count)
		}
		w.agents = append(w.agents, a)
		w.byName[name] = a
	}
	w.trackOwners()
	if w.escape != nil {
		if err := w.startEscape(seed); err != nil {
			return nil, err
		}
	}
	if w.farm != nil {
		for _, a := range w.agents { // the judge sees every player in its box
			w.farm.judge.See(a.Name)
		}
	}
	return w, nil
}

// trackOwners starts recording each item's first owner among the agents:
// what they hold now is nobody's contribution.
func (w *World) trackOwners() {
	w.owners = map[string]int{}
	for _, a := range w.agents {
		for _, s := range a.inv.slots {
			if s.Count > 0 {
				w.owners[s.Item] = -1
			}
		}
		a.inv.added = func(item string) {
			if _, ok := w.owners[item]; !ok {
				w.owners[item] = a.ID
			}
		}
	}
}

// FirstOwners maps each item an agent came to hold during the trial, and
// no agent held at its start, to the agent that held it first: the items
// behind VillagerBench's agent contribution rate (ACR). In a farm-to-table
// world only the judge's checkpoint items count, as its own_dict counts.
func (w *World) FirstOwners() map[string]string {
	out := map[string]string{}
	for item, id := range w.owners {
		if id >= 0 {
			out[item] = w.agents[id].Name
		}
	}
	if w.farm != nil {
		return w.farmOwners(out)
	}
	return out
}

// tables caches command tables by blocked set: a table is read-only once
// built, and every trial of a task asks for the same ones.
var tables sync.Map // extra command names, then blocked names, joined by "," -> *command.Table

func tableFor(extra []command.Spec, blocked []string) *command.Table {
	var names []string
	for _, s := range extra {
		names = append(names, s.Name)
	}
	key := strings.Join(names, ",") + "|" + strings.Join(blocked, ",")
	if t, ok := tables.Load(key); ok {
		return t.(*command.Table)
	}
	t, _ := tables.LoadOrStore(key, command.NewTableWith(extra, blocked, mcdata.IsBlock, mcdata.IsItem))
	return t.(*command.Table)
}

// checkInventories rejects unknown item names and negative counts.
func checkInventories(task procgen.Task) error {
	for _, id := range slices.Sorted(maps.Keys(task.InitialInventory)) {
		for _, item := range slices.Sorted(maps.Keys(task.InitialInventory[id])) {
			if !mcdata.IsItem(item) {
				_, err := mcdata.LookupItem(item)
				return fmt.Errorf("world: task %s: initial_inventory[%s]: %v", task.ID, id, err)
			}
			if task.InitialInventory[id][item] < 0 {
				return fmt.Errorf("world: task %s: initial_inventory[%s][%s] is %d, expected a count >= 0", task.ID, id, item, task.InitialInventory[id][item])
			}
		}
	}
	for item, n := range task.ChestItems {
		if !mcdata.IsItem(item) || n < 0 {
			return fmt.Errorf("world: task %s: chest item %q x%d, expected a known item and a count >= 0", task.ID, item, n)
		}
	}
	return nil
}

// blockedFor is settings.blocked_actions ∪ the task's blocked actions for
// agent id, plus !endGoal with a goal and !endConversation with a
// conversation, as MINDcraft's task setup does. Construction tasks turn
// the blueprint queries on.
func (w *World) blockedFor(id int) []string {
	base := w.opts.Blocked
	if base == nil {
		base = command.DefaultBlocked
	}
	var out []string
	for _, b := range base {
		if w.kind.unblockDefaults && slices.Contains(command.DefaultBlocked, b) {
			continue
		}
		out = append(out, b)
	}
	out = append(out, w.task.BlockedActions[strconv.Itoa(id)]...)
	if !w.task.Goal.IsZero() {
		out = append(out, "!endGoal")
	}
	if w.task.Conversation != "" {
		out = append(out, "!endConversation")
	}
	return out
}

// spawnFor is agent id's spawn point: the builders' spawn cells in turn,
// standing on the ground.
func (w *World) spawnFor(id int) Vec {
	p := w.spawns[id%len(w.spawns)]
	return w.settle(p.Center())
}

// Success reports whether the task is done: for crafting and cooking, an
// agent's own inventory holds the target (Hell's Kitchen: agent i holds
// target[i]); for construction, the blueprint is complete; a kind with its
// own judge (VillagerBench's construction) says so itself, under every
// organisation.
func (w *World) Success() bool {
	if w.kind.success != nil {
		return w.kind.success(w)
	}
	return w.Score() >= 1
}

// Score is the task score: 1 or 0 for crafting and cooking, the fraction
// of blueprint cells in place for construction.
func (w *World) Score() float64 { return w.kind.score(w) }

// kindWorld is how the world builds and scores one kind of task.
type kindWorld struct {
	build func(*World, procgen.Task) ([]Pos, error) // lays out the world; returns the spawn cells
	score func(*World) float64
	// success, when set, judges the task done; otherwise a score of 1 does.
	success func(*World) bool
	// unblockDefaults turns on the commands settings.blocked_actions hides
	// by default (construction needs its blueprint queries).
	unblockDefaults bool
	// commands are commands beyond MINDcraft 0012750's that the kind's
	// tasks need (farm-to-table: !useOn, to milk a cow).
	commands []command.Spec
	// ownScene: the kind's scene is a benchmark's own, furnished as it
	// is judged (VillagerBench's); Options.Stations add nothing to it.
	ownScene bool
	// progress: the world watches the score as the clock moves, for
	// S-Agents' give-up rule (progress.go).
	progress bool
}

// kindWorlds holds the world's per-kind behaviour.
var kindWorlds = map[*procgen.Kind]kindWorld{
	procgen.Crafting:       {build: (*World).buildCrafting, score: (*World).craftingScore},
	procgen.Cooking:        {build: (*World).buildCooking, score: (*World).cookingScore},
	procgen.Construction:   {build: (*World).buildConstruction, score: (*World).constructionScore, unblockDefaults: true},
	procgen.MCKitchen:      {build: (*World).buildKitchen, score: (*World).kitchenScore},
	procgen.Farm:           {build: (*World).buildFarm, score: (*World).farmScore, commands: command.FarmSpecs()},
	procgen.VBConstruction: {build: (*World).buildVBConstruction, score: (*World).vbConstructionScore, success: (*World).vbConstructionComplete, ownScene: true},
	procgen.Escape:         {build: (*World).buildEscape, score: (*World).escapeScore, ownScene: true},
	procgen.Collection:     {build: (*World).buildCollection, score: (*World).collectionScore, ownScene: true, progress: true},
	procgen.Shelter:        {build: (*World).buildShelter, score: (*World).shelterScore, ownScene: true, progress: true},
	procgen.CoVoyager:      {build: (*World).buildCoVoyager, score: (*World).coVoyagerScore, ownScene: true},
}

// taskTypes is `"techtree", "cooking" or "construction"` for messages.
func taskTypes() string {
	var types []string
	for _, k := range procgen.AllKinds() {
		types = append(types, strconv.Quote(k.TaskType))
	}
	return strings.Join(types[:len(types)-1], ", ") + " or " + types[len(types)-1]
}

func (w *World) constructionScore() float64 {
	if w.blueprint == nil {
		return 0
	}
	return w.blueprint.Score(w)
}

func (w *World) craftingScore() float64 {
	t := w.task
	n := max(t.NumberOfTarget, 1)
	for _, a := range w.agents {
		if a.inv.Count(t.Target.Item) >= n {
			return 1
		}
	}
	return 0
}

func (w *World) cookingScore() float64 {
	t := w.task
	if t.Target.List != nil {
		// Hell's Kitchen: each agent must hold its own dish.
		for i, item := range t.Target.List {
			if i >= len(w.agents) || w.agents[i].inv.Count(item) < 1 {
				return 0
			}
		}
		return 1
	}
	// All dishes in one agent's inventory ("In the end, all the food
	// items should be given to one single bot").
	for _, a := range w.agents {
		ok := true
		for item, n := range t.Target.Counts {
			if a.inv.Count(item) < max(n, 1) {
				ok = false
				break
			}
		}
		if ok && len(t.Target.Counts) > 0 {
			return 1
		}
	}
	return 0
}

// parseBlueprint decodes a construction task's blueprint.
func parseBlueprint(task procgen.Task) (*blueprints.Blueprint, error) {
	if len(task.Blueprint) == 0 {
		return nil, fmt.Errorf("world: task %s: construction task without a blueprint", task.ID)
	}
	bp, err := blueprints.Parse(task.Blueprint)
	if err != nil {
		return nil, fmt.Errorf("world: task %s: blueprint: %w", task.ID, err)
	}
	if len(bp.Levels) == 0 {
		return nil, fmt.Errorf("world: task %s: blueprint has no levels", task.ID)
	}
	return bp, nil
}

// placeNear puts block on the ground a few blocks from p (the n-th
// station takes the n-th free spot), unless the world has as many as
// stations n-first..n ask for within 12 blocks already: the tools reach 20
// blocks, and the agents move about.
func (w *World) placeNear(p Pos, block string, n, first int) {
	const stationReach = 12
	have := 0
	for dx := -stationReach; dx <= stationReach; dx++ {
		for dy := -4; dy <= 4; dy++ {
			for dz := -stationReach; dz <= stationReach; dz++ {
				if dx*dx+dy*dy+dz*dz <= stationReach*stationReach && w.blocks.name(p.Add(dx, dy, dz)) == block {
					have++
				}
			}
		}
	}
	if have > n-first {
		return
	}
	spots := [][2]int{{0, -3}, {3, 0}, {-3, 0}, {0, 3}, {3, -3}, {-3, 3}, {-3, -3}, {3, 3}}
	for k := range spots {
		o := spots[(k+n)%len(spots)]
		for dy := 1; dy >= -2; dy-- {
			q := p.Add(o[0], dy, o[1])
			if w.blocks.name(q) == "air" && isSolidName(w.blocks.name(q.Add(0, -1, 0))) && w.blocks.name(q.Add(0, 1, 0)) == "air" {
				w.setBlock(q, block) // a furnace or chest gets its container
				return
			}
		}
	}
}
