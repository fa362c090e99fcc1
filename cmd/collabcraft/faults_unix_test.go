//go:build unix

package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"collabcraft/generate/llm/llmtest"
	"collabcraft/trajectory"
	"collabcraft/world/js/hostile"
)

// The fault-injection pass of issue 26, one subtest per numbered fault,
// each driving the command line as a user would. Every one failed on
// 0c9b387 and passes now. To see a build fail them, point
// COLLABCRAFT_FAULT_BIN at its binary (e.g. one built at 0c9b387):
//
//	COLLABCRAFT_FAULT_BIN=/tmp/old/collabcraft go test ./cmd/collabcraft -run TestIssue26Faults -v
//
// Every command runs in a child process under a memory ulimit and a time
// limit, so a build that crashes or hangs fails the subtest, not the
// machine.
func TestIssue26Faults(t *testing.T) {
	if raceEnabled {
		t.Skip("under -race: the race detector needs more address space than the 4 GiB ulimit the children run under; make test runs it without")
	}
	c := cli{bin: os.Getenv("COLLABCRAFT_FAULT_BIN")}
	t.Setenv(testKeyEnv, testKey)
	for _, f := range issue26Faults {
		t.Run(f.name, func(t *testing.T) { f.run(t, c) })
	}
}

var issue26Faults = []struct {
	name string
	run  func(t *testing.T, c cli)
}{
	{"1 JSON.parse deep", func(t *testing.T, c cli) { hostileFault(t, c, "json parse deep") }},
	{"2 string doubling", func(t *testing.T, c cli) { hostileFault(t, c, "string doubling") }},
	{"3 regexp backtracking", func(t *testing.T, c cli) { hostileFault(t, c, "regexp backtracking") }},
	{"4 JSON.stringify deep", func(t *testing.T, c cli) { hostileFault(t, c, "json stringify deep 1e5") }},
	{"4 sort", func(t *testing.T, c cli) { hostileFault(t, c, "sort array-like") }},
	{"5 cut", cutFault},
	{"5 length prefix", prefixFault},
	{"6 splice", spliceFault},
	{"7 blob changed", blobChangedFault},
	{"7 blob missing", blobMissingFault},
	{"8 out holds input", outHoldsInputFault},
	{"9 killed swap", killedSwapFault},
	{"10 SIGTERM in export", sigtermExportFault},
	{"11 key in answer", keyInAnswerFault},
	{"12 huge goal", hugeGoalFault},
	{"13 huge blueprint", hugeBlueprintFault},
	{"14 huge answer", hugeAnswerFault},
	{"smaller", smallerFaults},
}

// cli runs collabcraft: the binary bin, or this test binary as
// mainChildProcess.
type cli struct{ bin string }

type cliResult struct {
	code   int
	out    string
	took   time.Duration
	killed bool // past its time limit
}

// faultMemoryKB is each command's address space (ulimit -v).
const faultMemoryKB = 4 << 20

func (c cli) command(args []string) *exec.Cmd {
	script := fmt.Sprintf(`ulimit -v %d && exec "$@"`, faultMemoryKB)
	if c.bin != "" {
		return exec.Command("/bin/sh", append([]string{"-c", script, "sh", c.bin}, args...)...)
	}
	spec, _ := json.Marshal(args)
	cmd := exec.Command("/bin/sh", append([]string{"-c", script, "sh", os.Args[0]}, childTestArgs...)...)
	cmd.Env = append(os.Environ(), mainArgsEnv+"="+string(spec))
	return cmd
}

// run runs collabcraft with args for at most limit.
func (c cli) run(t *testing.T, limit time.Duration, args ...string) cliResult {
	t.Helper()
	cmd := c.command(args)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	killed := false
	go func() {
		select {
		case <-done:
		case <-time.After(limit):
			killed = true
			cmd.Process.Kill()
		}
	}()
	cmd.Wait()
	close(done)
	r := cliResult{code: cmd.ProcessState.ExitCode(), out: out.String(), took: time.Since(start), killed: killed}
	if r.code < 0 { // killed by a signal
		r.code = 128 + int(cmd.ProcessState.Sys().(syscall.WaitStatus).Signal())
	}
	return r
}

// must runs a command that has to succeed for the fault to be set up.
func (c cli) must(t *testing.T, args ...string) {
	t.Helper()
	if r := c.run(t, 5*time.Minute, args...); r.code != 0 {
		t.Fatalf("collabcraft %s: exit %d:\n%s", strings.Join(args, " "), r.code, r.out)
	}
}

// scriptedRun makes a run of n crafting trials in the given number of
// sessions (one trials file each).
func scriptedRun(t *testing.T, c cli, n, sessions int) string {
	t.Helper()
	dir := t.TempDir()
	tasks := filepath.Join(dir, "tasks.json")
	c.must(t, "procgen", "tasks", "--type", "crafting", "--n", fmt.Sprint(n), "--seed", "3", "-o", tasks, "-q")
	run := filepath.Join(dir, "run")
	for s := 1; s <= sessions; s++ {
		c.must(t, "generate", "--tasks", tasks, "--out", run, "--workers", "2", "--limit", fmt.Sprint(n*s/sessions), "-q")
	}
	return run
}

func trialsFilesOf(t *testing.T, run string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(run, trajectory.TrialsDir, "*"+trajectory.TrialsExt))
	if err != nil || len(names) == 0 {
		t.Fatalf("no trials files in %s", run)
	}
	return names
}

// statsTrials is how many trials `stats` reads from a run (skipping
// damage).
func statsTrials(t *testing.T, c cli, run string) int {
	t.Helper()
	r := c.run(t, time.Minute, "stats", run, "--json", "--skip-damaged")
	var s struct {
		TaskTypes []struct{ Trials int } `json:"task_types"`
	}
	i := strings.Index(r.out, "{")
	if r.code != 0 || i < 0 || json.Unmarshal([]byte(r.out[i:]), &s) != nil {
		t.Fatalf("stats: exit %d:\n%s", r.code, r.out)
	}
	n := 0
	for _, tt := range s.TaskTypes {
		n += tt.Trials
	}
	return n
}

// hostileFault: a model writing the program (issues 1 to 4) for both
// construction tasks of a generate; the batch must finish, recording the
// error the model read.
func hostileFault(t *testing.T, c cli, name string) {
	var prog hostile.Program
	for _, p := range hostile.Programs {
		if p.Name == name {
			prog = p
		}
	}
	srv := hostileServer(t, []hostile.Program{prog}, nil)
	tasks := writeConstructionTasks(t, 2)
	out := filepath.Join(t.TempDir(), "run")
	r := c.run(t, 2*time.Minute, hostileArgs(srv, tasks, out)...)
	if r.code != 0 || r.killed {
		t.Fatalf("generate: exit %d after %v (killed: %v):\n%.2000s", r.code, r.took.Round(time.Millisecond), r.killed, r.out)
	}
	if n := index(t, out).Counts().Trials; n != 2 {
		t.Fatalf("%d trials recorded, want 2", n)
	}
	threw := 0
	for tr, err := range readRun(t, out).Trials() {
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				if x.Kind != trajectory.KindCoding || !strings.Contains(x.Response, prog.Code) {
					continue
				}
				threw++
				ok := false
				for want := range strings.SplitSeq(prog.Want, "|") {
					ok = ok || strings.Contains(x.Output, "CODE EXECUTION THREW ERROR: "+want)
				}
				if !ok {
					t.Errorf("the model read %.300q, want the error %q", x.Output, prog.Want)
				}
			}
		}
	}
	if threw == 0 {
		t.Fatal("no coding call ran the program")
	}
	t.Logf("generate finished in %v", r.took.Round(time.Millisecond))
}

func readRun(t *testing.T, run string) *trajectory.Reader {
	t.Helper()
	r, err := trajectory.Open(run)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// 5: a finished trials file cut in the middle is loss: check exits 1
// naming it, readers fail, and a dataset skipping it says what it lost.
func cutFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 30, 1)
	file := trialsFilesOf(t, run)[0]
	b, _ := os.ReadFile(file)
	os.WriteFile(file, b[:len(b)/2], 0o644)
	lost := 30 - index(t, run).Counts().Trials

	r := c.run(t, time.Minute, "check", run)
	if r.code != 1 || !strings.Contains(r.out, fmt.Sprintf("%d trials lost", lost)) {
		t.Errorf("check: exit %d, want 1 naming %d trials lost:\n%s", r.code, lost, r.out)
	}
	for _, args := range [][]string{{"stats", run}, {"export", "--in", run, "--out", filepath.Join(t.TempDir(), "ds")}} {
		if r := c.run(t, time.Minute, args...); r.code == 0 {
			t.Errorf("%s: exit 0 on a run that lost %d trials", args[0], lost)
		}
	}
	ds := filepath.Join(t.TempDir(), "ds")
	c.must(t, "export", "--in", run, "--out", ds, "--skip-damaged", "--format", "openai-jsonl", "--audit=false")
	var m struct {
		Skipped []trajectory.Damage `json:"skipped_damaged_records"`
	}
	mb, _ := os.ReadFile(filepath.Join(ds, "manifest.json"))
	json.Unmarshal(mb, &m)
	named := map[string]bool{}
	for _, d := range m.Skipped {
		named[d.TrialID] = true
	}
	if len(named) != lost {
		t.Errorf("the dataset's manifest names %d trials lost, want %d", len(named), lost)
	}
	r = c.run(t, time.Minute, "check", "--repair", run)
	if !strings.Contains(r.out, fmt.Sprintf("%d trials lost", lost)) {
		t.Errorf("check --repair does not name the %d trials lost:\n%s", lost, r.out)
	}
}

// 5: one bit flipped in a record's length prefix, the last one's (where
// a cut would be taken for a crash's), is named as that record's damage.
func prefixFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 10, 1)
	ix := index(t, run)
	last := ix.Entries()[0]
	for _, e := range ix.Entries() {
		if e.Offset > last.Offset {
			last = e
		}
	}
	file := filepath.Join(run, last.File)
	b, _ := os.ReadFile(file)
	n := binary.LittleEndian.Uint32(b[last.Offset+4:])
	binary.LittleEndian.PutUint32(b[last.Offset+4:], n^1<<20)
	os.WriteFile(file, b, 0o644)
	r := c.run(t, time.Minute, "check", run)
	if r.code != 1 || !strings.Contains(r.out, fmt.Sprintf("trial %q", last.TrialID)) || strings.Contains(r.out, "nothing recorded is lost") {
		t.Errorf("check: exit %d, want 1 naming trial %s as lost:\n%s", r.code, last.TrialID, r.out)
	}
}

// 6: a file spliced mid-record with another file of the run, or of
// another run: every record destroyed is named, and no record spliced in
// is taken for the file's.
func spliceFault(t *testing.T, c cli) {
	for _, from := range []string{"same run", "other run"} {
		t.Run(from, func(t *testing.T) {
			run := scriptedRun(t, c, 40, 2)
			files := trialsFilesOf(t, run)
			other := files[1]
			if from == "other run" {
				other = trialsFilesOf(t, scriptedRun(t, c, 40, 1))[0]
			}
			a, _ := os.ReadFile(files[0])
			o, _ := os.ReadFile(other)
			before := index(t, run).Counts().Trials
			os.WriteFile(files[0], append(a[:len(a)*2/5+7:len(a)*2/5+7], o[len(o)/3+11:]...), 0o644)
			// The trials of files[0] gone: 20 minus those before the cut.
			kept := 0
			for _, e := range index(t, run).Entries() {
				if e.File == filepath.Join(trajectory.TrialsDir, filepath.Base(files[0])) {
					kept++
				}
			}
			lost := 20 - kept
			r := c.run(t, time.Minute, "check", "--repair", run)
			if !strings.Contains(r.out, fmt.Sprintf("%d trials lost", lost)) {
				t.Errorf("check --repair does not name the %d trials lost:\n%s", lost, r.out)
			}
			if got := statsTrials(t, c, run); got != before-lost {
				t.Errorf("after the repair the run reads %d trials, want %d (nothing adopted)", got, before-lost)
			}
		})
	}
}

// editBlob changes the run's first blob in run.json with f.
func editBlob(t *testing.T, run string, f func(blobs map[string]any, id string)) {
	t.Helper()
	path := filepath.Join(run, trajectory.ManifestFile)
	b, _ := os.ReadFile(path)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	blobs := m["blobs"].(map[string]any)
	f(blobs, slices.Sorted(maps.Keys(blobs))[0])
	b, _ = json.MarshalIndent(m, "", "  ")
	os.WriteFile(path, b, 0o644)
}

// 7: one word changed in a blob of run.json is caught.
func blobChangedFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 10, 1)
	editBlob(t, run, func(blobs map[string]any, id string) {
		text := blobs[id].(string)
		blobs[id] = strings.Replace(text, strings.Fields(text)[0], "CHANGED", 1) // one word
	})
	if r := c.run(t, time.Minute, "check", run); r.code != 1 || !strings.Contains(r.out, "blob") {
		t.Errorf("check: exit %d, want 1 naming the blob:\n%s", r.code, r.out)
	}
	if r := c.run(t, time.Minute, "export", "--in", run, "--out", filepath.Join(t.TempDir(), "ds")); r.code == 0 {
		t.Error("export: exit 0 with a changed blob")
	}
}

// 7: with a blob missing, check --repair moves no intact record.
func blobMissingFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 10, 1)
	file := trialsFilesOf(t, run)[0]
	before, _ := os.ReadFile(file)
	editBlob(t, run, func(blobs map[string]any, id string) { delete(blobs, id) })
	c.run(t, time.Minute, "check", "--repair", run)
	if after, err := os.ReadFile(file); err != nil || !bytes.Equal(before, after) {
		t.Errorf("check --repair changed the trials file (%v)", err)
	}
	if moved, _ := filepath.Glob(filepath.Join(run, trajectory.DamagedDir, "*")); len(moved) > 0 {
		t.Errorf("check --repair moved %d stretches aside", len(moved))
	}
}

// 8: export --in ds/myrun --out ds --overwrite is refused.
func outHoldsInputFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 5, 1)
	ds := filepath.Join(t.TempDir(), "ds")
	c.must(t, "export", "--in", run, "--out", ds, "--format", "openai-jsonl", "--audit=false")
	inside := filepath.Join(ds, "myrun")
	if err := os.Rename(run, inside); err != nil {
		t.Fatal(err)
	}
	r := c.run(t, time.Minute, "export", "--in", inside, "--out", ds, "--overwrite", "--format", "openai-jsonl", "--audit=false")
	if _, err := os.Stat(filepath.Join(inside, trajectory.ManifestFile)); r.code == 0 || err != nil {
		t.Errorf("export: exit %d, the input run %v:\n%s", r.code, err, r.out)
	}
}

// 9: what an export killed in its swap left beside --out (the old dataset
// moved aside, the new one no longer marked) is gone after the next
// export, and the place never stays without a dataset.
func killedSwapFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 5, 1)
	parent := t.TempDir()
	ds := filepath.Join(parent, "ds")
	c.must(t, "export", "--in", run, "--out", ds, "--format", "openai-jsonl", "--audit=false")
	c.must(t, "export", "--in", run, "--out", filepath.Join(parent, ".ds.tmp-456"), "--format", "openai-jsonl", "--audit=false")
	os.Mkdir(filepath.Join(parent, ".ds.old-123"), 0o755)
	os.Rename(ds, filepath.Join(parent, ".ds.old-123", "ds"))
	c.run(t, time.Minute, "export", "--in", run, "--out", ds, "--overwrite", "--format", "openai-jsonl", "--audit=false")
	entries, _ := os.ReadDir(parent)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != "ds" {
		t.Errorf("beside --out after the next export: %v, want [ds]", names)
	}
}

// 10: SIGTERM once the dataset's data is written (while the card is made)
// exits 143 and keeps the previous dataset.
func sigtermExportFault(t *testing.T, c cli) {
	run := scriptedRun(t, c, 60, 1)
	parent := t.TempDir()
	ds := filepath.Join(parent, "ds")
	c.must(t, "export", "--in", run, "--out", ds, "--audit=false", "--name", "first")
	before, _ := os.ReadFile(filepath.Join(ds, "manifest.json"))
	cmd := c.command([]string{"export", "--in", run, "--out", ds, "--overwrite", "--name", "second"})
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the working directory's dataset_info.json: the data files
	// are written, the audit of the card and the swap are to come.
	deadline := time.Now().Add(time.Minute)
	for {
		if m, _ := filepath.Glob(filepath.Join(parent, ".ds.tmp-*", "dataset_info.json")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the export wrote no data in time:\n%s", out.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	after, _ := os.ReadFile(filepath.Join(ds, "manifest.json"))
	if code := cmd.ProcessState.ExitCode(); code != 143 || !bytes.Equal(before, after) {
		t.Errorf("export: exit %d, dataset kept: %v:\n%s", code, bytes.Equal(before, after), out.String())
	}
}

// modelFault plays 2 crafting tasks against a fake model answering with
// answer, and returns the generate's result and run.
func modelFault(t *testing.T, c cli, answer func(msgs []llmtest.Message) string, extra ...string) (cliResult, string) {
	srv := llmtest.NewServer(t)
	srv.Key, srv.Answer = testKey, answer
	tasks, _ := writeCraftingTasks(t, 2, 5)
	out := filepath.Join(t.TempDir(), "run")
	args := append([]string{"generate", "--tasks", tasks, "--out", out, "--backend", "openai", "--base-url", srv.URL + "/v1",
		"--model", "test-model", "--api-key-env", testKeyEnv, "--max-turns", "3", "--workers", "2", "-q"}, extra...)
	return c.run(t, 2*time.Minute, args...), out
}

// filesHold reports whether any file under dir holds text.
func filesHold(t *testing.T, dir, text string) bool {
	t.Helper()
	found := false
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(path)
			found = found || bytes.Contains(b, []byte(text))
		}
		return nil
	})
	return found
}

// 11: an answer holding the API key fails that call and its trial; the
// run goes on, and the key is nowhere on disk.
func keyInAnswerFault(t *testing.T, c cli) {
	var once sync.Once
	r, run := modelFault(t, c, func(msgs []llmtest.Message) string {
		leak := ""
		once.Do(func() { leak = " (my key is " + testKey + ")" })
		return "Let me look." + leak + " !inventory"
	})
	if r.code != 0 {
		t.Fatalf("generate: exit %d:\n%s", r.code, r.out)
	}
	cnt := index(t, run).Counts()
	if cnt.Trials != 2 || cnt.Errors != 1 || filesHold(t, run, testKey) {
		t.Errorf("counts %+v (want 2 trials, 1 error); key on disk: %v", cnt, filesHold(t, run, testKey))
	}
}

// 12: a task with a huge goal fails validate, naming the limit.
func hugeGoalFault(t *testing.T, c cli) {
	path := filepath.Join(t.TempDir(), "tasks.json")
	goal := strings.Repeat("collect wood ", 1<<20)
	os.WriteFile(path, []byte(`{"huge": {"type": "techtree", "goal": "`+goal+`", "agent_count": 2, "target": "stick", "number_of_target": 1}}`), 0o644)
	if r := c.run(t, time.Minute, "validate", path); r.code != 1 || !strings.Contains(r.out, "--max-goal") {
		t.Errorf("validate: exit %d, want 1 naming --max-goal:\n%.500s", r.code, r.out)
	}
}

// 13: a 40-level 100x100 blueprint, and one of 400 levels above the
// build height, fail validate.
func hugeBlueprintFault(t *testing.T, c cli) {
	for _, tc := range []struct{ levels, size int }{{40, 100}, {400, 2}} {
		var ls []string
		row := "[" + strings.TrimSuffix(strings.Repeat(`"stone",`, tc.size), ",") + "]"
		rows := strings.TrimSuffix(strings.Repeat(row+",", tc.size), ",")
		for i := range tc.levels {
			ls = append(ls, fmt.Sprintf(`{"level": %d, "coordinates": [0, %d, 0], "placement": [%s]}`, i, -60+i, rows))
		}
		path := filepath.Join(t.TempDir(), "tasks.json")
		os.WriteFile(path, []byte(`{"big": {"type": "construction", "goal": "build", "agent_count": 2, "blueprint": {"levels": [`+strings.Join(ls, ",")+`]}}}`), 0o644)
		if r := c.run(t, time.Minute, "validate", path); r.code != 1 {
			t.Errorf("%d levels of %dx%d: validate exit %d, want 1:\n%.500s", tc.levels, tc.size, tc.size, r.code, r.out)
		}
	}
}

// 14: an answer far larger than any model's fails its call, read no
// further than the limit.
func hugeAnswerFault(t *testing.T, c cli) {
	huge := strings.Repeat("blah ", 2<<20)
	r, run := modelFault(t, c, func([]llmtest.Message) string { return huge + "!inventory" })
	if r.code != 0 {
		t.Fatalf("generate: exit %d:\n%.2000s", r.code, r.out)
	}
	size := int64(0)
	for _, f := range trialsFilesOf(t, run) {
		st, _ := os.Stat(f)
		size += st.Size()
	}
	if cnt := index(t, run).Counts(); cnt.Errors != 2 || size > 1<<20 {
		t.Errorf("counts %+v, trials files %d bytes: want both trials ended with error, no answer kept", cnt, size)
	}
}

// The smaller faults: a NUL in a task id, --temperature NaN, a type error
// in one task, a run still being written.
func smallerFaults(t *testing.T, c cli) {
	path := filepath.Join(t.TempDir(), "tasks.json")
	os.WriteFile(path, []byte(`{"a\u0000b": {"type": "techtree", "goal": "x", "agent_count": 2, "target": "stick", "number_of_target": 1}}`), 0o644)
	if r := c.run(t, time.Minute, "validate", path); r.code != 1 || strings.Contains(r.out, "\x00") {
		t.Errorf("a NUL in a task id: validate exit %d, output %q", r.code, r.out)
	}
	tasks, _ := writeCraftingTasks(t, 2, 5)
	r := c.run(t, time.Minute, "generate", "--tasks", tasks, "--out", filepath.Join(t.TempDir(), "r"), "--backend", "openai",
		"--base-url", "http://localhost:1/v1", "--model", "m", "--temperature", "NaN")
	if r.code == 0 || !strings.Contains(r.out, "--temperature") {
		t.Errorf("--temperature NaN: exit %d:\n%s", r.code, r.out)
	}
	b, _ := os.ReadFile(tasks)
	var file map[string]json.RawMessage
	json.Unmarshal(b, &file)
	file["typo"] = json.RawMessage(`{"type": "techtree", "goal": "x", "agent_count": "two", "target": "stick", "number_of_target": 1}`)
	b, _ = json.Marshal(file)
	os.WriteFile(tasks, b, 0o644)
	run := filepath.Join(t.TempDir(), "run")
	if r := c.run(t, 2*time.Minute, "generate", "--tasks", tasks, "--out", run, "-q"); r.code != 0 || index(t, run).Counts().Trials != 2 {
		t.Errorf("a type error in one task: generate exit %d:\n%s", r.code, r.out)
	}
	w, err := trajectory.OpenWriter(run, &trajectory.Manifest{Config: json.RawMessage(`{}`)}, trajectory.WriterOptions{Force: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if r := c.run(t, time.Minute, "export", "--in", run, "--out", filepath.Join(t.TempDir(), "ds"), "--format", "openai-jsonl", "--audit=false"); r.code == 0 {
		t.Error("export of a run still being written: exit 0, want a refusal asking for --snapshot")
	}
}
