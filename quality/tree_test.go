package quality

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"collabcraft/trajectory"
	"collabcraft/voyager"
)

func TestTreeCallsAreGrounded(t *testing.T) {
	g := &Grounder{}
	plan := []trajectory.Message{{Role: "system", Content: "You are player Andy."}, {Role: "user", Content: "Current task:\nStage 1\nJill mines 25 logs."}}
	c := &Call{Agent: "Andy", TaskType: "collection", Context: plan, Response: `["inform Jill to mine 25 logs", "inform Zed to mine 25 logs"]`}
	v := g.CheckCall(trajectory.KindActionPlan, c)
	if len(v) != 1 || v[0].Kind != KindPlayer || v[0].Value != "Zed" {
		t.Errorf("action plan: %+v", v)
	}
	obs := voyager.Observation{Biome: "plains", Voxels: []string{"grass_block", "oak_log"}, Equipment: make([]string, 6), Inventory: []voyager.Item{{Name: "wooden_pickaxe", Count: 1}}}
	ctx := []trajectory.Message{{Role: "system", Content: voyager.ActionSystem(voyager.ActionModel, nil).Content},
		{Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: "Mine 5 stones"}).Content}}
	good := "Code:\n```javascript\nasync function mineStone(bot) {\n  const ids = [\"stone\"].map((name) => mcData.blocksByName[name].id);\n  await mineBlock(bot, \"stone\", 5);\n  await craftItem(bot, \"oak_planks\", 1);\n}\n```"
	if v := g.CheckCall(trajectory.KindSkillCode, &Call{Context: ctx, Response: good}); len(v) != 0 {
		t.Errorf("a grounded program: %+v", v)
	}
	bad := "Code:\n```javascript\nasync function mineGold(bot) {\n  await mineBlock(bot, \"ancient_debris\", 5);\n}\n```"
	if v := g.CheckCall(trajectory.KindSkillCode, &Call{Context: ctx, Response: bad}); len(v) != 1 || v[0].Value != "ancient_debris" {
		t.Errorf("a program that names what nothing shows: %+v", v)
	}
	kill := "Code:\n```javascript\nasync function hunt(bot) {\n  await killMob(bot, \"pig\", 300);\n  await killMob(bot, \"ghast\", 300);\n}\n```"
	pigCtx := []trajectory.Message{ctx[0], {Role: "user", Content: voyager.ActionHuman(voyager.ActionTurn{Obs: obs, Task: "Kill 1 pig using killMob and place the porkchop in the chest."}).Content}}
	if v := g.CheckCall(trajectory.KindSkillCode, &Call{Context: pigCtx, Response: kill}); len(v) != 1 || v[0].Value != "ghast" {
		t.Errorf("killMob of a mob the task names and of one nothing names: %+v", v)
	}
	if TreeCommand(trajectory.KindActionPlan, `["a", "b"]`) != "a\nb" || TreeCommand(trajectory.KindSkillCode, good) == "" || TreeCommand(trajectory.KindMonitor, "x") != "" {
		t.Error("TreeCommand")
	}
}

// TestMentionsWordIsThePattern draws texts from an alphabet rich in word
// edges and compares mentionsWord with the pattern it replaces.
func TestMentionsWordIsThePattern(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 34))
	const alphabet = "pigsP_9 .\n\"-é"
	for _, name := range []string{"pig", "pigs", "p", "zombie_pigman", "9"} {
		re := regexp.MustCompile(`\b` + name + `s?\b`)
		for range 20000 {
			b := make([]byte, rng.IntN(12))
			for i := range b {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
			text := string(b)
			if rng.IntN(3) == 0 {
				k := rng.IntN(len(text) + 1)
				text = text[:k] + name + text[k:]
			}
			if got, want := mentionsWord(text, name), re.MatchString(text); got != want {
				t.Fatalf("mentionsWord(%q, %q) = %v, the pattern says %v", text, name, got, want)
			}
		}
	}
}
