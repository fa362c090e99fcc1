package generate

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"collabcraft/procgen"
	"collabcraft/trajectory"
)

func TestJobsSeedsAndShards(t *testing.T) {
	tasks := []procgen.Task{{ID: "a"}, {ID: "b"}, {ID: "c"}}
	jobs := Jobs(tasks, 2, 9)
	if len(jobs) != 6 || jobs[0].TrialID() != "a#0" || jobs[5].TrialID() != "c#1" {
		t.Fatalf("jobs: %v", jobs)
	}
	seeds := map[uint64]bool{}
	for _, j := range jobs {
		seeds[j.Seed] = true
		if j.Seed != TrialSeed(9, j.Task.ID, j.Attempt) {
			t.Error("seed not from TrialSeed")
		}
	}
	if len(seeds) != 6 || TrialSeed(9, "a", 0) == TrialSeed(10, "a", 0) {
		t.Error("seeds collide")
	}
	rev := Jobs([]procgen.Task{{ID: "c"}, {ID: "b"}, {ID: "a"}}, 2, 9)
	if rev[0].Seed != jobs[4].Seed {
		t.Error("a trial's seed depends on task order")
	}
	var all []string
	for i := range 4 {
		s, err := ParseShard(fmt.Sprintf("%d/4", i))
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range s.Of(jobs) {
			all = append(all, j.TrialID())
		}
	}
	slices.Sort(all)
	if len(all) != 6 || len(slices.Compact(slices.Clone(all))) != 6 {
		t.Errorf("shards do not partition the jobs: %v", all)
	}
	for _, bad := range []string{"4/4", "-1/2", "1", "a/b", "0/0"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// chattyTeam is a deterministic stand-in for an agent backend: it checks
// its inventory, messages its partner, then falls silent.
func chattyTeam(names []string) ([]Seat, []trajectory.Member, error) {
	b := funcBackend(func(req Request) (Reply, error) {
		v := req.View
		switch {
		case req.Kind == trajectory.KindMemory:
			return Reply{Text: "mem"}, nil
		case v.Step == 0:
			return Reply{Text: "Let me look. !inventory"}, nil
		case v.Step == 1 && len(v.Team) > 1:
			return Reply{Text: `!startConversation("` + v.Team[(v.Agent+1)%len(v.Team)] + `", "What do you have?")`}, nil
		}
		return Reply{Text: "\t"}, nil
	})
	var seats []Seat
	var members []trajectory.Member
	for _, n := range names {
		seats = append(seats, Seat{Name: n, Backend: b})
		members = append(members, trajectory.Member{Name: n, Backend: "test"})
	}
	return seats, members, nil
}

func readRun(t *testing.T, dir string) []*trajectory.Trial {
	t.Helper()
	r, err := trajectory.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*trajectory.Trial
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		tr.WallSeconds, tr.StartedAt, tr.Run = 0, time.Time{}, ""
		out = append(out, tr)
	}
	return out
}

func runPool(t *testing.T, dir string, workers int, jobs []Job, resume bool) Summary {
	t.Helper()
	w, err := trajectory.OpenWriter(dir, &trajectory.Manifest{Name: "test", Config: []byte(`{"x":1}`)}, trajectory.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	pl := &Player{Team: chattyTeam}
	p := &Pool{Workers: workers, Play: pl.Play, Write: w.Write}
	if resume {
		ix, err := trajectory.ReadIndex(dir)
		if err != nil {
			t.Fatal(err)
		}
		p.Done = ix.Done
	}
	sum, err := p.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// The same jobs give the same records with 1 or 8 workers; a rerun skips
// what is recorded.
func TestPoolWorkersAndResume(t *testing.T) {
	tasks, err := procgen.ReadTaskFile("../procgen/testdata/mindcraft_crafting.json")
	if err != nil {
		t.Fatal(err)
	}
	tasks = tasks[:4]
	for i := range tasks {
		tasks[i].Timeout = 40
	}
	jobs := Jobs(tasks, 2, 3)
	d1, d8 := t.TempDir(), t.TempDir()
	s1 := runPool(t, d1, 1, jobs, false)
	s8 := runPool(t, d8, 8, jobs, false)
	if s1.Trials != 8 || s8.Trials != 8 || s1.Transitions != s8.Transitions || s1.Transitions < 30 {
		t.Fatalf("summaries %+v %+v", s1, s8)
	}
	r1, r8 := readRun(t, d1), readRun(t, d8)
	for i := range r1 {
		for _, a := range append(r1[i].Agents, r8[i].Agents...) {
			for k := range a.Transitions {
				a.Transitions[k].Latency = 0
			}
		}
	}
	if !reflect.DeepEqual(r1, r8) {
		t.Error("records differ between 1 and 8 workers")
	}
	if again := runPool(t, d1, 4, jobs, true); again.Skipped != 8 || again.Trials != 0 {
		t.Errorf("resume: %+v", again)
	}
}

func TestPoolStopsOnCancelAndErrors(t *testing.T) {
	jobs := Jobs([]procgen.Task{{ID: "a"}, {ID: "b"}, {ID: "c"}}, 3, 1)
	ctx, cancel := context.WithCancel(context.Background())
	written := 0
	p := &Pool{Workers: 2,
		Play: func(ctx context.Context, j Job) (*trajectory.Trial, error) {
			if j.TrialID() == "a#1" {
				cancel()
			}
			<-ctx.Done()
			return nil, ctx.Err()
		},
		Write: func(*trajectory.Trial) error { written++; return nil },
	}
	if _, err := p.Run(ctx, jobs); !errors.Is(err, context.Canceled) || written != 0 {
		t.Errorf("cancel: %v, %d written", err, written)
	}
	p.Play = func(ctx context.Context, j Job) (*trajectory.Trial, error) {
		return nil, errors.New("generate: task " + j.Task.ID + ": bad blueprint")
	}
	if _, err := p.Run(context.Background(), jobs); err == nil || !strings.Contains(err.Error(), "bad blueprint") {
		t.Errorf("error: %v", err)
	}
}

// A trial past its time budget ends with an error of its own, and the
// batch goes on (issue 26: a huge task held its worker for good).
func TestTrialBudget(t *testing.T) {
	tasks, err := procgen.ReadTaskFile("../procgen/testdata/mindcraft_crafting.json")
	if err != nil {
		t.Fatal(err)
	}
	slow := funcBackendCtx(func(ctx context.Context, req Request) (Reply, error) {
		<-ctx.Done() // a call that never answers in time
		return Reply{}, ctx.Err()
	})
	pl := &Player{Team: SeatAll(slow, "slow"), Budget: 50 * time.Millisecond}
	var mu sync.Mutex
	var trials []*trajectory.Trial
	p := &Pool{Workers: 2, Play: pl.Play, Write: func(tr *trajectory.Trial) error {
		mu.Lock()
		defer mu.Unlock()
		trials = append(trials, tr)
		return nil
	}}
	sum, err := p.Run(context.Background(), Jobs(tasks[:3], 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Trials != 3 || sum.Errors != 3 {
		t.Fatalf("summary %+v", sum)
	}
	for _, tr := range trials {
		if tr.Outcome.EndReason != trajectory.EndError || !strings.Contains(tr.Error, "time budget (50ms of real time; generate --trial-timeout raises it)") {
			t.Errorf("%s: %s %q", tr.TrialID, tr.Outcome.EndReason, tr.Error)
		}
	}
}

type funcBackendCtx func(ctx context.Context, req Request) (Reply, error)

func (f funcBackendCtx) Complete(ctx context.Context, req Request) (Reply, error) { return f(ctx, req) }
