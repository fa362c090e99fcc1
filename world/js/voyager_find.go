package js

import (
	"slices"
	"strconv"
	"sync"

	"github.com/dop251/goja"

	"collabcraft/mcdata"
	"collabcraft/world"
)

// What Voyager's programs use of mineflayer beyond the control primitives
// to look for blocks: mcData.blocksByName / itemsByName ({id, name}, ids
// in minecraft-data's order of names) and bot.findBlock / bot.findBlocks
// with matching as a block id or a list of ids, as exploreUntil's
// callbacks call them ("bot.findBlock({matching:
// mcData.blocksByName.iron_ore.id, maxDistance: 32})").

// blockIDs numbers the blocks and items by name.
var blockIDs = sync.OnceValues(func() (blocks, items []string) {
	blocks = mcdata.Blocks()
	for _, it := range mcdata.Items() {
		items = append(items, it.Name)
	}
	return blocks, items
})

// byName is a read-only object whose property name is {id, name} for a
// known name and undefined otherwise.
type byName struct {
	vm    *goja.Runtime
	names []string // sorted
}

func (b *byName) Get(key string) goja.Value {
	i, ok := slices.BinarySearch(b.names, key)
	if !ok {
		return goja.Undefined()
	}
	o := b.vm.NewObject()
	_ = o.Set("id", i)
	_ = o.Set("name", key)
	return o
}
func (b *byName) Set(string, goja.Value) bool { return false }
func (b *byName) Has(key string) bool         { _, ok := slices.BinarySearch(b.names, key); return ok }
func (b *byName) Delete(string) bool          { return false }
func (b *byName) Keys() []string              { return b.names }

// installMCData puts mcData in scope.
func (e *execution) installMCData(global *goja.Object) error {
	blocks, items := blockIDs()
	mc := e.vm.NewObject()
	for _, err := range []error{
		mc.Set("blocksByName", e.vm.NewDynamicObject(&byName{e.vm, blocks})),
		mc.Set("itemsByName", e.vm.NewDynamicObject(&byName{e.vm, items})),
	} {
		if err != nil {
			return err
		}
	}
	return global.Set("mcData", mc)
}

// addFindBlock puts findBlock and findBlocks on the bot.
func (e *execution) addFindBlock(bot *goja.Object) error {
	for _, err := range []error{
		bot.Set("findBlocks", e.sync(func(args []goja.Value) goja.Value {
			var out []any
			for _, p := range e.findBlocks(firstArg(args), 1) {
				out = append(out, e.newVec3(float64(p.X), float64(p.Y), float64(p.Z)))
			}
			return e.vm.NewArray(out...)
		})),
		bot.Set("findBlock", e.sync(func(args []goja.Value) goja.Value {
			found := e.findBlocks(firstArg(args), 0)
			if len(found) == 0 {
				return goja.Null()
			}
			return e.block(found[0])
		})),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// findBlocks is mineflayer's findBlocks(options): the nearest blocks
// matching within maxDistance (16 by default), count of them (1 by
// default; findBlock asks for one, count 0 here).
func (e *execution) findBlocks(opts goja.Value, defCount int) []world.Pos {
	if isMissing(opts) {
		e.throw("findBlock needs options {matching, maxDistance}")
	}
	blocks, _ := blockIDs()
	var names []string
	add := func(v goja.Value) {
		if _, ok := goja.AssertFunction(v); ok {
			e.throw("findBlock: matching as a function is not supported here; pass block ids (mcData.blocksByName[name].id)")
		}
		id := v.ToInteger()
		if id < 0 || id >= int64(len(blocks)) {
			e.throw("findBlock: no block with id " + v.String())
		}
		names = append(names, blocks[id])
	}
	m := e.prop(opts, "matching")
	if arr, ok := m.Export().([]any); ok {
		for i := range arr {
			add(m.ToObject(e.vm).Get(strconv.Itoa(i)))
		}
	} else {
		add(m)
	}
	dist := 16.0
	if v := e.prop(opts, "maxDistance"); !isMissing(v) {
		dist = v.ToFloat()
	}
	count := max(defCount, 1)
	if v := e.prop(opts, "count"); !isMissing(v) && defCount > 0 {
		count = max(1, int(v.ToInteger()))
	}
	return e.s.NearestBlocks(names, dist, count)
}
