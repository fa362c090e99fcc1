package world

import (
	"math"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/villager"
	"collabcraft/villagerbench"
)

// The tools, each the route its tool function posts to (minecraft_server.py)
// and the env_api.py function that route calls, line for line where the
// outcome depends on it. Line numbers are dd1ecc1's.

// navigateTo posts to /post_move_to_pos, which calls move_to with ranges 3,
// 2 and 1 and answers the second (minecraft_server.py:429-442).
func (c *vcall) navigateTo() villager.Dict {
	x, y, z := float64(c.int("x")), float64(c.int("y")), float64(c.int("z"))
	c.moveTo(3, x, y, z)
	ok, msg := c.moveTo(2, x, y, z)
	c.moveTo(1, x, y, z)
	return c.answer(msg, ok)
}

// mineBlock posts to /post_dig: dig_at (env_api.py:1597-1625) walks within
// 2, checks the block against dig_item.json (diggable, and the held item
// among its harvest tools when it has any) and digs with the held item.
func (c *vcall) mineBlock() villager.Dict {
	x, y, z := c.int("x"), c.int("y"), c.int("z")
	pos := posTuple(x, y, z)
	if ok, _ := c.moveTo(2, float64(x), float64(y), float64(z)); !ok {
		return c.answer("dig failed, cannot reach to "+pos, false)
	}
	p := Pos{x, y, z}
	name := c.r.w.blocks.name(p)
	if ok, why := digCheck(name, c.r.a.held); !ok {
		return c.answer("cannot dig "+name+" at position"+pos+", because "+why, false)
	}
	c.r.mine(p, c.r.a.held, !c.vb.creative)
	return c.answer(" dig at "+pos, true)
}

// digCheck is dig_check: dig_item.json holds, for Minecraft's blocks,
// whether they can be dug and with which harvest tools; ours is mcdata's
// blocks (diggable: breakable and not a fluid or air; tools: the harvest
// tools of a block that needs one).
func digCheck(name, held string) (bool, string) {
	const cannot, tool = "this block cannot dig", "you need to hold a tool to dig this block, tools can be built by crafting table or try find it in chest"
	b, err := mcdata.LookupBlock(name)
	if err != nil || b.Hardness < 0 || strings.HasSuffix(name, "air") || name == "water" || name == "lava" {
		return false, cannot
	}
	if b.RequiresTool && len(b.HarvestTools) > 0 && !slices.Contains(b.HarvestTools, held) {
		return false, tool
	}
	return true, "this block can dig"
}

// placeBlock posts to /post_place (minecraft_server.py:512-570): facing
// normalised, then place_block_op (env_api.py:1031-1174) checks the cell,
// the item and a reference block for the facing, walks within 1.4, and the
// route /setblocks the block with its facing or axis and /clears one item.
func (c *vcall) placeBlock() villager.Dict {
	item, facing := c.itemArg("item_name"), c.str("facing")
	x, y, z := c.int("x"), c.int("y"), c.int("z")
	if strings.Contains(item, "minecart") || strings.Contains(item, "seeds") || strings.Contains(item, "saddle") {
		return c.answer("can not place "+item+" --> try useItemOnEntity", false)
	}
	switch l := strings.ToLower(facing); l {
	case "default":
		facing = "A"
	case "up", "down":
		facing = "y"
	case "north", "south", "west", "east":
		facing = strings.ToUpper(l[:1])
	}
	if !slices.Contains([]string{"x", "y", "z", "W", "E", "S", "N", "A"}, facing) {
		return c.answer("facing is one of [W, E, S, N, x, y, z, A]", false)
	}
	ok, msg := c.placeOp(item, Pos{x, y, z}, facing)
	a := c.r.a
	if ok {
		if mcdata.IsBlock(item) { // a /setblock of anything else fails
			c.r.put(item, Pos{x, y, z}, villagerbench.Facing(facing).State()) // and /clear @s item 1
		} else {
			a.inv.Remove(item, 1)
			a.fixHeld()
		}
		if dist(a, float64(x), float64(y), float64(z)) < 1.4 {
			c.r.spend(0.3) // it jumps
		}
	}
	return c.answer(msg, ok)
}

// placeOp is place_block_op.
func (c *vcall) placeOp(item string, p Pos, axis string) (bool, string) {
	w, a := c.r.w, c.r.a
	at := w.blocks.name(p)
	switch {
	case at == item:
		return true, "the block is  placed there"
	case at == "dirt":
		// bot.dig: the server lets it dig within reach; farther the dirt
		// stays, for the /setblock to replace.
		if a.pos.Dist(p.Vec()) <= reach {
			c.r.mine(p, a.held, !c.vb.creative)
		}
	case at != "air" && at != "water":
		return false, "can not place it now, the position is occupied by " + at + ", do you need to mine it first?"
	}
	if a.held != item {
		if _, ok := c.equip(item, "hand"); !ok {
			return false, "can not place block without " + item + " in hand, you need to interact chest or your inventory to get item first."
		}
	}
	air := func(q Pos) bool { return w.blocks.name(q) == "air" }
	hasRef := false
	for _, d := range [][3]int{{0, -1, 0}, {0, 1, 0}, {-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}} {
		if !air(p.Add(d[0], d[1], d[2])) {
			hasRef = true
			break
		}
	}
	ref := func(q Pos) string { return itoa(q.X) + " " + itoa(q.Y) + " " + itoa(q.Z) }
	tail := ". Consider placing blocks from the nearest solid block to create a support structure."
	switch axis {
	case "N", "S", "W", "E":
		o := map[string][3]int{"N": {0, 0, 1}, "S": {0, 0, -1}, "W": {1, 0, 0}, "E": {-1, 0, 0}}[axis]
		if q := p.Add(o[0], o[1], o[2]); air(q) {
			return false, "cannot place the block at this position facing " + axis + ", no reference block at " + ref(q) + ", " + w.solidHint(q) + tail
		}
	case "y":
		ground := p.Y
		for air(Pos{p.X, ground - 1, p.Z}) && ground-1 >= MinY {
			ground--
		}
		up, down := p.Add(0, 1, 0), p.Add(0, -1, 0)
		hasRef = !air(up) || !air(down)
		if !hasRef {
			return false, "cannot place the block at this position facing y, no reference block at " + ref(up) + " or " + ref(down) +
				". The ground block is at " + itoa(p.X) + " " + itoa(ground-1) + " " + itoa(p.Z) + ", " + w.solidHint(down) + tail
		}
	case "x", "z":
		d := [3]int{1, 0, 0}
		if axis == "z" {
			d = [3]int{0, 0, 1}
		}
		plus, minus := p.Add(d[0], d[1], d[2]), p.Add(-d[0], -d[1], -d[2])
		hasRef = !air(plus) || !air(minus)
		if !hasRef {
			return false, "cannot place the block at this position facing " + axis + ", no reference block at " + ref(plus) + " or " + ref(minus) + ", " + w.solidHint(plus) + tail
		}
	}
	if !hasRef {
		ground := p.Y
		for air(Pos{p.X, ground - 1, p.Z}) && ground-1 >= MinY {
			ground--
		}
		return false, "cannot place the block at this position, no reference block can be found, the ground block is at " +
			itoa(p.X) + " " + itoa(ground-1) + " " + itoa(p.Z) + ", " + w.solidHint(p.Add(0, -1, 0)) + tail
	}
	a.held = "" // bot.unequip("hand")
	c.moveTo(1.4, float64(p.X), float64(p.Y), float64(p.Z))
	if d := dist(a, float64(p.X), float64(p.Y), float64(p.Z)); d > 2*1.4 {
		return false, "can not reach the position, the distance is " + villager.Repr(d)
	}
	return true, "place " + item + " at " + itoa(p.X) + " " + itoa(p.Y) + " " + itoa(p.Z)
}

// solidHint is find_nearest_solid_block's hint (env_api.py:923-1029): a
// breadth-first search from start, up, down, east, west, north, south,
// within 3 blocks, for the nearest block that is not air.
func (w *World) solidHint(start Pos) string {
	type node struct {
		p    Pos
		path [][3]int
	}
	dirs := [][3]int{{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}}
	const maxRange = 3
	cheb := func(q Pos) int { return max(abs(q.X-start.X), abs(q.Y-start.Y), abs(q.Z-start.Z)) }
	queue := []node{{start, nil}}
	visited := map[Pos]bool{start: true}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cheb(cur.p) > maxRange {
			continue
		}
		if w.blocks.name(cur.p) != "air" {
			dirHint := ""
			if len(cur.path) > 0 {
				dirHint = " " + directionHint(cur.path)
			}
			var back []any
			for _, d := range cur.path {
				back = append(back, villager.Tuple{cur.p.X - d[0], cur.p.Y - d[1], cur.p.Z - d[2]})
			}
			s := ""
			if len(cur.path) > 1 {
				s = "s"
			}
			if back == nil {
				back = []any{}
			}
			return "Found nearest solid block at (" + itoa(cur.p.X) + ", " + itoa(cur.p.Y) + ", " + itoa(cur.p.Z) + ")" + dirHint + ".\n" +
				"Need to place " + itoa(len(cur.path)) + " block" + s + " (" + villager.Repr(back) + ") to connect to the target position"
		}
		for _, d := range dirs {
			q := cur.p.Add(d[0], d[1], d[2])
			if !visited[q] && cheb(q) <= maxRange {
				visited[q] = true
				queue = append(queue, node{q, append(slices.Clip(cur.path), d)})
			}
		}
	}
	return "No solid blocks found within 3 blocks range"
}

// directionHint is get_direction_hint: the net direction of a path, with
// VillagerAgent's names (+z is its "north").
func directionHint(path [][3]int) string {
	var dx, dy, dz int
	for _, d := range path {
		dx, dy, dz = dx+d[0], dy+d[1], dz+d[2]
	}
	var hints []string
	pick := func(v int, pos, neg string) {
		if v > 0 {
			hints = append(hints, pos)
		} else if v < 0 {
			hints = append(hints, neg)
		}
	}
	pick(dx, "east", "west")
	pick(dy, "up", "down")
	pick(dz, "north", "south")
	switch len(hints) {
	case 0:
		return ""
	case 1:
		return "towards " + hints[0]
	}
	return "towards " + strings.Join(hints[:len(hints)-1], ", ") + " and " + hints[len(hints)-1]
}

// scanNearbyEntities posts to /post_find (minecraft_server.py:309-384): a
// random step (randint(-4, 4) on x and z, from the world's stream), the
// radius kept within 16..32, then find_everything_.
func (c *vcall) scanNearbyEntities() villager.Dict {
	w, a := c.r.w, c.r.a
	name := c.itemArg("item_name")
	rx, rz := w.rng.IntN(9)-4, w.rng.IntN(9)-4
	c.moveTo(3, a.pos.X+float64(rx), a.pos.Y, a.pos.Z+float64(rz))
	distance := math.Min(32, math.Max(16, float64(c.int("radius"))))
	if name == "" {
		return c.answer("can not find anything match '', environment: "+c.environmentText(), false, data([]any{}))
	}
	got, ps := c.everything(name, distance)
	type cell struct{ x, y, z int }
	var seen []cell
	var posData []any
	msg := ""
	for _, p := range ps {
		k := cell{int(math.Floor(p.X + .5)), int(math.Floor(p.Y + .5)), int(math.Floor(p.Z + .5))}
		if slices.Contains(seen, k) {
			continue
		}
		seen = append(seen, k)
		msg += "at " + itoa(k.x) + " " + itoa(k.y) + " " + itoa(k.z) + ","
		posData = append(posData, villager.Dict{{Key: "x", Value: k.x}, {Key: "y", Value: k.y}, {Key: "z", Value: k.z}})
	}
	c.r.spend(0.5)
	if len(seen) > 0 {
		return c.answer("I found "+got+" "+msg, true, data(posData))
	}
	msg = "I can't find anything named " + got
	if a.held != "" && a.held == name {
		msg += " But I have " + name + " in inventory."
	}
	return c.answer(msg, false, data([]any{}))
}

// environmentText is /post_find's text for an empty name: the bot's
// status dict as Python prints it (get_envs_info2str, entities within 16),
// its block map and the nearest sign's text.
func (c *vcall) environmentText() string {
	w, a := c.r.w, c.r.a
	msg := strings.ReplaceAll(villager.Repr(w.envInfo(a, 16, 3)), "},", "},\n")
	for _, b := range w.blockMap(a) {
		msg += b.Name + " at " + villager.Pos1(float64(b.Pos.X), float64(b.Pos.Y), float64(b.Pos.Z)) + "\n"
	}
	// readNearestSign's answer is never empty: with no sign within 16 it
	// is the "cannot find" text, which this route prints as the hint.
	msg += "the sign nearby said: " + w.signText(a, 16)
	for _, s := range w.escapeRoomTexts(a) {
		msg += "the env in the room: " + s // an escape room's state, near its centre
	}
	return msg
}

// equipItem posts to /post_equip (minecraft_server.py:584-614).
func (c *vcall) equipItem() villager.Dict {
	a := c.r.a
	slot, item := c.str("slot"), c.itemArg("item_name")
	if slot == "mainhand" {
		slot = "hand"
	}
	if a.held != "" && slot == "hand" && (a.held == item || a.held == strings.ReplaceAll(item, " ", "_")) {
		return c.answer(a.Name+" already has "+item+" in hand", true)
	}
	if firstLike(a, item) == "" {
		return c.answer("I don't have "+item+" in my inventory", false, data([]any{}))
	}
	msg, ok := c.equip(item, slot)
	return c.answer(msg, ok, data([]any{}))
}

// fetchContainerContents checks its item_name client-side, walks to a
// position given (as navigateTo, answering its failure as is), then posts
// to /post_open (minecraft_server.py:864-880).
func (c *vcall) fetchContainerContents() villager.Dict {
	item := c.str("item_name")
	if !slices.Contains([]string{"chest", "inventory", "furnace", "container"}, item) {
		return villager.Dict{{Key: "data", Value: []any{}}, {Key: "message", Value: `Failed item name not in ["chest", "inventory", "furnace", "container"]`}, {Key: "status", Value: false}}
	}
	v, _ := c.args.Get("position")
	pos, _ := v.([]any)
	if len(pos) > 0 && !zeroPosition(pos) {
		if len(pos) < 3 {
			return nil // position[2]: IndexError
		}
		var xyz [3]float64
		for i := range xyz {
			f, ok := number(pos[i])
			if !ok {
				return nil // the route's arithmetic on it raises: HTTP 500
			}
			xyz[i] = f
		}
		c.moveTo(3, xyz[0], xyz[1], xyz[2])
		ok, msg := c.moveTo(2, xyz[0], xyz[1], xyz[2])
		c.moveTo(1, xyz[0], xyz[1], xyz[2])
		if res := c.answer(msg, ok); !ok {
			return res
		}
	}
	if item == "inventory" {
		return c.answer("opened the inventory", true, data(stackData(c.r.a.inv.Stacks())))
	}
	msg, ok, d := c.interact(item, nil, 1, nil)
	if msg == "" {
		return nil
	}
	return c.answer(msg, ok, data(d))
}

// zeroPosition is Python's position == [0, 0, 0].
func zeroPosition(pos []any) bool {
	if len(pos) != 3 {
		return false
	}
	for _, v := range pos {
		if f, ok := number(v); !ok || f != 0 {
			return false
		}
	}
	return true
}

// number is a JSON value Python can do arithmetic with as a coordinate.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, !math.IsNaN(v) && !math.IsInf(v, 0)
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func stackData(stacks []Slot) []any {
	out := []any{}
	for _, s := range stacks {
		out = append(out, villager.Dict{{Key: "name", Value: s.Item}, {Key: "count", Value: s.Count}})
	}
	return out
}

// withdrawItem posts to /post_get (minecraft_server.py:709-725):
// interact_nearest with a negative count.
func (c *vcall) withdrawItem() villager.Dict {
	n := c.int("item_count")
	if n < 0 {
		n = -n
	}
	get := c.itemArg("item_name")
	msg, ok, d := c.interact(c.itemArg("from_name"), &get, -n, nil)
	if msg == "" {
		return nil
	}
	return c.answer(msg, ok, data(d))
}

// smeltingCooking posts to /post_smelt (minecraft_server.py:739-751):
// interact_nearest at a furnace, with the fuel name as typed.
func (c *vcall) smeltingCooking() villager.Dict {
	get, fuel := c.itemArg("item_name"), c.str("fuel_item_name")
	msg, ok, d := c.interact("furnace", &get, c.int("item_count"), &fuel)
	if msg == "" {
		return nil
	}
	return c.answer(msg, ok, data(d))
}

// craftBlock posts to /post_craft (minecraft_server.py:752-764):
// interact_nearest at a crafting table.
func (c *vcall) craftBlock() villager.Dict {
	get := c.itemArg("item_name")
	msg, ok, d := c.interact("crafting_table", &get, c.int("count"), nil)
	if msg == "" {
		return nil
	}
	return c.answer(msg, ok, data(d))
}

// attackCreatures is attack's list of what it will attack.
var attackCreatures = []string{"rabbit", "bat", "sheep", "cat", "chicken", "wolf", "cod", "cow", "fox", "pig", "horse",
	"turtle", "parrot", "panda", "blaze", "cave_spider", "creeper", "drowned", "elder_guardian", "ender_dragon",
	"enderman", "endermite", "evoker", "ghast", "guardian", "hoglin", "husk", "illusioner", "magma_cube", "phantom",
	"piglin", "piglin_brute", "pillager", "ravager", "shulker", "silverfish", "skeleton", "slime", "spider", "stray",
	"vex", "vindicator", "witch", "wither", "wither_skeleton", "zoglin", "zombie", "zombie_villager", "zombified_piglin"}

var shootingWeapons = []string{"bow", "crossbow", "snowball", "ender_pearl", "egg", "splash_potion", "trident"}

// attackSpell is how long /post_attack lets mineflayer-pvp fight.
const attackSpell = 10.0

// attackTarget posts to /post_attack (minecraft_server.py:571-583), which
// first switches the bot to creative mode, then attack (env_api.py:
// 1626-1756): the nearest entity of the name, ten seconds of pvp with the
// held item (a bow or the like only starts hawkEye, stopped at once).
func (c *vcall) attackTarget() villager.Dict {
	a := c.r.a
	c.vb.creative = true
	name := c.itemArg("target_name")
	fs := c.entitiesBy(false, name, true)
	if len(fs) == 0 {
		return c.answer("did not find "+name+" nearby", false)
	}
	f := fs[0]
	creature := f.e.Name // a player's is "player"
	if !slices.Contains(attackCreatures, creature) {
		return c.answer("cannot attack "+creature+", it is not in the attack list", false)
	}
	held := a.held
	if held != "" && slices.Contains(shootingWeapons, held) {
		c.r.spend(0.1)
		return c.answer(" used "+held+" and tried attack "+creature+" for 5 sec", true)
	}
	m := f.mob
	start := c.r.dur
	c.r.walk(near(m.pos.Block(), 2), villagerMoves)
	if left := attackSpell - (c.r.dur - start); left > 0 && m.pos.Dist(a.pos) < reach {
		dmg := weaponDamage(held)
		blows := min(int(left/attackSeconds), blowsToKill(m.health, dmg))
		if blows > 0 {
			c.vb.event("The " + displayName(m.Kind) + " got hurt!")
		}
		c.r.hitMob(m, dmg, blows)
	}
	c.r.dur = start + attackSpell
	if held == "" {
		return c.answer(" attack "+creature, true)
	}
	return c.answer("held "+held+" and tried attack "+creature+" for 5 sec", true)
}

// displayName is minecraft-data's display name of an entity: its words
// capitalised.
func displayName(kind string) string {
	words := strings.Split(kind, "_")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// useItemOnEntity posts to /post_use_on: useOnNearest (env_api.py:
// 2334-2386) equips the item, uses it on a block of that name in the bot's
// block map (but shears and saddles), else on the nearest entity of the
// name. Shears shear a sheep, a bucket milks a cow, a saddle saddles a pig,
// an animal's breeding food is fed to it; other uses change nothing here.
func (c *vcall) useItemOnEntity() villager.Dict {
	w, a := c.r.w, c.r.a
	item, name := c.itemArg("item_name"), c.str("entity_name")
	if msg, ok := c.equip(item, "hand"); !ok && a.held != item {
		return c.answer(msg, false)
	}
	if item != "shears" && item != "saddle" {
		for _, b := range w.blockMap(a) {
			if b.Name == name {
				c.walkWithin(b.Pos.Vec(), 3, 2)
				c.r.spend(activateSeconds)
				return c.answer(" use "+item+" on "+name, true)
			}
		}
	}
	fs := c.entitiesBy(false, name, true)
	if len(fs) == 0 {
		return c.answer("entity cannot be found nearby", false)
	}
	f := fs[0]
	c.walkWithin(f.e.Pos, 3, 2)
	c.r.spend(activateSeconds)
	if f.mob != nil && f.mob.pos.Dist(a.pos) < reach {
		c.useOn(a.held, f.mob)
	}
	if item == "bucket" || item == "saddle" || strings.Contains(item, "bucket") {
		c.r.spend(1)
		if a.held == item {
			return c.answer(" use "+item+" on "+name+" failed or the entity confused.", false)
		}
	}
	return c.answer(" use "+item+" on "+name, true)
}

// walkWithin is useOnNearest's walk: move_to(range) when farther than far.
func (c *vcall) walkWithin(p Vec, far, rng float64) {
	if dist(c.r.a, p.X, p.Y, p.Z) > far {
		c.moveTo(rng, p.X, p.Y, p.Z)
	}
}

// breedingFood is what each animal of the world eats from a player's hand.
var breedingFood = map[string][]string{
	"cow": {"wheat"}, "mooshroom": {"wheat"}, "sheep": {"wheat"}, "goat": {"wheat"},
	"pig": {"carrot", "potato", "beetroot"}, "chicken": {"wheat_seeds", "beetroot_seeds", "melon_seeds", "pumpkin_seeds", "torchflower_seeds", "pitcher_pod"},
	"rabbit": {"carrot", "golden_carrot", "dandelion"}, "horse": {"golden_apple", "golden_carrot"}, "llama": {"hay_block"},
}

// useOn is a player's use of the held item on mob m, as the server
// applies it.
func (c *vcall) useOn(held string, m *Mob) { c.r.useHeldOn(held, m, c.vb.creative) }

// handoverBlock posts to /post_hand (minecraft_server.py:385-414): the bot
// walks within 2 of the target, checks both players and its own count,
// then /clear's the items from itself and /give's the count to the target.
func (c *vcall) handoverBlock() villager.Dict {
	w, a := c.r.w, c.r.a
	from, target, item, n := c.str("player_name"), c.str("target_player_name"), c.itemArg("item_name"), c.int("item_count")
	pos, ok := c.nearest(target)
	if !ok {
		return c.answer("can not find anything named "+target+" nearby", false)
	}
	if ok, msg := c.moveTo(2, pos.X, pos.Y, pos.Z); !ok {
		return c.answer(msg, false)
	}
	to := c.entitiesBy(true, target, false)
	if len(to) == 0 {
		return c.answer(target+" is not valid", false)
	}
	if len(c.entitiesBy(true, from, false)) == 0 {
		return c.answer(from+" is not valid", false)
	}
	if countLike(a, item) < n && (a.held == "" || a.held != item) {
		return c.answer(from+" don't have enough "+item+" in inventory", false)
	}
	giver := w.byName[from] // /clear {from}: the player named, this bot's own name
	receiver := to[0].ag
	if mcdata.IsItem(item) && n > 0 {
		taken, _ := giveItems(giver, receiver, item, n) // what does not fit drops at the receiver's feet
		receiver.inv.Add(item, n-taken)                 // /give gives the count asked, whatever /clear took
	}
	c.r.spend(1.2)
	return c.answer("give "+item+" from "+from+" to "+target, true)
}

// erectDirtLadder posts to /post_erect (minecraft_server.py:219-277): a
// pillar of dirt from the ground up to just below the top, with ladders on
// the free sides, by /setblock.
func (c *vcall) erectDirtLadder() villager.Dict {
	w, a := c.r.w, c.r.a
	tx, ty, tz, end, done := c.ladderTop()
	if done {
		return end
	}
	if w.blocks.name(Vec{tx, ty, tz}.Block()) != "air" {
		return c.answer("the top is not air", false)
	}
	if ty != math.Trunc(ty) {
		return nil // range(top_y, -64, -1) raises on a float
	}
	top := int(ty)
	bottom := top
	for y := top; y > -64; y-- {
		if w.blocks.name(Vec{tx, float64(y), tz}.Block()) != "air" {
			bottom = y
			break
		}
	}
	need := top - bottom
	dirt, ladder := countLike(a, "dirt"), countLike(a, "ladder")
	switch {
	case dirt < need && ladder < need:
		return c.answer("Don't have enough dirt and ladder in inventory, have "+itoa(dirt)+", need "+itoa(need)+", have "+itoa(ladder)+", need "+itoa(need), false)
	case dirt < need:
		return c.answer("Don't have enough dirt in inventory, have "+itoa(dirt)+", need "+itoa(need), false)
	case ladder < need:
		return c.answer("Don't have enough ladder in inventory, have "+itoa(ladder)+", need "+itoa(need), false)
	}
	c.moveTo(3, tx, float64(bottom), tz+5)
	// /setblock takes whole coordinates: with a fractional x or z nothing
	// is placed, though the items are still cleared.
	whole := tx == math.Trunc(tx) && tz == math.Trunc(tz)
	x, z := int(math.Floor(tx)), int(math.Floor(tz))
	setIfAir := func(p Pos, block string) {
		if w.blocks.name(p) == "air" && whole {
			w.setBlock(p, block)
		}
	}
	for y := bottom; y < top; y++ {
		setIfAir(Pos{x, y, z}, "dirt")
		setIfAir(Pos{x + 1, y, z}, "ladder") // facing east
		setIfAir(Pos{x - 1, y, z}, "ladder") // facing west
		setIfAir(Pos{x, y, z + 1}, "ladder") // facing south
		if w.blocks.name(Pos{x, y, z - 1}) == "air" {
			setIfAir(Pos{x, y, z - 1}, "ladder") // facing north
			// The route clears one dirt and one ladder only here (its
			// /clear lines sit inside this test).
			a.inv.Remove("dirt", 1)
			a.inv.Remove("ladder", 1)
			a.fixHeld()
		}
		c.moveTo(3, tx, float64(y), tz+1)
		c.r.spend(0.1)
	}
	return c.answer("erect success", true)
}

// ladderTop reads the ladder tools' untyped top_x, top_y, top_z (a number
// each, a bool being one in Python, or the route's arithmetic raises) and
// makes both routes' first check, a top within 32 blocks. With done set,
// the call ends with end (nil: it raised).
func (c *vcall) ladderTop() (x, y, z float64, end villager.Dict, done bool) {
	var v [3]float64
	for i, k := range []string{"top_x", "top_y", "top_z"} {
		raw, _ := c.args.Get(k)
		f, ok := number(raw)
		if !ok {
			return 0, 0, 0, nil, true
		}
		v[i] = f
	}
	if dist(c.r.a, v[0], v[1], v[2]) > 32 {
		return 0, 0, 0, c.answer("the distance is too far", false), true
	}
	return v[0], v[1], v[2], nil, false
}

// dismantleBottom is the y /post_dismantle digs down to (exclusive).
const dismantleBottom = -59

// dismantleDirtLadder posts to /post_dismantle (minecraft_server.py:
// 278-308): every dirt block from the top down to y = -58 in the column is
// set to air and given back. The ladders on a removed dirt block lose
// their support and drop; the bot, standing by, picks them up.
func (c *vcall) dismantleDirtLadder() villager.Dict {
	w, a := c.r.w, c.r.a
	tx, ty, tz, end, done := c.ladderTop()
	if done {
		return end
	}
	if w.blocks.name(Vec{tx, ty, tz}.Block()) == "air" && w.blocks.name(Vec{tx, ty - 1, tz}.Block()) == "air" {
		return c.answer("the top is air", false)
	}
	if ty != math.Trunc(ty) {
		return nil // range(top_y, -59, -1) raises on a float
	}
	whole := tx == math.Trunc(tx) && tz == math.Trunc(tz)
	x, z := int(math.Floor(tx)), int(math.Floor(tz))
	for y := int(ty); y > dismantleBottom; y-- {
		p := Pos{x, y, z}
		if w.blocks.name(p) == "dirt" {
			if whole {
				w.setBlock(p, "air")
				for _, q := range []Pos{p.Add(1, 0, 0), p.Add(-1, 0, 0), p.Add(0, 0, 1), p.Add(0, 0, -1)} {
					if w.blocks.name(q) == "ladder" {
						w.setBlock(q, "air")
						a.inv.Add("ladder", 1)
					}
				}
			}
			a.inv.Add("dirt", 1) // /give @s dirt 1
		}
		c.moveTo(3, tx, float64(y), tz+1)
		c.r.spend(0.1)
	}
	return c.answer("dismantle success", true)
}
