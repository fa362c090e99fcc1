package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/filter"
	"collabcraft/trajectory"

	"github.com/spf13/pflag"
)

// fixtureTrial is a hand-made trial: two agents with `calls` model calls
// each, one every 10 simulated seconds, the first of each agent carrying a
// command.
func fixtureTrial(id, typ string, score float64, success bool, diff map[string]any, calls int) *trajectory.Trial {
	end := trajectory.EndTimeout
	if success {
		end = trajectory.EndSuccess
	}
	t := &trajectory.Trial{TrialID: id, TaskID: "task_" + id, TaskType: typ, Split: "train", Difficulty: diff,
		Outcome: trajectory.Outcome{Score: score, Success: success, EndReason: end}, SimSeconds: 60 * float64(calls)}
	for i := range 2 {
		name := fmt.Sprintf("Andy_%d", i)
		t.Team = append(t.Team, trajectory.Member{Name: name, Backend: "scripted"})
		a := trajectory.Agent{Name: name}
		for j := range calls {
			tr := trajectory.Transition{Step: j, Kind: trajectory.KindConversation, SimTime: float64(10 * j),
				Messages: []trajectory.Message{{Role: "system", Content: "play " + id}, {Role: "user", Content: fmt.Sprint("turn ", j)}},
				Response: fmt.Sprintf("%s says %d", name, j), Usage: trajectory.Usage{PromptTokens: 100, CompletionTokens: 10}}
			if j == 0 {
				tr.Command = `!collectBlocks("oak_log", 1)`
			}
			a.Transitions = append(a.Transitions, tr)
		}
		t.Agents = append(t.Agents, a)
	}
	return t
}

func writeFixtureRun(t *testing.T, dir string, trials ...*trajectory.Trial) {
	t.Helper()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: filepath.Base(dir), Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range trials {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func fixtureRun(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "runs", "r1")
	writeFixtureRun(t, dir,
		fixtureTrial("c1", "techtree", 1, true, map[string]any{"depth": 1, "plan": "full_plan"}, 2),
		fixtureTrial("c2", "techtree", 0, false, map[string]any{"depth": 2, "plan": "no_plan"}, 3),
		fixtureTrial("b1", "construction", 0.2, false, map[string]any{"rooms": 1, "materials": 0}, 1),
		fixtureTrial("b2", "construction", 0.4, false, map[string]any{"rooms": 1, "materials": 0}, 1),
		fixtureTrial("b3", "construction", 0.6, false, map[string]any{"rooms": 2, "materials": 1}, 2),
		fixtureTrial("b4", "construction", 0.8, false, map[string]any{"rooms": 2, "materials": 1}, 2),
	)
	return dir
}

func TestRunFilter(t *testing.T) {
	run := fixtureRun(t)
	view := run + ".filtered"
	var out bytes.Buffer
	err := runFilter(context.Background(), FilterOptions{In: []string{run}, Out: view, out: &out}, GlobalOptions{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Paper recipe: c1 (success), and per rooms level within the split
	// b2 (0.4 >= rooms 1's 75th percentile 0.35) and b4 (0.8 >= 0.75).
	for _, want := range []string{"in  6  22", "kept  3  10", "not_success  1  6", "below_quantile  2  6", "split=train,rooms=1  2  0.35", "split=train,rooms=2  2  0.75"} {
		if !strings.Contains(squeeze(out.String()), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	v, err := filter.ReadView(view)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range v.Inputs[0].Trials {
		ids = append(ids, k.ID)
	}
	if strings.Join(ids, ",") != "b2,b4,c1" {
		t.Errorf("view keeps %v, want b2,b4,c1", ids)
	}

	// Flags over a YAML file over the default; --json prints the report.
	out.Reset()
	opts := FilterOptions{In: []string{run}, Out: run + ".rooms", JSON: true, out: &out,
		RuleFlags: RuleFlags{GroupBy: []string{"rooms"}, Quantile: 0.5, Set: []string{"group-by", "quantile"}}}
	if err := runFilter(context.Background(), opts, GlobalOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	var rep filter.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	// Medians: rooms=1 0.3 keeps b2; rooms=2 0.7 keeps b4.
	if rep.Trials.Kept != 3 || len(rep.Thresholds) != 2 || rep.Rules.TopQuantile.Q != 0.5 {
		t.Errorf("grouped report %+v", rep)
	}

	// A view as input: the paper's recipe is not applied again.
	out.Reset()
	err = runFilter(context.Background(), FilterOptions{In: []string{view}, Out: view + "2", out: &out}, GlobalOptions{}, nil)
	if err != nil || !strings.Contains(squeeze(out.String()), "kept  3  10") {
		t.Errorf("filter of a view: %v\n%s", err, out.String())
	}
}

func TestRunFilterBadInput(t *testing.T) {
	run := fixtureRun(t)
	bad := filepath.Join(t.TempDir(), "rules.yaml")
	if err := os.WriteFile(bad, []byte("succes: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts FilterOptions
		want string
	}{
		{FilterOptions{Out: "x"}, "--in is required"},
		{FilterOptions{In: []string{run}}, "--out is required"},
		{FilterOptions{In: []string{run}, Out: run + ".v", RuleFlags: RuleFlags{Kinds: []string{"chat"}, Set: []string{"kinds"}}}, `kinds: "chat"`},
		{FilterOptions{In: []string{run}, Out: run + ".v", RuleFlags: RuleFlags{Quantile: 2, Set: []string{"quantile"}}}, "top_quantile.q 2"},
		{FilterOptions{In: []string{run}, Out: run + ".v", RuleFlags: RuleFlags{Rules: bad}}, "line 1: field succes not found"},
		{FilterOptions{In: []string{run + "-nope"}, Out: run + ".v"}, "not a run directory"},
		{FilterOptions{In: []string{run}, Out: run}, "holds a run"},
	} {
		c.opts.out = &bytes.Buffer{}
		err := runFilter(context.Background(), c.opts, GlobalOptions{}, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.opts, err, c.want)
		}
	}
}

// squeeze collapses runs of spaces to two, so tests match aligned tables.
func squeeze(s string) string {
	var b strings.Builder
	spaces := 0
	for _, r := range s {
		if r == ' ' {
			spaces++
			continue
		}
		if spaces > 0 {
			b.WriteString(strings.Repeat(" ", min(spaces, 2)))
			spaces = 0
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestQualityRuleFlagsTakeEffect: --max-violations and --drop-looping given
// on the command line reach the rules.
func TestQualityRuleFlagsTakeEffect(t *testing.T) {
	var r RuleFlags
	f := pflag.NewFlagSet("filter", pflag.ContinueOnError)
	r.AddFlags(f)
	if err := f.Parse([]string{"--max-violations", "0", "--drop-looping"}); err != nil {
		t.Fatal(err)
	}
	r.setFrom(f)
	cfg, err := r.Config(false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxViolations == nil || *cfg.MaxViolations != 0 || !cfg.DropLooping {
		t.Errorf("rules %+v", cfg)
	}
}
