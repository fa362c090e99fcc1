package audit

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"collabcraft/blueprints"
	"collabcraft/export"
	"collabcraft/mcdata"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

func ex(trial, agent, kind, split string, step int, context, response string) export.Example {
	return export.Example{
		Messages: []export.Message{{Role: "system", Content: "You are a bot."}, {Role: "user", Content: context}, {Role: "assistant", Content: response}},
		Meta:     export.Meta{TrialID: trial, Agent: agent, Kind: kind, Split: split, Step: step, TaskType: "techtree", Model: "scripted"},
	}
}

func run(t *testing.T, exs ...export.Example) *Report {
	t.Helper()
	r, err := Audit(func(yield func(export.Example, error) bool) {
		for _, e := range exs {
			if !yield(e, nil) {
				return
			}
		}
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTemplate(t *testing.T) {
	got := Template(`Hi Jill_0, I have 4 oak_planks and a stick. !givePlayer("Jill_0", "oak_planks", 4)`)
	want := `Hi NAME, I have N ITEM and a ITEM. !givePlayer("NAME", "ITEM", N)`
	if got != want {
		t.Errorf("Template: %q, want %q", got, want)
	}
}

// Each grounding rule, one supported and one unsupported case.
func TestGrounding(t *testing.T) {
	for _, tc := range []struct {
		name, taskType, context, response string
		want                              []string // violation kinds
	}{
		{"crafting a product of a held item", "techtree", "INVENTORY\n- oak_planks: 4", `!craftRecipe("stick", 1)`, nil},
		{"an ingredient of a goal item", "techtree", "craft a bookshelf", `!collectBlocks("oak_log", 1)`, nil},
		{"a goal item run into the next sentence", "techtree", "craft a brick_wallYou have to collaborate", `!getCraftingPlan("brick_wall", 1)`, nil},
		{"a looked-up dish", "cooking", "make 1 rabbit_stew\n!getCraftingPlan(\"rabbit_stew\", 1)\nYou are missing", `!collectBlocks("brown_mushroom", 1)`, nil},
		{"an item nothing mentions, and its count", "techtree", "craft a bookshelf", `!collectBlocks("diamond", 3)`, []string{"item", "count"}},
		{"a count held", "techtree", "INVENTORY\n- oak_log: 7", `!givePlayer("Jill_0", "oak_log", 7) to Jill_0`, []string{"player"}},
		{"a hidden cooking recipe", "cooking", "make 1 rabbit_stew", `!collectBlocks("brown_mushroom", 1)`, []string{"item"}},
		{"a cooking recipe in context", "cooking", "make 1 rabbit_stew. Recipe for rabbit_stew: collect 1 brown mushroom", `!collectBlocks("brown_mushroom", 1)`, nil},
		{"a chest never viewed", "cooking", "make a cake; it needs an egg", `!takeFromChest("egg", 1)`, []string{"chest_item"}},
		{"a chest listing", "cooking", "The chest contains:\n1 egg\n", `!takeFromChest("egg", 1)`, nil},
		{"a player never mentioned", "techtree", "hello", `!goToPlayer("Bob_0", 3)`, []string{"player"}},
		{"coordinates from a blueprint origin", "construction", "Level 0: Start at coordinates X: 148, Y: -60, Z: -170", `!goToCoordinates(150, -60, -165, 1)`, nil},
		{"coordinates from nowhere", "construction", "Level 0: Start at coordinates X: 148, Y: -60, Z: -170", `!goToCoordinates(900, 7, -165, 1)`, []string{"coordinate", "coordinate"}},
		{"stations are known", "cooking", "make bread", `!searchForBlock("crafting_table", 64)`, nil},
		{"a block that drops an ingredient only to a tool", "techtree", "craft a bow", `!collectBlocks("cobweb", 3)`, []string{"count"}},
		{"stone for cobblestone", "techtree", "craft a furnace, 8 cobblestone", `!collectBlocks("stone", 8)`, nil},
		{"an escape block its own scan showed", "escape_room", "Code Output:\nIn view: lever at 130 -60 132", `Now, the lever at 130 -60 132. !goToCoordinates(130, -60, 132, 0)`, nil},
		{"an escape block a teammate described", "escape_room", "Jill_0: (FROM OTHER BOT)My room has a lever at 121 -60 132.", `Your lever at 121 -60 132 and mine, together.`, nil},
		{"an escape block found by !searchForBlock", "escape_room", "Found stone_button at (129, -60, 124). Navigating...", `Pressing the stone_button at 129 -60 124.`, nil},
		{"an escape block in a room it cannot see", "escape_room", "Code Output:\nIn view: lever at 130 -60 132", `Jill_0, pull the lever at 121 -60 132 with me.`, []string{"hidden_block"}},
		{"an escape plate named in a command's words", "escape_room", "hello", `Stepping onto the oak_pressure_plate at 131 -60 124. !goToCoordinates(131, -60, 124, 0)`, []string{"hidden_block", "coordinate", "coordinate", "coordinate"}},
	} {
		e := ex("t", "Andy_0", "conversation", "train", 0, tc.context, tc.response)
		e.Meta.TaskType = tc.taskType
		r := run(t, e)
		var got []string
		for _, v := range r.Violations {
			got = append(got, v.Kind)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: violations %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestHiddenBlockOwnWords: an escape agent's own earlier words do not
// ground a block: only what its commands showed it and its teammates'
// messages do (a handmade trial whose agent names the teammate's room's
// lever before anyone described it, and again later).
func TestHiddenBlockOwnWords(t *testing.T) {
	e := export.Example{
		Messages: []export.Message{
			{Role: "system", Content: "You are a bot."},
			{Role: "user", Content: "Code Output:\nI am at 130 -60 128\nIn view: lever at 130 -60 132"},
			{Role: "assistant", Content: "Jill_0, your lever at 121 -60 132 first."},
			{Role: "user", Content: "Jill_0: (FROM OTHER BOT)ok"},
			{Role: "assistant", Content: "Pull the lever at 121 -60 132, then I pull the lever at 130 -60 132."},
		},
		Meta: export.Meta{TrialID: "t", Agent: "Andy_0", Kind: "conversation", Split: "train", Step: 1, TaskType: "escape_room", Model: "scripted"},
	}
	r := run(t, e)
	if len(r.Violations) != 1 || r.Violations[0].Kind != "hidden_block" || r.Violations[0].Value != "lever at 121 -60 132" {
		t.Errorf("violations %+v, want the one hidden lever", r.Violations)
	}
}

// Repeats: the same command after the same output with nothing new in
// between; runs of !stay; memory summaries that copy the old memory.
func TestLoopsAndMemory(t *testing.T) {
	var exs []export.Example
	for i := range 4 { // the same check after the same output: 3 repeats
		exs = append(exs, ex("t1", "Andy_0", "conversation", "train", i, "System output: Level 0 requires...", "Checking. !checkBlueprint"))
	}
	for i := range 5 {
		exs = append(exs, ex("t2", "Jill_0", "conversation", "train", i, fmt.Sprintf("Jill_0: (FROM OTHER BOT)message %d", i), "Waiting. !stay(10)"))
	}
	mem := func(old, resp string) export.Example {
		return export.Example{
			Messages: []export.Message{{Role: "system", Content: "Old Memory: '" + old + "'\nRecent conversation: \nhi"}, {Role: "assistant", Content: resp}},
			Meta:     export.Meta{TrialID: "t3", Agent: "Andy_0", Kind: "memory", Split: "train", TaskType: "cooking", Model: "scripted"},
		}
	}
	exs = append(exs, mem("I cook.", "I cook."), mem("I cook.", "I cook; Jill sent eggs."))
	r := run(t, exs...)
	if l := r.Loops; l.Repeats != 3 || l.LoopingAgents != 1 || !slices.Equal(l.LoopingTrials, []string{"t1"}) || l.StayRuns != 1 {
		t.Errorf("loops %+v", l)
	}
	if g := r.Overall; g.MemoryCalls != 2 || g.MemoryCopies != 1 {
		t.Errorf("memory: %d copies of %d calls", g.MemoryCopies, g.MemoryCalls)
	}
	if g := r.Overall; g.Examples != 11 || g.DistinctResponses != 4 {
		t.Errorf("overall %d examples, %d distinct", g.Examples, g.DistinctResponses)
	}
}

// Silent responses (whitespace only) count as examples and in the silent
// share; the language measures are over the spoken ones.
func TestSilentResponses(t *testing.T) {
	r := run(t,
		ex("t1", "Jill_0", "conversation", "train", 0, "hi", "Done here. !stay(30)"),
		ex("t1", "Jill_0", "conversation", "train", 1, "Code output:\nStayed for 30 seconds.", "\t"),
		ex("t1", "Jill_0", "conversation", "train", 2, "Code output:\nStayed for 30 seconds.", "\t"),
		ex("t1", "Jill_0", "conversation", "train", 3, "Andy_0: thanks", "All done, Andy_0. !stay(30)"),
	)
	g := r.Overall
	if g.Examples != 4 || g.Silent != 2 || g.SilentShare != 0.5 {
		t.Errorf("%d examples, %d silent (share %.2f), want 4, 2 (0.50)", g.Examples, g.Silent, g.SilentShare)
	}
	if g.DistinctResponses != 2 || g.DistinctShare != 1 || g.Templates != 2 || g.ResponseChars.P50 < 19 {
		t.Errorf("spoken: %d distinct (share %.2f), %d templates, median %d chars; want 2 (1.00), 2, >= 19",
			g.DistinctResponses, g.DistinctShare, g.Templates, g.ResponseChars.P50)
	}
}

// Exact and near duplicates between splits, both ways.
func TestOverlap(t *testing.T) {
	var exs []export.Example
	for i := range 20 {
		text := fmt.Sprintf("I have %d oak_planks and a crafting table, let me craft the chest for the team now please and after that we can go to the farm together, collect the wheat near the river, bake the bread in the furnace and bring everything back to the house before it gets dark", i)
		exs = append(exs, ex(fmt.Sprint("a", i), "Andy_0", "conversation", "train", 0, "context "+text, text))
	}
	// test: 5 exact copies of train examples, 5 with one word changed,
	// 10 unrelated.
	for i := range 5 {
		e := exs[i]
		e.Meta.Split, e.Meta.TrialID = "test", fmt.Sprint("b", i)
		exs = append(exs, e)
	}
	for i := 5; i < 10; i++ {
		text := fmt.Sprintf("I have %d oak_planks and a crafting table, let me craft the chest for the team now thanks and after that we can go to the farm together, collect the wheat near the river, bake the bread in the furnace and bring everything back to the house before it gets dark", i)
		exs = append(exs, ex(fmt.Sprint("c", i), "Andy_0", "conversation", "test", 0, "context "+text, text))
	}
	for i := range 10 {
		text := fmt.Sprintf("completely different words number %d about smelting iron in the furnace", i*7919)
		exs = append(exs, ex(fmt.Sprint("d", i), "Jill_0", "conversation", "test", 0, "other "+text, text))
	}
	r := run(t, exs...)
	var testInTrain *OverlapPair
	for i, p := range r.Overlap.Pairs {
		if p.Of == "test" && p.In == "train" {
			testInTrain = &r.Overlap.Pairs[i]
		}
	}
	if testInTrain == nil || testInTrain.ExactExampleCount != 5 || testInTrain.ExactExamples != 0.25 || testInTrain.NearExamples < 0.4 || testInTrain.NearExamples > 0.5 {
		t.Errorf("test in train: %+v", testInTrain)
	}
}

// blocks is a world for the blueprint checks: position -> block.
type blocks map[[3]int]string

func (b blocks) BlockAt(x, y, z int) string { return b[[3]int{x, y, z}] }

// TestViewerBuild: a construction trial's viewer data holds each level the
// agents read next to what was built, as of the last check they read.
func TestViewerBuild(t *testing.T) {
	bp := &blueprints.Blueprint{Levels: []blueprints.Level{
		{Level: 0, Coordinates: [3]int{10, 0, 20}, Placement: [][]string{{"stone", "stone"}, {"stone", "stone"}}},
		{Level: 1, Coordinates: [3]int{10, 1, 20}, Placement: [][]string{{"oak_planks", "air"}, {"air", "oak_planks"}}},
	}}
	w := blocks{{10, 0, 20}: "stone", {11, 0, 20}: "stone", {10, 0, 21}: "stone", {11, 0, 21}: "stone", {10, 1, 20}: "oak_planks", {11, 1, 20}: "dirt"}
	house := func(step int, context string) export.Example {
		e := ex("h#0", "Andy_0", "conversation", "train", step, context, "ok")
		e.Meta.TaskType, e.Meta.Score, e.Meta.Success = "construction", new(0.8), new(false)
		return e
	}
	got := runViewer(t,
		house(1, "Action output:\n"+bp.ExplainLevel(0)),
		house(2, "Action output:\n"+bp.ExplainLevel(1)),
		house(3, "Action output:\n"+bp.CheckAll(w)),
	)
	b := got.Build
	if b == nil || len(b.Levels) != 2 {
		t.Fatalf("build %+v", b)
	}
	l0, l1 := b.Levels[0], b.Levels[1]
	if l0.Wrong != 0 || !slices.Equal(l0.Built, l0.Blueprint) {
		t.Errorf("level 0: %+v", l0)
	}
	sym := map[string]string{}
	for s, name := range b.Legend {
		sym[name] = s
	}
	wantBuilt := []string{sym["oak_planks"] + sym["dirt"], "." + "."}
	if l1.Wrong != 2 || !slices.Equal(l1.Built, wantBuilt) || l1.AsOf != "the check Andy_0 read before step 3" {
		t.Errorf("level 1: %+v, want built %q", l1, wantBuilt)
	}
}

// runViewer replays examples of one trial through the viewer.
func runViewer(t *testing.T, exs ...export.Example) viewTrial {
	t.Helper()
	v := newViewer(10)
	for i := range exs {
		v.add(&exs[i])
	}
	trials := v.result()
	if len(trials) != 1 {
		t.Fatalf("%d trials", len(trials))
	}
	var got viewTrial
	if err := json.Unmarshal(trials[0].Data, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// templateByRegexp is Template as regular expressions write it, the
// reference the one-pass scanner is checked against.
func templateByRegexp(s string) string {
	s = regexp.MustCompile(`\b[A-Z][a-z]+[0-9]*_[0-9]+\b`).ReplaceAllString(s, "NAME")
	s = regexp.MustCompile(`[a-z][a-z0-9_]*`).ReplaceAllStringFunc(s, func(w string) string {
		if strings.Contains(w, "_") || len(w) > 3 {
			if mcdata.IsItem(w) || mcdata.IsBlock(w) {
				return "ITEM"
			}
		}
		return w
	})
	return regexp.MustCompile(`-?\b[0-9]+(?:\.[0-9]+)?\b`).ReplaceAllString(s, "N")
}

// TestTemplateScanner: the scanner masks as the regular expressions do,
// on responses of every kind (programs included) and on edge cases.
func TestTemplateScanner(t *testing.T) {
	texts := []string{
		"", "-60", "x-60", "a -1.5 b", "1.5.6", "60abc", "Oak_planks", "oak_planksX", "Hello Jill_0, Bob_12!", "Jill_", "_0",
		"level2 and 3 of 1.0", `!goToCoordinates(150.5, -60, -165, 1)`, "stone_bricks1 and 2stone", "smooth_stone, cobblestone.",
	}
	for _, tr := range scriptedTrials(t) {
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				texts = append(texts, x.Response)
			}
		}
	}
	for _, s := range texts {
		if got, want := Template(s), templateByRegexp(s); got != want {
			t.Errorf("Template(%q)\n = %q\nwant %q", s, got, want)
		}
	}
}

// scriptedTrials plays a few scripted trials of every kind.
func scriptedTrials(t *testing.T) []*trajectory.Trial {
	t.Helper()
	return playTrials(t, nil, []string{procgen.KindCrafting, procgen.KindCooking, procgen.KindConstruction}, []string{procgen.SplitTest}, 2, 4)
}
