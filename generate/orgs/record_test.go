package orgs

import (
	"context"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestRecordsSeatRoles plays one cooking task under each organisation
// that plays MineCollab's kinds:
// the DAG's own seats are recorded with their role and calls of their
// own, the agents without one, and the team counts 2 agents either way;
// the DAG records each agent's first-owned items (stats' ACR), p2p
// records no roles and no such metric (its records are as before).
func TestRecordsSeatRoles(t *testing.T) {
	tasks, err := procgen.Generate("cooking", procgen.GenerateOptions{Options: procgen.Options{Split: "train", Agents: 2, N: 1, Seed: 3}})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		if name != "p2p" && name != "dag" {
			continue // the dispatcher plays MindAgent's kinds, the tree and chain collection goals
		}
		org, err := New(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		pl := &generate.Player{Org: org, Team: generate.SeatAll(scripted.New(scripted.Options{Skill: 1}), "scripted")}
		rec, err := pl.Play(context.Background(), generate.Job{Task: &tasks[0], Seed: generate.TrialSeed(1, tasks[0].ID, 0)})
		if err != nil {
			t.Fatal(err)
		}
		if n := rec.AgentCount(); n != 2 {
			t.Errorf("%s: %d agents, want 2 (team %v)", name, n, rec.Team)
		}
		var own []string
		for _, m := range rec.Team {
			if m.Role != "" {
				own = append(own, m.Name)
				if m.Role != trajectory.RoleOrg {
					t.Errorf("%s: seat %s has role %q", name, m.Name, m.Role)
				}
			}
		}
		owned := 0.0
		for k, v := range rec.Metrics {
			if strings.HasPrefix(k, trajectory.FirstOwnedMetric) {
				owned += v
				if !rec.IsAgent(strings.TrimPrefix(k, trajectory.FirstOwnedMetric)) {
					t.Errorf("%s: %s counts a seat that is not an agent", name, k)
				}
			}
		}
		switch name {
		case "p2p":
			if len(own) > 0 || owned > 0 {
				t.Errorf("p2p: seats of its own %v, first-owned items %v", own, owned)
			}
		case "dag":
			if strings.Join(own, ",") != "TaskManager,GlobalController,DataManager" {
				t.Errorf("dag: seats of its own %v", own)
			}
			if !rec.Outcome.Success || owned == 0 {
				t.Errorf("dag: success %v with %v first-owned items", rec.Outcome.Success, owned)
			}
			for _, a := range rec.Agents {
				if !rec.IsAgent(a.Name) && len(a.Transitions) == 0 {
					t.Errorf("dag: seat %s made no calls", a.Name)
				}
			}
		}
	}
}
