package command

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

func isBlock(s string) bool {
	return slices.Contains([]string{"air", "stone", "oak_log", "oak_planks", "dirt"}, s)
}
func isItem(s string) bool {
	return slices.Contains([]string{"air", "stone", "oak_log", "oak_planks", "stick", "dirt"}, s)
}

func TestDocsMatchMINDcraftDefault(t *testing.T) {
	want, err := os.ReadFile("testdata/default_docs.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := NewTable(DefaultBlocked, isBlock, isItem).Docs()
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d:\n got %q\nwant %q", i, gl[i], wl[i])
			}
		}
		t.Fatalf("length differs: got %d lines, want %d", len(gl), len(wl))
	}
}

func TestDocsWithBlueprintCommands(t *testing.T) {
	docs := NewTable(nil, isBlock, isItem).Docs()
	want := "!savedPlaces: List all saved locations.\n!checkBlueprintLevel: Check if the level is complete and what blocks still need to be placed for the blueprint\nParams:\nlevelNum: (number) The level number to check.\n!checkBlueprint: Check what blocks still need to be placed for the blueprint\n!getBlueprint: Get the blueprint for the building\n!getBlueprintLevel: Get the blueprint for the building\nParams:\nlevelNum: (number) The level number to check.\n!getCraftingPlan:"
	if !strings.Contains(docs, want) {
		t.Fatalf("blueprint docs not after !savedPlaces:\n%s", docs)
	}
}

func TestBlockedCommands(t *testing.T) {
	tab := NewTable([]string{"!getCraftingPlan", "!stats", "!endConversation"}, isBlock, isItem)
	if _, ok := tab.Lookup("!getCraftingPlan"); ok {
		t.Error("!getCraftingPlan should be blocked")
	}
	if _, ok := tab.Lookup("!stats"); !ok {
		t.Error("!stats cannot be blocked")
	}
	if strings.Contains(tab.Docs(), "!stats") {
		t.Error("a blocked unblockable command must be left out of the docs, as MINDcraft's getCommandDocs does")
	}
	if strings.Contains(tab.Docs(), "!getCraftingPlan") || strings.Contains(tab.Docs(), "!endConversation") {
		t.Error("blocked commands must be left out of the docs")
	}
	_, _, errText, ok := tab.Parse(`let me plan !getCraftingPlan("stick", 1)`)
	if !ok || errText != "Command !getCraftingPlan does not exist." {
		t.Errorf("blocked: got %q", errText)
	}
}

func TestParse(t *testing.T) {
	tab := NewTable(DefaultBlocked, isBlock, isItem)
	cases := []struct {
		in, name, err string
		args          []string
		truncated     string
	}{
		{in: `Hmm!!stats`, name: "!stats", truncated: "Hmm!!stats"},
		{in: `Wow!Great`, name: "!Great", err: "Command !Great does not exist."},
		{in: `I'll get some !collectBlocks("stone", 10) then !craftRecipe("x", 1)`, name: "!collectBlocks", args: []string{"stone", "10"}, truncated: `I'll get some !collectBlocks("stone", 10)`},
		{in: `!collectBlocks('stone', 10)`, name: "!collectBlocks", err: "Command !collectBlocks was given 0 args, but requires 2 args."},
		{in: `!goToPlayer( "bob", 3)`, name: "!goToPlayer", err: "Command !goToPlayer was given 0 args, but requires 2 args."},
		{in: `!collectBlocks("stone", 1e3)`, name: "!collectBlocks", err: "Command !collectBlocks was given 0 args, but requires 2 args."},
		{in: `!collectBlocks("stone",2.7)`, name: "!collectBlocks", args: []string{"stone", "2"}},
		{in: `!collectBlocks("stone" ,  "10")`, name: "!collectBlocks", args: []string{"stone", "10"}},
		{in: `!collectBlocks("oak_plank", 1)`, name: "!collectBlocks", args: []string{"oak_planks", "1"}},
		{in: `!collectBlocks("stone", "abc")`, name: "!collectBlocks", err: "Error: Param 'num' must be of type int."},
		{in: `!collectBlocks("stone", 0)`, name: "!collectBlocks", err: "Error: Param 'num' must be an element of [1, 9007199254740991)."},
		{in: `!collectBlocks("unobtainium", 1)`, name: "!collectBlocks", err: "Invalid block type: unobtainium."},
		{in: `!collectBlocks("air", 1)`, name: "!collectBlocks", args: []string{"air", "1"}},
		{in: `!givePlayer("bob", "air", 1)`, name: "!givePlayer", args: []string{"bob", "air", "1"}},
		{in: `!givePlayer("bob", "unobtainium", 1)`, name: "!givePlayer", err: "Invalid item type: unobtainium."},
		{in: `!givePlayer(5, "stick", 1)`, name: "!givePlayer", args: []string{"5", "stick", "1"}},
		{in: `!goToCoordinates(1, -65, 3, 1)`, name: "!goToCoordinates", err: "Error: Param 'y' must be an element of [-64, 320)."},
		{in: `!goToCoordinates(1.5, -60, -3.25, 0.5)`, name: "!goToCoordinates", args: []string{"1.5", "-60", "-3.25", "0.5"}},
		{in: `!searchForBlock("stone", 10)`, name: "!searchForBlock", err: "Error: Param 'search_range' must be an element of [32, 512)."},
		{in: `!getCraftingPlan("stick", 0)`, name: "!getCraftingPlan", err: "Error: Param 'quantity' must be an element of [1, Infinity)."},
		{in: `!getCraftingPlan("stick")`, name: "!getCraftingPlan", err: "Command !getCraftingPlan was given 1 args, but requires 2 args."},
		{in: `!setMode("cheat", "on")`, name: "!setMode", args: []string{"cheat", "true"}},
		{in: `!setMode("cheat", maybe)`, name: "!setMode", err: "Command !setMode was given 0 args, but requires 2 args."},
		{in: `!setMode("cheat", "maybe")`, name: "!setMode", err: "Error: Param 'on' must be of type boolean."},
		{in: `!startConversation("bob", "multi
line, with 3 commas!")`, name: "!startConversation", args: []string{"bob", "multi\nline, with 3 commas!"}},
		{in: `!stats("extra")`, name: "!stats", err: "Command !stats was given 1 args, but requires 0 args."},
		{in: `!stay(-1)`, name: "!stay", args: []string{"-1"}},
	}
	for _, c := range cases {
		m, call, errText, ok := tab.Parse(c.in)
		if !ok {
			t.Errorf("%q: no command found", c.in)
			continue
		}
		if m.Name != c.name || errText != c.err {
			t.Errorf("%q: got (%s, %q), want (%s, %q)", c.in, m.Name, errText, c.name, c.err)
			continue
		}
		if c.truncated != "" && c.in[:m.End] != c.truncated {
			t.Errorf("%q: truncated to %q, want %q", c.in, c.in[:m.End], c.truncated)
		}
		if c.err == "" {
			var got []string
			for _, v := range call.Args {
				got = append(got, v.Text())
			}
			if !slices.Equal(got, c.args) {
				t.Errorf("%q: args %q, want %q", c.in, got, c.args)
			}
		}
	}
	if _, _, _, ok := tab.Parse("no command here! at all"); ok {
		t.Error("text without !word must not parse as a command")
	}
}

func TestJSNumbers(t *testing.T) {
	for _, c := range []struct {
		n    float64
		want string
	}{{64, "64"}, {10.5, "10.5"}, {1.0 / 3, "0.3333333333333333"}, {math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"}, {MaxSafe, "9007199254740991"}, {1e21, "1e+21"}, {-0.0000001, "-1e-7"}} {
		if got := FormatNumber(c.n); got != c.want {
			t.Errorf("FormatNumber(%v) = %q, want %q", c.n, got, c.want)
		}
	}
	for _, c := range []struct {
		n    float64
		want string
	}{{10.5, "10.50"}, {-3.333, "-3.33"}, {0.125, "0.13"}, {-0.125, "-0.13"}, {64, "64.00"}} {
		if got := FormatFixed(c.n, 2); got != c.want {
			t.Errorf("FormatFixed(%v) = %q, want %q", c.n, got, c.want)
		}
	}
	for _, c := range []struct {
		s    string
		want float64
	}{{"10", 10}, {"2.7", 2}, {"-2.7", -2}, {"0x1A", 26}, {" 12abc", 12}, {"+5", 5}} {
		if got := parseInt(c.s); got != c.want {
			t.Errorf("parseInt(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	for _, s := range []string{"", "abc", "-", "x1"} {
		if !math.IsNaN(parseInt(s)) || !math.IsNaN(parseFloat(s)) {
			t.Errorf("parse of %q should be NaN", s)
		}
	}
	for _, c := range []struct {
		s    string
		want float64
	}{{"1e3", 1000}, {".5", 0.5}, {"-Infinity", math.Inf(-1)}, {"3.", 3}, {"1.5e", 1.5}, {"2e-1x", 0.2}} {
		if got := parseFloat(c.s); got != c.want {
			t.Errorf("parseFloat(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// Every command_docs case of the MINDcraft fixtures (getCommandDocs run on
// the case's blocked_actions, make mindcraft-fixtures) is our docs text
// byte for byte, including a task that blocks unblockable commands: they
// are left out of the docs but stay usable.
func TestDocsMatchMINDcraftFixtures(t *testing.T) {
	b, err := os.ReadFile("../../testdata/mindcraft/commands.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		CommandDocs map[string]struct {
			Blocked []string `json:"blocked_actions"`
			Docs    string   `json:"docs"`
		} `json:"command_docs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	unblockable := 0
	for name, c := range doc.CommandDocs {
		tab := NewTable(c.Blocked, isBlock, isItem)
		if got := tab.Docs(); got != c.Docs {
			t.Errorf("%s: docs differ from MINDcraft's:\n got %q\nwant %q", name, got, c.Docs)
		}
		for _, b := range c.Blocked {
			if spec, ok := tab.Lookup(b); ok && spec.Unblockable {
				unblockable++
			}
		}
	}
	if unblockable == 0 {
		t.Error("no fixture case blocks an unblockable command (scripts/mindcraft-fixtures/cases.json)")
	}
}

// TestSplitArgsIsArgRE: the arguments Find reads from a matched list are
// argRE's, on 200,000 drawn responses: argument lists of numbers, booleans
// and quoted strings (holding commas, quotes' neighbours and digits),
// JavaScript's spaces around the commas, and broken lists.
func TestSplitArgsIsArgRE(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	args := []string{`1`, `-60`, `1.5`, `-0.25`, `12.`, `1.2.3`, `007`, `true`, `false`, `"stone"`, `"a, b"`, `""`, `"x(1)"`, `"-1"`, `"tru"`, `truex`, `-`, `.5`, `"unclosed`, `f`}
	seps := []string{`,`, `, `, ` ,`, " ,\t", "\u00a0,\u3000", ",\ufeff", "\u2028,\u205f ", ` `, ``, `,,`}
	ends := []string{`)`, `)`, `)!stay`, ``, `))`, ` )`, `) and !go(2)`}
	for range 200000 {
		var b strings.Builder
		b.WriteString(pick([]string{"", "ok ", "Hmm!", "\u00e9 "}))
		b.WriteString(pick([]string{"!collectBlocks(", "!x(", "!goToCoordinates(", "!y "}))
		for k := range rng.IntN(5) {
			if k > 0 {
				b.WriteString(pick(seps))
			}
			b.WriteString(pick(args))
		}
		b.WriteString(pick(ends))
		s := b.String()
		m, ok := Find(s)
		loc := commandRE.FindStringSubmatchIndex(s)
		if ok != (loc != nil) {
			t.Fatalf("%q: found %v, the pattern %v", s, ok, loc != nil)
		}
		var want []string
		if loc != nil && loc[4] >= 0 {
			want = argRE.FindAllString(s[loc[4]:loc[5]], -1)
		}
		if !slices.Equal(m.Args, want) || (m.Args == nil) != (want == nil) {
			t.Fatalf("%q: args %q, argRE's %q", s, m.Args, want)
		}
	}
}
