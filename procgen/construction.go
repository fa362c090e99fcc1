package procgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"

	"collabcraft/blueprints"

	"golang.org/x/sync/errgroup"
)

// Construction task settings (MineCollab defaults, seed 002 Table 2 and
// section 8).
const (
	DefaultConstructionTrain  = 2000
	DefaultConstructionTest   = 30
	DefaultConstructionDev    = 30
	constructionGeneratorName = "collabcraft/construction"
	constructionGoal          = "Make a house with the blueprint"
	constructionConversation  = openerShare + "house with the blueprint"
	scaffoldDirt              = 128
)

// How blueprint materials are dealt to agents.
const (
	SplitEven   = "even"    // every material split evenly (MINDcraft's default)
	SplitByType = "by-type" // each material to one agent, round robin
)

// ConstructionOptions are Options plus how materials are dealt.
type ConstructionOptions struct {
	Options
	SplitMaterials string // SplitEven (default when "") or SplitByType
	// HeldOut is how many test (and dev) tasks the train split must not
	// repeat a blueprint of; 0 = the default test and dev sizes.
	HeldOut int
}

// ConstructionKnobs are one point of the complexity grid, each 0..2
// (materials up to 4, as MINDcraft's generator allows). RoomCount > 0
// asks for an exact number of rooms instead of the rooms level's.
type ConstructionKnobs struct {
	Materials, Rooms, Windows, Carpets int
	RoomCount                          int
}

// ID is the task id, MINDcraft's
// materials_{m}_rooms_{r}_window_{w}_carpet_{c}_variant_{v}; an exact room
// count shows as rooms_n{N}.
func (k ConstructionKnobs) ID(variant int) string {
	rooms := fmt.Sprint(k.Rooms)
	if k.RoomCount > 0 {
		rooms = fmt.Sprintf("n%d", k.RoomCount)
	}
	return fmt.Sprintf("materials_%d_rooms_%s_window_%d_carpet_%d_variant_%d", k.Materials, rooms, k.Windows, k.Carpets, variant)
}

// roomsLevel is the rooms level that sets the timeout: the knob, or for
// an exact count the level MINDcraft's 4/6/8 rooms would have.
func (k ConstructionKnobs) roomsLevel() int {
	if k.RoomCount > 0 {
		return max(0, (k.RoomCount-3)/2)
	}
	return k.Rooms
}

// ConstructionTimeout is 600 + 300 * rooms level seconds.
func ConstructionTimeout(roomsLevel int) int { return 600 + 300*roomsLevel }

// Variants are numbered across splits so that ids never repeat between
// files: variant v belongs to split splitOrder[v % 3].
var splitOrder = []string{SplitTrain, SplitDev, SplitTest}

// SplitOfVariant is the split a construction variant number belongs to.
func SplitOfVariant(variant int) string { return splitOrder[variant%len(splitOrder)] }

func splitIndex(split string) int { return slices.Index(splitOrder, split) }

// ConstructionSeed is the seed of one task's blueprint. Its low two bits
// are the split's index, so train, dev and test seeds never coincide.
func ConstructionSeed(seed uint64, k ConstructionKnobs, variant int) uint64 {
	s := taskSeed(seed, "construction/"+k.ID(variant))
	s = s&^3 | uint64(variant%len(splitOrder))
	if s < 4 {
		s += 4
	}
	return s
}

// allKnobs is the 81-point grid in MINDcraft's order (materials, rooms,
// windows, carpets).
func allKnobs() []ConstructionKnobs {
	var ks []ConstructionKnobs
	for m := range 3 {
		for r := range 3 {
			for w := range 3 {
				for c := range 3 {
					ks = append(ks, ConstructionKnobs{Materials: m, Rooms: r, Windows: w, Carpets: c})
				}
			}
		}
	}
	return ks
}

// slot is the i-th task of a split: the grid point i % 81 and the split's
// (i / 81)-th variant, so any count of tasks covers the grid evenly and a
// smaller count is a prefix of a larger one.
func slot(split string, i int) (ConstructionKnobs, int) {
	ks := allKnobs()
	return ks[i%len(ks)], (i/len(ks))*len(splitOrder) + splitIndex(split)
}

func (o *ConstructionOptions) normalize() error {
	if err := o.check(SplitTrain, SplitDev, SplitTest); err != nil {
		return err
	}
	switch o.SplitMaterials {
	case "":
		o.SplitMaterials = SplitEven
	case SplitEven, SplitByType:
	default:
		return fmt.Errorf("split-materials must be %q or %q, got %q", SplitEven, SplitByType, o.SplitMaterials)
	}
	if o.HeldOut < 0 {
		return fmt.Errorf("held-out count must not be negative, got %d", o.HeldOut)
	}
	return nil
}

// GenerateConstruction makes construction tasks for one split, spread
// evenly over the 81 knob combinations. Blueprints are never repeated
// within the split, and train (and dev) never repeat a blueprint of the
// held-out test (and dev) tasks: a clash is redrawn with the next seed.
func GenerateConstruction(opts ConstructionOptions) ([]Task, error) {
	if err := opts.normalize(); err != nil {
		return nil, fmt.Errorf("procgen: construction: %w", err)
	}
	n := opts.N
	if n == 0 {
		n = map[string]int{SplitTrain: DefaultConstructionTrain, SplitDev: DefaultConstructionDev, SplitTest: DefaultConstructionTest}[opts.Split]
	}
	// Blueprints of the splits this one must not repeat.
	taken := map[string]bool{}
	var heldOut []string
	switch opts.Split {
	case SplitTrain:
		heldOut = []string{SplitTest, SplitDev}
	case SplitDev:
		heldOut = []string{SplitTest}
	}
	for _, split := range heldOut {
		count := opts.HeldOut
		if count == 0 {
			count = map[string]int{SplitDev: DefaultConstructionDev, SplitTest: DefaultConstructionTest}[split]
		}
		for i := range count {
			k, v := slot(split, i)
			h, _, err := uniqueHouse(opts.Seed, k, v, taken)
			if err != nil {
				return nil, fmt.Errorf("procgen: construction: %s task %s: %w", split, k.ID(v), err)
			}
			taken[h.Blueprint.CanonicalHash()] = true
		}
	}
	// Draw every house in parallel; settle repeats in order, so the result
	// does not depend on the number of workers. A drawn house is kept as
	// its task and hash: the house itself (a grid of every cell) is 2-3
	// times its task's size, and the train split holds 2,000 of them.
	type drawn struct {
		task Task
		hash string
	}
	draw := func(k ConstructionKnobs, v int, seed uint64, h *blueprints.House) (drawn, error) {
		t, err := HouseTask(opts, k, v, seed, h)
		return drawn{t, h.Blueprint.CanonicalHash()}, err
	}
	houses := make([]drawn, n)
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error {
			k, v := slot(opts.Split, i)
			seed := ConstructionSeed(opts.Seed, k, v)
			h, err := blueprints.GenerateHouse(houseOptions(k, seed))
			if err != nil {
				return fmt.Errorf("procgen: construction: task %s: %w", k.ID(v), err)
			}
			houses[i], err = draw(k, v, seed, h)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	tasks := make([]Task, n)
	for i := range houses {
		d := houses[i]
		if taken[d.hash] || seen[d.hash] {
			k, v := slot(opts.Split, i)
			h, seed, err := uniqueHouseFunc(opts.Seed, k, v, func(h string) bool { return taken[h] || seen[h] })
			if err != nil {
				return nil, fmt.Errorf("procgen: construction: task %s: %w", k.ID(v), err)
			}
			if d, err = draw(k, v, seed, h); err != nil {
				return nil, err
			}
		}
		seen[d.hash] = true
		tasks[i] = d.task
		houses[i] = drawn{}
	}
	slices.SortStableFunc(tasks, func(a, b Task) int { return compareConstructionIDs(a.ID, b.ID) })
	return tasks, nil
}

// compareConstructionIDs orders ids by knobs, then variant, numerically.
func compareConstructionIDs(a, b string) int {
	na, nb := idNumbers(a), idNumbers(b)
	if c := slices.Compare(na, nb); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func idNumbers(id string) []int {
	var out []int
	for _, part := range strings.Split(id, "_") {
		var v int
		if _, err := fmt.Sscan(strings.TrimPrefix(part, "n"), &v); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// ConstructionTask makes the one task of a knob combination and variant
// (the split is the variant's, see SplitOfVariant), with the blueprint the
// split file would hold unless that one was redrawn to avoid a repeat.
func ConstructionTask(opts ConstructionOptions, k ConstructionKnobs, variant int) (Task, error) {
	opts.Split = SplitOfVariant(max(variant, 0))
	if variant < 0 {
		return Task{}, fmt.Errorf("procgen: construction: variant must not be negative, got %d", variant)
	}
	if err := opts.normalize(); err != nil {
		return Task{}, fmt.Errorf("procgen: construction: %w", err)
	}
	seed := ConstructionSeed(opts.Seed, k, variant)
	h, err := blueprints.GenerateHouse(houseOptions(k, seed))
	if err != nil {
		return Task{}, fmt.Errorf("procgen: construction: task %s: %w", k.ID(variant), err)
	}
	return HouseTask(opts, k, variant, seed, h)
}

// siteRegionX puts each split's houses on its own strip of the superflat
// world (x offset from MINDcraft's origin), so that no level of one split
// equals a level of another, coordinates included: a model is never tested
// on a floor it was trained to build.
var siteRegionX = map[string]int{SplitTrain: 0, SplitDev: 64, SplitTest: 128}

// houseOptions are the house's knobs, and its site: origin within its
// split's strip and a slab up to a block wider than the rooms need, drawn
// from the seed (whose low bits are the split).
func houseOptions(k ConstructionKnobs, seed uint64) blueprints.HouseOptions {
	o := blueprints.HouseOptions{Materials: k.Materials, Rooms: k.Rooms, Windows: k.Windows, Carpets: k.Carpets, RoomCount: k.RoomCount, Seed: seed}
	rng := rand.New(rand.NewPCG(seed, 0x517e))
	origin := blueprints.DefaultOrigin
	origin[0] += siteRegionX[splitOrder[int(seed&3)%len(splitOrder)]] + rng.IntN(24)
	origin[2] += rng.IntN(33) - 16
	o.Origin = &origin
	o.GridSize = blueprints.SpaceNeeded(o.RoomTotal()) + rng.IntN(2)
	o.Floor = FloorOf(seed)
	return o
}

// FloorOf is the ground slab's block of the house with this seed, drawn
// from a stream of its own, so drawing it leaves the rest of the site as
// it was.
func FloorOf(seed uint64) string {
	floor := rand.New(rand.NewPCG(seed, 0xf1004))
	return blueprints.FloorMaterials[floor.IntN(len(blueprints.FloorMaterials))]
}

func uniqueHouse(base uint64, k ConstructionKnobs, variant int, taken map[string]bool) (*blueprints.House, uint64, error) {
	return uniqueHouseFunc(base, k, variant, func(h string) bool { return taken[h] })
}

// uniqueHouseFunc generates the variant's house, redrawing with derived
// seeds while its blueprint is excluded.
func uniqueHouseFunc(base uint64, k ConstructionKnobs, variant int, excluded func(string) bool) (*blueprints.House, uint64, error) {
	seed := ConstructionSeed(base, k, variant)
	for try := range 100 {
		h, err := blueprints.GenerateHouse(houseOptions(k, seed))
		if err != nil {
			return nil, 0, err
		}
		if !excluded(h.Blueprint.CanonicalHash()) {
			return h, seed, nil
		}
		// Same split bits, new draw.
		seed = ConstructionSeed(seed+uint64(try)+1, k, variant)
	}
	return nil, 0, fmt.Errorf("no new blueprint after 100 draws")
}

// HouseTask wraps a generated house in MINDcraft's construction task for
// the knobs and variant (seed is the house's seed). opts.Split is ignored:
// the variant decides the split.
func HouseTask(opts ConstructionOptions, k ConstructionKnobs, variant int, seed uint64, h *blueprints.House) (Task, error) {
	opts.Split = SplitOfVariant(max(variant, 0))
	if err := opts.normalize(); err != nil {
		return Task{}, fmt.Errorf("procgen: construction: %w", err)
	}
	if err := h.Blueprint.Validate(); err != nil {
		return Task{}, fmt.Errorf("procgen: construction: task %s: %w", k.ID(variant), err)
	}
	raw, err := json.Marshal(h.Blueprint)
	if err != nil {
		return Task{}, fmt.Errorf("procgen: construction: %w", err)
	}
	counts := h.Blueprint.MaterialCounts()
	return Task{
		ID:               k.ID(variant),
		Type:             TypeConstruction,
		Goal:             Goal{Text: constructionGoal},
		Conversation:     constructionConversation,
		AgentCount:       opts.Agents,
		HumanCount:       IntPtr(0),
		InitialInventory: dealMaterials(h.Blueprint, opts.Agents, opts.SplitMaterials),
		Timeout:          ConstructionTimeout(k.roomsLevel()),
		Blueprint:        raw,
		Split:            SplitOfVariant(variant),
		Seed:             seed,
		Difficulty: map[string]any{
			"materials":          k.Materials,
			"rooms":              k.Rooms,
			"windows":            k.Windows,
			"carpets":            k.Carpets,
			"room_count":         len(h.Rooms),
			"levels":             len(h.Blueprint.Levels),
			"blocks":             h.Blueprint.BlockCount(),
			"distinct_materials": len(counts),
			"split_materials":    opts.SplitMaterials,
		},
		Generator: &Generator{Name: constructionGeneratorName, Version: GeneratorVersion},
	}, nil
}

// dealMaterials gives every agent a diamond pickaxe and 128 dirt for
// scaffolding, and deals the blueprint's materials (door halves counted as
// MINDcraft counts them): evenly, the remainder to the first agents, or
// each material whole to one agent in turn, in order of first appearance.
func dealMaterials(b *blueprints.Blueprint, agents int, how string) map[string]map[string]int {
	inv := map[string]map[string]int{}
	for a := range agents {
		inv[agentID(a)] = map[string]int{"diamond_pickaxe": 1}
	}
	counts := b.MaterialCounts()
	for i, name := range b.MaterialOrder() {
		n := counts[name]
		if how == SplitByType {
			inv[agentID(i%agents)][name] += n
			continue
		}
		for a := range agents {
			share := n / agents
			if a < n%agents {
				share++
			}
			if share > 0 {
				inv[agentID(a)][name] += share
			}
		}
	}
	for a := range agents {
		inv[agentID(a)]["dirt"] += scaffoldDirt
	}
	return inv
}

// BlueprintTask wraps any blueprint (say, an imported build) in a
// construction task as MINDcraft's blueprintToTask does: every agent gets a
// diamond pickaxe, axe and shovel (and 128 dirt for scaffolding), the
// materials are dealt as opts.SplitMaterials says, and the timeout is the
// base 600 seconds.
func BlueprintTask(id string, b *blueprints.Blueprint, opts ConstructionOptions) (Task, error) {
	opts.Split = SplitTrain
	if err := opts.normalize(); err != nil {
		return Task{}, fmt.Errorf("procgen: construction: %w", err)
	}
	if err := b.Validate(); err != nil {
		return Task{}, fmt.Errorf("procgen: construction: task %s: %w", id, err)
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return Task{}, fmt.Errorf("procgen: construction: %w", err)
	}
	inv := dealMaterials(b, opts.Agents, opts.SplitMaterials)
	for _, agent := range inv {
		agent["diamond_axe"] = 1
		agent["diamond_shovel"] = 1
	}
	return Task{
		ID:               id,
		Type:             TypeConstruction,
		Goal:             Goal{Text: "Make a structure with the blueprint below"},
		Conversation:     openerShare + "structure with the blueprint",
		AgentCount:       opts.Agents,
		HumanCount:       IntPtr(0),
		InitialInventory: inv,
		Timeout:          ConstructionTimeout(0),
		Blueprint:        raw,
		Difficulty: map[string]any{
			"levels":             len(b.Levels),
			"blocks":             b.BlockCount(),
			"distinct_materials": len(b.MaterialCounts()),
			"split_materials":    opts.SplitMaterials,
		},
		Generator: &Generator{Name: "collabcraft/blueprint-import", Version: GeneratorVersion},
	}, nil
}
