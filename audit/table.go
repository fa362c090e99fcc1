package audit

import (
	"fmt"
	"io"
	"strings"

	"collabcraft/plural"
	"collabcraft/stats"
)

// WriteTable prints the report for people, within a terminal's width
// (stats.TextWidth): two tables per dimension (language; lengths and
// grounding), the top templates, loops, violations and the overlap
// between splits.
func (r *Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	wrap(&b, fmt.Sprintf("audit of %s: %s from %s", strings.Join(r.Sources, ", "), plural.Count(r.Examples, "example"), plural.Count(r.Trials, "trial")), "")
	wrap(&b, "silent: whitespace-only responses; the other measures are over the spoken ones. dist-1, dist-2: distinct "+
		"words and word pairs over all; dist-2 1k: over a 1,000-response sample. templates: distinct responses with names, "+
		"items and numbers masked; top-10: the share of the ten most common. violations: command values nothing the agent "+
		"may know supports. mem copies: memory summaries that copy the previous memory.", "")
	for _, d := range append(Dimensions, "") {
		groups, title := r.ByDimension[d], "by "+d
		if d == "" {
			groups, title = []*Group{r.Overall}, "all"
		}
		lang := stats.Table{Title: "\n" + title + ": language",
			Header: []string{"group", "examples", "silent", "distinct", "dist-1", "dist-2", "dist-2 1k", "templates", "top-10"}}
		size := stats.Table{Title: "\n" + title + ": lengths and grounding",
			Header: []string{"group", "response chars p50/p90", "prompt chars p50", "commands", "violations", "mem copies"}}
		for _, g := range groups {
			lang.Rows = append(lang.Rows, []string{g.Value, fmt.Sprint(g.Examples), pct1(g.SilentShare), pct1(g.DistinctShare),
				fmt.Sprintf("%.3f", g.Distinct1), fmt.Sprintf("%.3f", g.Distinct2), fmt.Sprintf("%.3f", g.Distinct2Sample), fmt.Sprint(g.Templates), pct1(g.Top10Share)})
			mem := "-"
			if g.MemoryCalls > 0 {
				mem = fmt.Sprintf("%d/%d", g.MemoryCopies, g.MemoryCalls)
			}
			size.Rows = append(size.Rows, []string{g.Value, fmt.Sprintf("%d/%d", g.ResponseChars.P50, g.ResponseChars.P90), fmt.Sprint(g.PromptChars.P50),
				fmt.Sprint(g.Commands), fmt.Sprint(g.Violations), mem})
		}
		for _, t := range []stats.Table{lang, size} {
			if err := t.WriteText(&b); err != nil {
				return err
			}
		}
	}
	b.WriteString("\ntop response templates (names NAME, items ITEM, numbers N; --html shows them whole):\n")
	for _, t := range r.Overall.TopTemplates {
		var tb strings.Builder
		wrap(&tb, fmt.Sprintf("  %5.1f%%", 100*t.Share)+" "+strings.ReplaceAll(t.Template, "\n", `\n`), "          ")
		lines := strings.SplitAfter(strings.TrimSuffix(tb.String(), "\n"), "\n")
		if len(lines) > templateLines {
			lines = append(lines[:templateLines], "          ...")
		}
		b.WriteString(strings.Join(lines, "") + "\n")
	}
	l := r.Loops
	b.WriteString("\n")
	wrap(&b, fmt.Sprintf("loops: %s (same response after the same output, no message between); %s in %s repeat 3+ times in a row; %s of 5+ !stay",
		plural.Count(l.Repeats, "repeated call"), plural.Count(l.LoopingAgents, "agent"), plural.Count(len(l.LoopingTrials), "trial"), plural.Count(l.StayRuns, "run")), "  ")
	if len(r.Overall.ViolationKinds) > 0 {
		var kinds []string
		for _, k := range violationKinds {
			if n := r.Overall.ViolationKinds[k]; n > 0 {
				kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
			}
		}
		b.WriteString("\n")
		wrap(&b, fmt.Sprintf("grounding violations: %d in %s (%s)", r.Overall.Violations, plural.Count(r.Overall.Commands, "command"), strings.Join(kinds, ", ")), "  ")
		for _, v := range r.Violations[:min(5, len(r.Violations))] {
			wrap(&b, fmt.Sprintf("  %s %s step %d: %s (%s %q)", v.TrialID, v.Agent, v.Step, clip(v.Command, 60), v.Kind, v.Value), "    ")
		}
	}
	if o := r.Overlap; o != nil && len(o.Pairs) > 0 {
		t := stats.Table{Title: fmt.Sprintf("\nsplit overlap (near: MinHash Jaccard >= %.2f):", o.Threshold),
			Header: []string{"of", "in", "examples", "exact responses", "near responses", "exact examples", "near examples"}}
		for _, p := range o.Pairs {
			t.Rows = append(t.Rows, []string{p.Of, p.In, fmt.Sprint(p.Examples), pct1(p.ExactResponses), pct1(p.NearResponses), pct1(p.ExactExamples), pct1(p.NearExamples)})
		}
		if err := t.WriteText(&b); err != nil {
			return err
		}
	}
	if len(r.Targets) > 0 {
		t := stats.Table{Title: "\nsplit targets (what a task type's splits never share: farm dishes, VillagerBench structures):",
			Header: []string{"task type", "train", "validation", "dev", "test", "in two splits"}}
		for _, ts := range r.Targets {
			t.Rows = append(t.Rows, []string{ts.TaskType, fmt.Sprint(ts.PerSplit["train"]), fmt.Sprint(ts.PerSplit["validation"]),
				fmt.Sprint(ts.PerSplit["dev"]), fmt.Sprint(ts.PerSplit["test"]), fmt.Sprint(len(ts.Shared))})
		}
		if err := t.WriteText(&b); err != nil {
			return err
		}
		for _, ts := range r.Targets {
			for _, s := range ts.Shared[:min(5, len(ts.Shared))] {
				wrap(&b, "  "+ts.TaskType+": "+s, "    ")
			}
		}
	}
	if s := r.Skills; s != nil {
		b.WriteString("\n")
		wrap(&b, s.Summary(), "  ")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// templateLines is how many lines of a template the table shows.
const templateLines = 4

func pct1(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// wrap writes s in lines of at most stats.TextWidth columns, breaking at
// spaces; the first line keeps s's leading spaces, later lines start with
// indent.
func wrap(b *strings.Builder, s, indent string) {
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	line := ""
	for i, word := range strings.Fields(s) {
		if i == 0 {
			word = lead + word
		}
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) > stats.TextWidth:
			b.WriteString(line + "\n")
			line = indent + word
		default:
			line += " " + word
		}
	}
	b.WriteString(line + "\n")
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", `\n`)
	if len(s) > n {
		return s[:n-3] + "..."
	}
	return s
}
