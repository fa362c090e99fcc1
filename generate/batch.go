package generate

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

// BatchConfig is one batch of trials played into a run directory: what
// `collabcraft generate` does, usable from Go.
type BatchConfig struct {
	Dir       string   // the run directory to write or resume
	TaskFiles []string // played in order; a task id may appear once over all files
	Limit     int      // play only the first Limit tasks (0 = all)
	Shard     Shard    // play only this share of the trials (the zero Shard: all)
	Workers   int      // trials played at once (0 = one per CPU)
	// Force writes into a run made with another configuration; its
	// recorded trials are kept and skipped.
	Force bool

	// What decides the trials (RunConfig).
	TrialsPerTask int
	Seed          uint64
	Backends      Backends
	Dialect       world.Dialect
	Wire          Wire
	ThinkTime     float64
	MaxTurns      int

	Seating Seating
	Secrets []string // texts never written to the run (API keys)
	Version string   // collabcraft's version, for run.json
	// Progress, if set, is told about each recorded trial, one call at a
	// time; todo is the number of trials this batch plays.
	Progress func(played Summary, todo int)
}

// Seating seats the agents of each trial and describes the backends for
// run.json; *team.Team is one.
type Seating interface {
	// Seats is Player.Team.
	Seats(names []string) ([]Seat, []trajectory.Member, error)
	// Check fails if the seating names an agent missing from a team of
	// names (the largest team of the batch).
	Check(names []string) error
	// Manifest describes the backends for run.json.
	Manifest() []trajectory.Backend
}

// SeatingError is a seating that does not fit the batch's tasks, e.g. an
// agent name no task has.
type SeatingError struct{ Err error }

func (e *SeatingError) Error() string { return e.Err.Error() }
func (e *SeatingError) Unwrap() error { return e.Err }

// RunBatch reads the task files, checks the seating and the run's
// configuration (a *ConfigChangedError unless c.Force), and plays the
// trials of c.Shard not yet recorded in c.Dir. Trials finished before an
// error or a cancelled ctx are written all the same, so rerunning resumes.
// The Summary is zero when it stopped before playing (bad task files, a
// refused configuration, a run that cannot be opened).
func RunBatch(ctx context.Context, c BatchConfig) (Summary, error) {
	tasks, files, err := readTasks(c.TaskFiles)
	if err != nil {
		return Summary{}, err
	}
	if c.Limit > 0 && c.Limit < len(tasks) {
		tasks = tasks[:c.Limit]
	}
	maxAgents := 1
	for i := range tasks {
		maxAgents = max(maxAgents, tasks[i].AgentCount)
	}
	if err := c.Seating.Check(AgentNames(maxAgents, 0)); err != nil {
		return Summary{}, &SeatingError{Err: err}
	}
	m, err := c.manifest(files, tasks)
	if err != nil {
		return Summary{}, err
	}
	if err := checkResume(c.Dir, m.Config, c.Force); err != nil {
		return Summary{}, err
	}
	label := ""
	if c.Shard.N > 1 {
		label = fmt.Sprintf("shard-%d-of-%d", c.Shard.I, c.Shard.N)
	}
	w, err := trajectory.OpenWriter(c.Dir, m, trajectory.WriterOptions{Force: c.Force, Label: label, Secrets: c.Secrets})
	if err != nil {
		return Summary{}, fmt.Errorf("generate: %w", err)
	}
	sum, err := c.play(ctx, w, tasks)
	if cerr := w.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("generate: %w", cerr)
	}
	return sum, err
}

// play plays the jobs of the batch that are not recorded yet.
func (c *BatchConfig) play(ctx context.Context, w *trajectory.Writer, tasks []procgen.Task) (Summary, error) {
	ix, err := trajectory.ReadIndex(c.Dir)
	if err != nil {
		return Summary{}, fmt.Errorf("generate: %w", err)
	}
	jobs := c.Shard.Of(Jobs(tasks, c.TrialsPerTask, c.Seed))
	todo := 0
	for _, j := range jobs {
		if !ix.Done(j.TrialID()) {
			todo++
		}
	}
	pl := &Player{
		Config:  Config{ThinkTime: c.ThinkTime, MaxTurns: c.MaxTurns, Wire: c.Wire},
		Dialect: c.Dialect,
		Team:    c.Seating.Seats,
	}
	gw := newGroupWriter(w, 16)
	pool := &Pool{Workers: c.Workers, Play: pl.Play, Write: gw.Write, Done: ix.Done}
	if c.Progress != nil {
		pool.Progress = func(s Summary) { c.Progress(s, todo) }
	}
	sum, err := pool.Run(ctx, jobs)
	// Trials finished before a stop are written all the same.
	if werr := gw.Wait(); werr != nil && (err == nil || errors.Is(err, context.Canceled)) {
		err = werr
	}
	return sum, err
}

// groupWriter lets the workers go on playing while finished trials are
// written: up to n writes run at once, so that they share fsyncs
// (trajectory.Writer makes concurrent writes wait for one fsync) instead
// of each worker waiting for its own.
type groupWriter struct {
	w   *trajectory.Writer
	sem chan struct{}
	wg  sync.WaitGroup

	mu  sync.Mutex
	err error // the first failed write
}

func newGroupWriter(w *trajectory.Writer, n int) *groupWriter {
	return &groupWriter{w: w, sem: make(chan struct{}, n)}
}

// Write queues t; it fails once an earlier write has failed, which stops
// the pool.
func (g *groupWriter) Write(t *trajectory.Trial) error {
	if err := g.firstErr(); err != nil {
		return err
	}
	g.sem <- struct{}{}
	g.wg.Add(1)
	go func() {
		defer func() { <-g.sem; g.wg.Done() }()
		if err := g.w.Write(t); err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = fmt.Errorf("generate: writing trial %s: %w", t.TrialID, err)
			}
			g.mu.Unlock()
		}
	}()
	return nil
}

// Wait returns once every queued trial is on disk (or failed).
func (g *groupWriter) Wait() error {
	g.wg.Wait()
	return g.firstErr()
}

func (g *groupWriter) firstErr() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}
