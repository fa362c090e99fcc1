// Package audit measures the quality of training data: how varied the
// responses are, whether agents loop or copy their memory, whether their
// commands use knowledge they could not have (grounding), and whether
// splits overlap. It reads runs, filtered views and exported datasets as
// one stream of examples and keeps memory bounded by what it counts, never
// by the trials it reads.
package audit

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"collabcraft/export"
	"collabcraft/procgen"
	"collabcraft/quality"
	"collabcraft/trajectory"
)

// Dimensions the report is broken down by, in the order of its tables.
var Dimensions = []string{"task_type", "kind", "task_type/kind", "agent", "backend", "split"}

// Report is an audit's result.
type Report struct {
	Sources  []string `json:"sources"`
	Examples int      `json:"examples"`
	Trials   int      `json:"trials"`
	Overall  *Group   `json:"overall"`
	// ByDimension holds one table per dimension: the groups of each value.
	ByDimension map[string][]*Group `json:"by_dimension"`
	Loops       LoopStats           `json:"loops"`
	Outcomes    Outcomes            `json:"outcomes"`
	Overlap     *Overlap            `json:"split_overlap"`
	// Targets are, per task type with targets, what its splits hold and
	// share (TargetSplits).
	Targets []TargetSplits `json:"split_targets,omitempty"`
	// Skills is how Voyager-style programs reuse the skill library (nil
	// when the data holds none).
	Skills *SkillReuse `json:"voyager_skills,omitempty"`
	// Violations are the first grounding violations found, as examples.
	Violations []quality.Violation `json:"violation_examples"`
	// viewTrials are the trials the HTML report's viewer replays.
	viewTrials []Trial
}

// Group holds one group's figures.
type Group struct {
	Dimension string `json:"dimension"`
	Value     string `json:"value"`
	Examples  int    `json:"examples"`

	// Silent examples answer with whitespace only (MINDcraft's way of
	// not answering). They count as examples; the language measures
	// below (distinct shares, templates, response lengths) are over the
	// spoken responses.
	Silent      int     `json:"silent"`
	SilentShare float64 `json:"silent_share"`

	DistinctResponses int     `json:"distinct_responses"`
	DistinctShare     float64 `json:"distinct_share"`
	Distinct1         float64 `json:"distinct_1"`
	Distinct2         float64 `json:"distinct_2"`
	// Distinct2Sample is distinct-2 over a fixed-size sample of the
	// group's responses (sampleSize, drawn evenly): corpus-wide distinct-n
	// falls as a corpus grows, so this is the figure that compares
	// datasets and groups of different sizes.
	Distinct2Sample float64 `json:"distinct_2_sample"`

	Templates    int             `json:"templates"`
	TopTemplates []TemplateShare `json:"top_templates"`
	Top10Share   float64         `json:"top10_share"`

	ResponseChars Dist `json:"response_chars"`
	PromptChars   Dist `json:"prompt_chars"`

	Commands       int            `json:"commands"`
	Violations     int            `json:"grounding_violations"`
	ViolationKinds map[string]int `json:"violation_kinds"`

	Repeats        int     `json:"repeats"`
	MemoryCalls    int     `json:"memory_calls"`
	MemoryCopies   int     `json:"memory_copies"`
	MemoryCopyRate float64 `json:"memory_copy_rate"`
}

// TemplateShare is one masked response template and its share.
type TemplateShare struct {
	Template string  `json:"template"`
	Count    int     `json:"count"`
	Share    float64 `json:"share"`
}

// Dist summarises a length distribution; Buckets count values below
// each power of two (the histogram plots use them).
type Dist struct {
	Mean    float64 `json:"mean"`
	P50     int     `json:"p50"`
	P90     int     `json:"p90"`
	Max     int     `json:"max"`
	Buckets []int   `json:"buckets"`
}

// Options tune an audit.
type Options struct {
	// NearThreshold is the Jaccard similarity above which two examples of
	// different splits count as near duplicates (default 0.8).
	NearThreshold float64
	// MaxViolationExamples bounds Report.Violations (default 20).
	MaxViolationExamples int
	// ViewTrials is how many trials (the first seen) the HTML report's
	// viewer can replay (default 300; -1: none).
	ViewTrials int
}

// Audit reads examples and measures them. The examples of one trial and
// agent may come in any order; loops and memory copies are judged in step
// order.
func Audit(src iter.Seq2[export.Example, error], opts Options) (*Report, error) {
	if opts.NearThreshold == 0 {
		opts.NearThreshold = 0.8
	}
	if opts.MaxViolationExamples == 0 {
		opts.MaxViolationExamples = 20
	}
	if opts.ViewTrials == 0 {
		opts.ViewTrials = 300
	}
	workers := runtime.GOMAXPROCS(0)
	a := newAuditor(opts)
	a.shards = make([]shard, workers)
	for w := range a.shards {
		a.shards[w] = shard{}
	}
	signers := make([]quality.Signer, workers)
	prep := func(w int, p *prepared) {
		prepare(p, a.ground, &signers[w])
		a.shards[w].add(p)
	}
	for b, err := range prepareAll(src, workers, prep) {
		if err != nil {
			return nil, err
		}
		for i := range b {
			a.add(&b[i])
		}
	}
	return a.report(), nil
}

// auditor is an audit in progress.
type auditor struct {
	opts     Options
	overall  *accumulator
	groups   map[string]map[string]*accumulator // dimension -> value -> group
	loops    *loopTracker
	overlap  *overlapIndex
	ground   *quality.Grounder
	trials   map[string]bool
	outcomes *outcomeTracker
	viewer   *viewer
	viol     []quality.Violation
	texts    templateTexts
	targets  targetTracker
	skills   skillTracker
	// shards are the workers' distinct sets by cell; the groups' sets are
	// their union (distinct.merge), made when the report is.
	shards []shard
}

// shard is one worker's distinct sets, one per cell: the examples with
// the same values of every dimension. An example is counted in its cell
// alone, not in each of the seven groups it is in; a group's sets are the
// union of its cells' (distinct.merge gives the figures of counting the
// group's examples in one set).
type shard map[[6]string]*distinctSets

// add counts a prepared example's response in its cell's sets.
func (s shard) add(p *prepared) {
	if p.obs.silent {
		return // not language: the accumulator counts it as silent
	}
	d := s[p.dims]
	if d == nil {
		d = &distinctSets{}
		var k [6]string
		for i, v := range p.dims {
			k[i] = strings.Clone(v)
		}
		s[k] = d
	}
	d.add(&p.obs)
}

func newAuditor(opts Options) *auditor {
	a := &auditor{
		opts: opts, overall: newAccumulator(), groups: map[string]map[string]*accumulator{},
		loops: newLoopTracker(), overlap: newOverlapIndex(opts.NearThreshold), ground: &quality.Grounder{},
		trials: map[string]bool{}, outcomes: newOutcomeTracker(), viewer: newViewer(max(opts.ViewTrials, 0)),
		texts: templateTexts{}, targets: targetTracker{},
	}
	for _, d := range Dimensions {
		a.groups[d] = map[string]*accumulator{}
	}
	return a
}

// dimensionValues are ex's values of the report's dimensions.
func dimensionValues(ex *export.Example) [6]string {
	m := ex.Meta
	backend := "scripted"
	if m.Model != "scripted" && m.Model != "" {
		backend = m.Model
	}
	return [6]string{kindName(m.TaskType), m.Kind, kindName(m.TaskType) + "/" + m.Kind, m.Agent, backend, m.Split}
}

// prepared is what the audit reads from one example alone: the part of
// the work that does not depend on the others, done in parallel.
type prepared struct {
	ex      export.Example
	dims    [6]string // dimensionValues
	obs     observation
	loop    quality.CallKey // a conversation call's, for the loop check
	call    quality.Call
	overlap overlapItem
	skills  skillObs
}

// prepare observes an example and checks its command's grounding.
func prepare(p *prepared, ground *quality.Grounder, signer *quality.Signer) {
	ex := &p.ex
	p.dims = dimensionValues(ex)
	p.call = callOf(ex)
	p.obs = observe(ex, &p.call)
	if ex.Meta.Kind == trajectory.KindConversation {
		p.loop = quality.KeyOf(&p.call)
	}
	if ex.Meta.Kind == trajectory.KindReact {
		// The tool dialect: a JSON tool call is the react call's command.
		p.obs.command = ""
		if tc, ok := quality.ToolCallOf(p.obs.response); ok {
			p.obs.command = tc.Text
		}
	}
	if k := ex.Meta.Kind; k == trajectory.KindActionPlan || k == trajectory.KindSkillCode {
		// The tree's todos and programs are its calls' commands.
		p.obs.command = quality.TreeCommand(k, p.obs.response)
		p.skills = observeSkills(ex, p.obs.command)
	}
	if ex.Meta.Kind == trajectory.KindTaskManager {
		// The queue's plan: its subtasks are the call's command.
		p.obs.command = quality.PlanCommand(p.obs.response)
	}
	// An escape agent's words are checked too: a block it names in a room
	// it cannot see (quality.KindHiddenBlock) need not be in a command.
	if p.obs.command != "" || ex.Meta.TaskType == procgen.TypeEscape {
		p.obs.violations = ground.CheckCall(ex.Meta.Kind, &p.call)
	}
	p.overlap = overlapItemOf(ex, &p.obs, signer)
}

// add counts a prepared example; examples are added in the source's
// order, so every figure is the serial audit's.
func (a *auditor) add(p *prepared) {
	ex, obs := &p.ex, p.obs
	if !a.trials[ex.Meta.TrialID] {
		a.trials[strings.Clone(ex.Meta.TrialID)] = true
	}
	for _, v := range obs.violations {
		if len(a.viol) < a.opts.MaxViolationExamples {
			v.TrialID, v.Agent, v.Command, v.Value = strings.Clone(v.TrialID), strings.Clone(v.Agent), strings.Clone(v.Command), strings.Clone(v.Value)
			a.viol = append(a.viol, v)
		}
	}
	a.overall.add(obs)
	a.texts.keep(&obs, a.overall.templates.get(obs.templateHash))
	for i, v := range p.dims {
		g := a.groups[Dimensions[i]][v]
		if g == nil {
			g = newAccumulator()
			a.groups[Dimensions[i]][strings.Clone(v)] = g
		}
		g.add(obs)
	}
	a.loops.add(ex, p.loop)
	a.outcomes.add(ex)
	a.viewer.add(ex)
	a.overlap.add(ex.Meta.Split, p.overlap)
	a.targets.add(ex)
	a.skills.add(p.skills)
}

func (a *auditor) report() *Report {
	r := &Report{Examples: a.overall.n, Trials: len(a.trials), ByDimension: map[string][]*Group{}, Violations: a.viol}
	// Each group's sets are merged from the shards and its figures drawn
	// on its own, so the groups are summed up on every core.
	type job struct {
		dim, value string
		acc        *accumulator
		sets       []*distinctSets
		out        **Group
	}
	jobs := []*job{{dim: "all", value: "all", acc: a.overall, out: &r.Overall}}
	byValue := make([]map[string]*job, len(Dimensions))
	for i, d := range Dimensions {
		values := slices.Sorted(maps.Keys(a.groups[d]))
		r.ByDimension[d] = make([]*Group, len(values))
		byValue[i] = map[string]*job{}
		for k, v := range values {
			j := &job{dim: d, value: v, acc: a.groups[d][v], out: &r.ByDimension[d][k]}
			byValue[i][v] = j
			jobs = append(jobs, j)
		}
	}
	for _, s := range a.shards {
		for cell, sets := range s {
			jobs[0].sets = append(jobs[0].sets, sets)
			for i, v := range cell {
				j := byValue[i][v]
				j.sets = append(j.sets, sets)
			}
		}
	}
	// The splits' overlap is drawn beside the groups' figures.
	var overlap sync.WaitGroup
	overlap.Go(func() { r.Overlap = a.overlap.result() })
	next := make(chan *job)
	var wg sync.WaitGroup
	for range max(len(a.shards), 1) {
		wg.Go(func() {
			for j := range next {
				for _, s := range j.sets {
					j.acc.distinctSets.merge(s)
				}
				*j.out = j.acc.group(j.dim, j.value, a.texts)
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	overlap.Wait()
	r.Loops = a.loops.stats()
	r.Outcomes = a.outcomes.result()
	r.viewTrials = a.viewer.result()
	// Repeats are judged per trial and agent; credit them to the groups.
	r.Overall.Repeats = r.Loops.Repeats
	r.Targets = a.targets.result()
	r.Skills = a.skills.result()
	return r
}

// kindName is the task kind's CLI name for a task file type.
func kindName(taskType string) string {
	switch taskType {
	case "techtree":
		return "crafting"
	}
	return taskType
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// String is a one-line summary.
func (g *Group) String() string {
	return fmt.Sprintf("%s=%s: %d examples, %.0f%% distinct", g.Dimension, g.Value, g.Examples, 100*g.DistinctShare)
}

// sortedShares are the first n templates by count, most first, then by
// text; text names a template's hash. They are picked in one pass over
// the counts by hash (a group can hold 50,000 templates, most of them
// seen once), naming only those that could enter the top: a hash's text
// is its own (two hashes never share one), so no counts need joining.
func sortedShares(counts iter.Seq2[uint64, int], text func(uint64) string, total, n int) []TemplateShare {
	before := func(a, b TemplateShare) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), strings.Compare(a.Template, b.Template))
	}
	out := make([]TemplateShare, 0, n+1)
	for h, c := range counts {
		if len(out) == n && (n == 0 || c < out[n-1].Count) {
			continue
		}
		s := TemplateShare{Template: text(h), Count: c}
		if len(out) == n && before(s, out[n-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(out, s, before)
		out = slices.Insert(out, i, s)[:min(len(out)+1, n)]
	}
	for i := range out {
		out[i].Share = pct(out[i].Count, total)
	}
	return out
}

// callOf is the example as the quality checks see it.
func callOf(ex *export.Example) quality.Call {
	c := quality.Call{TrialID: ex.Meta.TrialID, Agent: ex.Meta.Agent, TaskType: ex.Meta.TaskType, Step: ex.Meta.Step, Kind: ex.Meta.Kind}
	if n := len(ex.Messages); n > 0 {
		c.Context, c.Response = ex.Messages[:n-1], ex.Messages[n-1].Content
	}
	return c
}
