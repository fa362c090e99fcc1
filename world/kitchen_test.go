package world

import (
	"strings"
	"testing"
	"time"

	"collabcraft/mckitchen"
	"collabcraft/procgen"
)

func kitchenWorld(t *testing.T) *World {
	t.Helper()
	tasks, err := procgen.GenerateMCKitchen(procgen.Options{Split: procgen.SplitTest, Agents: 2, N: 1})
	if err != nil {
		t.Fatal(err)
	}
	return mustBuild(t, tasks[0], 5, Options{AgentNames: []string{"Alex", "Steve"}})
}

// TestKitchenCooksAMeal plays one order's work through the seven actions:
// kill a cow and mine coal (both come back), fuel and fill the furnace,
// wait while it smelts, take the meat out and put it in the chest, where
// it serves an order.
func TestKitchenCooksAMeal(t *testing.T) {
	w := kitchenWorld(t)
	do := func(agent, verb, arg string) time.Duration {
		t.Helper()
		e, d := w.KitchenAct(agent, verb, arg)
		if e != "" {
			t.Fatalf("%s(%s, %s): %s", verb, agent, arg, e)
		}
		return d
	}
	cows := func() int {
		n := 0
		for _, m := range w.mobs {
			if m.Kind == "cow" {
				n++
			}
		}
		return n
	}
	if v := w.KitchenView("Alex"); v.At != "field" || v.Inventory != nil {
		t.Errorf("at the spawn: %+v", v)
	}
	if e, _ := w.KitchenAct("Alex", "killMob", "cow"); e != "agent0 is not near a cow" {
		t.Errorf("killing a far cow: %q", e)
	}
	if d := do("Alex", "goto", "cow"); d < time.Second {
		t.Errorf("the walk to the cows took %v", d)
	}
	if v := w.KitchenView("Alex"); v.At != "cow" || len(v.Entities) == 0 || v.Entities[0] != "cow" {
		t.Errorf("by the cows: %+v", v)
	}
	before := cows()
	do("Alex", "killMob", "cow")
	if got := w.KitchenView("Alex").Inventory["beef"]; got < 1 {
		t.Fatalf("no beef after the kill: %v", w.KitchenView("Alex").Inventory)
	}
	if cows() != before-1 {
		t.Errorf("%d cows after a kill, %d before", cows(), before)
	}
	w.AdvanceTo(w.Now() + mckitchen.RespawnSeconds*time.Second)
	w.KitchenView("Alex")
	if cows() != before {
		t.Errorf("the cow did not come back: %d of %d", cows(), before)
	}
	do("Steve", "goto", mckitchen.FuelBlock)
	ore := *w.nearestBlock(w.byName["Steve"].pos, []string{mckitchen.FuelBlock}, 5)
	do("Steve", "mineBlock", mckitchen.FuelBlock)
	if w.KitchenView("Steve").Inventory["coal"] != 1 || w.blocks.name(ore) == mckitchen.FuelBlock {
		t.Fatalf("mining coal: %v, the ore %s", w.KitchenView("Steve").Inventory, w.blocks.name(ore))
	}
	w.AdvanceTo(w.Now() + mckitchen.RespawnSeconds*time.Second)
	w.KitchenView("Steve")
	if w.blocks.name(ore) != mckitchen.FuelBlock {
		t.Errorf("the ore did not come back: %s", w.blocks.name(ore))
	}
	if e, _ := w.KitchenAct("Steve", "putFuelFurnace", "coal"); e != "agent1 is not at the furnace" {
		t.Errorf("fuelling from afar: %q", e)
	}
	do("Steve", "goto", mckitchen.Furnace)
	do("Alex", "goto", mckitchen.Furnace)
	do("Steve", "putFuelFurnace", "coal")
	beef := w.KitchenView("Alex").Inventory["beef"]
	do("Alex", "putItemFurnace", "beef")
	if f := w.KitchenFurnace(); f.Input.Count != beef || f.Fuel.Count != 0 || !f.Burning {
		t.Errorf("the filled furnace: %+v", f) // the coal is burning: 8 items' worth
	}
	if e, _ := w.KitchenAct("Alex", "takeOutFurnace", ""); e != "the furnace has nothing cooked to take out" {
		t.Errorf("taking out too soon: %q", e)
	}
	w.AdvanceTo(w.Now() + 10*time.Second)
	if f := w.KitchenFurnace(); f.Output != (mckitchen.Stack{Item: "cooked_beef", Count: 1}) {
		t.Errorf("after 10 s: %+v", f)
	}
	do("Alex", "takeOutFurnace", "")
	do("Alex", "goto", mckitchen.Chest)
	do("Alex", "putInChest", "cooked_beef")
	if c := w.KitchenChest(); c["cooked_beef"] != 1 {
		t.Errorf("chest %v", c)
	}
	if !w.KitchenServe("cooked_beef") || w.KitchenServe("cooked_beef") {
		t.Error("the chest served more or less than the one dish it held")
	}
	for _, c := range []struct{ verb, arg, want string }{
		{"putInChest", "cooked_beef", "has no cooked_beef"},
		{"mineBlock", "stone", "stone is not a block of the kitchen"},
		{"goto", "nether", "nether is not a location of the kitchen"},
		{"dance", "", "dance is not in the list of supported actions"},
	} {
		if e, _ := w.KitchenAct("Alex", c.verb, c.arg); !strings.Contains(e, c.want) {
			t.Errorf("%s(%s): %q, want %q", c.verb, c.arg, e, c.want)
		}
	}
}
