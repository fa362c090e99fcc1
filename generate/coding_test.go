package generate

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// codeWorld is the fake world with `!newAction` and code blocks: a block
// holding "lint" fails the lint, one holding "throw" throws, any other
// runs for 1.5 s; a block holding "craft" gives the agent the target.
type codeWorld struct {
	*fakeWorld
	codes []string // every block run, in order
}

const disabledText = "newAction not allowed! Code writing is disabled in settings. Notify the user."

var newActionRe = regexp.MustCompile(`!newAction\("[^"]*"\)`)

func (w *codeWorld) Execute(agent int, response string) world.CommandResult {
	loc := newActionRe.FindStringIndex(response)
	if loc == nil || strings.Index(response, "!") < loc[0] {
		return w.fakeWorld.Execute(agent, response)
	}
	return world.CommandResult{
		Command: "!newAction", CommandText: response[loc[0]:loc[1]], Response: response[:loc[1]], Output: disabledText,
	}
}

func (w *codeWorld) ExecuteCode(agent int, code string) CodeResult {
	w.codes = append(w.codes, code)
	switch {
	case strings.Contains(code, "lint"):
		return CodeResult{Kind: CodeLintError, Message: "Error: Code lint error:\n#### CODE ERROR INFO ###\n#ERROR 1\nPlease try again."}
	case strings.Contains(code, "throw"):
		return CodeResult{Kind: CodeThrew, Message: "Code Output:\nAction output:\n\nCODE EXECUTION THREW ERROR: Error: thrown\n Please try again:",
			Duration: 500 * time.Millisecond}
	}
	if strings.Contains(code, "craft") {
		w.inv[agent][w.target]++
	}
	return CodeResult{Kind: CodeFinished, Message: "Agent wrote this code: \n```" + code + "```\nCode Output:\nAction output:\nbuilt\n",
		Duration: 1500 * time.Millisecond}
}

// codingFixture is one agent over codeWorld answering replies in order,
// conversation and coding calls alike.
func codingFixture(replies ...string) (*fixture, *codeWorld) {
	f := newFixture(craftTask(1), nil, "ladder", replies)
	cw := &codeWorld{fakeWorld: f.world}
	return f, cw
}

func runCoding(t *testing.T, f *fixture, w World, cfg Config) (*TrialResult, *fullRecorder) {
	t.Helper()
	rec := &fullRecorder{}
	res, err := Run(t.Context(), TrialSpec{Task: f.task, World: w, Team: []Seat{{Name: "Andy_0", Backend: f.backs[0]}},
		Seed: 7, Config: cfg, Recorder: rec})
	if err != nil {
		t.Fatal(err)
	}
	return res, rec
}

type fullRecorder struct{ got []trajectory.Transition }

func (r *fullRecorder) Record(_ int, t trajectory.Transition) { r.got = append(r.got, t) }

const askCode = `I'll build it. !newAction("Build a wall")`

// codingTurns returns the coder's messages of each coding call.
func codingTurns(b *scriptBackend) [][]trajectory.Message {
	var out [][]trajectory.Message
	for _, r := range b.reqs {
		if r.Kind == trajectory.KindCoding {
			out = append(out, r.View.Turns)
		}
	}
	return out
}

func sys(s string) trajectory.Message       { return trajectory.Message{Role: "system", Content: s} }
func assistant(s string) trajectory.Message { return trajectory.Message{Role: "assistant", Content: s} }

// The coder loop's branches, texts and ends, as coder.js generateCode.
func TestCodingLoop(t *testing.T) {
	const (
		lint  = "```lint```"
		throw = "Trying. ```throw()```"
		ok    = "```await build();```"
	)
	lintMsg := "Error: Code lint error:\n#### CODE ERROR INFO ###\n#ERROR 1\nPlease try again."
	threwMsg := "Code Output:\nAction output:\n\nCODE EXECUTION THREW ERROR: Error: thrown\n Please try again:"
	done := func(code string) string {
		return "Agent wrote this code: \n```" + code + "```\nCode Output:\nAction output:\nbuilt\n"
	}
	for _, tc := range []struct {
		name    string
		replies []string
		added   [][]trajectory.Message // what each coding call added to the coder's messages after the previous one
		codes   []string
		output  string
	}{
		{
			name:    "no code four times",
			replies: []string{askCode, "I will.", "Sure.", "OK.", "Fine."},
			added:   [][]trajectory.Message{nil, {sys(noCodeText)}, {sys(noCodeText)}, {sys(noCodeText)}},
			output:  "Action failed, agent would not write code.",
		},
		{
			name:    "newAction instead of code",
			replies: []string{askCode, `Plan first. !newAction("wall")`, ok},
			added:   [][]trajectory.Message{nil, {assistant("Plan first. ")}},
			codes:   []string{"await build();"},
			output:  done("await build();"),
		},
		{
			name:    "lint error then success",
			replies: []string{askCode, lint, ok},
			added:   [][]trajectory.Message{nil, {sys(lintMsg)}},
			codes:   []string{"lint", "await build();"},
			output:  done("await build();"),
		},
		{
			name:    "threw then success",
			replies: []string{askCode, throw, ok},
			added:   [][]trajectory.Message{nil, {assistant(throw), sys(threwMsg)}},
			codes:   []string{"throw()", "await build();"},
			output:  done("await build();"),
		},
		{
			name:    "five failures",
			replies: []string{askCode, throw, lint, "no code", throw, throw},
			added: [][]trajectory.Message{nil, {assistant(throw), sys(threwMsg)}, {sys(lintMsg)}, {sys(noCodeText)},
				{assistant(throw), sys(threwMsg)}},
			codes:  []string{"throw()", "lint", "throw()", "throw()"},
			output: "Code generation failed after 5 attempts.",
		},
		{
			name:    "one fence is its own code",
			replies: []string{askCode, "here ```x"},
			added:   [][]trajectory.Message{nil},
			codes:   []string{"```"},
			output:  done("```"),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, w := codingFixture(tc.replies...)
			res, rec := runCoding(t, f, w, Config{Coding: CodingOn})
			andy := res.Agents[0]
			turns := codingTurns(f.backs[0])
			if len(turns) != len(tc.added) {
				t.Fatalf("%d coding calls, want %d", len(turns), len(tc.added))
			}
			start := slices.Index(andy.History, assistant(askCode))
			want := append(slices.Clone(andy.History[:start+1]), sys(codingStarted))
			for i, add := range tc.added {
				want = append(want, add...)
				if !slices.Equal(turns[i], want) {
					t.Errorf("coding call %d turns:\n%q\nwant\n%q", i, turns[i], want)
				}
			}
			if !slices.Equal(w.codes, tc.codes) {
				t.Errorf("codes run %q, want %q", w.codes, tc.codes)
			}
			// The action's output is the next history turn, as it is, and
			// the !newAction call's output.
			if andy.History[start+1] != sys(tc.output) {
				t.Errorf("turn after !newAction: %q, want %q", andy.History[start+1], tc.output)
			}
			call := andy.Transitions[0]
			if call.Kind != trajectory.KindConversation || call.Command != `!newAction("Build a wall")` || call.Output != tc.output {
				t.Errorf("!newAction call: %s %q -> %q", call.Kind, call.Command, call.Output)
			}
			for i, tr := range andy.Transitions {
				if tr.Step != i || (i >= 1 && i <= len(tc.added)) != (tr.Kind == trajectory.KindCoding) {
					t.Errorf("transition %d: step %d kind %s", i, tr.Step, tr.Kind)
				}
			}
			// The recorder sees every transition once, in order, the
			// !newAction call with its output.
			if !slices.EqualFunc(rec.got, andy.Transitions, transitionsEqual) {
				t.Errorf("recorded %d transitions, not the trial's %d", len(rec.got), len(andy.Transitions))
			}
		})
	}
}

func transitionsEqual(a, b trajectory.Transition) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// A coding call is one model call: the coding prompt, filled like the
// conversing one, over the coder's messages; simulated time counts its
// think time and the code's duration.
func TestCodingCallPrompt(t *testing.T) {
	f, w := codingFixture(askCode, "```lint```", "```ok```", "Done.")
	p := PaperPrompts()
	p.CodeDocs = []string{"skills.breakBlockAt\nBreak a block.", "skills.placeBlock\nPlace a block.", "world.getPosition\nGet it.", "skills.wait\nWait."}
	res, _ := runCoding(t, f, w, Config{Coding: CodingOn, Prompts: &p})
	trs := res.Agents[0].Transitions
	if len(trs) < 4 || trs[1].SimTime != 2 || trs[2].SimTime != 4 || trs[3].SimTime != 7.5 {
		t.Fatalf("transitions %+v; want calls at 0, 2, 4 and, after 2 s of thinking and 1.5 s of code, 7.5", trs)
	}
	if got := res.ActiveSeconds[0]; got < 7.5 {
		t.Errorf("active %g s, want the coding calls and the code counted", got)
	}
	req := f.backs[0].reqs[1]
	if req.Kind != trajectory.KindCoding || req.Seed != callSeed(7, 0, 1) {
		t.Errorf("coding request kind %s seed %d", req.Kind, req.Seed)
	}
	prompt := req.Messages[0].Content
	for _, want := range []string{
		"You are an intelligent mineflayer bot Andy_0 focused on completing the task: Craft a ladder.\n\nYou have been provided with: You start the task with an empty inventory.\n\n",
		"good luck!\n\nYOUR CURRENT ASSIGNED GOAL: \"Craft a ladder.\"\n\nSummarized memory: ''\n\nSTATS\n",
		"\n#### RELEVANT CODE DOCS ###\nThe following functions are available to use:\nskills.placeBlock\nPlace a block.\n### skills.wait\nWait.\n### skills.breakBlockAt\nBreak a block.\nExamples of how to respond:\nExample 1:\n",
		"\n\n\nConversation:",
	} {
		if !strings.Contains(prompt, want) {
			t.Errorf("coding prompt lacks %q:\n%s", want, prompt)
		}
	}
	if want := WireStrict.Messages(prompt, req.View.Turns); !slices.Equal(req.Messages, want) {
		t.Errorf("coding messages are not the wire form of prompt and turns")
	}
}

// Code that completes the task ends the trial at once, as a command does;
// the recorder still gets the !newAction call with its output first.
func TestCodingSuccessEndsTrial(t *testing.T) {
	f, w := codingFixture(askCode, "```craft```")
	res, rec := runCoding(t, f, w, Config{Coding: CodingOn})
	trs := res.Agents[0].Transitions
	if !res.Outcome.Success || res.SimSeconds != 4 || len(trs) != 2 || !slices.EqualFunc(rec.got, trs, transitionsEqual) ||
		trs[0].Output != trs[1].Output || !strings.HasPrefix(trs[0].Output, "Agent wrote this code: ") {
		t.Errorf("outcome %+v at %g s, transitions %+v", res.Outcome, res.SimSeconds, trs)
	}
}

func TestCodingOffAnswersDisabled(t *testing.T) {
	for _, cfg := range []Config{{Coding: CodingOff}, {}} { // auto is off for crafting
		f, w := codingFixture(askCode)
		res, _ := runCoding(t, f, w, cfg)
		h := res.Agents[0].History
		if i := slices.Index(h, assistant(askCode)); i < 0 || h[i+1] != sys(disabledText) || len(w.codes) != 0 {
			t.Errorf("coding %q: history %q", cfg.Coding, h)
		}
		for _, tr := range res.Agents[0].Transitions {
			if tr.Kind == trajectory.KindCoding {
				t.Errorf("coding %q: a coding call", cfg.Coding)
			}
		}
	}
}

// A World that cannot run code ends the trial with an error at the first
// !newAction, never silently answering "disabled".
func TestCodingNeedsCodeWorld(t *testing.T) {
	f, w := codingFixture(askCode)
	res, rec := runCoding(t, f, struct{ World }{w}, Config{Coding: CodingOn})
	if res.Outcome.EndReason != trajectory.EndError || !strings.Contains(res.Error, "cannot run code") || len(rec.got) != 1 {
		t.Errorf("outcome %+v, error %q, %d recorded", res.Outcome, res.Error, len(rec.got))
	}
}

func TestCodingSetting(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		if !k.PlayedBy("p2p") {
			continue // no MINDcraft agents, no code
		}
		if _, ok := codingByDefault[k]; !ok {
			t.Errorf("kind %s: no entry in codingByDefault", k.Name)
		}
	}
	for _, tc := range []struct {
		flag     string
		taskType string
		want     bool
	}{
		{"", procgen.TypeConstruction, true}, {"auto", procgen.TypeConstruction, true},
		{"auto", procgen.TypeCrafting, false}, {"auto", procgen.TypeCooking, false}, {"auto", "unknown", false},
		{"on", procgen.TypeCooking, true}, {"off", procgen.TypeConstruction, false},
	} {
		c, err := ParseCoding(tc.flag)
		if err != nil || c.enabled(tc.taskType) != tc.want {
			t.Errorf("--coding %q for %s: %v, %v; want %v", tc.flag, tc.taskType, c.enabled(tc.taskType), err, tc.want)
		}
	}
	if _, err := ParseCoding("yes"); err == nil {
		t.Error("ParseCoding accepted yes")
	}
}

// Auto, the default, is left out of run.json's config, so a run made
// before coding mode existed resumes; on and off are recorded.
func TestRunConfigCoding(t *testing.T) {
	for _, tc := range []struct {
		coding Coding
		want   string
	}{{"", ""}, {CodingAuto, ""}, {CodingOn, `,"coding":"on"`}, {CodingOff, `,"coding":"off"`}} {
		c := BatchConfig{TrialsPerTask: 1, Seed: 1, Backends: Backends{Default: "scripted"}, Wire: WireStrict, Coding: tc.coding}
		b, err := json.Marshal(c.runConfig([]trajectory.TaskFile{{SHA256: "ab"}}, nil))
		if err != nil {
			t.Fatal(err)
		}
		want := `{"task_files":["ab"],"trials_per_task":1,"seed":1,"backend":"scripted","profile":"minecollab","dialect":"current","wire":"strict","think_time":0,"max_turns":0` + tc.want + "}"
		if string(b) != want {
			t.Errorf("coding %q: config %s, want %s", tc.coding, b, want)
		}
	}
}

func TestCodingExamplesSelection(t *testing.T) {
	pool := [][]trajectory.Message{
		{{Role: "user", Content: "greg: Collect 10 wood"}, {Role: "assistant", Content: "a"}},
		{{Role: "user", Content: "bob: build a stone wall"}, {Role: "assistant", Content: "b"}},
		{{Role: "user", Content: "sue: cook some chicken"}, {Role: "assistant", Content: "c"}},
	}
	msgs := []trajectory.Message{{Role: "user", Content: "Jill_0: build a wall please"}, {Role: "assistant", Content: "wood wood wood"}}
	got := selectExamples(nil, pool, msgs, 2)
	if !strings.HasPrefix(got, "Examples of how to respond:\nExample 1:\nUser input: bob: build a stone wall\nYour output:\nb\n\nExample 2:\nUser input: greg: Collect 10 wood\n") {
		t.Errorf("examples:\n%s", got)
	}
	// Ties keep the order the last call left: greg stays before sue.
	if pool[0][0].Content != "bob: build a stone wall" || pool[1][0].Content != "greg: Collect 10 wood" {
		t.Errorf("pool order %q", pool)
	}
	if s := wordOverlapScore("Build a wall!", "a WALL\nof stone"); s != 1.0/5 { // {build,a,wall} vs {a,wallof,stone}
		t.Errorf("wordOverlapScore = %g, want 0.2", s)
	}
}

// Coding calls are stored like conversation calls: with the coding
// prompt's static parts as the run's blobs, every message reads back byte
// for byte.
func TestCodingCallsRecordExactly(t *testing.T) {
	f, w := codingFixture(askCode, "Trying. ```throw()```", "```ok```")
	p := PaperPrompts()
	p.CodeDocs = []string{"skills.placeBlock\nPlace a block, whose doc is long enough to be a blob.", "skills.wait\nWait."}
	res, _ := runCoding(t, f, w, Config{Coding: CodingOn, Prompts: &p})
	blobs := map[string]string{}
	for _, s := range append(p.StaticTexts(f.task.Type), p.CodingStaticTexts()...) {
		blobs[trajectory.BlobID(s)] = s
	}
	dir := t.TempDir()
	tw, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "coding", Config: json.RawMessage(`{}`), Blobs: blobs}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	trial := &trajectory.Trial{TrialID: "ladder#0", TaskID: "ladder", TaskType: f.task.Type, Outcome: res.Outcome, Agents: res.Agents}
	if err := tw.Write(trial); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := trajectory.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for got, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		want := res.Agents[0].Transitions
		if !slices.EqualFunc(got.Agents[0].Transitions, want, transitionsEqual) {
			t.Errorf("transitions read back differ")
		}
		for _, tr := range want {
			if tr.Kind == trajectory.KindCoding {
				n++
			}
		}
	}
	if n != 2 {
		t.Errorf("%d coding calls read back, want 2", n)
	}
}

// The paper's prompts record no profile, so runs made before profiles
// existed (with the CLI's old default dialect, paper) keep their
// fingerprint.
func TestRunConfigPaperProfile(t *testing.T) {
	paper, err := LoadProfiles(ProfilePaper)
	if err != nil {
		t.Fatal(err)
	}
	c := BatchConfig{TrialsPerTask: 1, Seed: 1, Backends: Backends{Default: "scripted"}, Wire: WireStrict, Profiles: paper}
	b, _ := json.Marshal(c.runConfig([]trajectory.TaskFile{{SHA256: "ab"}}, nil))
	if want := `{"task_files":["ab"],"trials_per_task":1,"seed":1,"backend":"scripted","dialect":"paper","wire":"strict","think_time":0,"max_turns":0}`; string(b) != want {
		t.Errorf("config %s, want %s", b, want)
	}
}

// The word ids give wordOverlapScore's figure, counted with a map as the
// JavaScript counts it, on drawn texts: repeats, empty words (doubled
// spaces), case, dropped characters, and words no example has.
func TestOverlapIsTheMapCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 3))
	words := []string{"a", "A", "wall", "Wall!", "stone", "", " ", "build", "of", "x1", "é", "wood", "sue's", "zz"}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteString([]string{" ", "  ", "\n", ""}[rng.IntN(4)])
		}
		return b.String()
	}
	mapCount := func(text1, text2 string) float64 {
		w1, w2 := overlapWords(text1), overlapWords(text2)
		set := map[string]bool{}
		for _, w := range w2 {
			set[w] = true
		}
		inter := 0
		for _, w := range w1 {
			if set[w] {
				inter++
			}
		}
		return float64(inter) / float64(len(w1)+len(w2)-inter)
	}
	for range 5000 {
		t1, t2 := text(), text()
		if got, want := wordOverlapScore(t1, t2), mapCount(t1, t2); got != want {
			t.Fatalf("wordOverlapScore(%q, %q) = %g, the map count %g", t1, t2, got, want)
		}
	}
}

// A call's words read from its turns are those of turnsToText's text, on
// drawn turns: roles, names or none, spaces and other white space at the
// ends, empty turns, words that join across turns; read afresh (a nil
// cache) and through a cache that keeps the turns of earlier draws (the
// next call's history holds the last one's), while the vocabulary grows
// (a cached turn's words must be read again) and past the cache's bound.
func TestQueryOfTurnsIsTheText(t *testing.T) {
	_ = newPoolExample("build a wall of stone wood x the")
	rng := rand.New(rand.NewPCG(34, 4))
	parts := []string{"greg:", "Andy_0: ", ":", " ", "  ", "\n", "\t", "\u00a0", "\ufeff", "\u0085", "build", "Wall", "of", "x", "the", "é", "!", "s", "tone", "bui", "ld", ""}
	var cache turnWordsCache
	var turns []trajectory.Message
	for i := range 20000 {
		if rng.IntN(4) == 0 {
			turns = turns[:0] // a new history
		} else {
			turns = turns[:rng.IntN(len(turns)+1)] // some of the last one's turns
		}
		for range rng.IntN(5) {
			var b strings.Builder
			for range rng.IntN(8) {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			turns = append(turns, trajectory.Message{Role: []string{"user", "assistant", "system"}[rng.IntN(3)], Content: b.String()})
		}
		want := queryOf(turnsToText(turns))
		if got := (*turnWordsCache)(nil).query(turns); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %+v from the turns, %+v from the text", turns, got, want)
		}
		if got := cache.query(turns); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %+v from the cached turns, %+v from the text", turns, got, want)
		}
		if i%500 == 0 {
			// A word of a cached turn becomes the vocabulary's: the
			// turn's cached words are stale.
			fresh := "fresh" + string(rune('a'+i/500%26)) + string(rune('a'+i/500/26))
			turns = append(turns, trajectory.Message{Role: "user", Content: "greg: the " + fresh + " wall"})
			_ = cache.query(turns)
			_ = newPoolExample(fresh)
			want := queryOf(turnsToText(turns))
			if got := cache.query(turns); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: %+v from the cached turns, %+v from the text, after the vocabulary grew", turns, got, want)
			}
		}
	}
	if len(cache.byText) >= maxCachedTurns || len(cache.byText) < 100 {
		t.Errorf("the cache holds %d turns, want some and fewer than %d", len(cache.byText), maxCachedTurns)
	}
}

// TestTurnWordsCacheIsBounded: past maxCachedTurns distinct turns read
// with the vocabulary unchanged, the cache starts again, and reads the
// same as before.
func TestTurnWordsCacheIsBounded(t *testing.T) {
	_ = newPoolExample("bound wall")
	var cache turnWordsCache
	for i := range maxCachedTurns + 100 {
		turns := []trajectory.Message{{Role: "user", Content: "greg: bound wall " + strings.Repeat("x", i%7) + string(rune(0x4e00+i))}}
		if got, want := cache.query(turns), queryOf(turnsToText(turns)); !reflect.DeepEqual(got, want) {
			t.Fatalf("turn %d: %+v from the cache, %+v from the text", i, got, want)
		}
		if len(cache.byText) > maxCachedTurns {
			t.Fatalf("turn %d: the cache holds %d turns, past its bound %d", i, len(cache.byText), maxCachedTurns)
		}
	}
	if len(cache.byText) > 200 {
		t.Errorf("the cache holds %d turns after its bound was reached, want it started again", len(cache.byText))
	}
}
