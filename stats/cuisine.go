package stats

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"collabcraft/cuisine"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// The dispatcher's trials (CuisineWorld and the Minecraft kitchen) record
// their orders' tallies (generate/dispatch's metrics); stats turns them
// into MindAgent's collaboration score, per task type, level, team and α,
// both as the paper defines it and as its code counts it
// (cuisine.CoSPaper, cuisine.CoSCode).
const (
	metricServed      = "orders_served"
	metricExpired     = "orders_expired"
	metricExpirySteps = "orders_expiry_steps"
	metricOpen        = "orders_open"
)

// CoSRow is one task type's level and team: its tallies per α and its scores, the
// means over the α played.
type CoSRow struct {
	TaskType string    `json:"task_type"`
	Level    string    `json:"level"`
	Agents   int       `json:"agents"`
	Human    bool      `json:"human"`
	Alphas   []CoSCell `json:"alphas"`
	Paper    float64   `json:"cos_paper"` // mean over α of served / (served + expired)
	Code     float64   `json:"cos_code"`  // mean over α of served / (served + steps with an expiry + open)
}

// CoSCell is one α of a row: its trials' summed tallies.
type CoSCell struct {
	Alpha       float64 `json:"alpha"`
	Trials      int     `json:"trials"`
	Served      int     `json:"served"`
	Expired     int     `json:"expired"`
	ExpirySteps int     `json:"expiry_steps"`
	Open        int     `json:"open"`
}

func (c CoSCell) tally() cuisine.Tally {
	return cuisine.Tally{Served: c.Served, Expired: c.Expired, ExpirySteps: c.ExpirySteps, Open: c.Open}
}

type cosKey struct {
	typ    string
	level  string
	agents int
	human  bool
}

// cosAcc collects the cuisine trials' tallies.
type cosAcc map[cosKey]map[float64]*CoSCell

func (c cosAcc) add(t *trajectory.Trial) {
	served, ok := t.Metrics[metricServed]
	if !ok || t.Outcome.EndReason == trajectory.EndError {
		return
	}
	level, _ := procgen.KnobText(t.Difficulty, t.TaskID, "level")
	alphaText, _ := procgen.KnobText(t.Difficulty, t.TaskID, "alpha")
	alpha, err := strconv.ParseFloat(alphaText, 64)
	if err != nil {
		return
	}
	agents := len(t.Team) - 1 // the agents, and the dispatcher's seat
	if n, ok := t.Difficulty["agents"].(float64); ok {
		agents = int(n)
	}
	human, _ := t.Difficulty["human"].(bool)
	k := cosKey{t.TaskType, level, agents, human}
	if c[k] == nil {
		c[k] = map[float64]*CoSCell{}
	}
	cell := c[k][alpha]
	if cell == nil {
		cell = &CoSCell{Alpha: alpha}
		c[k][alpha] = cell
	}
	cell.Trials++
	cell.Served += int(served)
	cell.Expired += int(t.Metrics[metricExpired])
	cell.ExpirySteps += int(t.Metrics[metricExpirySteps])
	cell.Open += int(t.Metrics[metricOpen])
}

// rows are the settings in the paper's order: by team, human last, then
// the paper's levels in its tables' order, then the others by name.
func (c cosAcc) rows() []CoSRow {
	var out []CoSRow
	for k, cells := range c {
		r := CoSRow{TaskType: k.typ, Level: k.level, Agents: k.agents, Human: k.human}
		var ts []cuisine.Tally
		for _, a := range slices.Sorted(maps.Keys(cells)) {
			r.Alphas = append(r.Alphas, *cells[a])
			ts = append(ts, cells[a].tally())
		}
		r.Paper, r.Code = cuisine.CoSPaper(ts), cuisine.CoSCode(ts)
		out = append(out, r)
	}
	rank := func(level string) int {
		if i := slices.Index(cuisine.PaperLevels, level); i >= 0 {
			return i
		}
		return len(cuisine.PaperLevels)
	}
	slices.SortFunc(out, func(a, b CoSRow) int {
		return cmp.Or(compareTypes(a.TaskType, b.TaskType), cmp.Compare(a.Agents, b.Agents), cmp.Compare(boolRank(a.Human), boolRank(b.Human)),
			cmp.Compare(rank(a.Level), rank(b.Level)), cmp.Compare(a.Level, b.Level))
	})
	return out
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cosTables are one table per team (and human variant): a row per level,
// each α's served / total as MindAgent's code counts them (the paper's
// Tables 3-5), the CoS both ways, and a mean row.
func (s *Summary) cosTables() []Table {
	var out []Table
	for i := 0; i < len(s.CoS); {
		j := i
		for j < len(s.CoS) && s.CoS[j].TaskType == s.CoS[i].TaskType && s.CoS[j].Agents == s.CoS[i].Agents && s.CoS[j].Human == s.CoS[i].Human {
			j++
		}
		rows := s.CoS[i:j]
		var alphas []float64
		for _, r := range rows {
			for _, c := range r.Alphas {
				if !slices.Contains(alphas, c.Alpha) {
					alphas = append(alphas, c.Alpha)
				}
			}
		}
		slices.Sort(alphas)
		who := plural(rows[0].Agents, "agent")
		if rows[0].Human {
			who += ", agent 0 a human"
		}
		title := "CuisineWorld, %s: served/total per α as MindAgent counts them, and CoS (paper Tables 3-5)"
		if rows[0].TaskType == procgen.TypeMCKitchen {
			title = "Minecraft kitchen, %s: served/total per α as MindAgent counts them, and CoS (paper Table 9)"
		}
		t := Table{Title: fmt.Sprintf(title, who),
			Header: []string{"level"}}
		for _, a := range alphas {
			t.Header = append(t.Header, "α "+strconv.FormatFloat(a, 'f', -1, 64))
		}
		t.Header = append(t.Header, "CoS paper", "CoS code")
		var paper, code float64
		for _, r := range rows {
			row := []string{r.Level}
			for _, a := range alphas {
				cell := "-"
				for _, c := range r.Alphas {
					if c.Alpha == a {
						cell = fmt.Sprintf("%d/%d", c.Served, c.Served+c.ExpirySteps+c.Open)
					}
				}
				row = append(row, cell)
			}
			t.Rows = append(t.Rows, append(row, num(r.Paper, 3), num(r.Code, 3)))
			paper += r.Paper
			code += r.Code
		}
		if len(rows) > 1 {
			mean := append([]string{"mean"}, make([]string, len(alphas))...)
			t.Rows = append(t.Rows, append(mean, num(paper/float64(len(rows)), 3), num(code/float64(len(rows)), 3)))
		}
		out = append(out, t)
		i = j
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
