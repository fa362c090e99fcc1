package generate

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"collabcraft/trajectory"
)

// Pool plays jobs in parallel and hands each finished trial to Write.
type Pool struct {
	// Workers is the number of trials played at once (0 = the number of
	// CPUs).
	Workers int
	// Play plays one job. An error other than the context's stops the
	// pool (e.g. a task that cannot be built); backend failures are not
	// errors but trials ending with end_reason "error".
	Play func(ctx context.Context, job Job) (*trajectory.Trial, error)
	// Write records a finished trial (e.g. trajectory.Writer.Write); it is
	// called from several goroutines.
	Write func(*trajectory.Trial) error
	// Done reports trials already recorded, which are skipped (resume);
	// nil skips nothing.
	Done func(trialID string) bool
	// Progress is told about each recorded trial, one call at a time.
	Progress func(Summary)
}

// Summary counts what a pool did.
type Summary struct {
	Total            int // jobs given
	Invalid          int // tasks left out as invalid (RunBatch), whose trials are not among the jobs
	Skipped          int // already recorded
	Trials           int // played and recorded now
	Successes        int
	Errors           int // trials that ended with end_reason error
	Transitions      int
	PromptTokens     int64
	CompletionTokens int64
	Voice            VoiceUsage // a voice's calls (from the trials' metrics)
	Wall             time.Duration
}

// Run plays every job not yet done, at most Workers at a time. On the
// first failure or when ctx is cancelled no new trial starts and the ones
// running are abandoned unwritten; Run then returns the error
// (context.Canceled after Ctrl-C).
func (p *Pool) Run(ctx context.Context, jobs []Job) (Summary, error) {
	start := time.Now()
	sum := Summary{Total: len(jobs)}
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	var mu sync.Mutex
	for _, job := range jobs {
		if p.Done != nil && p.Done(job.TrialID()) {
			sum.Skipped++
			continue
		}
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			t, err := p.Play(gctx, job)
			if err != nil {
				return err
			}
			if err := gctx.Err(); err != nil {
				return err // stopping: do not write what was cut short
			}
			if err := p.Write(t); err != nil {
				return fmt.Errorf("generate: writing trial %s: %w", t.TrialID, err)
			}
			mu.Lock()
			defer mu.Unlock()
			sum.add(t)
			if p.Progress != nil {
				p.Progress(sum)
			}
			return nil
		})
	}
	err := g.Wait()
	if err == nil {
		err = ctx.Err()
	}
	sum.Wall = time.Since(start)
	return sum, err
}

func (s *Summary) add(t *trajectory.Trial) {
	s.Trials++
	if t.Outcome.Success {
		s.Successes++
	}
	if t.Outcome.EndReason == trajectory.EndError {
		s.Errors++
	}
	for _, a := range t.Agents {
		s.Transitions += len(a.Transitions)
		for _, tr := range a.Transitions {
			s.PromptTokens += int64(tr.Usage.PromptTokens)
			s.CompletionTokens += int64(tr.Usage.CompletionTokens)
		}
	}
	m := t.Metrics
	s.Voice.add(VoiceUsage{Calls: int(m[VoiceCallsMetric]), Rejected: int(m[VoiceRejectedMetric]),
		Usage: trajectory.Usage{PromptTokens: int(m[VoicePromptTokensMetric]), CompletionTokens: int(m[VoiceCompletionTokensMetric])}})
}
