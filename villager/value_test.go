package villager

import (
	"errors"
	"strings"
	"testing"
)

// The expected texts were printed by Python 3.11 (repr and
// json.dumps(ensure_ascii=False)) for the same values.
func TestReprAndJSONAsPython(t *testing.T) {
	dict := Dict{{"a", 1}, {"b", []any{1, 2.5, "x"}}, {"c", nil}, {"d", true}}
	cases := []struct {
		v          any
		repr, json string
	}{
		{dict, `{'a': 1, 'b': [1, 2.5, 'x'], 'c': None, 'd': True}`, `{"a": 1, "b": [1, 2.5, "x"], "c": null, "d": true}`},
		{"it's", `"it's"`, `"it's"`},
		{`say "hi"`, `'say "hi"'`, `"say \"hi\""`},
		{`both ' and "`, `'both \' and "'`, `"both ' and \""`},
		{"tab\there\nnew", `'tab\there\nnew'`, `"tab\there\nnew"`},
		{"é中😊\u200d", `'é中😊\u200d'`, "\"é中😊\u200d\""},
		{1e16, "1e+16", "1e+16"},
		{1e-5, "1e-05", "1e-05"},
		{0.1, "0.1", "0.1"},
		{100.0, "100.0", "100.0"},
		{123456789.125, "123456789.125", "123456789.125"},
		{Dict{{"k", Dict{{"n", []any{}}}}}, `{'k': {'n': []}}`, `{"k": {"n": []}}`},
		{Tuple{1}, "(1,)", "[1]"},
		{Tuple{"a", "b"}, "('a', 'b')", `["a", "b"]`},
	}
	for _, c := range cases {
		if got := Repr(c.v); got != c.repr {
			t.Errorf("Repr(%#v) = %s, want %s", c.v, got, c.repr)
		}
		if got := JSON(c.v); got != c.json {
			t.Errorf("JSON(%#v) = %s, want %s", c.v, got, c.json)
		}
	}
}

func TestParseJSONKeepsOrderAndPythonTypes(t *testing.T) {
	v, err := ParseJSON(`{"z": 1, "a": [2.0, "x", null, true], "z": 3, "big": 123456789012345678901}`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Repr(v), `{'z': 3, 'a': [2.0, 'x', None, True], 'big': 1.2345678901234568e+20}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, bad := range []string{`{"a": 1,}`, `{'a': 1}`, "{\"a\": \"x\ny\"}", `[1 2]`, strings.Repeat("[", 600) + strings.Repeat("]", 600)} {
		if _, err := ParseJSON(bad); err == nil {
			t.Errorf("ParseJSON(%.40q) read it", bad)
		}
	}
}

func TestExtractInfo(t *testing.T) {
	reply := "Here is the plan:\n```json\n[{\"id\": 1, \"description\": \"dig\", \"milestones\": [\"a\"], \"ok\": True}, // the first\n" +
		"{\"id\": 2, \"description\": \"place\", \"milestones\": []}]\n```\nand {'wrapped': {'description': 'x', 'milestones': None}}"
	got, err := ExtractInfo(reply, "description", "milestones")
	if err != nil {
		t.Fatal(err)
	}
	want := `[{'id': 1, 'description': 'dig', 'milestones': ['a'], 'ok': True}, {'id': 2, 'description': 'place', 'milestones': []}, {'description': 'x', 'milestones': None}]`
	if Repr(got) != want {
		t.Errorf("got  %s\nwant %s", Repr(got), want)
	}
	// No guard key found: the block is skipped, as VillagerAgent warns and goes on.
	if got, _ := ExtractInfo(`{"a": 1}`, "description"); len(got) != 0 {
		t.Errorf("a block without the guard keys gave %s", Repr(got))
	}
	if _, err := ExtractInfo(`{"a": [1, }`); !errors.Is(err, ErrNoData) {
		t.Errorf("a broken block: err %v, want ErrNoData", err)
	}
}

func TestFormatString(t *testing.T) {
	got, err := FormatString("{{a}} and {{b}}", Dict{{"b", []any{"x"}}, {"a", 1}})
	if err != nil || got != "1 and ['x']" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := FormatString("{{missing}}", Dict{}); err == nil || !strings.Contains(err.Error(), "key missing not found in data") {
		t.Errorf("missing key: %v", err)
	}
}

func TestSmartTruncate(t *testing.T) {
	small := Dict{{"n", 1}, {"s", "é"}}
	if got := SmartTruncate(small, 10); got != `{"n": 1, "s": "é"}` {
		t.Errorf("small: %s", got)
	}
	// Over 4*maxLength: numbers become '...', then strings shrink until it fits.
	long := Dict{{"n", 1}, {"list", []any{1, 2}}, {"s", strings.Repeat("a", 100)}}
	got := SmartTruncate(long, 10)
	if got != `{"n": "...", "list": "...", "s": "aaaaaaaaaaaaaaaaa..."}` && len([]rune(got)) > 40 {
		t.Errorf("long: %s (%d chars)", got, len([]rune(got)))
	}
}

func TestExecutorTextsAsLangChain(t *testing.T) {
	tools := MustTools("navigateTo", "placeBlock")
	sys := ExecutorSystem(tools)
	for _, want := range []string{
		"Respond to the human as helpfully and accurately as possible. You have access to the following tools:\n\nnavigateTo: navigateTo(player_name: str, x: int, y: int, z: int, emotion: list, murmur: str) - Move to a Specific Position x y z, return string result, args: {'player_name': {'title': 'Player Name', 'type': 'string'}",
		`Valid "action" values: "Final Answer" or navigateTo, placeBlock`,
		"```\n{\n  \"action\": $TOOL_NAME,",
		"Format is Action:```$JSON_BLOB```then Observation:.\nThought:",
	} {
		if !strings.Contains(sys, want) {
			t.Errorf("system message lacks %q", want)
		}
	}
	if got := ExecutorHuman("Your name is Bob.\ndo it", nil); got != "Your name is Bob.\ndo it\n\n" {
		t.Errorf("first human message %q", got)
	}
	two := ExecutorHuman("in", []Step{{"L1", "O1"}, {"L2", "O2"}})
	if !strings.HasSuffix(two, "final answer):\nL1\nObservation: O1\nThought:L2\nObservation: O2\nThought:") {
		t.Errorf("scratchpad %q", two)
	}
}

func TestParseAction(t *testing.T) {
	cases := []struct {
		reply string
		want  Action
		err   bool
	}{
		{"Thought: go\nAction:\n```\n{\"action\": \"navigateTo\", \"action_input\": {\"x\": 1}}\n```", Action{Tool: "navigateTo", Input: Dict{{"x", int64(1)}}}, false},
		{"```json\n[{\"action\": \"Final Answer\", \"action_input\": \"done\"}]\n```", Action{Finish: true, Output: "done"}, false},
		{"I think I am done.", Action{Finish: true, Output: "I think I am done."}, false},
		{"```\n{\"action\": \"x\", \"action_input\": {\"a\": }\n```", Action{}, true},
		{"```\n{\"tool\": \"x\"}\n```", Action{}, true},
	}
	for _, c := range cases {
		got, err := ParseAction(c.reply)
		if (err != nil) != c.err || Repr(got.Input) != Repr(c.want.Input) || got.Tool != c.want.Tool || got.Finish != c.want.Finish || got.Output != c.want.Output {
			t.Errorf("ParseAction(%q) = %+v, %v; want %+v (err %v)", c.reply, got, err, c.want, c.err)
		}
	}
	if got := InvalidTool("fly", MustTools("navigateTo", "placeBlock")); got != "fly is not a valid tool, try one of [navigateTo, placeBlock]." {
		t.Errorf("InvalidTool: %q", got)
	}
}

func TestParseLiteralReadsRepr(t *testing.T) {
	v := Dict{{"name", "it's"}, {"pos", []any{int64(-1), int64(-60), 2.5}}, {"ok", true}, {"none", nil},
		{"nested", Dict{{"q", `say "hi"`}, {"t", Tuple{int64(1), "a"}}}}, {"esc", "tab\tnew\nline é\u200d"}}
	got, err := ParseLiteral(Repr(v))
	if err != nil {
		t.Fatal(err)
	}
	if Repr(got) != Repr(v) {
		t.Errorf("round trip:\n got  %s\n want %s", Repr(got), Repr(v))
	}
	for _, bad := range []string{"{'a': 1", "[1, 2", "'open", "{'a' 1}", "nope"} {
		if _, err := ParseLiteral(bad); err == nil {
			t.Errorf("ParseLiteral(%q) read it", bad)
		}
	}
}
