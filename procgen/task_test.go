package procgen

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// rawTasks decodes a task file generically (task id -> field -> value).
func rawTasks(t *testing.T, data []byte) map[string]map[string]any {
	t.Helper()
	var m map[string]map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRoundTripMINDcraftFiles(t *testing.T) {
	for _, name := range []string{"mindcraft_crafting.json", "mindcraft_cooking.json", "mindcraft_construction.json"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name)
			orig, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tasks, err := ReadTaskFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, err := EncodeTasks(tasks)
			if err != nil {
				t.Fatal(err)
			}
			want, got := rawTasks(t, orig), rawTasks(t, out)
			if len(want) != len(got) {
				t.Fatalf("%d tasks in, %d out", len(want), len(got))
			}
			for id, w := range want {
				g := got[id]
				// A crafting task always gets requires_ctable (MINDcraft's
				// newer files always have it); older files lack it.
				if _, ok := w["requires_ctable"]; !ok && w["type"] == TypeCrafting {
					if g["requires_ctable"] != false {
						t.Errorf("%s: requires_ctable = %v, want false", id, g["requires_ctable"])
					}
					delete(g, "requires_ctable")
				}
				if !reflect.DeepEqual(w, g) {
					t.Errorf("%s changed in a round trip:\n in: %v\nout: %v", id, w, g)
				}
			}
			// Decoding our output gives the same tasks, in the same order.
			again, err := DecodeTasks(out)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(again, tasks) {
				t.Errorf("decode(encode(tasks)) differs from tasks")
			}
			out2, _ := EncodeTasks(again)
			if !bytes.Equal(out, out2) {
				t.Errorf("second encoding differs from the first")
			}
		})
	}
}

func TestReadKeepsFileOrderAndFields(t *testing.T) {
	tasks, err := ReadTaskFile("testdata/mindcraft_cooking.json")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tk := range tasks {
		ids = append(ids, tk.ID)
	}
	want := []string{
		"multiagent_cooking_2_1_bread_1_golden_apple",
		"multiagent_cooking_2_1_baked_potato_1_cake",
		"multiagent_cooking_bread_golden_apple_hells_kitchen",
	}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("ids = %v, want %v", ids, want)
	}
	first := tasks[0]
	if first.Target.Counts["golden_apple"] != 1 || first.Target.Counts["bread"] != 1 {
		t.Errorf("target counts = %v", first.Target.Counts)
	}
	if got := first.Goal.ForAgent(0); got != "Collaborate with other agents around you to make golden_apple, bread." {
		t.Errorf("goal for agent 0 = %q", got)
	}
	if !reflect.DeepEqual(first.BlockedAccessToRecipe, []string{"0"}) {
		t.Errorf("blocked_access_to_recipe = %v", first.BlockedAccessToRecipe)
	}
	hk := tasks[2]
	if !reflect.DeepEqual(hk.Target.List, []string{"bread", "golden_apple"}) {
		t.Errorf("hell's kitchen target = %#v", hk.Target)
	}
	if string(hk.Extra["difficulty"]) != `"medium"` || hk.Extra["task_type"] == nil || hk.Difficulty != nil {
		t.Errorf("MINDcraft extras not kept: extra=%v difficulty=%v", hk.Extra, hk.Difficulty)
	}
	if hk.Timeout != 300 || hk.AgentCount != 2 || hk.InitialInventory["1"]["apple"] != 1 {
		t.Errorf("fields not read: %+v", hk)
	}

	crafting, err := ReadTaskFile("testdata/mindcraft_crafting.json")
	if err != nil {
		t.Fatal(err)
	}
	c := crafting[0]
	if c.Target.Item != "pink_wool" || c.NumberOfTarget != 1 || *c.MaxDepth != 1 || *c.Depth != 0 ||
		c.Goal.Text != "Collaborate with other agents to craft an pink_wool" || c.MissingItems == nil {
		t.Errorf("crafting task not read: %+v", c)
	}
}

func TestCollabcraftFieldsRoundTrip(t *testing.T) {
	in := []Task{{
		ID: "x", Type: TypeCooking, AgentCount: 2,
		Goal:             Goal{PerAgent: map[string]string{"0": "a <b> & c", "1": "d"}},
		InitialInventory: map[string]map[string]int{"0": {"bowl": 1}, "1": {}},
		Timeout:          500,
		Target:           Target{Counts: map[string]int{"cake": 1}},
		Recipes:          map[string][]string{"cake": {"Step 1: x"}},
		ChestItems:       map[string]int{"milk_bucket": 3},
		Split:            "train", Seed: 1 << 60,
		Difficulty: map[string]any{"dishes": float64(2)},
		Generator:  &Generator{Name: "cooking", Version: "1"},
	}}
	out, err := EncodeTasks(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"a <b> & c"`) {
		t.Errorf("texts are HTML-escaped: %s", out)
	}
	back, err := DecodeTasks(out)
	if err != nil {
		t.Fatal(err)
	}
	in[0].BlockedAccessToRecipe = []string{} // cooking always writes it
	if !reflect.DeepEqual(back, in) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back[0], in[0])
	}
}

func TestWriteTaskFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tasks.json")
	tasks, err := ReadTaskFile("testdata/mindcraft_crafting.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(path)
	// A failing write (duplicate ids) leaves the old file untouched and
	// no temporary file behind.
	bad := append(tasks, tasks[0])
	if err := WriteTaskFile(path, bad); err == nil || !strings.Contains(err.Error(), "duplicate task id") {
		t.Fatalf("err = %v, want duplicate task id", err)
	}
	now, _ := os.ReadFile(path)
	if !bytes.Equal(first, now) {
		t.Error("failed write changed the file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want 1", len(entries))
	}
	if !bytes.HasPrefix(first, []byte("{\n  \"multiagent_crafting_pink_wool_full_plan__depth_0\": {\n    \"type\": \"techtree\",")) {
		t.Errorf("unexpected layout:\n%.200s", first)
	}
}

func TestDecodeErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a": {"type": "techtree",}}`, `task "a": malformed JSON`},
		{`{"a": {"type": "techtree"}`, "malformed JSON: unexpected end of file"},
		{`[1, 2]`, "expected a JSON object of task id -> task"},
		{`{"a": {"agent_count": "two"}}`, `task "a": field "agent_count": expected an integer, got "two"`},
		{`{"a": {"timeout": 1.5}}`, `task "a": field "timeout": expected an integer number of seconds, got 1.5`},
		{`{"a": {"goal": 3}}`, `task "a": field "goal": expected a string or an object of agent id -> string, got 3`},
		{`{"a": {"target": true}}`, `task "a": field "target": expected an item name, an object of item -> count, or a list of items, got true`},
		{`{"a": {"initial_inventory": {"0": {"stone": "x"}}}}`, `field "initial_inventory": expected an object of agent id -> {item: count}`},
		{`{"a": 5}`, `task "a": expected a task object, got 5`},
		{`{"a": {}, "a": {}}`, `task "a": duplicate task id`},
		{`{"a": {}} x`, "unexpected data after the task object"},
	}
	for _, c := range cases {
		_, err := DecodeTasks([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeTasks(%s) = %v, want error containing %q", c.in, err, c.want)
		}
	}
	_, err := ReadTaskFile(filepath.Join(t.TempDir(), "none.json"))
	if err == nil || !strings.HasPrefix(err.Error(), "procgen: ") {
		t.Errorf("missing file: %v", err)
	}
}

func TestReadTaskFileNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(path, []byte("{\n\"a\": {\"type\": \"cooking\"},\n\"b\": {\"agent_count\": -}\n}"), 0o644)
	_, err := ReadTaskFile(path)
	if err == nil || !strings.Contains(err.Error(), path+`: task "b": malformed JSON`) {
		t.Fatalf("err = %v", err)
	}
}

func TestEncodeKeepsScalarArraysOnOneLine(t *testing.T) {
	tasks, err := ReadTaskFile("testdata/mindcraft_construction.json")
	if err != nil {
		t.Fatal(err)
	}
	tasks[0].Seed = 1<<53 - 1 // numbers are written exactly
	out, err := EncodeTasks(tasks)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\n            [\"air\", \"stone_bricks\", \"stone_bricks\", \"oak_door\", \"stone_bricks\", \"air\", \"air\"],\n",
		"\n          \"coordinates\": [-18, -59, 30],\n",
		"\n    \"seed\": 9007199254740991\n",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if !json.Valid(out) {
		t.Error("output is not valid JSON")
	}
}

func TestPrettyKeepsStringsIntact(t *testing.T) {
	in := `{"a":["x,[y]","q\"{",1,true,null],"b":{"c":[],"d":{},"e":[["p"],[]]},"f":"\u00e9 <&>"}`
	out, err := pretty([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "a": ["x,[y]", "q\"{", 1, true, null],
  "b": {
    "c": [],
    "d": {},
    "e": [
      ["p"],
      []
    ]
  },
  "f": "\u00e9 <&>"
}
`
	if string(out) != want {
		t.Errorf("pretty:\n%s\nwant:\n%s", out, want)
	}
}

// Writing over a directory, or below a file, fails with one line naming
// the path, and leaves nothing behind.
func TestWriteTaskFileBadPaths(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		dir:                              "procgen: write " + dir + ": is a directory (expected a file name)",
		filepath.Join(file, "t.json"):    "procgen: write " + filepath.Join(file, "t.json") + ": mkdir " + file + ": not a directory",
		filepath.Join(dir, "new/t.json"): "",
	} {
		err := WriteTaskFile(path, nil)
		if want == "" && err != nil || want != "" && (err == nil || err.Error() != want) {
			t.Errorf("WriteTaskFile(%s) = %v, want %q", path, err, want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("directory holds %d entries, want afile and new", len(entries))
	}
}

// human_count: generated tasks write 0 (MINDcraft then adds the
// collaboration sentence), MINDcraft's files without it round-trip
// without it, and human players are refused.
func TestHumanCount(t *testing.T) {
	tasks, err := Generate(KindCrafting, GenerateOptions{Options: Options{Split: SplitTest, Agents: 2, N: 1, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(tasks[0])
	if !strings.Contains(string(b), `"agent_count":2,"human_count":0,`) {
		t.Errorf("generated task: %s", b)
	}
	var absent Task
	if err := json.Unmarshal([]byte(`{"type":"techtree","goal":"g","agent_count":2,"initial_inventory":{},"target":"stick"}`), &absent); err != nil || absent.HumanCount != nil {
		t.Fatalf("absent human_count: %v, %v", absent.HumanCount, err)
	}
	if b, _ := json.Marshal(absent); strings.Contains(string(b), "human_count") {
		t.Errorf("absent human_count written back: %s", b)
	}
	var human Task
	if err := json.Unmarshal([]byte(`{"type":"techtree","goal":"g","agent_count":1,"human_count":1,"initial_inventory":{},"target":"stick"}`), &human); err != nil {
		t.Fatal(err)
	}
	human.ID = "h"
	found := false
	for _, p := range ValidateTask(&human) {
		found = found || (p.Field == "human_count" && strings.Contains(p.Message, "not simulated"))
	}
	if !found {
		t.Errorf("human_count 1 accepted: %v", ValidateTask(&human))
	}
}

// A task file is encoded a task at a time; it must be the bytes pretty
// gives the whole document, as when it was encoded at once.
func TestEncodeTasksIsPrettyOfTheWholeFile(t *testing.T) {
	for _, kind := range []string{KindCrafting, KindCooking, KindConstruction} {
		tasks, err := Generate(kind, GenerateOptions{Options: Options{Split: SplitTrain, Agents: 3, N: 12, Seed: 5}})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, len(tasks)} {
			var doc bytes.Buffer
			doc.WriteByte('{')
			for i, task := range tasks[:n] {
				if i > 0 {
					doc.WriteByte(',')
				}
				k, _ := json.Marshal(task.ID)
				v, err := task.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				doc.Write(k)
				doc.WriteByte(':')
				doc.Write(v)
			}
			doc.WriteByte('}')
			want, err := pretty(doc.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			got, err := EncodeTasks(tasks[:n])
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s, %d tasks: EncodeTasks differs from pretty of the whole file", kind, n)
			}
			path := filepath.Join(t.TempDir(), "tasks.json")
			if err := WriteTaskFile(path, tasks[:n]); err != nil {
				t.Fatal(err)
			}
			if file, _ := os.ReadFile(path); !bytes.Equal(file, want) {
				t.Fatalf("%s, %d tasks: WriteTaskFile wrote other bytes than EncodeTasks", kind, n)
			}
		}
	}
}

// A task that does not encode fails the file's write, which leaves the
// file as it was.
func TestWriteTaskFileFailureKeepsTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tasks.json")
	tasks, err := Generate(KindCrafting, GenerateOptions{Options: Options{Split: SplitTrain, Agents: 2, N: 3, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	bad := append(slices.Clone(tasks), tasks[0])
	err = WriteTaskFile(path, bad)
	if err == nil || !strings.Contains(err.Error(), "duplicate task id") || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want a duplicate task id naming %s", err, path)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Fatal("a failed write changed the file")
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Fatalf("%d files beside the task file, want none (the temporary file is removed)", len(ents)-1)
	}
}
