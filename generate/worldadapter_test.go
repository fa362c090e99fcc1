package generate

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/world"
)

func fixtureTask(t testing.TB, path, id string) *procgen.Task {
	t.Helper()
	tasks, err := procgen.ReadTaskFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tasks {
		if tasks[i].ID == id {
			return &tasks[i]
		}
	}
	t.Fatalf("%s: no task %s", path, id)
	return nil
}

// playReal plays a task in the real simulator with fixed replies per agent.
func playReal(t *testing.T, task *procgen.Task, seed uint64, replies ...[]string) (*TrialResult, []*scriptBackend) {
	t.Helper()
	names := AgentNames(len(replies), 0)
	w, err := world.Build(*task, seed, world.Options{AgentNames: names})
	if err != nil {
		t.Fatal(err)
	}
	var backs []*scriptBackend
	team := make([]Seat, len(replies))
	for i, r := range replies {
		backs = append(backs, &scriptBackend{replies: r})
		team[i] = Seat{Name: names[i], Backend: backs[i]}
	}
	res, err := Run(context.Background(), TrialSpec{Task: task, World: SimWorld(w, seed), Team: team, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return res, backs
}

// A MINDcraft crafting task solved in the embedded world by two agents
// with fixed replies: planks made and given, the chest crafted.
func TestRealWorldCraftingTrial(t *testing.T) {
	task := fixtureTask(t, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_chest_full_plan_requires_ctable__depth_1")
	andy := []string{`Let me make planks. !craftRecipe("oak_planks", 1)`, `Sending them over. !givePlayer("Jill_0", "oak_planks", 4)`}
	jill := []string{"I have 4 planks and a table. Send me yours!", `Got them, crafting. !craftRecipe("chest", 1)`}
	res, backs := playReal(t, task, 42, andy, jill)
	if !res.Outcome.Success || res.Outcome.EndReason != trajectory.EndSuccess {
		for _, a := range res.Agents {
			t.Logf("%s: %q", a.Name, a.History)
		}
		t.Fatalf("outcome %+v", res.Outcome)
	}
	a0 := res.Agents[0].Transitions[0]
	if !strings.HasPrefix(a0.Output, "Code output:\n") || !strings.Contains(a0.Output, "Successfully crafted oak_planks") {
		t.Errorf("craft output: %q", a0.Output)
	}
	p := a0.Messages[0].Content
	for _, want := range []string{"named Andy_0 that can converse", "YOUR CURRENT ASSIGNED GOAL: \"Collaborate with other agents to craft a chest", "\nSTATS\n- Position: x: ", "*COMMAND DOCS", "Examples of how to respond:\nExample 1:\nUser input: "} {
		if !strings.Contains(p, want) {
			t.Errorf("Andy's prompt lacks %q", want)
		}
	}
	if v := backs[1].reqs[0].View; !strings.Contains(v.Inventory, "oak_planks: 4") || strings.Contains(v.Inventory, "oak_log") {
		t.Errorf("Jill sees inventory %q", v.Inventory)
	}
	again, _ := playReal(t, task, 42, andy, jill)
	if !reflect.DeepEqual(res, again) {
		t.Error("the same trial played twice differs")
	}
}

// Blocked commands are MINDcraft's "does not exist" for that agent only.
func TestRealWorldBlockedCommand(t *testing.T) {
	task := fixtureTask(t, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_compass_partial_plan_requires_ctable__depth_0")
	task.Timeout = 20
	res, backs := playReal(t, task, 1, []string{`!getCraftingPlan("compass", 1)`}, []string{`!getCraftingPlan("compass", 1)`})
	if got := res.Agents[0].Transitions[0].Output; got != "Command !getCraftingPlan does not exist." {
		t.Errorf("Andy (blocked): %q", got)
	}
	if got := res.Agents[1].Transitions[0].Output; !strings.Contains(got, "compass") || strings.Contains(got, "does not exist") {
		t.Errorf("Jill (allowed): %q", got)
	}
	if strings.Contains(backs[0].reqs[0].View.CommandDocs, "!getCraftingPlan") || !strings.Contains(backs[1].reqs[0].View.CommandDocs, "!getCraftingPlan") {
		t.Error("docs do not follow the blocked commands")
	}
}

// Whatever the models say, a trial ends cleanly: random fragments of
// commands, names and chat over the real world, for many seeds.
func TestRealWorldArbitraryResponses(t *testing.T) {
	task := fixtureTask(t, "../procgen/testdata/mindcraft_crafting.json", "multiagent_crafting_chest_full_plan_requires_ctable__depth_1")
	task.Timeout = 120
	parts := []string{"!startConversation(", "!endConversation(", "!givePlayer(", "!craftRecipe(", "!goal(", "!endGoal", "!stop",
		"!stfu", "!clearChat", "!inventory", "!nope", `"Jill_0"`, `"Andy_0"`, `"oak_planks"`, ", ", "4", ")", "(FROM OTHER BOT)", "hi ", "\t", "\n", `"`, "!"}
	for seed := range uint64(40) {
		back := funcBackend(func(req Request) (Reply, error) {
			rng := rand.New(rand.NewPCG(req.Seed, 2)) // per call: calls run concurrently
			var b strings.Builder
			for range rng.IntN(6) {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			return Reply{Text: b.String()}, nil
		})
		names := AgentNames(2, 0)
		w, err := world.Build(*task, seed, world.Options{AgentNames: names})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), TrialSpec{Task: task, World: SimWorld(w, seed), Team: []Seat{{names[0], back}, {names[1], back}}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if res.SimSeconds > 120 || res.Outcome.EndReason == "" {
			t.Fatalf("seed %d: %+v at %g", seed, res.Outcome, res.SimSeconds)
		}
	}
}
