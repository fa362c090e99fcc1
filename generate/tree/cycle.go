package tree

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/sagents"
	"collabcraft/trajectory"
	"collabcraft/villager"
	"collabcraft/voyager"
)

// maxFailedPlans is how many times in a row a leaf plans one order again
// after a failed stage before it reports the order failed to its boss.
const maxFailedPlans = 3

// body is the hourglass cycle: take an order (or the user's goal), plan,
// do or hand out the todos, and when the queue is empty judge the task at
// hand and plan again.
func (a *agent) body() {
	for {
		if a.task == "" {
			if !a.takeOrder() {
				a.wait()
				continue
			}
			a.planAndQueue()
			if a.task == "" {
				a.finishOrder()
				continue
			}
		}
		for len(a.todos) > 0 {
			todo := a.todos[0]
			a.todos = a.todos[1:]
			if player, order, ok := sagents.Inform(todo); ok && player != a.name {
				a.say(player, player+", please "+order)
				continue
			}
			a.skill(todo)
		}
		// The queue is empty: the progress monitor judges the task at
		// hand from what was said since the last planning.
		if a.leading() && len(a.e.pool) == a.monitored {
			a.wait()
			continue
		}
		a.monitored = len(a.e.pool)
		text, _ := a.call(trajectory.KindMonitor, sagents.MonitorMessages(sagents.MonitorCall{Root: a.leading(), Task: a.task, Lines: a.heardSince()}))
		r := sagents.ParseMonitorReply(text)
		a.note("", r.Status)
		if r.Status == sagents.Unknown && a.leading() {
			continue // the employees have not reported yet: wait for them
		}
		a.status = r.Status
		if r.Status == sagents.Fail {
			a.failedOrder++
		} else {
			a.failedOrder = 0
		}
		if a.failedOrder >= maxFailedPlans && a.informer() != User {
			a.say(a.informer(), "I have failed the task "+a.order+".")
			a.reportInventory()
			a.task, a.order, a.failedOrder = "", "", 0
			continue
		}
		a.planAndQueue()
		if a.task == "" {
			a.finishOrder()
		}
	}
}

// takeOrder looks for a new order to the agent since it last planned:
// the user's goal or its boss's "X, please …". A leaf says "Got it!".
func (a *agent) takeOrder() bool {
	for _, l := range a.e.pool[a.heard:] {
		if l.To != a.name || !a.isOrder(l) {
			continue
		}
		order := l.Text
		if rest, ok := strings.CutPrefix(order, a.name+", please "); ok {
			order = rest
		}
		a.order, a.orderFrom = order, l.Speaker
	}
	if a.order == "" {
		return false
	}
	if a.orderFrom != User {
		a.say(a.orderFrom, "Got it!")
	}
	return true
}

// finishOrder reports a finished order to whom gave it.
func (a *agent) finishOrder() {
	if a.order == "" {
		return
	}
	if a.orderFrom != User {
		a.say(a.orderFrom, "I have succeeded the task "+a.order+".")
		a.reportInventory()
	}
	a.objective, a.order = a.order, ""
}

// heardSince is the conversation the agent is part of since its last
// planning.
func (a *agent) heardSince() []sagents.Line {
	var out []sagents.Line
	for _, l := range a.e.pool[a.heard:] {
		if l.Speaker == a.name || l.To == a.name {
			out = append(out, l)
		}
	}
	return out
}

// planAndQueue calls the task planner and, for a task at hand, the action
// planner, whose todos become the queue.
func (a *agent) planAndQueue() {
	e := a.e
	staff := a.staff
	if len(staff) == 0 {
		staff = []string{a.name}
	}
	inv := a.inventory
	if inv == "" || !a.commander() || a.graph {
		// A graph node sees its own inventory and hears its teammates'.
		inv = a.ownInventory()
		if a.graph && e.spec.Task.Type == procgen.TypeShelter {
			// A shelter's stages are split by what everyone reported,
			// long after the reports were heard: a graph node keeps its
			// teammates' inventories as its last plan summed them up.
			inv = a.withTeammates(inv)
		}
	}
	c := sagents.PlannerCall{Name: a.name, Employment: staff, Root: a.commander(), Lines: a.heardSince(),
		Objective: a.objective, Plan: a.plan, Inventory: inv, Task: a.task, Status: a.status}
	a.heard, a.monitored = len(e.pool), len(e.pool)
	text, _ := a.call(trajectory.KindTaskPlan, sagents.PlannerMessages(c))
	e.plans++
	p := sagents.ParsePlan(text)
	a.note("", p.AtHand)
	if p.Objective != "" {
		a.objective = p.Objective
	}
	a.plan, a.inventory, a.task, a.status = p.LongTerm, p.Inventory, p.AtHand, ""
	if a.task == "" {
		return
	}
	profile := "a worker who takes orders from " + a.informer()
	switch {
	case a.graph:
		profile = "one of " + strings.Join(staff, ", ") + ", who all command one another"
	case Shape(e.org.Name()) == Chain && a.commander():
		profile = "a link in a chain of agents, who takes orders from " + a.informer() + ", does its part first and then hands the rest on to " + staff[len(staff)-1]
	case a.commander():
		profile = "the leader of " + strings.Join(staff, ", ")
	}
	for range 3 { // a list that does not parse is asked for again
		text, _ := a.call(trajectory.KindActionPlan, sagents.ActionMessages(sagents.ActionCall{Name: a.name, Profile: profile,
			Employment: staff, Root: a.commander(), Task: a.task}))
		todos, err := sagents.ParseTodos(text)
		if err == nil {
			a.todos = todos
			a.delegated = slices.ContainsFunc(todos, func(t string) bool {
				p, _, ok := sagents.Inform(t)
				return ok && p != a.name
			})
			a.note(strings.Join(todos, "\n"), "")
			return
		}
		a.note("", err.Error())
	}
	a.task = ""
}

// ownInventory is the agent's inventory in the planner's words.
func (a *agent) ownInventory() string {
	o := a.e.w.VoyagerObservation(a.i)
	if len(o.Inventory) == 0 {
		return a.name + " has an empty inventory."
	}
	return a.name + " has " + itemsRepr(o.Inventory) + "."
}

// withTeammates is own (the agent's "X has {…}.") followed by each
// teammate's inventory as the agent's last plan summed it up, when it did.
func (a *agent) withTeammates(own string) string {
	parts := []string{strings.TrimSuffix(own, ".")}
	for _, n := range a.staff {
		if n == a.name {
			continue
		}
		if m := teammateInventory(a.inventory, n); m != "" {
			parts = append(parts, m)
		}
	}
	return strings.Join(parts, ", ") + "."
}

// inventoryREs are the "NAME has {…}" / "NAME has an empty inventory"
// patterns by agent name, compiled once per name.
var inventoryREs sync.Map

// teammateInventory is the first "name has …" of a plan's summary of
// what everyone holds, or "".
func teammateInventory(summary, name string) string {
	re, ok := inventoryREs.Load(name)
	if !ok {
		re, _ = inventoryREs.LoadOrStore(name, regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+` has (?:\{[^{}]*\}|an empty inventory)`))
	}
	return re.(*regexp.Regexp).FindString(summary)
}

// reportInventory is a leaf's "my inventory is {…}, and my equipment is
// […] " line.
func (a *agent) reportInventory() {
	o := a.e.w.VoyagerObservation(a.i)
	eq := make([]any, len(o.Equipment))
	for i, s := range o.Equipment {
		if s != "" {
			eq[i] = s
		}
	}
	a.say(a.informer(), "my inventory is "+itemsRepr(o.Inventory)+", and my equipment is "+villager.Repr(eq)+" ")
}

func itemsRepr(items []voyager.Item) string {
	d := make(villager.Dict, len(items))
	for i, it := range items {
		d[i] = villager.KV{Key: it.Name, Value: it.Count}
	}
	return villager.Repr(d)
}

// skill is Voyager's loop for one todo: the action agent writes a program,
// world/js runs it, the critic judges it; a success is described and kept
// in the library, a failure is tried again with the critique, up to the
// rounds. The agent reports the start, the result, the critique and its
// inventory.
func (a *agent) skill(todo string) {
	e := a.e
	e.todos++
	a.say(a.informer(), "I'll start the task "+todo+" now")
	var events []voyager.Event
	var code, critique string
	ok := false
	for range e.org.rounds() {
		skills := e.lib.Retrieve(todo, voyager.RetrievalTopK)
		msgs := []sagents.Message{msg(voyager.ActionSystem(voyager.ActionModel, skills)),
			msg(voyager.ActionHuman(voyager.ActionTurn{Events: events, Obs: e.w.VoyagerObservation(a.i), Code: code,
				Task: todo, Critique: critique, Chests: &e.chests}))}
		text, _ := a.call(trajectory.KindSkillCode, msgs)
		prog, perr := voyager.ReadProgram(text)
		if perr != "" {
			a.note("", perr)
			events, critique = []voyager.Event{{Kind: voyager.OnError, Text: perr}}, ""
			continue
		}
		res := e.w.ExecuteVoyager(a.i, e.programs(prog.Code), prog.Code+"\n"+prog.Exec, &a.vstate)
		for _, c := range res.Chests {
			e.chests.Update(c.Position, generate.ChestSeen(c))
		}
		events = nil
		for _, c := range res.Chat {
			events = append(events, voyager.Event{Kind: voyager.OnChat, Text: c})
		}
		if res.Error != "" {
			events = append(events, voyager.Event{Kind: voyager.OnError, Text: res.Error})
		}
		a.note(prog.Exec, strings.Join(append(append([]string(nil), res.Chat...), res.Error), "\n"))
		a.programEnds = e.now + res.Duration
		a.sleep(res.Duration)
		code = prog.Code
		obs := e.w.VoyagerObservation(a.i)
		hm, judged := voyager.CriticHuman(events, obs, todo, "", e.chests.Render())
		critique = ""
		if judged {
			text, _ := a.call(trajectory.KindCritic, []sagents.Message{msg(voyager.CriticSystem()), msg(hm)})
			if success, c, read := voyager.ReadCritic(text); read {
				ok, critique = success, c
			}
			a.note("", critique)
		}
		if ok {
			if voyager.KeepsSkillOf(todo) {
				answer, _ := a.call(trajectory.KindSkillDescription, toSagents(voyager.SkillDescriptionMessages(prog.Name, prog.Code)))
				e.lib.Add(prog.Name, prog.Code, voyager.SkillDescription(prog.Name, strings.TrimSpace(answer)))
			}
			break
		}
	}
	if ok {
		a.say(a.informer(), "I have succeeded the task "+todo+".")
	} else {
		e.fails++
		a.say(a.informer(), "I have failed the task "+todo+".")
	}
	if critique != "" {
		a.say(a.informer(), "The critique is "+critique)
	}
	a.reportInventory()
}

func msg(m voyager.Message) sagents.Message { return sagents.Message{Role: m.Role, Content: m.Content} }

func toSagents(ms []voyager.Message) []sagents.Message {
	out := make([]sagents.Message, len(ms))
	for i, m := range ms {
		out[i] = msg(m)
	}
	return out
}

// result is the trial's record.
func (e *engine) result(end string) *generate.TrialResult {
	r := &generate.TrialResult{SimSeconds: e.now.Seconds(), Error: e.errMsg}
	score, _ := e.w.Score()
	r.Outcome = trajectory.Outcome{Score: score, Success: e.success, EndReason: end}
	for _, a := range e.agents {
		r.Agents = append(r.Agents, trajectory.Agent{Name: a.name, Transitions: a.transitions})
		r.ActiveSeconds = append(r.ActiveSeconds, min(a.active, e.now).Seconds())
	}
	r.Metrics = map[string]float64{MetricPlanning: float64(e.plans), MetricSkills: float64(e.lib.Len()),
		MetricTodos: float64(e.todos), MetricFailures: float64(e.fails)}
	return r
}

// programs is the library's code less the skills that declare a name
// again (the new program's, or another kept skill's): in Voyager's Node
// eval the later declaration wins, while our runtime refuses a name
// declared twice. The skills the new program calls are kept first, then
// the newest.
func (e *engine) programs(code string) string {
	declared := map[string]bool{}
	for _, m := range voyager.FunctionRE.FindAllStringSubmatch(code, -1) {
		declared[m[2]] = true
	}
	skills := e.lib.Skills()
	keep := make([]bool, len(skills))
	consider := func(i int) {
		names := voyager.FunctionRE.FindAllStringSubmatch(skills[i].Code, -1)
		for _, m := range names {
			if declared[m[2]] {
				return
			}
		}
		keep[i] = true
		for _, m := range names {
			declared[m[2]] = true
		}
	}
	for i := len(skills) - 1; i >= 0; i-- {
		if strings.Contains(code, skills[i].Name+"(bot") {
			consider(i)
		}
	}
	for i := len(skills) - 1; i >= 0; i-- {
		if !keep[i] {
			consider(i)
		}
	}
	var b strings.Builder
	for i, s := range skills {
		if keep[i] {
			b.WriteString(s.Code + "\n\n")
		}
	}
	return b.String()
}
