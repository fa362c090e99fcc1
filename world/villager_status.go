package world

import (
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"collabcraft/villager"
)

// VillagerStatus is what an agent's VillagerAgent server answers on
// /post_environment_dict (minecraft_server.py:659-690), the status its
// DataManager reads (VillagerBench.agent_status): {'message': the bot's
// status dict (get_envs_info_dict with entities within 10 blocks, at most
// three of a type, plus its block map, the nearest sign's text and no
// events), 'new_events': [], 'status': True}, as response.json() gives it,
// keys sorted. Nil for an unknown agent.
func (w *World) VillagerStatus(agent string) villager.Dict {
	a := w.byName[agent]
	if a == nil {
		return nil
	}
	if a.vb == nil {
		a.vb = newVillagerBot()
	}
	w.sampleBlocks(a, w.now)
	msg := w.envInfo(a, 10, 3)
	blocks := []any{}
	for _, b := range w.blockMap(a) {
		blocks = append(blocks, b.dict())
	}
	sign := w.signText(a, 10)
	if strings.Contains(sign, "cannot find") {
		sign = ""
	}
	msg = append(msg, villager.KV{Key: "blocks", Value: blocks}, villager.KV{Key: "sign", Value: sign}, villager.KV{Key: "events", Value: []any{}})
	d := villager.Dict{{Key: "message", Value: msg}, {Key: "status", Value: true}, {Key: "new_events", Value: []any{}}}
	return villager.SortKeys(d).(villager.Dict)
}

// VillagerInitState is VillagerBench.get_init_state(): every agent's
// status, in agent order, as DataManager.update_database_init takes it.
func (w *World) VillagerInitState() []villager.Dict {
	out := make([]villager.Dict, len(w.agents))
	for i, a := range w.agents {
		out[i] = w.VillagerStatus(a.Name)
	}
	return out
}

// envInfo is get_envs_info_dict(bot, RENDER_DISTANCE, same_entity_num):
// the bot's status in the order the dict is built (my_name, health, food,
// saturation, oxygen, timeOfDay, equipment, I_held_item, inventory,
// my_position, nearby_entities). Saturation is not modelled: it stays at a
// joining player's 5. Positions are int(v + 0.5), truncated toward zero as
// Python's int() is (a bot standing at y = -60 reports -59).
func (w *World) envInfo(a *Agent, renderDistance float64, sameEntityNum int) villager.Dict {
	held := villager.Dict{}
	if a.held != "" {
		held = villager.Dict{{Key: a.held, Value: a.inv.FirstStack(a.held)}}
	}
	inv := []any{}
	for _, s := range a.inv.Stacks() {
		inv = append(inv, villager.Dict{{Key: s.Item, Value: s.Count}})
	}
	round := func(v Vec) []any {
		return []any{int(math.Trunc(v.X + 0.5)), int(math.Trunc(v.Y + 0.5)), int(math.Trunc(v.Z + 0.5))}
	}
	my := round(a.pos)
	myVec := Vec{float64(my[0].(int)), float64(my[1].(int)), float64(my[2].(int))}
	entities := []any{}
	perType := map[string]int{}
	for _, e := range w.Entities() {
		if e.Username != "" && (e.Username == a.Name || strings.Contains(e.Username, "judge")) {
			continue
		}
		s := villager.Dict{}
		key := e.Name
		if e.Username != "" {
			s = append(s, villager.KV{Key: "other_entity", Value: e.Username})
			key = e.Username
		}
		if e.Pos.Dist(myVec) > renderDistance || w.hidden(a.pos, e.Pos.Block()) {
			continue
		}
		s = append(s, villager.KV{Key: key, Value: round(e.Pos)})
		if o := w.byName[e.Username]; o != nil && o.held != "" {
			s = append(s, villager.KV{Key: "heldItem", Value: o.held})
		}
		if perType[e.Type] >= sameEntityNum {
			continue
		}
		perType[e.Type]++
		entities = append(entities, s)
	}
	return villager.Dict{
		{Key: "my_name", Value: a.Name},
		{Key: "health", Value: villager.Num(a.health)},
		{Key: "food", Value: villager.Num(a.food)},
		{Key: "saturation", Value: 5},
		{Key: "oxygen", Value: 20},
		{Key: "timeOfDay", Value: villagerTimeOfDay(w.TimeOfDay())},
		{Key: "equipment", Value: "hidden"},
		{Key: "I_held_item", Value: held},
		{Key: "inventory", Value: inv},
		{Key: "my_position", Value: my},
		{Key: "nearby_entities", Value: entities},
	}
}

// villagerTimeOfDay is get_envs_info's getTime: bot.time.timeOfDay in
// VillagerAgent's words.
func villagerTimeOfDay(t int64) string {
	switch {
	case t < 1000:
		return "sunrise"
	case t < 3000:
		return "day"
	case t < 9000:
		return "noon"
	case t < 15000:
		return "sunset"
	case t < 18000:
		return "night"
	case t < 23000:
		return "midnight"
	}
	return "sunrise"
}

// villagerBlock is one entry of the bot's block map.
type villagerBlock struct {
	Name string
	Pos  Pos
}

// dict is the entry as BlocksNearby writes it. It has no "facing": the
// world keeps no block states yet.
func (b villagerBlock) dict() villager.Dict {
	return villager.Dict{{Key: "name", Value: b.Name}, {Key: "position", Value: []any{b.Pos.X, b.Pos.Y, b.Pos.Z}}}
}

// blockMap is Bot.get_blocks_nearby: the map's blocks sorted by their
// "x, y, z" key as text.
func (w *World) blockMap(a *Agent) []villagerBlock {
	if a.vb == nil {
		return nil
	}
	keys := make([]string, 0, len(a.vb.blocks))
	for k := range a.vb.blocks {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]villagerBlock, len(keys))
	for i, k := range keys {
		out[i] = a.vb.blocks[k]
	}
	return out
}

// maxSamples caps the sampler rounds one observation catches up on.
const maxSamples = 5

// sampleBlocks brings the bot's block map up to time t. VillagerAgent's
// server samples every second (Bot.update_blocks: BlocksNearby with
// RenderRange 16, at most 10 blocks of a name and 25 in all, half the cells
// drawn at random, nearest shells first); here the map is sampled where
// the bot stands when it is observed (after a tool call, on a status
// query), once per second passed since the last time, up to maxSamples,
// from the world's random stream. An entry stays until its cell is sampled
// again, as on the server.
func (w *World) sampleBlocks(a *Agent, t time.Duration) {
	vb := a.vb
	n := 1
	if vb.sampled {
		n = min(int((t - vb.sampledAt).Seconds()), maxSamples)
	}
	if n <= 0 {
		return
	}
	vb.sampled, vb.sampledAt = true, t
	for range n {
		for _, b := range w.blocksNearby(a.pos) {
			vb.blocks[itoa(b.Pos.X)+", "+itoa(b.Pos.Y)+", "+itoa(b.Pos.Z)] = b
		}
	}
}

// blocksNearby is one round of BlocksNearby(bot, RenderRange=16,
// max_same_block=10, visible_only=False, sample_rate=0.5) around v.
func (w *World) blocksNearby(v Vec) []villagerBlock {
	const maxSame, maxBlocks = 10, 24
	var out []villagerBlock
	same := map[string]int{}
	for _, d := range nearbyOffsets() {
		if w.rng.Float64() > 0.5 {
			continue
		}
		if len(out) > maxBlocks {
			return out
		}
		p := v.Add(float64(d.X), float64(d.Y), float64(d.Z)).Block()
		name := w.blocks.name(p)
		if w.hidden(v, p) {
			continue // another escape room's
		}
		if strings.Contains(name, "air") || isDoor(name) && !w.blocks.doorTop[p] {
			continue // air (and stairs, by the same test); a door's lower half
		}
		if same[name]++; same[name] > maxSame {
			continue
		}
		if strings.Contains(name, "potted") {
			continue // written without a position, so update_blocks skips it
		}
		out = append(out, villagerBlock{strings.Replace(name, "_wall_", "_", 1), p})
	}
	return out
}

// nearbyOffsets are the cells BlocksNearby visits, in its order: for each
// distance total (x+y+z, each taken positive) from 0 while below
// half·√3, the cells of the box (x and z in [-half, half), y in
// [-half/2, half/2)) at that distance, x, then y, then z. (blocksNearby
// walked the whole box for every distance: 13 times the cells, a tenth
// of a DAG cooking trial's CPU.)
var nearbyOffsets = sync.OnceValue(func() []Pos {
	const half = 8
	var out []Pos
	for total := 0; total < int(half*math.Sqrt(3)); total++ {
		for x := -half; x < half; x++ {
			for y := -half / 2; y < half/2; y++ {
				for z := -half; z < half; z++ {
					if abs(x)+abs(y)+abs(z) == total {
						out = append(out, Pos{x, y, z})
					}
				}
			}
		}
	}
	return out
})

var signBlocks = func() []string {
	var out []string
	for _, wall := range []string{"", "wall_"} {
		for _, wood := range []string{"oak", "spruce", "birch", "jungle", "acacia", "dark_oak", "mangrove", "palm", "redwood", "willow"} {
			out = append(out, wood+"_"+wall+"sign")
		}
	}
	return out
}()

// signText is readNearestSign(bot, max_distance): the nearest sign's text,
// or its "cannot find" answer. The world keeps the text of escape rooms'
// hint signs (escape.go); any other sign reads empty.
func (w *World) signText(a *Agent, maxDist float64) string {
	if s, ok := w.escapeNearestSign(a.pos, maxDist); ok {
		return s
	}
	if w.nearestBlock(a.pos, signBlocks, maxDist) != nil {
		return ""
	}
	return "cannot find the specific sign within " + jsNum(maxDist) + " blocks"
}
