package audit

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the audit's summary as a Markdown section for a
// dataset card: the figures per task type and kind of call, loops,
// grounding violations and the overlap between splits. The full tables
// are `collabcraft audit`'s; the plots and trials the HTML report's.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Audit\n\n`collabcraft audit` of this dataset: %d examples from %d trials. "+
		"*silent* is the share of examples whose response is only whitespace (MINDcraft's way of not answering); "+
		"*distinct* is the share of distinct responses among the rest, and the other language measures are over the rest too; *templates* masks names, items and numbers; "+
		"*violations* are commands naming an item, count, coordinate or player that nothing the agent could know supports.\n\n",
		r.Examples, r.Trials)
	b.WriteString("| group | examples | silent | distinct | distinct-2 | distinct-2 (1k sample) | templates | top-10 templates | response chars p50 / p90 | violations / commands | memory copies |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, dim := range []string{"task_type", "kind"} {
		for _, g := range r.ByDimension[dim] {
			markdownRow(&b, dim+" "+g.Value, g)
		}
	}
	markdownRow(&b, "all", r.Overall)
	l := r.Loops
	fmt.Fprintf(&b, "\nLoops: %d repeated calls (the same response after the same output with no message between); "+
		"%d agents in %d trials repeat themselves 3 or more times in a row; %d runs of 5 or more `!stay`.\n",
		l.Repeats, l.LoopingAgents, len(l.LoopingTrials), l.StayRuns)
	if tops := r.Overall.TopTemplates; len(tops) > 0 {
		fmt.Fprintf(&b, "\nMost common response template (%.1f%% of examples): `%s`\n", 100*tops[0].Share, markdownCode(clip(tops[0].Template, 120)))
	}
	if s := r.Skills; s != nil {
		b.WriteString("\n" + s.Summary() + "\n")
	}
	if o := r.Overlap; o != nil && len(o.Pairs) > 0 {
		fmt.Fprintf(&b, "\nOverlap between splits (near: MinHash Jaccard at least %.2f):\n\n", o.Threshold)
		b.WriteString("| examples of | found in | exact responses | near responses | exact examples | near examples |\n|---|---|---:|---:|---:|---:|\n")
		for _, p := range o.Pairs {
			fmt.Fprintf(&b, "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n", p.Of, p.In,
				100*p.ExactResponses, 100*p.NearResponses, 100*p.ExactExamples, 100*p.NearExamples)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func markdownRow(b *strings.Builder, name string, g *Group) {
	mem := "-"
	if g.MemoryCalls > 0 {
		mem = fmt.Sprintf("%d / %d", g.MemoryCopies, g.MemoryCalls)
	}
	fmt.Fprintf(b, "| %s | %d | %.1f%% | %.1f%% | %.3f | %.3f | %d | %.1f%% | %d / %d | %d / %d | %s |\n",
		name, g.Examples, 100*g.SilentShare, 100*g.DistinctShare, g.Distinct2, g.Distinct2Sample, g.Templates, 100*g.Top10Share,
		g.ResponseChars.P50, g.ResponseChars.P90, g.Violations, g.Commands, mem)
}

// markdownCode keeps a template inside one inline code span.
func markdownCode(s string) string {
	return strings.ReplaceAll(s, "`", "'")
}
