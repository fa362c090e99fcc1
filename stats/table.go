package stats

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"collabcraft/procgen"
)

// Table is a titled table of text cells. The first column is a label;
// the others are right-aligned in text output (they hold numbers).
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	Notes  []string // lines printed under the rows (formulas, caveats)
}

// TextWidth is the width plain text tables fit in, a terminal's.
const TextWidth = 100

// WriteText writes t as plain aligned text: title, header, rows. A table
// wider than TextWidth keeps its first column narrower: a longer first
// cell goes on a line of its own, above its row.
func (t Table) WriteText(w io.Writer) error {
	width := make([]int, len(t.Header))
	for _, row := range append([][]string{t.Header}, t.Rows...) {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	rest := 0
	for _, n := range width[1:] {
		rest += 2 + n
	}
	// Narrow the first column only where that makes the table fit.
	if len(width) > 0 && width[0]+rest > TextWidth && utf8.RuneCountInString(t.Header[0])+rest <= TextWidth {
		first := utf8.RuneCountInString(t.Header[0])
		for _, row := range t.Rows {
			if n := utf8.RuneCountInString(row[0]); n+rest <= TextWidth {
				first = max(first, n)
			}
		}
		width[0] = first
	}
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	for _, row := range append([][]string{t.Header}, t.Rows...) {
		for i, c := range row {
			n := utf8.RuneCountInString(c)
			switch {
			case i == 0 && n > width[0]:
				b.WriteString(c + "\n" + strings.Repeat(" ", width[0]))
			case i == 0:
				b.WriteString(c + strings.Repeat(" ", width[0]-n))
			default:
				b.WriteString("  " + strings.Repeat(" ", width[i]-n) + c)
			}
		}
		b.WriteString("\n")
	}
	for _, n := range t.Notes {
		b.WriteString(n + "\n")
	}
	_, err := io.WriteString(w, strings.TrimRightFunc(b.String(), func(r rune) bool { return r == ' ' }))
	return err
}

// WriteMarkdown writes t as a GitHub-flavoured Markdown table under a bold
// title, numbers right-aligned.
func (t Table) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString("**" + t.Title + "**\n\n")
	}
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	row := func(cs []string) {
		b.WriteString("|")
		for _, c := range cs {
			b.WriteString(" " + cell(c) + " |")
		}
		b.WriteString("\n")
	}
	row(t.Header)
	b.WriteString("|")
	for i := range t.Header {
		if i == 0 {
			b.WriteString(" --- |")
		} else {
			b.WriteString(" ---: |")
		}
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		row(r)
	}
	if len(t.Notes) > 0 {
		b.WriteString("\n" + strings.Join(t.Notes, "\n") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TypeName is the paper's name of a task type, its kind's name
// ("techtree" is crafting).
func TypeName(t string) string {
	if k, ok := procgen.KindOfType(t); ok {
		return k.Name
	}
	if t == "" {
		return "(none)"
	}
	return t
}

// Tables renders the summary: Table 2, the breakdowns, the team metrics.
func (s *Summary) Tables() []Table {
	out := []Table{s.overview()}
	for _, b := range s.Breakdowns {
		out = append(out, b.table())
	}
	out = append(out, s.cosTables()...)
	out = append(out, s.sagentsTables()...)
	out = append(out, s.repairsTable()...)
	return append(out, s.team()...)
}

func (s *Summary) overview() Table {
	t := Table{Title: "Tasks, trials and transitions (paper Table 2)",
		Header: []string{"task type", "train", "test", "other", "trials", "successes", "success", "mean score", "transitions", "avg traj len"}}
	for _, ts := range s.Types {
		other := 0
		for split, n := range ts.Tasks {
			if split != "train" && split != "test" {
				other += n
			}
		}
		t.Rows = append(t.Rows, []string{TypeName(ts.TaskType), itoa(ts.Tasks["train"]), itoa(ts.Tasks["test"]), itoa(other),
			itoa(ts.Trials), itoa(ts.Successes), pct(ts.SuccessRate), num(ts.MeanScore, 3), itoa(ts.Transitions), num(ts.AvgTrajLen, 1)})
	}
	return t
}

func (b Breakdown) table() Table {
	name := TypeName(b.TaskType)
	if b.TaskType == "" {
		name = "all task types"
	}
	metric := "success"
	if b.Metric == "mean_score" {
		metric = "mean score"
	}
	t := Table{Title: fmt.Sprintf("%s: %s by %s", name, metric, knobTitle(b.TaskType, b.Knob)),
		Header: []string{b.Knob, "trials", "successes", metric}}
	for _, c := range b.Rows {
		v := pct(c.Rate)
		if b.Metric == "mean_score" {
			v = num(c.MeanScore, 3)
		}
		t.Rows = append(t.Rows, []string{c.Value, itoa(c.Trials), itoa(c.Successes), v})
	}
	return t
}

func knobTitle(taskType, knob string) string {
	if knob == agentsKnob {
		return "number of agents"
	}
	for _, k := range knobsOf(taskType) {
		if k.name == knob {
			return k.title
		}
	}
	return knob
}

// team is VillagerBench's Tables 1 and 3 (one per task type, rows by
// team), its token cost and failure rate, the tokens per task type and,
// with prices, the cost: tables that each fit a terminal.
func (s *Summary) team() []Table {
	var out []Table
	var types []string
	for _, r := range s.VillagerBench {
		if !slices.Contains(types, r.TaskType) {
			types = append(types, r.TaskType)
		}
	}
	for _, typ := range types {
		t := Table{Title: fmt.Sprintf("VillagerBench Table 3 (%s): completion, agent contribution, efficiency, balance", TypeName(typ)),
			Header: []string{"team", "trials", "C (%)", "ACR (%)", "E (%/min)", "B paper (%)", "B code (%)", "D"}}
		k, _ := procgen.KindOfType(typ)
		escapeRooms := k == procgen.Escape
		if isTable1(typ) {
			t.Title = fmt.Sprintf("VillagerBench Table 1 (%s): completion, view hit rate, efficiency, balance", TypeName(typ))
			t.Header[3] = "VHR (%)"
		} else if escapeRooms {
			t.Title = fmt.Sprintf("VillagerBench Table 1 (%s): completion, efficiency, balance", TypeName(typ))
			t.Header = slices.Delete(t.Header, 3, 4)
		} else if k, ok := procgen.KindOfType(typ); !ok || (k != procgen.Cooking && k != procgen.Farm) {
			t.Title = fmt.Sprintf("VillagerBench Table 3's columns (%s): completion, agent contribution, efficiency, balance", TypeName(typ))
		}
		for _, r := range s.VillagerBench {
			if r.TaskType != typ {
				continue
			}
			third := opt(r.ACR, 2)
			if isTable1(typ) {
				third = opt(r.VHR, 2)
			}
			row := []string{r.label(), itoa(r.Trials), num(r.C, 2), third, opt(r.E, 2), opt(r.BPaper, 2), opt(r.BCode, 2), opt(r.D, 1)}
			if escapeRooms {
				row = slices.Delete(row, 3, 4)
			}
			t.Rows = append(t.Rows, row)
		}
		for _, p := range paperRows[k] {
			row := []string{p.label, "100", num(p.c, 2), num(p.third, 2), num(p.e, 2), num(p.bPaper, 2), "-", "-"}
			if escapeRooms {
				row = slices.Delete(row, 3, 4) // the paper ran 25 escape tasks
				row[1] = "25"
			}
			t.Rows = append(t.Rows, row)
		}
		out = append(out, t)
	}
	cost := Table{Title: "VillagerBench token cost and failure rate (section 4.2)",
		Header: []string{"task type", "team", "actions", "tokens/action", "token cost", "failure rate"}}
	for _, r := range s.VillagerBench {
		fail := "-"
		if r.FailureRate != nil {
			fail = pct(*r.FailureRate)
		}
		cost.Rows = append(cost.Rows, []string{TypeName(r.TaskType), r.label(), itoa(r.Actions), opt(r.TokensPerAction, 1), opt(r.TokenCost, 3), fail})
	}
	cost.Notes = vbNotes
	out = append(out, cost)
	t := Table{Title: "Tokens and simulated time",
		Header: []string{"task type", "sim minutes", "prompt tokens", "completion tokens", "tokens/success"}}
	for _, ts := range s.Types {
		t.Rows = append(t.Rows, []string{TypeName(ts.TaskType), num(ts.SimMinutes, 1),
			strconv.FormatInt(ts.PromptTokens, 10), strconv.FormatInt(ts.CompletionTokens, 10), opt(ts.TokensPerSuccess, 0)})
	}
	out = append(out, t)
	if s.Prices == nil || (s.Prices.Prompt == 0 && s.Prices.Completion == 0) {
		return out
	}
	c := Table{Title: fmt.Sprintf("Cost at $%g (prompt) and $%g (completion) per million tokens", s.Prices.Prompt, s.Prices.Completion),
		Header: []string{"task type", "cost USD", "cost/success USD"}}
	for _, ts := range s.Types {
		c.Rows = append(c.Rows, []string{TypeName(ts.TaskType), opt(ts.Cost, 4), opt(ts.CostPerSuccess, 4)})
	}
	return append(out, c)
}

// vbNotes name each VillagerBench formula, the paper's and, where it
// differs, the code's (VillagerAgent dd1ecc1).
var vbNotes = []string{
	"C: the mean task score (crafting, cooking: success; construction: the blueprint score;",
	"  farm-to-table: the judge's checkpoint score / 100).",
	"VHR: VillagerBench construction's view hit rate as its judge computes it (5 views, the first",
	"  block name along each ray); the records keep it with facings compared too (vhr_facing).",
	"D: the mean dependency complexity of the row's tasks (VillagerBench's farm and construction;",
	"  escape rooms: the judger's, StateTree's complexity; the paper's, the conditions of every room,",
	"  is the tasks' complexity_paper).",
	"C, escape rooms: the judger's, the mean over rooms of 1 for a room done, else the share of its",
	"  conditions met at once at best (Table 1's escape columns: C, E, B).",
	"paper rows: seed paper 001's Tables 1 and 3, VillagerAgent with gpt-4-1106-preview on the",
	"  paper's 100 tasks (escape rooms: 25), each run once; its B as the paper reports it. A",
	"  reference, not our runs.",
	"E (paper): C / execution time, simulated minutes, mean over trials. The code's E, the",
	"  action budget / the union of the agents' action intervals, needs VillagerBench's budgets.",
	"B paper: 1 - sd((t - min t)/(max t - min t)). B code: 1 - sd(t / max t) (the judgers'",
	"  calculate_balance). t: each agent's active simulated seconds; teams of 2+ agents.",
	"ACR: 1 - (sd(I) - sd min)/(sd max - sd min), I: the items each agent held first of its team",
	"  (none held at the start); paper and code agree; p2p records keep no first owners (-).",
	"token cost (paper eq. 4; no code): completion tokens per action / ((C + 1) + valid actions).",
	"failure rate (the paper gives no formula): tool calls not answered with status True / tool",
	"  calls; MINDcraft's commands carry no status (-).",
}

func itoa(n int) string { return strconv.Itoa(n) }

func num(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }

func pct(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) + "%" }

func opt(v *float64, prec int) string {
	if v == nil {
		return "-"
	}
	return num(*v, prec)
}

// WriteText writes every table as aligned text, separated by blank lines.
func (s *Summary) WriteText(w io.Writer) error {
	return s.write(w, Table.WriteText)
}

// WriteMarkdown writes every table as Markdown.
func (s *Summary) WriteMarkdown(w io.Writer) error {
	return s.write(w, Table.WriteMarkdown)
}

func (s *Summary) write(w io.Writer, f func(Table, io.Writer) error) error {
	for i, t := range s.Tables() {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if err := f(t, w); err != nil {
			return err
		}
	}
	return nil
}
