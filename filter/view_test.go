package filter

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"collabcraft/trajectory"
)

// collect reads every trial of dirs as (id, agent/transition kinds).
func collect(t *testing.T, seq func(yield func(*trajectory.Trial, error) bool)) map[string][][]string {
	t.Helper()
	out := map[string][][]string{}
	for tr, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		var agents [][]string
		for _, a := range tr.Agents {
			kinds := []string{a.Name}
			for _, x := range a.Transitions {
				kinds = append(kinds, x.Kind)
			}
			agents = append(agents, kinds)
		}
		out[tr.TrialID] = agents
	}
	return out
}

func makeView(t *testing.T, cfg Config, view string, inputs ...string) *View {
	t.Helper()
	in, err := Open(inputs...)
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	v, err := MakeView(context.Background(), in, f, view)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteView(view, v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestViewYieldsWhatTheFilterKept(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "runs", "r1")
	writeRun(t, run, mixedRun()...)
	cfg := Paper()
	cfg.Kinds = []string{"conversation"}

	in, _ := Open(run)
	f, _ := New(cfg)
	want := collect(t, f.Apply(in))

	view := filepath.Join(tmp, "runs", "r1.filtered")
	v := makeView(t, cfg, view, run)
	if v.Inputs[0].Run != "../r1" || len(v.Inputs[0].Trials) != 4 || v.Report.Trials.Kept != 4 {
		t.Fatalf("view inputs %+v report %+v", v.Inputs, v.Report.Trials)
	}
	vin, err := Open(view)
	if err != nil {
		t.Fatal(err)
	}
	got := collect(t, vin.Trials())
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("view yields %v, the filter kept %v", got, want)
	}
	if got["craft_ok"][1][1] != "conversation" || len(got["craft_ok"][1]) != 2 {
		t.Errorf("the memory call of Agent_1 should be pruned by the view: %v", got["craft_ok"])
	}

	// A view of the view: a second filter keeps only Agent_0's calls; the
	// trial decisions of the first are not made again.
	view2 := filepath.Join(tmp, "v2")
	v2 := makeView(t, Config{Agents: &Agents{Names: []string{"Agent_0"}}}, view2, view)
	if len(v2.Inputs) != 1 || len(v2.Inputs[0].Stages) != 2 || v2.Inputs[0].Run != "../runs/r1" {
		t.Fatalf("view of a view: %+v", v2.Inputs)
	}
	vin2, err := Open(view2)
	if err != nil {
		t.Fatal(err)
	}
	got2 := collect(t, vin2.Trials())
	if len(got2) != 4 || !reflect.DeepEqual(got2["easy_3"], [][]string{{"Agent_0", "conversation", "conversation"}}) {
		t.Fatalf("view of a view yields %v", got2)
	}
}

func TestViewDetectsAChangedRun(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "r1")
	writeRun(t, run, mixedRun()...)
	view := filepath.Join(tmp, "v")
	makeView(t, Paper(), view, run)
	// A resumed process records craft_ok again: the view no longer names
	// the record it judged.
	w, err := trajectory.OpenWriter(run, &trajectory.Manifest{Name: "test", Config: json.RawMessage(`{"seed":1}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(makeTrial(spec{id: "craft_ok", typ: "techtree", score: 1, success: true, agents: conv2})); err != nil {
		t.Fatal(err)
	}
	w.Close()
	_, err = Open(view)
	if err == nil || !strings.Contains(err.Error(), `trial "craft_ok" was recorded again`) {
		t.Fatalf("open a stale view: %v", err)
	}
}

func TestOpenRefusesARunTwice(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "r1")
	writeRun(t, run, mixedRun()...)
	view := filepath.Join(tmp, "v")
	makeView(t, Paper(), view, run)
	if _, err := Open(run, view); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Fatalf("run and its view together: %v", err)
	}
}

func TestWriteViewRefusesOtherDirectories(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "r1")
	writeRun(t, run, mixedRun()...)
	v := &View{Format: ViewFormat}
	// Each refusal names the flag that changes it.
	if err := WriteView(run, v); err == nil || !strings.Contains(err.Error(), "holds a run (run.json); give another directory as --out") {
		t.Errorf("view over a run: %v", err)
	}
	other := filepath.Join(tmp, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("x"), 0o644)
	if err := WriteView(other, v); err == nil || !strings.Contains(err.Error(), "not empty and holds no view (found notes.txt); give a new directory as --out") {
		t.Errorf("view over a directory of other files: %v", err)
	}
	// Rewriting a view is fine.
	view := filepath.Join(tmp, "v")
	makeView(t, Paper(), view, run)
	makeView(t, Config{}, view, run)
	got, err := ReadView(view)
	if err != nil || got.Report.Trials.Kept != 12 {
		t.Fatalf("rewritten view: %v %+v", err, got)
	}
	ents, _ := os.ReadDir(view)
	if len(ents) != 1 {
		t.Errorf("view directory holds %d files, want only view.json", len(ents))
	}
}

func TestParseConfig(t *testing.T) {
	cfg, err := ParseConfig([]byte("success: false\nmax_turns: 40\nkinds: [conversation]\n"), Paper())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Success || !cfg.DropErrors || cfg.TopQuantile == nil || cfg.TopQuantile.Q != 0.75 || cfg.MaxTurns != 40 ||
		!slices.Equal(cfg.Kinds, []string{"conversation"}) {
		t.Errorf("over the paper's recipe: %+v", cfg)
	}
	cfg, err = ParseConfig([]byte("top_quantile:\n  group_by: [rooms]\nagents:\n  backends: [openai]\n"), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.TopQuantile == nil || cfg.TopQuantile.Q != DefaultQuantile || !slices.Equal(cfg.TopQuantile.GroupBy, []string{"rooms"}) ||
		cfg.Agents == nil || cfg.Agents.Backends[0] != "openai" {
		t.Errorf("group_by without q: %+v %+v", cfg.TopQuantile, cfg.Agents)
	}
	cfg, err = ParseConfig([]byte("top_quantile: null\n"), Paper())
	if err != nil || cfg.TopQuantile != nil {
		t.Errorf("top_quantile: null turns it off: %v %+v", err, cfg.TopQuantile)
	}
	for text, want := range map[string]string{
		"success: true\nsucess: true\n":           "line 2: field sucess not found",
		"top_quantile:\n  q: 0.75\n  groups: x\n": "line 3: field groups not found",
		"top_quantile: {q: 1.5}\n":                "top_quantile.q 1.5",
		"kinds: [chat]\n":                         `kinds: "chat": expected one of`,
		"min_score: 2\n":                          "min_score 2",
		"agents: {}\n":                            "agents: give backends or names",
		"max_turns: -1\n":                         "max_turns -1",
	} {
		if _, err := ParseConfig([]byte(text), Config{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one containing %q", text, err, want)
		}
	}
	path := filepath.Join(t.TempDir(), "rules.yaml")
	os.WriteFile(path, []byte("drop_errors: true\nbogus: 1\n"), 0o644)
	if _, err := LoadConfig(path, Config{}); err == nil || !strings.Contains(err.Error(), path+": line 2: field bogus not found") {
		t.Errorf("LoadConfig names the file and line: %v", err)
	}
}
