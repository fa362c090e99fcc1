package dag

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// The fixtures are VillagerAgent's own rendering of each call kind
// (scripts/villageragent-fixtures: its Python, run on the cases). These
// tests build the same calls from the same inputs with this package's
// assembly and want them byte for byte.

type fixtureCase struct {
	name, role string
	c          villager.Dict
	calls      []any
}

func loadFixtures(t *testing.T) []fixtureCase {
	t.Helper()
	read := func(path string) villager.Dict {
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
	cases := listOf(field(read("../../scripts/villageragent-fixtures/cases.json"), "cases"))
	out := listOf(field(read("../../testdata/villageragent/calls.json"), "cases"))
	rendered := map[string][]any{}
	for _, o := range out {
		d := dictOf(o)
		rendered[villager.Str(field(d, "name"))] = listOf(field(d, "calls"))
	}
	var fcs []fixtureCase
	for _, c := range cases {
		d := dictOf(c)
		name := villager.Str(field(d, "name"))
		fcs = append(fcs, fixtureCase{name: name, role: villager.Str(field(d, "role")), c: d, calls: rendered[name]})
	}
	return fcs
}

func messagesOf(call any) []trajectory.Message {
	var out []trajectory.Message
	for _, m := range listOf(field(dictOf(call), "messages")) {
		md := dictOf(m)
		out = append(out, trajectory.Message{Role: villager.Str(field(md, "role")), Content: villager.Str(field(md, "content"))})
	}
	return out
}

func strList(v any) []string {
	var out []string
	for _, x := range listOf(v) {
		out = append(out, villager.Str(x))
	}
	return out
}

// caseState is the state manager VillagerAgent's DataManager holds for a
// case: every agent's status folded in, and the running summaries given.
func caseState(fc fixtureCase) *stateManager {
	sm := newStateManager()
	status := dictOf(field(fc.c, "status"))
	for _, a := range strList(field(fc.c, "agents")) {
		sm.update(statusMessage(dictOf(field(status, a))))
	}
	for _, kv := range dictOf(field(fc.c, "history")) {
		sm.history = sm.history.Set(kv.Key, kv.Value)
	}
	return sm
}

// caseNode is a subtask of a case.
func caseNode(id int, v any) *node {
	d := dictOf(v)
	n := newNode(id, villager.Str(field(d, "description")), field(d, "content"))
	if n.content == nil {
		n.content = []any{}
	}
	n.milestones = field(d, "milestones")
	n.candidates = strList(field(d, "candidates"))
	n.number = pyInt(field(d, "number"), 1)
	if s, ok := d.Get("status"); ok {
		n.status = villager.Str(s)
	}
	n.agents = strList(field(d, "agents"))
	if s, ok := d.Get("summary"); ok {
		n.summary = strList(s)
	}
	n.reflect = field(d, "reflect")
	for _, r := range listOf(field(d, "required")) {
		n.preIdxs = append(n.preIdxs, pyInt(r, 0))
	}
	return n
}

func sameMessages(t *testing.T, what string, got, want []trajectory.Message) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d messages, VillagerAgent sends %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			g, w := got[i].Content, want[i].Content
			at := 0
			for at < min(len(g), len(w)) && g[at] == w[at] {
				at++
			}
			t.Errorf("%s: message %d (%s) differs at byte %d:\n got  %q\n want %q", what, i, want[i].Role, at,
				g[max(at-60, 0):min(at+80, len(g))], w[max(at-60, 0):min(at+80, len(w))])
			return
		}
	}
}

func TestCallsAsVillagerAgentRendersThem(t *testing.T) {
	compared := map[string]int{}
	for _, fc := range loadFixtures(t) {
		if len(fc.calls) == 0 {
			t.Fatalf("%s: no rendered calls", fc.name)
		}
		sm := caseState(fc)
		agents := strList(field(fc.c, "agents"))
		replies := strList(field(fc.c, "replies"))
		sign := villager.Str(field(sm.env, "sign_info"))
		mode := Merge
		if villager.Str(field(fc.c, "manage_method")) != "merge" {
			mode = Update
		}
		taskDict := villager.Dict{{Key: "description", Value: field(fc.c, "task")}, {Key: "meta-data", Value: field(fc.c, "document")}}
		var ability any = abilityOf(strList(field(dictOf(field(fc.c, "tools")), agents[0])), agents)
		if pt, ok := fc.c.Get("public_tools"); ok {
			ability = abilityOf(strList(pt), agents)
		}
		if field(fc.c, "controller") == "controller_tiny" {
			ability = nil
		}
		agent := villager.Str(field(fc.c, "agent"))
		var want []trajectory.Message
		var got []trajectory.Message
		switch fc.role {
		case "env_summary":
			got, want = envSummaryMessages(sm.env, villager.Str(field(fc.c, "task"))), messagesOf(fc.calls[0])
		case "decompose":
			sameMessages(t, fc.name+" env_summary", envSummaryMessages(sm.env, villager.Str(field(fc.c, "task"))), messagesOf(fc.calls[0]))
			env := replies[0] + "\nSign info: " + sign
			got, want = decomposeMessages(mode, taskDict, ability, env, pyInt(field(fc.c, "num"), 0)), messagesOf(fc.calls[1])
		case "reflect":
			st := caseNode(1, field(fc.c, "subtask"))
			got = reflectMessages(st.description, st.milestones, sm.queryHistory(agent), listOf(field(fc.c, "action_list")))
			want = messagesOf(fc.calls[0])
		case "summary":
			status := statusMessage(dictOf(field(dictOf(field(fc.c, "status")), agent)))
			soFar := ""
			if v, ok := sm.history.Get(agent); ok {
				soFar = villager.Str(v)
			}
			got = historySummaryMessages(agent, soFar, processHistory(status, listOf(field(fc.c, "action_list"))))
			want = messagesOf(fc.calls[0])
		case "assign_split":
			st := caseNode(1, field(fc.c, "subtask"))
			names := strList(field(fc.c, "assign"))
			got = splitMessages(sm.queryAgents(names), st.description, st.milestones, stringsAny(names))
			want = messagesOf(fc.calls[0])
		case "assign":
			var tasks []*node
			for i, v := range listOf(field(fc.c, "task_list")) {
				tasks = append(tasks, caseNode(i+1, v))
			}
			p := &planner{agents: agents, busy: map[string]*node{}}
			for _, kv := range dictOf(field(fc.c, "assignment")) {
				p.busy[kv.Key] = newNode(99, "elsewhere", nil)
			}
			p.available(tasks)
			var free, open []any
			for _, a := range agents {
				if p.busy[a] == nil {
					free = append(free, villager.Dict{{Key: "name", Value: a}})
				}
			}
			for i, n := range tasks {
				if n.available {
					open = append(open, n.assignJSON(i))
				}
			}
			got = controllerMessages(sm.envText(), listOf(field(fc.c, "experience")), sm.queryAgents(agents),
				villager.SmartTruncate(nonNil(free), 2048), villager.SmartTruncate(nonNil(open), 2048))
			want = messagesOf(fc.calls[0])
		case "strategy", "redecompose":
			var list []*node
			for i, v := range listOf(field(fc.c, "graph")) {
				list = append(list, caseNode(i+1, v))
			}
			g := build(list)
			fed := list[pyInt(field(fc.c, "feedback"), 1)-1]
			p := &planner{agents: agents, graph: g, sm: sm}
			p.addTraces()
			if fc.role == "strategy" {
				sameMessages(t, fc.name+" env_summary", envSummaryMessages(sm.env, fed.description), messagesOf(fc.calls[0]))
				got = strategyMessages(g.statusWithID(), fed.analyzeJSON(), replies[0]+"\nSign info: "+sign, p.agentStates())
			} else {
				sameMessages(t, fc.name+" env_summary", envSummaryMessages(sm.env, villager.Str(field(fc.c, "task"))), messagesOf(fc.calls[0]))
				got = redecomposeMessages(taskDict, ability, replies[0]+"\nSign info: "+sign, p.agentStates(),
					nonNil(p.failTraceText), nonNil(p.taskTraceText), pyInt(field(fc.c, "num"), 0))
			}
			want = messagesOf(fc.calls[1])
		case "react":
			st := caseNode(1, field(fc.c, "subtask"))
			styleSpec := dictOf(field(fc.c, "style"))
			if styleSpec == nil && len(st.agents) <= 1 { // render.py's default
				styleSpec = villager.Dict{{Key: "lang", Value: "en"}, {Key: "name", Value: "kind"}}
			}
			var style villager.Style
			if styleSpec != nil {
				for _, s := range villager.Styles(villager.Str(field(styleSpec, "lang"))) {
					if s.Key == villager.Str(field(styleSpec, "name")) {
						style = s
					}
				}
			}
			sm.lastEnv = villager.Str(field(fc.c, "last_env_response"))
			actions := []any{"No action yet"}
			if a, ok := fc.c.Get("agent_action_list"); ok {
				actions = listOf(a)
			}
			platform := "Linux"
			if v, ok := fc.c.Get("platform"); ok {
				platform = villager.Str(v)
			}
			instr := instruction(st, agent, style, sm.lastEnv, sm, actions, platform == "" || strings.EqualFold(platform, "linux"))
			var steps []villager.Step
			for _, s := range listOf(field(fc.c, "previous_steps")) {
				sd := dictOf(s)
				steps = append(steps, villager.Step{Log: villager.Str(field(sd, "log")), Observation: villager.Str(field(sd, "observation"))})
			}
			tools := villager.MustTools(strList(field(dictOf(field(fc.c, "tools")), agent))...)
			got, want = executorMessages(tools, villager.ExecutorInput(agent, instr), steps), messagesOf(fc.calls[0])
		default:
			t.Errorf("%s: no test for role %s", fc.name, fc.role)
			continue
		}
		sameMessages(t, fc.name, got, want)
		compared[fc.role]++
	}
	roles := []string{"env_summary", "decompose", "reflect", "summary", "assign_split", "assign", "strategy", "redecompose", "react"}
	for _, r := range roles {
		if compared[r] == 0 {
			t.Errorf("no %s case was compared", r)
		}
	}
	if t.Failed() {
		return
	}
	var keys []string
	for k := range compared {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	t.Logf("compared %v", compared)
}

// TestCallsReadBack reads every fixture call (VillagerAgent's own
// rendering) with the readers the scripted experts decide from.
func TestCallsReadBack(t *testing.T) {
	read := 0
	for _, fc := range loadFixtures(t) {
		for i, call := range fc.calls {
			var msgs []villager.Message
			for _, m := range messagesOf(call) {
				msgs = append(msgs, villager.Message{Role: m.Role, Content: m.Content})
			}
			kind := villager.Str(field(dictOf(call), "kind"))
			var err error
			switch kind {
			case "env_summary":
				var c villager.EnvSummaryCall
				c, err = villager.ReadEnvSummaryCall(msgs)
				if err == nil && (len(c.Env) == 0 || c.Task == "") {
					err = fmt.Errorf("read %+v", c)
				}
			case "summary":
				var c villager.SummaryCall
				c, err = villager.ReadSummaryCall(msgs)
				if err == nil && (c.Name != villager.Str(field(fc.c, "agent")) || !c.Latest.Has("action_list")) {
					err = fmt.Errorf("read %+v", c)
				}
			case "decompose", "redecompose":
				var c villager.DecomposeCall
				c, err = villager.ReadDecomposeCall(msgs)
				if err == nil && (!c.Task.Has("meta-data") || c.Env == "") {
					err = fmt.Errorf("read %+v", c)
				}
			case "strategy":
				var c villager.StrategyCall
				c, err = villager.ReadStrategyCall(msgs)
				if err == nil && (len(c.Graph) == 0 || !c.Current.Has("task-description")) {
					err = fmt.Errorf("read %+v", c)
				}
			case "assign":
				var c villager.ControllerCall
				c, err = villager.ReadControllerCall(msgs)
				if err == nil && (len(c.Tasks) == 0 || len(c.AgentStates) == 0) {
					err = fmt.Errorf("read %+v", c)
				}
			case "assign_split":
				var c villager.SplitCall
				c, err = villager.ReadSplitCall(msgs)
				if err == nil && (len(c.Names) < 2 || c.Description == "") {
					err = fmt.Errorf("read %+v", c)
				}
			case "reflect":
				var c villager.ReflectCall
				c, err = villager.ReadReflectCall(msgs)
				if err == nil && (c.Description == "" || c.History == nil) {
					err = fmt.Errorf("read %+v", c)
				}
			case "react":
				var c villager.ExecutorCall
				c, err = villager.ReadExecutorCall(msgs)
				want := len(listOf(field(fc.c, "previous_steps")))
				if err == nil && (c.Name != villager.Str(field(fc.c, "agent")) || c.Description == "" || len(c.Steps) != want || len(c.Tools) == 0) {
					err = fmt.Errorf("read name %q, %d steps (want %d), tools %v", c.Name, len(c.Steps), want, c.Tools)
				}
			default:
				t.Errorf("%s call %d: kind %s", fc.name, i, kind)
				continue
			}
			if err != nil {
				t.Errorf("%s call %d (%s): %v", fc.name, i, kind, err)
				continue
			}
			read++
		}
	}
	if read < 33 {
		t.Errorf("read %d calls, want all 33", read)
	}
}
