package quality

import (
	"testing"

	"collabcraft/trajectory"
)

// TestCountsFromRecipeArithmetic: a count no message states is grounded
// when a crafting plan for the goal's target, from the inventory the
// context lists, needs exactly that many; any other count is not.
func TestCountsFromRecipeArithmetic(t *testing.T) {
	ctx := []trajectory.Message{
		{Role: "system", Content: "You are a task-focused Minecraft bot named Andy_0.\nYOUR CURRENT ASSIGNED GOAL: \"Collaborate with other agents around you to craft a bookshelfYou have to collaborate with Jill_0.\"\n" +
			"INVENTORY\n- book: 1\n- oak_planks: 5\nWEARING: Nothing\n"},
		{Role: "user", Content: "Jill_0: (FROM OTHER BOT)I gave you everything I had."},
	}
	var g Grounder
	check := func(resp string) []Violation {
		return g.Check(&Call{TaskType: "techtree", Context: ctx, Response: resp})
	}
	// Two more books: 6 paper, so 6 sugar_cane (and 2 leather).
	if v := check(`Off to find sugar_cane. !collectBlocks("sugar_cane", 6)`); len(v) != 0 {
		t.Errorf("6 sugar_cane, what the plan needs: %v", v)
	}
	if v := check(`Off to find sugar_cane. !collectBlocks("sugar_cane", 7)`); len(v) != 1 || v[0].Kind != argCount {
		t.Errorf("7 sugar_cane, which nothing supports: %v, want one count violation", v)
	}
}
