package js

import (
	"context"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"

	"collabcraft/mcdata"
	"collabcraft/world"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// Voyager's control primitives (github:MineDojo/Voyager at 55e45a8,
// voyager/control_primitives/*.js) over our world: the functions a
// Voyager program calls, with the checks, errors and bot.chat lines of
// Voyager's own code. Their effects go through the world's actions (the
// same the MINDcraft skills use); what Voyager's mineflayer does in between
// (pathfinding goals, windows) is the world's business.

// VoyagerState is what Voyager's bot keeps from one program to the next:
// the primitives' failure counts, which index.js sets to 0 once per bot.
type VoyagerState struct {
	CraftItemFails, KillMobFails, MineBlockFails, PlaceItemFails, SmeltItemFails int
}

// VoyagerChest is a chest the program opened or found gone, as Voyager's
// closeChest and removeChest events report it to the nearbyChests
// observation.
type VoyagerChest struct {
	Position string // Vec3's toString: "(1, 64, 2)"
	Items    []world.Slot
	Invalid  bool // removed: no chest at the position
}

// VoyagerResult is one program's execution as Voyager's observation
// reports it.
type VoyagerResult struct {
	Chat   []string // bot.chat lines, in order (onChat events)
	Saved  []string // bot.save events ("oak_log_mined")
	Chests []VoyagerChest
	Error  string // the thrown error's message ("" when the program finished)
	// Duration is the simulated time the program took; the caller
	// advances the world clock by it.
	Duration time.Duration
	// SkillCalls counts the primitives and bot functions called.
	SkillCalls int
}

// ExecuteVoyager runs a Voyager program for agent in w, as Voyager's
// evaluateCode does: programs (the skill library's code), then code (the
// new program and its call, "await main(bot);"), in one async function
// of bot. state carries the failure counts across programs. Its error is
// only for an unknown agent.
func ExecuteVoyager(ctx context.Context, w *world.World, agent, programs, code string, state *VoyagerState, opts Options) (VoyagerResult, error) {
	s, err := w.NewSession(agent)
	if err != nil {
		return VoyagerResult{}, err
	}
	limits := opts.Limits.withDefaults()
	src := "(async (bot) => {" + programs + "\n" + code + "\n})"
	if len(src) > limits.CodeSize {
		return VoyagerResult{Error: codeTooLongText(len(src), limits.CodeSize)}, nil
	}
	ready, refused, perr := instrument(src, limits.Depth, limits.StringLength)
	if refused != "" {
		return VoyagerResult{Error: refused}, nil
	}
	if perr != nil {
		return VoyagerResult{Error: perr.Error()}, nil
	}
	if state == nil {
		state = &VoyagerState{}
	}
	e := newExecution(w, s, agent, opts)
	e.voyager = &voyagerRun{state: state}
	e.sources = ready.sources
	thrown := e.run(ctx, ready)
	res := VoyagerResult{Chat: e.chat, Saved: e.voyager.saved, Chests: e.voyager.chests,
		Duration: s.Duration(), SkillCalls: e.calls}
	if thrown != "" {
		// handleError reports err.message; toString is "Name: message".
		res.Error = thrown
		if msg, ok := strings.CutPrefix(thrown, "Error: "); ok {
			res.Error = msg
		}
	}
	return res, nil
}

// voyagerRun is an execution's Voyager side.
type voyagerRun struct {
	state  *VoyagerState
	saved  []string
	chests []VoyagerChest
}

// voyagerPrimitives are the globals Voyager's programs call.
var voyagerPrimitives = map[string]asyncSkill{
	"mineBlock":            voyagerMineBlock,
	"craftItem":            voyagerCraftItem,
	"smeltItem":            voyagerSmeltItem,
	"placeItem":            voyagerPlaceItem,
	"killMob":              voyagerKillMob,
	"exploreUntil":         voyagerExploreUntil,
	"getItemFromChest":     voyagerGetItemFromChest,
	"depositItemIntoChest": voyagerDepositItemIntoChest,
	"checkItemInsideChest": voyagerCheckItemInsideChest,
}

// installVoyager puts Vec3 and Voyager's primitives in scope.
func (e *execution) installVoyager(global *goja.Object) error {
	if err := global.Set("Vec3", e.vec3); err != nil {
		return err
	}
	if err := e.installMCData(global); err != nil {
		return err
	}
	e.goalKey = goja.NewSymbol("goal")
	if err := e.installGoals(global); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(voyagerPrimitives)) {
		if err := global.Set(name, e.async(voyagerPrimitives[name])); err != nil {
			return err
		}
	}
	return nil
}

func (e *execution) say(text string) { e.chat = append(e.chat, text) }

func (e *execution) throw(msg string) { panic(e.jsError("Error", msg)) }

// fail counts one failure of a primitive; past 10 it throws text.
func (e *execution) fail(count *int, text string) {
	*count++
	if *count > 10 {
		e.throw(text)
	}
}

// stringArg and numberArg are the primitives' typeof checks.
func (e *execution) stringArg(args []goja.Value, i int, text string) string {
	v := arg(args, i)
	if !goja.IsString(v) {
		e.throw(text)
	}
	return v.String()
}

func (e *execution) numberArg(args []goja.Value, i int, def float64, text string) float64 {
	v := arg(args, i)
	if isMissing(v) {
		return def
	}
	if !goja.IsNumber(v) {
		e.throw(text)
	}
	return v.ToFloat()
}

func (e *execution) vec3Arg(v goja.Value) (world.Vec, bool) {
	if isNullish(v) || !e.vm.InstanceOf(v, e.vec3) {
		return world.Vec{}, false
	}
	o := v.ToObject(e.vm)
	num := func(k string) float64 {
		if c := o.Get(k); c != nil { // a deleted coordinate is undefined: NaN
			return c.ToFloat()
		}
		return math.NaN()
	}
	return world.Vec{X: num("x"), Y: num("y"), Z: num("z")}, true
}

// vecText is Vec3's toString: "(x, y, z)" with JavaScript's numbers.
func vecText(v world.Vec) string {
	return "(" + command.FormatNumber(v.X) + ", " + command.FormatNumber(v.Y) + ", " + command.FormatNumber(v.Z) + ")"
}

func cellVec(p world.Pos) world.Vec {
	return world.Vec{X: float64(p.X), Y: float64(p.Y), Z: float64(p.Z)}
}

func (e *execution) me() *world.Agent { return e.w.Agent(e.agent) }

func (e *execution) save(event string) { e.voyager.saved = append(e.voyager.saved, event) }

// mineBlock.js: collect count blocks of name within 32 blocks.
func voyagerMineBlock(e *execution, args []goja.Value) goja.Value {
	name := e.stringArg(args, 0, "name for mineBlock must be a string")
	count := e.numberArg(args, 1, 1, "count for mineBlock must be a number")
	b, err := mcdata.LookupBlock(name)
	if err != nil {
		e.throw("No block named " + name)
	}
	found := e.s.NearestBlocks([]string{name}, 32, 1024)
	if len(found) == 0 {
		e.say("No " + name + " nearby, please explore first")
		e.fail(&e.voyager.state.MineBlockFails, "mineBlock failed too many times, make sure you explore before calling mineBlock")
		return goja.Undefined()
	}
	// mineflayer-collectblock skips a block it has no tool for, with this line.
	if b.RequiresTool && !slices.ContainsFunc(b.HarvestTools, func(t string) bool { return e.me().Inventory().Count(t) > 0 }) {
		e.say("I need at least a " + leastTool(b.HarvestTools) + " to mine " + name + "!  Skip it!")
		e.save(name + "_mined")
		return goja.Undefined()
	}
	if n := int(count); n > 0 {
		e.s.Command("!collectBlocks", command.Value{Type: command.String, S: name}, command.Value{Type: command.Int, N: float64(n)})
	}
	e.save(name + "_mined")
	return goja.Undefined()
}

// leastTool is Object.keys(harvestTools)[0]: the tool of the lowest item
// id, which minecraft-data numbers tier by tier (wooden first).
func leastTool(tools []string) string {
	tiers := []string{"wooden_", "stone_", "golden_", "iron_", "diamond_", "netherite_"}
	rank := func(t string) int {
		for i, p := range tiers {
			if strings.HasPrefix(t, p) {
				return i
			}
		}
		return len(tiers)
	}
	best := ""
	for _, t := range tools {
		if best == "" || rank(t) < rank(best) {
			best = t
		}
	}
	return best
}

// nearBlock is bot.findBlock for the nearest block of name within 32.
func (e *execution) nearBlock(name string) (world.Pos, bool) {
	found := e.s.NearestBlocks([]string{name}, 32, 1)
	if len(found) == 0 {
		return world.Pos{}, false
	}
	return found[0], true
}

// craftItem.js and craftHelper.js's failedCraftFeedback.
func voyagerCraftItem(e *execution, args []goja.Value) goja.Value {
	name := e.stringArg(args, 0, "name for craftItem must be a string")
	count := int(e.numberArg(args, 1, 1, "count for craftItem must be a number"))
	if _, err := mcdata.LookupItem(name); err != nil {
		e.throw("No item named " + name)
	}
	table, hasTable := e.nearBlock("crafting_table")
	if !hasTable {
		e.say("Craft without a crafting table")
	} else {
		e.s.GoToPosition(float64(table.X), float64(table.Y), float64(table.Z), 3)
	}
	usable := slices.DeleteFunc(mcdata.Recipes(name), func(r mcdata.Recipe) bool { return r.NeedsTable && !hasTable })
	inv := e.me().Inventory()
	// recipesFor(item, null, 1, table)[0]: the first recipe the inventory covers once.
	i := slices.IndexFunc(usable, func(r mcdata.Recipe) bool { return crafts(r, inv) >= 1 })
	if i >= 0 {
		e.say("I can make " + name)
		r := usable[i]
		n := min(count, crafts(r, inv))
		if n > 0 {
			e.s.Command("!craftRecipe", command.Value{Type: command.String, S: name}, command.Value{Type: command.Int, N: float64(n)})
		}
		if n == count {
			e.say("I did the recipe for " + name + " " + strconv.Itoa(count) + " times")
		} else {
			e.say("I cannot do the recipe for " + name + " " + strconv.Itoa(count) + " times")
		}
		return goja.Undefined()
	}
	if len(usable) == 0 {
		e.throw("No crafting table nearby")
	}
	// The recipe (of all, as with a table) missing the fewest items.
	all := mcdata.Recipes(name)
	best, fewest := all[0], math.MaxInt
	for _, r := range all {
		missing := 0
		for _, in := range r.Ingredients {
			missing += max(in.Count-inv.Count(in.Item), 0)
		}
		if missing < fewest {
			best, fewest = r, missing
		}
	}
	msg := ""
	for _, item := range best.GridOrder {
		need, have := best.Need(item), inv.Count(item)
		switch {
		case have == 0:
			msg += " " + strconv.Itoa(need) + " more " + item + ", "
		case have < need:
			msg += strconv.Itoa(need-have) + " more " + item
		}
	}
	e.say("I cannot make " + name + " because I need: " + msg)
	e.fail(&e.voyager.state.CraftItemFails, "craftItem failed too many times, check chat log to see what happened")
	return goja.Undefined()
}

// crafts is how many times r can be crafted from inv.
func crafts(r mcdata.Recipe, inv *world.Inventory) int {
	n := math.MaxInt
	for _, in := range r.Ingredients {
		n = min(n, inv.Count(in.Item)/in.Count)
	}
	if n == math.MaxInt {
		return 0
	}
	return n
}

// smeltItem.js.
func voyagerSmeltItem(e *execution, args []goja.Value) goja.Value {
	itemName, fuelName := arg(args, 0), arg(args, 1)
	if !goja.IsString(itemName) || !goja.IsString(fuelName) {
		e.throw("itemName or fuelName for smeltItem must be a string")
	}
	item, fuel := itemName.String(), fuelName.String()
	count := int(e.numberArg(args, 2, 1, "count for smeltItem must be a number"))
	if _, err := mcdata.LookupItem(item); err != nil {
		e.throw("No item named " + item)
	}
	if _, err := mcdata.LookupItem(fuel); err != nil {
		e.throw("No item named " + fuel)
	}
	furnace, ok := e.nearBlock("furnace")
	if !ok {
		e.throw("No furnace nearby")
	}
	e.s.GoToPosition(float64(furnace.X), float64(furnace.Y), float64(furnace.Z), 3)
	inv := e.me().Inventory()
	perItem := mcdata.SmeltSeconds("furnace")
	// The fuel Voyager's loop has put in, in seconds of burning: it adds
	// one more fuel item when less than 15 s are left.
	burning := 0.0
	smelted := 0
	for range count {
		if inv.Count(item) == 0 {
			e.say("No " + item + " to smelt in inventory")
			break
		}
		if burning < 15 {
			if inv.Count(fuel) == 0 {
				e.say("No " + fuel + " as fuel in inventory")
				break
			}
			secs, ok := mcdata.FuelSeconds(fuel)
			if !ok {
				e.throw(fuel + " is not a valid fuel")
			}
			burning += secs
		}
		if _, ok := mcdata.Smelt(item); !ok {
			e.throw(item + " is not a valid input")
		}
		// The world's furnace takes its fuel itself (coal first, then
		// wood), which is fuel here whenever the inventory has no other.
		before := e.s.Output()
		e.s.Command("!smeltItem", command.Value{Type: command.String, S: item}, command.Value{Type: command.Int, N: 1})
		if !texts.IsSmelted(e.s.Output()[len(before):]) {
			break
		}
		burning -= perItem
		smelted++
	}
	if smelted > 0 {
		e.say("Smelted " + strconv.Itoa(smelted) + " " + item + ".")
	} else {
		e.say("Failed to smelt " + item + ", please check the fuel and input.")
		e.fail(&e.voyager.state.SmeltItemFails, "smeltItem failed too many times, please check the fuel and input.")
	}
	return goja.Undefined()
}

// placeItem.js: place name at position, against the first solid face.
func voyagerPlaceItem(e *execution, args []goja.Value) goja.Value {
	name := e.stringArg(args, 0, "name for placeItem must be a string")
	pos, ok := e.vec3Arg(arg(args, 1))
	if !ok {
		e.throw("position for placeItem must be a Vec3")
	}
	if _, err := mcdata.LookupItem(name); err != nil {
		e.throw("No item named " + name)
	}
	inv := e.me().Inventory()
	had := inv.Count(name)
	if had == 0 {
		e.say("No " + name + " in inventory")
		return goja.Undefined()
	}
	cell := world.Pos{X: int(math.Floor(pos.X)), Y: int(math.Floor(pos.Y)), Z: int(math.Floor(pos.Z))}
	found := false
	for _, d := range [][3]int{{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
		ref := cell.Add(-d[0], -d[1], -d[2])
		if b := e.w.BlockAt(ref.X, ref.Y, ref.Z); b != "air" {
			e.say("Placing " + name + " on " + b + " at " + vecText(cellVec(ref)))
			found = true
			break
		}
	}
	if !found {
		e.say("No block to place " + name + " on. You cannot place a floating block.")
		e.fail(&e.voyager.state.PlaceItemFails, "placeItem failed too many times. You cannot place a floating block.")
		return goja.Undefined()
	}
	if err := e.s.PlaceItem(name, cell); err != "" && inv.Count(name) == had {
		e.say("Error placing " + name + ": " + err + ", please find another position to place")
		e.fail(&e.voyager.state.PlaceItemFails, "placeItem failed too many times, please find another position to place.")
		return goja.Undefined()
	}
	e.say("Placed " + name)
	e.save(name + "_placed")
	return goja.Undefined()
}

// killMob.js: the nearest mob of the kind within 48 blocks, killed.
func voyagerKillMob(e *execution, args []goja.Value) goja.Value {
	mob := e.stringArg(args, 0, "mobName for killMob must be a string")
	e.numberArg(args, 1, 300, "timeout for killMob must be a number")
	var target *world.Entity
	for _, ent := range e.nearbyEntities(48) {
		if ent.Name == mob && ent.Pos.Dist(e.me().Pos()) < 48 {
			target = &ent
			break
		}
	}
	if target == nil {
		e.say("No " + mob + " nearby, please explore first")
		e.fail(&e.voyager.state.KillMobFails, "killMob failed too many times, make sure you explore before calling killMob")
		return goja.Undefined()
	}
	e.s.AttackEntity(target.ID, mob, true)
	e.save(mob + "_killed")
	return goja.Undefined()
}

// exploreUntil.js: walk in direction, re-aiming every 2 seconds 10 to 29
// blocks ahead, until callback returns something truthy or maxTime
// seconds (at most 1200) have passed.
func voyagerExploreUntil(e *execution, args []goja.Value) goja.Value {
	dir := arg(args, 0)
	maxTime := e.numberArg(args, 1, 60, "maxTime must be a number")
	callback := func() goja.Value { return e.vm.ToValue(false) }
	if v := arg(args, 2); !isMissing(v) {
		f, ok := goja.AssertFunction(v)
		if !ok {
			e.throw("callback must be a function")
		}
		callback = func() goja.Value {
			r, err := f(goja.Undefined())
			if err != nil {
				if ex, ok := err.(*goja.Exception); ok {
					panic(ex.Value())
				}
				panic(err)
			}
			return r
		}
	}
	if r := callback(); r.ToBoolean() {
		e.say("Explore success.")
		return r
	}
	d := world.Vec{X: e.prop(dir, "x").ToFloat(), Y: e.prop(dir, "y").ToFloat(), Z: e.prop(dir, "z").ToFloat()}
	if d.X == 0 && d.Y == 0 && d.Z == 0 {
		e.throw("direction cannot be 0, 0, 0")
	}
	for _, c := range []float64{d.X, d.Y, d.Z} {
		if c != 0 && c != 1 && c != -1 {
			e.throw("direction must be a Vec3 only with value of -1, 0 or 1")
		}
	}
	limit := time.Duration(min(maxTime, 1200) * float64(time.Second))
	start := e.s.Duration()
	random, _ := goja.AssertFunction(e.vm.Get("Math").ToObject(e.vm).Get("random"))
	ahead := func() float64 {
		r, _ := random(goja.Undefined())
		return math.Floor(r.ToFloat()*20 + 10)
	}
	const walk = 2 * 4.317 // blocks walked in the 2 s between re-aims
	for e.s.Duration()-start+2*time.Second <= limit {
		step := e.s.Duration()
		p := e.me().Pos()
		goal := world.Vec{X: p.X + ahead()*d.X, Y: p.Y + ahead()*d.Y, Z: p.Z + ahead()*d.Z}
		if d.Y == 0 {
			goal.Y = p.Y
		}
		tx, ty, tz := goal.X-p.X, goal.Y-p.Y, goal.Z-p.Z
		if n := math.Sqrt(tx*tx + ty*ty + tz*tz); n > walk {
			tx, ty, tz = tx*walk/n, ty*walk/n, tz*walk/n
		}
		e.s.SteerToward(p.X+tx, p.Y+ty, p.Z+tz, d.Y == 0)
		if spent := e.s.Duration() - step; spent < 2*time.Second {
			e.s.Spend(2*time.Second - spent)
		}
		if r := callback(); r.ToBoolean() {
			e.say("Explore success.")
			return r
		}
	}
	if left := limit - (e.s.Duration() - start); left > 0 {
		e.s.Spend(left)
	}
	e.say("Max exploration time reached")
	return goja.Null()
}

// useChest.js: moveToChest, then the chest's contents reported on close.
func (e *execution) openChest(fn string, v goja.Value) (world.Pos, bool) {
	pos, ok := e.vec3Arg(v)
	if !ok {
		if fn == "getItemFromChest" {
			e.say("chestPosition for getItemFromChest must be a Vec3")
			return world.Pos{}, false
		}
		e.throw("chestPosition for depositItemIntoChest must be a Vec3")
	}
	cell := world.Pos{X: int(math.Floor(pos.X)), Y: int(math.Floor(pos.Y)), Z: int(math.Floor(pos.Z))}
	if b := e.w.BlockAt(cell.X, cell.Y, cell.Z); b != "chest" {
		e.voyager.chests = append(e.voyager.chests, VoyagerChest{Position: vecText(pos), Invalid: true})
		e.throw("No chest at " + vecText(pos) + ", it is " + b)
	}
	e.s.GoToPosition(float64(cell.X), float64(cell.Y), float64(cell.Z), 2)
	return cell, true
}

func (e *execution) closeChest(cell world.Pos) {
	before := e.s.Output()
	e.s.Command("!viewChest")
	out := e.s.Output()[len(before):]
	var items []world.Slot
	counts := texts.ChestItems(out)
	for _, name := range slices.Sorted(maps.Keys(counts)) {
		items = append(items, world.Slot{Item: name, Count: counts[name]})
	}
	e.voyager.chests = append(e.voyager.chests, VoyagerChest{Position: vecText(cellVec(cell)), Items: items})
}

// itemsArg reads an {item: count} object in its key order.
func (e *execution) itemsArg(v goja.Value) ([]string, map[string]int) {
	if isNullish(v) { // for...in over null or undefined runs no iteration
		return nil, nil
	}
	obj := v.ToObject(e.vm)
	keys := obj.Keys()
	counts := map[string]int{}
	for _, k := range keys {
		counts[k] = int(obj.Get(k).ToInteger())
	}
	return keys, counts
}

func voyagerGetItemFromChest(e *execution, args []goja.Value) goja.Value {
	cell, ok := e.openChest("getItemFromChest", arg(args, 0))
	if !ok {
		return goja.Undefined()
	}
	names, counts := e.itemsArg(arg(args, 1))
	for _, name := range names {
		if _, err := mcdata.LookupItem(name); err != nil {
			e.say("No item named " + name)
			continue
		}
		// mineflayer's chest.withdraw takes the count across stacks;
		// the world's command takes from one stack at a time.
		inv := e.me().Inventory()
		left := counts[name]
		for first := true; left > 0; first = false {
			before, had := e.s.Output(), inv.Count(name)
			e.s.Command("!takeFromChest", command.Value{Type: command.String, S: name}, command.Value{Type: command.Int, N: float64(left)})
			out := e.s.Output()[len(before):]
			took := inv.Count(name) - had
			if first && texts.IsNotInChest(out) {
				e.say("I don't see " + name + " in this chest")
				break
			}
			if took <= 0 {
				e.say("Not enough " + name + " in chest.")
				break
			}
			left -= took
		}
	}
	e.closeChest(cell)
	return goja.Undefined()
}

func voyagerDepositItemIntoChest(e *execution, args []goja.Value) goja.Value {
	cell, _ := e.openChest("depositItemIntoChest", arg(args, 0))
	names, counts := e.itemsArg(arg(args, 1))
	inv := e.me().Inventory()
	for _, name := range names {
		if _, err := mcdata.LookupItem(name); err != nil {
			e.say("No item named " + name)
			continue
		}
		if inv.Count(name) == 0 {
			e.say("No " + name + " in inventory")
			continue
		}
		if inv.Count(name) < counts[name] {
			e.say("Not enough " + name + " in inventory.")
			continue
		}
		// mineflayer's chest.deposit puts the count across stacks; the
		// world's command puts one stack at a time.
		for left := counts[name]; left > 0; {
			had := inv.Count(name)
			e.s.Command("!putInChest", command.Value{Type: command.String, S: name}, command.Value{Type: command.Int, N: float64(left)})
			put := had - inv.Count(name)
			if put <= 0 {
				break
			}
			left -= put
		}
	}
	e.closeChest(cell)
	return goja.Undefined()
}

func voyagerCheckItemInsideChest(e *execution, args []goja.Value) goja.Value {
	cell, _ := e.openChest("checkItemInsideChest", arg(args, 0))
	e.closeChest(cell)
	return goja.Undefined()
}
