package dag

import (
	"context"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/villagerbench"
)

// TestBenchJudgeActionBudget: the action time is the union of the agents'
// tool intervals, and the trial ends at the first whole-second check
// after it passes the budget.
func TestBenchJudgeActionBudget(t *testing.T) {
	j := &benchJudge{budgets: villagerbench.Budgets{ActionSeconds: 100, WallSeconds: 1000}}
	j.act(0, 60_000)
	j.act(30_000, 90_000) // overlaps the first: 30 s more
	if got := j.actionTime(90_000); got != 90_000 {
		t.Fatalf("action time %v, want 90 s", got)
	}
	if at, reason := j.end(0, 90_000, nil); reason != "" {
		t.Fatalf("ended at %v (%s) under the budget", at, reason)
	}
	j.act(120_000, 150_000) // passes 100 s at 130 s
	if at, reason := j.end(120_000, 125_000, nil); reason != "" {
		t.Fatalf("ended at %v (%s) before the budget passed", at, reason)
	}
	if at, reason := j.end(125_000, 200_000, nil); reason != trajectory.EndActionBudget || at != 131_000 {
		t.Fatalf("end %v %q, want 131 s %q", at, reason, trajectory.EndActionBudget)
	}
}

// TestBenchJudgeNoGain: construction ends 600 s after C's last rise,
// when that rise came more than 600 s in; a C that stops rising earlier
// leaves the trial to its budgets, as build_judger.py reads.
func TestBenchJudgeNoGain(t *testing.T) {
	play := func(rises map[ms]float64, until ms) (ms, string) {
		j := &benchJudge{budgets: villagerbench.Budgets{ActionSeconds: 1e6, WallSeconds: 1e6}, noGain: true, nextScore: scoreEvery, lastBest: -time.Second}
		c := 0.0
		for now := ms(0); now < until; now += 5000 { // an event every 5 s
			if v, ok := rises[now]; ok {
				c = v
			}
			if at, reason := j.end(now, now+5000, func() float64 { return c }); reason != "" {
				return at, reason
			}
		}
		return 0, ""
	}
	if at, reason := play(map[ms]float64{5000: 0.2, 300_000: 0.5}, 3_000_000); reason != "" {
		t.Errorf("C last rose at 300 s: ended at %v (%s), want the budgets to end it", at, reason)
	}
	// C rises at 700 s (seen at the 710 s check), then never again.
	at, reason := play(map[ms]float64{5000: 0.2, 700_000: 0.6}, 3_000_000)
	if reason != trajectory.EndNoGain || at != 1_311_000 {
		t.Errorf("end %v %q, want 1311 s %q", at, reason, trajectory.EndNoGain)
	}
	// A later rise (seen at the 1210 s check) puts the end off.
	at, reason = play(map[ms]float64{5000: 0.2, 700_000: 0.6, 1_200_000: 0.7}, 3_000_000)
	if reason != trajectory.EndNoGain || at != 1_811_000 {
		t.Errorf("end %v %q, want 1811 s %q", at, reason, trajectory.EndNoGain)
	}
}

// TestVillagerBenchBudgetEndsADAGTrial: a farm-to-table trial whose
// agents keep acting without making the dish ends when their action time
// passes the task's action budget (40·D s), well before its wall budget,
// and the record says so.
func TestVillagerBenchBudgetEndsADAGTrial(t *testing.T) {
	tasks, err := procgen.Generate(procgen.KindFarm, procgen.GenerateOptions{Options: procgen.Options{Split: "test", Agents: 2, N: 1, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	task := &tasks[0]
	agents := []string{"Alice", "Bob"}
	w := &counterWorld{names: agents, goal: 1 << 30, dig: 10 * time.Second}
	var seats []generate.Seat
	for _, n := range (Org{}).Seats(agents) {
		seats = append(seats, generate.Seat{Name: n, Backend: planBackend{agents: agents}})
	}
	res, err := Org{}.Play(context.Background(), generate.TrialSpec{Task: task, World: w, Team: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	budget := villagerbench.FarmBudgets(villagerbench.FarmComplexity(task.Farm)).ActionSeconds
	if res.Outcome.EndReason != trajectory.EndActionBudget || res.SimSeconds >= float64(task.Timeout) {
		t.Fatalf("ended %q at %v s (timeout %d s, action budget %v s); %d tools %v", res.Outcome.EndReason, res.SimSeconds, task.Timeout, budget, len(w.at), w.calls)
	}
	// The union of the 10 s digs up to the end passed the budget within
	// the last second.
	union := func(until float64) float64 {
		var covered, end float64
		for _, a := range w.at {
			from, to := a.Seconds(), min(a.Seconds()+10, until)
			if to > end && from < until {
				covered += to - max(from, end)
				end = to
			}
		}
		return covered
	}
	if got := union(res.SimSeconds); got <= budget || union(res.SimSeconds-1) > budget {
		t.Errorf("action time %v s at the end (%v s), %v s a second before; budget %v s", got, res.SimSeconds, union(res.SimSeconds-1), budget)
	}
}
