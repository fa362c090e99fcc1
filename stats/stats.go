package stats

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strconv"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// Prices are token prices in USD per million tokens; zero means unknown
// and leaves cost out.
type Prices struct {
	Prompt     float64 `json:"prompt_per_million"`
	Completion float64 `json:"completion_per_million"`
}

// Summary is everything stats reports.
type Summary struct {
	Types      []TypeStats `json:"task_types"` // Table 2, one row per task type, then "all"
	Breakdowns []Breakdown `json:"breakdowns"` // Tables 4-6 and agents
	// VillagerBench are VillagerBench's Tables 1 and 3: one row per task
	// type and team.
	VillagerBench []TeamRow `json:"villagerbench"`
	// CoS is MindAgent's collaboration score of the CuisineWorld trials,
	// per level and team (its Tables 3-5).
	CoS []CoSRow `json:"cuisine_cos,omitempty"`
	// SAgents are S-Agents' Fig. 7 figures (TC, mPT) of the collection
	// trials, per target and team.
	SAgents []SAgentsRow `json:"sagents,omitempty"`
	// Repairs are the construction trials' blueprint checks: the fixes
	// they report and the scaffolding among them.
	Repairs *Repairs `json:"construction_repairs,omitempty"`
	Prices  *Prices  `json:"prices,omitempty"`
}

// TypeStats is one task type's row of Table 2, its tokens and cost.
type TypeStats struct {
	TaskType    string         `json:"task_type"`
	Tasks       map[string]int `json:"tasks"` // distinct task ids per split ("" = no split recorded)
	Trials      int            `json:"trials"`
	Successes   int            `json:"successes"`
	Errors      int            `json:"errors"`
	Transitions int            `json:"transitions"`
	AvgTrajLen  float64        `json:"avg_trajectory_length"` // transitions per trial
	SuccessRate float64        `json:"success_rate"`
	MeanScore   float64        `json:"mean_score"`

	SimMinutes       float64  `json:"sim_minutes"` // total simulated time
	PromptTokens     int64    `json:"prompt_tokens"`
	CompletionTokens int64    `json:"completion_tokens"`
	TokensPerSuccess *float64 `json:"tokens_per_success"`
	Cost             *float64 `json:"cost_usd,omitempty"`
	CostPerSuccess   *float64 `json:"cost_per_success_usd,omitempty"`
}

// Breakdown is success by one knob of one task type (a table of the
// paper's Tables 4-6).
type Breakdown struct {
	TaskType string `json:"task_type"` // "" for all types (by agents)
	Knob     string `json:"knob"`
	Metric   string `json:"metric"` // "success_rate" or "mean_score"
	Rows     []Cell `json:"rows"`
}

// Cell is one knob value's results.
type Cell struct {
	Value     string  `json:"value"`
	Trials    int     `json:"trials"`
	Successes int     `json:"successes"`
	Rate      float64 `json:"success_rate"`
	MeanScore float64 `json:"mean_score"`
}

// breakdownKnobs are the knobs reported per task kind, as the paper does,
// with their titles.
var breakdownKnobs = map[*procgen.Kind][]breakdownKnob{
	procgen.Crafting:       {{"depth", "crafting depth"}, {"plan", "plan variant"}},                                        // Table 4
	procgen.Cooking:        {{"blocked", "agents without their recipe"}, {"variant", "recipe access"}},                     // Table 5
	procgen.Construction:   {{"materials", "materials level"}, {"rooms", "rooms level"}},                                   // Table 6
	procgen.Cuisine:        {{"level", "level"}, {"alpha", "order interval factor α"}},                                     // CoS: cosTables
	procgen.MCKitchen:      {{"level", "meats ordered"}, {"alpha", "order interval factor α"}},                             // CoS: cosTables (Table 9)
	procgen.Farm:           {{"dish", "dish"}, {"complexity", "dependency complexity D"}},                                  // Table 3 by dish and D
	procgen.VBConstruction: {{"archetype", "blueprint archetype (paper: VillagerBench's 100)"}, {"size", "size level"}},    // VillagerBench Table 1
	procgen.Escape:         {{"rooms", "max rooms (the code's difficulty)"}, {"code", "VillagerBench's own 22"}},           // VillagerBench Table 1
	procgen.Collection:     {{"material", "material"}, {"quantity", "quantity"}, {"distance", "distance to the material"}}, // S-Agents Fig. 7
	procgen.Shelter:        {{"size", "foundation side"}, {"height", "wall height"}},                                       // S-Agents Fig. 5
	procgen.CoVoyager:      {{"family", "Co-Voyager's task"}, {"target", "target item"}, {"count", "count"}},               // Co-Voyager §5.3
}

type breakdownKnob struct{ name, title string }

// knobsOf lists the breakdown knobs of a task-file type (none if no kind has it).
func knobsOf(taskType string) []breakdownKnob {
	k, _ := procgen.KindOfType(taskType)
	return breakdownKnobs[k]
}

// agentsKnob is the breakdown over every task type by team size.
const agentsKnob = "agents"

type acc struct {
	typ                 string
	tasks               map[string]map[string]bool // split -> task ids
	trials, succ, errs  int
	transitions         int
	scoreSum, simMin    float64
	promptTok, complTok int64
}

type cellAcc struct {
	trials, succ int
	scoreSum     float64
}

// Collect reads trials once and summarises them. An error from the stream
// stops it.
func Collect(trials iter.Seq2[*trajectory.Trial, error], prices *Prices) (*Summary, error) {
	types := map[string]*acc{}
	all := &acc{typ: "all", tasks: map[string]map[string]bool{}}
	cells := map[[3]string]*cellAcc{} // type, knob, value
	teams := map[teamKey]*TeamRow{}
	cos := cosAcc{}
	sag := sagentsAcc{}
	rep := repairsAcc{}
	for t, err := range trials {
		if err != nil {
			return nil, fmt.Errorf("stats: %w", err)
		}
		a := types[t.TaskType]
		if a == nil {
			a = &acc{typ: t.TaskType, tasks: map[string]map[string]bool{}}
			types[t.TaskType] = a
		}
		a.add(t)
		all.add(t)
		for _, k := range knobsOf(t.TaskType) {
			v, ok := procgen.KnobText(t.Difficulty, t.TaskID, k.name)
			if !ok {
				v = "?"
			}
			cellOf(cells, t.TaskType, k.name, v).add(t)
		}
		cellOf(cells, "", agentsKnob, strconv.Itoa(t.AgentCount())).add(t)
		v := vbOf(t)
		r := teams[v.key]
		if r == nil {
			r = &TeamRow{TaskType: v.key.typ, Org: v.key.org, Backends: v.key.backends, Agents: v.key.agents}
			teams[v.key] = r
		}
		r.add(t, v)
		cos.add(t)
		sag.add(t)
		rep.add(t)
	}
	s := &Summary{Prices: prices}
	keys := make([]string, 0, len(types))
	for k := range types {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareTypes)
	for _, k := range keys {
		s.Types = append(s.Types, types[k].stats(prices))
	}
	if len(keys) > 1 {
		s.Types = append(s.Types, all.stats(prices))
	}
	s.Breakdowns = breakdowns(cells, keys)
	s.VillagerBench = teamRows(teams)
	s.CoS = cos.rows()
	s.SAgents = sag.rows()
	s.Repairs = rep.result()
	return s, nil
}

// compareTypes puts the kinds first, in suite order, then other types by name.
func compareTypes(a, b string) int {
	order := func(typ string) int {
		k, ok := procgen.KindOfType(typ)
		if !ok {
			return len(procgen.Kinds())
		}
		return slices.Index(procgen.AllKinds(), k)
	}
	return cmp.Or(cmp.Compare(order(a), order(b)), cmp.Compare(a, b))
}

func cellOf(m map[[3]string]*cellAcc, typ, knob, value string) *cellAcc {
	k := [3]string{typ, knob, value}
	c := m[k]
	if c == nil {
		c = &cellAcc{}
		m[k] = c
	}
	return c
}

func (c *cellAcc) add(t *trajectory.Trial) {
	c.trials++
	if t.Outcome.Success {
		c.succ++
	}
	c.scoreSum += t.Outcome.Score
}

func (a *acc) add(t *trajectory.Trial) {
	set := a.tasks[t.Split]
	if set == nil {
		set = map[string]bool{}
		a.tasks[t.Split] = set
	}
	set[t.TaskID] = true
	a.trials++
	if t.Outcome.Success {
		a.succ++
	}
	if t.Outcome.EndReason == trajectory.EndError {
		a.errs++
	}
	a.scoreSum += t.Outcome.Score
	a.simMin += t.SimSeconds / 60
	for _, ag := range t.Agents {
		a.transitions += len(ag.Transitions)
		for _, tr := range ag.Transitions {
			a.promptTok += int64(tr.Usage.PromptTokens)
			a.complTok += int64(tr.Usage.CompletionTokens)
		}
	}
}

func (a *acc) stats(p *Prices) TypeStats {
	s := TypeStats{TaskType: a.typ, Tasks: map[string]int{}, Trials: a.trials, Successes: a.succ, Errors: a.errs,
		Transitions: a.transitions, SimMinutes: a.simMin,
		PromptTokens: a.promptTok, CompletionTokens: a.complTok}
	for split, ids := range a.tasks {
		s.Tasks[split] = len(ids)
	}
	if a.trials > 0 {
		n := float64(a.trials)
		s.AvgTrajLen = float64(a.transitions) / n
		s.SuccessRate = float64(a.succ) / n
		s.MeanScore = a.scoreSum / n
	}
	if a.succ > 0 {
		s.TokensPerSuccess = ptr(float64(a.promptTok+a.complTok) / float64(a.succ))
	}
	if p != nil && (p.Prompt > 0 || p.Completion > 0) {
		cost := float64(a.promptTok)*p.Prompt/1e6 + float64(a.complTok)*p.Completion/1e6
		s.Cost = ptr(cost)
		if a.succ > 0 {
			s.CostPerSuccess = ptr(cost / float64(a.succ))
		}
	}
	return s
}

func ptr(v float64) *float64 { return &v }

func breakdowns(cells map[[3]string]*cellAcc, types []string) []Breakdown {
	var out []Breakdown
	add := func(typ, knob string) {
		b := Breakdown{TaskType: typ, Knob: knob, Metric: "success_rate"}
		if procgen.IsScored(typ) {
			b.Metric = "mean_score"
		}
		for k, c := range cells {
			if k[0] == typ && k[1] == knob {
				b.Rows = append(b.Rows, Cell{Value: k[2], Trials: c.trials, Successes: c.succ,
					Rate: float64(c.succ) / float64(c.trials), MeanScore: c.scoreSum / float64(c.trials)})
			}
		}
		if len(b.Rows) == 0 || len(b.Rows) == 1 && b.Rows[0].Value == "?" {
			return // no trial records this knob: nothing to break down
		}
		slices.SortFunc(b.Rows, func(x, y Cell) int { return compareValues(x.Value, y.Value) })
		out = append(out, b)
	}
	for _, typ := range types {
		for _, k := range knobsOf(typ) {
			add(typ, k.name)
		}
	}
	add("", agentsKnob)
	return out
}

// compareValues orders knob values numerically when both are numbers, and
// puts "?" (unknown) last.
func compareValues(a, b string) int {
	if (a == "?") != (b == "?") {
		if a == "?" {
			return 1
		}
		return -1
	}
	fa, ea := strconv.ParseFloat(a, 64)
	fb, eb := strconv.ParseFloat(b, 64)
	if ea == nil && eb == nil {
		return cmp.Compare(fa, fb)
	}
	return cmp.Compare(a, b)
}

// Balance is VillagerBench's Balanced Agent Utilization Score of one
// trial as the paper defines it: 1 - σ of the agents' min-max normalised
// active times (the organisation's own seats are no agents). ok is false
// for a team of fewer than two agents, where it does not apply.
func Balance(t *trajectory.Trial) (b float64, ok bool) {
	v := vbOf(t)
	if len(v.times) < 2 {
		return 0, false
	}
	return balancePaper(v.times), true
}

// ActiveSeconds is agent i's active time in simulated seconds: the engine's
// record if there is one (trials generated before it was recorded have
// none), else the time from each model call that issued a command to the
// agent's next call (or the trial's end).
func ActiveSeconds(t *trajectory.Trial, i int) float64 {
	a := &t.Agents[i]
	if v, ok := t.Metrics[trajectory.ActiveSecondsMetric+a.Name]; ok {
		return v
	}
	var sum float64
	for j, tr := range a.Transitions {
		if tr.Command == "" {
			continue
		}
		end := t.SimSeconds
		if j+1 < len(a.Transitions) {
			end = a.Transitions[j+1].SimTime
		}
		if end > tr.SimTime {
			sum += end - tr.SimTime
		}
	}
	return sum
}
