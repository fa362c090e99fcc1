package js

import (
	"testing"

	"collabcraft/procgen"
	"collabcraft/world"
)

// TestVoyagerCollectsIron plays a collection task's whole tool ladder with
// Voyager's primitives in a world built for it: an agent with nothing
// mines logs, crafts planks, a table, sticks and a wooden pickaxe, mines
// stone, crafts a stone pickaxe, explores for the iron pit and mines iron
// three or more blocks underground; the task's score follows what the
// team holds.
func TestVoyagerCollectsIron(t *testing.T) {
	task := procgen.CollectionTask("collect_iron", procgen.CollectionSpec{Material: procgen.MaterialIron, Quantity: 3, Distance: 24}, procgen.Options{Split: procgen.SplitTrain, Agents: 1, Seed: 3})
	if ps := procgen.ValidateTask(&task); len(ps) > 0 {
		t.Fatal(ps)
	}
	w, err := world.Build(task, 5, world.Options{Dialect: world.DialectCurrent})
	if err != nil {
		t.Fatal(err)
	}
	if inv := w.Agent("Andy_0").Inventory().Stacks(); len(inv) != 0 {
		t.Fatalf("the agent starts with %v, want nothing", inv)
	}
	st := &VoyagerState{}
	steps := []string{
		`await mineBlock(bot, "oak_log", 4);`,
		`await craftItem(bot, "oak_planks", 4);
		 await craftItem(bot, "crafting_table", 2);
		 await placeItem(bot, "crafting_table", bot.entity.position.offset(1, 0, 0));
		 await craftItem(bot, "stick", 1);
		 await craftItem(bot, "wooden_pickaxe", 1);`,
		`await mineBlock(bot, "stone", 3);`,
		`await placeItem(bot, "crafting_table", bot.entity.position.offset(1, 0, 0));
		 await craftItem(bot, "stone_pickaxe", 1);`,
		// A square spiral out from where the agent stands.
		`const find = () => bot.findBlock({matching: mcData.blocksByName.iron_ore.id, maxDistance: 32});
		 const dirs = [new Vec3(1, 0, 0), new Vec3(0, 0, 1), new Vec3(-1, 0, 0), new Vec3(0, 0, -1)];
		 for (let i = 0; i < 12; i++) {
		   if (await exploreUntil(bot, dirs[i % 4], 6 * (1 + Math.floor(i / 2)), find)) break;
		 }
		 await mineBlock(bot, "iron_ore", 3);`,
	}
	for i, code := range steps {
		res := runVoyager(t, w, st, code)
		if res.Error != "" {
			t.Fatalf("step %d: error %q, chat %q", i+1, res.Error, res.Chat)
		}
	}
	inv := w.Agent("Andy_0").Inventory()
	if inv.Count("stone_pickaxe") != 1 || inv.Count("raw_iron") < 3 {
		t.Fatalf("after the ladder: %v", inv.Stacks())
	}
	if held, want := w.Collected(); held < 3 || want != 3 || w.Score() != 1 || !w.Success() {
		t.Errorf("collected %d of %d, score %v", held, want, w.Score())
	}
}
