package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/blueprints"
	"collabcraft/procgen"
)

func blueprintOpts(format string, out *bytes.Buffer) BlueprintOptions {
	return BlueprintOptions{Materials: 1, Rooms: 1, Windows: 1, Carpets: 1, Seed: 3, Format: format,
		Agents: 2, SplitMaterials: procgen.SplitEven, out: out}
}

func TestRunBlueprintFormats(t *testing.T) {
	var js bytes.Buffer
	if err := runBlueprint(context.Background(), blueprintOpts("json", &js), GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	b, err := blueprints.Parse(js.Bytes())
	if err != nil {
		t.Fatalf("json output: %v", err)
	}

	// The task format holds the same blueprint, under MINDcraft's id.
	var task bytes.Buffer
	if err := runBlueprint(context.Background(), blueprintOpts("task", &task), GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	tasks, err := procgen.DecodeTasks(task.Bytes())
	if err != nil || len(tasks) != 1 {
		t.Fatalf("task output: %v (%d tasks)", err, len(tasks))
	}
	tb, err := tasks[0].ParsedBlueprint()
	if err != nil || tb.CanonicalHash() != b.CanonicalHash() {
		t.Fatalf("task blueprint differs from the json one (%v)", err)
	}
	if tasks[0].ID != "materials_1_rooms_1_window_1_carpet_1_variant_0" || tasks[0].Timeout != 900 {
		t.Errorf("task %s timeout %d", tasks[0].ID, tasks[0].Timeout)
	}

	// The same variant and seed in the train split file is the same blueprint.
	train, err := procgen.GenerateConstruction(procgen.ConstructionOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: 81, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, tk := range train {
		if tk.ID == tasks[0].ID {
			fb, _ := tk.ParsedBlueprint()
			found = fb.CanonicalHash() == b.CanonicalHash()
		}
	}
	if !found {
		t.Error("procgen blueprint does not reproduce the train file's blueprint")
	}

	var text bytes.Buffer
	if err := runBlueprint(context.Background(), blueprintOpts("text", &text), GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "Legend:") || !strings.Contains(text.String(), "Level 0 (X: 148, Y: -60, Z: -170)") {
		t.Errorf("text output:\n%s", text.String())
	}

	dir := t.TempDir()
	pngOpts := blueprintOpts("png", nil)
	pngOpts.Output = filepath.Join(dir, "house.png")
	if err := runBlueprint(context.Background(), pngOpts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(pngOpts.Output)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("png output: %v", err)
	}

	// nbt out, then import back: the same blueprint.
	nbtOpts := blueprintOpts("nbt", nil)
	nbtOpts.Output = filepath.Join(dir, "house.nbt")
	if err := runBlueprint(context.Background(), nbtOpts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	var back bytes.Buffer
	imp := BlueprintOptions{Format: "json", Agents: 2, SplitMaterials: procgen.SplitEven, out: &back}
	if err := runBlueprintImport(context.Background(), imp, GlobalOptions{}, []string{nbtOpts.Output}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Bytes(), js.Bytes()) {
		t.Error("nbt export then import does not give the json output back")
	}
	var impTask bytes.Buffer
	imp.Format, imp.out = "task", &impTask
	if err := runBlueprintImport(context.Background(), imp, GlobalOptions{}, []string{nbtOpts.Output}); err != nil {
		t.Fatal(err)
	}
	var file map[string]map[string]any
	if err := json.Unmarshal(impTask.Bytes(), &file); err != nil || file["house"]["type"] != "construction" {
		t.Errorf("imported task: %v %v", err, file)
	}
}

func TestRunBlueprintBadInput(t *testing.T) {
	cases := []struct {
		change func(o *BlueprintOptions)
		want   string
	}{
		{func(o *BlueprintOptions) { o.Rooms = 3 }, "--rooms 3: want a level from 0 to 2"},
		{func(o *BlueprintOptions) { o.Materials = -1 }, "--materials -1"},
		{func(o *BlueprintOptions) { o.Format = "svg" }, `--format "svg": want json, task, text, png or nbt`},
		{func(o *BlueprintOptions) { o.Agents = 6 }, "--agents 6: want 2 to 5"},
		{func(o *BlueprintOptions) { o.SplitMaterials = "random" }, `--split-materials "random"`},
		{func(o *BlueprintOptions) { o.Origin = "1,2" }, `--origin "1,2": want X,Y,Z`},
		{func(o *BlueprintOptions) { o.Variant = -1 }, "--variant -1"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		opts := blueprintOpts("json", &out)
		c.change(&opts)
		err := runBlueprint(context.Background(), opts, GlobalOptions{}, nil)
		var usage *usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want a usage error containing %q", err, c.want)
		}
	}
	// Impossible requests fail with the generator's explanation.
	opts := blueprintOpts("json", &bytes.Buffer{})
	opts.RoomCount, opts.Grid = 40, 15
	if err := runBlueprint(context.Background(), opts, GlobalOptions{}, nil); err == nil || !strings.Contains(err.Error(), "cannot fit") {
		t.Errorf("impossible house: error %v", err)
	}
	// A missing import file names the file.
	imp := BlueprintOptions{Format: "json", Agents: 2, SplitMaterials: procgen.SplitEven, out: &bytes.Buffer{}}
	if err := runBlueprintImport(context.Background(), imp, GlobalOptions{}, []string{"/nonexistent/x.nbt"}); err == nil || !strings.Contains(err.Error(), "/nonexistent/x.nbt") {
		t.Errorf("missing file: error %v", err)
	}
}

// Every format written twice with the same flags gives the same bytes, and
// another seed another house.
func TestRunBlueprintDeterministic(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"json", "task", "text", "png", "nbt"} {
		var files [3][]byte
		for i := range files {
			opts := blueprintOpts(format, nil)
			opts.Output = filepath.Join(dir, format+string(rune('a'+i)))
			if i == 2 {
				opts.Seed++
			}
			if err := runBlueprint(context.Background(), opts, GlobalOptions{}, nil); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			data, err := os.ReadFile(opts.Output)
			if err != nil || len(data) == 0 {
				t.Fatalf("%s: %v (%d bytes)", format, err, len(data))
			}
			files[i] = data
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s: same flags, different bytes", format)
		}
		if bytes.Equal(files[0], files[2]) {
			t.Errorf("%s: another seed, same bytes", format)
		}
	}
}

func TestRunBlueprintBadOutputs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte(`{"not": "nbt"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change func(o *BlueprintOptions)
		want   string
	}{
		{func(o *BlueprintOptions) { o.Output = dir }, "write " + dir + ": is a directory"},
		{func(o *BlueprintOptions) { o.Output = filepath.Join(file, "x.json") }, "mkdir " + file + ": not a directory"},
		{func(o *BlueprintOptions) { o.Grid = 100000 }, "--grid 100000: want a size from 7 to 160"},
		{func(o *BlueprintOptions) { o.Grid = -1 }, "--grid -1"},
		{func(o *BlueprintOptions) { o.Grid = 5 }, "grid size 5 is too small"},
		{func(o *BlueprintOptions) { o.RoomCount = 1 << 40 }, "--room-count 1099511627776: want 1 to 100"},
		{func(o *BlueprintOptions) { o.Materials = 5 }, "--materials 5: want a level from 0 to 4"},
		{func(o *BlueprintOptions) { o.Origin = "a,b,c" }, `--origin "a,b,c": want X,Y,Z integers`},
		{func(o *BlueprintOptions) { o.Origin = "0,9223372036854775807,0" }, "blueprints: origin: coordinates [0 9223372036854775807 0]: Y = 9223372036854775807 is outside the world"},
	} {
		opts := blueprintOpts("json", &bytes.Buffer{})
		c.change(&opts)
		oneLine(t, c.want, runBlueprint(context.Background(), opts, GlobalOptions{}, nil), c.want)
	}
	// Importing what is not a structure: one short line naming the file.
	for _, path := range []string{file, dir, filepath.Join(dir, "none.nbt")} {
		imp := BlueprintOptions{Format: "json", Agents: 2, SplitMaterials: procgen.SplitEven, out: &bytes.Buffer{}}
		err := runBlueprintImport(context.Background(), imp, GlobalOptions{}, []string{path})
		oneLine(t, path, err, path)
		if err != nil && len(err.Error()) > 200 {
			t.Errorf("%s: error of %d characters", path, len(err.Error()))
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("failed runs left files behind: %v", entries)
	}
}

// With no --format, a terminal gets the text view headed by a summary and
// a pipe gets the JSON.
func TestRunBlueprintDefaultFormat(t *testing.T) {
	var piped bytes.Buffer
	if err := runBlueprint(context.Background(), blueprintOpts("", &piped), GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := blueprints.Parse(piped.Bytes()); err != nil {
		t.Errorf("piped default is not the JSON blueprint: %v", err)
	}
	var tty bytes.Buffer
	opts := blueprintOpts("", &tty)
	opts.terminal = true
	if err := runBlueprint(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	text := tty.String()
	for _, want := range []string{"materials_1_rooms_1_window_1_carpet_1_variant_0  (seed 3,", "materials: ", " cobblestone", "Level 0 (X: ", "(--format json for the blueprint itself"} {
		if !strings.Contains(text, want) {
			t.Errorf("terminal view lacks %q:\n%.600s", want, text)
		}
	}
	if len(text) > piped.Len()/2 {
		t.Errorf("terminal view %d bytes, the JSON %d: not the readable view", len(text), piped.Len())
	}
}
