package audit

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"strings"

	"collabcraft/quality"
)

//go:embed report.html.tmpl
var reportTemplate string

// Trial is one trial for the report's viewer, as JSON under its id.
type Trial struct {
	ID   string          `json:"id"`
	Data json.RawMessage `json:"data"`
}

// WriteHTML writes the report as one self-contained HTML page (no network:
// styles, plots as SVG, the trial viewer's script and its data inline).
func (r *Report) WriteHTML(w io.Writer) error {
	trials := r.viewTrials
	t, err := template.New("report").Funcs(template.FuncMap{
		"pct":     func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
		"f3":      func(f float64) string { return fmt.Sprintf("%.3f", f) },
		"dims":    func() []string { return Dimensions },
		"kinds":   func() []string { return violationKinds },
		"bars":    bars,
		"hist":    histogram,
		"outcome": outcomeCharts,
		"tokens":  tokenChart,
		"violationBars": func(r *Report) template.HTML {
			var items []bar
			for _, k := range violationKinds {
				items = append(items, bar{Label: k, Value: float64(r.Overall.ViolationKinds[k]), Text: fmt.Sprint(r.Overall.ViolationKinds[k])})
			}
			for _, g := range r.ByDimension["task_type"] {
				items = append(items, bar{Label: "in " + g.Value, Value: float64(g.Violations), Text: fmt.Sprintf("%d in %d commands", g.Violations, g.Commands)})
			}
			return bars("Grounding violations, by kind and task type", items)
		},
	}).Parse(reportTemplate)
	if err != nil {
		return fmt.Errorf("audit: report template: %w", err)
	}
	data, err := json.Marshal(trials)
	if err != nil {
		return fmt.Errorf("audit: trials: %w", err)
	}
	// A script element's content ends at "</": keep the JSON from closing it.
	safe := strings.ReplaceAll(string(data), "</", `<\/`)
	var b bytes.Buffer
	if err := t.Execute(&b, map[string]any{"R": r, "Trials": template.JS(safe), "NTrials": len(trials), "Clipped": len(trials) < r.Trials}); err != nil {
		return fmt.Errorf("audit: report: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

var violationKinds = []string{quality.KindItem, quality.KindChestItem, quality.KindPlayer, quality.KindCount, quality.KindCoordinate, quality.KindTool}

// bar is one labelled value of a bar chart.
type bar struct {
	Label string
	Value float64
	Text  string // the value as shown
}

// bars draws a horizontal bar chart as inline SVG.
func bars(title string, items []bar) template.HTML {
	if len(items) == 0 {
		return ""
	}
	const width, labelW, rowH, valueW = 820, 230, 22, 230
	maxV := 0.0
	for _, it := range items {
		maxV = math.Max(maxV, it.Value)
	}
	if maxV == 0 {
		maxV = 1
	}
	var b strings.Builder
	h := rowH*len(items) + 30
	fmt.Fprintf(&b, `<figure class="chart"><figcaption>%s</figcaption><svg role="img" aria-label="%s" width="%d" height="%d" viewBox="0 0 %d %d">`,
		template.HTMLEscapeString(title), template.HTMLEscapeString(title), width, h, width, h)
	for i, it := range items {
		y := 10 + i*rowH
		bw := (width - labelW - valueW) * it.Value / maxV
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" class="lbl">%s</text>`, labelW-6, y+14, template.HTMLEscapeString(clip(it.Label, 34)))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" class="bar"><title>%s: %s</title></rect>`,
			labelW, y+2, bw, rowH-6, template.HTMLEscapeString(it.Label), template.HTMLEscapeString(it.Text))
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="val">%s</text>`, float64(labelW)+bw+4, y+14, template.HTMLEscapeString(it.Text))
	}
	b.WriteString(`</svg></figure>`)
	return template.HTML(b.String())
}

// histogram draws a length distribution's power-of-two buckets.
func histogram(title string, d Dist) template.HTML {
	var items []bar
	first, last := -1, -1
	for i, c := range d.Buckets {
		if c > 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i := max(first, 0); i <= last; i++ {
		lo, hi := 0, 1
		if i > 0 {
			lo, hi = 1<<(i-1), 1<<i
		}
		items = append(items, bar{Label: fmt.Sprintf("%d–%d", lo, hi-1), Value: float64(d.Buckets[i]), Text: fmt.Sprint(d.Buckets[i])})
	}
	return bars(title, items)
}

// tokenChart estimates prompt tokens (about 4 characters a token).
func tokenChart(d Dist) template.HTML {
	var items []bar
	for _, q := range []struct {
		l string
		v int
	}{{"p50", d.P50}, {"p90", d.P90}, {"max", d.Max}} {
		items = append(items, bar{Label: "prompt " + q.l, Value: float64(q.v) / 4, Text: fmt.Sprintf("≈%d tokens", q.v/4)})
	}
	return bars("Prompt tokens (estimated: characters / 4)", items)
}

// outcomeCharts draws a task type's success (or, for construction, mean
// score) by knob value and its score histogram.
func outcomeCharts(t TypeOutcomes) template.HTML {
	scored := t.TaskType == "construction"
	var items []bar
	for _, k := range t.ByKnob {
		v, text := float64(k.Successes)/float64(k.Trials), fmt.Sprintf("%d/%d succeeded", k.Successes, k.Trials)
		if scored {
			v, text = k.MeanScore, fmt.Sprintf("mean score %.3f (%d trials)", k.MeanScore, k.Trials)
		}
		items = append(items, bar{Label: k.Knob + " = " + k.Value, Value: v, Text: text})
	}
	what := "Success"
	if scored {
		what = "Mean score"
	}
	out := bars(fmt.Sprintf("%s: %s by knob", t.TaskType, what), items)
	if !scored {
		return out
	}
	var hist []bar
	for i, c := range t.ScoreHistogram {
		hist = append(hist, bar{Label: fmt.Sprintf("score %.1f–%.1f", float64(i)/10, float64(i+1)/10), Value: float64(c), Text: fmt.Sprint(c)})
	}
	return out + bars(t.TaskType+": score histogram", hist)
}
