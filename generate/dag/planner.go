package dag

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"collabcraft/trajectory"
	"collabcraft/villager"
)

// planner is VillagerAgent's planning side on one thread: the task
// manager (decompose, replan), the global controller (assign, split) and
// the processing of finished subtasks (pipeline/task_manager.py and
// controller.py). Executors run on threads of their own and report here.
type planner struct {
	e     *engine
	t     *thread
	cfg   Config
	sm    *stateManager
	goal  string
	doc   any
	tools []string
	rng   *rand.Rand

	graph     *graph
	nodes     int
	agents    []string
	actions   [][]any           // each agent's history_action_list
	toolOrder [][]villager.Tool // each agent's tool list, shuffled in place per attempt
	busy      map[string]*node  // agent -> the subtask (graph node) it is assigned
	collabs   map[*node]*collab
	oneDone   bool
	failLeft  int
	succLeft  int

	taskTrace, totalTrace, failTrace []*node
	taskTraceText, failTraceText     []any

	queue   []job // assignments waiting for a worker
	running int
	events  []finished

	status    []villager.Dict // each agent's last status answer (for cases)
	statusLog []villager.Dict // every status answer folded in, in order (for cases)
	sink      CaseSink
}

// job is one agent's assignment: the subtask it runs (a copy of the node
// when the node was split among several agents) and the graph node.
type job struct {
	agent int
	task  *node
	node  *node
}

// finished is an executor's report.
type finished struct {
	job
	ok       bool   // the reflection's task_status
	failText string // why it failed with an exception ("" otherwise)
	detail   villager.Dict
}

type collab struct{ assigned, completed, succeeded int }

func newPlanner(e *engine, cfg Config, goal string, doc any, tools []string, rng *rand.Rand) *planner {
	p := &planner{e: e, cfg: cfg, sm: newStateManager(), goal: goal, doc: doc, tools: tools, rng: rng,
		agents: e.agentNames(), busy: map[string]*node{}, collabs: map[*node]*collab{}, oneDone: true,
		failLeft: cfg.MaxFailures, succLeft: cfg.MaxSuccesses}
	for range p.agents {
		p.actions = append(p.actions, []any{"No action yet"})
		p.toolOrder = append(p.toolOrder, villager.MustTools(tools...))
	}
	return p
}

func (p *planner) seatOf(name string) int {
	return p.e.agents + slices.Index([]string{TaskManagerSeat, ControllerSeat, DataManagerSeat}, name)
}

func (p *planner) newNode(description string, content any) *node {
	p.nodes++
	return newNode(p.nodes, description, content)
}

// run is the planner thread.
func (p *planner) run(t *thread) {
	p.t = t
	p.status = make([]villager.Dict, len(p.agents))
	for i := range p.agents { // dm.update_database_init(env.get_init_state())
		p.observe(i)
	}
	p.initTask()
	for {
		if p.stopRule() {
			p.e.finish(trajectory.EndStopped)
			return
		}
		tasks := p.graph.openTasks()
		if len(tasks) == 0 { // "all assigned tasks are finished"
			p.e.finish(trajectory.EndStopped)
			return
		}
		if len(p.available(tasks)) > 0 && p.oneDone {
			p.assign(tasks)
			p.dispatch()
			continue
		}
		p.dispatch()
		if len(p.events) == 0 {
			p.failOverdue()
			if len(p.events) == 0 {
				p.t.waitUntil(p.nextDeadline())
				p.failOverdue()
			}
			continue
		}
		ev := p.events[0]
		p.events = p.events[1:]
		p.complete(ev)
	}
}

// stopRule is the controller's: too many failed or successful subtasks.
func (p *planner) stopRule() bool {
	return p.cfg.MaxFailures > 0 && p.failLeft <= 0 || p.cfg.MaxSuccesses > 0 && p.succLeft <= 0
}

// llm is few_shot_generate_thoughts as the planner calls it: one call,
// asked again with the same prompt (up to 10 times, 5 s then doubling up
// to 60 s apart, @retry) while the reply lacks a tag or, with jsonCheck,
// a JSON object. It returns false when every try failed.
func (p *planner) llm(t *thread, seat int, kind string, msgs []trajectory.Message, tags []string, jsonCheck bool) (string, bool) {
	delay := ms(5000)
	for try := 0; try < 10; try++ {
		tr := t.call(seat, kind, msgs, nil)
		p.e.record(seat, tr)
		ok := true
		for _, tag := range tags {
			if !strings.Contains(tr.Response, tag) {
				ok = false
			}
		}
		if ok && jsonCheck {
			found, err := villager.ExtractInfo(tr.Response)
			ok = err == nil && len(found) > 0
		}
		if ok {
			return tr.Response, true
		}
		if try < 9 {
			t.sleep(delay)
			delay = min(delay*2, 60000)
		}
	}
	return "", false
}

// envSummary is query_env_with_task (planner side): a call unless the
// same task was summarised in the last 120 s.
func (p *planner) envSummary(task string) string {
	key := "planner\x00" + task
	if c, ok := p.sm.envCache[key]; ok && p.e.now-c.at < cacheAge {
		return c.value
	}
	msgs := envSummaryMessages(p.sm.env, task)
	if p.sink != nil && task == p.goal && p.sm.lastEnv == "" {
		c := p.baseCase("env_summary")
		p.sendCase(c, msgs)
	}
	reply, _ := p.llm(p.t, p.seatOf(DataManagerSeat), trajectory.KindEnvSummary, msgs, nil, false)
	sign := villager.Str(field(p.sm.env, "sign_info"))
	p.sm.lastEnv = reply + "\nSign info: " + sign
	p.sm.envCache[key] = cached{p.sm.lastEnv, p.e.now, p.sm.updates}
	return p.sm.lastEnv
}

// executorEnv is query_env_with_task(agent_query=True): the last summary
// the planner asked for, as cached for 120 s per task text.
func (p *planner) executorEnv(task string) string {
	key := "agent\x00" + task
	if c, ok := p.sm.envCache[key]; ok && p.e.now-c.at < cacheAge {
		return c.value
	}
	p.sm.envCache[key] = cached{p.sm.lastEnv, p.e.now, p.sm.updates}
	return p.sm.lastEnv
}

// envInfo is query_env: the environment text, cached for 120 s.
func (p *planner) envInfo() string {
	key := "env\x00"
	if c, ok := p.sm.envCache[key]; ok && p.e.now-c.at < cacheAge {
		return c.value
	}
	v := p.sm.envText()
	p.sm.envCache[key] = cached{v, p.e.now, p.sm.updates}
	return v
}

func (p *planner) taskDict() villager.Dict {
	return villager.Dict{{Key: "description", Value: p.goal}, {Key: "meta-data", Value: p.doc}}
}

// ability is env.get_all_agent_description_tiny(): the tools every agent
// has, and each one's own. VillagerAgent lists both from Python sets, in
// an order that changes per process; here they keep the family's order.
func (p *planner) ability() villager.Dict { return abilityOf(p.tools, p.agents) }

func abilityOf(tools, agents []string) villager.Dict {
	private := villager.Dict{}
	for _, a := range agents {
		private = append(private, villager.KV{Key: a, Value: []any{}})
	}
	return villager.Dict{{Key: "public_tools", Value: stringsAny(tools)}, {Key: "private_tools", Value: private}}
}

// tags are the keys the decomposer's reply must name (check_tags). The
// code demands "assigned agents" in both modes, which the merge prompt
// never asks for; merge mode checks the keys its prompt asks for.
func (p *planner) tags() []string {
	if p.cfg.Mode == Update {
		return []string{"description", "milestones", "assigned agents"}
	}
	return []string{"description", "milestones", "candidate list"}
}

// initTask is TaskManager.init_task: summarise the environment, decompose
// the task, build the graph.
func (p *planner) initTask() {
	env := p.envSummary(p.goal)
	var msgs []trajectory.Message
	num := 0
	if p.cfg.Mode == Update {
		num = 1 + p.rng.IntN(2)
		msgs = decomposeMessages(Update, p.taskDict(), p.ability(), env, num)
	} else {
		msgs = decomposeMessages(Merge, p.taskDict(), p.ability(), env, 0)
	}
	if p.sink != nil {
		c := p.baseCase("decompose")
		c = append(c, villager.KV{Key: "num", Value: num},
			villager.KV{Key: "replies", Value: []any{strings.TrimSuffix(env, "\nSign info: "+villager.Str(field(p.sm.env, "sign_info")))}})
		c = c.Set("last_env_response", "")
		p.sendCase(c, msgs)
	}
	reply, ok := p.llm(p.t, p.seatOf(TaskManagerSeat), trajectory.KindDecompose, msgs, p.tags(), true)
	if !ok {
		p.graph = &graph{}
		return
	}
	p.graph = build(p.subtasks(reply, []string{"description", "milestones"}, p.taskDict(), nil))
}

// subtasks reads a decomposition (extract_info, fill_keys_omit,
// fill_agents) into nodes whose retrieval paths are resolved in data.
// update mode keeps only predecessor ids below the node's position when
// keepBelow (update_task's filter).
func (p *planner) subtasks(reply string, guard []string, data villager.Dict, parent *node) []*node {
	found, _ := villager.ExtractInfo(reply, guard...)
	agentsKey := "candidate list"
	if p.cfg.Mode == Update {
		agentsKey = "assigned agents"
	}
	var rows []villager.Dict
	for _, f := range found {
		d := dictOf(f)
		if d == nil {
			continue
		}
		rows = append(rows, fillKeys(d, agentsKey, "required subtasks", "retrieval paths"))
	}
	if p.cfg.Mode == Update {
		rows = p.splitPerAgent(rows)
	} else {
		for i, r := range rows {
			rows[i] = r.Set(agentsKey, p.validAgents(listOf(field(r, agentsKey))))
		}
	}
	var list []*node
	for _, r := range rows {
		n := p.newNode(villager.Str(field(r, "description")), retrieve(data, listOf(field(r, "retrieval paths"))))
		n.milestones = field(r, "milestones")
		for _, a := range listOf(field(r, agentsKey)) {
			n.candidates = append(n.candidates, villager.Str(a))
		}
		if p.cfg.Mode == Update {
			n.number = len(n.candidates)
		} else {
			n.number = pyInt(field(r, "minimum required agents"), 1)
		}
		for _, id := range listOf(field(r, "required subtasks")) {
			n.preIdxs = append(n.preIdxs, pyInt(id, 0))
		}
		if parent != nil {
			n.parents = []*node{parent}
		} else {
			n.parents = []*node{newNode(0, p.goal, p.doc)}
		}
		list = append(list, n)
	}
	return list
}

// fillKeys is fill_keys_omit: a missing list key is taken from a key
// equal to it but for spaces, underscores or case, else set to [].
func fillKeys(d villager.Dict, keys ...string) villager.Dict {
	for _, key := range keys {
		if d.Has(key) {
			continue
		}
		var similar string
		for _, kv := range d {
			k := kv.Key
			if strings.ReplaceAll(k, " ", "") == key || strings.ReplaceAll(k, "_", "") == key ||
				strings.ReplaceAll(k, " ", "_") == key || strings.ReplaceAll(k, "_", " ") == key ||
				strings.EqualFold(k, key) {
				similar = k
			}
		}
		if similar != "" {
			d = d.Set(key, field(d, similar))
		} else {
			d = d.Set(key, []any{})
		}
	}
	return d
}

// splitPerAgent is fill_agents: a subtask for k agents becomes k subtasks,
// one per agent, renumbered; one for none disappears; an agent name not
// on the team becomes a random agent of it.
func (p *planner) splitPerAgent(rows []villager.Dict) []villager.Dict {
	var out []villager.Dict
	for _, r := range rows {
		for _, a := range listOf(field(r, "assigned agents")) {
			c := slices.Clone(r)
			c = c.Set("assigned agents", []any{a})
			c = c.Set("id", len(out)+1)
			out = append(out, c)
		}
	}
	for _, r := range out {
		r.Set("assigned agents", p.validAgents(listOf(field(r, "assigned agents"))))
	}
	return out
}

func (p *planner) validAgents(names []any) []any {
	out := make([]any, len(names))
	for i, a := range names {
		if s, ok := a.(string); ok && slices.Contains(p.agents, s) {
			out[i] = s
		} else {
			out[i] = p.agents[p.rng.IntN(len(p.agents))]
		}
	}
	return out
}

// pyInt is int(v) for the decomposer's numbers: an int, a float, or a
// string of digits; def for anything else (VillagerAgent would raise).
func pyInt(v any, def int) int {
	switch v := v.(type) {
	case int64:
		return int(v)
	case int:
		return v
	case float64:
		return int(v)
	case bool:
		if v {
			return 1
		}
		return 0
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
			return n
		}
	}
	return def
}

// retrieve is get_relevant_content_by_path: each "~/a/b/0" path walked
// through data (a key, a key it starts, or a list index); a path that
// stops part way keeps the last level it reached; the values found,
// without repeats.
func retrieve(data villager.Dict, paths []any) any {
	found := villager.Dict{}
	for _, pv := range paths {
		path, ok := pv.(string)
		if !ok {
			continue
		}
		var cur any = data
		for _, comp := range strings.Split(strings.TrimLeft(path, "~"), "/") {
			if comp == "" {
				continue
			}
			switch c := cur.(type) {
			case villager.Dict:
				if v, ok := c.Get(comp); ok {
					cur = v
				} else {
					cur = nil
					for _, kv := range c {
						if strings.HasPrefix(kv.Key, comp) {
							cur = kv.Value
							break
						}
					}
				}
			case []any:
				i, err := strconv.Atoi(comp)
				if err != nil || strings.ContainsAny(comp, "+-") || i >= len(c) {
					cur = nil
				} else {
					cur = c[i]
				}
			default:
				cur = nil
			}
			if cur == nil {
				break
			}
			found = found.Set(path, cur)
		}
	}
	var out []any
	for _, kv := range found {
		if !containsEqual(out, kv.Value) {
			out = append(out, kv.Value)
		}
	}
	return nonNil(out)
}

// available is check_task_list_available (Alg. 2): an unknown subtask with
// no open predecessor and enough free candidates (no candidates: all).
func (p *planner) available(tasks []*node) []*node {
	var out []*node
	for _, n := range tasks {
		n.available = true
		if len(n.candidates) == 0 {
			n.candidates = slices.Clone(p.agents)
		}
		if len(n.preds) > 0 || n.status != Unknown {
			n.available = false
			continue
		}
		free := 0
		for _, a := range p.agents {
			if slices.Contains(n.candidates, a) && p.busy[a] == nil {
				free++
			}
		}
		if free < n.number {
			n.available = false
		}
	}
	for _, n := range tasks {
		if n.available {
			out = append(out, n)
		}
	}
	return out
}

// assign is the controller's round: every subtask that needs all its
// candidates, and gets them, is assigned to them; then, if some subtask is
// still available, the controller is asked.
func (p *planner) assign(tasks []*node) {
	for _, n := range tasks {
		if n.number == len(n.candidates) && n.available && !slices.ContainsFunc(n.candidates, func(a string) bool { return p.busy[a] != nil }) {
			p.execute(n, n.candidates)
		}
	}
	if len(p.available(tasks)) == 0 {
		return
	}
	var free []any
	for _, a := range p.agents {
		if p.busy[a] == nil {
			free = append(free, villager.Dict{{Key: "name", Value: a}})
		}
	}
	var open []any
	for i, n := range tasks {
		if n.available {
			open = append(open, n.assignJSON(i))
		}
	}
	msgs := controllerMessages(p.envInfo(), []any{}, p.sm.queryAgents(p.agents),
		villager.SmartTruncate(nonNil(free), 2048), villager.SmartTruncate(nonNil(open), 2048))
	if p.sink != nil {
		c := p.baseCase("assign")
		var list []any
		for _, n := range tasks {
			sc := subtaskCase(n)
			if !n.available && n.status == Unknown {
				sc = sc.Set("status", Running) // not available here: the renderer has no graph to see why
			}
			list = append(list, sc)
		}
		busy := villager.Dict{}
		for _, a := range p.agents {
			if p.busy[a] != nil {
				busy = append(busy, villager.KV{Key: a, Value: "busy"})
			}
		}
		c = append(c, villager.KV{Key: "task_list", Value: list}, villager.KV{Key: "assignment", Value: busy},
			villager.KV{Key: "experience", Value: []any{}})
		if at := p.sm.envCache["env\x00"].updates; at != p.sm.updates {
			// query_env answered from its 120 s cache, computed when fewer
			// statuses were folded in.
			c = append(c, villager.KV{Key: "env_folded", Value: at})
		}
		p.sendCase(c, msgs)
	}
	reply, ok := p.llm(p.t, p.seatOf(ControllerSeat), trajectory.KindAssign, msgs, nil, true)
	if !ok {
		return
	}
	found, _ := villager.ExtractInfo(reply)
	for _, f := range found {
		d := dictOf(f)
		id, isInt := field(d, "task_id").(int64)
		if !isInt || id < 0 || int(id) >= len(tasks) {
			continue // "Choose a non exist task!" (a string id: VillagerAgent's TypeError)
		}
		n := tasks[id]
		var names []string
		switch a := field(d, "agent").(type) {
		case []any:
			for _, x := range a {
				names = append(names, villager.Str(x))
			}
		case nil:
		default:
			names = []string{villager.Str(a)}
		}
		var chosen []string
		for _, a := range names {
			if !slices.Contains(p.agents, a) || p.busy[a] != nil || !slices.Contains(n.candidates, a) || slices.Contains(chosen, a) {
				continue // "Agent ... does not exist!" / "is not valid for the task!"
			}
			chosen = append(chosen, a)
		}
		if len(chosen) > 0 && n.status == Unknown {
			p.execute(n, chosen)
		}
	}
}

// execute is execute_assignments for one subtask: one agent runs the node
// itself; several each run a copy with their share, as the controller's
// split call words it.
func (p *planner) execute(n *node, agents []string) {
	jobs := make([]job, 0, len(agents))
	if len(agents) == 1 {
		jobs = append(jobs, job{agent: slices.Index(p.agents, agents[0]), task: n, node: n})
	} else {
		msgs := splitMessages(p.sm.queryAgents(agents), n.description, n.milestones, stringsAny(agents))
		if p.sink != nil {
			p.sendCase(append(p.baseCase("assign_split"), villager.KV{Key: "assign", Value: stringsAny(agents)},
				villager.KV{Key: "subtask", Value: subtaskCase(n)}), msgs)
		}
		reply, ok := p.llm(p.t, p.seatOf(ControllerSeat), trajectory.KindAssign, msgs, nil, true)
		if !ok {
			return
		}
		shares, _ := villager.ExtractInfo(reply)
		if len(shares) != len(agents) {
			return // "decompose error!"
		}
		for _, a := range agents {
			c := n.clone(0)
			c.agents = slices.Clone(agents)
			c.status = Running
			for _, s := range shares {
				sd := dictOf(s)
				if villager.Str(field(sd, "agent")) == a {
					c.description, c.milestones = villager.Str(field(sd, "description")), field(sd, "milestones")
					break
				}
			}
			jobs = append(jobs, job{agent: slices.Index(p.agents, a), task: c, node: n})
		}
		p.collabs[n] = &collab{assigned: len(agents)}
	}
	for _, a := range agents {
		p.busy[a] = n
		n.agents = append(n.agents, a)
	}
	n.status, n.startedAt = Running, p.e.now
	p.oneDone = false
	p.queue = append(p.queue, jobs...)
}

// dispatch starts queued jobs while the worker pool has room.
func (p *planner) dispatch() {
	for len(p.queue) > 0 && p.running < p.cfg.Workers {
		j := p.queue[0]
		p.queue = p.queue[1:]
		p.running++
		p.e.spawn(p.agents[j.agent], func(t *thread) { p.runExecutor(t, j) })
	}
}

// report is called by an executor thread when its subtask is done.
func (p *planner) report(f finished) {
	p.running--
	p.events = append(p.events, f)
	p.t.wake()
	p.dispatch()
}

// failOverdue fails every subtask running past MaxTaskSeconds
// ("Task ... timeout!"). Its executor still runs; the agent stays busy
// until it ends, so one agent never runs two subtasks at once.
func (p *planner) failOverdue() {
	limit := toMS(p.cfg.MaxTaskSeconds)
	for _, n := range p.graph.vertex {
		if n.status == Running && p.e.now-n.startedAt >= limit {
			p.setStatus(n, Failure, "Task "+n.description+" timeout!")
			p.failLeft--
			p.oneDone = true
			p.feedback(n)
		}
	}
}

func (p *planner) nextDeadline() ms {
	d := never
	for _, n := range p.graph.vertex {
		if n.status == Running {
			d = min(d, n.startedAt+toMS(p.cfg.MaxTaskSeconds))
		}
	}
	return d
}

// complete is update_feedback / update_task_status for one executor's
// report.
func (p *planner) complete(f finished) {
	n := f.node
	name := p.agents[f.agent]
	if p.busy[name] == n {
		delete(p.busy, name)
	}
	if n.status != Running {
		return // failed already, past its time
	}
	c := p.collabs[n]
	status := Failure
	if f.ok {
		status = Success
	}
	if c == nil {
		if f.failText != "" {
			p.setStatus(n, Failure, f.failText)
			p.failLeft--
		} else {
			p.setStatus(n, status, f.detail)
		}
		p.oneDone = true
		p.feedback(n)
		return
	}
	c.completed++
	if f.ok && f.failText == "" {
		c.succeeded++
	}
	n.reflect = f.task.reflect
	if c.completed < c.assigned {
		return
	}
	delete(p.collabs, n)
	status = Failure
	if c.succeeded == c.assigned {
		status = Success
	}
	p.setStatus(n, status, n.reflect)
	if status == Failure {
		p.failLeft--
	} else {
		p.succLeft--
	}
	p.oneDone = true
	p.feedback(n)
}

// setStatus is set_task_status: the status, and the feedback joined to
// the node's reflections (a reflection dict and the executor's detail
// become a list of both).
func (p *planner) setStatus(n *node, status string, fb any) {
	n.status = status
	switch r := n.reflect.(type) {
	case []any:
		n.reflect = append(r, fb)
	case villager.Dict:
		if _, ok := fb.(villager.Dict); ok {
			n.reflect = []any{r, fb}
		} else {
			n.reflect = fb
		}
	case string:
		if _, ok := fb.(string); ok {
			n.reflect = []any{r, fb}
		} else {
			n.reflect = fb
		}
	default:
		n.reflect = fb
	}
}

// feedback is TaskManager.feedback_task: the traces, and, once nothing
// more can run, a new plan.
func (p *planner) feedback(n *node) {
	p.addTraces()
	if !p.graph.complete() {
		return
	}
	if open(n) {
		return
	}
	if p.cfg.Mode == Update {
		p.redecompose()
	} else {
		p.merge(n)
	}
}

func (p *planner) traceText(n *node) string {
	return villager.MustFormat("{{agent}} execute task {{task}} and feedback: {{status}}", villager.Dict{
		{Key: "agent", Value: stringsAny(n.agents)}, {Key: "task", Value: n.description}, {Key: "status", Value: strings.Join(n.summary[1:], "")},
	})
}

// addTraces is add_task_to_trace.
func (p *planner) addTraces() {
	p.failTrace, p.failTraceText = nil, nil
	for _, n := range p.graph.vertex {
		if (n.status == Success || n.status == Running) && !slices.Contains(p.taskTrace, n) {
			p.taskTrace = append(p.taskTrace, n)
			p.taskTraceText = append(p.taskTraceText, p.traceText(n))
		}
		if (n.status == Failure || n.status == Success) && !slices.Contains(p.totalTrace, n) {
			p.totalTrace = append(p.totalTrace, n)
			if n.status == Failure && !slices.Contains(p.failTrace, n) {
				p.failTrace = append(p.failTrace, n)
				p.failTraceText = append(p.failTraceText, p.traceText(n))
			}
		}
	}
	// Python pops while enumerating: a failure right after a popped one
	// stays.
	for i := 0; i < len(p.taskTrace); i++ {
		if p.taskTrace[i].status == Failure {
			p.taskTrace = slices.Delete(p.taskTrace, i, i+1)
			p.taskTraceText = slices.Delete(p.taskTraceText, i, i+1)
		}
	}
}

func (p *planner) agentStates() []any {
	out := make([]any, len(p.agents))
	for i, a := range p.agents {
		out[i] = p.sm.queryHistory(a)
	}
	return out
}

// redecompose is update_task: the whole task decomposed again with the
// traces; the new graph replaces the old.
func (p *planner) redecompose() {
	env := p.envSummary(p.goal)
	msgs := redecomposeMessages(p.taskDict(), p.ability(), env, p.agentStates(), nonNil(p.failTraceText), nonNil(p.taskTraceText), 1+p.rng.IntN(2))
	reply, ok := p.llm(p.t, p.seatOf(TaskManagerSeat), trajectory.KindDecompose, msgs, p.tags(), true)
	if !ok {
		return
	}
	list := p.subtasks(reply, []string{"description", "milestones", "assigned agents"}, p.taskDict(), nil)
	for pos, n := range list { // only ids of nodes built before it, but the one just before
		var keep []int
		for _, id := range n.preIdxs {
			if id > 0 && id < pos {
				keep = append(keep, id)
			}
		}
		n.preIdxs = keep
	}
	p.graph = build(list)
}

// merge is merge_task: the decomposer picks a strategy for the graph.
func (p *planner) merge(n *node) {
	env := p.envSummary(n.description)
	msgs := strategyMessages(p.graph.statusWithID(), n.analyzeJSON(), env, p.agentStates())
	reply, ok := p.llm(p.t, p.seatOf(TaskManagerSeat), trajectory.KindReplan, msgs, nil, true)
	if !ok {
		return
	}
	found, _ := villager.ExtractInfo(reply)
	if len(found) == 0 {
		return
	}
	if err := p.applyStrategy(dictOf(found[0]), n); err != nil {
		// VillagerAgent's exception here fails the task again; the graph
		// stays as it was.
		return
	}
}

func (p *planner) byID(v any) (*node, error) {
	list := p.graph.bfs()
	i := pyInt(v, -1)
	if i < 1 || i > len(list) {
		return nil, fmt.Errorf("no node %s", villager.Repr(v))
	}
	return list[i-1], nil
}

func (p *planner) applyStrategy(r villager.Dict, fed *node) error {
	switch field(r, "strategy") {
	case "replan":
		origin, err := p.byID(field(r, "origin-id"))
		if err != nil {
			return err
		}
		n := p.newNode(villager.Str(field(r, "description")), origin.content)
		n.milestones = field(r, "milestones")
		p.graph.replace(origin, n)
	case "decompose":
		origin, err := p.byID(field(r, "origin-id"))
		if err != nil {
			return err
		}
		subs := listOf(field(r, "subtasks"))
		var list []*node
		for _, s := range subs {
			d := dictOf(s)
			if d == nil || !d.Has("candidate list") {
				return fmt.Errorf("a subtask without a candidate list")
			}
			n := p.newNode(villager.Str(field(d, "description")), retrieve(origin.analyzeJSON(), listOf(field(d, "retrieval paths"))))
			n.parents = []*node{origin}
			n.milestones = field(d, "milestones")
			for _, a := range p.validAgents(listOf(field(d, "candidate list"))) {
				n.candidates = append(n.candidates, a.(string))
			}
			n.number = pyInt(field(d, "minimum required agents"), 1)
			for _, id := range listOf(field(d, "required subtasks")) {
				n.preIdxs = append(n.preIdxs, pyInt(id, 0))
			}
			list = append(list, n)
		}
		p.graph.mergeAt(build(list), origin)
	case "move":
		if _, err := p.byID(field(r, "origin-id")); err != nil {
			return err
		}
		pred, err := p.byID(field(r, "new-id"))
		if err != nil {
			return err
		}
		p.graph.removeMergeEdge(fed) // the code moves the task fed back, not origin-id
		p.graph.insertMergeEdge(fed, pred)
	case "insert":
		pred, err := p.byID(field(r, "insert-id"))
		if err != nil {
			return err
		}
		n := p.newNode(villager.Str(field(r, "description")), fed.content)
		n.milestones = field(r, "milestones")
		p.graph.insertMergeEdge(n, pred)
	case "delete":
		p.graph.removeMergeEdge(fed)
	default: // VillagerAgent logs "Task status error." and changes nothing
		return fmt.Errorf("unknown strategy %s", villager.Repr(field(r, "strategy")))
	}
	return nil
}
