package world

import (
	"strings"
	"testing"
	"time"

	"collabcraft/procgen"
)

// FuzzExecute runs arbitrary responses against a cooking, a crafting and
// a construction world (kind picks one): every response must give a
// result (or no command) without a panic, with a sane duration, and leave
// the world consistent enough to validate.
func FuzzExecute(f *testing.F) {
	for i, s := range []string{
		`!collectBlocks("wheat", 3)`, `!givePlayer("Jill_0", "bowl", 99999999999999999999)`, `!stay(9007199254740990)`,
		`!goToCoordinates(-1e3, 319, 5, 0)`, `!smeltItem("potato", 2)`, `!placeHere("oak_door")`, `!placeHere("air")`,
		`!attack("cow")`, `!craftRecipe("bread", 100)`, `!discard("bowl", 1)`, `!takeFromChest("egg", 5)`,
		`!moveAway(1000)`, `!digDown(3)`, `!getCraftingPlan("cake", 2)`, `!consume("bread")`, `!checkBlueprintLevel(0)`,
		`!collectBlocks("stone", 9007199254740990)`, `!searchForBlock("iron_ore", 511)`, `!checkBlueprint`,
		`!getBlueprintLevel(1)`, `!collectBlocks("dirt", 64)`, `!craftRecipe("suspicious_stew", 1)`,
	} {
		f.Add("Andy_0", s, uint8(i))
	}
	worlds := []*World{
		mustBuild(f, cookingTask(), 1, Options{}),
		mustBuild(f, procgen.Task{
			ID: "fuzz_crafting", Type: procgen.TypeCrafting, AgentCount: 2, Target: procgen.Target{Item: "bookshelf"}, NumberOfTarget: 1,
			InitialInventory: map[string]map[string]int{"0": {"oak_planks": 4, "stone_pickaxe": 1, "dirt": 64}, "1": {"book": 1, "furnace": 1}},
			MissingItems:     []string{"leather", "iron_ingot"},
		}, 1, Options{}),
		mustBuild(f, constructionTask(f, houseBlueprint(0, 0)), 1, Options{}),
	}
	f.Fuzz(func(t *testing.T, agent, response string, kind uint8) {
		w := worlds[int(kind)%len(worlds)]
		if agent != "Jill_0" {
			agent = "Andy_0"
		}
		res, err := w.Execute(agent, response)
		if err != nil {
			t.Fatal(err)
		}
		if res.Duration < 0 || res.Duration > 25*time.Hour {
			t.Fatalf("duration %v for %q", res.Duration, response)
		}
		if res.Command != "" && !strings.HasPrefix(response, res.Response) {
			t.Fatalf("response %q is not a prefix of %q", res.Response, response)
		}
		if res.Command == "" && res.Output != "" {
			t.Fatalf("output %q without a command", res.Output)
		}
		if s := w.Score(); s < 0 || s > 1 {
			t.Fatalf("score %v", s)
		}
	})
}
