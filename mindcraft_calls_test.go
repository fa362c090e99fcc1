package collabcraft_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted"
	"collabcraft/plainjson"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// This file checks the calls we send against MINDcraft's own rendering of
// the same state (make mindcraft-fixtures). The sample is 50 tasks of each
// type, from our generators and from MINDcraft's task files; each is played
// by the scripted experts under --profile minecollab until every agent has
// made its first conversation call and the team its first memory call,
// (construction) its first coding call and, if one comes within two
// simulated minutes, its first bot_responder call. Each call's state is a case in
// scripts/mindcraft-fixtures/calls.json; render.mjs feeds those states to
// MINDcraft's Prompter and model classes and writes what they send to
// testdata/mindcraft/calls.json.

var writeCallCases = flag.Bool("write-call-cases", false,
	"rewrite scripts/mindcraft-fixtures/calls.json: sample tasks from our generators and from the MINDcraft checkout in $MINDCRAFT_DIR, play them, record each call's state")

const (
	// Both gzipped: the fixture is 11 MB of JSON, mostly the same prompt
	// parts over and over.
	callCasesFile   = "scripts/mindcraft-fixtures/calls.json.gz"
	callFixtureFile = "testdata/mindcraft/calls.json.gz"
)

// callAPIs are the APIs whose requests render.mjs captures, by the model
// name each is given.
var callAPIs = map[string]string{"vllm": "collabcraft-sft", "openai": "gpt-4o-mini"}

// callCase is one call's state, in the terms render.mjs hands MINDcraft.
type callCase struct {
	Name      string         `json:"name"`
	Kind      string         `json:"kind"` // conversation | memory | coding | bot_responder
	Profile   string         `json:"profile"`
	Settings  map[string]any `json:"settings,omitempty"`
	AgentName string         `json:"agent_name"`
	CountID   int            `json:"count_id"`
	Agents    []string       `json:"agents"`
	TaskID    string         `json:"task_id"`
	Memory    string         `json:"memory"`
	// SelfPromptStopped: the self-prompter stopped (no goal line).
	SelfPromptStopped bool     `json:"self_prompt_stopped,omitempty"`
	Stats             string   `json:"stats"`
	Inventory         [][2]any `json:"inventory_items"` // [name, count] in our !inventory's order
	// Messages are the history as History.add receives it (conversation
	// calls); Turns are a coding call's coder messages, a memory call's
	// turns to summarize, or a bot_responder call's history and new
	// message, as they are.
	Messages []callMessage        `json:"messages,omitempty"`
	Turns    []trajectory.Message `json:"turns,omitempty"`
	Action   string               `json:"action,omitempty"` // bot_responder: $ACTION
}

type callMessage struct {
	From string `json:"from"`
	Text string `json:"text"`
}

type callCases struct {
	Note  string                     `json:"note"`
	APIs  map[string]string          `json:"apis"`
	Tasks map[string]json.RawMessage `json:"tasks"` // task id -> the task as MINDcraft reads it
	Cases []callCase                 `json:"cases"`
}

func TestMindcraftCalls(t *testing.T) {
	if *writeCallCases {
		writeCases(t)
		return // render.mjs renders them next
	}
	var cases callCases
	readJSON(t, callCasesFile, &cases)
	var fixture struct {
		Calls []struct {
			Name     string                          `json:"name"`
			Requests map[string][]trajectory.Message `json:"requests"`
		} `json:"calls"`
	}
	readJSON(t, callFixtureFile, &fixture)

	tasks := casesTasks(t, cases)
	if testing.Short() { // every third task
		var third []procgen.Task
		for i := 0; i < len(tasks); i += 3 {
			third = append(third, tasks[i])
		}
		tasks = third
	}
	played := map[string]bool{}
	for _, task := range tasks {
		played[task.ID] = true
	}
	got, sent := sampleCalls(t, tasks)
	rendered := map[string]map[string][]trajectory.Message{}
	for _, c := range fixture.Calls {
		rendered[c.Name] = c.Requests
	}
	kinds := map[string]int{}
	for _, want := range cases.Cases {
		if !played[want.TaskID] {
			continue
		}
		g, ok := got[want.Name]
		if !ok {
			t.Errorf("%s: no such call any more; rerun make mindcraft-fixtures", want.Name)
			continue
		}
		if mustJSON(g) != mustJSON(want) { // as written and read back
			t.Errorf("%s: the call's state changed since the fixtures were rendered; rerun make mindcraft-fixtures\n got %.300s\nwant %.300s", want.Name, mustJSON(g), mustJSON(want))
			continue
		}
		reqs := rendered[want.Name]
		ours := sent[want.Name]
		for api, model := range callAPIs {
			a, _ := generate.ParseAPI(api)
			msgs := a.Wire(model).Messages(ours.prompt, ours.turns)
			if w := reqs[api]; !reflect.DeepEqual(msgs, w) {
				t.Errorf("%s: %s request differs from MINDcraft's:\n%s", want.Name, api, firstDiff(msgs, w))
			}
		}
		kinds[want.Kind]++
	}
	t.Logf("calls byte-identical to MINDcraft's rendering: %v over %d tasks", kinds, len(tasks))
	// A sample that compared nothing (no case's task played, or every
	// case of a kind lost) would pass silently.
	for _, k := range []string{trajectory.KindConversation, trajectory.KindMemory, trajectory.KindCoding} {
		if kinds[k] == 0 {
			t.Errorf("no %s call compared with MINDcraft's rendering", k)
		}
	}
	if !testing.Short() && kinds[trajectory.KindBotResponder] == 0 {
		t.Error("no bot_responder call compared with MINDcraft's rendering")
	}
}

// sampleCalls plays each task until the calls a case records are made and
// returns their states and what was sent, by case name.
func sampleCalls(t *testing.T, tasks []procgen.Task) (map[string]callCase, map[string]sentCall) {
	t.Helper()
	got := map[string]callCase{}
	sent := map[string]sentCall{}
	var mu sync.Mutex
	expert := scripted.New(scripted.DefaultOptions())
	for _, job := range generate.Jobs(tasks, 1, 7) {
		task := job.Task
		n := max(task.AgentCount, 1)
		names := generate.AgentNames(n, 0)
		ctx, cancel := context.WithCancel(context.Background())
		// The first call of each kind (conversation: of each agent); calls
		// made at the same simulated time reach the backend concurrently,
		// so the earliest, then the lowest agent index, is kept.
		first := map[string]generate.Request{}
		want := n + 1 // first conversation call per agent, the first memory call
		if procgen.IsScored(task.Type) {
			want++ // and the first coding call
		}
		capture := func(req generate.Request) {
			mu.Lock()
			defer mu.Unlock()
			key := req.Kind
			if req.Kind == trajectory.KindConversation {
				key += "/" + req.View.Name
			}
			if old, ok := first[key]; ok && (old.View.Time < req.View.Time || old.View.Time == req.View.Time && old.View.Agent < req.View.Agent) {
				return
			}
			first[key] = req
			// bot_responder calls come when they come: wait for one up to
			// two simulated minutes once the others are in.
			_, responder := first[trajectory.KindBotResponder]
			if n := len(first); responder && n == want+1 || !responder && n == want && req.View.Time > 120 {
				cancel()
			}
		}
		p := &generate.Player{
			Config: generate.Config{Wire: generate.WireRaw},
			Team: func(names []string) ([]generate.Seat, []trajectory.Member, error) {
				seats := make([]generate.Seat, len(names))
				for i, name := range names {
					seats[i] = generate.Seat{Name: name, Backend: capturing{expert, capture}}
				}
				return seats, nil, nil
			},
		}
		if _, err := p.Play(ctx, job); err != nil && ctx.Err() == nil {
			t.Fatalf("%s: %v", task.ID, err)
		}
		cancel()
		for _, req := range first {
			c, s := caseOf(task, names, req)
			got[c.Name], sent[c.Name] = c, s
		}
	}
	return got, sent
}

// capturing shows each request to see before the backend answers it.
type capturing struct {
	generate.Backend
	see func(generate.Request)
}

func (c capturing) Complete(ctx context.Context, req generate.Request) (generate.Reply, error) {
	c.see(req)
	return c.Backend.Complete(ctx, req)
}

// sentCall is what we sent: the prompt and the turns before shaping.
type sentCall struct {
	prompt string
	turns  []trajectory.Message
}

// caseOf describes a request's state as a case.
func caseOf(task *procgen.Task, names []string, req generate.Request) (callCase, sentCall) {
	v := req.View
	kind, _ := procgen.KindOfType(task.Type)
	c := callCase{
		Name: fmt.Sprintf("%s/%s/%s", task.ID, req.Kind, v.Name), Kind: req.Kind,
		Profile:   "profiles/tasks/" + kind.Name + "_profile.json",
		AgentName: v.Name, CountID: v.Agent, Agents: names, TaskID: task.ID,
		Memory: v.Memory, SelfPromptStopped: !v.GoalShown, Stats: v.Stats, Inventory: inventoryItems(v.Inventory),
	}
	if kind == procgen.Construction { // blueprint commands unblocked, as the README tells evaluators
		c.Settings = map[string]any{"blocked_actions": []string{}}
	}
	// The wire is raw: the prompt, then the turns as they are.
	s := sentCall{prompt: req.Messages[0].Content, turns: req.Messages[1:]}
	switch req.Kind {
	case trajectory.KindConversation:
		for _, m := range v.Turns {
			c.Messages = append(c.Messages, historyMessage(v.Name, m))
		}
	case trajectory.KindMemory:
		c.Turns = v.ToSummarize
	case trajectory.KindCoding:
		c.Turns = v.Turns
	case trajectory.KindBotResponder:
		c.Turns, c.Action = v.ToSummarize, v.Action
	}
	return c, s
}

// historyMessage is the History.add call that makes turn m.
func historyMessage(self string, m trajectory.Message) callMessage {
	switch m.Role {
	case "system":
		return callMessage{"system", m.Content}
	case "assistant":
		return callMessage{self, m.Content}
	}
	from, text, _ := strings.Cut(m.Content, ": ")
	return callMessage{from, text}
}

// inventoryItems reads our !inventory text's "- name: count" lines, in order.
func inventoryItems(text string) [][2]any {
	items := [][2]any{}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "WEARING") {
			break
		}
		name, count, ok := strings.Cut(strings.TrimPrefix(line, "- "), ": ")
		if n, err := strconv.Atoi(count); ok && err == nil && strings.HasPrefix(line, "- ") {
			items = append(items, [2]any{name, float64(n)}) // float64: as JSON reads it back
		}
	}
	return items
}

func casesTasks(t *testing.T, cases callCases) []procgen.Task {
	t.Helper()
	var tasks []procgen.Task
	for _, id := range slices.Sorted(maps.Keys(cases.Tasks)) {
		ts, err := procgen.DecodeTasks([]byte(`{"` + id + `": ` + string(cases.Tasks[id]) + `}`))
		if err != nil {
			t.Fatalf("%s: task %s: %v", callCasesFile, id, err)
		}
		tasks = append(tasks, ts...)
	}
	return tasks
}

// writeCases samples the tasks, plays them and writes the cases file.
func writeCases(t *testing.T) {
	dir := os.Getenv("MINDCRAFT_DIR")
	if dir == "" {
		t.Fatal("-write-call-cases needs MINDCRAFT_DIR, a MINDcraft checkout (make mindcraft-fixtures sets it)")
	}
	// Task ids repeat across files and team sizes; the sample keeps the
	// first task of each id.
	var tasks []procgen.Task
	take := func(from []procgen.Task, n int) {
		for _, task := range from {
			if n > 0 && len(procgen.ValidateTask(&task)) == 0 && !slices.ContainsFunc(tasks, func(o procgen.Task) bool { return o.ID == task.ID }) {
				tasks = append(tasks, task)
				n--
			}
		}
		if n > 0 {
			t.Fatalf("sample: %d tasks short after %s", n, tasks[len(tasks)-1].ID)
		}
	}
	ours := func(kind, split string, agents, n int) {
		ts, err := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: agents, N: max(4*n, 40), Seed: 11}})
		if err != nil {
			t.Fatal(err)
		}
		take(ts, n)
	}
	theirs := func(file string, n int) {
		ts, err := procgen.ReadTaskFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(ts, func(a, b procgen.Task) int { return strings.Compare(a.ID, b.ID) })
		take(ts, n)
	}
	// crafting: 25 of ours, 25 of MINDcraft's test tasks
	ours("crafting", procgen.SplitTrain, 2, 6)
	ours("crafting", procgen.SplitTest, 2, 4)
	for a := 3; a <= 5; a++ {
		ours("crafting", procgen.SplitTest, a, 5)
	}
	theirs("tasks/crafting_tasks/test_tasks/2_agent.json", 10)
	theirs("tasks/crafting_tasks/test_tasks/filtered_tasks_3_agents.json", 5)
	theirs("tasks/crafting_tasks/test_tasks/filtered_tasks_4_agents.json", 5)
	theirs("tasks/crafting_tasks/test_tasks/filtered_tasks_5_agents.json", 5)
	// cooking: 25 and 25
	ours("cooking", procgen.SplitTrain, 2, 7)
	ours("cooking", procgen.SplitTest, 2, 6)
	for a := 3; a <= 5; a++ {
		ours("cooking", procgen.SplitTest, a, 4)
	}
	theirs("tasks/cooking_tasks/require_collab_test_2_items/2_agent.json", 6)
	theirs("tasks/cooking_tasks/require_collab_test_2_items/2_agent_hells_kitchen.json", 6)
	theirs("tasks/cooking_tasks/require_collab_train_2_items/2_agent.json", 6)
	theirs("tasks/cooking_tasks/require_collab_train_2_items/3_agent.json", 3)
	theirs("tasks/cooking_tasks/require_collab_train_2_items/4_agent.json", 2)
	theirs("tasks/cooking_tasks/require_collab_train_2_items/5_agent.json", 2)
	// construction: MINDcraft's custom tasks (its others have humans, or
	// no blueprint), then ours
	before := len(tasks)
	for _, f := range []string{"church_one_agent", "church_three_agents", "church_two_agents", "flower_three_agents", "pyramid", "pyramid_three_agents", "tasks"} {
		ts, err := procgen.ReadTaskFile(filepath.Join(dir, "tasks/construction_tasks/custom/"+f+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if len(procgen.ValidateTask(&ts[0])) == 0 {
			take(ts, 1)
		}
	}
	theirsN := len(tasks) - before
	ours("construction", procgen.SplitTrain, 2, 12)
	ours("construction", procgen.SplitDev, 2, 6)
	rest := 50 - theirsN - 18 // test tasks, 2 to 5 agents
	for a := 2; a <= 5; a++ {
		n := rest / 4
		if a-2 < rest%4 {
			n++
		}
		ours("construction", procgen.SplitTest, a, n)
	}

	out := callCases{
		Note:  "Written by go test -run TestMindcraftCalls -write-call-cases (make mindcraft-fixtures); render.mjs renders each case with MINDcraft's code into " + callFixtureFile + ".",
		APIs:  callAPIs,
		Tasks: map[string]json.RawMessage{},
	}
	for i := range tasks {
		b, err := procgen.EncodeTasks(tasks[i : i+1])
		if err != nil {
			t.Fatal(err)
		}
		var one map[string]json.RawMessage
		if err := json.Unmarshal(b, &one); err != nil {
			t.Fatal(err)
		}
		out.Tasks[tasks[i].ID] = one[tasks[i].ID]
	}
	got, _ := sampleCalls(t, casesTasks(t, out))
	for _, name := range slices.Sorted(maps.Keys(got)) {
		out.Cases = append(out.Cases, got[name])
	}
	raw, err := plainjson.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", " "); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(append(b.Bytes(), '\n'))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(callCasesFile, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: %d tasks, %d cases", callCasesFile, len(out.Tasks), len(out.Cases))
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (make mindcraft-fixtures writes it)", err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		if r, err = gzip.NewReader(f); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if err := json.NewDecoder(r).Decode(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// firstDiff shows where two message lists first differ.
func firstDiff(got, want []trajectory.Message) string {
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) {
			return fmt.Sprintf("%d messages, MINDcraft sends %d", len(got), len(want))
		}
		if got[i] == want[i] {
			continue
		}
		if got[i].Role != want[i].Role {
			return fmt.Sprintf("message %d: role %q, MINDcraft %q", i, got[i].Role, want[i].Role)
		}
		a, b := got[i].Content, want[i].Content
		j := 0
		for j < len(a) && j < len(b) && a[j] == b[j] {
			j++
		}
		from := max(j-120, 0)
		return fmt.Sprintf("message %d (%s) at byte %d:\n ours %q\n MINDcraft %q", i, got[i].Role, j, a[from:min(j+120, len(a))], b[from:min(j+120, len(b))])
	}
	return "(equal)"
}
