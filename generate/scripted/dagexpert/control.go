package dagexpert

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/mcdata"
	"collabcraft/villager"
)

// assign is the controller: each available subtask to free candidates, as
// many as it needs, preferring the candidate whose state shows the most
// of what the description names, each agent once.
func (w words) assign(c villager.ControllerCall) string {
	free := map[string]bool{}
	for _, f := range c.Free {
		n := str(field(dictOf(f), "name"))
		free[n] = true
	}
	states := map[string]string{}
	for _, s := range c.AgentStates {
		text := str(s)
		name, _, _ := strings.Cut(text, " is at ")
		states[name] = text
	}
	var out []any
	for _, t := range c.Tasks {
		d := dictOf(t)
		id := field(d, "id")
		desc := str(field(d, "description"))
		var cands []string
		for _, a := range listOf(field(d, "candidate list")) {
			if free[str(a)] {
				cands = append(cands, str(a))
			}
		}
		need := 1
		if n, ok := field(d, "number").(int64); ok && n > 0 {
			need = int(n)
		}
		if len(cands) < need {
			continue
		}
		slices.SortStableFunc(cands, func(a, b string) int { return suitability(states[b], desc) - suitability(states[a], desc) })
		chosen := cands[:need]
		for _, a := range chosen {
			delete(free, a)
		}
		var reason string
		if r := suitability(states[chosen[0]], desc); r >= toolWeight {
			reason = w.say(chosen[0] + " {has the tool the digging needs|holds a tool for the digging}")
		} else if r > 0 {
			reason = w.say(chosen[0] + " {already holds|carries} {some of|part of} what the task needs")
		} else {
			reason = w.say(chosen[0] + " is free{| right now} and {a candidate|listed as a candidate} for it")
		}
		var agent any = chosen[0]
		if need > 1 {
			agent = stringsAny(chosen)
		}
		out = append(out, villager.Dict{{Key: "reason", Value: reason}, {Key: "task_id", Value: id}, {Key: "agent", Value: agent}})
	}
	lead := w.pick("Here is the assignment:", "Assignments for the free agents:", "The plan for this round:")
	return lead + "\n```json\n" + villager.JSON(nonNil(out)) + "\n```"
}

func nonNil(l []any) []any {
	if l == nil {
		return []any{}
	}
	return l
}

const toolWeight = 10

// suitability scores an agent for a task: a tool its digging needs, which
// the agent's state shows, outweighs the items the task names that it
// holds.
func suitability(state, desc string) int {
	n := relevance(state, desc)
	jobs, _ := readJobs(desc)
	for _, j := range jobs {
		block := j.item
		switch {
		case j.kind == jobGet && j.source == fromFarm:
			block = farmBlock(j.item) // coal is dug from coal_ore
		case j.kind != jobMine:
			continue
		}
		if b, err := mcdata.LookupBlock(block); err == nil && b.RequiresTool {
			if slices.ContainsFunc(b.HarvestTools, func(t string) bool { return strings.Contains(state, t) }) {
				n += toolWeight
			}
		}
	}
	return n
}

// relevance counts the items a task description names, or that its jobs
// take (a craft's ingredients, a smelt's input and fuel, what is handed
// over or placed), that the agent's state shows in its bag ("There are
// coal*2, beef*1 in Andy_0's bag").
func relevance(state, desc string) int {
	bag := bagItems(state)
	n := 0
	for _, word := range strings.Fields(desc) {
		if bag[strings.Trim(word, ".,;:[]()'\"")] {
			n++
		}
	}
	jobs, _ := readJobs(desc)
	for _, j := range jobs {
		for _, it := range takes(j) {
			if bag[it] {
				n++
			}
		}
	}
	return n
}

// takes is what a job uses up from the bag.
func takes(j job) []string {
	switch j.kind {
	case jobCraft:
		var out []string
		if r, ok := mcdata.DefaultRecipe(j.item); ok {
			for _, in := range r.Ingredients {
				out = append(out, in.Item)
			}
		}
		return out
	case jobSmelt:
		return []string{j.item, j.fuel}
	case jobGive, jobPlace, jobUse:
		return []string{j.item}
	}
	return nil
}

// bagItems is the set of items of an agent state's bag sentence.
func bagItems(state string) map[string]bool {
	out := map[string]bool{}
	_, rest, ok := strings.Cut(state, "There are ")
	if !ok {
		return out
	}
	list, _, ok := strings.Cut(rest, " in ")
	if !ok || list == "nothing" {
		return out
	}
	for _, part := range strings.Split(list, ", ") {
		name, _, _ := strings.Cut(part, "*")
		out[name] = true
	}
	return out
}

// split shares one subtask among its agents: the description's jobs dealt
// out in turn.
func (w words) split(c villager.SplitCall) string {
	jobs, _ := readJobs(c.Description)
	names := make([]string, len(c.Names))
	for i, n := range c.Names {
		names[i] = str(n)
	}
	shares := make([][]job, len(names))
	for i, j := range jobs {
		shares[i%len(names)] = append(shares[i%len(names)], j)
	}
	var out []any
	for i, n := range names {
		desc := "help the team with: " + c.Description
		if len(shares[i]) > 0 {
			desc = w.describe(shares[i])
		}
		out = append(out, villager.Dict{
			{Key: "reason", Value: w.say(n + " takes {a share|part} of the work")},
			{Key: "description", Value: desc},
			{Key: "milestones", Value: []any{fmt.Sprintf("%s's share done", n)}},
			{Key: "agent", Value: n},
		})
	}
	return "```json\n" + villager.JSON(nonNil(out)) + "\n```"
}

// replan is the decomposer's merge-mode strategy once nothing more can
// run: the first failed subtask is planned again, as it was (its
// failure's cause may be gone: items arrived, a teammate freed the way);
// with none failed, the finished subtask fed back is dropped, which ends
// the run.
func (w words) replan(c villager.StrategyCall) string {
	if isEscape(str(field(c.Current, "task-description"))) {
		return w.escReplan(c)
	}
	var r villager.Dict
	for _, g := range c.Graph {
		if g.Status != "failed" {
			continue
		}
		why, desc, cur := "it failed", g.Description, villager.Dict(nil)
		if g.Description == str(field(c.Current, "task-description")) {
			why, cur = failureOf(c.Current), c.Current
		}
		if rest := w.remaining(g.Description, cur, strs(c.AgentStates)); rest != "" {
			desc = rest
		}
		reason := "Subtask " + fmt.Sprint(g.ID) + " {failed|did not succeed} (" + why + "); {it is planned again|it gets another try} {now that the others are done|with the rest finished}"
		if desc != g.Description {
			reason = "Subtask " + fmt.Sprint(g.ID) + " {failed|did not succeed} (" + why + "); {what it did stays done|its finished steps stand}, {the rest is planned again|only the rest is tried again}"
		}
		r = villager.Dict{
			{Key: "reasoning", Value: w.say(reason + ".")},
			{Key: "strategy", Value: "replan"}, {Key: "origin-id", Value: g.ID},
			{Key: "description", Value: desc},
			{Key: "milestones", Value: []any{"done: " + desc}},
		}
		break
	}
	if r == nil {
		r = villager.Dict{
			{Key: "reasoning", Value: w.say("{Every subtask is finished|All subtasks are done}; {nothing is left to plan|there is nothing more to add}.")},
			{Key: "strategy", Value: "delete"},
		}
	}
	return "```json\n" + villager.JSON(r) + "\n```"
}

// remaining is a failed subtask's description less the building jobs
// (placements, ladders, breaks) its reflection reports done, and the
// placements an agent's state shows
// (repeating a placement would use up another block: the game answers
// "the block is placed there" and takes one); "" when none is done.
func (w words) remaining(desc string, cur villager.Dict, states []string) string {
	jobs, err := readJobs(desc)
	if err != nil {
		return ""
	}
	var done []job
	for _, j := range jobs {
		if j.kind == jobPlace && placedBefore(states, j) {
			done = append(done, j) // an agent's state shows the block placed
		}
	}
	for _, fb := range listOf(field(cur, "task-feedback")) {
		r := str(field(dictOf(fb), "reasoning"))
		list := ""
		for _, sep := range []string{" succeeded, but ", " went through, but "} {
			if before, _, ok := strings.Cut(r, sep); ok {
				list = before
			}
		}
		for _, prefix := range []string{"The actions show ", "From the action history, "} {
			list = strings.TrimPrefix(list, prefix)
		}
		for _, part := range splitOutsideBrackets(list, ", ") {
			for _, c := range strings.Split(part, " and ") {
				if j, err := readClause(strings.TrimSpace(c)); err == nil {
					done = append(done, j)
				}
			}
		}
	}
	// Only the building's jobs are dropped: what a done gathering made
	// may be gone (a kill that dropped nothing, a milk bucket that
	// milked nothing), and the give after it needs it made again.
	done = slices.DeleteFunc(done, func(j job) bool {
		return j.kind != jobPlace && j.kind != jobLadder && j.kind != jobUnladder && j.kind != jobBreak
	})
	if len(done) == 0 {
		return ""
	}
	var rest []job
	for _, j := range jobs {
		if i := slices.IndexFunc(done, func(d job) bool { return sameJob(d, j) }); i >= 0 {
			done = slices.Delete(done, i, i+1)
			continue
		}
		rest = append(rest, j)
	}
	if len(rest) == 0 || len(rest) == len(jobs) {
		return ""
	}
	return w.describe(rest)
}

// sameJob reports whether two jobs read from different wordings are one.
func sameJob(a, b job) bool {
	return a.kind == b.kind && a.item == b.item && a.count == b.count && a.at == b.at && a.to == b.to
}

// failureOf is the last tool message of a failed subtask's feedback.
func failureOf(cur villager.Dict) string {
	fb := villager.Repr(field(cur, "task-feedback"))
	if i := strings.LastIndex(fb, "'message': '"); i >= 0 {
		rest := fb[i+len("'message': '"):]
		if j := strings.IndexByte(rest, '\''); j >= 0 {
			return rest[:j]
		}
	}
	return "the reflection judged it not done"
}
