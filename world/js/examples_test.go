package js

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"collabcraft/world"
)

// defaultExamples is the code of the coding_examples of MINDcraft's
// _default profile, in order.
func defaultExamples(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("testdata/default_coding_examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Code []string }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Code) != 7 {
		t.Fatalf("%d examples, want 7", len(f.Code))
	}
	return f.Code
}

func summary(code, log string) string {
	return "Agent wrote this code: \n```" + sanitize(code) + "```\nCode Output:\nAction output:\n" + log
}

// TestDefaultCodingExamples runs each example and compares the text with
// the one MINDcraft gives, derived from the log lines of the skills it
// calls (skills.js) and coder.js's texts.
func TestDefaultCodingExamples(t *testing.T) {
	code := defaultExamples(t)

	t.Run("collect wood", func(t *testing.T) {
		w := testWorld(t)
		res := run(t, w, code[0])
		if want := summary(code[0], "Collected 10 oak_log.\nCode finished.\n"); res.Message != want {
			t.Errorf("got %q\nwant %q", res.Message, want)
		}
		if res.Duration <= 0 {
			t.Error("collecting took no time")
		}
	})

	t.Run("cook chicken", func(t *testing.T) {
		w := testWorld(t)
		res := run(t, w, code[1])
		// No furnace anywhere near and none to place: smeltItem's first check.
		if want := summary(code[1], "There is no furnace nearby and you have no furnace.\nCode finished.\n"); res.Message != want {
			t.Errorf("got %q\nwant %q", res.Message, want)
		}
	})

	t.Run("come here", func(t *testing.T) {
		res := run(t, testWorld(t), code[2])
		// bot.players['zZZn98'] is undefined, so reading .entity throws.
		want := "Code Output:\nAction output:\n\nCODE EXECUTION THREW ERROR: TypeError: Cannot read properties of undefined (reading 'entity')\n Please try again:"
		if res.Kind != Threw || res.Message != want {
			t.Errorf("got %v %q\nwant %q", res.Kind, res.Message, want)
		}
	})

	t.Run("undefined variable", func(t *testing.T) {
		res := run(t, testWorld(t), code[3])
		// ESLint's no-undef, as MINDcraft's eslint.config.js reports it
		// (checked with eslint 9 and that config).
		line := "Related Code Line: await skills.goToPosition(bot, nearestOakLog.x, nearestOakLog.y, nearestOakLog.z);\n"
		want := "Error: Code lint error:\n#### CODE ERROR INFO ###\n" +
			"#ERROR 1\nMessage: 'nearestOakLog' is not defined.\nLocation: Line 8, Column 40\n" + line +
			"#ERROR 2\nMessage: 'nearestOakLog' is not defined.\nLocation: Line 8, Column 57\n" + line +
			"#ERROR 3\nMessage: 'nearestOakLog' is not defined.\nLocation: Line 8, Column 74\n" + line +
			"The code contains exceptions and cannot continue execution.\nPlease try again."
		if res.Kind != LintError || res.Message != want {
			t.Errorf("got %v %q\nwant %q", res.Kind, res.Message, want)
		}
	})

	t.Run("block is not a position", func(t *testing.T) {
		res := run(t, testWorld(t), code[4])
		// getNearestBlock returns a Block, whose x is undefined.
		want := summary(code[4], "Missing coordinates, given x:undefined y:undefined z:undefined\nCode finished.\n")
		if res.Message != want {
			t.Errorf("got %q\nwant %q", res.Message, want)
		}
	})

	t.Run("tower with a torch", func(t *testing.T) {
		w := testWorld(t)
		p := w.Agent("Andy_0").Pos()
		x, y, z := int(math.Floor(p.X)), int(p.Y), int(math.Floor(p.Z))
		var log strings.Builder
		for i := range 5 {
			fmt.Fprintf(&log, "Placed dirt at (%d, %d, %d).\n", x, y+i, z)
		}
		fmt.Fprintf(&log, "Placed torch at (%d, %d, %d).\nCode finished.\n", x+1, y+4, z)
		res := run(t, w, code[5])
		if want := summary(code[5], log.String()); res.Message != want {
			t.Errorf("got %q\nwant %q", res.Message, want)
		}
	})

	t.Run("dirt house", func(t *testing.T) {
		w := clearedWorld(t)
		p := w.Agent("Andy_0").Pos()
		res := run(t, w, code[6])
		// The walls go up as MINDcraft logs them. Filling the floor at the
		// agent's feet level walls it in, and the world may then fail a
		// cell it cannot step off (the simulation's call, not the runtime's).
		got, want := strings.Split(res.Log, "\n"), strings.Split(houseLog(p), "\n")
		if len(got) != len(want) {
			t.Fatalf("%d log lines, want %d:\n%s", len(got), len(want), res.Log)
		}
		for i := range got {
			if got[i] == want[i] {
				continue
			}
			cell := want[i][strings.Index(want[i], " at ("):]
			if i < 4*28 || got[i] != "Failed to place oak_planks"+cell {
				t.Fatalf("log line %d: got %q, want %q", i+1, got[i], want[i])
			}
		}
		if res.Kind != Finished || res.Message != summary(code[6], "")[:len(summary(code[6], ""))-len("Action output:\n")]+w.OutputSummary(res.Log) {
			t.Errorf("got %v %q", res.Kind, res.Message)
		}
	})
}

// houseLog is the log of the dirt-house example: its loops, placing
// oak_planks on cells already placed reports "already at".
func houseLog(p world.Vec) string {
	x0, y0, z0 := p.X, p.Y, p.Z
	placed := map[[3]int]bool{}
	var b strings.Builder
	place := func(x, y, z float64) {
		c := [3]int{int(math.Floor(x)), int(math.Floor(y)), int(math.Floor(z))}
		if placed[c] {
			fmt.Fprintf(&b, "oak_planks already at (%d, %d, %d).\n", c[0], c[1], c[2])
			return
		}
		placed[c] = true
		fmt.Fprintf(&b, "Placed oak_planks at (%d, %d, %d).\n", c[0], c[1], c[2])
	}
	const width, depth, height = 7, 7, 4
	for x := x0; x < x0+width; x++ {
		for y := y0; y < y0+height; y++ {
			place(x, y, z0)
		}
	}
	for x := x0; x < x0+width; x++ {
		for y := y0; y < y0+height; y++ {
			place(x, y, z0+depth-1)
		}
	}
	for z := z0; z < z0+depth; z++ {
		for y := y0; y < y0+height; y++ {
			place(x0, y, z)
		}
	}
	for z := z0; z < z0+depth; z++ {
		for y := y0; y < y0+height; y++ {
			place(x0+width-1, y, z)
		}
	}
	for x := x0; x < x0+width; x++ {
		for z := z0; z < z0+depth; z++ {
			place(x, y0, z)
		}
	}
	for x := x0; x < x0+width; x++ {
		for z := z0; z < z0+depth; z++ {
			place(x, y0+height-1, z)
		}
	}
	b.WriteString("Code finished.\n")
	return b.String()
}

// TestLintCases: code ESLint passes runs; code it reports is refused with
// its message.
func TestLintCases(t *testing.T) {
	for _, c := range []struct {
		name, ok, bad, message string
	}{
		// Statements that end in a parenthesised conditional are
		// terminated (goja ends the expression before the parenthesis); a
		// missing semicolon is still reported where ESLint reports it.
		{"semicolons",
			"const m = new Map();\nlet s = \"\";\nconst dz = 1;\ns += (dz ? \"a\" : \"b\").slice(0, 1) + (dz === 1 ? \"|\" : \",\");\nconst xs = [(dz ? 1 : 2)];\nawait skills.wait(bot, 10);\nconsole.log(s + xs);\n",
			"const dz = 1\nawait skills.wait(bot, dz);\n", "Missing semicolon."},
		// Shorthand properties: in a pattern they declare their names
		// (no-undef accepts const {x, y} = p; it was reported as 'x' is
		// not defined), in a literal they read them.
		{"shorthand properties",
			"const { x, y, z } = bot.entity.position;\nconst o = { x, y };\nawait skills.wait(bot, 10);\nlog(bot, `${o.x} ${o.y} ${z}`);\n",
			"const o = { nowhere };\nawait skills.wait(bot, 10);\nlog(bot, o);\n", "'nowhere' is not defined."},
	} {
		if res := run(t, testWorld(t), c.ok); res.Kind != Finished {
			t.Errorf("%s: %q: got %v %q", c.name, c.ok, res.Kind, res.Message)
		}
		if res := run(t, testWorld(t), c.bad); res.Kind != LintError || !strings.Contains(res.Message, c.message) {
			t.Errorf("%s: %q: got %v %q, want a lint error %q", c.name, c.bad, res.Kind, res.Message, c.message)
		}
	}
}
