package voyager

import (
	"slices"
	"testing"
)

func TestTerms(t *testing.T) {
	got := Terms("async function mineWoodLog(bot) {\n    // Mines 3 oak logs, then crafts the planks.\n}")
	want := []string{"mine", "wood", "log", "mine", "3", "oak", "log", "craft", "plank"}
	if !slices.Equal(got, want) {
		t.Errorf("Terms = %q, want %q", got, want)
	}
}

func library() *Library {
	l := &Library{}
	l.Add("mineWoodLog", "async function mineWoodLog(bot) {}", SkillDescription("mineWoodLog", "Mines one wood log from the nearest tree."))
	l.Add("craftWoodenPickaxe", "async function craftWoodenPickaxe(bot) {}", SkillDescription("craftWoodenPickaxe", "Crafts planks and sticks, then a wooden pickaxe on a crafting table."))
	l.Add("smeltRawIron", "async function smeltRawIron(bot) {}", SkillDescription("smeltRawIron", "Smelts raw iron into iron ingots in a furnace with coal."))
	l.Add("killPig", "async function killPig(bot) {}", SkillDescription("killPig", "Explores until a pig is found and kills it for porkchop."))
	return l
}

func TestRetrieveRanksByDescription(t *testing.T) {
	l := library()
	for _, c := range []struct {
		query string
		first string
	}{
		{"Mine 3 wood logs", "async function mineWoodLog(bot) {}"},
		{"You need a furnace and coal to smelt iron ingots.", "async function smeltRawIron(bot) {}"},
		{"Craft a stone pickaxe with sticks", "async function craftWoodenPickaxe(bot) {}"},
		{"Cook porkchop: kill a pig first", "async function killPig(bot) {}"},
	} {
		got := l.Retrieve(c.query, RetrievalTopK)
		if len(got) != 4 || got[0] != c.first {
			t.Errorf("Retrieve(%q) = %q, want %d skills, %q first", c.query, got, 4, c.first)
		}
	}
	if got := l.Retrieve("anything", 2); len(got) != 2 {
		t.Errorf("Retrieve with k=2 gave %d skills", len(got))
	}
	if got := (&Library{}).Retrieve("Mine 3 wood logs", RetrievalTopK); got != nil {
		t.Errorf("an empty library retrieved %q", got)
	}
	// No shared word: the library's order, as a tie.
	if got := l.Retrieve("zzz", 2); !slices.Equal(got, []string{"async function mineWoodLog(bot) {}", "async function craftWoodenPickaxe(bot) {}"}) {
		t.Errorf("Retrieve without a shared word = %q", got)
	}
}

func TestAddRewritesInPlace(t *testing.T) {
	l := library()
	s := l.Add("mineWoodLog", "async function mineWoodLog(bot) { /* v2 */ }", SkillDescription("mineWoodLog", "Mines logs."))
	if s.File != "mineWoodLogV2" || l.Len() != 4 || l.Skills()[0].Code != s.Code {
		t.Errorf("rewrite: %+v, %d skills, first %+v", s, l.Len(), l.Skills()[0])
	}
	if s := l.Add("mineWoodLog", "x", "y"); s.File != "mineWoodLogV3" {
		t.Errorf("second rewrite dumped as %s", s.File)
	}
	if got := l.Programs(); got[:len("x\n\nasync function craftWoodenPickaxe")] != "x\n\nasync function craftWoodenPickaxe" {
		t.Errorf("Programs after the rewrites = %q", got)
	}
	if KeepsSkillOf("Deposit useless items into the chest at (1, 64, 2)") || !KeepsSkillOf("Mine 1 wood log") {
		t.Error("KeepsSkillOf: deposit tasks are not kept, others are")
	}
}

// TestSkillCallReadBack: the library a run records as its skill-description
// calls is read back whole.
func TestSkillCallReadBack(t *testing.T) {
	code := "function pick(names) {\n  return names[0];\n}\n\nasync function mineWoodLog(bot) {\n  await mineBlock(bot, pick([\"oak_log\"]), 1);\n}"
	name, gotCode, desc, err := ReadSkillCall(SkillDescriptionMessages("mineWoodLog", code), "Mines a log.")
	if err != nil || name != "mineWoodLog" || gotCode != code || desc != SkillDescription("mineWoodLog", "Mines a log.") {
		t.Errorf("ReadSkillCall = %q, %q, %q, %v", name, gotCode, desc, err)
	}
	if _, _, _, err := ReadSkillCall([]Message{CriticSystem(), {Role: "user", Content: "x"}}, ""); err == nil {
		t.Error("a critic call read as a skill call")
	}
}
