package generate_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted"
	"collabcraft/generate/team"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// batchTasks writes n two-agent crafting tasks to a task file.
func batchTasks(t *testing.T, n int, seed uint64) (string, []procgen.Task) {
	t.Helper()
	tasks, err := procgen.GenerateCrafting(procgen.CraftingOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: n, Seed: seed}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "crafting.json")
	if err := procgen.WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	return path, tasks
}

// scriptedBatch plays the task files with scripted agents into dir.
func scriptedBatch(t *testing.T, dir string, files ...string) generate.BatchConfig {
	t.Helper()
	b := scripted.New(scripted.Options{Skill: 1})
	tm, err := team.New(team.Options{Scripted: func() generate.Backend { return b }})
	if err != nil {
		t.Fatal(err)
	}
	return generate.BatchConfig{
		Dir: dir, TaskFiles: files, Workers: 2, TrialsPerTask: 1, Seed: 1,
		Backends: generate.Backends{Default: team.Scripted, Scripted: &generate.ScriptedConfig{Skill: 1}},
		Wire:     generate.WireStrict, Seating: tm, Version: "test",
	}
}

// A batch records its configuration, resumes without playing again, and
// refuses another configuration unless forced.
func TestRunBatchResume(t *testing.T) {
	path, _ := batchTasks(t, 3, 1)
	dir := filepath.Join(t.TempDir(), "run")
	c := scriptedBatch(t, dir, path)
	var todos []int
	c.Progress = func(s generate.Summary, todo int) { todos = append(todos, todo) }
	sum, err := generate.RunBatch(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Total != 3 || sum.Trials != 3 || sum.Skipped != 0 || len(todos) != 3 || todos[0] != 3 {
		t.Fatalf("first batch: %+v, progress todo %v", sum, todos)
	}
	m, err := trajectory.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	const wantPrefix = `{"task_files":["`
	const wantTail = `"],"trials_per_task":1,"seed":1,"backend":"scripted","scripted":{"skill":1,"noise":0},"profile":"minecollab","dialect":"current","wire":"strict","think_time":0,"max_turns":0}`
	var compact bytes.Buffer
	if err := json.Compact(&compact, m.Config); err != nil {
		t.Fatal(err)
	}
	if cfg := compact.String(); !strings.HasPrefix(cfg, wantPrefix) || !strings.HasSuffix(cfg, wantTail) {
		t.Errorf("config %s", cfg) // fields in RunConfig's order, Backends' in its place
	}
	if m.Name != "run" || m.CollabcraftVersion != "test" || len(m.TaskFiles) != 1 || m.TaskFiles[0].Tasks != 3 || len(m.Blobs) == 0 {
		t.Errorf("manifest %+v", m)
	}

	c.Progress = nil
	if sum, err := generate.RunBatch(context.Background(), c); err != nil || sum.Trials != 0 || sum.Skipped != 3 {
		t.Fatalf("resumed batch: %+v, %v", sum, err)
	}

	changed := c
	changed.Seed, changed.TrialsPerTask = 2, 2
	_, err = generate.RunBatch(context.Background(), changed)
	var ce *generate.ConfigChangedError
	if !errors.As(err, &ce) || ce.Dir != dir || ce.Diff != "seed 1, now 2; trials_per_task 1, now 2" {
		t.Fatalf("changed configuration: %v", err)
	}
	changed.Force = true
	// The recorded attempts 0 are kept; attempts 1 are played.
	if sum, err := generate.RunBatch(context.Background(), changed); err != nil || sum.Trials != 3 || sum.Skipped != 3 {
		t.Fatalf("forced: %+v, %v", sum, err)
	}
}

// Bad inputs stop a batch before it plays, with a zero Summary.
func TestRunBatchRefuses(t *testing.T) {
	path, tasks := batchTasks(t, 2, 6)
	dup := filepath.Join(t.TempDir(), "dup.json")
	if err := procgen.WriteTaskFile(dup, tasks[:1]); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	c := scriptedBatch(t, dir, path, dup)
	if sum, err := generate.RunBatch(context.Background(), c); err == nil || !strings.Contains(err.Error(), `task "`+tasks[0].ID+`" is in both`) || sum != (generate.Summary{}) {
		t.Errorf("duplicate task id: %+v, %v", sum, err)
	}

	c = scriptedBatch(t, dir, path)
	tm, err := team.New(team.Options{Spec: []team.Assignment{{Agent: "Bob", Backend: team.Scripted}},
		Scripted: func() generate.Backend { return scripted.New(scripted.Options{}) }})
	if err != nil {
		t.Fatal(err)
	}
	c.Seating = tm
	var se *generate.SeatingError
	if _, err := generate.RunBatch(context.Background(), c); !errors.As(err, &se) || !strings.Contains(err.Error(), `no agent "Bob"`) {
		t.Errorf("misspelt agent: %v", err)
	}
	if _, err := trajectory.ReadManifest(dir); err == nil {
		t.Error("a refused batch created its run")
	}
}

// A p2p batch of VillagerBench blueprints leaves out those MINDcraft
// cannot build (a block state placeBlock cannot set), recording them as
// skipped, and plays the rest; with none left it says so.
func TestRunBatchLeavesOutUnplayedBlueprints(t *testing.T) {
	tasks, err := procgen.Generate(procgen.KindVBConstruction, procgen.GenerateOptions{Options: procgen.Options{Split: procgen.SplitTest, Agents: 2, N: 3}})
	if err != nil {
		t.Fatal(err)
	}
	// task_0 and task_1 p2p builds; task_2 needs a bone block along x.
	path := filepath.Join(t.TempDir(), "vb.json")
	if err := procgen.WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	sum, err := generate.RunBatch(context.Background(), scriptedBatch(t, filepath.Join(t.TempDir(), "run"), path))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Total != 2 || sum.Trials != 2 || sum.Invalid != 1 {
		t.Errorf("summary %+v, want 2 trials played and 1 task left out", sum)
	}
	only := filepath.Join(t.TempDir(), "vb2.json")
	if err := procgen.WriteTaskFile(only, tasks[2:]); err != nil {
		t.Fatal(err)
	}
	_, err = generate.RunBatch(context.Background(), scriptedBatch(t, filepath.Join(t.TempDir(), "run2"), only))
	if err == nil || !strings.Contains(err.Error(), "no task of "+only+" is played by --org p2p") {
		t.Errorf("a file of unplayed blueprints: %v", err)
	}
}
