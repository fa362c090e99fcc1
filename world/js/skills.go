package js

import (
	"math"
	"slices"
	"strings"
	"time"

	"github.com/dop251/goja"

	"collabcraft/mcdata"
	"collabcraft/world"
	"collabcraft/world/command"
	"collabcraft/world/texts"
)

// asyncSkill is a skills.* function: an async function of (bot, ...args)
// whose effects are applied when it is called; it returns a settled
// promise, rejected when the skill threw.
type asyncSkill func(e *execution, args []goja.Value) goja.Value

// skillTable lists MINDcraft's skills.js functions by name, all 33 of
// them (log is installed apart: it is synchronous).
var skillTable = map[string]asyncSkill{
	"attackEntity": skillAttackEntity,
	"defendSelf": func(e *execution, args []goja.Value) goja.Value {
		return e.vm.ToValue(e.s.DefendSelf(e.numArg(args, 0, 9)))
	},
	"moveAwayFromEntity": skillMoveAwayFromEntity,
	"avoidEnemies": func(e *execution, args []goja.Value) goja.Value {
		return e.vm.ToValue(e.s.AvoidEnemies(e.numArg(args, 0, 16)))
	},
	"useDoor":              skillUseDoor,
	"tillAndSow":           skillTillAndSow,
	"placeBlock":           skillPlaceBlock,
	"breakBlockAt":         skillBreakBlockAt,
	"goToPosition":         skillGoToPosition,
	"goToNearestBlock":     skillGoToNearestBlock,
	"goToPlayer":           skillGoToPlayer,
	"moveAway":             commandSkill("!moveAway", []param{num(math.NaN())}, always),
	"collectBlock":         skillCollectBlock,
	"craftRecipe":          commandSkill("!craftRecipe", []param{str(""), num(1)}, logged("Successfully crafted", "Not enough ")),
	"smeltItem":            commandSkill("!smeltItem", []param{str(""), num(1)}, logged("Successfully smelted")),
	"clearNearestFurnace":  commandSkill("!clearFurnace", nil, logged("Cleared furnace")),
	"attackNearest":        commandSkill("!attack", []param{str("")}, logged("Successfully killed")),
	"equip":                commandSkill("!equip", []param{str("")}, logged("Equipped ")),
	"discard":              skillDiscard,
	"putInChest":           commandSkill("!putInChest", []param{str(""), all()}, logged("Successfully put ")),
	"takeFromChest":        commandSkill("!takeFromChest", []param{str(""), all()}, logged("Successfully took ")),
	"viewChest":            commandSkill("!viewChest", nil, notLogged(texts.NoChestNearby)),
	"consume":              commandSkill("!consume", []param{str("")}, logged("Consumed ")),
	"giveToPlayer":         skillGiveToPlayer,
	"goToNearestEntity":    commandSkill("!searchForEntity", []param{str(""), skip(), num(64)}, notLogged("Could not find any ")),
	"followPlayer":         skillFollowPlayer,
	"stay":                 skillStay,
	"goToBed":              commandSkill("!goToBed", nil, logged("You have woken up.")),
	"activateNearestBlock": commandSkill("!activate", []param{str("")}, logged("Activated ")),
	"digDown":              commandSkill("!digDown", []param{num(10)}, always),
	"pickupNearbyItems":    skillPickupNearbyItems,
	"wait":                 skillWait,
}

// param converts one argument (after bot) for a command handler; skip
// drops it (a skill parameter the command has not).
type param func(v goja.Value) (command.Value, bool)

func isMissing(v goja.Value) bool { return v == nil || goja.IsUndefined(v) }

func str(def string) param {
	return func(v goja.Value) (command.Value, bool) {
		if isMissing(v) {
			return command.Value{Type: command.String, S: def}, true
		}
		return command.Value{Type: command.String, S: v.String()}, true
	}
}

func num(def float64) param {
	return func(v goja.Value) (command.Value, bool) {
		n := def
		if !isMissing(v) {
			n = v.ToFloat()
		}
		return command.Value{Type: command.Float, N: n}, true
	}
}

// all is a count whose default, -1, means every item.
func all() param {
	return func(v goja.Value) (command.Value, bool) {
		n := -1.0
		if !isMissing(v) {
			n = v.ToFloat()
		}
		if n == -1 {
			n = math.MaxInt32
		}
		return command.Value{Type: command.Int, N: math.Trunc(n)}, true
	}
}

func skip() param { return func(goja.Value) (command.Value, bool) { return command.Value{}, false } }

// A verdict reads a skill's return value off the log lines it wrote: the
// command handlers it shares with the commands report in the log only.
type verdict func(log string) bool

func always(string) bool { return true }

func logged(any ...string) verdict {
	return func(log string) bool {
		for _, s := range any {
			if strings.Contains(log, s) {
				return true
			}
		}
		return false
	}
}

func notLogged(s string) verdict {
	return func(log string) bool { return !strings.Contains(log, s) }
}

// commandSkill is a skill that is exactly one command's handler.
func commandSkill(name string, params []param, ok verdict) asyncSkill {
	return func(e *execution, args []goja.Value) goja.Value {
		var vals []command.Value
		for i, p := range params {
			if v, use := p(arg(args, i)); use {
				vals = append(vals, v)
			}
		}
		before := len(e.s.Output())
		e.s.Command(name, vals...)
		return e.vm.ToValue(ok(e.s.Output()[before:]))
	}
}

// arg is the i-th argument after bot, undefined when missing.
func arg(args []goja.Value, i int) goja.Value {
	if i+1 < len(args) {
		return args[i+1]
	}
	return goja.Undefined()
}

// floorCell is Math.floor of three JS numbers as a block cell; ok is false
// when one is not finite (mineflayer then finds no block).
func floorCell(x, y, z goja.Value) (world.Pos, bool) {
	if x == nil || y == nil || z == nil { // a missing property (Object.Get): undefined, NaN
		return world.Pos{}, false
	}
	fs := [3]float64{x.ToFloat(), y.ToFloat(), z.ToFloat()}
	for _, f := range fs {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<30 {
			return world.Pos{}, false
		}
	}
	return world.Pos{X: int(math.Floor(fs[0])), Y: int(math.Floor(fs[1])), Z: int(math.Floor(fs[2]))}, true
}

func isNullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

var placeOnFaces = map[string]bool{"top": true, "bottom": true, "north": true, "south": true, "east": true, "west": true, "side": true}

func skillPlaceBlock(e *execution, args []goja.Value) goja.Value {
	block := arg(args, 0).String()
	if _, err := mcdata.LookupBlock(block); err != nil && block != "air" {
		e.s.Log("Invalid block type: " + block + ".")
		return e.vm.ToValue(false)
	}
	p, ok := floorCell(arg(args, 1), arg(args, 2), arg(args, 3))
	if block == "air" && !ok {
		e.s.Log("Placing air (removing block) at (NaN, NaN, NaN).")
		return skillBreakBlockAt(e, []goja.Value{goja.Undefined(), arg(args, 1), arg(args, 2), arg(args, 3)})
	}
	if block == "air" {
		return e.vm.ToValue(e.s.PlaceBlock(block, p))
	}
	a := e.w.Agent(e.agent)
	if a.Inventory().Count(block) == 0 {
		e.s.Log(texts.DontHaveToPlace(block))
		return e.vm.ToValue(false)
	}
	if !ok {
		panic(e.jsError("TypeError", "Cannot read properties of null (reading 'name')"))
	}
	placeOn := "bottom"
	if v := arg(args, 4); !isMissing(v) {
		placeOn = v.String()
	}
	if !placeOnFaces[placeOn] && e.w.BlockAt(p.X, p.Y, p.Z) != block {
		e.s.Log(`Unknown placeOn value "` + placeOn + `". Defaulting to bottom.`)
	}
	return e.vm.ToValue(e.s.PlaceBlockState(block, p, PlaceOnState(block, placeOn)))
}

// PlaceOnState is the orientation skills.placeBlock gives block placed
// against side placeOn, as MINDcraft's cheat mode writes it into its
// /setblock (skills.js placeBlock @0012750): the facing is the side turned
// round (north <-> south, east -> west, anything else -> east) for stairs,
// ladders, repeaters and comparators; a torch placed on any side but the
// bottom is its wall variant, facing that way (on "side" or "top" the
// /setblock names none, and Minecraft's default, north, stands); a button
// or lever on a side faces that way, and on the top or bottom keeps the
// default facing (north: the world holds no face property). For ladders,
// wall torches, buttons and levers this is also the facing survival's
// click on the placeOn side gives. A block with an axis (logs, pillars,
// bone and hay blocks) gets axis y, the default state a /setblock naming
// none leaves (and what survival's click on the bottom gives). Every other
// block gets the zero state, as MINDcraft writes nothing for it.
func PlaceOnState(block, placeOn string) mcdata.State {
	face := "east"
	switch placeOn {
	case "north":
		face = "south"
	case "south":
		face = "north"
	case "east":
		face = "west"
	}
	switch {
	case strings.Contains(block, "torch"):
		if placeOn == "bottom" {
			return mcdata.State{}
		}
		if placeOn == "side" || placeOn == "top" {
			face = "north"
		}
	case strings.Contains(block, "button") || block == "lever":
		if placeOn == "top" || placeOn == "bottom" {
			face = "north"
		}
	case block == "ladder" || block == "repeater" || block == "comparator" || strings.Contains(block, "stairs"):
	default:
		if b, err := mcdata.LookupBlock(block); err == nil && slices.Contains(b.Axes, "y") {
			return mcdata.State{Axis: "y"}
		}
		return mcdata.State{}
	}
	return mcdata.State{Facing: face}
}

func skillBreakBlockAt(e *execution, args []goja.Value) goja.Value {
	x, y, z := arg(args, 0), arg(args, 1), arg(args, 2)
	if isNullish(x) || isNullish(y) || isNullish(z) {
		panic(e.jsError("Error", "Invalid position to break block at."))
	}
	p, ok := floorCell(x, y, z)
	if !ok {
		panic(e.jsError("TypeError", "Cannot read properties of null (reading 'name')"))
	}
	return e.vm.ToValue(e.s.BreakBlockAt(p))
}

func skillGoToPosition(e *execution, args []goja.Value) goja.Value {
	x, y, z := arg(args, 0), arg(args, 1), arg(args, 2)
	if isNullish(x) || isNullish(y) || isNullish(z) {
		e.s.Log("Missing coordinates, given x:" + x.String() + " y:" + y.String() + " z:" + z.String())
		return e.vm.ToValue(false)
	}
	if _, ok := floorCell(x, y, z); !ok {
		e.s.Log("Pathfinding stopped: No path to the goal!.")
		return e.vm.ToValue(false)
	}
	minDist, _ := num(2)(arg(args, 3))
	return e.vm.ToValue(e.s.GoToPosition(x.ToFloat(), y.ToFloat(), z.ToFloat(), minDist.N))
}

func skillGoToNearestBlock(e *execution, args []goja.Value) goja.Value {
	block, _ := str("")(arg(args, 0))
	minDist, _ := num(2)(arg(args, 1))
	rng, _ := num(64)(arg(args, 2))
	return e.vm.ToValue(e.s.GoToNearestBlock(block.S, minDist.N, rng.N))
}

func skillGoToPlayer(e *execution, args []goja.Value) goja.Value {
	name, _ := str("")(arg(args, 0))
	dist, _ := num(3)(arg(args, 1))
	e.s.GoToPlayer(name.S, dist.N)
	return goja.Undefined() // it ends without a return statement
}

func skillCollectBlock(e *execution, args []goja.Value) goja.Value {
	n, _ := num(1)(arg(args, 1))
	if n.N < 1 {
		e.s.Log("Invalid number of blocks to collect: " + command.FormatNumber(n.N) + ".")
		return e.vm.ToValue(false)
	}
	return commandSkill("!collectBlocks", []param{str(""), num(1)}, notLogged("Collected 0 "))(e, args)
}

func skillDiscard(e *execution, args []goja.Value) goja.Value {
	item, _ := str("")(arg(args, 0))
	n, _ := num(-1)(arg(args, 1))
	return e.vm.ToValue(e.s.Discard(item.S, int(n.N)))
}

func skillGiveToPlayer(e *execution, args []goja.Value) goja.Value {
	item, _ := str("")(arg(args, 0))
	player, _ := str("")(arg(args, 1))
	n, _ := num(1)(arg(args, 2))
	before := len(e.s.Output())
	e.s.Command("!givePlayer", player, item, n)
	return e.vm.ToValue(texts.SaysReceived(e.s.Output()[before:]))
}

// skillFollowPlayer follows until the code is stopped: in MINDcraft the
// execution then runs into its timeout.
func skillFollowPlayer(e *execution, args []goja.Value) goja.Value {
	name, _ := str("")(arg(args, 0))
	if e.w.Agent(name.S) == nil {
		panic(e.jsError("TypeError", "Cannot read properties of undefined (reading 'entity')"))
	}
	dist, _ := num(4)(arg(args, 1))
	e.s.Command("!followPlayer", name, dist)
	e.s.Spend(e.limits.SimTime)
	return goja.Undefined()
}

func skillStay(e *execution, args []goja.Value) goja.Value {
	secs, _ := num(30)(arg(args, 0))
	if secs.N == -1 {
		e.s.Spend(e.limits.SimTime) // until interrupted
		return goja.Undefined()
	}
	e.s.Command("!stay", command.Value{Type: command.Int, N: math.Trunc(secs.N)})
	return e.vm.ToValue(true)
}

// skillPickupNearbyItems: the world hands drops over at once, so there is
// never an item lying about.
func skillPickupNearbyItems(e *execution, _ []goja.Value) goja.Value {
	e.s.Log("Picked up 0 items.")
	return e.vm.ToValue(true)
}

func skillWait(e *execution, args []goja.Value) goja.Value {
	ms := arg(args, 0).ToFloat()
	if ms > 0 {
		e.s.Spend(secondsDuration(min(ms, float64(e.limits.SimTime.Milliseconds())+1) / 1000))
	}
	return e.vm.ToValue(true)
}

// skillAttackEntity: with kill (the default) it fights until the entity
// is gone and returns true; without, it walks up when farther than 5
// blocks, strikes once and returns undefined (that branch has no return).
func skillAttackEntity(e *execution, args []goja.Value) goja.Value {
	ent := arg(args, 0)
	pos := e.prop(ent, "position")
	kill := true
	if v := arg(args, 1); !isMissing(v) {
		kill = v.ToBoolean()
	}
	id := e.entityID(ent)
	if kill {
		e.s.AttackEntity(id, e.prop(ent, "name").String(), true)
		return e.vm.ToValue(true)
	}
	x, y, z := e.prop(pos, "x"), e.prop(pos, "y"), e.prop(pos, "z")
	me := e.w.Agent(e.agent).Pos()
	if (world.Vec{X: x.ToFloat(), Y: y.ToFloat(), Z: z.ToFloat()}).Dist(me) > 5 {
		skillGoToPosition(e, []goja.Value{goja.Undefined(), x, y, z})
	}
	e.s.AttackEntity(id, "", false)
	return goja.Undefined()
}

// skillMoveAwayFromEntity walks until farther than distance from the
// entity's position (GoalInvert of GoalFollow); it logs nothing.
func skillMoveAwayFromEntity(e *execution, args []goja.Value) goja.Value {
	p := e.position(arg(args, 0))
	dist := e.numArg(args, 1, 16)
	for _, f := range []float64{p.X, p.Y, p.Z, dist} {
		if !finite(f) || math.Abs(f) > 1<<30 {
			// The goal can never be met: the pathfinder thinks until
			// its timeout.
			e.s.Spend(5 * time.Second)
			panic(e.errorFromText("Timeout: Took to long to decide path to goal!"))
		}
	}
	return e.vm.ToValue(e.s.MoveAwayFrom(p, dist))
}

// doorTypes is the list useDoor searches; only its first entry matters,
// since reading .position of the null found for a missing type throws.
var doorTypes = []string{"oak_door", "spruce_door", "birch_door", "jungle_door", "acacia_door", "dark_oak_door",
	"mangrove_door", "cherry_door", "bamboo_door", "crimson_door", "warped_door"}

func skillUseDoor(e *execution, args []goja.Value) goja.Value {
	var v world.Vec
	if dp := arg(args, 0); dp.ToBoolean() {
		v = world.Vec{X: e.prop(dp, "x").ToFloat(), Y: e.prop(dp, "y").ToFloat(), Z: e.prop(dp, "z").ToFloat()}
	} else {
		found := e.s.NearestBlocks(doorTypes[:1], 16, 1)
		if len(found) == 0 {
			panic(e.jsError("TypeError", "Cannot read properties of null (reading 'position')"))
		}
		v = world.Vec{X: float64(found[0].X), Y: float64(found[0].Y), Z: float64(found[0].Z)}
	}
	for _, f := range []float64{v.X, v.Y, v.Z} {
		if !finite(f) || math.Abs(f) > 1<<30 {
			e.s.Spend(time.Second) // the pathfinder finds nothing to walk
			panic(e.jsError("TypeError", "Cannot read properties of null (reading '_properties')"))
		}
	}
	return e.vm.ToValue(e.s.UseDoor(v))
}

// jsRound is Math.round.
func jsRound(f float64) float64 { return math.Floor(f + 0.5) }

func skillTillAndSow(e *execution, args []goja.Value) goja.Value {
	x, y, z := arg(args, 0).ToFloat(), arg(args, 1).ToFloat(), arg(args, 2).ToFloat()
	p, ok := floorCell(e.vm.ToValue(jsRound(x)), e.vm.ToValue(jsRound(y)), e.vm.ToValue(jsRound(z)))
	if !ok || p.Y < world.MinY || p.Y > world.MaxY {
		panic(e.jsError("TypeError", "Cannot read properties of null (reading 'name')"))
	}
	seed := arg(args, 3)
	sow := !isNullish(seed) && seed.ToBoolean()
	if _, isString := seed.Export().(string); sow && !isString {
		// The seed type is first used as a string after tilling.
		if e.s.TillAndSow(p, "", false) {
			panic(e.jsError("TypeError", "seedType.endsWith is not a function"))
		}
		return e.vm.ToValue(false)
	}
	name := ""
	if sow {
		name = seed.String()
	}
	return e.vm.ToValue(e.s.TillAndSow(p, name, sow))
}
