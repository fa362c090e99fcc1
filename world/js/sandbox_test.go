package js

import (
	"context"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestSandbox: each hostile program ends as a clean thrown error (or a
// refusal) and the world serves the next execution as before.
func TestSandbox(t *testing.T) {
	w := testWorld(t)
	const pre = "await skills.wait(bot, 1);\n"
	cases := []struct{ name, code, want string }{
		{"endless loop", pre + "while (true) {}", "Error: Code execution took more than 10000000 steps"},
		{"recursion bomb", pre + "function f() { return f() + 1; }\nf();", "RangeError: Maximum call stack size exceeded"},
		{"growing array", pre + "const a = [];\nwhile (true) { a.push({x: a.length}); }", "RangeError: Out of memory|Error: Code execution took more than 10000000 steps"},
		{"repeat", pre + "'x'.repeat(2 ** 30);", "RangeError: Invalid string length"},
		{"join", pre + "new Array(2 ** 30).join('ab');", "RangeError: Invalid string length"},
		{"replace a skill", pre + "skills.placeBlock = null;", "TypeError: Cannot assign to read only property 'placeBlock'"},
		{"pollute Object.prototype", pre + "Object.prototype.polluted = 1;", "TypeError: Cannot add property polluted, object is not extensible"},
		{"pollute Array.prototype", pre + "Array.prototype.push = null;", "TypeError: Cannot assign to read only property 'push'"},
		{"setTimeout", pre + "await new Promise(r => setTimeout(r, 1000));", "ReferenceError: setTimeout is not defined"},
		{"setInterval", pre + "setInterval(() => {}, 1000);", "ReferenceError: setInterval is not defined"},
		{"fetch", pre + "await fetch('http://example.com');", "ReferenceError: fetch is not defined"},
		{"never settles", pre + "await new Promise(() => {});", "Error: Code execution timed out after 10 minutes."},
		{"skill calls", pre + "while (true) { world.getPosition(bot); }", "Error: Code execution called more than 10000 skills"},
		{"output", pre + "while (true) { log(bot, 'spam spam spam spam'); }", "Error: Code execution wrote more than 65536 characters"},
		{"simulated time", pre + "for (let i = 0; i < 100; i++) { await skills.wait(bot, 60000); }", "Error: Code execution timed out after 10 minutes."},
		{"thrown object", pre + "throw {toString() { while (true) {} }};", "Error"},
		// Code from strings would escape the instrumentation (guard.go).
		{"Function constructor", pre + "(function () {}).constructor('return this')();", "EvalError: Code generation from strings disallowed for this context"},
		{"eval", pre + "eval('1 + 1');", "EvalError: Code generation from strings disallowed for this context"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Execute(context.Background(), w, "Andy_0", c.code, stepOptions)
			if err != nil {
				t.Fatal(err)
			}
			matched := false
			for _, want := range strings.Split(c.want, "|") {
				matched = matched || strings.HasPrefix(res.Error, want)
			}
			if res.Kind != Threw || !matched {
				t.Fatalf("got %v %q, want a throw starting %q", res.Kind, res.Error, c.want)
			}
			if !strings.Contains(res.Message, "\nCODE EXECUTION THREW ERROR: "+res.Error+"\n Please try again:") {
				t.Errorf("message %q", res.Message)
			}
		})
	}
	// Refused by the lint, as in MINDcraft: not declared in a browser.
	for _, code := range []string{pre + "require('fs');", pre + "process.exit();", pre + "import('fs');"} {
		if res := run(t, w, code); res.Kind != LintError {
			t.Errorf("%q: %v %q, want a lint error", code, res.Kind, res.Message)
		}
	}
	// What the global object holds is the API and the intrinsics, nothing Go.
	res := run(t, w, pre+"const g = globalThis;\nlog(bot, Object.getOwnPropertyNames(g).filter(n => !/^[A-Z]/.test(n) || n === 'Vec3').sort().join(','));")
	want := "Vec3,decodeURI,decodeURIComponent,encodeURI,encodeURIComponent,escape,eval,globalThis,isFinite,isNaN,log,parseFloat,parseInt,skills,undefined,unescape,world\nCode finished.\n"
	if res.Kind != Finished || res.Log != want {
		t.Errorf("global object: %q", res.Log)
	}
	// Nothing carries over: a fresh execution sees clean intrinsics.
	res = run(t, w, pre+"log(bot, typeof Object.prototype.polluted + ' ' + typeof Array.prototype.push);")
	if want := "undefined function\nCode finished.\n"; res.Log != want {
		t.Errorf("after tampering: %q, want %q", res.Log, want)
	}
}

// testMemory is the memory limit TestMemoryBound runs under: a fourth of
// the default, so that the test's own heap stays small.
const testMemory = 64 << 20

// TestMemoryBound measures how far the process heap grows while a
// doubling string and a growing array run into the memory limit.
func TestMemoryBound(t *testing.T) {
	w := testWorld(t)
	runtime.GC()
	base := heapBytes()
	peak := base
	done, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-done:
				return
			default:
			}
			if h := heapBytes(); h > peak {
				peak = h
			}
			time.Sleep(100 * time.Microsecond)
		}
	}()
	for _, code := range []string{
		"await skills.wait(bot, 1);\nlet s = 'xy';\nwhile (true) { s = s + s + 'z'; }",
		"await skills.wait(bot, 1);\nconst a = [];\nfor (let i = 0; ; i++) { a.push('item' + i + 'padding padding padding'); }",
	} {
		res, err := Execute(context.Background(), w, "Andy_0", code, Options{Limits: Limits{Memory: testMemory, Wall: 20 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		if res.Kind != Threw {
			t.Fatalf("%q: %v", code, res.Kind)
		}
		t.Logf("%q: %s", code, res.Error)
	}
	close(done)
	<-sampled // peak is the sampler's until it has stopped
	grown := peak - base
	t.Logf("heap grew by at most %d MiB (limit %d MiB)", grown>>20, testMemory>>20)
	if grown > 8*testMemory {
		t.Errorf("heap grew by %d MiB, bound is 8 x %d MiB", grown>>20, testMemory>>20)
	}
}

// TestMemoryBoundPerScript: scripts of different trials running at once
// each hold memory under the limit, together over it; none is stopped, so
// whether a program hits the limit does not depend on how many trials the
// process plays at once.
func TestMemoryBoundPerScript(t *testing.T) {
	// About 20 MiB held, then a second of work: the scripts overlap.
	code := "await skills.wait(bot, 1);\nconst held = [];\nfor (let i = 0; i < 150000; i++) { held.push('cell ' + i + ' of a program that holds its data'); }\n" +
		"let t = 0;\nfor (let i = 0; i < 5000000; i++) { t += i % 7; }\nlog(bot, 'kept ' + held.length);"
	limits := Limits{Memory: 32 << 20}
	results := make(chan Result, 2)
	for range 2 {
		go func() {
			w := testWorld(t)
			res, err := Execute(context.Background(), w, "Andy_0", code, Options{Limits: limits})
			if err != nil {
				t.Error(err)
			}
			results <- res
		}()
	}
	for range 2 {
		if res := <-results; res.Kind != Finished || !strings.Contains(res.Log, "kept 150000") {
			t.Errorf("got %v %q %q, want the script finished", res.Kind, res.Error, res.Log)
		}
	}
}

// TestMemoryCeiling: past the process's memory limit (GOMEMLIMIT,
// generate --memory-limit) a script is stopped, however much its own limit
// would still allow.
func TestMemoryCeiling(t *testing.T) {
	w := testWorld(t)
	runtime.GC()
	old := debug.SetMemoryLimit(int64(heapBytes() + 96<<20))
	defer debug.SetMemoryLimit(old)
	code := "await skills.wait(bot, 1);\nconst a = [];\nwhile (true) { a.push('item ' + a.length + ' padding padding padding'); }"
	res, err := Execute(context.Background(), w, "Andy_0", code, Options{Limits: Limits{Memory: 4 << 30, Wall: 20 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != Threw || res.Error != memoryLimitText {
		t.Fatalf("got %v %q, want %q", res.Kind, res.Error, memoryLimitText)
	}
}

// TestIntrinsicsFrozen: every intrinsic on the global object, its
// prototype property and what it inherits from are frozen, and so are
// skills and world (install's harden, which freezes each object once).
// Vec3 and log (the function skills.log), added after, are not: each
// runtime has its own.
func TestIntrinsicsFrozen(t *testing.T) {
	w := testWorld(t)
	res := run(t, w, `await skills.wait(bot, 1);
const open = [];
let objects = 0;
for (const name of Reflect.ownKeys(globalThis)) {
  if (['globalThis', 'Vec3', 'log'].includes(name)) continue;
  const v = globalThis[name];
  if (!((typeof v === 'object' && v !== null) || typeof v === 'function')) continue;
  [v, v.prototype, Object.getPrototypeOf(v)].forEach((x, i) => {
    if (!((typeof x === 'object' && x !== null) || typeof x === 'function')) return;
    objects++;
    if (!Object.isFrozen(x)) open.push(String(name) + ' ' + i);
  });
}
log(bot, objects + ' objects; open: ' + open.join(', ') + '; log ' + Object.isFrozen(log) + '; Vec3 ' + Object.isFrozen(Vec3));`)
	if want := "; open: ; log false; Vec3 false\nCode finished.\n"; !strings.HasSuffix(res.Log, want) || strings.HasPrefix(res.Log, "0 ") {
		t.Errorf("log %q, want it to end %q", res.Log, want)
	}
}

// TestWrappedBuiltinsAreNotConstructors: the builtins the prelude wraps
// stay what V8's are, methods that are not constructors and have no
// prototype (`new Object.keys()` throws a TypeError), and keep their
// names; the Function constructor still refuses code with its own error.
func TestWrappedBuiltinsAreNotConstructors(t *testing.T) {
	w := testWorld(t)
	res := run(t, w, `await skills.wait(bot, 1);
const fs = {keys: Object.keys, ownKeys: Reflect.ownKeys, join: [].join, sort: [].sort, concat: [].concat, flat: [].flat,
  slice: [].slice, replace: ''.replace, split: ''.split, includes: ''.includes, bind: Function.prototype.bind,
  toString: Function.prototype.toString, apply: Function.prototype.apply};
const out = [];
for (const [k, f] of Object.entries(fs)) {
  let made = false;
  try { new f(); made = true; } catch (e) { if (!(e instanceof TypeError)) made = 'odd ' + e; }
  out.push(k + ' ' + f.name + ' ' + Object.hasOwn(f, 'prototype') + ' ' + made);
}
let fn = false;
try { new Function('return 1'); } catch (e) { fn = e instanceof EvalError || e.name; }
log(bot, out.join('; ') + '; Function ' + fn);`)
	want := "keys keys false false; ownKeys ownKeys false false; join join false false; sort sort false false; " +
		"concat concat false false; flat flat false false; slice slice false false; replace replace false false; " +
		"split split false false; includes includes false false; bind bind false false; " +
		"toString toString false false; apply apply false false; Function true"
	if !strings.HasPrefix(res.Log, want) {
		t.Errorf("log %q, want it to start %q", res.Log, want)
	}
}

// TestGlobalKeysInOrder: a program listing the global object's keys gets
// the same list every run, the API's names last in coder.js's order.
func TestGlobalKeysInOrder(t *testing.T) {
	w := testWorld(t)
	var first string
	for i := range 20 {
		res := run(t, w, "await skills.wait(bot, 1);\nlog(bot, Object.keys(globalThis).join(','));")
		if res.Kind != Finished {
			t.Fatalf("run %d: %v %q", i, res.Kind, res.Message)
		}
		if i == 0 {
			first = res.Message
			if !strings.Contains(first, "skills,log,world,Vec3") {
				t.Fatalf("keys %q: want skills,log,world,Vec3 in that order", first)
			}
		} else if res.Message != first {
			t.Fatalf("run %d listed %q, run 0 %q", i, res.Message, first)
		}
	}
}
