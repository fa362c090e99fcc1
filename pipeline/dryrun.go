package pipeline

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"collabcraft/generate"
	"collabcraft/stats"
)

// Trials are the generate settings that decide how many trials a
// pipeline plays.
type Trials struct {
	PerTask int
	Limit   int    // tasks of each run played (0 = all)
	Shard   string // "i/n", or "" for all; already checked
	// Backend, Workers and CPUs size the time estimate: generate's
	// --backend and --workers, and the machine's cores.
	Backend string
	Workers int
	CPUs    int
}

// DryRun writes what the pipeline would make: its task files with their
// tasks and trials, the totals by type and split, and the trials played.
func (p *Plan) DryRun(out io.Writer, trials Trials) error {
	counts := p.Config.SuiteCounts()
	for _, f := range p.Tasks {
		counts = append(counts, Count{File: f.Name, Kind: f.Kind, Split: f.Split, Agents: f.Agents, Tasks: f.Tasks})
	}
	per := trials.PerTask
	t := stats.Table{Title: fmt.Sprintf("pipeline %s (%s): task files in %s, runs in %s", p.Config.Name, p.Source, p.Paths.Tasks, p.Paths.Runs),
		Header: []string{"file", "type", "split", "agents", "run", "tasks", "trials"}}
	total := 0
	for _, c := range counts {
		run := filepath.Base(p.Config.RunDir(c.Agents))
		t.Rows = append(t.Rows, []string{c.File, c.Kind, c.Split, strconv.Itoa(c.Agents), run, strconv.Itoa(c.Tasks), strconv.Itoa(c.Tasks * per)})
		total += c.Tasks
	}
	if err := t.WriteText(out); err != nil {
		return err
	}
	keys, tasks := Totals(counts)
	t = stats.Table{Title: "\nby type and split:", Header: []string{"type", "split", "tasks", "trials"}}
	for _, k := range keys {
		t.Rows = append(t.Rows, []string{k[0], k[1], strconv.Itoa(tasks[k]), strconv.Itoa(tasks[k] * per)})
	}
	t.Rows = append(t.Rows, []string{"total", "", strconv.Itoa(total), strconv.Itoa(total * per)})
	if err := t.WriteText(out); err != nil {
		return err
	}
	// The limit and the shard apply to each run (each is one generate call).
	played := 0
	for _, r := range p.Runs {
		n := 0
		for _, c := range counts {
			if c.Agents == r.Agents {
				n += c.Tasks
			}
		}
		if trials.Limit > 0 {
			n = min(n, trials.Limit)
		}
		n *= per
		if trials.Shard != "" {
			sh, _ := generate.ParseShard(trials.Shard)
			n = len(sh.Of(make([]generate.Job, n)))
		}
		played += n
	}
	if trials.Limit > 0 {
		fmt.Fprintf(out, "generate --limit %d: only the first %d tasks of each run are played\n", trials.Limit, trials.Limit)
	}
	if trials.Shard != "" {
		fmt.Fprintf(out, "generate --shard %s: this machine plays %d of the trials\n", trials.Shard, played)
	}
	if _, err := fmt.Fprintf(out, "\n%d trials (%d per task) -> runs %s -> view %s -> dataset %s\n",
		played, per, strings.Join(p.RunDirs(), ", "), p.Paths.View, p.Paths.Dataset); err != nil {
		return err
	}
	// The estimate counts each type's share of the trials played.
	byType := map[string]int{}
	for k, n := range tasks {
		if total > 0 {
			byType[k[0]] += n * per * played / (total * per)
		}
	}
	return estimate(out, byType, trials)
}
