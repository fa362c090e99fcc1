package js

import (
	"collabcraft/escape"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"collabcraft/mcdata"
	"collabcraft/world"
)

// install runs the prelude, hardens the intrinsics and puts the API in
// scope: skills, world, Vec3 and log, nothing else. It returns the guards
// the instrumented code is called with (guard.go).
func (e *execution) install() ([]goja.Value, error) {
	vm := e.vm
	f, err := vm.RunProgram(prelude())
	if err != nil {
		return nil, err
	}
	factory, _ := goja.AssertFunction(f)
	hooks := vm.NewObject()
	if err := hooks.Set("jsonDepth", func(call goja.FunctionCall) goja.Value {
		return vm.ToValue(jsonDepth(call.Argument(0).String(), e.limits.Depth))
	}); err != nil {
		return nil, err
	}
	if err := hooks.Set("charge", func(call goja.FunctionCall) goja.Value {
		e.charge(call.Argument(0).ToInteger())
		return goja.Undefined()
	}); err != nil {
		return nil, err
	}
	if err := hooks.Set("charsPerStep", charsPerStep); err != nil {
		return nil, err
	}
	if err := hooks.Set("source", func(call goja.FunctionCall) goja.Value {
		if s, ok := e.sources[call.Argument(0).String()]; ok {
			return vm.ToValue(s)
		}
		return call.Argument(0)
	}); err != nil {
		return nil, err
	}
	out, err := factory(goja.Undefined(), vm.ToValue(e.limits.StringLength), vm.ToValue(e.limits.ArrayLength),
		vm.ToValue(e.limits.Depth), hooks)
	if err != nil {
		return nil, err
	}
	parts := out.ToObject(vm)
	e.vec3 = parts.Get("Vec3").ToObject(vm)
	e.vec3Proto = e.vec3.Get("prototype").ToObject(vm)
	freeze, _ := goja.AssertFunction(vm.GlobalObject().Get("Object").ToObject(vm).Get("freeze"))
	frozen := map[*goja.Object]bool{}
	harden := func(v goja.Value) error { return harden(vm, freeze, frozen, v) }
	guards := []goja.Value{parts.Get("guardStr"), parts.Get("guardTpl"), parts.Get("guardProto"), parts.Get("guardArgs"), parts.Get("guardFail"), vm.ToValue(e.refill),
		goja.Undefined(), vm.ToValue(0)} // the scratch variable; the steps held
	if err := e.guardRegExp(); err != nil {
		return nil, err
	}
	global := vm.GlobalObject()
	// Intrinsics that allocate a whole buffer in one call are left out;
	// model code for Minecraft has no use for them. BigInt arithmetic is
	// one uninterruptible Go call however large its numbers.
	for _, name := range []string{"ArrayBuffer", "SharedArrayBuffer", "DataView", "Int8Array", "Uint8Array",
		"Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array",
		"Float64Array", "BigInt64Array", "BigUint64Array", "BigInt"} {
		if err := global.Delete(name); err != nil {
			return nil, err
		}
	}
	for _, name := range global.GetOwnPropertyNames() {
		if name == "globalThis" { // the global object stays open, as in a compartment
			continue
		}
		if err := harden(global.Get(name)); err != nil {
			return nil, err
		}
	}
	if e.voyager != nil {
		return guards, e.installVoyager(global)
	}
	skills := vm.NewObject()
	for _, name := range skillNames() {
		if err := skills.Set(name, e.async(skillTable[name])); err != nil {
			return nil, err
		}
	}
	logFn := e.sync(func(args []goja.Value) goja.Value {
		e.s.Log(arg(args, 0).String())
		e.checkOutput()
		return goja.Undefined()
	})
	if err := skills.Set("log", logFn); err != nil {
		return nil, err
	}
	worldObj := vm.NewObject()
	for _, name := range worldNames() {
		fn := worldTable[name]
		if err := worldObj.Set(name, e.sync(func(args []goja.Value) goja.Value { return fn(e, args) })); err != nil {
			return nil, err
		}
	}
	for _, o := range []*goja.Object{skills, worldObj} {
		if err := harden(o); err != nil {
			return nil, err
		}
	}
	// In the order of coder.js's compartment endowments, and in a fixed
	// order at all: a program may list the global object's keys.
	endowments := []struct {
		name string
		v    goja.Value
	}{{"skills", skills}, {"log", logFn}, {"world", worldObj}, {"Vec3", e.vec3}}
	for _, g := range endowments {
		if err := global.Set(g.name, g.v); err != nil {
			return nil, err
		}
	}
	return guards, nil
}

// skillNames and worldNames are the API's function names in the order
// install puts them in, sorted once.
var (
	skillNames = sync.OnceValue(func() []string { return slices.Sorted(maps.Keys(skillTable)) })
	worldNames = sync.OnceValue(func() []string { return slices.Sorted(maps.Keys(worldTable)) })
)

// harden freezes an intrinsic, its prototype object and what it inherits
// from, as SES's lockdown leaves them: code cannot change the builtins it
// shares with the API. (A fresh runtime per execution keeps anything
// deeper from outliving one execution.) It is JavaScript's
//
//	for (const x of [o, o.prototype, Object.getPrototypeOf(o)])
//	  if (x is an object or a function) Object.freeze(x);
//
// run from Go: in the prelude its loops were a fifth of making a runtime.
// An object already in frozen is not frozen again: freezing a frozen
// object changes nothing, and these are ordinary objects and functions,
// no proxy whose traps would see the call. (Function.prototype alone is
// the prototype of every constructor.)
func harden(vm *goja.Runtime, freeze goja.Callable, frozen map[*goja.Object]bool, v goja.Value) error {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil
	}
	for _, x := range []goja.Value{o, o.Get("prototype"), o.Prototype()} {
		if x, ok := x.(*goja.Object); ok && x != nil && !frozen[x] {
			if _, err := freeze(goja.Undefined(), x); err != nil {
				return err
			}
			frozen[x] = true
		}
	}
	return nil
}

// count counts one API call and stops the script past the limit.
func (e *execution) count() bool {
	e.calls++
	if e.calls > e.limits.SkillCalls {
		e.interrupt(callsLimitText(e.limits.SkillCalls))
		return false
	}
	return true
}

func (e *execution) checkOutput() {
	if len(e.s.Output()) > e.limits.Output {
		e.interrupt(outputLimitText(e.limits.Output))
	}
}

// sync makes a native function of f, counted against the call limit.
func (e *execution) sync(f func(args []goja.Value) goja.Value) goja.Value {
	return e.vm.ToValue(func(call goja.FunctionCall) goja.Value {
		if !e.count() {
			return goja.Undefined()
		}
		defer e.chargeSearch() // world.isClearPath searches
		return f(call.Arguments)
	})
}

// async makes an async skill: it runs at once and returns a settled
// promise, rejected with what it threw (a JavaScript error, or the
// exception the world's action raised).
func (e *execution) async(skill asyncSkill) goja.Value {
	return e.vm.ToValue(func(call goja.FunctionCall) goja.Value {
		if !e.count() {
			return goja.Undefined()
		}
		p, resolve, reject := e.vm.NewPromise()
		v, thrown := e.protect(skill, call.Arguments)
		e.chargeSearch()
		if exc := e.s.Thrown(); exc != "" && thrown == nil {
			thrown = e.errorFromText(exc)
		}
		if e.s.Duration() > e.limits.SimTime {
			e.interrupt(simLimitText(e.limits.SimTime))
		}
		e.checkOutput()
		if thrown != nil {
			_ = reject(thrown)
		} else {
			_ = resolve(v)
		}
		return e.vm.ToValue(p)
	})
}

// protect runs a skill, turning a JavaScript error it raises into a value;
// anything else (an interrupt, a bug) goes on up.
func (e *execution) protect(skill asyncSkill, args []goja.Value) (v goja.Value, thrown goja.Value) {
	defer func() {
		if r := recover(); r != nil {
			o, ok := r.(*goja.Object)
			if !ok {
				panic(r)
			}
			thrown = o
		}
	}()
	return skill(e, args), nil
}

// jsError makes a new error of a builtin class (Error, TypeError, ...).
func (e *execution) jsError(class, msg string) *goja.Object {
	o, err := e.vm.New(e.vm.Get(class), e.vm.ToValue(msg))
	if err != nil {
		panic(err)
	}
	return o
}

// errorFromText rebuilds an exception the world reports as its
// toString() ("NoPath: No path to the goal!") as an error object.
func (e *execution) errorFromText(text string) goja.Value {
	name, msg, ok := strings.Cut(text, ": ")
	if !ok {
		return e.jsError("Error", text)
	}
	switch name {
	case "TypeError", "RangeError", "ReferenceError", "Error":
		return e.jsError(name, msg)
	}
	o := e.jsError("Error", msg)
	_ = o.Set("name", name)
	return o
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// newVec3 is new Vec3(x, y, z), made as the class's constructor makes it
// (an object of Vec3.prototype given x, y and z in that order) without
// running the constructor: a block list makes thousands.
func (e *execution) newVec3(x, y, z float64) goja.Value {
	o := e.vm.CreateObject(e.vec3Proto)
	_ = o.Set("x", x)
	_ = o.Set("y", y)
	_ = o.Set("z", z)
	return o
}

// block is a mineflayer Block as model code reads it: its own name,
// position and diggable, and getProperties from a prototype that every
// block of the program shares, as mineflayer's blocks share
// Block.prototype.getProperties (prismarine-block's class Block method):
// it reads the block it is called on. A function per block was a quarter
// of a construction trial's allocations; an own property per block was a
// map entry each (the prototype: about 4% of a trial's CPU). The
// prototype is not frozen, as Block.prototype is not, and is the
// execution's own. The closure stays the first in block: its name is the
// function's name.
func (e *execution) block(p world.Pos) goja.Value {
	if e.getProperties == nil {
		e.getProperties = e.vm.ToValue(func(call goja.FunctionCall) goja.Value {
			if isNullish(call.This) {
				panic(e.jsError("TypeError", "Cannot read properties of "+call.This.String()+" (reading 'position')"))
			}
			pos := call.This.ToObject(e.vm).Get("position")
			if isNullish(pos) {
				return e.vm.NewObject()
			}
			po := pos.ToObject(e.vm)
			at, ok := floorCell(po.Get("x"), po.Get("y"), po.Get("z"))
			if !ok {
				return e.vm.NewObject()
			}
			return e.properties(at)
		})
		// A class method: writable, configurable, not enumerable.
		e.blockProto = e.vm.NewObject()
		_ = e.blockProto.DefineDataProperty("getProperties", e.getProperties, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	o := e.vm.CreateObject(e.blockProto)
	name, diggable := e.blockName(e.w.BlockAt(p.X, p.Y, p.Z))
	_ = o.Set("name", name)
	_ = o.Set("position", e.newVec3(float64(p.X), float64(p.Y), float64(p.Z)))
	_ = o.Set("diggable", diggable)
	return o
}

// blockName is a block name as a JavaScript string and whether the block
// can be dug; the last name's answer is kept, since the blocks a query
// returns are mostly of one kind. (A string is a primitive: sharing one
// is not observable.)
func (e *execution) blockName(name string) (goja.Value, goja.Value) {
	if c := &e.lastBlock; c.value != nil && c.name == name {
		return c.value, c.diggable
	}
	b, err := mcdata.LookupBlock(name)
	e.lastBlock = blockName{name, e.vm.ToValue(name), e.vm.ToValue(err == nil && b.Hardness >= 0 && name != "air")}
	return e.lastBlock.value, e.lastBlock.diggable
}

// blockName is the answer blockName keeps.
type blockName struct {
	name            string
	value, diggable goja.Value
}

// properties is Block.getProperties() for the states an escape room's
// mechanisms keep (a lever's powered, a door's open); other blocks'
// states are not kept, and read as none.
func (e *execution) properties(p world.Pos) goja.Value {
	o := e.vm.NewObject()
	b, ok := e.w.EscapeBlockAt(p)
	if !ok {
		return o
	}
	for k, f := range map[string]escape.Flag{"powered": b.Powered, "open": b.Open} {
		if f != escape.Unset {
			_ = o.Set(k, f == escape.True)
		}
	}
	return o
}

// blockAtValue is bot.blockAt(point): the block at the floored point.
func (e *execution) blockAtValue(v goja.Value) goja.Value {
	if isNullish(v) {
		panic(e.jsError("TypeError", "Cannot read properties of "+v.String()+" (reading 'x')"))
	}
	o := v.ToObject(e.vm)
	p, ok := floorCell(o.Get("x"), o.Get("y"), o.Get("z"))
	if !ok || p.Y < world.MinY || p.Y > world.MaxY {
		return goja.Null()
	}
	return e.block(p)
}

func orUndefined(v goja.Value) goja.Value {
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// items is bot.inventory.items(): one object per stack.
func (e *execution) items() goja.Value {
	var out []any
	for _, s := range e.w.Agent(e.agent).Inventory().Stacks() {
		o := e.vm.NewObject()
		_ = o.Set("name", s.Item)
		_ = o.Set("count", s.Count)
		out = append(out, o)
	}
	return e.vm.NewArray(out...)
}

// newBot is the mineflayer bot as model code uses it. Its getters read the
// world as it is at the moment, as mineflayer's live objects do.
func (e *execution) newBot() (goja.Value, error) {
	vm := e.vm
	a := e.w.Agent(e.agent)
	bot := vm.NewObject()
	getter := func(o *goja.Object, name string, f func() goja.Value) error {
		return o.DefineAccessorProperty(name, vm.ToValue(func(goja.FunctionCall) goja.Value { return f() }), nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	inventory := vm.NewObject()
	players := vm.NewObject()
	for _, name := range e.w.Agents() {
		pl := vm.NewObject()
		_ = pl.Set("username", name)
		_ = pl.Set("entity", e.entityObject(e.w.Agent(name).ID))
		_ = players.Set(name, pl)
	}
	entity := e.entityObject(a.ID)
	timeObj := vm.NewObject()
	game := vm.NewObject()
	for _, err := range []error{
		entity.Set("height", 1.8),
		inventory.Set("items", e.sync(func([]goja.Value) goja.Value { return e.items() })),
		getter(timeObj, "timeOfDay", func() goja.Value { return vm.ToValue(e.timeOfDay()) }),
		getter(timeObj, "isDay", func() goja.Value { t := e.timeOfDay(); return vm.ToValue(t < 13000 || t >= 23000) }),
		getter(timeObj, "day", func() goja.Value { return vm.ToValue(int64((e.w.Now()+e.s.Duration()).Seconds()*20) / 24000) }),
		game.Set("gameMode", "survival"),
		game.Set("dimension", "overworld"),
		game.Set("difficulty", "peaceful"),
		bot.Set("username", e.agent),
		bot.Set("entity", entity),
		bot.Set("inventory", inventory),
		bot.Set("players", players),
		bot.Set("time", timeObj),
		bot.Set("game", game),
		bot.Set("interrupt_code", false),
		getter(bot, "health", func() goja.Value { return vm.ToValue(a.Health()) }),
		getter(bot, "food", func() goja.Value { return vm.ToValue(a.Food()) }),
		getter(bot, "heldItem", func() goja.Value {
			if a.Held() == "" {
				return goja.Null()
			}
			o := vm.NewObject()
			_ = o.Set("name", a.Held())
			_ = o.Set("count", a.Inventory().Count(a.Held()))
			return o
		}),
		bot.Set("blockAt", e.sync(func(args []goja.Value) goja.Value {
			return e.blockAtValue(orUndefined(firstArg(args)))
		})),
		bot.Set("chat", e.sync(func(args []goja.Value) goja.Value {
			e.chat = append(e.chat, orUndefined(firstArg(args)).String())
			return goja.Undefined()
		})),
	} {
		if err != nil {
			return nil, err
		}
	}
	if e.voyager != nil { // Voyager's skillLoader adds bot.save
		if err := e.addFindBlock(bot); err != nil {
			return nil, err
		}
		if err := e.addPathfinder(bot); err != nil {
			return nil, err
		}
		if err := bot.Set("save", e.sync(func(args []goja.Value) goja.Value {
			e.save(orUndefined(firstArg(args)).String())
			return goja.Undefined()
		})); err != nil {
			return nil, err
		}
	}
	return bot, nil
}

// entityObject is the entity object of entity id, made on first use: id,
// name, type, username (players), displayName (mobs) and a live position
// that keeps the last one once the entity is gone.
func (e *execution) entityObject(id int) *goja.Object {
	if o := e.entities[id]; o != nil {
		return o
	}
	ent, _ := e.w.Entity(id)
	o := e.vm.NewObject()
	last := ent.Pos
	position := e.vm.ToValue(func(goja.FunctionCall) goja.Value {
		if cur, ok := e.w.Entity(id); ok {
			last = cur.Pos
		}
		return e.newVec3(last.X, last.Y, last.Z)
	})
	_ = o.Set("id", id)
	_ = o.Set("type", ent.Type)
	_ = o.Set("name", ent.Name)
	if ent.Username != "" {
		_ = o.Set("username", ent.Username)
	} else {
		_ = o.Set("displayName", displayName(ent.Name))
	}
	_ = o.DefineAccessorProperty("position", position, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	e.entities[id], e.entityIDs[o] = o, id
	return o
}

// displayName is minecraft-data's display name of a mob: "Cow" for cow.
func displayName(name string) string {
	words := strings.Split(name, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// entityID is the id of an entity object model code passes back, -1 for
// any other value.
func (e *execution) entityID(v goja.Value) int {
	if o, ok := v.(*goja.Object); ok {
		if id, ok := e.entityIDs[o]; ok {
			return id
		}
	}
	return -1
}

// prop is v[name] as JavaScript reads it: reading a property of null or
// undefined throws node's TypeError.
func (e *execution) prop(v goja.Value, name string) goja.Value {
	if v = orUndefined(v); isNullish(v) {
		panic(e.jsError("TypeError", "Cannot read properties of "+v.String()+" (reading '"+name+"')"))
	}
	return orUndefined(v.ToObject(e.vm).Get(name))
}

// position reads v.position.x, .y and .z as numbers.
func (e *execution) position(v goja.Value) world.Vec {
	p := e.prop(v, "position")
	return world.Vec{X: e.prop(p, "x").ToFloat(), Y: e.prop(p, "y").ToFloat(), Z: e.prop(p, "z").ToFloat()}
}

func firstArg(args []goja.Value) goja.Value {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

// timeOfDay is the time of day in ticks at this point of the execution.
func (e *execution) timeOfDay() int64 {
	ticks := e.w.TimeOfDay() + int64(e.s.Duration().Seconds()*20)
	return ticks % 24000
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
