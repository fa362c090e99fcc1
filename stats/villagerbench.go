package stats

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villagerbench"
)

// VillagerBench's metrics (seed paper 001, §4.1, §4.2, App. A), per team:
// the paper's formulas, and the code's (VillagerAgent dd1ecc1,
// env/farm_craft_judger.py, env/build_judger.py) where they differ.

// TeamRow is one team's row of VillagerBench's Tables 1 and 3 for one
// task type: a team is the organisation, the agents' backends and their
// number. Percentages are means over the trials a figure applies to.
type TeamRow struct {
	TaskType string `json:"task_type"`
	Org      string `json:"org"`      // "p2p", "dag", ...
	Backends string `json:"backends"` // the agents' models (or backends), "+"-joined
	Agents   int    `json:"agents"`
	Trials   int    `json:"trials"`

	// C is the mean task score in percent (construction: the blueprint
	// score; crafting and cooking: success).
	C float64 `json:"completion_pct"`
	// E is the paper's efficiency: C over the trial's simulated minutes,
	// in %/min (nil: no trial lasted any time).
	E *float64 `json:"efficiency_pct_per_min"`
	// BPaper is 1 - σ of the agents' min-max normalised active times (the
	// paper's eq. 1-2), BCode 1 - σ(t / max t) (the judgers'
	// calculate_balance), both in percent over trials of 2+ agents.
	BPaper *float64 `json:"balance_paper_pct"`
	BCode  *float64 `json:"balance_code_pct"`
	// ACR is the agent contribution rate in percent over the trials that
	// record each agent's first-owned items (trajectory.FirstOwnedMetric;
	// p2p records do not): 1 - (σ - σmin)/(σmax - σmin) of the counts.
	ACR       *float64 `json:"acr_pct"`
	ACRTrials int      `json:"acr_trials"`
	// VHR is VillagerBench's view hit rate in percent over the trials
	// that record it (VillagerBench construction), as its judge computes
	// it; VHRFacing compares the facings too.
	VHR       *float64 `json:"vhr_pct,omitempty"`
	VHRFacing *float64 `json:"vhr_facing_pct,omitempty"`
	// D is the mean dependency complexity of the row's tasks (the
	// generators' "complexity" knob: VillagerBench's farm and
	// construction tasks).
	D *float64 `json:"complexity_d,omitempty"`

	// Actions are the agents' commands and tool calls; FailedActions the
	// tool calls whose answer was not a success (MINDcraft's commands
	// carry no status, so p2p actions never count as failed).
	Actions       int `json:"actions"`
	ToolCalls     int `json:"tool_calls"`
	FailedActions int `json:"failed_tool_calls"`
	// FailureRate is FailedActions / ToolCalls (nil: no tool calls).
	FailureRate *float64 `json:"failure_rate"`
	// TokensPerAction is the completion tokens of every call of the
	// trials (the organisation's seats too) over their actions.
	TokensPerAction *float64 `json:"completion_tokens_per_action"`
	// TokenCost is the paper's eq. 4, mean over trials with an action:
	// completion tokens per action / ((C + 1) + valid actions).
	TokenCost *float64 `json:"token_cost"`

	// sums for the means
	eSum, bpSum, bcSum, acrSum, costSum float64
	vhrSum, vhrFSum, dSum               float64
	eN, bN, costN, vhrN, dN             int
	scoreSum                            float64
	complTok                            int64
}

// teamKey groups trials into rows.
type teamKey struct {
	typ, org, backends string
	agents             int
}

// vbTrial is what one trial adds to its row.
type vbTrial struct {
	key              teamKey
	times            []float64 // the agents' active seconds, team order
	owned            []float64 // first-owned items per agent; nil: not recorded
	actions, calls   int
	failed           int
	completionTokens int64
}

func vbOf(t *trajectory.Trial) vbTrial {
	var v vbTrial
	v.key.typ, v.key.org = t.TaskType, cmp.Or(t.Org, "p2p")
	var models []string
	var ownOrg bool
	for _, m := range t.Team {
		if m.Role == "" {
			v.key.agents++
			if name := cmp.Or(m.Model, m.Backend); !slices.Contains(models, name) {
				models = append(models, name)
			}
		} else {
			ownOrg = true
		}
	}
	v.key.backends = strings.Join(models, "+")
	idx := map[string]int{}
	for i := range t.Agents {
		idx[t.Agents[i].Name] = i
	}
	names := agentNames(t)
	if len(t.Team) == 0 {
		v.key.agents = len(names)
	}
	_, recorded := t.Metrics[trajectory.FirstOwnedMetric+firstOr(names)]
	for _, n := range names {
		sec := t.Metrics[trajectory.ActiveSecondsMetric+n] // an agent that never acted: 0, as the judgers pad
		if i, ok := idx[n]; ok {
			sec = ActiveSeconds(t, i)
		}
		v.times = append(v.times, sec)
		if recorded {
			v.owned = append(v.owned, t.Metrics[trajectory.FirstOwnedMetric+n])
		}
	}
	for i := range t.Agents {
		a := &t.Agents[i]
		isAgent := !ownOrg || t.IsAgent(a.Name)
		for j := range a.Transitions {
			tr := &a.Transitions[j]
			v.completionTokens += int64(tr.Usage.CompletionTokens)
			if !isAgent || tr.Command == "" {
				continue
			}
			v.actions++
			if tr.Kind == trajectory.KindReact {
				v.calls++
				if !toolSucceeded(tr.Output) {
					v.failed++
				}
			}
		}
	}
	return v
}

func firstOr(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// agentNames are the trial's agents in team order (every agent record's
// name for a record without a team).
func agentNames(t *trajectory.Trial) []string {
	var names []string
	for _, m := range t.Team {
		if m.Role == "" {
			names = append(names, m.Name)
		}
	}
	if len(t.Team) == 0 {
		for _, a := range t.Agents {
			names = append(names, a.Name)
		}
	}
	return names
}

// toolSucceeded reports whether a tool call's observation is a tool's
// answer with status True: the answer's keys come sorted, status last.
// LangChain's feedback for a call that never ran (an unknown tool, bad
// arguments) is a failure too.
func toolSucceeded(output string) bool {
	return strings.HasSuffix(output, "'status': True}")
}

func (r *TeamRow) add(t *trajectory.Trial, v vbTrial) {
	r.Trials++
	score := 100 * t.Outcome.Score
	r.scoreSum += score
	if m := t.SimSeconds / 60; m > 0 {
		r.eSum += score / m
		r.eN++
	}
	if len(v.times) >= 2 {
		r.bpSum += 100 * balancePaper(v.times)
		r.bcSum += 100 * balanceCode(v.times)
		r.bN++
	}
	if v.owned != nil {
		r.acrSum += ACR(v.owned)
		r.ACRTrials++
	}
	if vhr, ok := t.Metrics[trajectory.VHRMetric]; ok {
		r.vhrSum += 100 * vhr
		r.vhrFSum += 100 * t.Metrics[trajectory.VHRFacingMetric]
		r.vhrN++
	}
	if d, ok := complexity(t); ok {
		r.dSum += d
		r.dN++
	}
	r.Actions += v.actions
	r.ToolCalls += v.calls
	r.FailedActions += v.failed
	r.complTok += v.completionTokens
	if v.actions > 0 {
		perAction := float64(v.completionTokens) / float64(v.actions)
		r.costSum += perAction / ((score + 1) + float64(v.actions-v.failed))
		r.costN++
	}
}

func (r *TeamRow) finish() {
	r.C = r.scoreSum / float64(r.Trials)
	mean := func(sum float64, n int) *float64 {
		if n == 0 {
			return nil
		}
		return ptr(sum / float64(n))
	}
	r.E, r.BPaper, r.BCode, r.ACR, r.TokenCost = mean(r.eSum, r.eN), mean(r.bpSum, r.bN), mean(r.bcSum, r.bN), mean(r.acrSum, r.ACRTrials), mean(r.costSum, r.costN)
	r.VHR, r.VHRFacing, r.D = mean(r.vhrSum, r.vhrN), mean(r.vhrFSum, r.vhrN), mean(r.dSum, r.dN)
	if r.ToolCalls > 0 {
		r.FailureRate = ptr(float64(r.FailedActions) / float64(r.ToolCalls))
	}
	if r.Actions > 0 {
		r.TokensPerAction = ptr(float64(r.complTok) / float64(r.Actions))
	}
}

// label names the team: "dag, scripted, 2 agents".
func (r *TeamRow) label() string {
	return r.Org + ", " + cmp.Or(r.Backends, "?") + ", " + strconv.Itoa(r.Agents) + " agents"
}

// teamRows sorts the rows: task kinds in suite order, then organisation,
// backends and team size.
func teamRows(rows map[teamKey]*TeamRow) []TeamRow {
	var out []TeamRow
	for _, r := range rows {
		r.finish()
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b TeamRow) int {
		return cmp.Or(compareTypes(a.TaskType, b.TaskType), cmp.Compare(a.Org, b.Org), cmp.Compare(a.Backends, b.Backends), cmp.Compare(a.Agents, b.Agents))
	})
	return out
}

// balancePaper is the paper's B: 1 - σ(t'), t' = (t - min t)/(max t - min t);
// 1 when every agent was active alike.
func balancePaper(ts []float64) float64 {
	lo, hi := slices.Min(ts), slices.Max(ts)
	if hi == lo {
		return 1
	}
	n := make([]float64, len(ts))
	for i, x := range ts {
		n[i] = (x - lo) / (hi - lo)
	}
	return 1 - std(n)
}

// balanceCode is the judgers' calculate_balance: 1 - σ(t / (max t + 1e-8)).
func balanceCode(ts []float64) float64 {
	hi := slices.Max(ts)
	n := make([]float64, len(ts))
	for i, x := range ts {
		n[i] = x / (hi + 1e-8)
	}
	return 1 - std(n)
}

// ACR is VillagerBench's agent contribution rate in percent
// (villagerbench.ACR, farm_craft_judger.py's): 100·(1 - (σ - σmin)/(σmax -
// σmin)) of I, the items each agent was the first to own.
func ACR(owned []float64) float64 { return villagerbench.ACR(owned) }

// std is the population standard deviation (numpy's np.std).
func std(xs []float64) float64 { return villagerbench.PopStd(xs) }

// complexity is a trial's dependency complexity D, from its task's
// "complexity" (VillagerBench's farm, construction and escape tasks).
func complexity(t *trajectory.Trial) (float64, bool) {
	switch d := t.Difficulty["complexity"].(type) {
	case float64:
		return d, true
	case int:
		return float64(d), true
	}
	return 0, false
}

// isTable1 reports whether a task type is laid out as Table 1
// (construction: C, VHR, E, B); the others take Table 3's columns (C,
// ACR, E, B), as VillagerBench's farm-to-table cooking does.
func isTable1(taskType string) bool {
	k, ok := procgen.KindOfType(taskType)
	return ok && (k == procgen.Construction || k == procgen.VBConstruction)
}

// paperRow is one of the seed paper's GPT-4 rows, printed beside ours as
// a reference: VillagerAgent with gpt-4-1106-preview on the paper's 100
// tasks, each run once (seed paper 001, Tables 1 and 3).
type paperRow struct {
	label               string
	c, third, e, bPaper float64
}

// paperRows are the reference rows of Table 1 (VillagerBench
// construction: C, VHR, E, B; escape: C, E, B) and Table 3 (farm-to-table:
// C, ACR, E, B).
var paperRows = map[*procgen.Kind][]paperRow{
	procgen.VBConstruction: {
		{"paper: gpt-4, 2 agents", 36.45, 49.05, 3.88, 95.38},
		{"paper: gpt-4, 3 agents", 52.17, 61.02, 6.26, 89.83},
	},
	procgen.Escape: { // Table 1's escape columns: C, E, B (no third column)
		{"paper: gpt-4, 2 agents", 73.29, 0, 149.4, 90.03},
		{"paper: gpt-4, 3 agents", 69.78, 0, 227.4, 67.01},
	},
	procgen.Farm: {
		{"paper: gpt-4, 2 agents", 73.75, 58.11, 6.98, 96.13},
		{"paper: gpt-4, 3 agents", 85.26, 55.60, 21.90, 84.38},
	},
}
