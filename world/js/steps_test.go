package js

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStepsCount: loops of every form count one step per iteration and
// functions one per call, whatever their syntax; Result.Steps is within
// a grant of what the code did.
func TestStepsCount(t *testing.T) {
	w := testWorld(t)
	base := run(t, w, "await skills.wait(bot, 1);").Steps
	const n = 100000
	for _, body := range []string{
		"let i = 0;\nwhile (i < 100000) i++;",
		"let i = 0;\nwhile (i < 100000) { i++; }",
		"let i = 0;\ndo i++; while (i < 100000);",
		"let i = 0;\ndo { i++; } while (i < 100000);",
		"for (let i = 0; i < 100000; i++);",
		"let i = 0;\nfor (;;) if (++i >= 100000) break; else continue;",
		"let i = 0;\nconst done = () => { throw i; };\ntry {\n  for (;;) /* ( */ (i)++ // )\n  , i >= 100000 && done();\n} catch (e) {}",
		"const a = new Array(100000).fill(0);\nlet t = 0;\nfor (const x of a) t += x;",
		"const o = {};\nfor (let i = 0; i < 100000; i++) o['k' + i] = i;\nlet t = 0;\nfor (const k in o) t++;",
		"let i = 0;\nouter: while (true) { for (;;) { if (++i < 100000) continue outer; break outer; } }",
		"const f = (x) => x + 1;\nlet i = 0;\nwhile (i < 50000) i = f(i) + 0 * f(i);",
		"function g(k) { return k > 0 ? g(k - 1) : 0; }\nfor (let i = 0; i < 100; i++) g(999);",
		"class A { constructor() { this.x = 1; } get y() { return this.x; } }\nclass B extends A { constructor() { super(); } }\nlet t = 0;\nfor (let i = 0; i < 25000; i++) t += new B().y;",
	} {
		res := run(t, w, "await skills.wait(bot, 1);\n"+body)
		if res.Kind != Finished {
			t.Errorf("%q: %v %q", body, res.Kind, res.Error)
			continue
		}
		// The builtins' charges (the Array of 100000, the keys) come on
		// top; the loops' own steps are at least n.
		if got := res.Steps - base; got < n-stepGrant || got > 7*n {
			t.Errorf("%q: %d steps, want about %d", body, got, n)
		}
	}
}

// TestStepsBuiltins: builtins that work in proportion to their input are
// charged for it, so a short loop of big ones is stopped as an endless
// loop is.
func TestStepsBuiltins(t *testing.T) {
	w := testWorld(t)
	for _, code := range []string{
		"const a = new Array(1e6).fill(0);\nfor (let i = 0; i < 11; i++) a.indexOf(1);",
		"const a = new Array(1e6).fill(0);\nfor (let i = 0; i < 3; i++) [...a];",
		"const a = new Array(6e5).fill(0);\na.sort();",
		"const s = 'x'.repeat(4e6);\nfor (let i = 0; i < 21; i++) s.indexOf('y');",
		"const s = 'x'.repeat(4e6);\nfor (let i = 0; i < 21; i++) /y/.test(s);",
		"const s = 'ab'.repeat(5e5);\nfor (let i = 0; i < 10; i++) s.split('');",
		"const a = new Array(1e5).fill('x');\nfor (let i = 0; i < 30; i++) a.join();",
		"const a = new Array(1e5).fill(1);\nfor (let i = 0; i < 30; i++) JSON.stringify(a);",
	} {
		res := run(t, w, "await skills.wait(bot, 1);\n"+code)
		if res.Kind != Threw || res.Error != stepLimitText(DefaultLimits.Steps) {
			t.Errorf("%q: got %v %q after %d steps, want the step limit", code, res.Kind, res.Error, res.Steps)
		}
	}
	// A tenth of the work is well within the budget.
	res := run(t, w, "await skills.wait(bot, 1);\nconst a = new Array(1e6).fill(0);\na.indexOf(1);")
	if res.Kind != Finished || res.Steps > DefaultLimits.Steps/4 {
		t.Errorf("one indexOf: %v %q after %d steps", res.Kind, res.Error, res.Steps)
	}
}

// TestStepLimitDeterministic: an endless loop stops at the same step with
// the same output whether the machine is idle or every core is busy, and
// a try/catch around it does not catch the limit. (A budget of 2,000,000
// steps: the default's fifth, so that a loaded machine runs it quickly.)
func TestStepLimitDeterministic(t *testing.T) {
	code := "await skills.wait(bot, 1);\nlet i = 0;\ntry {\n  while (true) { i++; if (i % 200000 === 0) log(bot, 'at ' + i); }\n} catch (e) { log(bot, 'caught ' + e); }"
	limits := Limits{Steps: 2_000_000}
	play := func() Result {
		w := testWorld(t)
		res, err := Execute(context.Background(), w, "Andy_0", code, Options{Limits: limits})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	idle := play()
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for !stop.Load() {
				x++
			}
			_ = x
		}()
	}
	start := time.Now()
	busy := play()
	took := time.Since(start)
	stop.Store(true)
	wg.Wait()
	want := stepLimitText(limits.Steps)
	for _, r := range []Result{idle, busy} {
		if r.Kind != Threw || r.Error != want || strings.Contains(r.Log, "caught") {
			t.Fatalf("got %v %q, log %q, want %q uncaught", r.Kind, r.Error, r.Log, want)
		}
	}
	if idle.Log != busy.Log || idle.Steps != busy.Steps || idle.Message != busy.Message {
		t.Errorf("idle: %d steps, log %q\nbusy: %d steps, log %q", idle.Steps, idle.Log, busy.Steps, busy.Log)
	}
	t.Logf("stopped after %d steps, %s beside busy goroutines; log %q", busy.Steps, took.Round(time.Millisecond), busy.Log)
}

// TestStepsPathSearch: the path searches a program's skills make are
// charged to its step budget, one step per expansion, so a program that
// keeps walking where no path goes is stopped by the step limit after the
// same calls on every run, and not by the wall time when the machine is
// loaded. (Without the charge the loop's own steps are a few thousand.)
func TestStepsPathSearch(t *testing.T) {
	code := "let n = 0;\nfor (let i = 0; i < 1000; i++) {\n  await skills.goToPosition(bot, 0, -200, 0, 1);\n  n++;\n  if (n % 10 === 0) log(bot, 'tried ' + n);\n}"
	limits := Limits{Steps: 1_000_000, Wall: 10 * time.Minute}
	play := func() Result {
		res, err := Execute(context.Background(), testWorld(t), "Andy_0", code, Options{Limits: limits})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	first, second := play(), play()
	if first.Kind != Threw || first.Error != stepLimitText(limits.Steps) {
		t.Fatalf("got %v %q after %d steps and %d calls, want the step limit", first.Kind, first.Error, first.Steps, first.SkillCalls)
	}
	if first.SkillCalls >= 1000 || first.SkillCalls < 2 {
		t.Errorf("stopped after %d calls: a search's expansions are not what was charged", first.SkillCalls)
	}
	if first.Log != second.Log || first.Steps != second.Steps || first.SkillCalls != second.SkillCalls {
		t.Errorf("two runs differ: %d steps, %d calls, log %q\nand %d steps, %d calls, log %q",
			first.Steps, first.SkillCalls, first.Log, second.Steps, second.SkillCalls, second.Log)
	}
	t.Logf("stopped after %d calls, %d steps", first.SkillCalls, first.Steps)
}
