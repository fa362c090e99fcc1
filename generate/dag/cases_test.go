package dag_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villager"
)

// The engine's calls, as trials make them, rendered by VillagerAgent's own
// code from the same inputs: trials of every kind with scripted experts
// record each call's case (dag.Org.Cases); `make villageragent-fixtures`
// renders the cases (scripts/villageragent-fixtures/engine_cases.json) into
// testdata/villageragent/engine_calls.json. Regenerate the cases with
//
//	go test ./generate/dag -run TestEngineCallsAsVillagerAgentRendersThem -write-dag-cases
//
// and render them again.
var writeCases = flag.Bool("write-dag-cases", false, "write scripts/villageragent-fixtures/engine_cases.json from trials")

const (
	engineCasesPath = "../../scripts/villageragent-fixtures/engine_cases.json"
	engineCallsPath = "../../testdata/villageragent/engine_calls.json"
)

// casesPerRole is how many of each role's first calls a trial gives the
// fixture: more of the executor's, whose scratchpad grows.
func casesPerRole(role string) int {
	if role == "react" {
		return 4
	}
	return 2
}

type recordedCase struct {
	name string
	c    villager.Dict
	msgs []trajectory.Message
}

// caseRecorder keeps the first cases of each role in a trial.
type caseRecorder struct {
	prefix string
	seen   map[string]int
	cases  []recordedCase
}

func (r *caseRecorder) Case(role string, c villager.Dict, msgs []trajectory.Message) {
	n := r.seen[role]
	r.seen[role]++
	if n >= casesPerRole(role) {
		return
	}
	name := fmt.Sprintf("%s-%s-%d", r.prefix, role, n+1)
	r.cases = append(r.cases, recordedCase{name: name, c: append(villager.Dict{{Key: "name", Value: name}}, c...), msgs: msgs})
}

// engineCases plays the trials the fixture covers: the first two train
// tasks of each kind the DAG plays (VillagerBench's farm-to-table and
// construction too), with 2 and 3 agents, in merge mode, and one task of
// each kind in update mode.
func engineCases(t *testing.T) []recordedCase {
	t.Helper()
	var out []recordedCase
	for _, kind := range []string{"crafting", "cooking", "construction", "farm", "vbconstruction"} {
		for _, agents := range []int{2, 3} {
			tasks, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: "train", Agents: agents, N: 2, Seed: 5}})
			if err != nil {
				t.Fatal(err)
			}
			for i := range tasks {
				modes := []dag.Mode{dag.Merge}
				if agents == 2 && i == 0 {
					modes = append(modes, dag.Update)
				}
				for _, mode := range modes {
					rec := &caseRecorder{prefix: fmt.Sprintf("%s-%d-%s-%dp-%s", kind, i+1, tasks[i].ID, agents, mode), seen: map[string]int{}}
					pl := &generate.Player{Org: dag.Org{Config: dag.Config{Mode: mode}, Cases: rec},
						Team: generate.SeatAll(scripted.New(scripted.Options{Skill: 1}), "scripted")}
					if _, err := pl.Play(context.Background(), generate.Job{Task: &tasks[i], Seed: generate.TrialSeed(1, tasks[i].ID, 0)}); err != nil {
						t.Fatal(err)
					}
					out = append(out, rec.cases...)
				}
			}
		}
	}
	return out
}

// casesJSON is the cases file: one case per line, compact (the statuses
// make each case long).
func casesJSON(cases []recordedCase) []byte {
	var b bytes.Buffer
	b.WriteString("{\"cases\": [\n")
	for i, c := range cases {
		b.WriteString(villager.JSON(c.c))
		if i < len(cases)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

func readDict(t *testing.T, path string) villager.Dict {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := villager.ParseJSON(string(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v.(villager.Dict)
}

func TestEngineCallsAsVillagerAgentRendersThem(t *testing.T) {
	cases := engineCases(t)
	if *writeCases {
		if err := os.WriteFile(engineCasesPath, casesJSON(cases), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d cases to %s; render them with make villageragent-fixtures", len(cases), engineCasesPath)
		return
	}
	stored := map[string]string{}
	cv, _ := readDict(t, engineCasesPath).Get("cases")
	for _, c := range cv.([]any) {
		d := c.(villager.Dict)
		name, _ := d.Get("name")
		stored[villager.Str(name)] = villager.JSON(d)
	}
	rendered := map[string]villager.Dict{}
	rv, _ := readDict(t, engineCallsPath).Get("cases")
	for _, c := range rv.([]any) {
		d := c.(villager.Dict)
		name, _ := d.Get("name")
		rendered[villager.Str(name)] = d
	}
	roles, kinds := map[string]int{}, map[string]int{}
	same := 0
	for _, c := range cases {
		if stored[c.name] != villager.JSON(c.c) {
			t.Errorf("%s: the trial's case is not the one rendered; regenerate with -write-dag-cases and make villageragent-fixtures", c.name)
			continue
		}
		r := rendered[c.name]
		callsV, _ := r.Get("calls")
		calls, _ := callsV.([]any)
		replies, _ := c.c.Get("replies")
		at := len(listAny(replies))
		if at >= len(calls) {
			pv, _ := r.Get("parsed")
			t.Errorf("%s: VillagerAgent made %d calls, want the call after %d replies (parsed %s)", c.name, len(calls), at, villager.JSON(pv))
			continue
		}
		want := renderedMessages(calls[at])
		if !equalMessages(t, c.name, c.msgs, want) {
			continue
		}
		same++
		role, _ := c.c.Get("role")
		roles[villager.Str(role)]++
		for _, k := range []string{"crafting", "cooking", "construction", "farm", "vbconstruction"} {
			if len(c.name) > len(k) && c.name[:len(k)] == k {
				kinds[k]++
			}
		}
	}
	t.Logf("%d of %d engine calls byte-identical to VillagerAgent's rendering; by role %v, by kind %v", same, len(cases), roles, kinds)
	if same < 100 {
		t.Errorf("%d engine calls identical to VillagerAgent's rendering, want at least 100", same)
	}
	for _, role := range []string{"env_summary", "decompose", "assign", "react", "reflect", "summary"} {
		if roles[role] == 0 {
			t.Errorf("no %s call compared", role)
		}
	}
	for _, k := range []string{"crafting", "cooking", "construction", "farm", "vbconstruction"} {
		if kinds[k] == 0 {
			t.Errorf("no %s call compared", k)
		}
	}
}

func listAny(v any) []any {
	l, _ := v.([]any)
	return l
}

func renderedMessages(call any) []trajectory.Message {
	mv, _ := call.(villager.Dict).Get("messages")
	var out []trajectory.Message
	for _, m := range listAny(mv) {
		d := m.(villager.Dict)
		role, _ := d.Get("role")
		content, _ := d.Get("content")
		out = append(out, trajectory.Message{Role: villager.Str(role), Content: villager.Str(content)})
	}
	return out
}

func equalMessages(t *testing.T, what string, got, want []trajectory.Message) bool {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d messages, VillagerAgent sends %d", what, len(got), len(want))
		return false
	}
	for i := range got {
		if got[i] == want[i] {
			continue
		}
		g, w := got[i].Content, want[i].Content
		at := 0
		for at < min(len(g), len(w)) && g[at] == w[at] {
			at++
		}
		t.Errorf("%s: message %d (%s) differs at byte %d:\n got  %q\n want %q", what, i, want[i].Role, at,
			g[max(at-80, 0):min(at+80, len(g))], w[max(at-80, 0):min(at+80, len(w))])
		return false
	}
	return true
}
