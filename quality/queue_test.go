package quality

import (
	"testing"

	"collabcraft/covoyager"
	"collabcraft/trajectory"
)

// TestPlanIsGrounded: a compass plan names what a compass takes, down the
// tool tiers; an item the compass never needs, or words that name no
// item, are violations.
func TestPlanIsGrounded(t *testing.T) {
	g := &Grounder{}
	ctx := []trajectory.Message{{Role: "system", Content: "..."}, {Role: "user", Content: "Task: Craft a Compass."}}
	good := covoyager.JSON([]covoyager.Subtask{
		{Action: "craft", Item: "crafting table", Tools: "None", Materials: "4 wood planks", Quantity: 1},
		{Action: "craft", Item: "wooden pickaxe", Tools: "crafting table", Materials: "3 wood planks, 2 sticks", Quantity: 1},
		{Action: "gather", Item: "cobblestone", Tools: "wooden pickaxe", Materials: "None", Quantity: -1},
		{Action: "craft", Item: "cobblestone pickaxe", Tools: "crafting table", Materials: "3 cobblestones, 2 sticks", Quantity: 1},
		{Action: "gather", Item: "iron raw", Tools: "stone pickaxe", Materials: "None", Quantity: -1},
		{Action: "smelt", Item: "iron ingot", Tools: "furnace", Materials: "1 iron raw, 1 wood plank", Quantity: -1},
		{Action: "craft", Item: "iron pickaxe", Tools: "crafting table", Materials: "3 iron ingots, 2 sticks", Quantity: 1},
		{Action: "gather", Item: "redstone dust", Tools: "iron pickaxe", Materials: "None", Quantity: -1},
		{Action: "craft", Item: "compass", Tools: "crafting table", Materials: "4 iron ingots, 1 redstone dust", Quantity: 1},
	})
	if v := g.CheckCall(trajectory.KindTaskManager, &Call{Context: ctx, Response: good}); len(v) != 0 {
		t.Errorf("the compass plan: %+v", v)
	}
	bad := covoyager.JSON([]covoyager.Subtask{
		{Action: "gather", Item: "gold raw", Tools: "iron pickaxe", Materials: "None", Quantity: -1},
		{Action: "craft", Item: "compass", Tools: "crafting table", Materials: "4 iron ingots, 1 magic dust", Quantity: 1},
	})
	v := g.CheckCall(trajectory.KindTaskManager, &Call{Context: ctx, Response: bad})
	if len(v) != 2 || v[0].Value != "raw_gold" || v[1].Value != "4 iron ingots, 1 magic dust" {
		t.Errorf("gold and magic dust for a compass: %+v", v)
	}
	if PlanCommand(good) == "" || PlanCommand("no plan") != "" {
		t.Error("PlanCommand")
	}
}
