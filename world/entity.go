package world

import (
	"fmt"
	"math"
	"slices"

	"collabcraft/world/command"
)

// Agent is a player the LLM controls.
type Agent struct {
	Name string
	ID   int

	pos    Vec
	health float64
	food   float64
	inv    *Inventory
	held   string    // item in hand ("" = empty hand)
	armor  [4]string // head, torso, legs, feet
	saved  []savedPlace
	table  *command.Table
	modes  []mode

	following  string // player followed by !followPlayer ("" = none)
	followDist float64

	vb *villagerBot // VillagerAgent's server state, once it took a tool call
}

type savedPlace struct {
	name string
	pos  Vec
}

type mode struct {
	name, desc string
	on         bool
}

// defaultModes are modes.js's modes, in its order, as they are before a
// profile's "modes" are loaded (cowardice on, cheat off).
func defaultModes() []mode {
	return []mode{
		{"self_preservation", "Respond to drowning, burning, and damage at low health. Interrupts all actions.", true},
		{"unstuck", "Attempt to get unstuck when in the same place for a while. Interrupts some actions.", true},
		{"cowardice", "Run away from enemies. Interrupts all actions.", true},
		{"self_defense", "Attack nearby enemies. Interrupts all actions.", true},
		{"hunting", "Hunt nearby animals when idle.", true},
		{"item_collecting", "Collect nearby items when idle.", true},
		{"torch_placing", "Place torches when idle and there are no torches nearby.", true},
		{"elbow_room", "Move away from nearby players when idle.", true},
		{"idle_staring", "Animation to look around at entities when idle.", true},
		{"cheat", "Use cheats to instantly place blocks and teleport.", false},
	}
}

// SurvivalModes are MINDcraft's survival profile's modes
// (profiles/defaults/survival.json): cowardice off.
var SurvivalModes = map[string]bool{
	"self_preservation": true, "unstuck": true, "cowardice": false, "self_defense": true, "hunting": true,
	"item_collecting": true, "torch_placing": true, "elbow_room": true, "idle_staring": true, "cheat": false,
}

// agentModes are modes.js's defaults with a profile's modes loaded over
// them (ModeController.loadJson); nil loads SurvivalModes.
func agentModes(profile map[string]bool) []mode {
	if profile == nil {
		profile = SurvivalModes
	}
	ms := defaultModes()
	for i := range ms {
		if on, ok := profile[ms[i].name]; ok {
			ms[i].on = on
		}
	}
	return ms
}

// ModeNames are the modes an agent has, in MINDcraft's order.
func ModeNames() []string {
	var names []string
	for _, m := range defaultModes() {
		names = append(names, m.name)
	}
	return names
}

// Pos returns the agent's position.
func (a *Agent) Pos() Vec { return a.pos }

// Inventory returns the agent's inventory (live; do not keep across
// commands).
func (a *Agent) Inventory() *Inventory { return a.inv }

// Mob is an animal or monster.
type Mob struct {
	ID     int
	Kind   string
	pos    Vec
	health float64

	sheared, saddled bool
}

// mobKind holds what the simulator needs about a mob type.
type mobKind struct {
	health float64
	drops  []mobDrop
}

// mobDrop is a Minecraft loot entry without looting: Min..Max of Item.
type mobDrop struct {
	Item     string
	Min, Max int
}

// mobKinds are the animals the builders place, with their vanilla health
// and loot tables (Minecraft Wiki, Java Edition 1.20).
var mobKinds = map[string]mobKind{
	"chicken":   {4, []mobDrop{{"chicken", 1, 1}, {"feather", 0, 2}}},
	"cow":       {10, []mobDrop{{"beef", 1, 3}, {"leather", 0, 2}}},
	"mooshroom": {10, []mobDrop{{"beef", 1, 3}, {"leather", 0, 2}}},
	"pig":       {10, []mobDrop{{"porkchop", 1, 3}}},
	"rabbit":    {3, []mobDrop{{"rabbit", 0, 1}, {"rabbit_hide", 0, 1}}},
	"sheep":     {8, []mobDrop{{"mutton", 1, 2}, {"white_wool", 1, 1}}},
	"goat":      {10, nil},
	"horse":     {15, nil},
	"llama":     {15, []mobDrop{{"leather", 0, 2}}},
	"zombie":    {20, []mobDrop{{"rotten_flesh", 0, 2}}},
	"spider":    {16, []mobDrop{{"string", 0, 2}, {"spider_eye", 0, 1}}},
	"skeleton":  {20, []mobDrop{{"bone", 0, 2}, {"arrow", 0, 2}}},
}

// hostileMobs are the mobKinds minecraft-data types "hostile" (the rest
// are "animal"): MINDcraft's mc.isHostile.
var hostileMobs = map[string]bool{"zombie": true, "spider": true, "skeleton": true}

// addMob puts a mob of kind at v. Ids count up from 1000 and are never
// reused, so agents (ids from 0) and mobs never share one.
func (w *World) addMob(kind string, v Vec) *Mob {
	k := mobKinds[kind]
	m := &Mob{ID: w.mobsAdded + 1000, Kind: kind, pos: v, health: k.health}
	w.mobsAdded++
	w.mobs = append(w.mobs, m)
	return m
}

// AddMob puts a mob of a kind the world knows (cow, zombie, ...) at v,
// as a scenario or test needs it; it returns the mob's entity id.
func (w *World) AddMob(kind string, v Vec) (int, error) {
	if _, ok := mobKinds[kind]; !ok {
		return 0, fmt.Errorf("world: unknown mob kind %q", kind)
	}
	return w.addMob(kind, v).ID, nil
}

// Entity is one of mineflayer's bot.entities: an agent or a mob.
type Entity struct {
	ID       int
	Name     string // the mob's kind; "player" for agents
	Type     string // minecraft-data's type: "player", "animal" or "hostile"
	Username string // agents only
	Pos      Vec
}

func (a *Agent) entity() Entity {
	return Entity{ID: a.ID, Name: "player", Type: "player", Username: a.Name, Pos: a.pos}
}

func (m *Mob) entity() Entity {
	t := "animal"
	if hostileMobs[m.Kind] {
		t = "hostile"
	}
	return Entity{ID: m.ID, Name: m.Kind, Type: t, Pos: m.pos}
}

// Entities lists every entity in the world, the agents asking included,
// in id order (the order of Object.values(bot.entities)).
func (w *World) Entities() []Entity {
	out := make([]Entity, 0, len(w.agents)+len(w.mobs))
	for _, a := range w.agents {
		out = append(out, a.entity())
	}
	for _, m := range w.mobs {
		out = append(out, m.entity())
	}
	slices.SortStableFunc(out, func(a, b Entity) int { return a.ID - b.ID })
	return out
}

// Entity returns entity id as it is now; ok is false once it is gone (a
// killed mob).
func (w *World) Entity(id int) (e Entity, ok bool) {
	for _, a := range w.agents {
		if a.ID == id {
			return a.entity(), true
		}
	}
	if m := w.mobByID(id); m != nil {
		return m.entity(), true
	}
	return Entity{}, false
}

func (w *World) mobByID(id int) *Mob {
	for _, m := range w.mobs {
		if m.ID == id {
			return m
		}
	}
	return nil
}

// nearestHostile is getNearestEntityWhere(bot, mc.isHostile, dist): the
// nearest hostile mob strictly within dist, the lower id on a tie.
func (w *World) nearestHostile(v Vec, dist float64) *Mob {
	var best *Mob
	bestD := math.Inf(1)
	for _, m := range w.mobs { // id order
		if d := m.pos.Dist(v); hostileMobs[m.Kind] && d < dist && d < bestD {
			best, bestD = m, d
		}
	}
	return best
}

func (w *World) removeMob(m *Mob) {
	w.mobs = slices.DeleteFunc(w.mobs, func(x *Mob) bool { return x == m })
}

// nearbyMobs lists mobs within dist of v, nearest first (ties by id).
func (w *World) nearbyMobs(v Vec, dist float64) []*Mob {
	var out []*Mob
	for _, m := range w.mobs {
		if m.pos.Dist(v) <= dist {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b *Mob) int {
		da, db := a.pos.Dist(v), b.pos.Dist(v)
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return a.ID - b.ID
	})
	return out
}
