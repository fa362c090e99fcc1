package stats

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// S-Agents' metrics (seed paper 000, §IV.A, Fig. 7) over collective
// collection trials, per team and target:
//
//   - TC, the time cost: the simulated minutes a trial took to succeed.
//     The paper's NaN is "no progress for over 40 minutes after more than
//     5 attempts": a trial that did not succeed has no time cost, and a
//     cell none of whose trials succeeded is NaN.
//   - mPT, the mean prompt times: the planning iterations (task-plan
//     calls, S-Agents' task planner) per member of the team, agents and
//     organisation seats alike.
//
// A target is the task's material and quantity ("50 logs").

// TaskPlanKind is the call kind of S-Agents' task planner, whose calls
// mPT counts.
const TaskPlanKind = trajectory.KindTaskPlan

// SAgentsRow is one team's results on one collection target.
type SAgentsRow struct {
	Target    string `json:"target"` // "50 logs"
	Org       string `json:"org"`
	Agents    int    `json:"agents"`
	Trials    int    `json:"trials"`
	Successes int    `json:"successes"`
	// TC is the mean time cost in simulated minutes over the trials that
	// succeeded; nil (NaN) when none did.
	TC *float64 `json:"tc_min"`
	// MPT is the mean over trials of task-plan calls per team member.
	MPT float64 `json:"mpt"`

	tcSum, mptSum float64
}

// TimeCost is a trial's TC in simulated minutes: NaN unless it succeeded.
func TimeCost(t *trajectory.Trial) float64 {
	if !t.Outcome.Success {
		return math.NaN()
	}
	return t.SimSeconds / 60
}

// PlanningIterations is a trial's mPT: its task-plan calls per team
// member (0 for a trial without members).
func PlanningIterations(t *trajectory.Trial) float64 {
	if len(t.Team) == 0 {
		return 0
	}
	n := 0
	for _, a := range t.Agents {
		for _, tr := range a.Transitions {
			if tr.Kind == TaskPlanKind {
				n++
			}
		}
	}
	return float64(n) / float64(len(t.Team))
}

type sagentsKey struct {
	target string
	org    string
	agents int
}

// sagentsAcc collects the collection trials by team and target.
type sagentsAcc map[sagentsKey]*SAgentsRow

func (c sagentsAcc) add(t *trajectory.Trial) {
	if k, ok := procgen.KindOfType(t.TaskType); !ok || k != procgen.Collection || t.Outcome.EndReason == trajectory.EndError {
		return
	}
	m, _ := procgen.KnobText(t.Difficulty, t.TaskID, "material")
	q, _ := procgen.KnobText(t.Difficulty, t.TaskID, "quantity")
	key := sagentsKey{q + " " + m, cmp.Or(t.Org, "p2p"), t.AgentCount()}
	r := c[key]
	if r == nil {
		r = &SAgentsRow{Target: key.target, Org: key.org, Agents: key.agents}
		c[key] = r
	}
	r.Trials++
	if tc := TimeCost(t); !math.IsNaN(tc) {
		r.Successes++
		r.tcSum += tc
	}
	r.mptSum += PlanningIterations(t)
}

func (c sagentsAcc) rows() []SAgentsRow {
	var out []SAgentsRow
	for _, r := range c {
		if r.Successes > 0 {
			tc := r.tcSum / float64(r.Successes)
			r.TC = &tc
		}
		r.MPT = r.mptSum / float64(r.Trials)
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b SAgentsRow) int {
		return cmp.Or(compareTargets(a.Target, b.Target), cmp.Compare(a.Org, b.Org), cmp.Compare(a.Agents, b.Agents))
	})
	return out
}

// compareTargets orders targets by material (logs, stones, iron), then
// quantity.
func compareTargets(a, b string) int {
	split := func(s string) (int, int) {
		var q int
		var m string
		fmt.Sscanf(s, "%d %s", &q, &m)
		return slices.Index(procgen.CollectionMaterials, m), q
	}
	am, aq := split(a)
	bm, bq := split(b)
	return cmp.Or(cmp.Compare(am, bm), cmp.Compare(aq, bq))
}

func (r SAgentsRow) team() string {
	if r.Agents == 1 {
		return r.Org + ", solo"
	}
	return fmt.Sprintf("%s, %d agents", r.Org, r.Agents)
}

// tcText is a TC cell: minutes, or NaN.
func tcText(tc *float64) string {
	if tc == nil {
		return "NaN"
	}
	return num(*tc, 1)
}

// paperFig7 are S-Agents' Fig. 7 figures (read from figures/7_exp.jpeg;
// gpt-4 plans the root and judges, gpt-3.5-turbo-16k the rest): TC in
// minutes (NaN: no progress for over 40 minutes), and mPT in (a).
var paperFig7 = struct {
	orgs  [][]string // (a): organisation, TC, mPT; three agents on 50 logs
	sizes [][]string // (b): team, 50 logs, 50 stones, 50 iron
	solo  [][]string // (c): team, 100 logs, 100 iron
}{
	orgs:  [][]string{{"paper: CoA (3 agents)", "29.0", "4.0"}, {"paper: GoA (3 agents)", "9.3", "3.0"}, {"paper: ToA(3)", "7.5", "3.8"}},
	sizes: [][]string{{"paper: solo", "10.2", "6.5", "NaN"}, {"paper: ToA(1)", "7.1", "6.9", "NaN"}, {"paper: ToA(3)", "5.1", "7.5", "15.3"}},
	solo:  [][]string{{"paper: solo", "18.3", "NaN"}, {"paper: ToA(3)", "11.1", "24.3"}},
}

// sagentsTables are Fig. 7's three panels over our collection trials,
// each with the paper's figures as reference rows: (a) TC and mPT by
// team and target, (b) TC of 50 logs, stones and iron by team, (c) TC of
// 100 logs and iron by team.
func (s *Summary) sagentsTables() []Table {
	if len(s.SAgents) == 0 {
		return nil
	}
	a := Table{Title: "S-Agents Fig. 7(a) layout (collection): time cost and planning iterations by team",
		Header: []string{"team", "target", "trials", "successes", "TC (min)", "mPT"}}
	for _, r := range s.SAgents {
		a.Rows = append(a.Rows, []string{r.team(), r.Target, itoa(r.Trials), itoa(r.Successes), tcText(r.TC), num(r.MPT, 1)})
	}
	for _, p := range paperFig7.orgs {
		a.Rows = append(a.Rows, []string{p[0], "50 logs", "1", "-", p[1], p[2]})
	}
	a.Notes = sagentsNotes
	return []Table{a,
		s.sagentsPanel("S-Agents Fig. 7(b) layout (collection): TC (min) by team size", []string{"50 logs", "50 stones", "50 iron"}, paperFig7.sizes),
		s.sagentsPanel("S-Agents Fig. 7(c) layout (collection): TC (min), solo and teams", []string{"100 logs", "100 iron"}, paperFig7.solo),
	}
}

// sagentsPanel is TC by team over the given targets ("-": not played),
// with successes over trials in each cell, then the paper's rows.
func (s *Summary) sagentsPanel(title string, targets []string, paper [][]string) Table {
	t := Table{Title: title, Header: append([]string{"team"}, targets...)}
	type team struct {
		org    string
		agents int
	}
	var teams []team
	cells := map[team]map[string]SAgentsRow{}
	for _, r := range s.SAgents {
		if !slices.Contains(targets, r.Target) {
			continue
		}
		k := team{r.Org, r.Agents}
		if cells[k] == nil {
			teams = append(teams, k)
			cells[k] = map[string]SAgentsRow{}
		}
		cells[k][r.Target] = r
	}
	slices.SortFunc(teams, func(a, b team) int { return cmp.Or(cmp.Compare(a.org, b.org), cmp.Compare(a.agents, b.agents)) })
	for _, k := range teams {
		row := []string{SAgentsRow{Org: k.org, Agents: k.agents}.team()}
		for _, target := range targets {
			r, ok := cells[k][target]
			if !ok {
				row = append(row, "-")
				continue
			}
			row = append(row, fmt.Sprintf("%s (%d/%d)", tcText(r.TC), r.Successes, r.Trials))
		}
		t.Rows = append(t.Rows, row)
	}
	for _, p := range paper {
		t.Rows = append(t.Rows, slices.Clone(p))
	}
	return t
}

var sagentsNotes = []string{
	"TC: simulated minutes to success, mean over the trials that succeeded (successes/trials in",
	"  the panels); NaN when none did (the paper: no progress for over 40 minutes after more than",
	"  5 attempts). The clock runs on the latency model when generate --latency is on.",
	"mPT: task-plan calls (S-Agents' task planner) per team member, mean over trials.",
	"paper rows: S-Agents' Fig. 7 (gpt-4 root planner and judge, gpt-3.5-turbo-16k otherwise);",
	"  ToA(n) is a root and n leaves; (a) ran 3 agents on 50 logs (its caption says 50 stones).",
	"  A reference, not our runs.",
}
