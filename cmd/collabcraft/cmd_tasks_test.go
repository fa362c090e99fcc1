package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"collabcraft/procgen"
)

func TestRunTasksWritesDeterministicFiles(t *testing.T) {
	dir := t.TempDir()
	for _, kind := range procgen.Kinds() {
		var files [2][]byte
		for i := range files {
			path := filepath.Join(dir, "sub", kind+string(rune('a'+i))+".json")
			var out bytes.Buffer
			opts := TasksOptions{Type: kind, Split: "test", Agents: 2, N: 9, Seed: 3, Output: path,
				MaxDepth: 3, SplitMaterials: "even", out: &out}
			if err := runTasks(context.Background(), opts, GlobalOptions{}, nil); err != nil {
				t.Fatalf("%s: %v", kind, err)
			}
			if !strings.HasPrefix(out.String(), "wrote 9 "+kind+" tasks (test, 2 agents; ") {
				t.Errorf("summary = %q", out.String())
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files[i] = data
			n, ps := procgen.ValidateFile(path)
			if n != 9 || len(ps) != 0 {
				t.Errorf("%s: %d tasks, problems %v", kind, n, ps)
			}
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s: same seed and flags gave different files", kind)
		}
	}
}

func TestRunTasksBadFlags(t *testing.T) {
	good := TasksOptions{Type: "crafting", Split: "train", Agents: 2, Output: "x.json", MaxDepth: 3, SplitMaterials: "even"}
	for _, c := range []struct {
		change func(*TasksOptions)
		want   string
	}{
		{func(o *TasksOptions) { o.Type = "" }, "--type is required"},
		{func(o *TasksOptions) { o.Type = "farming" }, `--type "farming": want one of crafting, cooking, construction`},
		{func(o *TasksOptions) { o.Agents = 0 }, "--agents 0: want 2 to 5 agents"},
		{func(o *TasksOptions) { o.N = -1 }, "--n -1: want a number of tasks from 0 (the default) to 100000"},
		{func(o *TasksOptions) { o.N = 9_000_000_000_000_000_000 }, "--n 9000000000000000000: want a number of tasks from 0"},
		{func(o *TasksOptions) { o.Type, o.Split = "cooking", "dev" }, `--split "dev": cooking tasks have splits train, test`},
		{func(o *TasksOptions) { o.Split = "val" }, `--split "val"`},
		{func(o *TasksOptions) { o.MaxDepth = 0 }, "--max-depth 0: want 1 to 10"},
		{func(o *TasksOptions) { o.MaxDepth = 1 << 40 }, "--max-depth 1099511627776: want 1 to 10"},
		{func(o *TasksOptions) { o.SplitMaterials = "random" }, `--split-materials "random"`},
		{func(o *TasksOptions) { o.Output = "" }, "-o/--output is required"},
	} {
		o := good
		c.change(&o)
		err := runTasks(context.Background(), o, GlobalOptions{}, nil)
		var usage *usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err = %v, want usage error containing %q", err, c.want)
		}
	}
}

func TestRunValidate(t *testing.T) {
	testdata := filepath.Join("..", "..", "procgen", "testdata")
	var out bytes.Buffer
	good := []string{filepath.Join(testdata, "mindcraft_crafting.json"), filepath.Join(testdata, "mindcraft_cooking.json"),
		filepath.Join(testdata, "mindcraft_construction.json")}
	if err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, good); err != nil {
		t.Fatalf("MINDcraft files rejected: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "all 3 files ok (10 tasks)") {
		t.Errorf("output = %q", out.String())
	}
	out.Reset()
	one, _ := writeCraftingTasks(t, 1, 1)
	if err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, []string{one}); err != nil || out.String() != one+": ok (1 task)\n" {
		t.Errorf("one task: %v, output %q", err, out.String())
	}

	out.Reset()
	bad := filepath.Join(testdata, "bad_tasks.json")
	missing := filepath.Join(t.TempDir(), "none.json")
	err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, append(good[:1:1], bad, missing))
	if err == nil || err.Error() != "validate: 17 problems in 2 of 3 files" {
		t.Errorf("err = %v", err)
	}
	for _, want := range []string{
		bad + `: task "bad_crafting": initial_inventory.0.oak_plank: unknown item "oak_plank"`,
		// Entries MINDcraft ignores are warnings, not problems.
		bad + `: task "bad_crafting": warning: initial_inventory.2: agent 2 is beyond agent_count 2 (ids 0 to 1); MINDcraft ignores it, and so does collabcraft`,
		bad + `: task "bad_crafting": warning: initial_inventory.1.book: count 0: Minecraft's /give refuses it, so MINDcraft gives nothing; ignored`,
		bad + `: task "bad_crafting": warning: blocked_actions.x: "x" is not an agent id (agent_count 2: ids 0 to 1)`,
		bad + `: task "bad_cooking": warning: blocked_access_to_recipe: agent 3 is beyond agent_count 2`,
		missing + ": open " + missing + ": no such file or directory",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunSuiteDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tasks")
	var out bytes.Buffer
	if err := runSuite(context.Background(), SuiteOptions{Out: dir, Demo: true, out: &out}, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	plan := procgen.SuitePlan(procgen.SuiteOptions{Demo: true})
	total := 0
	for _, f := range plan {
		n, ps := procgen.ValidateFile(filepath.Join(dir, f.Name))
		if n != f.N || len(ps) != 0 {
			t.Errorf("%s: %d tasks (want %d), problems %v", f.Name, n, f.N, ps)
		}
		if !strings.Contains(out.String(), f.Name) {
			t.Errorf("summary lacks %s", f.Name)
		}
		total += n
	}
	if !strings.Contains(out.String(), "wrote "+strconv.Itoa(total)+" tasks in "+strconv.Itoa(len(plan))+" files to "+dir+" in ") {
		t.Errorf("summary = %s", out.String())
	}
	if err := runSuite(context.Background(), SuiteOptions{}, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), "--out is required") {
		t.Errorf("no --out: %v", err)
	}
}

// oneLine fails the test unless err is a single line containing want.
func oneLine(t *testing.T, what string, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("%s: error %v, want one line containing %q", what, err, want)
	}
}

// Bad places to write and requests that cannot be met fail with one line
// naming the flag or the file, and write nothing.
func TestRunTasksBadOutputs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := TasksOptions{Type: "cooking", Split: "test", Agents: 2, N: 3, MaxDepth: 3, SplitMaterials: "even", out: &bytes.Buffer{}}
	for _, c := range []struct {
		change func(*TasksOptions)
		want   string
	}{
		{func(o *TasksOptions) { o.Output = dir }, "procgen: write " + dir + ": is a directory"},
		{func(o *TasksOptions) { o.Output = filepath.Join(file, "t.json") }, "mkdir " + file + ": not a directory"},
		{func(o *TasksOptions) { o.Agents = -3 }, "--agents -3: want 2 to 5 agents"},
		{func(o *TasksOptions) { o.Agents = 6 }, "--agents 6: want 2 to 5 agents"},
	} {
		o := good
		o.Output = filepath.Join(dir, "ok.json")
		c.change(&o)
		oneLine(t, o.Output, runTasks(context.Background(), o, GlobalOptions{}, nil), c.want)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("failed runs left files behind: %v", entries)
	}
}

func TestRunValidateBadFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"trunc.json":  `{"a": {"type": "techtree",`,
		"array.json":  `[1, 2]`,
		"empty.json":  ``,
		"none.json":   `{}`,
		"scalar.json": `{"t1": 5}`,
		"field.json":  `{"t1": {"type": "techtree", "goal": "x", "agent_count": "two"}}`,
		"dup.json":    `{"t1": {}, "t1": {}}`,
	}
	want := map[string]string{
		"trunc.json":  `task "a": malformed JSON: unexpected end of file`,
		"array.json":  "expected a JSON object of task id -> task",
		"empty.json":  "malformed JSON: unexpected end of file",
		"none.json":   "no tasks in file",
		"scalar.json": `task "t1": expected a task object, got 5`,
		"field.json":  `task "t1": field "agent_count": expected an integer, got "two"`,
		"dup.json":    `task "t1": duplicate task id`,
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, []string{path})
		oneLine(t, name, err, "validate: 1 problem in "+path)
		if got := strings.TrimSuffix(out.String(), "\n"); got != path+": "+want[name] {
			t.Errorf("%s: printed %q, want %q", name, got, path+": "+want[name])
		}
	}
	var out bytes.Buffer
	err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, []string{dir})
	oneLine(t, "directory", err, "validate: 1 problem")
	if !strings.Contains(out.String(), "is a directory") {
		t.Errorf("directory: printed %q", out.String())
	}
}

// The same seed writes the same bytes; a bad --out fails before any
// generation, in one line.
func TestRunSuiteDeterministicAndBadOut(t *testing.T) {
	dirs := []string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")}
	for _, d := range dirs {
		if err := runSuite(context.Background(), SuiteOptions{Out: d, Demo: true, Seed: 9}, GlobalOptions{Quiet: true}, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range procgen.SuitePlan(procgen.SuiteOptions{Demo: true}) {
		a, errA := os.ReadFile(filepath.Join(dirs[0], f.Name))
		b, errB := os.ReadFile(filepath.Join(dirs[1], f.Name))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: runs with the same seed differ (%v, %v)", f.Name, errA, errB)
		}
	}
	file := filepath.Join(t.TempDir(), "afile")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := runSuite(context.Background(), SuiteOptions{Out: file, Demo: true}, GlobalOptions{}, nil)
	oneLine(t, "--out file", err, "suite: --out "+file+": cannot make the directory: not a directory")
}
