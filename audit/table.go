package audit

import (
	"fmt"

	"collabcraft/quality"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteTable prints the report for people: one table per dimension, the
// top templates, loops, violations and the overlap between splits.
func (r *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "audit of %s: %d examples from %d trials\n", strings.Join(r.Sources, ", "), r.Examples, r.Trials)
	table := func(title string, groups []*Group) error {
		fmt.Fprintf(w, "\n%s\n", title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "group\texamples\tsilent\tdistinct\tdistinct-1\tdistinct-2\td-2 (1k)\ttemplates\ttop-10 share\tresp chars p50/p90\tprompt chars p50\tcommands\tviolations\tmemory copies\t")
		for _, g := range groups {
			mem := "-"
			if g.MemoryCalls > 0 {
				mem = fmt.Sprintf("%d/%d", g.MemoryCopies, g.MemoryCalls)
			}
			fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%%\t%.3f\t%.3f\t%.3f\t%d\t%.1f%%\t%d/%d\t%d\t%d\t%d\t%s\t\n",
				g.Value, g.Examples, 100*g.SilentShare, 100*g.DistinctShare, g.Distinct1, g.Distinct2, g.Distinct2Sample, g.Templates, 100*g.Top10Share,
				g.ResponseChars.P50, g.ResponseChars.P90, g.PromptChars.P50, g.Commands, g.Violations, mem)
		}
		return tw.Flush()
	}
	for _, d := range Dimensions {
		if err := table("by "+d, r.ByDimension[d]); err != nil {
			return err
		}
	}
	if err := table("all", []*Group{r.Overall}); err != nil {
		return err
	}
	fmt.Fprintf(w, "\ntop response templates (names NAME, items ITEM, numbers N):\n")
	for _, t := range r.Overall.TopTemplates {
		fmt.Fprintf(w, "  %5.1f%%  %s\n", 100*t.Share, clip(t.Template, 100))
	}
	l := r.Loops
	fmt.Fprintf(w, "\nloops: %d repeated calls (same response after the same output, no message between); %d agents in %d trials repeat 3+ times in a row; %d runs of 5+ !stay\n",
		l.Repeats, l.LoopingAgents, len(l.LoopingTrials), l.StayRuns)
	if len(r.Overall.ViolationKinds) > 0 {
		fmt.Fprintf(w, "\ngrounding violations: %d in %d commands (", r.Overall.Violations, r.Overall.Commands)
		sep := ""
		for _, k := range []string{quality.KindItem, quality.KindChestItem, quality.KindPlayer, quality.KindCount, quality.KindCoordinate} {
			if n := r.Overall.ViolationKinds[k]; n > 0 {
				fmt.Fprintf(w, "%s%s %d", sep, k, n)
				sep = ", "
			}
		}
		fmt.Fprintln(w, ")")
		for _, v := range r.Violations[:min(5, len(r.Violations))] {
			fmt.Fprintf(w, "  %s %s step %d: %s (%s %q)\n", v.TrialID, v.Agent, v.Step, clip(v.Command, 80), v.Kind, v.Value)
		}
	}
	if o := r.Overlap; o != nil && len(o.Pairs) > 0 {
		fmt.Fprintf(w, "\nsplit overlap (near: MinHash Jaccard >= %.2f):\n", o.Threshold)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "\tof\tin\texamples\texact responses\tnear responses\texact examples\tnear examples\t")
		for _, p := range o.Pairs {
			fmt.Fprintf(tw, "\t%s\t%s\t%d\t%.1f%%\t%.1f%%\t%.1f%%\t%.1f%%\t\n", p.Of, p.In, p.Examples,
				100*p.ExactResponses, 100*p.NearResponses, 100*p.ExactExamples, 100*p.NearExamples)
		}
		return tw.Flush()
	}
	return nil
}

func clip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", `\n`)
	if len(s) > n {
		return s[:n-3] + "..."
	}
	return s
}
