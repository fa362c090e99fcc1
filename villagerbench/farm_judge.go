package villagerbench

import (
	"math"
	"slices"
)

// FarmFullScore is a completed farm-to-table task's score: the dish's
// checkpoint, which cancels every other.
const FarmFullScore = 100

// FarmComplexity is the dependency complexity D of a setting as
// farm_craft_judger.py computes it (farm_craft_judger.py:64-115): the sum
// of its options' indices in the option lists (FarmOptions), plus the
// number of option keys (the code's + 3 for the cake's milk, wheat and
// sugar, + 6 for the stew's six). An option a list lacks adds nothing.
func FarmComplexity(s *FarmSetting) int {
	d := 0
	for _, o := range s.Options {
		if i := slices.Index(FarmOptions[o.Ingredient], o.Supply); i >= 0 {
			d += i
		}
		d++
	}
	return d
}

// FarmBudgets are a farm-to-table trial's limits (farm_craft_judger.py:
// 140-142): the agents' action time at most 40·D seconds, the wall time at
// most 200·D.
func FarmBudgets(d int) Budgets {
	return Budgets{ActionSeconds: 40 * float64(d), WallSeconds: 200 * float64(d)}
}

// FarmEndReason is the reason farm_craft_judger.py's once-a-second check
// ends a trial, "" while it goes on (farm_craft_judger.py:392-462): score
// 100, the action budget passed, the wall budget passed; when several hold
// the last one written stands. Efficiency (scene.go) is the E it writes.
func FarmEndReason(score int, actionSeconds, elapsedSeconds float64, b Budgets) string {
	reason := ""
	if score == FarmFullScore {
		reason = EndComplete
	}
	if actionSeconds > b.ActionSeconds {
		reason = EndActionTimeout
	}
	if elapsedSeconds > b.WallSeconds {
		reason = EndMaxTime
	}
	return reason
}

// FarmJudge keeps farm_craft_judger.py's score state for one trial: which
// checkpoints were ever achieved, and which agent first held each
// checkpoint item (its own_dict, for the cooperation score, ACR).
type FarmJudge struct {
	cps      []FarmCheckpoint
	success  []bool
	owned    []bool
	agents   []string            // in the order the judge first saw them
	own      map[string][]string // agent -> checkpoint items it held first
	firstOwn map[string]string   // item -> agent
}

// NewFarmJudge starts judging a setting.
func NewFarmJudge(s *FarmSetting) *FarmJudge {
	return &FarmJudge{cps: slices.Clone(s.Checkpoints), success: make([]bool, len(s.Checkpoints)),
		owned: make([]bool, len(s.Checkpoints)), own: map[string][]string{}, firstOwn: map[string]string{}}
}

// See enters an agent into the judge's own_dict, as its poll does for each
// player inside the scene's box; an agent seen holds nothing yet.
func (j *FarmJudge) See(agent string) {
	if _, ok := j.own[agent]; !ok {
		j.own[agent] = nil
		j.agents = append(j.agents, agent)
	}
}

// Observe is calculate_score for one agent's inventory, its counts merged
// per item (farm_craft_judger.py:476-503): an item held at its
// checkpoint's count achieves the checkpoint for good; the first agent seen
// holding any of a checkpoint item is its first owner. Counts are one
// agent's: two agents holding a part each achieve nothing.
func (j *FarmJudge) Observe(agent string, count func(item string) int) {
	j.See(agent)
	for i, c := range j.cps {
		n := count(c.Name)
		if n <= 0 {
			continue
		}
		if n >= c.Count {
			j.success[i] = true
		}
		if !j.owned[i] {
			j.owned[i] = true
			j.own[agent] = append(j.own[agent], c.Name)
			j.firstOwn[c.Name] = agent
		}
	}
}

// Score is the judge's score: the achieved checkpoints' points, less those
// an achieved checkpoint cancels below it (farm_craft_judger.py:505-519).
// Each achieved checkpoint, in order, walks its sub-checkpoints level by
// level, cancelling the first achieved entry of each name. The code walks
// forever when a checkpoint is its own sub (eight of the paper's settings
// list brown_mushroom under itself, and its judge thread hangs on the
// first mushroom held); here a walk visits each name once, so the
// mushroom cancels itself as the code's first step does, and the score
// goes on.
func (j *FarmJudge) Score() int {
	valid := slices.Clone(j.success)
	index := func(name string) int {
		return slices.IndexFunc(j.cps, func(c FarmCheckpoint) bool { return c.Name == name })
	}
	for i, c := range j.cps {
		if !j.success[i] {
			continue
		}
		seen := map[string]bool{}
		level := c.Sub
		for len(level) > 0 {
			var next []string
			for _, sub := range level {
				if k := index(sub); k >= 0 && j.success[k] {
					valid[k] = false
				}
				if seen[sub] {
					continue
				}
				seen[sub] = true
				if k := index(sub); k >= 0 {
					next = append(next, j.cps[k].Sub...)
				}
			}
			level = next
		}
	}
	score := 0
	for i, v := range valid {
		if v {
			score += j.cps[i].Score
		}
	}
	return score
}

// Achieved reports whether the checkpoint of an item was ever achieved.
func (j *FarmJudge) Achieved(name string) bool {
	for i, c := range j.cps {
		if c.Name == name {
			return j.success[i]
		}
	}
	return false
}

// FirstOwners maps each checkpoint item some agent held to the agent that
// held it first.
func (j *FarmJudge) FirstOwners() map[string]string {
	out := make(map[string]string, len(j.firstOwn))
	for k, v := range j.firstOwn {
		out[k] = v
	}
	return out
}

// Cooperation is the judge's cooperation score in percent, VillagerBench's
// ACR (farm_craft_judger.py:521-538), over the agents seen and the
// checkpoint items each held first (ACR).
func (j *FarmJudge) Cooperation() float64 {
	own := make([]float64, len(j.agents))
	for i, a := range j.agents {
		own[i] = float64(len(j.own[a]))
	}
	return ACR(own)
}

// ACR is VillagerBench's agent contribution rate in percent as
// farm_craft_judger.py computes it from owned, the items each agent was
// the first to own: σ their population standard deviation, σmax that of
// one agent owning all and σmin that of the most even integer split;
// 100·(1 − (σ − σmin)/(σmax − σmin)), 100 when σmax = σmin (one agent), 0
// when nobody owns anything.
func ACR(owned []float64) float64 {
	var total float64
	for _, x := range owned {
		total += x
	}
	if total == 0 {
		return 0
	}
	n := len(owned)
	one := make([]float64, n)
	one[0] = total
	even := make([]float64, n)
	c := int(total)
	for i := range even {
		even[i] = float64(c / n)
		if i < c%n {
			even[i]++
		}
	}
	sd, sdMax, sdMin := PopStd(owned), PopStd(one), PopStd(even)
	if sdMax == sdMin {
		return 100
	}
	return 100 * (1 - (sd-sdMin)/(sdMax-sdMin))
}

// PopStd is the population standard deviation (numpy's np.std).
func PopStd(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}
