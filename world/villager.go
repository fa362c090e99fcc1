package world

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// VillagerAgent's tools (github.com/cnsdqd-dyb/VillagerAgent at dd1ecc1,
// env/minecraft_client.py) in this world. Each agent of VillagerAgent has a
// Flask server (env/minecraft_server.py) driving a mineflayer bot through
// env/env_api.py; a tool call posts its arguments to one route and returns
// the route's JSON. Tool answers what that server would, through the same
// world operations the MINDcraft commands use (ops.go), in VillagerAgent's
// words, chosen by the conditions its code checks. villagerBot holds what
// the server keeps beside the world.

// VillagerTools lists the tools Tool implements, in VillagerBench's order
// (its families' subsets, start_with_config.py), the escape rooms'
// ToggleAction last (escape_tools.go: it uses their mechanisms).
func VillagerTools() []string {
	return []string{"placeBlock", "fetchContainerContents", "MineBlock", "scanNearbyEntities", "equipItem",
		"navigateTo", "withdrawItem", "dismantleDirtLadder", "erectDirtLadder", "handoverBlock",
		"SmeltingCooking", "craftBlock", "attackTarget", "useItemOnEntity", "ToggleAction"}
}

// Tool runs one VillagerAgent tool call by agent, its arguments already
// validated (villager.ValidateArgs), and returns what the tool function
// returns: the agent server's answer as response.json() gives it (Flask
// sorts the keys: data, message, new_events, status), or the client's own
// short-circuit dict, and how long the call takes. The world changes at
// once; the caller advances the clock. A nil result means the call raised
// in VillagerAgent (a route that fails with an HTTP 500, an argument its
// server cannot use): LangChain's executor then starts its run over.
// VillagerAgent posts a call to the server of its player_name argument, so
// agent is that name; an unknown agent is a KeyError there, nil here.
// Tool panics for a name VillagerTools does not list.
func (w *World) Tool(agent, name string, args villager.Dict) (villager.Dict, time.Duration) {
	a := w.byName[agent]
	if a == nil {
		return nil, 0
	}
	t := villagerTools[name]
	if t == nil {
		panic("world: Tool: no VillagerAgent tool " + name)
	}
	if a.vb == nil {
		a.vb = newVillagerBot()
	}
	c := &vcall{r: &run{w: w, a: a, res: &CommandResult{}}, vb: a.vb, args: args}
	w.thinkBudget = thinkBudget
	w.escapeSync()
	c.r.spend(villagerCallSeconds)
	out := t(c)
	w.afterAction(a)
	d := time.Duration(min(c.r.dur, maxActionSeconds) * float64(time.Second))
	if out != nil {
		w.sampleBlocks(a, w.now+d)
	}
	return out, d
}

// villagerCallSeconds is a call's own cost: the client's two HTTP posts
// (the emotion and murmur first, then the route) and the route's bridge
// calls into mineflayer.
const villagerCallSeconds = 0.1

var villagerTools = map[string]func(*vcall) villager.Dict{
	"placeBlock": (*vcall).placeBlock, "fetchContainerContents": (*vcall).fetchContainerContents,
	"MineBlock": (*vcall).mineBlock, "scanNearbyEntities": (*vcall).scanNearbyEntities,
	"equipItem": (*vcall).equipItem, "navigateTo": (*vcall).navigateTo, "withdrawItem": (*vcall).withdrawItem,
	"dismantleDirtLadder": (*vcall).dismantleDirtLadder, "erectDirtLadder": (*vcall).erectDirtLadder,
	"handoverBlock": (*vcall).handoverBlock, "SmeltingCooking": (*vcall).smeltingCooking,
	"craftBlock": (*vcall).craftBlock, "attackTarget": (*vcall).attackTarget,
	"useItemOnEntity": (*vcall).useItemOnEntity,
	"ToggleAction":    (*vcall).toggleAction, // escape rooms (escape_tools.go)
}

// villagerBot is what an agent's VillagerAgent server keeps beside the
// world (minecraft_server.py's Bot, info_bot).
type villagerBot struct {
	// seen holds every event description add_event ever took: it takes a
	// description once per server life.
	seen map[string]bool
	// pending are the action descriptions the next answer returns
	// (get_action_description_new).
	pending []string
	// blocks is block_map: the blocks its sampler saw, by "x, y, z", kept
	// until the sampler sees the cell again (update_blocks).
	blocks    map[string]villagerBlock
	sampledAt time.Duration
	sampled   bool
	// held is what it last saw each other player hold, for its
	// entityEquipmentChange events.
	held map[string]string
	// creative: /post_attack switches the bot to creative mode, and
	// nothing switches it back.
	creative bool
}

func newVillagerBot() *villagerBot {
	return &villagerBot{seen: map[string]bool{}, blocks: map[string]villagerBlock{}, held: map[string]string{}}
}

// event is add_event for an action description: taken once per server
// life, returned with the next answer.
func (vb *villagerBot) event(desc string) {
	if vb.seen[desc] {
		return
	}
	vb.seen[desc] = true
	vb.pending = append(vb.pending, desc)
}

// Event descriptions the modelled mineflayer events write
// (minecraft_server.py's handlers).
const (
	evWindowOpen  = "I open a container"
	evWindowClose = "I close a container"
)

// vcall is one tool call: the run that walks, spends time and changes the
// world through the shared operations, and the bot's server state.
type vcall struct {
	r    *run
	vb   *villagerBot
	args villager.Dict
}

func (c *vcall) str(key string) string {
	v, _ := c.args.Get(key)
	s, _ := v.(string)
	return s
}

func (c *vcall) int(key string) int {
	v, _ := c.args.Get(key)
	switch n := v.(type) {
	case int:
		return n
	case int64: // a value that came straight from villager.ParseJSON
		return int(n)
	}
	return 0
}

// itemArg is a name argument as the client normalises it before posting:
// item_name.lower().replace(" ", "_").
func (c *vcall) itemArg(key string) string {
	return strings.ReplaceAll(strings.ToLower(c.str(key)), " ", "_")
}

// answer is a route's jsonify({'message', 'status', 'new_events', ...}):
// the new events and the inventory line added, the keys sorted.
func (c *vcall) answer(msg string, ok bool, extra ...villager.KV) villager.Dict {
	d := villager.Dict{{Key: "message", Value: msg}, {Key: "status", Value: ok}, {Key: "new_events", Value: c.newEvents()}}
	d = append(d, extra...)
	return villager.SortKeys(d).(villager.Dict)
}

func data(v any) villager.KV { return villager.KV{Key: "data", Value: v} }

// newEvents is get_action_description_new: the action descriptions taken
// since the last answer, then the inventory line.
func (c *vcall) newEvents() []any {
	w, a := c.r.w, c.r.a
	for _, o := range w.agents { // entityEquipmentChange of the players it sees
		if o == a {
			continue
		}
		if held := o.held; held != c.vb.held[o.Name] {
			c.vb.held[o.Name] = held
			if held != "" {
				c.vb.event(o.Name + " is holding " + held)
			}
		}
	}
	out := make([]any, 0, len(c.vb.pending)+1)
	for _, e := range c.vb.pending {
		out = append(out, e)
	}
	c.vb.pending = nil
	return append(out, w.inventoryLine(a))
}

// inventoryLine is get_bot_inventory_str: each item name with the count of
// its last stack, the held item, and the 5x3x5 blocks around the bot.
func (w *World) inventoryLine(a *Agent) string {
	var names []string
	counts := map[string]int{}
	for _, s := range a.inv.Stacks() {
		if _, ok := counts[s.Item]; !ok {
			names = append(names, s.Item)
		}
		counts[s.Item] = s.Count // a later stack overwrites the count
	}
	var b strings.Builder
	b.WriteString("My inventory: ")
	for _, n := range names {
		b.WriteString(n + ": " + itoa(counts[n]) + " ")
	}
	if a.held != "" {
		b.WriteString("heldItem: " + a.held + " ")
	}
	b.WriteString("Player-Center 5x3x5 Map: \n")
	c := a.pos.Block()
	for i := -2; i <= 2; i++ {
		for k := -2; k <= 2; k++ {
			for j := -1; j <= 1; j++ {
				p := c.Add(i, j, k)
				if name := w.blocks.name(p); name != "air" {
					b.WriteString("[" + name + ":" + itoa(p.X) + " " + itoa(p.Y) + " " + itoa(p.Z) + "] ")
				}
			}
		}
	}
	b.WriteString("\nYou can use scanNearbyEntities to get blocks or entities around you.")
	return b.String()
}

// villagerMoves are the Movements of VillagerAgent's move_to and
// interact_nearest (canDig = False, allow1by1towers = False; bridging with
// dirt or cobblestone stays allowed), following a partial path to a goal
// they cannot reach.
var villagerMoves = moves{noDig: true, noTower: true, partial: true}

// approach walks toward cell p: move_to and interact_nearest set
// GoalNear(p, 0) (or 1), whatever range they then wait for, and the
// pathfinder takes the bot into p, or beside it when nobody can stand
// there or someone stands there, or else to the reachable cell nearest it.
func (c *vcall) approach(p Pos) {
	g := near(p, 0)
	if !c.r.w.standable(p) || c.r.w.occupied(p) && c.r.a.pos.Block() != p {
		g = near(p, 1) // players and mobs push each other apart
	}
	c.r.walk(g, villagerMoves)
}

// dist is VillagerAgent's distanceTo between the bot and a point.
func dist(a *Agent, x, y, z float64) float64 {
	dx, dy, dz := a.pos.X-x, a.pos.Y-y, a.pos.Z-z
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// moveTo is env_api.move_to(RANGE_GOAL=rng, pos): refused past 50 blocks;
// else the bot heads for pos unless already within rng (or a block), and
// fails when it ends farther than rng + 1.5, in words that depend on
// whether pos is air.
func (c *vcall) moveTo(rng, x, y, z float64) (bool, string) {
	a := c.r.a
	target := "position " + pyNum(x) + " " + pyNum(y) + " " + pyNum(z)
	if int(dist(a, x, y, z)) >= 50 {
		return false, "move failed, can not reach " + target + " your pos: " + c.botPos() + ", the position is too far away"
	}
	if d := dist(a, x, y, z); d >= rng && d > 1 {
		c.approach(Vec{x, y, z}.Block())
	}
	if dist(a, x, y, z) >= rng+1.5 {
		if c.r.w.blocks.name(Vec{x, y, z}.Block()) == "air" {
			return false, "move failed, can not reach " + target + ", your pos: " + c.botPos() + ", you need to jump or use dirt block to reach the position"
		}
		return false, "move failed, can not reach " + target + ", your pos: " + c.botPos() + ", the position is blocked, check the environment"
	}
	return true, " move to " + pyNum(x) + " " + pyNum(y) + " " + pyNum(z)
}

// botPos is "{x} {y} {z}" of bot.entity.position as Python prints it.
func (c *vcall) botPos() string {
	p := c.r.a.pos
	return pyNum(p.X) + " " + pyNum(p.Y) + " " + pyNum(p.Z)
}

// pyNum is a JavaScript number as Python prints it (villager.Num).
func pyNum(f float64) string { return villager.Repr(villager.Num(f)) }

// interactWalk is interact_nearest's walk to pos: refused past 20 blocks;
// else one-second waits while the bot heads for it, as many as the whole
// blocks it was away, until within rng. It returns the failure text, or "".
func (c *vcall) interactWalk(name string, pos Vec, rng float64) string {
	a := c.r.a
	steps := int(dist(a, pos.X, pos.Y, pos.Z))
	if steps > 20 {
		return "cannot reach " + name + ", or there is no " + name
	}
	if dist(a, pos.X, pos.Y, pos.Z) > rng && steps > 0 {
		before := c.r.dur
		c.approach(pos.Block())
		waited := math.Max(1, math.Ceil(c.r.dur-before))
		if dist(a, pos.X, pos.Y, pos.Z) > rng {
			waited = float64(steps) // it waits out every step
		}
		c.r.dur = before + waited
	}
	if dist(a, pos.X, pos.Y, pos.Z) > rng {
		return "can not reach " + pyNum(pos.X) + " " + pyNum(pos.Y) + " " + pyNum(pos.Z)
	}
	return ""
}

// villagerNames is the name list VillagerAgent's server corrects names
// with. Its data/mcData.json lists Minecraft 1.19's mobs and projectiles,
// then its "items", which hold the block names too (beetroots, potatoes:
// a crop is found by its block's name); ours lists the same kinds of
// entity for our pinned version, then mcdata's items in their id order,
// then the blocks that are no item.
var villagerNames = sync.OnceValue(func() *villager.Names {
	var items []string
	seen := map[string]bool{}
	for _, it := range mcdata.Items() {
		items = append(items, it.Name)
		seen[it.Name] = true
	}
	for _, b := range mcdata.Blocks() {
		if !seen[b] {
			items = append(items, b)
		}
	}
	return villager.NewNames(entityNames, items)
})

// entityNames are Minecraft 1.21.1's mob, projectile and boat entity names.
var entityNames = []string{
	"allay", "armadillo", "axolotl", "bat", "bee", "blaze", "bogged", "breeze", "camel", "cat", "cave_spider",
	"chicken", "cod", "cow", "creeper", "dolphin", "donkey", "drowned", "elder_guardian", "ender_dragon",
	"enderman", "endermite", "evoker", "fox", "frog", "ghast", "giant", "glow_squid", "goat", "guardian",
	"hoglin", "horse", "husk", "illusioner", "iron_golem", "llama", "magma_cube", "mooshroom", "mule",
	"ocelot", "panda", "parrot", "phantom", "pig", "piglin", "piglin_brute", "pillager", "player",
	"polar_bear", "pufferfish", "rabbit", "ravager", "salmon", "sheep", "shulker", "silverfish", "skeleton",
	"skeleton_horse", "slime", "sniffer", "snow_golem", "spider", "squid", "stray", "strider", "tadpole",
	"trader_llama", "tropical_fish", "turtle", "vex", "villager", "vindicator", "wandering_trader", "warden",
	"witch", "wither", "wither_skeleton", "wolf", "zoglin", "zombie", "zombie_horse", "zombie_villager",
	"zombified_piglin",
	"arrow", "breeze_wind_charge", "dragon_fireball", "egg", "ender_pearl", "experience_bottle", "fireball",
	"firework_rocket", "fishing_bobber", "llama_spit", "potion", "shulker_bullet", "small_fireball",
	"snowball", "spectral_arrow", "trident", "wind_charge", "wither_skull", "boat",
}

// similar is findSimilarName(name)[0], falling back to name itself where
// VillagerAgent's callers do ("" means no match).
func similarOr(name string) string {
	if s := villagerNames().Similar(name); s != "" {
		return s
	}
	return name
}

// entityMatch is get_entity_by's test: the name is the entity's (its
// username, or its kind) or the last "_" part of it, case aside.
func entityMatch(name, of string) bool {
	name, of = strings.ToLower(name), strings.ToLower(of)
	if name == of {
		return true
	}
	parts := strings.Split(of, "_")
	return name == parts[len(parts)-1]
}

// found is an entity get_entity_by returns.
type found struct {
	e   Entity
	mob *Mob
	ag  *Agent
}

// entitiesBy is get_entity_by(qtype, envs_info, name, username=...): the
// world's entities whose username ("username") or kind ("name"; a player's
// is "player") matches name, but the bot itself when self is set, nearest
// first.
func (c *vcall) entitiesBy(byUsername bool, name string, self bool) []found {
	w, a := c.r.w, c.r.a
	var out []found
	for _, ag := range w.agents {
		if self && ag == a {
			continue
		}
		key := "player"
		if byUsername {
			key = ag.Name
		}
		if entityMatch(name, key) {
			out = append(out, found{e: ag.entity(), ag: ag})
		}
	}
	if !byUsername {
		for _, m := range w.mobs {
			if entityMatch(name, m.Kind) {
				out = append(out, found{e: m.entity(), mob: m})
			}
		}
	}
	slices.SortStableFunc(out, func(x, y found) int {
		return cmp.Compare(x.e.Pos.Dist(a.pos), y.e.Pos.Dist(a.pos))
	})
	return out
}

// everything is find_everything_(name, distance): the name it resolved
// and the positions found. A player's username finds that player; else
// the name is corrected (findSimilarName) and an entity kind finds every
// entity of it, a block its nearest block within distance (findBlocks
// returns one).
func (c *vcall) everything(name string, distance float64) (string, []Vec) {
	if name == "everything" || name == "all" || name == "" {
		return "nearby blocks", nil // findSomething("all", 'block') raises; the list stays empty
	}
	nameFind := villagerNames().Similar(name)
	kind := villagerNames().Kind(nameFind)
	if ps := c.entitiesBy(true, name, true); len(ps) > 0 {
		return name, []Vec{ps[0].e.Pos}
	}
	switch kind {
	case "error":
		return "Cannot find anything named " + name, nil
	case "entity":
		var out []Vec
		for _, f := range c.entitiesBy(false, nameFind, true) {
			out = append(out, f.e.Pos)
		}
		return nameFind, out
	}
	if !mcdata.IsBlock(nameFind) {
		return "Cannot find any block named " + name, nil
	}
	if p := c.r.w.nearestBlock(c.r.a.pos, []string{nameFind}, distance); p != nil {
		return nameFind, []Vec{p.Vec()}
	}
	return nameFind, nil
}

// nearest is find_nearest_(name): the nearest of what find_everything_
// finds within 128 blocks, ok false when nothing.
func (c *vcall) nearest(name string) (Vec, bool) {
	_, ps := c.everything(name, 128)
	if len(ps) == 0 {
		return Vec{}, false
	}
	a := c.r.a
	best := ps[0]
	for _, p := range ps[1:] {
		if dist(a, p.X, p.Y, p.Z) < dist(a, best.X, best.Y, best.Z) {
			best = p
		}
	}
	return best, true
}

// countLike is countInventoryItems(bot, name)[1]: the items whose name
// holds name, plus one when the bot holds anything at all.
func countLike(a *Agent, name string) int {
	n := 0
	for _, s := range a.inv.Stacks() {
		if strings.Contains(s.Item, name) {
			n += s.Count
		}
	}
	if a.held != "" {
		n++
	}
	return n
}

// firstLike is the first inventory stack whose name holds name
// (findInventoryItems, equip's search), "" when none.
func firstLike(a *Agent, name string) string {
	for _, s := range a.inv.Stacks() {
		if strings.Contains(s.Item, name) {
			return s.Item
		}
	}
	return ""
}

// equip is env_api.equip(bot, item_name, destination): the name corrected,
// the first stack holding it equipped. Armor goes on when it fits the
// slot (the server refuses anything else, and mineflayer does not notice);
// the off-hand is not modelled, the item stays where it is.
func (c *vcall) equip(item, dest string) (string, bool) {
	a := c.r.a
	item = villagerNames().Similar(strings.ToLower(item))
	if !slices.Contains([]string{"hand", "head", "torso", "legs", "feet", "off-hand"}, dest) {
		return "invalid destination " + dest + ", should be one of ['hand', 'head', 'torso', 'legs', 'feet', 'off-hand']", false
	}
	stack := firstLike(a, item)
	if stack == "" {
		if a.held != item {
			return "I don't have " + item + " in inventory", false
		}
		return "unable to equip " + item, false // bot.equip(None, ...) raises
	}
	switch dest {
	case "hand":
		a.held = stack
	case "head", "torso", "legs", "feet":
		if s := slices.Index([]string{"head", "torso", "legs", "feet"}, dest); armorSlot(stack) == s {
			a.wear(stack, s)
		}
	}
	c.r.spend(equipSeconds)
	return " equip " + item, true
}

// posTuple is str((x, y, z)) of a tool's integer coordinates.
func posTuple(x, y, z int) string { return villager.Repr(villager.Tuple{x, y, z}) }
