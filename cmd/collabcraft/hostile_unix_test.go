//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"collabcraft/generate/llm/llmtest"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world/js/hostile"
)

// hostileServer is a fake model that, in construction tasks, asks for an
// action and answers the first coding call of each trial with the next
// program of progs, later coding calls with code that finishes. served
// is told the index of each program served.
func hostileServer(t *testing.T, progs []hostile.Program, served func(i int)) *llmtest.Server {
	srv := llmtest.NewServer(t)
	srv.Key = testKey
	var mu sync.Mutex
	next := 0
	srv.Answer = func(msgs []llmtest.Message) string {
		sys := msgs[0].Content
		if strings.HasPrefix(sys, "You are a minecraft bot named ") {
			return "Building the house; the code I ran failed."
		}
		all := ""
		for _, m := range msgs {
			all += m.Content + "\n"
		}
		if strings.Contains(all, "Code generation started") {
			if strings.Contains(all, "CODE EXECUTION THREW ERROR") || strings.Contains(all, "Code lint error") {
				return "Trying again.\n```javascript\nawait skills.wait(bot, 1);\nlog(bot, 'done');\n```"
			}
			mu.Lock()
			i := next % len(progs)
			next++
			mu.Unlock()
			if served != nil {
				served(i)
			}
			return "Here is the code.\n```javascript\n" + progs[i].Code + "\n```"
		}
		said := 0
		for _, m := range msgs {
			if m.Role == "assistant" {
				said++
			}
		}
		if _, rest, _ := strings.Cut(sys, "bot named "); said == 0 && strings.HasPrefix(rest, "Andy_0") {
			return `I'll build it with code. !newAction("Build the first level of the blueprint")`
		}
		return "\t"
	}
	return srv
}

// writeConstructionTasks writes n construction tasks for two agents.
func writeConstructionTasks(t *testing.T, n int) string {
	t.Helper()
	tasks, err := procgen.GenerateConstruction(procgen.ConstructionOptions{Options: procgen.Options{Split: procgen.SplitTrain, Agents: 2, N: n, Seed: 26}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "construction.json")
	if err := procgen.WriteTaskFile(path, tasks); err != nil {
		t.Fatal(err)
	}
	return path
}

// hostileArgs is a generate of tasks into out against srv, the model
// writing code.
//
// The process's memory limit is set under the ulimit, as an operator sets
// it under the machine's memory: two programs that keep what they make run
// at once, each to its memory backstop (256 MiB of live growth per script,
// which a collection may overshoot several times), and without the limit
// the two could pass the ulimit together; with it, a script is stopped
// once the process nears it.
func hostileArgs(srv *llmtest.Server, tasks, out string) []string {
	return []string{"generate", "--tasks", tasks, "--out", out, "--backend", "openai", "--base-url", srv.URL + "/v1",
		"--model", "test-model", "--api-key-env", testKeyEnv, "--coding", "on", "--max-turns", "2", "--workers", "2",
		"--memory-limit", "2GiB", "-q"}
}

// startLimited starts bin (a test binary of this package) as mainChildProcess
// running collabcraft with args, under a memory ulimit (KiB; 0: none).
func startLimited(t *testing.T, bin string, memoryKB int, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	spec, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	script := `exec "$0" '-test.run=^$' -test.count=1` // childTestArgs
	if memoryKB > 0 {
		script = fmt.Sprintf("ulimit -v %d && ", memoryKB) + script
	}
	child := exec.Command("/bin/sh", "-c", script, bin)
	child.Env = append(os.Environ(), mainArgsEnv+"="+string(spec))
	var stderr bytes.Buffer
	child.Stdout, child.Stderr = &stderr, &stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	return child, &stderr
}

// TestGenerateHostileCode: a model that answers with each program of the
// hostile corpus gets its error back, and the batch finishes with every
// trial recorded (issue 26: one such answer crashed the process, and the
// resume replayed it). The generate runs in a child process under a
// memory ulimit, so a regression fails the test, not the machine.
func TestGenerateHostileCode(t *testing.T) {
	if raceEnabled {
		t.Skip("under -race: the race detector needs more address space than the ulimit the child runs under; make test runs it without")
	}
	t.Setenv(testKeyEnv, testKey)
	progs := hostile.Programs
	srv := hostileServer(t, progs, nil)
	tasks := writeConstructionTasks(t, len(progs))
	out := filepath.Join(t.TempDir(), "run")
	// 6 GiB of address space over the 2 GiB memory limit: Go reserves
	// address space well past the heap it uses (a 4 GiB ulimit failed
	// "allocating heap arena metadata" with two programs that keep what
	// they make stopped at their memory backstops on a loaded machine).
	child, stderr := startLimited(t, os.Args[0], 6<<20, hostileArgs(srv, tasks, out)...)
	if code := exitStatus(t, child); code != 0 {
		t.Fatalf("generate exited %d:\n%s", code, stderr)
	}
	r, err := trajectory.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	trials := 0
	for tr, err := range r.Trials() {
		if err != nil {
			t.Fatal(err)
		}
		trials++
		for _, a := range tr.Agents {
			for _, x := range a.Transitions {
				if x.Kind != trajectory.KindCoding {
					continue
				}
				for _, p := range progs {
					if !strings.Contains(x.Response, "```javascript\n"+p.Code+"\n```") {
						continue
					}
					seen[p.Name] = true
					// The wall time (30 s) and the memory limit are
					// backstops: the first no program should meet, though
					// on a machine loaded many times over one still may;
					// the second bounds the process's heap, which the
					// other worker's program grows too, so a program
					// beside one that keeps what it makes may meet it.
					ok := strings.Contains(x.Output, "CODE EXECUTION THREW ERROR: Error: Code execution took more than 30s of real time") ||
						strings.Contains(x.Output, "CODE EXECUTION THREW ERROR: RangeError: Out of memory")
					for want := range strings.SplitSeq(p.Want, "|") {
						ok = ok || strings.Contains(x.Output, "CODE EXECUTION THREW ERROR: "+want)
					}
					if !ok {
						t.Errorf("%s: the model read %.300q, want the error %q", p.Name, x.Output, p.Want)
					}
				}
			}
		}
	}
	if trials != len(progs) {
		t.Errorf("%d trials recorded, want %d", trials, len(progs))
	}
	for _, p := range progs {
		if !seen[p.Name] {
			t.Errorf("%s: not served or not recorded", p.Name)
		}
	}
}

// TestGenerateStopsWedged: SIGTERM stops generate within 5 s, exit 143,
// even while a worker is wedged in code that ignores its interrupt (a
// wedgetest build stands in for a builtin that never returns), and what
// was recorded stays readable. SIGTERM also stops a run busy with the
// hostile corpus as quickly.
func TestGenerateStopsWedged(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the wedgetest binary")
	}
	bin := filepath.Join(t.TempDir(), "wedge.test")
	build := exec.Command(goTool, "test", "-c", "-tags", "wedgetest", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the wedgetest binary: %v\n%s", err, out)
	}
	t.Setenv(testKeyEnv, testKey)
	wedge := hostile.Program{Name: "wedge", Code: "await skills.wait(bot, 1);\n/* collabcraft:wedge */\nlog(bot, 'never');"}
	for _, tc := range []struct {
		name  string
		progs []hostile.Program
		after int // programs served before the signal
	}{
		{"wedged", []hostile.Program{wedge}, 1},
		{"hostile", hostile.Programs, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			servedEnough := make(chan struct{})
			var once sync.Once
			n := 0
			var mu sync.Mutex
			srv := hostileServer(t, tc.progs, func(int) {
				mu.Lock()
				defer mu.Unlock()
				if n++; n >= tc.after {
					once.Do(func() { close(servedEnough) })
				}
			})
			tasks := writeConstructionTasks(t, 20)
			out := filepath.Join(t.TempDir(), "run")
			child, stderr := startLimited(t, bin, 0, hostileArgs(srv, tasks, out)...)
			select {
			case <-servedEnough:
			case <-time.After(2 * time.Minute):
				child.Process.Kill()
				t.Fatalf("the model was not asked for code in time:\n%s", stderr)
			}
			time.Sleep(300 * time.Millisecond) // the code is running
			sent := time.Now()
			if err := child.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			code := exitStatus(t, child)
			took := time.Since(sent)
			t.Logf("exit %d %v after SIGTERM", code, took.Round(time.Millisecond))
			if code != 143 || took > 5*time.Second {
				t.Errorf("exit %d %v after SIGTERM, want 143 within 5s:\n%s", code, took, stderr)
			}
			if _, err := trajectory.ReadIndex(out); err != nil {
				t.Errorf("the run after SIGTERM: %v", err)
			}
		})
	}
}
