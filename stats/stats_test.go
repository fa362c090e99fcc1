package stats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"collabcraft/filter"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// call is one model call at a simulated time, with or without a command.
type call struct {
	at  float64
	cmd bool
}

func trial(id, typ, split string, score float64, success bool, sim float64, diff map[string]any,
	metrics map[string]float64, agents ...[]call) *trajectory.Trial {
	t := &trajectory.Trial{TrialID: id, TaskID: "task_" + id, TaskType: typ, Split: split, Difficulty: diff,
		Outcome: trajectory.Outcome{Score: score, Success: success, EndReason: trajectory.EndTimeout}, SimSeconds: sim, Metrics: metrics}
	for i, calls := range agents {
		name := fmt.Sprintf("Andy_%d", i)
		t.Team = append(t.Team, trajectory.Member{Name: name, Backend: "scripted"})
		a := trajectory.Agent{Name: name}
		for j, c := range calls {
			tr := trajectory.Transition{Step: j, Kind: trajectory.KindConversation, SimTime: c.at,
				Messages: []trajectory.Message{{Role: "user", Content: "go"}}, Response: "ok",
				Usage: trajectory.Usage{PromptTokens: 100, CompletionTokens: 10}}
			if c.cmd {
				tr.Command = "!stop()"
			}
			a.Transitions = append(a.Transitions, tr)
		}
		t.Agents = append(t.Agents, a)
	}
	return t
}

// smallRun is the run whose numbers the tests check by hand.
func smallRun(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "r1")
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "r1", Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range []*trajectory.Trial{
		// Active: Andy_0 (30-0)+(120-60) = 90, Andy_1 100 → t' = 0, 1 → B = 0.5.
		trial("c1", "techtree", "train", 1, true, 120, map[string]any{"depth": 1, "plan": "full_plan"}, nil,
			[]call{{0, true}, {30, false}, {60, true}}, []call{{0, true}, {100, false}}),
		// Recorded active times, equal → B = 1.
		trial("c2", "techtree", "test", 0, false, 60, map[string]any{"depth": 2, "plan": "partial_plan"},
			map[string]float64{"active_seconds:Andy_0": 30, "active_seconds:Andy_1": 30}, []call{{0, true}}, []call{{0, true}}),
		// t' = 0, .5, 1 → σ = sqrt(1/6) → B = 0.591752.
		trial("b1", "construction", "train", 0.5, false, 300, map[string]any{"rooms": 1, "materials": 0},
			map[string]float64{"active_seconds:Andy_0": 0, "active_seconds:Andy_1": 50, "active_seconds:Andy_2": 100},
			[]call{{0, false}}, []call{{0, false}}, []call{{0, false}}),
		// One agent: Balance does not apply.
		trial("k1", "cooking", "train", 1, true, 60, map[string]any{"blocked": 1}, nil, []call{{0, true}, {10, true}}),
	} {
		if err := w.Write(tr); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

func collect(t *testing.T, dir string, p *Prices) *Summary {
	t.Helper()
	in, err := filter.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Collect(in.Trials(), p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func near(a float64, b *float64) bool { return b != nil && math.Abs(a-*b) < 1e-6 }

func TestCollectByHand(t *testing.T) {
	s := collect(t, smallRun(t), &Prices{Prompt: 1, Completion: 2})
	if len(s.Types) != 4 {
		t.Fatalf("types %+v", s.Types)
	}
	byType := map[string]TypeStats{}
	for _, ts := range s.Types {
		byType[ts.TaskType] = ts
	}
	cr, cn, all := byType["techtree"], byType["construction"], byType["all"]
	if s.Types[0].TaskType != "techtree" || s.Types[3].TaskType != "all" {
		t.Errorf("order: %s ... %s", s.Types[0].TaskType, s.Types[3].TaskType)
	}
	check := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-6 {
			t.Errorf("%s = %g, want %g", name, got, want)
		}
	}
	// Table 2.
	check("crafting train tasks", float64(cr.Tasks["train"]), 1)
	check("crafting test tasks", float64(cr.Tasks["test"]), 1)
	check("crafting trials", float64(cr.Trials), 2)
	check("crafting successes", float64(cr.Successes), 1)
	check("crafting transitions", float64(cr.Transitions), 7)
	check("crafting avg traj len", cr.AvgTrajLen, 3.5)
	check("construction mean score", cn.MeanScore, 0.5)
	check("all trials", float64(all.Trials), 4)
	check("all train tasks", float64(all.Tasks["train"]), 3)
	check("all transitions", float64(all.Transitions), 12)
	check("all mean score", all.MeanScore, 0.625)
	// VillagerBench's tables: one row per task type and team.
	rows := map[string]TeamRow{}
	for _, r := range s.VillagerBench {
		rows[r.TaskType+"/"+r.label()] = r
	}
	if len(rows) != 3 || s.VillagerBench[0].TaskType != "techtree" {
		t.Fatalf("rows %+v", s.VillagerBench)
	}
	// c1: active 90 and 100 s, score 1 in 2 min; c2: 30 and 30 s, score 0
	// in 1 min.
	crt := rows["techtree/p2p, scripted, 2 agents"]
	check("crafting C", crt.C, 50)
	check("crafting E", *crt.E, (50+0)/2.0)
	check("crafting B paper", *crt.BPaper, (50+100)/2.0)
	check("crafting B code", *crt.BCode, (100*(1-0.05)+100)/2)
	if crt.ACR != nil || crt.FailureRate != nil || crt.Actions != 5 || crt.ToolCalls != 0 {
		t.Errorf("crafting: ACR %v, failure rate %v, %d actions, %d tool calls", deref(crt.ACR), deref(crt.FailureRate), crt.Actions, crt.ToolCalls)
	}
	check("crafting tokens/action", *crt.TokensPerAction, 70.0/5)
	check("crafting token cost", *crt.TokenCost, (50.0/3/(101+3)+20.0/2/(1+2))/2)
	cnt := rows["construction/p2p, scripted, 3 agents"]
	check("construction E", *cnt.E, 50.0/5)
	check("construction B paper", *cnt.BPaper, 100*(1-math.Sqrt(1.0/6)))
	check("construction B code", *cnt.BCode, 100*(1-math.Sqrt(1.0/6)))
	if cot := rows["cooking/p2p, scripted, 1 agents"]; cot.BPaper != nil || cot.BCode != nil || !near(100, cot.E) {
		t.Errorf("one-agent cooking: balance %v/%v, E %v", deref(cot.BPaper), deref(cot.BCode), deref(cot.E))
	}
	if cr.PromptTokens != 700 || cr.CompletionTokens != 70 || !near(770, cr.TokensPerSuccess) || cn.TokensPerSuccess != nil {
		t.Errorf("crafting tokens %d/%d per success %v", cr.PromptTokens, cr.CompletionTokens, deref(cr.TokensPerSuccess))
	}
	if !near(0.00144, all.Cost) || !near(0.00072, all.CostPerSuccess) {
		t.Errorf("all cost %v per success %v", deref(all.Cost), deref(all.CostPerSuccess))
	}
	// Breakdowns (Tables 4-6 and agents).
	got := map[string]string{}
	for _, b := range s.Breakdowns {
		var cells []string
		for _, c := range b.Rows {
			cells = append(cells, fmt.Sprintf("%s:%d/%d:%.2f:%.2f", c.Value, c.Successes, c.Trials, c.Rate, c.MeanScore))
		}
		got[b.TaskType+"/"+b.Knob+"/"+b.Metric] = strings.Join(cells, " ")
	}
	want := map[string]string{
		"techtree/depth/success_rate":       "1:1/1:1.00:1.00 2:0/1:0.00:0.00",
		"techtree/plan/success_rate":        "full_plan:1/1:1.00:1.00 partial_plan:0/1:0.00:0.00",
		"cooking/blocked/success_rate":      "1:1/1:1.00:1.00",
		"construction/materials/mean_score": "0:0/1:0.00:0.50",
		"construction/rooms/mean_score":     "1:0/1:0.00:0.50",
		"/agents/success_rate":              "1:1/1:1.00:1.00 2:1/2:0.50:0.50 3:0/1:0.00:0.50",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("breakdown %s = %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("breakdowns %v", got)
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestVillagerBenchDAG: a DAG trial's organisation seats are no agents
// (not in B, not among the actions, their tokens counted), ACR comes
// from the recorded first owners, and failed tool calls make the
// failure rate.
func TestVillagerBenchDAG(t *testing.T) {
	react := func(step int, cmd, out string) trajectory.Transition {
		return trajectory.Transition{Step: step, Kind: trajectory.KindReact, Command: cmd, Output: out, Usage: trajectory.Usage{CompletionTokens: 30}}
	}
	tr := &trajectory.Trial{TrialID: "d1", TaskID: "d", TaskType: "cooking", Org: "dag", SimSeconds: 120,
		Outcome: trajectory.Outcome{Score: 1, Success: true},
		Team: []trajectory.Member{{Name: "Andy_0", Backend: "scripted"}, {Name: "Jill_0", Backend: "openai", Model: "m"},
			{Name: "TaskManager", Backend: "openai", Model: "m", Role: trajectory.RoleOrg}},
		Metrics: map[string]float64{"active_seconds:Andy_0": 60, "active_seconds:Jill_0": 20, "active_seconds:TaskManager": 100,
			"first_owned:Andy_0": 3, "first_owned:Jill_0": 1},
		Agents: []trajectory.Agent{
			{Name: "Andy_0", Transitions: []trajectory.Transition{
				react(0, `{"action": "MineBlock"}`, "{'message': 'dig', 'status': True}"),
				react(1, `{"action": "craftBlock"}`, "{'message': 'no', 'status': False}"),
				react(2, "", "")}},
			{Name: "Jill_0", Transitions: []trajectory.Transition{react(0, `{"action": "fly"}`, "fly is not a valid tool, try one of [navigateTo].")}},
			{Name: "TaskManager", Transitions: []trajectory.Transition{{Kind: trajectory.KindDecompose, Usage: trajectory.Usage{CompletionTokens: 110}}}},
		}}
	s, err := Collect(trajectory.Values([]*trajectory.Trial{tr}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.VillagerBench) != 1 {
		t.Fatalf("rows %+v", s.VillagerBench)
	}
	r := s.VillagerBench[0]
	if r.label() != "dag, scripted+m, 2 agents" || r.Actions != 3 || r.ToolCalls != 3 || r.FailedActions != 2 {
		t.Errorf("row %s: %d actions, %d tool calls, %d failed", r.label(), r.Actions, r.ToolCalls, r.FailedActions)
	}
	// I = 3, 1: sd 1 between 0 (2, 2) and 2 (4, 0).
	for name, want := range map[string]float64{"ACR": 50, "B paper": 50, "B code": 100 * (1 - 1.0/3), "E": 50,
		"failure rate": 2.0 / 3, "tokens/action": 230.0 / 3, "token cost": 230.0 / 3 / (101 + 1)} {
		got := map[string]*float64{"ACR": r.ACR, "B paper": r.BPaper, "B code": r.BCode, "E": r.E, "failure rate": r.FailureRate,
			"tokens/action": r.TokensPerAction, "token cost": r.TokenCost}[name]
		if !near(want, got) {
			t.Errorf("%s = %v, want %g", name, deref(got), want)
		}
	}
	if b, ok := Balance(tr); !ok || math.Abs(b-0.5) > 1e-9 {
		t.Errorf("Balance = %v, %v; want 0.5 over the agents", b, ok)
	}
	if s.Breakdowns[len(s.Breakdowns)-1].Rows[0].Value != "2" {
		t.Errorf("team size breakdown %+v", s.Breakdowns)
	}
}

func TestACR(t *testing.T) {
	for _, c := range []struct {
		owned []float64
		want  float64
	}{
		{[]float64{2, 2}, 100}, {[]float64{4, 0}, 0}, {[]float64{0, 0}, 0}, {[]float64{5}, 100},
		{[]float64{3, 2}, 100}, // an odd count's most even split
		{[]float64{3, 0, 0}, 0}, {[]float64{1, 1, 1}, 100},
	} {
		if got := ACR(c.owned); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("ACR(%v) = %g, want %g", c.owned, got, c.want)
		}
	}
}

func TestBalanceFormula(t *testing.T) {
	// Four agents active 10, 20, 30, 50 s: t' = 0, .25, .5, 1.
	tr := &trajectory.Trial{SimSeconds: 100, Metrics: map[string]float64{}}
	for i, s := range []float64{10, 20, 30, 50} {
		name := fmt.Sprint("a", i)
		tr.Agents = append(tr.Agents, trajectory.Agent{Name: name})
		tr.Metrics["active_seconds:"+name] = s
	}
	mean := (0 + 0.25 + 0.5 + 1) / 4.0
	v := (mean*mean + (0.25-mean)*(0.25-mean) + (0.5-mean)*(0.5-mean) + (1-mean)*(1-mean)) / 4
	b, ok := Balance(tr)
	if !ok || math.Abs(b-(1-math.Sqrt(v))) > 1e-12 {
		t.Errorf("Balance = %g, %v; want %g", b, ok, 1-math.Sqrt(v))
	}
}

func TestTextAndMarkdown(t *testing.T) {
	s := collect(t, smallRun(t), nil)
	var text, md bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text.String(), "\n")
	// The first table: title, header, one row per type, aligned columns.
	if lines[0] != "Tasks, trials and transitions (paper Table 2)" {
		t.Fatalf("text starts %q", lines[0])
	}
	if len(lines[1]) != len(lines[2]) || len(lines[2]) != len(lines[5]) {
		t.Errorf("columns not aligned:\n%s\n%s\n%s", lines[1], lines[2], lines[5])
	}
	for _, want := range []string{"crafting", "50.00%", "3.5", "crafting: success by crafting depth", "construction: mean score by rooms level"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if strings.Contains(text.String(), "USD") {
		t.Error("cost columns without prices")
	}
	for _, want := range []string{"| task type | train |", "| --- | ---: |", "| crafting | 1 | 1 | 0 | 2 | 1 | 50.00% | 0.500 | 7 | 3.5 |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestBreakdownKnobsCoverKinds(t *testing.T) {
	for _, k := range procgen.AllKinds() {
		knobs := breakdownKnobs[k]
		if len(knobs) == 0 {
			t.Errorf("kind %s: no breakdown knobs", k.Name)
		}
		for _, b := range knobs {
			if _, ok := k.Knob(b.name); !ok || b.title == "" {
				t.Errorf("kind %s: breakdown knob %q is not a knob of the kind, or has no title", k.Name, b.name)
			}
		}
	}
}
