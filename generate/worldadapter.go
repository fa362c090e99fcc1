package generate

import (
	"math"

	"collabcraft/voyager"
	"context"
	"time"

	"collabcraft/mckitchen"
	"collabcraft/villager"
	"collabcraft/world"
	"collabcraft/world/js"
)

// SimWorld adapts the embedded simulator to World, and to CodeWorld with
// world/js running model-written code. Agent i is the world's i-th agent;
// the world must have been built with the team's names
// (world.Options.AgentNames). seed (the trial's) drives the code's
// Math.random, a stream per execution.
func SimWorld(w *world.World, seed uint64) World {
	return &simWorld{w: w, names: w.Agents(), seed: seed}
}

type simWorld struct {
	w     *world.World
	names []string
	seed  uint64
	runs  uint64 // code executions so far, for their seeds
}

var _ CodeWorld = (*simWorld)(nil)

// ExecuteCode runs one code block in world/js. Its step budget stops
// runaway code at the same point on any machine; its wall time and memory
// limits are backstops, and js enforces the wall time itself, so no
// context is passed.
func (s *simWorld) ExecuteCode(agent int, code string) CodeResult {
	s.runs++
	res, err := js.Execute(context.Background(), s.w, s.names[agent], code, js.Options{Seed: callSeed(s.seed^0xc0de, agent, int(s.runs))})
	if err != nil { // only for an unknown agent name, which SimWorld never passes
		return CodeResult{Kind: CodeThrew, Message: err.Error()}
	}
	kind := map[js.Kind]CodeKind{js.Finished: CodeFinished, js.LintError: CodeLintError, js.Threw: CodeThrew}[res.Kind]
	return CodeResult{Kind: kind, Message: res.Message, Duration: res.Duration}
}

func (s *simWorld) Execute(agent int, response string) world.CommandResult {
	res, err := s.w.Execute(s.names[agent], response)
	if err != nil { // only for an unknown agent name, which SimWorld never passes
		return world.CommandResult{Response: response}
	}
	return res
}

func (s *simWorld) Stats(agent int) string {
	t, _ := s.w.Stats(s.names[agent])
	return t
}

func (s *simWorld) Inventory(agent int) string {
	t, _ := s.w.Inventory(s.names[agent])
	return t
}

func (s *simWorld) CommandDocs(agent int) string { return s.w.Docs(s.names[agent]) }

func (s *simWorld) Score() (float64, bool) { return s.w.Score(), s.w.Success() }

// VBViewHitRate is VillagerBench construction's view hit rate, as its
// judge computes it and with facings.
func (s *simWorld) VBViewHitRate() (vhr, withFacing float64) { return s.w.VBViewHitRate() }

func (s *simWorld) SetTime(t time.Duration) { s.w.AdvanceTo(t) }

// Tool runs one of VillagerAgent's tools for agent i (the DAG
// organisation's ToolWorld).
func (s *simWorld) Tool(agent int, name string, args villager.Dict) (villager.Dict, time.Duration) {
	return s.w.Tool(s.names[agent], name, args)
}

// VillagerStatus is agent i's /post_environment_dict answer.
func (s *simWorld) VillagerStatus(agent int) villager.Dict { return s.w.VillagerStatus(s.names[agent]) }

// KitchenAct runs one of MindAgent's Minecraft kitchen actions for agent i
// (the dispatcher's KitchenWorld).
func (s *simWorld) KitchenAct(agent int, verb, arg string) (string, time.Duration) {
	return s.w.KitchenAct(s.names[agent], verb, arg)
}

// KitchenView is what the kitchen's dispatcher is shown of agent i.
func (s *simWorld) KitchenView(agent int) mckitchen.AgentView { return s.w.KitchenView(s.names[agent]) }

// KitchenFurnace is the kitchen's furnace.
func (s *simWorld) KitchenFurnace() mckitchen.FurnaceView { return s.w.KitchenFurnace() }

// KitchenChest is what the kitchen's chest holds.
func (s *simWorld) KitchenChest() map[string]int { return s.w.KitchenChest() }

// KitchenServe takes a dish out of the chest for an order.
func (s *simWorld) KitchenServe(dish string) bool { return s.w.KitchenServe(dish) }

// VoyagerWorld runs Voyager's programs for an agent and shows Voyager's
// observation of it (the tree organisation's skills, issue 33).
type VoyagerWorld interface {
	World
	// ExecuteVoyager runs a program (world/js ExecuteVoyager) from the
	// world's time; the caller advances the clock by its Duration.
	ExecuteVoyager(agent int, programs, code string, state *js.VoyagerState) js.VoyagerResult
	// VoyagerObservation is the agent as Voyager's mineflayer observes it.
	VoyagerObservation(agent int) voyager.Observation
}

var _ VoyagerWorld = (*simWorld)(nil)

// ChestSeen is a chest a program opened or found gone, as Voyager's
// chest memory takes it (update_chest_memory).
func ChestSeen(c js.VoyagerChest) voyager.ChestSeen {
	if c.Invalid {
		return voyager.ChestSeen{Invalid: true}
	}
	s := voyager.ChestSeen{Items: []voyager.Item{}}
	for _, it := range c.Items {
		s.Items = append(s.Items, voyager.Item{Name: it.Item, Count: it.Count})
	}
	return s
}

func (s *simWorld) ExecuteVoyager(agent int, programs, code string, state *js.VoyagerState) js.VoyagerResult {
	s.runs++
	res, err := js.ExecuteVoyager(context.Background(), s.w, s.names[agent], programs, code, state, js.Options{Seed: callSeed(s.seed^0xc0de, agent, int(s.runs))})
	if err != nil { // only for an unknown agent name, which SimWorld never passes
		return js.VoyagerResult{Error: err.Error()}
	}
	return res
}

// VoyagerObservation is status.js, voxels.js and inventory.js's
// observation: the blocks within 8, 2, 8 of the agent (first seen first,
// as a JavaScript Set), the mobs within 32 (each kind at its nearest), the
// equipment slots (armour is not simulated: only the main hand shows).
func (s *simWorld) VoyagerObservation(agent int) voyager.Observation {
	a := s.w.Agent(s.names[agent])
	p := a.Pos()
	o := voyager.Observation{Biome: s.w.Biome(), TimeOfDay: voyagerTime(s.w.TimeOfDay()), Health: a.Health(), Food: a.Food(),
		X: p.X, Y: p.Y, Z: p.Z, Equipment: []string{"", "", "", "", a.Held(), ""}}
	seen := map[string]bool{}
	for x := -8; x <= 8; x++ {
		for y := -2; y <= 2; y++ {
			for z := -8; z <= 8; z++ {
				b := s.w.BlockAt(int(math.Floor(p.X))+x, int(math.Floor(p.Y))+y, int(math.Floor(p.Z))+z)
				if b != "air" && b != "" && !seen[b] {
					seen[b] = true
					o.Voxels = append(o.Voxels, b)
				}
			}
		}
	}
	near := map[string]int{}
	for _, e := range s.w.Entities() {
		if e.Type == "player" {
			continue
		}
		d := math.Sqrt((e.Pos.X-p.X)*(e.Pos.X-p.X) + (e.Pos.Y-p.Y)*(e.Pos.Y-p.Y) + (e.Pos.Z-p.Z)*(e.Pos.Z-p.Z))
		if d >= 32 {
			continue
		}
		if i, ok := near[e.Name]; ok {
			o.Entities[i].Distance = min(o.Entities[i].Distance, d)
			continue
		}
		near[e.Name] = len(o.Entities)
		o.Entities = append(o.Entities, voyager.Entity{Name: e.Name, Distance: d})
	}
	names, counts := a.Inventory().Counts()
	for _, n := range names {
		o.Inventory = append(o.Inventory, voyager.Item{Name: n, Count: counts[n]})
	}
	o.InventoryUsed = len(a.Inventory().Stacks())
	return o
}

// voyagerTime is status.js's getTime.
func voyagerTime(t int64) string {
	switch {
	case t < 1000:
		return "sunrise"
	case t < 6000:
		return "day"
	case t < 12000:
		return "noon"
	case t < 13000:
		return "sunset"
	case t < 18000:
		return "night"
	case t < 22000:
		return "midnight"
	}
	return "sunrise"
}

// GaveUp is S-Agents' rule on the world's progress watch (world.GaveUp):
// more than attempts planning iterations and no rise of the score for
// over 40 minutes.
func (s *simWorld) GaveUp(attempts int) bool { return s.w.GaveUp(attempts) }

// HandoverWorld is a world with a chest where work is handed over
// (Co-Voyager's arena, the queue organisation's): where it is, what it
// holds, and the blocks beside it.
type HandoverWorld interface {
	VoyagerWorld
	// HandoverChest is the chest's cell; ok is false without one.
	HandoverChest() (x, y, z int, ok bool)
	// ChestCounts is what the chest at the cell holds, by item.
	ChestCounts(x, y, z int) map[string]int
	// BlockAt is the block at a cell.
	BlockAt(x, y, z int) string
}

var _ HandoverWorld = (*simWorld)(nil)

func (s *simWorld) HandoverChest() (x, y, z int, ok bool) {
	p, ok := s.w.HandoverChest()
	return p.X, p.Y, p.Z, ok
}

func (s *simWorld) ChestCounts(x, y, z int) map[string]int {
	return s.w.ChestCounts(world.Pos{X: x, Y: y, Z: z})
}

func (s *simWorld) BlockAt(x, y, z int) string { return s.w.BlockAt(x, y, z) }
