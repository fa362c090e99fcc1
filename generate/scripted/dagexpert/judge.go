package dagexpert

import (
	"fmt"
	"slices"
	"strings"

	"collabcraft/villager"
)

// statusOK reads a tool answer's status: a bool, or the string the state
// manager turns it into ('True').
func statusOK(v any) bool {
	if s, ok := v.(string); ok {
		return s == "True"
	}
	return villager.Truthy(v)
}

// historySteps reads a reflection's action history as scratchpad steps.
func historySteps(history []any) []stepRecord {
	var out []stepRecord
	for _, h := range history {
		d := dictOf(h)
		a := dictOf(field(d, "action"))
		fb := dictOf(field(d, "feedback"))
		if fb != nil {
			fb = slices.Clone(fb)
			fb = fb.Set("status", statusOK(field(fb, "status")))
		}
		out = append(out, stepRecord{act: villager.Action{Tool: str(field(a, "tool")), Input: field(a, "tool_input")}, obs: fb})
	}
	return out
}

// reflect judges a subtask from its action history: every job of the
// description done, by the tools' own answers.
func (w words) reflect(c villager.ReflectCall) string {
	if jobs := escClauses(c.Description); len(jobs) > 0 {
		return w.escReflect(c, jobs)
	}
	jobs, err := readJobs(c.Description)
	steps := historySteps(c.History)
	var done, missing []string
	ok := err == nil && len(jobs) > 0
	used := 0
	progs := make([]progress, len(jobs))
	own := make([]int, len(jobs)) // the steps each job took
	var furnace *[3]int
	for i, j := range jobs {
		ec := villager.ExecutorCall{Name: actor(steps), State: c.State}
		j = atFurnace(j, furnace)
		progs[i], own[i] = w.jobProgress(ec, j, steps[used:], lastObs(steps[:used]))
		furnace = usedFurnace(j, steps[used:used+own[i]], furnace)
		used += own[i]
	}
	// A step whose product a later done step used up was done too (the
	// bag no longer shows it: an earlier try smelted the rabbit the stew
	// took).
	for i := len(jobs) - 2; i >= 0; i-- {
		if !progs[i].ok && own[i] == 0 && progs[i+1].ok && feeds(jobs[i], jobs[i+1]) {
			progs[i] = progress{ok: true}
		}
	}
	for i, j := range jobs {
		if progs[i].ok {
			done = append(done, w.clause(j))
			continue
		}
		ok = false
		why := progs[i].failed
		if why == "" {
			why = "not finished"
		}
		missing = append(missing, w.clause(j)+" ("+why+")")
	}
	return w.verdict(err != nil, ok, done, missing, steps)
}

// verdict is a reflection's answer: its reasoning from the parts done and
// missing (or that the task could not be matched to the actions), the
// steps' facts and the status.
func (w words) verdict(unmatched, ok bool, done, missing []string, steps []stepRecord) string {
	reasoning := w.say("{The actions show|From the action history,} ")
	switch {
	case unmatched:
		reasoning += "the task description could not be matched to the actions."
	case ok:
		reasoning += w.say("every part of the task {succeeded|went through}: " + andList(done) + ".")
	case len(done) > 0:
		reasoning += w.say(andList(done) + " {succeeded|went through}, but " + andList(missing) + ".")
	default:
		reasoning += w.say("{nothing of the task was achieved|the task was not achieved}: " + andList(missing) + ".")
	}
	return "```json\n" + villager.JSON(villager.Dict{
		{Key: "reasoning", Value: reasoning},
		{Key: "summary", Value: w.facts(steps)},
		{Key: "task_status", Value: ok},
	}) + "\n```"
}

// feeds reports whether job a makes what job b takes: a smelt its
// collection, a collection or craft an ingredient of the next craft.
func feeds(a, b job) bool {
	product := a.item
	if a.kind == jobSmelt {
		return b.kind == jobCollect
	}
	if a.kind != jobCollect && a.kind != jobCraft {
		return false
	}
	return slices.Contains(takes(b), product)
}

// actor is who ran the steps: the player_name of their calls.
func actor(steps []stepRecord) string {
	for _, s := range steps {
		if n := s.arg("player_name"); n != "" {
			return n
		}
	}
	return ""
}

// facts are the vital details of the steps: what each tool answered,
// positions included.
func (w words) facts(steps []stepRecord) string {
	var out []string
	for _, s := range steps {
		if s.obs == nil {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s", s.act.Tool, strings.TrimSpace(s.message())))
	}
	if len(out) == 0 {
		return w.pick("No action was taken.", "Nothing was done.")
	}
	return strings.Join(out, "; ")
}
