package scripted

import (
	"reflect"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// TestNegotiatorMemoryHoldsWhatItShows: a memory call shows no
// inventory, so the hub that never said its count keeps no count of its
// own (it wrote "Andy_0 0" and then took a teammate with fewer items as
// the collector); a count it said, or an !inventory output in the folded
// turns, is kept; the collector's count is the one the message naming it
// states.
func TestNegotiatorMemoryHoldsWhatItShows(t *testing.T) {
	goal := "Collaborate with other agents to craft a bamboo_mosaic"
	team := []string{"Andy_0", "Bob_0", "Jill_0"}
	offer := "User input: Jill_0: (FROM OTHER BOT)Hello Andy_0. I have 1 oak_log (1 item), and I can see the crafting plan. What do you have?"
	hubTurns := []trajectory.Message{
		{Role: "assistant", Content: "I'll wait to hear what everyone holds. !stay(5)"},
		{Role: "system", Content: "Action output:\nStayed for 5 seconds.\n"},
		{Role: "user", Content: strings.TrimPrefix(offer, "User input: ")},
		{Role: "assistant", Content: "Jill_0's items are counted now. !stay(5)"},
		{Role: "system", Content: "Action output:\nStayed for 5 seconds.\n"},
		{Role: "assistant", Content: `!startConversation("Bob_0", "I'm missing your list, Bob_0: what are you holding?")`},
	}
	inv := "\nINVENTORY\n- bamboo_planks: 2\n- stick: 1\nWEARING: Nothing\n"
	mem := &generate.View{Name: "Andy_0", Team: team, TaskType: procgen.TypeCrafting, Goal: goal, ToSummarize: hubTurns}
	notes := strings.Join(notesOf(mem), " ")
	if !strings.Contains(notes, "Jill_0 1") || strings.Contains(notes, "Andy_0") {
		t.Errorf("hub's memory %q: want Jill_0's count and none of its own", notes)
	}
	// The next call shows the inventory: the hub counts its 3 items.
	v := &generate.View{Name: "Andy_0", Team: team, TaskType: procgen.TypeCrafting, Goal: goal, Memory: notes, Inventory: inv}
	if got := callOf(v).g.offers()["Andy_0"]; got != 3 {
		t.Errorf("after memory %q the hub counts %d items of its own, want 3", notes, got)
	}
	// An !inventory output in the folded turns is what it holds.
	withInv := append(hubTurns[:len(hubTurns):len(hubTurns)],
		trajectory.Message{Role: "assistant", Content: "Let me check. !inventory"},
		trajectory.Message{Role: "system", Content: inv})
	mem.ToSummarize = withInv
	if notes := strings.Join(notesOf(mem), " "); !strings.Contains(notes, "Andy_0 3") {
		t.Errorf("memory %q after an !inventory of 3 items: want Andy_0 3", notes)
	}
	// The hub that said who collects keeps it, with the count it said,
	// though its items are gone and the memory call shows none.
	told := append(hubTurns[:len(hubTurns):len(hubTurns)],
		trajectory.Message{Role: "assistant", Content: `!startConversation("Bob_0", "The most items are with Jill_0, 1 of them, so Jill_0 collects everything. Please send yours there.")`})
	mem.ToSummarize = told
	if n := know.ParseNotes(strings.Join(notesOf(mem), " ")); n.Coordinator != "Jill_0" || n.CoordinatorOf != 1 {
		t.Errorf("hub's notes after naming the collector: coordinator %q (%d items), want Jill_0 (1 item)", n.Coordinator, n.CoordinatorOf)
	}
	// A helper's offer says its count; the collector's comes from the
	// hub's message.
	helper := []trajectory.Message{
		{Role: "assistant", Content: `!startConversation("Andy_0", "Hi Andy_0! I have 2 stick (2 items). Whoever holds the most should collect everything. What do you have?")`},
		{Role: "user", Content: "Andy_0: (FROM OTHER BOT)We have a collector: Jill_0 collects everything, with the most items (4). Your items go to Jill_0. For the record, I have 0."},
	}
	mem = &generate.View{Name: "Bob_0", Team: team, TaskType: procgen.TypeCrafting, Goal: goal, ToSummarize: helper}
	n := know.ParseNotes(strings.Join(notesOf(mem), " "))
	if n.Coordinator != "Jill_0" || n.CoordinatorOf != 4 {
		t.Errorf("helper's notes: coordinator %s (%d items), want Jill_0 (4 items)", n.Coordinator, n.CoordinatorOf)
	}
	mem.ToSummarize = helper[:1]
	if n := know.ParseNotes(strings.Join(notesOf(mem), " ")); n.Holdings["Bob_0"] != 2 {
		t.Errorf("helper's holdings %v: want Bob_0 2, as its offer said", n.Holdings)
	}
}

// TestCraftingMemorySaysItsContext: a crafting memory says, beside its
// notes, what the folded turns show (the agent's items as its offer said
// them, the goal and team, the wait, what comes next), in words that
// change with the call's seed, and it reads back as the notes alone.
func TestCraftingMemorySaysItsContext(t *testing.T) {
	turns := []trajectory.Message{
		{Role: "assistant", Content: `!startConversation("Andy_0", "Hi Andy_0! I have 2 stick and 1 oak_log (3 items). Whoever holds the most should collect everything. What do you have?")`},
		{Role: "assistant", Content: "I'll wait for Andy_0's call. !stay(5)"},
		{Role: "system", Content: "Action output:\nStayed for 5 seconds.\n"},
		{Role: "assistant", Content: "Still waiting. !stay(5)"},
		{Role: "system", Content: "Action output:\nStayed for 5 seconds.\n"},
	}
	v := &generate.View{Name: "Bob_0", Team: []string{"Andy_0", "Bob_0", "Jill_0"}, TaskType: procgen.TypeCrafting,
		Goal: "Collaborate with other agents to craft a wooden_shovel", ToSummarize: turns}
	notes := know.ParseNotes(strings.Join(notesOf(v), " "))
	seen := map[string]bool{}
	says := map[string]int{}
	for seed := range uint64(40) {
		k := callOf(v)
		m := k.summarize(testVoice(seed, 3))
		seen[m] = true
		if len(m) > maxMemory {
			t.Errorf("seed %d: %d characters", seed, len(m))
		}
		if got := know.ParseNotes(m); !reflect.DeepEqual(got, notes) {
			t.Errorf("seed %d: %q reads back as %+v, want the notes %+v", seed, m, got, notes)
		}
		for _, s := range []string{"2 stick and 1 oak_log", "wooden_shovel", "10 s", "Andy_0"} {
			if strings.Contains(m, s) {
				says[s]++
			}
		}
		if strings.Contains(m, "Bob_0 0") || strings.Contains(m, "crafting_table") {
			t.Errorf("seed %d: %q", seed, m)
		}
	}
	if len(seen) < 38 {
		t.Errorf("40 seeds wrote %d memories", len(seen))
	}
	for _, s := range []string{"2 stick and 1 oak_log", "wooden_shovel", "Andy_0"} {
		if says[s] < 10 {
			t.Errorf("%q said in %d of 40 memories", s, says[s])
		}
	}
}
