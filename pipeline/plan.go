package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"collabcraft/procgen"
)

// Paths are where a pipeline writes, all under Config.Out.
type Paths struct {
	Tasks   string // task files
	Runs    string // the generate runs (RunDir)
	View    string // the filtered view of the runs
	Dataset string // the exported dataset
	Report  string // the dataset's audit, an HTML report
	Stamps  string // stage stamps (resume)
}

// Paths lays out the pipeline's directories.
func (c *Config) Paths() Paths {
	return Paths{
		Tasks:   filepath.Join(c.Out, "tasks"),
		Runs:    filepath.Join(c.Out, "runs"),
		View:    filepath.Join(c.Out, "runs", c.Name+".filtered"),
		Dataset: filepath.Join(c.Out, "dataset"),
		Report:  filepath.Join(c.Out, "dataset.report.html"),
		Stamps:  filepath.Join(c.Out, ".pipeline"),
	}
}

// RunDir is the run of the task files for teams of agents: runs/NAME for
// 2 agents, runs/NAME-3agents for 3. Teams of each size play in a run of
// their own because the suite's files for more agents reuse task ids of
// the 2-agent files, and a task id names its trials within a run.
func (c *Config) RunDir(agents int) string {
	name := c.Name
	if agents != 2 {
		name = fmt.Sprintf("%s-%dagents", c.Name, agents)
	}
	return filepath.Join(c.Out, "runs", name)
}

// SuiteFiles are the suite files the config keeps, in suite order, with
// the number of tasks each asks for (not yet generated).
func (c *Config) SuiteFiles() []procgen.SuiteFile {
	if c.Procgen.Suite == SuiteNone || c.Procgen.Suite == "" {
		return nil
	}
	var out []procgen.SuiteFile
	for _, f := range procgen.SuitePlan(c.suiteOptions()) {
		if c.Procgen.keeps(f) {
			out = append(out, f)
		}
	}
	return out
}

func (c *Config) suiteOptions() procgen.SuiteOptions {
	return procgen.SuiteOptions{Seed: c.Procgen.Seed, Demo: c.Procgen.Suite == SuiteDemo}
}

func (p *Procgen) keeps(f procgen.SuiteFile) bool {
	return (len(p.Types) == 0 || slices.Contains(p.Types, f.Kind)) &&
		(len(p.Splits) == 0 || slices.Contains(p.Splits, f.Split)) &&
		(len(p.Agents) == 0 || slices.Contains(p.Agents, f.Agents))
}

// TaskFileName is the default file name of a `procgen tasks` entry:
// crafting_train.json, or crafting_test_3_agents.json for more agents.
func TaskFileName(kind, split string, agents int) string {
	if agents > 2 {
		return fmt.Sprintf("%s_%s_%d_agents.json", kind, split, agents)
	}
	return kind + "_" + split + ".json"
}

// Count is one line of a dry run: a task file and what it would produce.
type Count struct {
	File   string
	Kind   string
	Split  string
	Agents int
	Tasks  int
}

// SuiteCounts lists the suite files of a dry run.
func (c *Config) SuiteCounts() []Count {
	var out []Count
	for _, f := range c.SuiteFiles() {
		out = append(out, Count{File: f.Name, Kind: f.Kind, Split: f.Split, Agents: f.Agents, Tasks: f.N})
	}
	return out
}

// Totals sums counts by kind and split, in suite order.
func Totals(counts []Count) (keys [][2]string, tasks map[[2]string]int) {
	tasks = map[[2]string]int{}
	for _, c := range counts {
		k := [2]string{c.Kind, c.Split}
		if _, ok := tasks[k]; !ok {
			keys = append(keys, k)
		}
		tasks[k] += c.Tasks
	}
	order := func(k [2]string) string {
		return strconv.Itoa(slices.Index(procgen.Kinds(), k[0])) + strconv.Itoa(slices.Index([]string{procgen.SplitTrain, procgen.SplitDev, procgen.SplitTest}, k[1]))
	}
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		switch oa, ob := order(a), order(b); {
		case oa < ob:
			return -1
		case oa > ob:
			return 1
		}
		return 0
	})
	return keys, tasks
}
