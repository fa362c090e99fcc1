package queueexpert

import (
	"math/rand/v2"
	"strings"
	"testing"

	"collabcraft/covoyager"
	"collabcraft/procgen"
	"collabcraft/trajectory"
	"collabcraft/voyager"
)

// TestPlansAndCritic: for every target of every family the task
// manager's plan is one the pair manager takes, ending in the target; a
// first plan's slip is halted by the critic with the prompt's words, and
// the plan written again after the critique is approved.
func TestPlansAndCritic(t *testing.T) {
	halted := 0
	for _, split := range []string{procgen.SplitTest, procgen.SplitTrain} {
		tasks, err := procgen.GenerateCoVoyager(procgen.GenerateOptions{Options: procgen.Options{Split: split, Agents: 2, N: 30}})
		if err != nil {
			t.Fatal(err)
		}
		for i, task := range tasks {
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			goal := task.Goal.Text
			answer, err := Reply(trajectory.KindTaskManager, covoyager.TaskManagerMessages(goal, "", ""), rng)
			if err != nil {
				t.Fatalf("%s: %v", task.ID, err)
			}
			plan, err := covoyager.ParseSubtasks(answer)
			if err != nil {
				t.Fatalf("%s: %v\n%s", task.ID, err, answer)
			}
			verdict, _ := Reply(trajectory.KindCritic, covoyager.TaskCriticMessages(goal, covoyager.JSON(plan)), rng)
			c, err := covoyager.ParseCritique(verdict)
			if err != nil {
				t.Fatalf("%s: %v", task.ID, err)
			}
			if !c.Approves() {
				halted++
				if !strings.Contains(c.Error, "[") {
					t.Errorf("%s: the critic's error names nothing: %q", task.ID, c.Error)
				}
				answer, _ = Reply(trajectory.KindTaskManager, covoyager.TaskManagerMessages(goal, covoyager.JSON(plan), verdict), rng)
				if plan, err = covoyager.ParseSubtasks(answer); err != nil {
					t.Fatal(err)
				}
				verdict, _ = Reply(trajectory.KindCritic, covoyager.TaskCriticMessages(goal, covoyager.JSON(plan)), rng)
				if c, _ := covoyager.ParseCritique(verdict); !c.Approves() {
					t.Errorf("%s: the corrected plan is halted again: %s", task.ID, verdict)
				}
			}
			q, err := covoyager.NewQueue(plan, task.CoVoyager.Count)
			if err != nil {
				t.Fatalf("%s: %v", task.ID, err)
			}
			last := q.Entries[len(q.Entries)-1]
			if last.Drop != task.CoVoyager.Target || last.Quantity != task.CoVoyager.Count {
				t.Errorf("%s: the plan ends with %d %s", task.ID, last.Quantity, last.Drop)
			}
		}
	}
	if halted == 0 {
		t.Error("no first plan was halted: the critic never has work")
	}
}

// TestProgramsFromTheTurn: a coder's program is read from its turn alone:
// the chest where the turn shows it, the materials it lists, the tools
// it must put back; the programs vary; the subtask critic judges by the
// chest.
func TestProgramsFromTheTurn(t *testing.T) {
	var mem voyager.ChestMemory
	mem.Update("(10, 64, -3)", voyager.ChestSeen{Unknown: true})
	turn := func(task, mats, tools string) []covoyager.Message {
		return []covoyager.Message{covoyager.SkillManagerSystem(), covoyager.SkillManagerHuman(voyager.ActionTurn{Task: task, Chests: &mem,
			Obs: voyager.Observation{Biome: "plains", Equipment: make([]string, 6)}}, mats, tools)}
	}
	seen := map[string]bool{}
	for i := range 20 {
		msgs := turn("Gather 7 iron raw and place it/them in the chest. Then place the stone pickaxe back in the chest.", "None", "stone pickaxe")
		code, err := Reply(trajectory.KindSkillCode, msgs, rand.New(rand.NewPCG(uint64(i), 2)))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"new Vec3(10, 64, -3)", "stone_pickaxe: 1", `mineBlock(bot, "iron_ore"`, "raw_iron: 7, stone_pickaxe: 1"} {
			if !strings.Contains(code, want) {
				t.Fatalf("the program lacks %q:\n%s", want, code)
			}
		}
		seen[code] = true
	}
	if len(seen) < 15 {
		t.Errorf("20 programs for one subtask, %d distinct", len(seen))
	}
	if _, err := Reply(trajectory.KindSkillCode, turn("Craft 1 compass and place it/them in the chest.", "4 iron ingots, 1 redstone dust", "crafting table")[:1], rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("a call without its turn was answered")
	}
	mem.Update("(10, 64, -3)", voyager.ChestSeen{Items: []voyager.Item{{Name: "compass", Count: 1}}})
	hm, _ := voyager.CriticHuman(nil, voyager.Observation{Biome: "plains", Equipment: make([]string, 6)}, "Craft 1 compass and place it/them in the chest.", "", mem.Render())
	msgs := []covoyager.Message{voyager.CriticSystem(), hm}
	if !Claims(trajectory.KindCritic, msgs) {
		t.Fatal("the subtask's critic call is not claimed")
	}
	verdict, _ := Reply(trajectory.KindCritic, msgs, rand.New(rand.NewPCG(1, 1)))
	if ok, _, read := voyager.ReadCritic(verdict); !read || !ok {
		t.Errorf("a compass in the chest: %s", verdict)
	}
	hm, _ = voyager.CriticHuman(nil, voyager.Observation{Biome: "plains", Equipment: make([]string, 6)}, "Mine 5 stones", "", "")
	if Claims(trajectory.KindCritic, []covoyager.Message{voyager.CriticSystem(), hm}) {
		t.Error("the tree's critic call is claimed")
	}
}
