package scripted

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"collabcraft/generate"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/command"
	"collabcraft/world/js"
)

// The behaviour snapshot: what the scripted experts do, apart from their
// words, on every trial of the default suites (procgen's paper-sized suite
// files, suite seed 0, run seed 1: what `pipeline --preset minecollab`
// plays). Per trial it keeps the outcome and, per agent, the sequence of
// its calls' decisions: each command with its arguments but free-text ones
// (a message, a !newAction prompt), chat, silence, a program's code (as a
// digest) and bot_responder answers. Memory calls are words and are left
// out. A redesign that must not change behaviour keeps the snapshot
// identical; one that changes behaviour rewrites it with -update-behaviour
// and the diff shows which trials changed and how.
//
//	go test ./generate/scripted -run TestBehaviourSnapshot                 # a sample of every file
//	go test ./generate/scripted -run TestBehaviourSnapshot -full           # every trial (minutes)
//	go test ./generate/scripted -run TestBehaviourSnapshot -full -update-behaviour
//	go test ./generate/scripted -run TestBehaviourSnapshot -trials ID,ID -update-behaviour   # those trials' entries
var (
	updateBehaviour = flag.Bool("update-behaviour", false, "rewrite testdata/behaviour/ by playing the whole default suites (with -trials: only those trials' entries)")
	dumpWords       = flag.String("dump-words", "", "write every response of the trials played to this file, to diff the words of two versions")
	onlyTrials      = flag.String("trials", "", "play only these trials of the default suites (comma-separated trial ids), to look at one again")
)

const behaviourDir = "testdata/behaviour"

// behaviourRunSeed is `collabcraft generate`'s default --seed.
const behaviourRunSeed = 1

// behaviourSample is how many tasks of each suite file the default test
// plays; -short plays fewer, -full all.
func behaviourSample(kind string) int {
	n := 12
	if kind == procgen.KindConstruction {
		n = 3
	}
	if testing.Short() {
		n = max(n/3, 1)
	}
	return n
}

// sampleTasks are n tasks spread evenly over the file (its first among
// them), so a sample meets every part of the knob grid the file walks.
func sampleTasks(tasks []procgen.Task, n int) []procgen.Task {
	if n >= len(tasks) {
		return tasks
	}
	out := make([]procgen.Task, n)
	for i := range n {
		out[i] = tasks[i*len(tasks)/n]
	}
	return out
}

// chosenTasks are the tasks of the trials ids names.
func chosenTasks(tasks []procgen.Task, ids []string) []procgen.Task {
	var out []procgen.Task
	for _, task := range tasks {
		if slices.Contains(ids, generate.TrialID(task.ID, 0)) {
			out = append(out, task)
		}
	}
	return out
}

// freeText are the parameters whose values are words, not decisions.
var freeText = map[string]bool{"message": true, "prompt": true, "selfPrompt": true, "query": true}

// specs are MINDcraft's commands by name.
var specs = func() map[string]command.Spec {
	m := map[string]command.Spec{}
	for _, s := range command.All() {
		m[s.Name] = s
	}
	return m
}()

// behaviourOf is one call's decision as the snapshot keeps it.
func behaviourOf(tr *trajectory.Transition) (string, bool) {
	switch tr.Kind {
	case trajectory.KindMemory:
		return "", false
	case trajectory.KindBotResponder:
		return "responder:" + strings.TrimSpace(tr.Response), true
	case trajectory.KindCoding:
		code := tr.Response
		if i, j := strings.Index(code, "```"), strings.LastIndex(code, "```"); i >= 0 && j > i {
			code = code[i:j]
		} else {
			return "code:none", true
		}
		sum := sha256.Sum256([]byte(code))
		return "code:" + hex.EncodeToString(sum[:4]), true
	}
	if strings.TrimSpace(tr.Response) == "" {
		return "silent", true
	}
	m, ok := command.Find(tr.Response)
	if !ok {
		return "chat", true
	}
	args := slices.Clone(m.Args)
	if spec, ok := specs[m.Name]; ok {
		for i := range args {
			if i < len(spec.Params) && freeText[spec.Params[i].Name] {
				args[i] = "…"
			}
		}
	}
	if len(args) == 0 {
		return m.Name, true
	}
	return m.Name + "(" + strings.Join(args, ",") + ")", true
}

// behaviourLines are a trial's lines in the snapshot: the outcome, then one
// line per agent.
func behaviourLines(r *trajectory.Trial) []string {
	o := r.Outcome
	out := []string{fmt.Sprintf("%s success=%v score=%s end=%s sim=%s", r.TrialID, o.Success,
		strconv.FormatFloat(o.Score, 'g', 6, 64), o.EndReason, strconv.FormatFloat(r.SimSeconds, 'f', 1, 64))}
	for _, a := range r.Agents {
		var b strings.Builder
		b.WriteString("  " + a.Name + ":")
		for i := range a.Transitions {
			if d, ok := behaviourOf(&a.Transitions[i]); ok {
				b.WriteString(" " + d)
			}
		}
		out = append(out, b.String())
	}
	return out
}

// behaviourFiles are the default suite's files, generated.
func behaviourFiles(t testing.TB) []procgen.SuiteFile {
	files, err := procgen.GenerateSuite(context.Background(), procgen.SuiteOptions{Seed: 0})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// wordsOf is a digest of every response of a trial, words included: a
// refactoring that keeps it keeps the datasets byte for byte.
func wordsOf(r *trajectory.Trial) [32]byte {
	h := sha256.New()
	for _, a := range r.Agents {
		for _, tr := range a.Transitions {
			h.Write([]byte(tr.Response))
			h.Write([]byte{0})
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// liftLoadLimits raises world/js's memory limit while the snapshot plays
// and returns the limits it replaces (production's). The memory limit is
// a backstop against runaway code that depends on the machine: on the
// process's heap, which the other trials in the pool share, so on a busy
// pool it could stop a sound program of a large house, and the same trial
// would behave differently from run to run. Lifted, the snapshot records
// what the experts do, every time. Lifting must not hide a program
// production would stop, so a program that still hits the lifted limit,
// or production's wall time, fails the test (playBehaviour), and the
// costliest program of the run is played again, alone, under production's
// memory limit, its CPU time held under half of production's wall time
// (checkProductionLimits). The wall time is not lifted: the step budget,
// which counts the skills' path searches too, ends any program long
// before it.
func liftLoadLimits(t testing.TB) js.Limits {
	saved := js.DefaultLimits
	js.DefaultLimits.Memory = 4 << 30
	t.Cleanup(func() { js.DefaultLimits = saved })
	return saved
}

// programCost is the costliest program of the trials played: the most
// wall time one took, and the most CPU time (the process's, which is the
// program's only when its trial plays alone).
type programCost struct {
	mu    sync.Mutex
	job   generate.Job
	agent int
	wall  time.Duration
	cpu   time.Duration
}

// costOrg is P2P with every program's cost measured (costWorld).
type costOrg struct {
	generate.Organisation
	job  generate.Job
	cost *programCost
}

func (o costOrg) Play(ctx context.Context, spec generate.TrialSpec) (*generate.TrialResult, error) {
	cw, ok := spec.World.(generate.CodeWorld)
	if !ok {
		return nil, fmt.Errorf("behaviour snapshot: task %s: the world runs no code", spec.Task.ID)
	}
	spec.World = costWorld{cw, o.job, o.cost}
	return o.Organisation.Play(ctx, spec)
}

type costWorld struct {
	generate.CodeWorld
	job  generate.Job
	cost *programCost
}

func (w costWorld) ExecuteCode(agent int, code string) generate.CodeResult {
	start, cpu := time.Now(), cpuTime()
	res := w.CodeWorld.ExecuteCode(agent, code)
	d, c := time.Since(start), cpuTime()-cpu
	w.cost.mu.Lock()
	defer w.cost.mu.Unlock()
	if d > w.cost.wall {
		w.cost.job, w.cost.agent, w.cost.wall = w.job, agent, d
	}
	w.cost.cpu = max(w.cost.cpu, c)
	return res
}

// behaviourPlayer plays as `collabcraft generate` does by default, each
// program's cost measured into cost.
func behaviourPlayer(job generate.Job, cost *programCost) *generate.Player {
	return &generate.Player{Team: generate.SeatAll(New(DefaultOptions()), "scripted"),
		Org: costOrg{generate.P2P, job, cost}}
}

// playBehaviour plays tasks as `collabcraft generate` does by default and
// returns each trial's snapshot lines, in task order, and the digest of
// their words; the costliest program is kept in cost. A trial in which a
// program ran into a lifted limit fails the test: that program ran away.
func playBehaviour(t testing.TB, tasks []procgen.Task, cost *programCost) ([][]string, [][32]byte) {
	jobs := generate.Jobs(tasks, 1, behaviourRunSeed)
	out := make([][]string, len(jobs))
	words := make([][32]byte, len(jobs))
	index := map[string]int{}
	for i, j := range jobs {
		index[j.TrialID()] = i
	}
	var mu sync.Mutex
	play := func(ctx context.Context, job generate.Job) (*trajectory.Trial, error) {
		return behaviourPlayer(job, cost).Play(ctx, job)
	}
	pool := &generate.Pool{Workers: runtime.GOMAXPROCS(0), Play: play, Write: func(r *trajectory.Trial) error {
		mu.Lock()
		defer mu.Unlock()
		i := index[r.TrialID]
		out[i], words[i] = behaviourLines(r), wordsOf(r)
		if *dumpWords != "" {
			dumped[r.TrialID] = responsesOf(r)
		}
		if hitLoadLimit(r) {
			t.Errorf("%s: a program ran into world/js's wall time (%s) or its memory limit, lifted to %d MiB: it runs away",
				r.TrialID, js.DefaultLimits.Wall, js.DefaultLimits.Memory>>20)
		}
		return nil
	}}
	if _, err := pool.Run(context.Background(), jobs); err != nil {
		t.Fatal(err)
	}
	return out, words
}

// checkProductionLimits plays the trial of the costliest program again,
// alone, under production's memory limit (alone, the heap the limit
// watches is this trial's) and the lifted wall time, and fails when a
// program hits the limit, when the trial behaves differently from its
// play in the pool, or when a program's CPU time (the process's, alone)
// exceeds half of production's wall time: a machine whose cores the
// pool's other workers share would stop it.
func checkProductionLimits(t testing.TB, production js.Limits, cost *programCost, played map[string][]string) {
	if cost.wall == 0 {
		return // no program was run
	}
	lifted := js.DefaultLimits
	js.DefaultLimits.Memory = production.Memory
	defer func() { js.DefaultLimits = lifted }()
	solo := &programCost{}
	r, err := behaviourPlayer(cost.job, solo).Play(context.Background(), cost.job)
	if err != nil {
		t.Fatal(err)
	}
	id := cost.job.TrialID()
	if hitLoadLimit(r) {
		t.Errorf("%s: played alone, a program ran into world/js's production memory limit (%d MiB)", id, production.Memory>>20)
	}
	if got := behaviourLines(r); !slices.Equal(got, played[id]) {
		t.Errorf("%s: played alone it behaves differently from its play in the pool:\n alone: %s\n  pool: %s",
			id, strings.Join(got, "\n        "), strings.Join(played[id], "\n        "))
	}
	if solo.cpu > production.Wall/2 {
		t.Errorf("%s: a program took %s of CPU time alone, more than half of world/js's production wall time (%s)", id, solo.cpu.Round(time.Millisecond), production.Wall)
	}
	t.Logf("costliest program: %s agent %d, %s wall in the pool; alone %s wall, %s CPU (production wall limit %s), under the %d MiB memory limit",
		id, cost.agent, cost.wall.Round(time.Millisecond), solo.wall.Round(time.Millisecond), solo.cpu.Round(time.Millisecond), production.Wall, production.Memory>>20)
}

// dumped are the responses of the trials played, by trial (-dump-words).
var dumped = map[string]string{}

// responsesOf lists a trial's responses, one call a line.
func responsesOf(r *trajectory.Trial) string {
	var b strings.Builder
	for _, a := range r.Agents {
		for _, tr := range a.Transitions {
			fmt.Fprintf(&b, "%s %s %d %s: %q\n", r.TrialID, a.Name, tr.Step, tr.Kind, tr.Response)
		}
	}
	return b.String()
}

// hitLoadLimit reports whether a program of the trial was stopped by
// world/js's wall-time or memory limit.
func hitLoadLimit(r *trajectory.Trial) bool {
	for _, a := range r.Agents {
		for _, tr := range a.Transitions {
			if tr.Kind == trajectory.KindCoding && (strings.Contains(tr.Output, "of real time and was stopped") || strings.Contains(tr.Output, "Out of memory: code execution")) {
				return true
			}
		}
	}
	return false
}

// readBehaviour reads a snapshot file: trial id -> its lines.
func readBehaviour(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	id := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#") || line == "":
		case strings.HasPrefix(line, "  "):
			if id == "" {
				return nil, fmt.Errorf("%s: agent line before any trial", path)
			}
			out[id] = append(out[id], line)
		default:
			id, _, _ = strings.Cut(line, " ")
			out[id] = []string{line}
		}
	}
	return out, sc.Err()
}

func behaviourPath(f procgen.SuiteFile) string {
	return filepath.Join(behaviourDir, strings.TrimSuffix(f.Name, ".json")+".txt")
}

// TestBehaviourSnapshot plays the default suites (a sample of each file,
// or all with -full) and compares what the experts did with the committed
// snapshot; -update-behaviour (with -full) rewrites it, or with -trials
// the entries of those trials.
func TestBehaviourSnapshot(t *testing.T) {
	if *updateBehaviour && !*fullSuite && *onlyTrials == "" {
		t.Fatal("-update-behaviour rewrites the whole snapshot (give -full) or the trials -trials names")
	}
	production := liftLoadLimits(t)
	cost := &programCost{}
	compared, played := 0, 0
	words := sha256.New()
	all := map[string][]string{}
	var update []func()
	for _, f := range behaviourFiles(t) {
		tasks := f.Tasks
		switch {
		case *onlyTrials != "":
			tasks = chosenTasks(tasks, strings.Split(*onlyTrials, ","))
		case !*fullSuite:
			tasks = sampleTasks(tasks, behaviourSample(f.Kind))
		}
		got, w := playBehaviour(t, tasks, cost)
		played += len(got)
		for _, d := range w {
			words.Write(d[:])
		}
		for _, lines := range got {
			id, _, _ := strings.Cut(lines[0], " ")
			all[id] = lines
		}
		path := behaviourPath(f)
		if *updateBehaviour {
			if *onlyTrials != "" {
				got = withSnapshot(t, path, f, got)
			}
			update = append(update, func() { writeBehaviour(t, path, f, got) })
			continue
		}
		compared += compareBehaviour(t, path, got)
	}
	if *updateBehaviour {
		if t.Failed() {
			t.Fatal("behaviour snapshot not rewritten: see the errors above")
		}
		for _, write := range update {
			write()
		}
	}
	// After the rewrite: the snapshot records the lifted play, and a
	// program too close to production's limits is reported all the same.
	checkProductionLimits(t, production, cost, all)
	if *dumpWords != "" {
		var b strings.Builder
		for _, id := range slices.Sorted(maps.Keys(dumped)) {
			b.WriteString(dumped[id])
		}
		if err := os.WriteFile(*dumpWords, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !*updateBehaviour && compared == 0 {
		t.Fatal("no trial compared")
	}
	// The words' digest is for refactorings that should keep the datasets
	// byte for byte: compare it before and after.
	t.Logf("%d trials played, %d compared; their words' digest: %x", played, compared, words.Sum(nil)[:8])
}

// compareBehaviour compares the trials played of one suite file with its
// snapshot and returns how many it compared.
func compareBehaviour(t testing.TB, path string, got [][]string) int {
	want, err := readBehaviour(path)
	if err != nil {
		t.Fatalf("behaviour snapshot: %v (regenerate with -full -update-behaviour)", err)
	}
	if *fullSuite && *onlyTrials == "" && len(want) != len(got) {
		t.Errorf("%s: the snapshot holds %d trials, the suite file %d", path, len(want), len(got))
	}
	diffs := 0
	for _, lines := range got {
		id, _, _ := strings.Cut(lines[0], " ")
		if w, ok := want[id]; ok && slices.Equal(w, lines) {
			continue
		}
		if diffs++; diffs <= 3 {
			t.Errorf("%s: trial %s behaves differently:\n got: %s\nwant: %s", path, id, strings.Join(lines, "\n      "), strings.Join(want[id], "\n      "))
		}
	}
	if diffs > 3 {
		t.Errorf("%s: %d trials of %d behave differently", path, diffs, len(got))
	}
	return len(got)
}

// withSnapshot is the suite file's trials in its order: those played
// (got), the others as its snapshot holds them.
func withSnapshot(t testing.TB, path string, f procgen.SuiteFile, got [][]string) [][]string {
	want, err := readBehaviour(path)
	if err != nil {
		t.Fatalf("behaviour snapshot: %v", err)
	}
	for _, lines := range got {
		id, _, _ := strings.Cut(lines[0], " ")
		want[id] = lines
	}
	var out [][]string
	for _, j := range generate.Jobs(f.Tasks, 1, behaviourRunSeed) {
		if lines, ok := want[j.TrialID()]; ok {
			out = append(out, lines)
		}
	}
	return out
}

func writeBehaviour(t testing.TB, path string, f procgen.SuiteFile, trials [][]string) {
	var b strings.Builder
	fmt.Fprintf(&b, "# behaviour snapshot of %s (%d trials): per trial its outcome, then per agent its decisions.\n", f.Name, len(trials))
	b.WriteString("# Regenerate: go test ./generate/scripted -run TestBehaviourSnapshot -full -update-behaviour\n")
	for _, lines := range trials {
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
