package world

import (
	"strings"
	"testing"
	"time"
)

// FuzzExecute runs arbitrary responses against a cooking world: every
// response must give a result (or no command) without a panic, with a
// sane duration.
func FuzzExecute(f *testing.F) {
	for _, s := range []string{
		`!collectBlocks("wheat", 3)`, `!givePlayer("Jill_0", "bowl", 99999999999999999999)`, `!stay(9007199254740990)`,
		`!goToCoordinates(-1e3, 319, 5, 0)`, `!smeltItem("potato", 2)`, `!placeHere("oak_door")`, `!placeHere("air")`,
		`!attack("cow")`, `!craftRecipe("bread", 100)`, `!discard("bowl", 1)`, `!takeFromChest("egg", 5)`,
		`!moveAway(1000)`, `!digDown(3)`, `!getCraftingPlan("cake", 2)`, `!consume("bread")`, `!checkBlueprintLevel(0)`,
	} {
		f.Add("Andy_0", s)
	}
	w := mustBuild(f, cookingTask(), 1, Options{})
	f.Fuzz(func(t *testing.T, agent, response string) {
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
		if res.Command != "" && !strings.HasPrefix(res.Response, response[:0]) {
			t.Fatalf("bad response %q", res.Response)
		}
		if len(res.Response) > len(response) {
			t.Fatalf("response grew: %q", res.Response)
		}
	})
}
