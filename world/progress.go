package world

import "time"

// S-Agents' give-up rule (seed paper 000, §IV.A): a trial whose team has
// made no progress for over 40 minutes after more than 5 attempts gets
// no time cost (NaN). For the kinds it applies to (collection, shelter)
// the world notes each time the score rises as the clock moves
// (Advance, AdvanceTo: a rise is seen when the action that made it has
// taken its time); the organisation counts its attempts and asks GaveUp.
const (
	NoProgressLimit    = 40 * time.Minute
	NoProgressAttempts = 5
)

// The Trial.Metrics keys of the watch: the simulated second of the
// score's last rise (0: it never rose), and the longest stretch without a
// rise (from the start, between rises, to the trial's end).
const (
	ProgressLastMetric  = "progress_last_s"
	ProgressStallMetric = "progress_max_stall_s"
)

type progressWatch struct {
	best  float64
	rises []time.Duration
}

func (w *World) watchProgress() {
	if !w.kind.progress {
		return
	}
	if s := w.Score(); s > w.progress.best {
		w.progress.best = s
		w.progress.rises = append(w.progress.rises, w.now)
	}
}

// ProgressRises are the simulated times the score rose, in order (nil for
// kinds the world does not watch).
func (w *World) ProgressRises() []time.Duration { return w.progress.rises }

// SinceProgress is how long the score has not risen: since its last
// rise, or since the start.
func (w *World) SinceProgress() time.Duration {
	if n := len(w.progress.rises); n > 0 {
		return w.now - w.progress.rises[n-1]
	}
	return w.now
}

// GaveUp is S-Agents' rule: more than NoProgressAttempts attempts (the
// organisation's count: its planning iterations) and no progress for
// over NoProgressLimit.
func (w *World) GaveUp(attempts int) bool {
	return attempts > NoProgressAttempts && w.SinceProgress() > NoProgressLimit
}

// ProgressMetrics are the watch's metrics at the trial's end (none for
// kinds the world does not watch).
func (w *World) ProgressMetrics() map[string]float64 {
	if !w.kind.progress {
		return nil
	}
	var last, stall time.Duration
	for _, t := range w.progress.rises {
		stall = max(stall, t-last)
		last = t
	}
	stall = max(stall, w.now-last)
	return map[string]float64{ProgressLastMetric: last.Seconds(), ProgressStallMetric: stall.Seconds()}
}
