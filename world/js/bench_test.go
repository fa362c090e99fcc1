package js

import (
	"context"
	"testing"
	"time"
)

// levelProgram places one 15x15 level of a blueprint, as model code does.
const levelProgram = `const p = world.getPosition(bot);
const x0 = Math.floor(p.x) + 2, y0 = Math.floor(p.y), z0 = Math.floor(p.z) + 2;
for (let dz = 0; dz < 15; dz++) {
    for (let dx = 0; dx < 15; dx++) {
        await skills.placeBlock(bot, 'stone', x0 + dx, y0, z0 + dz);
    }
}
`

// BenchmarkPlaceLevel: coding executions per second of a program that
// places a 15x15 level (225 placeBlock calls); each iteration builds a
// fresh world outside the timer.
func BenchmarkPlaceLevel(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		w := clearedLevelWorld(b)
		b.StartTimer()
		res, err := Execute(context.Background(), w, "Andy_0", levelProgram, Options{})
		if err != nil || res.Kind != Finished {
			b.Fatalf("%v %v %q", err, res.Kind, res.Message)
		}
	}
}

// loopProgram is arithmetic and string building in a loop: what the
// instrumentation (guard.go) costs plain code.
const loopProgram = "await skills.wait(bot, 1);\nlet s = '';\nlet t = 0;\n" +
	"for (let i = 0; i < 100000; i++) {\n  t += i % 7;\n  const p = {x: i, y: 64};\n  s = s + p.x + ',' + (p.y + 1) + ';';\n  if (s.length > 1000) {\n    s = `${t}:${s.length}`;\n  }\n}\nlog(bot, t + ' ' + s);"

func BenchmarkLoop(b *testing.B) { benchProgram(b, loopProgram) }

// blockQueryProgram is what a construction program's take-down and
// scaffolding checks do with block queries: thousands of block objects
// from world.getNearestBlocks, mapped to positions and filtered, and a
// bot.blockAt per cell of a column.
const blockQueryProgram = `let kept = 0;
for (let i = 0; i < 4; i++) {
    kept += world.getNearestBlocks(bot, 'stone', 32, 10000).map(b => b.position).filter(p => p.y >= 62).length;
    kept += world.getNearestBlocks(bot, 'stone', 24).filter(b => b.position.y >= 62).length;
}
const p = world.getPosition(bot);
for (let y = -8; y < 8; y++) if (bot.blockAt(p.offset(0, y, 0)).name === 'stone') kept++;
log(bot, kept);
await skills.wait(bot, 1);
`

// BenchmarkBlockQueries: coding executions per second of
// blockQueryProgram; allocs/op is the figure that load does not move.
func BenchmarkBlockQueries(b *testing.B) { benchProgram(b, blockQueryProgram) }

// benchProgram runs code again and again in one test world, failing
// the benchmark on the first run that does not finish.
func benchProgram(b *testing.B, code string) {
	w := testWorld(b)
	for b.Loop() {
		res, err := Execute(context.Background(), w, "Andy_0", code, Options{Limits: Limits{Wall: time.Minute}})
		if err != nil || res.Kind != Finished {
			b.Fatalf("%v %v %q", err, res.Kind, res.Message)
		}
	}
}
