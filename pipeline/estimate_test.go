package pipeline

import (
	"strings"
	"testing"
	"time"
)

// The dry run estimates generate's time from the benchmarks' CPU per
// trial: each type's trials times its figure, over the cores that play
// at once; a model's time it does not guess.
func TestDryRunEstimatesTime(t *testing.T) {
	b, _ := Preset("demo")
	cfg, err := Parse("demo", b, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(cfg, "preset demo", nil)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := p.DryRun(&out, Trials{PerTask: 2, Workers: 8, CPUs: 2}); err != nil {
		t.Fatal(err)
	}
	// The demo suite: crafting 48, cooking 36, construction 36 tasks, two trials each.
	cpu := 2 * (48*scriptedCPUPerTrial["crafting"] + 36*scriptedCPUPerTrial["cooking"] + 36*scriptedCPUPerTrial["construction"])
	want := "time: about " + roughly(cpu) + " of CPU with scripted teams, " + roughly(cpu/2) + " on 2 cores\n" +
		"  (CPU per 2-agent trial in make bench: crafting 9ms, cooking 21ms, construction 471ms;\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("dry run:\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if err := p.DryRun(&out, Trials{PerTask: 1, Backend: "openai", Workers: 8, CPUs: 2}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "time: depends on the openai endpoint's speed and rate limits (no estimate)") {
		t.Errorf("dry run with a model:\n%s", out.String())
	}
	if got := roughly(90 * time.Second); got != "1.5 min" {
		t.Errorf("roughly(90s) = %q", got)
	}
}
