package scripted

import (
	"maps"
	"strings"
	"testing"

	"collabcraft/generate"
	"collabcraft/generate/scripted/know"
	"collabcraft/procgen"
	"collabcraft/trajectory"
)

// toy is a role of a made-up task: an agent gives everything it holds to
// the teammate whose name sorts first, then stands by. It is one type;
// the intents it decides (give, the stand-by) and their words are shared.
type toy struct{ k *call }

func (r toy) Decide() (Intent, bool) {
	c := r.k.c
	to := c.Others()[0]
	if item, n := nextGift(c); item != "" {
		return do(give{To: to, Item: item, N: n, Does: "play"}, "givePlayer", to, item, n), true
	}
	return standBy(c), true
}
func (toy) Notes(*know.Notes)                {}
func (r toy) Phrasebook(v *voice) Phrasebook { return &commonWords{words{k: r.k, v: v}} }

// TestToyRole: adding a role takes one new type (toy) and one entry in
// the role table; the backend then plays it through the same context,
// phrasebook and dialect as every other role.
func TestToyRole(t *testing.T) {
	table := maps.Clone(teams)
	table["toy"] = team{roles: func(k *call) []Role { return []Role{toy{k}} }, queries: []string{"!inventory"}}
	b := newBackend(DefaultOptions(), table)
	v := &generate.View{Name: "Jill_0", Team: []string{"Andy_0", "Jill_0"}, TaskType: "toy", Goal: "Play with Andy_0.",
		Inventory: inventoryText("- stick: 2\n")}
	k := b.call(know.ParseMINDcraft(v))
	if got := k.respond(k.voice(1)); !strings.HasSuffix(got, `!givePlayer("Andy_0", "stick", 2)`) || len(got) <= len(`!givePlayer("Andy_0", "stick", 2)`) {
		t.Errorf("toy answered %q, want words and the stick given to Andy_0", got)
	}
	v.Inventory = inventoryText("")
	v.Turns = []trajectory.Message{{Role: "assistant", Content: `!givePlayer("Andy_0", "stick", 2)`}, {Role: "system", Content: "Action output:\nAndy_0 received stick.\n"}}
	k = b.call(know.ParseMINDcraft(v))
	if got := k.respond(k.voice(1)); !strings.HasSuffix(got, "!stay(30)") {
		t.Errorf("toy with nothing left answered %q, want it to stand by", got)
	}
	// The crafting team is untouched by the new entry.
	v.TaskType = procgen.TypeCrafting
	if k := b.call(know.ParseMINDcraft(v)); len(k.team.roles(k)) != 3 {
		t.Error("the crafting team changed")
	}
}
