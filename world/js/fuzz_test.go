package js

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
)

// snippets are pieces of model-like and hostile code; the fuzzer strings
// them together, with its own bytes between, into programs.
var snippets = []string{
	"await skills.placeBlock(bot, 'dirt', p.x + 1, p.y, p.z);\n",
	"let p = world.getPosition(bot);\n",
	"const p = bot.entity.position;\n",
	"for (let i = 0; i < 3; i++) {\n",
	"}\n",
	"await skills.breakBlockAt(bot, p.x, p.y - 1, p.z);\n",
	"log(bot, world.getInventoryCounts(bot));\n",
	"await skills.goToPosition(bot, p.x + 5, p.y, p.z);\n",
	"let b = world.getNearestBlock(bot, 'oak_log', 32);\n",
	"if (b) { await skills.goToPosition(bot, b.position.x, b.position.y, b.position.z); }\n",
	"await skills.collectBlock(bot, 'stone', 2);\n",
	"await skills.craftRecipe(bot, 'stick', 1);\n",
	"try { undefined.x; } catch (e) { log(bot, e); }\n",
	"throw new Error('boom');\n",
	"while (true) {}\n",
	"function f() { return f(); } f();\n",
	"Object.prototype.x = 1;\n",
	"skills.placeBlock = null;\n",
	"(function () {}).constructor('return this')().skills = 1;\n",
	"await new Promise(() => {});\n",
	"bot.chat('hello');\n",
	"await skills.wait(bot, 500);\n",
	"log(bot, bot.blockAt(p.offset(0, -1, 0)).name);\n",
	"[1, 2, 3].map(x => x * 2).join(',');\n",
	"`${p}`;\n",
}

// FuzzExecute checks that no program panics the runtime, hangs it past
// its limits or leaves goroutines behind.
func FuzzExecute(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4}, "")
	f.Add([]byte{1, 14}, ";")
	f.Add([]byte{2, 15, 16}, "}")
	f.Add([]byte{1, 22, 6, 9}, "(")
	w := testWorld(f)
	f.Fuzz(func(t *testing.T, picks []byte, glue string) {
		if len(picks) > 40 {
			picks = picks[:40]
		}
		var b strings.Builder
		for i, p := range picks {
			b.WriteString(snippets[int(p)%len(snippets)])
			if i%3 == 2 {
				b.WriteString(glue)
			}
		}
		goroutines := runtime.NumGoroutine()
		start := time.Now()
		res, err := Execute(context.Background(), w, "Andy_0", b.String(), Options{Limits: Limits{Wall: 200 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("execution took %v", d)
		}
		if res.Message == "" {
			t.Error("no message")
		}
		if n := runtime.NumGoroutine(); n > goroutines {
			t.Errorf("%d goroutines after, %d before", n, goroutines)
		}
		w.Advance(res.Duration)
	})
}
