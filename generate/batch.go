package generate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"collabcraft/generate/latency"
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
	// Strict refuses a task file that holds an invalid task; otherwise the
	// invalid tasks are left out with a warning and the others played.
	Strict bool
	// TaskLimits bound the task files and tasks read (sizes of files,
	// goals, blueprints); a task past them is invalid.
	TaskLimits procgen.Limits
	// TrialTimeout, if set, is each trial's budget of real time: a trial
	// past it ends with end_reason error, and the batch goes on.
	TrialTimeout time.Duration
	Log          *slog.Logger // where warnings go; nil: slog.Default()

	// What decides the trials (RunConfig).
	TrialsPerTask int
	Seed          uint64
	Backends      Backends
	Profiles      *ProfileSet   // nil: minecollab's
	Dialect       world.Dialect // "" = the profiles'
	API           string        // the MINDcraft API the calls are shaped for (recorded)

	Org       Organisation // nil: P2P
	Wire      Wire
	ThinkTime float64
	Latency   *latency.Model // nil: every call takes ThinkTime
	MaxTurns  int
	Coding    Coding // "" is CodingAuto

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

// RunBatch reads and checks the task files (leaving out invalid tasks
// with a warning each, unless c.Strict), checks the seating and the run's
// configuration (a *ConfigChangedError unless c.Force), and plays the
// trials of c.Shard not yet recorded in c.Dir. Trials finished before an
// error or a cancelled ctx are written all the same, so rerunning resumes.
// The Summary is zero when it stopped before playing (bad task files, a
// refused configuration, a run that cannot be opened), but for Invalid
// once the run was opened. Its trial counts are of the trials written.
func RunBatch(ctx context.Context, c BatchConfig) (Summary, error) {
	ts, err := readTasks(c.TaskFiles, c.Strict, c.TaskLimits)
	if err != nil {
		return Summary{}, err
	}
	log := c.Log
	if log == nil {
		log = slog.Default()
	}
	for _, p := range ts.ignored {
		log.Warn("generate: ignoring a task entry, as MINDcraft does", "file", p.File, "task", p.TaskID, "field", p.Field, "problem", p.Message)
	}
	for _, p := range ts.invalid {
		log.Warn("generate: skipping an invalid task", "file", p.File, "task", p.TaskID, "field", p.Field, "problem", p.Message)
	}
	for _, why := range ts.leaveOutUnplayed(orgOrP2P(c.Org).Name()) {
		log.Warn("generate: skipping a task the organisation does not play", "problem", why)
	}
	if len(ts.tasks) == 0 {
		return Summary{}, fmt.Errorf("generate: no task of %s is played by --org %s (%d left out)", strings.Join(c.TaskFiles, ", "), orgOrP2P(c.Org).Name(), len(ts.skipped))
	}
	tasks := ts.tasks
	if c.Limit > 0 && c.Limit < len(tasks) {
		tasks = tasks[:c.Limit]
	}
	maxAgents := 1
	for i := range tasks {
		maxAgents = max(maxAgents, tasks[i].AgentCount)
	}
	if err := c.Seating.Check(orgOrP2P(c.Org).Seats(AgentNames(maxAgents, 0))); err != nil {
		return Summary{}, &SeatingError{Err: err}
	}
	m, err := c.manifest(ts, tasks)
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
	sum.Invalid = len(ts.skipped)
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
		Config:   Config{ThinkTime: c.ThinkTime, Latency: c.Latency, MaxTurns: c.MaxTurns, Wire: c.Wire, Coding: c.Coding},
		Profiles: c.Profiles,
		Dialect:  c.Dialect,
		Team:     c.Seating.Seats,
		Org:      c.Org,
		Budget:   c.TrialTimeout,
	}
	gw := newGroupWriter(w, 16)
	if c.Progress != nil {
		gw.progress = func(s Summary) { c.Progress(s, todo) }
	}
	pb, err := packBlueprints(tasks)
	if err != nil {
		return Summary{}, err
	}
	defer pb.close()
	play := func(ctx context.Context, job Job) (*trajectory.Trial, error) {
		job, err := pb.unpack(job)
		if err != nil {
			return nil, err
		}
		return pl.Play(ctx, job)
	}
	pool := &Pool{Workers: c.Workers, Play: play, Write: gw.Write, Done: ix.Done}
	played, err := pool.Run(ctx, jobs)
	// Trials finished before a stop are written all the same. The summary
	// counts the trials written, not those handed to the writer: after a
	// failed write (a full disk) they differ.
	sum, werr := gw.Wait()
	sum.Total, sum.Skipped, sum.Wall = played.Total, played.Skipped, played.Wall
	if werr != nil && (err == nil || errors.Is(err, context.Canceled) || errors.Is(err, errEarlierWriteFailed)) {
		err = werr
	}
	return sum, err
}

// groupWriter lets the workers go on playing while finished trials are
// written: up to n writes run at once, so that they share fsyncs
// (trajectory.Writer makes concurrent writes wait for one fsync) instead
// of each worker waiting for its own.
type groupWriter struct {
	w        *trajectory.Writer
	sem      chan struct{}
	wg       sync.WaitGroup
	progress func(written Summary) // told about each trial written, one call at a time

	mu      sync.Mutex
	written Summary // the trials written
	err     error   // the first failed write
}

// errEarlierWriteFailed refuses a trial once a write has failed; the
// error of that write, which names its trial, is the one to report.
var errEarlierWriteFailed = errors.New("generate: not written, as an earlier write failed")

func newGroupWriter(w *trajectory.Writer, n int) *groupWriter {
	return &groupWriter{w: w, sem: make(chan struct{}, n)}
}

// Write queues t; once an earlier write has failed it refuses t with
// errEarlierWriteFailed, which stops the pool.
func (g *groupWriter) Write(t *trajectory.Trial) error {
	g.mu.Lock()
	failed := g.err != nil
	g.mu.Unlock()
	if failed {
		return errEarlierWriteFailed
	}
	g.sem <- struct{}{}
	g.wg.Add(1)
	go func() {
		defer func() { <-g.sem; g.wg.Done() }()
		err := g.w.Write(t)
		g.mu.Lock()
		defer g.mu.Unlock()
		switch {
		case err == nil:
			g.written.add(t)
			if g.progress != nil {
				g.progress(g.written)
			}
		case g.err == nil:
			g.err = fmt.Errorf("generate: writing the run: %w", err) // the writer names the trial
		}
	}()
	return nil
}

// Wait returns once every queued trial is on disk (or failed), with what
// was written and the first failure.
func (g *groupWriter) Wait() (Summary, error) {
	g.wg.Wait()
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.written, g.err
}
