package js

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestGoVec3IsNewVec3: the positions the API makes in Go (world.getPosition,
// a block's position) are what new Vec3 makes: the same prototype, the same
// own properties in the same order with the same attributes, the same
// methods and text.
func TestGoVec3IsNewVec3(t *testing.T) {
	w := testWorld(t)
	code := `const shape = (v) => [Object.getPrototypeOf(v) === Vec3.prototype, v instanceof Vec3, Object.isExtensible(v),
    JSON.stringify(Object.getOwnPropertyNames(v).map(k => [k, Object.getOwnPropertyDescriptor(v, k)])),
    String(v), v.offset(1, 2, 3).toString(), v.floored().equals(v)].join(' ');
const p = world.getPosition(bot);
const b = world.getNearestBlocks(bot, 'stone', 8)[0].position;
log(bot, shape(p) + '\n' + shape(new Vec3(p.x, p.y, p.z)));
log(bot, shape(b) + '\n' + shape(new Vec3(b.x, b.y, b.z)));
await skills.wait(bot, 1);`
	res := run(t, w, code)
	lines := strings.Split(strings.TrimSpace(res.Log), "\n")
	if len(lines) < 4 || lines[0] != lines[1] || lines[2] != lines[3] || !strings.HasPrefix(lines[0], "true true true [[\"x\"") {
		t.Fatalf("Go-made and script-made Vec3s differ:\n%s", res.Log)
	}
}

// TestBlockObjectShape: a block object, as world.getNearestBlocks,
// world.getNearestBlock and bot.blockAt make it, is what it was before its
// name and diggable were kept per block name: own properties in order with
// their attributes, its position a Vec3, its getProperties function (name,
// length, text). getProperties is not the block's own but its prototype's,
// one shared by every block of the program, a method as mineflayer's is:
// prismarine-block (index.js at 4ef6c9e, v1.22.0, line 279) defines
// getProperties () in class Block, so it lives on Block.prototype,
// non-enumerable, and reads the block it is called on (this), and
// b1.getProperties === b2.getProperties. The expected lines were printed by
// the code before the change, but for that prototype.
func TestBlockObjectShape(t *testing.T) {
	w := testWorld(t)
	code := `const d = (o) => JSON.stringify(Reflect.ownKeys(o).map(k => [String(k), Object.getOwnPropertyDescriptor(o, k)]));
const shape = (b) => [Object.getPrototypeOf(Object.getPrototypeOf(b)) === Object.prototype, d(Object.getPrototypeOf(b)), Object.isExtensible(b), Object.isFrozen(b), d(b),
  Object.getPrototypeOf(b.position) === Vec3.prototype, d(b.position), String(b.position),
  typeof b.getProperties, Object.getPrototypeOf(b.getProperties) === Function.prototype, Object.isExtensible(b.getProperties),
  d(b.getProperties), String(b.getProperties), JSON.stringify(b.getProperties()), JSON.stringify(b),
  Object.isFrozen(Object.prototype), Object.isFrozen(Vec3.prototype), Object.isFrozen(Vec3)].join(' | ');
const bs = world.getNearestBlocks(bot, 'stone', 8);
log(bot, shape(bs[0]));
const proto = Object.getPrototypeOf(bs[0]);
log(bot, [bs[0].getProperties === bs[1].getProperties, Object.getPrototypeOf(bs[1]) === proto, !Object.hasOwn(bs[0], 'getProperties'),
  Object.keys(bs[0]).join(), Object.getPrototypeOf(bot.blockAt(bot.entity.position)) === proto, bs.length].join(' '));
log(bot, shape(world.getNearestBlock(bot, 'stone', 8)));
log(bot, shape(bot.blockAt(bot.entity.position.offset(0, -1, 0))));
await skills.wait(bot, 1);`
	stone := `true | [["getProperties",{"writable":true,"enumerable":false,"configurable":true}]] | true | false | [["name",{"value":"stone","writable":true,"enumerable":true,"configurable":true}],["position",{"value":{"x":96,"y":61,"z":-1888},"writable":true,"enumerable":true,"configurable":true}],["diggable",{"value":true,"writable":true,"enumerable":true,"configurable":true}]] | true | [["x",{"value":96,"writable":true,"enumerable":true,"configurable":true}],["y",{"value":61,"writable":true,"enumerable":true,"configurable":true}],["z",{"value":-1888,"writable":true,"enumerable":true,"configurable":true}]] | (96, 61, -1888) | function | true | true | [["length",{"value":0,"writable":false,"enumerable":false,"configurable":true}],["name",{"value":"collabcraft/world/js.(*execution).block.func1","writable":false,"enumerable":false,"configurable":true}]] | function collabcraft/world/js.(*execution).block.func1() { [native code] } | {} | {"name":"stone","position":{"x":96,"y":61,"z":-1888},"diggable":true} | true | false | false`
	want := []string{stone, "true true true name,position,diggable true 320", stone, `true | [["getProperties",{"writable":true,"enumerable":false,"configurable":true}]] | true | false | [["name",{"value":"grass_block","writable":true,"enumerable":true,"configurable":true}],["position",{"value":{"x":96,"y":63,"z":-1888},"writable":true,"enumerable":true,"configurable":true}],["diggable",{"value":true,"writable":true,"enumerable":true,"configurable":true}]] | true | [["x",{"value":96,"writable":true,"enumerable":true,"configurable":true}],["y",{"value":63,"writable":true,"enumerable":true,"configurable":true}],["z",{"value":-1888,"writable":true,"enumerable":true,"configurable":true}]] | (96, 63, -1888) | function | true | true | [["length",{"value":0,"writable":false,"enumerable":false,"configurable":true}],["name",{"value":"collabcraft/world/js.(*execution).block.func1","writable":false,"enumerable":false,"configurable":true}]] | function collabcraft/world/js.(*execution).block.func1() { [native code] } | {} | {"name":"grass_block","position":{"x":96,"y":63,"z":-1888},"diggable":true} | true | false | false`}
	lines := strings.Split(strings.TrimSpace(run(t, w, code).Log), "\n")
	if len(lines) < len(want) {
		t.Fatalf("log:\n%s", strings.Join(lines, "\n"))
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], w)
		}
	}
}

// TestBlockPrototypeIsTheExecutions: the blocks' prototype is open, as
// mineflayer's Block.prototype is, but each execution has its own: what a
// program adds to it or replaces in it, no later program sees.
func TestBlockPrototypeIsTheExecutions(t *testing.T) {
	w := testWorld(t)
	code := `const b = world.getNearestBlock(bot, 'stone', 8);
const proto = Object.getPrototypeOf(b);
log(bot, [typeof proto.planted, Object.keys(proto).length, JSON.stringify(b.getProperties())].join(' '));
proto.planted = 1;
proto.getProperties = () => ({planted: true});
log(bot, [proto.planted, JSON.stringify(world.getNearestBlock(bot, 'stone', 8).getProperties())].join(' '));
await skills.wait(bot, 1);`
	first := strings.Split(strings.TrimSpace(run(t, w, code).Log), "\n")
	second := strings.Split(strings.TrimSpace(run(t, w, code).Log), "\n")
	want := []string{"undefined 0 {}", `1 {"planted":true}`}
	for _, lines := range [][]string{first, second} {
		if len(lines) < 2 || lines[0] != want[0] || lines[1] != want[1] {
			t.Fatalf("log:\n%s\nwant the lines\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestBlockPositionsMatchWorld: every block of a large query (over a
// thousand, 81 values of x and of z) holds its own cell, in the world's
// order, as integers, each position the Vec3 new Vec3 makes of it: what a
// cheaper way of making block objects (shared numbers, positions made
// in bulk) must keep.
func TestBlockPositionsMatchWorld(t *testing.T) {
	w := testWorld(t)
	s, err := w.NewSession("Andy_0")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	found := s.NearestBlocks([]string{"stone"}, 40, 10000)
	for _, p := range found {
		fmt.Fprintf(&want, "%d,%d,%d true\n", p.X, p.Y, p.Z)
	}
	code := `const bs = world.getNearestBlocks(bot, 'stone', 40, 10000);
const same = (v) => JSON.stringify(v) === JSON.stringify(new Vec3(v.x, v.y, v.z)) && [v.x, v.y, v.z].every(Number.isInteger);
log(bot, bs.map(b => [b.position.x, b.position.y, b.position.z].join(',') + ' ' + same(b.position)).join('\n'));
await skills.wait(bot, 1);`
	got := run(t, w, code).Log
	xs := map[int]bool{}
	for _, p := range found {
		xs[p.X] = true
	}
	if len(found) < 1000 || len(xs) <= 64 {
		t.Fatalf("%d blocks over %d x values: the query is too small", len(found), len(xs))
	}
	if strings.TrimSpace(got) != strings.TrimSpace(want.String()) {
		t.Errorf("positions differ from the world's:\n got %.300s\nwant %.300s", got, want.String())
	}
}

// TestBlockCallsOnPartialPoints: bot.blockAt and a block's getProperties
// on a point missing a coordinate find no block, as mineflayer does with
// NaN, instead of crashing the process (a missing property is Go nil).
func TestBlockCallsOnPartialPoints(t *testing.T) {
	w := testWorld(t)
	code := `const b = bot.blockAt(bot.entity.position.offset(0, -1, 0));
log(bot, String(bot.blockAt({x: 1, y: 2})));
log(bot, JSON.stringify(b.getProperties.call({position: {x: 'a'}})));
log(bot, JSON.stringify(b.getProperties.call({})));
try { b.getProperties.call(null); } catch (err) { log(bot, err.name); }
await skills.wait(bot, 1);`
	res, err := Execute(context.Background(), w, "Andy_0", code, stepOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"null\n{}\n{}\nTypeError\n"} {
		if !strings.Contains(res.Log, want) {
			t.Errorf("log:\n%s\nwant it to hold:\n%s", res.Log, want)
		}
	}
}
