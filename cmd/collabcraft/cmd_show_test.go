package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestShow(t *testing.T) {
	path, tasks := writeCraftingTasks(t, 2, 4)
	run := filepath.Join(t.TempDir(), "run")
	if err := runGenerate(context.Background(), defaultGenerateOptions(t, []string{path}, run), GlobalOptions{Quiet: true}, nil); err != nil {
		t.Fatal(err)
	}
	var byAgent bytes.Buffer
	if err := runShow(context.Background(), ShowOptions{out: &byAgent}, GlobalOptions{}, []string{run, tasks[0].ID}); err != nil {
		t.Fatal(err)
	}
	text := byAgent.String()
	for _, want := range []string{"trial " + tasks[0].ID + "#0  (crafting, train split, 2 agents)", "outcome: score ", "== Andy_0 ==", "== Jill_0 ==",
		"< Respond with hello world and your name", "    > ", "    = Action output:"} {
		if !strings.Contains(text, want) {
			t.Errorf("show lacks %q:\n%.1500s", want, text)
		}
	}
	var inter bytes.Buffer
	if err := runShow(context.Background(), ShowOptions{Interleaved: true, out: &inter}, GlobalOptions{}, []string{run, tasks[0].ID + "#0"}); err != nil {
		t.Fatal(err)
	}
	last := -1.0
	for _, m := range regexp.MustCompile(`(?m)^ *([0-9.]+)s  `).FindAllStringSubmatch(inter.String(), -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		if v < last {
			t.Fatalf("interleaved calls out of time order: %g after %g", v, last)
		}
		last = v
	}
	if strings.Contains(inter.String(), "== Andy_0 ==") || last <= 0 {
		t.Errorf("interleaved view:\n%.800s", inter.String())
	}
	err := runShow(context.Background(), ShowOptions{out: &bytes.Buffer{}}, GlobalOptions{}, []string{run, "no_such_task"})
	if err == nil || !strings.Contains(err.Error(), `has no trial "no_such_task" (trials include `+tasks[0].ID) {
		t.Errorf("unknown trial: %v", err)
	}
}
