package dag

import (
	"math"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villagerbench"
)

// benchJudge applies the end rules of VillagerBench's judges to a trial
// of its kinds, besides the task's wall budget (its timeout) and success:
// the agents' action time past its budget ends a construction or a
// farm-to-table trial (build_judger.py, farm_craft_judger.py), and a
// construction whose C has not risen for 600 s, after a rise more than
// 600 s into the trial, ends too (villagerbench.EndReason). The judges
// check once a second; C is recomputed every 10 s.
type benchJudge struct {
	budgets villagerbench.Budgets
	noGain  bool // construction's rule on C
	// The action time: the union of the agents' tool intervals, which
	// start in time order, so it is the covered length and where the
	// cover ends.
	covered, coverEnd ms
	// C's checks: the next one, the best C so far and when it came
	// (negative until C first rises above 0).
	nextScore ms
	best      float64
	lastBest  time.Duration
}

// scoreEvery is how often the construction judge recomputes C.
const scoreEvery = ms(villagerbench.ScoreEvery / time.Millisecond)

// benchJudgeFor is the judge of a VillagerBench task, nil for other kinds
// (or a task whose budgets cannot be read).
func benchJudgeFor(t *procgen.Task) *benchJudge {
	switch t.Type {
	case procgen.TypeVBConstruction:
		bp, err := t.VBBlueprint()
		if err != nil {
			return nil
		}
		b := villagerbench.BudgetsFor(villagerbench.Complexity(bp, villagerbench.DigNeeded))
		return &benchJudge{budgets: b, noGain: true, nextScore: scoreEvery, lastBest: -time.Second}
	case procgen.TypeFarm:
		if t.Farm == nil {
			return nil
		}
		return &benchJudge{budgets: villagerbench.FarmBudgets(villagerbench.FarmComplexity(t.Farm))}
	}
	return nil
}

// act adds an agent's tool interval [from, to].
func (j *benchJudge) act(from, to ms) {
	if to > j.coverEnd {
		j.covered += to - max(from, j.coverEnd)
		j.coverEnd = to
	}
}

// actionTime is the action time at t: the cover less what of it lies
// after t.
func (j *benchJudge) actionTime(t ms) ms { return j.covered - max(0, j.coverEnd-t) }

// end reports whether a check in (now, next] ends the trial, when, and
// with which reason. score is the world's C, as it stands until next.
func (j *benchJudge) end(now, next ms, score func() float64) (ms, string) {
	at, reason := ms(math.MaxInt64), ""
	// The action budget: passed where the cover reaches it, seen at the
	// next whole-second check.
	budget := toMS(j.budgets.ActionSeconds)
	if j.covered > budget {
		cross := j.coverEnd - (j.covered - budget)
		if t := (cross/1000 + 1) * 1000; t <= next {
			at, reason = max(t, now), trajectory.EndActionBudget
		}
	}
	if !j.noGain {
		return at, reason
	}
	wait := durMS(villagerbench.WaitInterval)
	noGainAt := func() ms {
		if j.lastBest <= villagerbench.WaitInterval {
			return ms(math.MaxInt64)
		}
		return durMS(j.lastBest) + wait + 1000
	}
	// The world does not change before next: the first check of C in
	// the interval sees all there is.
	if j.nextScore <= next {
		if t := noGainAt(); t < j.nextScore && t > now && t <= at {
			return t, trajectory.EndNoGain
		}
		if c := score(); c > j.best {
			j.best, j.lastBest = c, j.nextScore.duration()
		}
		for j.nextScore <= next {
			j.nextScore += scoreEvery
		}
	}
	// Both at the same check: the judge writes the wait rule last.
	if t := noGainAt(); t > now && t <= next && t <= at {
		return t, trajectory.EndNoGain
	}
	return at, reason
}
