package dag_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/dag"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
)

func TestDebugTrial(t *testing.T) {
	id := os.Getenv("DAG_TASK")
	if id == "" {
		t.Skip()
	}
	kind := os.Getenv("DAG_KIND")
	agents := 2
	if os.Getenv("DAG_AGENTS") == "3" {
		agents = 3
	}
	tasks, _ := procgen.Generate(kind, procgen.GenerateOptions{Options: procgen.Options{Split: os.Getenv("DAG_SPLIT"), Agents: agents, N: 150, Seed: 3}})
	for i, task := range tasks {
		if task.ID != id {
			continue
		}
		pl := &generate.Player{Org: dag.Org{}, Team: generate.SeatAll(scripted.New(scripted.Options{Skill: 1}), "scripted")}
		rec, err := pl.Play(context.Background(), generate.Job{Task: &tasks[i], Seed: generate.TrialSeed(1, task.ID, 0)})
		if err != nil {
			t.Fatal(err)
		}
		type row struct {
			at   float64
			who  string
			text string
		}
		var rows []row
		for _, m := range rec.Agents {
			for _, tr := range m.Transitions {
				out := tr.Output
				if len(out) > 600 {
					out = out[:600]
				}
				resp := tr.Response
				if tr.Kind == "env_summary" || tr.Kind == "summary" {
					resp = resp[:min(len(resp), 200)]
				}
				rows = append(rows, row{tr.SimTime, m.Name, fmt.Sprintf("[%s] %s\n   => %s", tr.Kind, strings.TrimSpace(resp), out)})
			}
		}
		sort.SliceStable(rows, func(a, b int) bool { return rows[a].at < rows[b].at })
		for _, r := range rows {
			fmt.Printf("%7.1f %s %s\n", r.at, r.who, r.text)
		}
		fmt.Println(rec.Outcome)
	}
}
