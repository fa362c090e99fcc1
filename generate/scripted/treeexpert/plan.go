package treeexpert

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/sagents"
)

// stageLineRE reads a plan's line "Name mine(s) N things." (or crafts).
var stageLineRE = regexp.MustCompile(`^(\S+) (mines?|crafts?|builds?|reports?) (.+?)\.?$`)

// monitor judges the task to be inquired from the reports in the
// conversation: a root waits until every worker of the stage reported the
// order done or failed; a leaf reads its own last report.
func (w words) monitor(c sagents.MonitorCall) string {
	status, key := sagents.Unknown, sagents.Line{}
	if c.Root {
		result := map[string]string{}
		total := 0
		for _, l := range strings.Split(c.Task, "\n") {
			m := stageLineRE.FindStringSubmatch(strings.TrimSpace(l))
			if m == nil {
				continue
			}
			// The line's order, as its worker reports it done.
			order := strings.TrimSuffix(m[2], "s") + " " + m[3]
			// A mining line's goal ("crafts 1 stone pickaxe" is no "mine 1 stone").
			g, isGoal := readGoal("mine " + m[3])
			isGoal = isGoal && strings.HasPrefix(m[2], "mine")
			if !isGoal && !strings.HasPrefix(order, "build ") && !strings.HasPrefix(order, "report ") {
				continue
			}
			same := func(t string) bool {
				if isGoal {
					return sameGoal(t, g)
				}
				return strings.EqualFold(strings.TrimSuffix(t, "."), order) || samePart(t, order)
			}
			total++
			for _, x := range c.Lines {
				if x.Speaker != m[1] {
					continue
				}
				if t, ok := strings.CutPrefix(x.Text, "I have succeeded the task "); ok && same(t) {
					result[m[1]+order], key = sagents.Success, x
				}
				if t, ok := strings.CutPrefix(x.Text, "I have failed the task "); ok && same(t) {
					result[m[1]+order], key = sagents.Fail, x
				}
			}
		}
		done, failed := 0, 0
		for _, r := range result {
			if r == sagents.Success {
				done++
			} else {
				failed++
			}
		}
		switch {
		case total > 0 && done+failed >= total && failed > 0:
			status = sagents.Fail
		case total > 0 && done >= total:
			status = sagents.Success
		}
	} else {
		for _, x := range c.Lines {
			if strings.HasPrefix(x.Text, "I have failed the task ") {
				status, key = sagents.Fail, x
			} else if strings.HasPrefix(x.Text, "I have succeeded the task ") && status != sagents.Fail {
				status, key = sagents.Success, x
			}
		}
	}
	task := strings.Join(strings.Fields(c.Task), " ")
	var j string
	// The key sentence as the conversation shows it, with or without who
	// said it when.
	said := "'" + key.Text + "'"
	switch w.rng.IntN(3) {
	case 1:
		said = "'[" + sagents.Clock(key.At) + "] " + key.Speaker + " says: " + key.Text + "'"
	case 2:
		said = key.Speaker + "'s '" + key.Text + "' at " + sagents.Clock(key.At)
	}
	switch status {
	case sagents.Success:
		j = w.gen("According to " + said + " from the conversation, {the task|" + task + "} has succeeded.")
	case sagents.Fail:
		j = w.gen("According to " + said + " from the conversation, {the task|" + task + "} has failed{| and must be planned again}.")
	default:
		j = w.unknownJudgment(c)
	}
	return "Task result judgment: " + j + "\nFinal task status: " + status
}

func sameGoal(text string, g goal) bool {
	h, ok := readGoal(text)
	return ok && h == g
}

// taskPlan writes the planner's CoT: a root splits the goal among its
// employees (rule 5), a leaf stages its order by the tools it needs.
func (w words) taskPlan(c sagents.PlannerCall) string {
	if c.Root {
		if order, informer, ok := shelterOrder(c); ok {
			// A leader given a part of a shelter: a link of a chain.
			return w.linkShelterPlan(c, order, informer)
		}
	}
	if c.Root && orderedByTeammate(c) {
		// A graph of agents: a teammate's order is done by whom it names,
		// not handed on (S-Agents' Fig. 9(a) loop of delegation).
		return w.leafPlan(c)
	}
	if c.Root {
		if p, ok := shelterGoalOf(c); ok {
			return w.rootShelterPlan(c, p)
		}
		return w.rootPlan(c)
	}
	if order, informer, ok := shelterOrder(c); ok {
		if informer == "" {
			informer = bossOf(c)
		}
		return w.leafShelterPlan(c, order, informer)
	}
	return w.leafPlan(c)
}

// orderedByTeammate reports whether the agent works on a teammate's order:
// the latest collection order in the conversation came from one of its
// own employees (in a graph of agents everyone commands everyone, so a
// commander can be given work), or, with no order since, its previous
// long-term plan was its own work alone.
func orderedByTeammate(c sagents.PlannerCall) bool {
	_, informer, ok := goalOf(c)
	if ok && informer != "" {
		return informer != c.Name && slices.Contains(c.Employment, informer)
	}
	own := 0
	for _, l := range strings.Split(c.Plan, "\n") {
		m := stageLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil || !strings.HasPrefix(m[2], "mine") && !strings.HasPrefix(m[2], "craft") {
			continue // a collection plan's lines only
		}
		if m[1] != c.Name {
			return false
		}
		own++
	}
	return own > 0
}

// goalOf is the latest order in the conversation, else the objective.
func goalOf(c sagents.PlannerCall) (g goal, informer string, ok bool) {
	for _, l := range c.Lines {
		order, isOrder := strings.CutPrefix(l.Text, c.Name+", please ")
		if l.Speaker == c.Name || !isOrder && l.Speaker != "user" {
			continue
		}
		if h, found := readGoal(order); found {
			g, informer, ok = h, l.Speaker, true
		}
	}
	if !ok {
		g, ok = readGoal(c.Objective)
	}
	return g, informer, ok
}

func (w words) rootPlan(c sagents.PlannerCall) string {
	g, informer, ok := goalOf(c)
	staff := c.Employment
	inv := inventories(staff, c.Inventory, c.Lines)
	if !ok {
		return w.planText(invText(staff, inv), "None", "There is no collection goal in the conversation, so there is nothing to plan.", "None", "None", "None")
	}
	if informer == "" {
		informer = "user"
	}
	have := 0
	for _, n := range staff {
		have += held(inv[n], g.class)
	}
	left := g.n
	if c.Task != "" {
		left = g.n - have
	}
	objective := w.gen("{Mine|Collect|Gather} " + g.String() + ".")
	if left <= 0 {
		a := w.gen(fmt.Sprintf("{The team now holds|Together the workers hold} %d %s, {which covers|which meets} the goal of %d. {Nothing is left to do.|The objective is complete.}", have, g.class, g.n))
		return w.planText(invText(staff, inv), objective, a, c.Plan, "None", informer)
	}
	shares := split(left, len(staff))
	var lines []string
	verb := w.gen("{mines|mine}") // one form for the whole plan
	for i, n := range staff {
		if shares[i] <= 0 {
			continue
		}
		if n == c.Name {
			// A leader that works itself (a graph of agents) makes its own
			// tools before its share; its workers stage theirs.
			for _, st := range toolStages(n, inv[n], g.class) {
				lines = append(lines, st...)
			}
		}
		lines = append(lines, fmt.Sprintf("%s %s %d %s.", n, verb, shares[i], g.class))
	}
	stage := w.gen("Stage 1: {Gather|Collect|Mine} " + g.class)
	var a string
	if c.Task == "" {
		a = w.gen(fmt.Sprintf("{To finish|To complete} {the task|the goal} of mining %d %s {quickly|as fast as possible}, the work {is split|is divided} among %s{, so that nobody waits| so that everyone has something to do}. ", g.n, g.class, strings.Join(staff, ", ")))
		if g.class != "logs" {
			a += w.gen("{No worker has told me of a pickaxe|I know of no pickaxe on the team}, so each {makes|crafts} {their|its} own {pickaxe|tools} first{; that is part of their order|}.")
		}
	} else {
		a = w.gen(fmt.Sprintf("The {previous stage|last step} %s. {The team holds|The workers hold} %d %s of %d, so %d {are still missing|remain}; {they are split again|the rest is divided again} among {the workers|everyone}.", map[string]string{"success": "succeeded", "fail": "failed"}[c.Status], have, g.class, g.n, left))
	}
	at := stage + "\n" + strings.Join(lines, "\n")
	return w.planText(invText(staff, inv), objective, a, at, at, informer)
}

// split divides n into k shares, the first ones larger (50 -> 17, 17, 16).
func split(n, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = n / k
		if i < n%k {
			out[i]++
		}
	}
	return out
}

func (w words) planText(inv, objective, analysis, long, atHand, informer string) string {
	return "Current inventory of employers: " + inv + "\n\nObjective: " + objective + "\n\nAnalysis: " + analysis +
		"\n\nLong-term plan:\n" + long + "\n\nThe task at hand:\n" + atHand + "\n\nInformer is " + informer
}

// leafPlan stages a leaf's order: wood and a wooden pickaxe before stone,
// a stone pickaxe before iron (mineBlock refuses a block without its
// tool), then the mining itself.
func (w words) leafPlan(c sagents.PlannerCall) string {
	me := c.Name
	g, informer, ok := goalOf(c)
	inv := inventories([]string{me}, c.Inventory, nil)[me]
	if !ok {
		return w.planText(invText([]string{me}, map[string]map[string]int{me: inv}), "None", "I have no order to work on.", "None", "None", "None")
	}
	if informer == "" {
		informer = bossOf(c)
	}
	final := fmt.Sprintf("%s mine %d %s.", me, g.n, g.class)
	// The order is done once its final stage succeeded.
	if c.Status == sagents.Success && strings.Contains(c.Task, final) {
		return w.planText(invText([]string{me}, map[string]map[string]int{me: inv}), w.gen("{Mine|Collect} "+g.String()+"."),
			w.gen("{The last stage|The mining|My last task|The stage} {succeeded|went through|is done}{, so my order is done|; nothing is left of my order|, which completes my order}.")+w.holding(inv, 1), c.Plan, "None", informer)
	}
	stages := append(toolStages(me, inv, g.class), []string{final})
	names := []string{"{Gather|Get} wood and make a wooden pickaxe", "Make a stone pickaxe", "{Mine|Collect} " + g.class}
	if len(stages) == 2 && g.class == "stones" {
		names = []string{names[0], names[2]}
	} else if len(stages) == 2 {
		names = names[1:]
	} else if len(stages) == 1 {
		names = names[2:]
	}
	var long []string
	for i, st := range stages {
		long = append(long, w.gen(fmt.Sprintf("Stage %d: %s", i+1, names[i]))+"\n"+strings.Join(st, "\n"))
	}
	var a string
	switch {
	case g.class == "logs":
		a = w.gen(fmt.Sprintf("To mine %d logs {I need no tool|no tool is needed}: {I find trees and chop them by hand|logs come off trees by hand}{, exploring when none is near|}.", g.n))
	case len(stages) > 1:
		a = w.gen(fmt.Sprintf("To mine %d %s {I need|I must first have} a {pickaxe|suitable pickaxe}: {mining it by hand yields nothing|without one the blocks drop nothing}. {I make the tools first, then mine.|So the tools come first, the mining after.}", g.n, g.class))
	default:
		a = w.gen(fmt.Sprintf("I already {have|hold} the pickaxe {I need|it takes}, so I {can mine the %s {right away|now}|go straight to mining}.", g.class))
	}
	if c.Status == sagents.Fail {
		a += w.gen(" {The last attempt failed|The previous step failed}, so I {try|do} {it|that stage} again{ from what I hold now|}.")
	}
	return w.planText(invText([]string{me}, map[string]map[string]int{me: inv}), w.gen("{Mine|Collect} "+g.String()+"."), a, strings.Join(long, "\n"), long[0], informer)
}

// toolStages are the stages that give me the pickaxe mining class needs
// (none for logs): wood and a wooden pickaxe, then a stone pickaxe for
// iron (mineBlock refuses a block without its tool).
func toolStages(me string, inv map[string]int, class string) [][]string {
	var stages [][]string
	wooden := inv["wooden_pickaxe"] > 0 || inv["stone_pickaxe"] > 0 || inv["iron_pickaxe"] > 0
	stone := inv["stone_pickaxe"] > 0 || inv["iron_pickaxe"] > 0
	if class != "logs" && !wooden {
		st := []string{}
		if held(inv, "logs") < 3 && countPlanks(inv) < 9 {
			st = append(st, fmt.Sprintf("%s mine %d logs.", me, 3-held(inv, "logs")))
		}
		if inv["crafting_table"] == 0 {
			st = append(st, me+" crafts 1 crafting table.")
		}
		st = append(st, me+" crafts 1 wooden pickaxe.")
		stages = append(stages, st)
	}
	if class == "iron" && !stone {
		st := []string{}
		if inv["cobblestone"] < 3 {
			st = append(st, fmt.Sprintf("%s mine %d stones.", me, 3-inv["cobblestone"]))
		}
		st = append(st, me+" crafts 1 stone pickaxe.")
		stages = append(stages, st)
	}
	return stages
}

func countPlanks(inv map[string]int) int {
	n := 0
	for k, v := range inv {
		if strings.HasSuffix(k, "_planks") {
			n += v
		}
	}
	return n
}

// materialNames are the names a todo may give a collection material.
var materialNames = map[string]string{
	"logs":   "{logs|wood|wood logs|woods|logs of any wood}",
	"stones": "{stones|stone|cobblestone|stone blocks|cobblestones}",
	"iron":   "{iron|iron ore|raw iron|iron_ore|iron ores}",
}

// actionPlan turns the task at hand into todos: a root informs each
// worker named, a leaf does its lines itself. Collection todos are worded
// as the prompt's own examples are ("Mine [quantity] [block]", "mine 25
// woods") or Voyager's ("Craft a wooden pickaxe", "Mine 5 iron_ore"): one
// style a list, the material named one of the ways people do, and the
// orders to workers in any order (they start at once either way).
func (w words) actionPlan(c sagents.ActionCall) string {
	var todos, own []string
	lower := w.rng.IntN(3) == 0
	underscore := w.rng.IntN(4) == 0
	noTo := w.rng.IntN(4) == 0
	// The mining verb: the prompt's "Mine", or another a player says
	// ("Obtain a wood log" is Voyager's own curriculum example).
	verb := w.gen("{mine|mine|collect|gather|obtain|get}")
	collection := false
	for _, l := range strings.Split(c.Task, "\n") {
		m := stageLineRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		what := strings.TrimSuffix(m[2], "s") + " " + m[3]
		// A mining order names its material as people do (S-Agents'
		// own examples: "mine 25 woods", "inform workerB mine 15
		// stone"); every name reads back as the same goal.
		mining := false
		if g, ok := readGoal(what); ok && strings.HasPrefix(what, "mine ") {
			what = fmt.Sprintf("%s %d %s", verb, g.n, w.gen(materialNames[g.class]))
			mining, collection = true, true
		} else if j, ok := readJob(what); ok && j.verb == "craft" {
			n, item := strconv.Itoa(j.count), strings.ReplaceAll(j.item, "_", " ")
			if j.count == 1 {
				// "Craft 1 [item]" as the prompt's format, "a" as Voyager's
				// critic example ("Craft a wooden pickaxe"), or "one".
				n = w.gen("{1|a|one}")
				if n == "a" && strings.ContainsRune("aeiou", rune(item[0])) {
					n = "an"
				}
			}
			if underscore {
				item = j.item
			}
			what, collection = w.gen("{craft|craft|make}")+" "+n+" "+item, true
		} else if b, ok := readPart(what); ok {
			what = w.partWords(b)
		}
		if c.Root && m[1] != c.Name {
			to := " to "
			if mining && noTo {
				to = " "
			}
			todos = append(todos, "inform "+m[1]+to+what)
			continue
		}
		if !collection || !lower {
			what = strings.ToUpper(what[:1]) + what[1:]
		}
		own = append(own, what)
	}
	if collection {
		w.rng.Shuffle(len(todos), func(i, j int) { todos[i], todos[j] = todos[j], todos[i] })
	}
	// A leader's own share comes after the orders, so that the workers
	// start while it builds; a link in a chain does its part first and
	// then hands the rest on.
	if strings.Contains(c.Profile, "a link in a chain") {
		todos = append(own, todos...)
	} else {
		todos = append(todos, own...)
	}
	var b strings.Builder
	b.WriteString("[")
	for i, t := range todos {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", t)
	}
	b.WriteString("]")
	return b.String()
}

// bossOf is who last gave the leaf an order in its conversation, or
// "leader".
func bossOf(c sagents.PlannerCall) string {
	for i := len(c.Lines) - 1; i >= 0; i-- {
		if c.Lines[i].Speaker != c.Name {
			return c.Lines[i].Speaker
		}
	}
	for _, l := range c.Lines {
		if l.Speaker == c.Name && l.To != "" {
			return l.To
		}
	}
	return "leader"
}

// unknownJudgment sums up what the conversation says so far: who took
// the order, who started, who is done, and that the rest is unheard of.
func (w words) unknownJudgment(c sagents.MonitorCall) string {
	var took, started, done []string
	seen := map[string]bool{}
	for _, x := range c.Lines {
		switch {
		case x.Text == "Got it!" && !seen[x.Speaker+"got"]:
			seen[x.Speaker+"got"] = true
			took = append(took, x.Speaker)
		case strings.HasPrefix(x.Text, "I'll start the task ") && !seen[x.Speaker+"start"]:
			seen[x.Speaker+"start"] = true
			started = append(started, x.Speaker)
		case strings.HasPrefix(x.Text, "I have succeeded the task ") && !seen[x.Speaker+"done"]:
			seen[x.Speaker+"done"] = true
			done = append(done, x.Speaker)
		}
	}
	var parts []string
	if len(took) > 0 {
		parts = append(parts, w.gen(strings.Join(took, " and ")+" {said 'Got it!'|acknowledged the order|received the order}"))
	}
	if len(started) > 0 {
		parts = append(parts, w.gen(strings.Join(started, " and ")+" {started|began working|reported starting}"))
	}
	if len(done) > 0 {
		parts = append(parts, w.gen(strings.Join(done, " and ")+" {finished a task|reported a success}"))
	}
	head := w.gen("{The orders went out|The task was handed out|The workers were told}")
	if len(parts) > 0 {
		head = strings.Join(parts, ", ")
	}
	return head + w.gen(", but {not everyone has reported the result yet|no report closes the stage yet|the conversation does not say how the stage ended}, so the task status is unknown.")
}

// holding is a sentence on what an inventory holds, its largest stacks
// first, or "" one time in keep+1 (keep 0: always said).
func (w words) holding(inv map[string]int, keep int) string {
	if keep > 0 && w.rng.IntN(keep+1) == 0 {
		return ""
	}
	if len(inv) == 0 {
		return w.gen(" {My inventory is empty|I carry nothing yet|I hold nothing at the moment}.")
	}
	items := slices.Collect(maps.Keys(inv))
	slices.SortFunc(items, func(a, b string) int { return cmp.Or(inv[b]-inv[a], strings.Compare(a, b)) })
	items = items[:min(len(items), 1+w.rng.IntN(3))]
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%d %s", inv[it], it)
	}
	list := strings.Join(parts, ", ")
	if len(parts) > 1 {
		list = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	more := ""
	if len(items) < len(inv) {
		more = w.gen("{ among other things| besides the rest| and a few other items}")
	}
	return w.gen(" {I now hold|My inventory has|I carry|At the moment I have} ") + list + more + "."
}
