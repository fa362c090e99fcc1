package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"collabcraft/export"
	"collabcraft/filter"
	"collabcraft/procgen"
	"collabcraft/stats"
	"collabcraft/trajectory"
)

// Steps do the work of the stages, one command each, set from the
// config's sections: the CLI implements them with its procgen tasks,
// generate, filter and export commands. Run decides which to call, in
// what order, and returns their errors as they are.
type Steps interface {
	// Tasks writes the extra task file f.
	Tasks(ctx context.Context, f TaskFile) error
	// Generate plays run's task files into run.Dir, resuming it.
	Generate(ctx context.Context, run Run) error
	// Filter writes the filtered view of the runs.
	Filter(ctx context.Context, runs []string, view string) error
	// Export writes the dataset of the view.
	Export(ctx context.Context, view, dataset string) error
	// Report writes the audit of the dataset as an HTML report.
	Report(ctx context.Context, dataset, html string) error
}

// TaskFile is an extra task file of the procgen stage: one entry of
// procgen.tasks.
type TaskFile struct {
	Name   string // file name under Paths.Tasks ("": TaskFileName)
	Path   string // where it is written; NewPlan sets it
	Kind   string
	Split  string
	Agents int
	Tasks  int // the number of tasks it holds
}

// Run is one generate run: the task files for one team size.
type Run struct {
	Dir    string
	Agents int
	Files  []string
}

// Plan is a config resolved into the files and runs it makes.
type Plan struct {
	Config *Config
	Source string // the config's name in messages: a file or "preset demo"
	Paths  Paths
	Tasks  []TaskFile // the extra task files, Path set
	Runs   []Run      // in the order their team sizes first appear

	costs []StageCost // of the stages run so far
}

// NewPlan checks the names of the extra task files and groups every task
// file into one run per team size.
func NewPlan(cfg *Config, source string, extra []TaskFile) (*Plan, error) {
	p := &Plan{Config: cfg, Source: source, Paths: cfg.Paths()}
	names := map[string]bool{}
	for _, f := range cfg.SuiteFiles() {
		names[f.Name] = true
	}
	for i, f := range extra {
		if f.Name == "" {
			f.Name = TaskFileName(f.Kind, f.Split, f.Agents)
		}
		if f.Name != filepath.Base(f.Name) || !strings.HasSuffix(f.Name, ".json") {
			return nil, fmt.Errorf("pipeline: %s: procgen.tasks[%d]: output %q: want a file name ending in .json (written under %s)", source, i, f.Name, p.Paths.Tasks)
		}
		if names[f.Name] {
			return nil, fmt.Errorf("pipeline: %s: procgen.tasks[%d]: task file %s is made twice (set output to another name)", source, i, f.Name)
		}
		names[f.Name] = true
		f.Path = filepath.Join(p.Paths.Tasks, f.Name)
		p.Tasks = append(p.Tasks, f)
	}
	add := func(agents int, file string) {
		for i := range p.Runs {
			if p.Runs[i].Agents == agents {
				p.Runs[i].Files = append(p.Runs[i].Files, file)
				return
			}
		}
		p.Runs = append(p.Runs, Run{Dir: cfg.RunDir(agents), Agents: agents, Files: []string{file}})
	}
	for _, f := range cfg.SuiteFiles() {
		add(f.Agents, filepath.Join(p.Paths.Tasks, f.Name))
	}
	for _, f := range p.Tasks {
		add(f.Agents, f.Path)
	}
	return p, nil
}

// RunDirs are the directories of the runs.
func (p *Plan) RunDirs() []string {
	var dirs []string
	for _, r := range p.Runs {
		dirs = append(dirs, r.Dir)
	}
	return dirs
}

// DatasetName is the dataset's name: export's name flag, or the
// pipeline's.
func (c *Config) DatasetName() string {
	if name, ok := c.Export.Get("name"); ok && name != "" {
		return name
	}
	return c.Name
}

// Result is what a pipeline made, for its final report.
type Result struct {
	Stats   *stats.Summary  // of the runs' trials
	Dataset export.Manifest // the dataset's manifest.json
	Took    time.Duration
	Stages  []StageCost // the stages this run ran, in order
}

// Run runs the stages that are not up to date, in order: procgen,
// generate, filter, export. log, if not nil, gets a line per stage.
func (p *Plan) Run(ctx context.Context, steps Steps, log io.Writer) (*Result, error) {
	start := time.Now()
	p.costs = nil
	if err := p.timed("procgen", func() error { _, err := p.procgen(ctx, steps, log); return err }); err != nil {
		return nil, err
	}
	for _, r := range p.Runs {
		logf(log, "")
		if err := p.timed("generate", func() error { return steps.Generate(ctx, r) }); err != nil {
			return nil, err
		}
	}
	if err := p.timed("filter", func() error { return p.filter(ctx, steps, log) }); err != nil {
		return nil, err
	}
	report := false
	if err := p.timed("export", func() (err error) { report, err = p.export(ctx, steps, log); return err }); err != nil {
		return nil, err
	}
	if report {
		if err := p.timed("report", func() error { return p.report(ctx, steps, log) }); err != nil {
			return nil, err
		}
	}
	res, err := p.finish(time.Since(start))
	if err != nil {
		return nil, err
	}
	res.Stages = p.costs
	return res, nil
}

// procgen writes the task files that are missing or stale, and returns
// every task file of the pipeline.
func (p *Plan) procgen(ctx context.Context, steps Steps, log io.Writer) ([]string, error) {
	suite := p.Config.SuiteFiles()
	var files []string
	for _, f := range suite {
		files = append(files, filepath.Join(p.Paths.Tasks, f.Name))
	}
	for _, f := range p.Tasks {
		files = append(files, f.Path)
	}
	key, err := Key("procgen/1", p.Config.Procgen, files)
	if err != nil {
		return nil, err
	}
	if ReadStamp(p.Paths.Stamps, "procgen").Fresh(key) {
		logf(log, "procgen: %d task files in %s are up to date", len(files), p.Paths.Tasks)
		return files, nil
	}
	start := time.Now()
	if err := os.MkdirAll(p.Paths.Tasks, 0o755); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	tasks := 0
	if len(suite) > 0 {
		all, err := procgen.GenerateSuite(ctx, p.Config.suiteOptions())
		if err != nil {
			return nil, err
		}
		for _, f := range all {
			if !slices.ContainsFunc(suite, func(s procgen.SuiteFile) bool { return s.Name == f.Name }) {
				continue
			}
			if err := procgen.WriteTaskFile(filepath.Join(p.Paths.Tasks, f.Name), f.Tasks); err != nil {
				return nil, err
			}
			tasks += len(f.Tasks)
		}
	}
	for _, f := range p.Tasks {
		if err := steps.Tasks(ctx, f); err != nil {
			return nil, fmt.Errorf("pipeline: %s: %w", f.Name, err)
		}
		ts, err := procgen.ReadTaskFile(f.Path)
		if err != nil {
			return nil, err
		}
		tasks += len(ts)
	}
	stamp := &Stamp{Key: key, Outputs: map[string]string{}}
	for _, f := range files {
		if stamp.Outputs[f], err = FileHash(f); err != nil {
			return nil, fmt.Errorf("pipeline: %w", err)
		}
	}
	if err := WriteStamp(p.Paths.Stamps, "procgen", stamp); err != nil {
		return nil, err
	}
	logf(log, "procgen: wrote %d tasks in %d files to %s in %s", tasks, len(files), p.Paths.Tasks, time.Since(start).Round(time.Millisecond))
	return files, nil
}

// runState identifies the runs' trials without reading them.
func (p *Plan) runState() ([]string, error) {
	var state []string
	for _, dir := range p.RunDirs() {
		s, err := trajectory.ReadState(dir)
		if err != nil {
			return nil, err
		}
		state = append(state, dir+" "+s.Fingerprint)
		state = append(state, s.Files...)
	}
	return state, nil
}

func (p *Plan) viewFile() string { return filepath.Join(p.Paths.View, "view.json") }

func (p *Plan) datasetManifest() string { return filepath.Join(p.Paths.Dataset, "manifest.json") }

// filter writes the filtered view unless it is up to date with the runs.
func (p *Plan) filter(ctx context.Context, steps Steps, log io.Writer) error {
	state, err := p.runState()
	if err != nil {
		return err
	}
	key, err := Key("filter/1", flagPairs(p.Config.Filter), state)
	if err != nil {
		return err
	}
	if ReadStamp(p.Paths.Stamps, "filter").Fresh(key) {
		logf(log, "\nfilter: %s is up to date", p.Paths.View)
		return nil
	}
	logf(log, "")
	if err := steps.Filter(ctx, p.RunDirs(), p.Paths.View); err != nil {
		return err
	}
	sum, err := FileHash(p.viewFile())
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return WriteStamp(p.Paths.Stamps, "filter", &Stamp{Key: key, Outputs: map[string]string{p.viewFile(): sum}})
}

// export writes the dataset unless it is up to date with the view, and
// says whether the dataset's report is to be written (a new dataset, or
// its report is missing).
func (p *Plan) export(ctx context.Context, steps Steps, log io.Writer) (report bool, err error) {
	viewSum, err := FileHash(p.viewFile())
	if err != nil {
		return false, fmt.Errorf("pipeline: %w", err)
	}
	state, err := p.runState()
	if err != nil {
		return false, err
	}
	key, err := Key("export/1", flagPairs(p.Config.Export), p.Config.DatasetName(), viewSum, state)
	if err != nil {
		return false, err
	}
	if ReadStamp(p.Paths.Stamps, "export").Fresh(key) {
		logf(log, "\nexport: %s is up to date", p.Paths.Dataset)
		_, err := os.Stat(p.Paths.Report)
		return err != nil, nil
	}
	if err := p.checkKept(); err != nil {
		return false, err
	}
	logf(log, "")
	if err := steps.Export(ctx, p.Paths.View, p.Paths.Dataset); err != nil {
		return false, err
	}
	sum, err := FileHash(p.datasetManifest())
	if err != nil {
		return false, fmt.Errorf("pipeline: %w", err)
	}
	if err := WriteStamp(p.Paths.Stamps, "export", &Stamp{Key: key, Outputs: map[string]string{p.datasetManifest(): sum}}); err != nil {
		return false, err
	}
	return true, nil
}

// report writes the dataset's audit as an HTML report next to it.
func (p *Plan) report(ctx context.Context, steps Steps, log io.Writer) error {
	if err := steps.Report(ctx, p.Paths.Dataset, p.Paths.Report); err != nil {
		return err
	}
	logf(log, "report: %s (collabcraft audit of the dataset)", p.Paths.Report)
	return nil
}

// checkKept explains an empty filtered view before export fails on it.
func (p *Plan) checkKept() error {
	v, err := filter.ReadView(p.Paths.View)
	if err != nil {
		return err
	}
	if c := v.Report.Transitions; c.Kept > 0 {
		return nil
	}
	var why []string
	for _, r := range filter.Reasons {
		if n := v.Report.Trials.Dropped[r]; n > 0 {
			why = append(why, fmt.Sprintf("%d %s", n, r))
		}
	}
	hint := "loosen the rules, e.g. --set filter.keep-all=true"
	if v.Report.Trials.Dropped[filter.Errored] == v.Report.Trials.In {
		hint = "every trial ended with an error, e.g. " + firstTrialError(p.RunDirs())
	}
	return fmt.Errorf("pipeline: the filter kept no transitions of %d trials (dropped: %s); %s",
		v.Report.Trials.In, strings.Join(why, ", "), hint)
}

// firstTrialError is the error of the first trial that ended with one.
func firstTrialError(runs []string) string {
	r, err := trajectory.Open(runs...)
	if err != nil {
		return err.Error()
	}
	for t, err := range r.Trials() {
		if err != nil {
			return err.Error()
		}
		if t.Outcome.EndReason == trajectory.EndError {
			return fmt.Sprintf("trial %s: %s", t.TrialID, t.Error)
		}
	}
	return "none recorded"
}

// finish gathers the runs' stats and the dataset's manifest.
func (p *Plan) finish(took time.Duration) (*Result, error) {
	in, err := filter.Open(p.RunDirs()...)
	if err != nil {
		return nil, err
	}
	s, err := stats.Collect(in.Trials(), nil)
	if err != nil {
		return nil, err
	}
	m, err := export.ReadManifest(p.Paths.Dataset)
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	return &Result{Stats: s, Took: took, Dataset: *m}, nil
}

// flagPairs are a stage's flags as "name=value", without lines, so a
// moved or commented line does not redo a stage.
func flagPairs(flags Flags) []string {
	out := make([]string, len(flags))
	for i, f := range flags {
		out[i] = f.Name + "=" + f.Value
	}
	return out
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}
