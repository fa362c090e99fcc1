package pipeline

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/procgen"
)

// taskSteps writes extra task files with procgen; the other stages are
// not run by the tests here.
type taskSteps struct{}

func (taskSteps) Tasks(_ context.Context, f TaskFile) error {
	ts, err := procgen.Generate(f.Kind, procgen.GenerateOptions{Options: procgen.Options{Split: f.Split, Agents: f.Agents, N: f.Tasks, Seed: 3}})
	if err != nil {
		return err
	}
	return procgen.WriteTaskFile(f.Path, ts)
}

var errNotHere = errors.New("not run by this test")

func (taskSteps) Generate(context.Context, Run) error            { return errNotHere }
func (taskSteps) Filter(context.Context, []string, string) error { return errNotHere }
func (taskSteps) Export(context.Context, string, string) error   { return errNotHere }
func (taskSteps) Report(context.Context, string, string) error   { return errNotHere }

// NewPlan names the extra files, refuses clashing names and puts each team
// size in a run of its own.
func TestNewPlan(t *testing.T) {
	cfg, err := Parse("test", []byte("name: t\nout: o\nprocgen:\n  suite: demo\n  types: [cooking]\n  splits: [test]\n  agents: [2, 3]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(cfg, "test", []TaskFile{{Kind: "crafting", Split: "dev", Agents: 3}, {Name: "x.json", Kind: "crafting", Split: "dev", Agents: 4}})
	if err != nil {
		t.Fatal(err)
	}
	tasks := cfg.Paths().Tasks
	if p.Tasks[0].Path != filepath.Join(tasks, "crafting_dev_3_agents.json") || p.Tasks[1].Path != filepath.Join(tasks, "x.json") {
		t.Errorf("extra files %+v", p.Tasks)
	}
	if len(p.Runs) != 3 || p.Runs[0].Dir != cfg.RunDir(2) || len(p.Runs[1].Files) != 2 || p.Runs[1].Files[1] != p.Tasks[0].Path || p.Runs[2].Agents != 4 {
		t.Errorf("runs %+v", p.Runs)
	}
	for _, extra := range []TaskFile{{Name: "cooking_test.json"}, {Name: "sub/x.json"}, {Name: "x.yaml"}} {
		if _, err := NewPlan(cfg, "test", []TaskFile{extra}); err == nil || !strings.Contains(err.Error(), "test: procgen.tasks[0]: ") {
			t.Errorf("extra file %q: %v", extra.Name, err)
		}
	}
}

// The procgen stage runs again: unchanged files are kept, a damaged file
// or a new seed makes it write them again.
func TestProcgenResume(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	cfg, err := Parse("test", []byte("name: t\nout: "+out+"\nprocgen:\n  suite: demo\n  types: [cooking]\n  splits: [test]\n  agents: [2]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(cfg, "test", []TaskFile{{Kind: "crafting", Split: "dev", Agents: 2, Tasks: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	files, err := p.procgen(context.Background(), taskSteps{}, &log)
	if err != nil {
		t.Fatal(err)
	}
	tasksDir := filepath.Join(out, "tasks")
	if len(files) != 2 || files[0] != filepath.Join(tasksDir, "cooking_test.json") || files[1] != filepath.Join(tasksDir, "crafting_dev.json") {
		t.Fatalf("files %v", files)
	}
	if ts, err := procgen.ReadTaskFile(files[1]); err != nil || len(ts) != 4 || ts[0].Split != "dev" {
		t.Fatalf("extra file: %d tasks, %v", len(ts), err)
	}
	if !strings.Contains(log.String(), "procgen: wrote 16 tasks in 2 files") {
		t.Errorf("first run: %s", log.String())
	}
	first, _ := os.ReadFile(files[0])

	log.Reset()
	if _, err := p.procgen(context.Background(), taskSteps{}, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "are up to date") {
		t.Errorf("second run did not skip: %s", log.String())
	}

	os.WriteFile(files[0], []byte("{}"), 0o644) // damaged
	log.Reset()
	if _, err := p.procgen(context.Background(), taskSteps{}, &log); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(files[0]); !bytes.Equal(again, first) || !strings.Contains(log.String(), "wrote") {
		t.Errorf("damaged file not rewritten as before: %s", log.String())
	}

	cfg.Procgen.Seed = 9
	log.Reset()
	if _, err := p.procgen(context.Background(), taskSteps{}, &log); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(files[0]); bytes.Equal(again, first) || !strings.Contains(log.String(), "wrote") {
		t.Errorf("new seed did not regenerate: %s", log.String())
	}
}
