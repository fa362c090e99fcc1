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
		{func(o *TasksOptions) { o.N = -1 }, "--n -1: want a number of tasks >= 0"},
		{func(o *TasksOptions) { o.Type, o.Split = "cooking", "dev" }, `--split "dev": cooking tasks have splits train, test`},
		{func(o *TasksOptions) { o.Split = "val" }, `--split "val"`},
		{func(o *TasksOptions) { o.MaxDepth = 0 }, "--max-depth 0: want at least 1"},
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
	bad := filepath.Join(testdata, "bad_tasks.json")
	missing := filepath.Join(t.TempDir(), "none.json")
	err := runValidate(context.Background(), ValidateOptions{out: &out}, GlobalOptions{}, append(good[:1:1], bad, missing))
	if err == nil || err.Error() != "validate: 22 problems in 2 of 3 files" {
		t.Errorf("err = %v", err)
	}
	for _, want := range []string{
		bad + `: task "bad_crafting": initial_inventory.0.oak_plank: unknown item "oak_plank"`,
		bad + `: task "bad_crafting": initial_inventory.2: agent id 2 is out of range for agent_count 2`,
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
