package generate

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"collabcraft/procgen"
)

// Job is one trial to play: a task and its attempt number (0-based).
type Job struct {
	Task    *procgen.Task
	Attempt int
	Seed    uint64 // the trial seed (TrialSeed)
}

// TrialID names the trial of a job in a run: "{task id}#{attempt}".
func (j Job) TrialID() string { return TrialID(j.Task.ID, j.Attempt) }

// TrialID is the id of attempt a of a task.
func TrialID(taskID string, attempt int) string { return taskID + "#" + strconv.Itoa(attempt) }

// TrialSeed derives a trial's seed from the run seed, the task id and the
// attempt, so a trial gets the same seed whatever the worker count, shard
// or order it runs in.
func TrialSeed(runSeed uint64, taskID string, attempt int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(taskID))
	return callSeed(runSeed^h.Sum64(), attempt, 0)
}

// Jobs lists the (task, attempt) pairs of a run in a fixed order: each task
// in file order, attempts 0..trialsPerTask-1.
func Jobs(tasks []procgen.Task, trialsPerTask int, runSeed uint64) []Job {
	jobs := make([]Job, 0, len(tasks)*trialsPerTask)
	for i := range tasks {
		for a := range trialsPerTask {
			jobs = append(jobs, Job{Task: &tasks[i], Attempt: a, Seed: TrialSeed(runSeed, tasks[i].ID, a)})
		}
	}
	return jobs
}

// Shard is one of n deterministic shares of a job list (job k goes to
// shard k mod n), so n machines can split one run and merge their runs.
type Shard struct{ I, N int }

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("generate: bad shard %q (expected i/n with 0 <= i < n, e.g. 0/4)", s)
	}
	return Shard{I: i, N: n}, nil
}

// Of returns the jobs of this shard; the zero Shard keeps all.
func (s Shard) Of(jobs []Job) []Job {
	if s.N <= 1 {
		return jobs
	}
	var out []Job
	for k, j := range jobs {
		if k%s.N == s.I {
			out = append(out, j)
		}
	}
	return out
}
