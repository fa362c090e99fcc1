package world

import (
	"maps"
	"testing"
)

// TestFirstOwners: the world keeps who first held each item an agent came
// to hold; what the agents held at the start, and a later holder of an
// item, do not count.
func TestFirstOwners(t *testing.T) {
	w := mustBuild(t, cookingTask(), 1, Options{AgentNames: []string{"Andy_0", "Jill_0"}})
	if got := w.FirstOwners(); len(got) != 0 {
		t.Fatalf("before anything happened: %v", got)
	}
	// Jill_0 takes milk from the chest and hands it on; Andy_0 already
	// held his red_mushroom and receives Jill_0's bowl.
	andy, jill := w.byName["Andy_0"], w.byName["Jill_0"]
	jill.inv.Add("milk_bucket", 1)
	jill.inv.Remove("milk_bucket", 1)
	andy.inv.Add("milk_bucket", 1)
	andy.inv.Add("red_mushroom", 1)
	andy.inv.Add("bowl", 1)
	andy.inv.Add("cooked_rabbit", 1)
	want := map[string]string{"milk_bucket": "Jill_0", "cooked_rabbit": "Andy_0"}
	if got := w.FirstOwners(); !maps.Equal(got, want) {
		t.Errorf("first owners %v, want %v", got, want)
	}
	// Through a world operation: a command's give.
	do(t, w, "Andy_0", `!givePlayer("Jill_0", "red_mushroom", 1)`)
	if got := w.FirstOwners(); !maps.Equal(got, want) {
		t.Errorf("after a give of a held item: %v, want %v", got, want)
	}
}
