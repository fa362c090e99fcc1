package pipeline

import (
	"strings"
	"testing"
)

func TestPresetsParse(t *testing.T) {
	for _, name := range Presets() {
		b, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := Parse(name+".yaml", b, nil)
		if err != nil {
			t.Fatalf("preset %s: %v", name, err)
		}
		if cfg.Name != name {
			t.Errorf("preset %s: name %q", name, cfg.Name)
		}
		if v, _ := cfg.Generate.Get("backend"); v != "scripted" {
			t.Errorf("preset %s: generate backend %q, want scripted (no network by default)", name, v)
		}
		if len(cfg.SuiteFiles()) == 0 && len(cfg.Procgen.Tasks) == 0 {
			t.Errorf("preset %s: no task files", name)
		}
	}
	if _, err := Preset("nope"); err == nil || !strings.Contains(err.Error(), "co-voyager or cuisineworld or demo or minecollab or s-agents or villagerbench") {
		t.Errorf("unknown preset: %v", err)
	}
}

func TestParseStrictLines(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"name: x\nout: o\nprocgen:\n  suite: demo\n  sede: 1\n", `p.yaml: line 5: unknown key "sede" in procgen: want one of suite, seed, types, splits, agents, tasks (did you mean "seed"?)`},
		{"name: x\nout: o\noutt: y\nprocgen: {suite: demo}\n", `p.yaml: line 3: unknown key "outt" at the top level: want one of name, out, procgen, generate, filter, export (did you mean "out"?)`},
		{"name: x\nout: o\nprocgen: {suite: demo}\ngenrate:\n  workers: 4\n", `p.yaml: line 4: unknown key "genrate" at the top level: want one of name, out, procgen, generate, filter, export (did you mean "generate"?)`},
		{"name: x\nout: o\nprocgen:\n  suite: demo\n  seed: lots\n", `p.yaml: line 5: procgen.seed: want a whole number, 0 or more, got "lots"`},
		{"name: x\nout: o\nprocgen:\n  suite: demo\n  agents: two\n", `p.yaml: line 5: procgen.agents: want a list of integers, got "two"`},
		{"name: x\nout: o\nprocgen: {suite: big}\n", `procgen.suite "big": want demo, paper or none`},
		{"name: x\nout: o\nprocgen: {suite: demo, agents: [7]}\n", `procgen.agents: 7: want 2 to 5`},
		{"name: x\nout: o\nprocgen: {suite: demo}\ngenerate:\n  workers: {a: 1}\n", `line 5: flag "workers": want a value`},
		{"name: a/b\nout: o\nprocgen: {suite: demo}\n", `name "a/b"`},
		{"name: x\nout: o\n", `no task files`},
		{"name: x\n  out: [\n", `p.yaml:`},
	} {
		_, err := Parse("p.yaml", []byte(tc.yaml), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want it to contain %q", tc.yaml, err, tc.want)
		}
	}
}

func TestFlagsKeepLinesAndLists(t *testing.T) {
	cfg, err := Parse("p.yaml", []byte("name: x\nout: o\nprocgen: {suite: demo}\nfilter:\n  kinds: [conversation, memory]\n  max-turns: 30\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Flags{{Name: "kinds", Value: "conversation,memory", Line: 5}, {Name: "max-turns", Value: "30", Line: 6}}
	if len(cfg.Filter) != 2 || cfg.Filter[0] != want[0] || cfg.Filter[1] != want[1] {
		t.Errorf("filter flags %+v, want %+v", cfg.Filter, want)
	}
}

func TestSetOverrides(t *testing.T) {
	b, _ := Preset("demo")
	cfg, err := Parse("demo", b, []string{
		"generate.workers=8", "generate.backend=openai", "export.format=[parquet, arrow]",
		"procgen.types=[crafting]", "procgen.seed=7", "out=/tmp/x", "filter.keep-all=true",
	})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := cfg.Generate.Get("workers"); v != "8" {
		t.Errorf("workers %q", v)
	}
	if v, _ := cfg.Generate.Get("backend"); v != "openai" {
		t.Errorf("backend %q", v)
	}
	if v, _ := cfg.Export.Get("format"); v != "parquet,arrow" {
		t.Errorf("format %q", v)
	}
	if v, _ := cfg.Filter.Get("keep-all"); v != "true" {
		t.Errorf("keep-all %q", v)
	}
	// A --set of one procgen field keeps the others from the file.
	if cfg.Procgen.Seed != 7 || cfg.Procgen.Suite != SuiteDemo || len(cfg.Procgen.Types) != 1 || len(cfg.Procgen.Splits) != 2 {
		t.Errorf("procgen %+v", cfg.Procgen)
	}
	if cfg.Out != "/tmp/x" || cfg.Name != "demo" {
		t.Errorf("out %q name %q", cfg.Out, cfg.Name)
	}
	for _, tc := range []struct{ set, want string }{
		{"procgen.sede=1", `--set procgen.sede=1: unknown key "sede" in procgen: want one of suite, seed, types, splits, agents, tasks (did you mean "seed"?)`},
		{"workers=4", `--set workers=4: unknown key "workers" at the top level: want one of name, out, procgen, generate, filter, export`},
		{"nonsense", "want section.field=value"},
		{"procgen.seed=x", `--set procgen.seed=x: procgen.seed: want a whole number, 0 or more, got "x"`},
		{"procgen.suite=big", `procgen.suite "big"`},
	} {
		if _, err := Parse("demo", b, []string{tc.set}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--set %s: error %v, want %q", tc.set, err, tc.want)
		}
	}
}

func TestSuiteCounts(t *testing.T) {
	b, _ := Preset("minecollab")
	cfg, err := Parse("minecollab", b, []string{"procgen.splits=[train]", "procgen.agents=[2]"})
	if err != nil {
		t.Fatal(err)
	}
	counts := cfg.SuiteCounts()
	keys, tasks := Totals(counts)
	got := map[string]int{}
	for _, k := range keys {
		got[k[0]+"/"+k[1]] = tasks[k]
	}
	want := map[string]int{"crafting/train": 1200, "cooking/train": 280, "construction/train": 2000}
	if len(got) != len(want) {
		t.Fatalf("totals %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d tasks, want %d", k, got[k], n)
		}
	}
	if keys[0] != [2]string{"crafting", "train"} || keys[2] != [2]string{"construction", "train"} {
		t.Errorf("order %v", keys)
	}
}
