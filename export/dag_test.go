package export

import (
	"context"
	"iter"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// dagTrials are real trials: four 2-agent cooking tasks played by the
// scripted experts under the DAG organisation, and the first of them
// under p2p. Played once for the package's tests.
var dagTrials = sync.OnceValues(func() ([]*trajectory.Trial, error) {
	tasks, err := procgen.Generate("cooking", procgen.GenerateOptions{Options: procgen.Options{Split: "train", Agents: 2, N: 4, Seed: 3}})
	if err != nil {
		return nil, err
	}
	be := scripted.New(scripted.Options{Skill: 1})
	var out []*trajectory.Trial
	for _, org := range []generate.Organisation{dag.Org{}, generate.P2P} {
		pl := &generate.Player{Org: org, Team: generate.SeatAll(be, "scripted")}
		for i := range tasks {
			rec, err := pl.Play(context.Background(), generate.Job{Task: &tasks[i], Seed: generate.TrialSeed(1, tasks[i].ID, 0)})
			if err != nil {
				return nil, err
			}
			rec.Run = "runs/" + org.Name()
			out = append(out, rec)
			if org == generate.P2P {
				break
			}
		}
	}
	return out, nil
})

func dagSource(t *testing.T, unit string) Source {
	t.Helper()
	trials, err := dagTrials()
	if err != nil {
		t.Fatal(err)
	}
	return FromTrials(trajectory.Values(trials), unit)
}

// TestDAGTransitionsAreExamples: every call of a DAG trial is an example
// of its own kind, the planner seats' too, and num_agents counts the
// agents only.
func TestDAGTransitionsAreExamples(t *testing.T) {
	kinds, seats := map[string]int{}, map[string]bool{}
	for ex, err := range dagSource(t, UnitTransition) {
		if err != nil {
			t.Fatal(err)
		}
		if ex.Meta.NumAgents != 2 {
			t.Errorf("%s: num_agents %d, want 2", ex.ID, ex.Meta.NumAgents)
		}
		if ex.Meta.Org == "dag" {
			kinds[ex.Meta.Kind]++
			seats[ex.Meta.Agent] = true
		} else if ex.Meta.Org != "" || !slices.Contains([]string{trajectory.KindConversation, trajectory.KindMemory, trajectory.KindBotResponder}, ex.Meta.Kind) {
			t.Errorf("%s: p2p example of org %q, kind %s", ex.ID, ex.Meta.Org, ex.Meta.Kind)
		}
		if last := ex.Messages[len(ex.Messages)-1]; last.Role != "assistant" {
			t.Errorf("%s: ends with a %s message", ex.ID, last.Role)
		}
	}
	for _, k := range []string{trajectory.KindEnvSummary, trajectory.KindDecompose, trajectory.KindAssign, trajectory.KindReact, trajectory.KindReflect, trajectory.KindSummary} {
		if kinds[k] == 0 {
			t.Errorf("no %s examples (kinds %v)", k, kinds)
		}
	}
	for _, s := range []string{"Andy_0", "Jill_0", dag.TaskManagerSeat, dag.ControllerSeat, dag.DataManagerSeat} {
		if !seats[s] {
			t.Errorf("no examples of seat %s (%v)", s, seats)
		}
	}
}

// TestOrgColumn: a dataset of DAG and p2p trials has an org column that
// DuckDB reads and ReadDataset brings back; without the column such
// trials are refused rather than their organisation lost.
func TestOrgColumn(t *testing.T) {
	dest, err := filepath.Abs(filepath.Join(t.TempDir(), "ds"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), dagSource(t, UnitTransition), dest, Options{Formats: []Format{FormatParquet}}); err == nil ||
		!strings.Contains(err.Error(), `organisation "dag"`) || !strings.Contains(err.Error(), "org column") {
		t.Errorf("DAG trials without the org column: %v", err)
	}
	res, err := Write(context.Background(), dagSource(t, UnitTransition), dest, Options{Formats: allFormats, OrgColumn: true})
	if err != nil {
		t.Fatal(err)
	}
	src, err := ReadDataset(dest)
	if err != nil {
		t.Fatal(err)
	}
	orgs := map[string]int{}
	for ex, err := range src {
		if err != nil {
			t.Fatal(err)
		}
		orgs[ex.Meta.Org]++
		if want := map[bool]string{true: "p2p", false: "dag"}[strings.HasPrefix(ex.ID, "p2p/")]; orgName(ex.Meta.Org) != want {
			t.Errorf("%s read back of org %q", ex.ID, ex.Meta.Org)
		}
	}
	if orgs["dag"] == 0 || orgs[""] == 0 || int64(orgs["dag"]+orgs[""]) != res.Counts.Written {
		t.Errorf("read back %v, %d written", orgs, res.Counts.Written)
	}
	pq, arrowFiles := runChecker(t, dest)
	for _, f := range append(pq, arrowFiles...) {
		if typ := f.Columns["org"]; typ != "VARCHAR" && typ != "Utf8" {
			t.Errorf("%s: org column %q", f.File, typ)
		}
		for _, r := range f.Rows {
			if r["org"] != "dag" && r["org"] != "p2p" {
				t.Errorf("%s: row %v of org %v", f.File, r["id"], r["org"])
			}
		}
	}
}

// TestVillagerAgentUnit checks VillagerAgent's SFT layout on real DAG
// trials: the system prompt, the instruction, the kept actions without
// their thoughts and with their feedback, the next thought and action (or
// the stop), no failed action, no agent's own name; and that the files
// load as the other layouts do.
func TestVillagerAgentUnit(t *testing.T) {
	var exs []Example
	for ex, err := range dagSource(t, UnitVillagerAgent) {
		if err != nil {
			t.Fatal(err)
		}
		exs = append(exs, ex)
	}
	if len(exs) < 20 {
		t.Fatalf("%d examples", len(exs))
	}
	stops := 0
	for _, ex := range exs {
		m := ex.Messages
		if ex.Meta.Org != "dag" || ex.Meta.Kind != trajectory.KindReact || ex.Meta.Agent != "Andy_0" && ex.Meta.Agent != "Jill_0" {
			t.Fatalf("%s: org %q, kind %s, agent %s", ex.ID, ex.Meta.Org, ex.Meta.Kind, ex.Meta.Agent)
		}
		if m[0] != (Message{Role: "system", Content: villagerSystem}) || m[1].Role != "user" || !strings.HasPrefix(m[1].Content, "Instruction: Your name is ") || len(m)%2 != 1 {
			t.Fatalf("%s: starts %q, %q (%d messages)", ex.ID, m[0], m[1].Content[:min(60, len(m[1].Content))], len(m))
		}
		for k := 2; k < len(m); k++ {
			c := m[k].Content
			switch {
			case k%2 == 1:
				if m[k].Role != "user" || !strings.HasPrefix(c, "Feedback: ") || !strings.Contains(c, "\nStatus: True\nNew Events: ") {
					t.Errorf("%s: message %d is not a success's feedback: %q", ex.ID, k, c)
				}
			case k == len(m)-1:
				if m[k].Role != "assistant" {
					t.Errorf("%s: ends with %s", ex.ID, m[k].Role)
				}
				if strings.HasPrefix(c, "Action: {'tool': 'stop', 'tool_input': {'final_answer': ") {
					stops++
				} else if !strings.HasPrefix(c, "Thought: ") || !strings.Contains(c, "\nAction: {'tool': '") || strings.Contains(c, "```") {
					t.Errorf("%s: output %q", ex.ID, c)
				}
			default:
				if m[k].Role != "assistant" || !strings.HasPrefix(c, "Action: {'tool': '") {
					t.Errorf("%s: earlier action %q", ex.ID, c)
				}
			}
			for _, name := range []string{"Andy_0", "Jill_0", "andy_0", "jill_0"} {
				if strings.Contains(c, name) || strings.Contains(m[1].Content, name) {
					t.Fatalf("%s: %s left in %q", ex.ID, name, c)
				}
			}
		}
	}
	if stops == 0 || stops == len(exs) {
		t.Errorf("%d stop examples of %d", stops, len(exs))
	}
	// The names are drawn per trial, the same each time.
	again := slices.Collect(values(dagSource(t, UnitVillagerAgent)))
	for i := range exs {
		if !slices.Equal(exs[i].Messages, again[i].Messages) {
			t.Fatalf("%s differs between two exports", exs[i].ID)
		}
	}
	// Files every reader loads, in both layouts.
	for _, layout := range []Layout{LayoutMessages, LayoutPromptCompletion} {
		dest, err := filepath.Abs(filepath.Join(t.TempDir(), "va"))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Write(context.Background(), dagSource(t, UnitVillagerAgent), dest, Options{Formats: allFormats, Layout: layout, Unit: UnitVillagerAgent, OrgColumn: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range readJSONL[sharegptLine](t, filepath.Join(dest, "sharegpt", "train.jsonl")) {
			if l.System != villagerSystem || len(l.Conversations)%2 != 0 {
				t.Errorf("sharegpt line: system %q, %d turns", l.System, len(l.Conversations))
			}
		}
		pq, arrowFiles := runChecker(t, dest)
		n := int64(0)
		for _, f := range pq {
			n += f.Count
			for _, r := range f.Rows {
				if r["kind"] != "react" || r["org"] != "dag" {
					t.Errorf("%s: row %v", f.File, r["id"])
				}
			}
		}
		if n != res.Counts.Written || len(arrowFiles) == 0 {
			t.Errorf("%s: DuckDB read %d rows of %d, %d arrow files", layout, n, res.Counts.Written, len(arrowFiles))
		}
	}
}

// values drops a sequence's errors (the test's sources have none).
func values(src Source) iter.Seq[Example] {
	return func(yield func(Example) bool) {
		for ex := range src {
			if !yield(ex) {
				return
			}
		}
	}
}

// TestVillagerAgentRuns: how the extractor's rules apply to a hand-made
// history: a failed action and LangChain's feedback texts dropped, a run
// whose tool call raised dropped (its retry kept), a run cut by the
// iteration limit without a stop, and a trial under 0.5 giving nothing.
func TestVillagerAgentRuns(t *testing.T) {
	sys := trajectory.Message{Role: "system", Content: `... Valid "action" values: "Final Answer" or navigateTo, MineBlock ...`}
	call := func(step int, pad bool, resp, cmd, out string) trajectory.Transition {
		human := "Your name is Andy_0.\nDig the stone.\n\n"
		if pad {
			human += "This was your previous work (but I haven't seen any of it! I only see what you return as final answer):\n..."
		}
		return trajectory.Transition{Step: step, Kind: trajectory.KindReact, Messages: []Message{sys, {Role: "user", Content: human}},
			Response: resp, Command: cmd, Output: out}
	}
	dig := `{"action": "MineBlock", "action_input": {"player_name": "Andy_0", "x": 1, "y": -60, "z": 2}}`
	ok := "{'message': ' dig at (1, -60, 2)', 'new_events': ['My inventory: stone: 1'], 'status': True}"
	bad := "{'message': 'cannot dig', 'new_events': [], 'status': False}"
	final := "Thought: done\nAction:\n```\n{\"action\": \"Final Answer\", \"action_input\": \"I dug it.\"}\n```"
	trs := []trajectory.Transition{
		call(0, false, "Thought: dig\nAction:\n```\n"+dig+"\n```", dig, "error: 1 validation error"), // raised: dropped
		call(1, false, "Thought: dig\nAction:\n```\n"+dig+"\n```", dig, bad),
		call(2, true, "Thought: fly", `{"action": "fly", "action_input": {}}`, "fly is not a valid tool, try one of [navigateTo, MineBlock]."),
		call(3, true, "Thought: dig again\n\nAction:\n```\n"+dig+"\n```", dig, ok),
		call(4, true, final, "", ""),
		{Step: 5, Kind: trajectory.KindReflect},
		call(6, false, "Thought: dig\nAction:\n```\n"+dig+"\n```", dig, ok), // cut by the iteration limit
		{Step: 7, Kind: trajectory.KindReflect},
	}
	tr := &trajectory.Trial{TrialID: "t#0", TaskID: "t", Seed: 9, Outcome: trajectory.Outcome{Score: 0.5},
		Team:   []trajectory.Member{{Name: "Andy_0"}, {Name: "TaskManager", Role: trajectory.RoleOrg}},
		Agents: []trajectory.Agent{{Name: "Andy_0", Transitions: trs}}}
	var got [][]Message
	var steps []int
	for ex := range FromTrials(trajectory.Values([]*trajectory.Trial{tr}), UnitVillagerAgent) {
		got = append(got, ex.Messages)
		steps = append(steps, ex.Meta.Step)
	}
	if !slices.Equal(steps, []int{3, 4, 6}) {
		t.Fatalf("examples at steps %v, want 3, 4 (stop) and 6", steps)
	}
	name := strings.TrimSuffix(strings.TrimPrefix(got[0][1].Content, "Instruction: Your name is "), ".\nDig the stone.")
	want := [][]Message{
		{{Role: "system", Content: villagerSystem}, {Role: "user", Content: "Instruction: Your name is " + name + ".\nDig the stone."},
			{Role: "assistant", Content: "Thought: dig again\nAction: {'tool': 'MineBlock', 'tool_input': {'player_name': '" + name + "', 'x': 1, 'y': -60, 'z': 2}}"}},
		{{Role: "system", Content: villagerSystem}, {Role: "user", Content: "Instruction: Your name is " + name + ".\nDig the stone."},
			{Role: "assistant", Content: "Action: {'tool': 'MineBlock', 'tool_input': {'player_name': '" + name + "', 'x': 1, 'y': -60, 'z': 2}}"},
			{Role: "user", Content: "Feedback:  dig at (1, -60, 2)\nStatus: True\nNew Events: ['My inventory: stone: 1']"},
			{Role: "assistant", Content: "Action: {'tool': 'stop', 'tool_input': {'final_answer': 'I dug it.'}}"}},
	}
	for i, w := range want {
		if !slices.Equal(got[i], w) {
			t.Errorf("example %d:\n got %q\nwant %q", i, got[i], w)
		}
	}
	if name == "Andy_0" || !slices.Contains(firstNames, name) {
		t.Errorf("agent renamed %q", name)
	}
	tr.Outcome.Score = 0.49
	for ex := range FromTrials(trajectory.Values([]*trajectory.Trial{tr}), UnitVillagerAgent) {
		t.Errorf("a trial under 0.5 gave %s", ex.ID)
	}
}
