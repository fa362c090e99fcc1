package generate

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// fill must give exactly what strings.NewReplacer gives, including when
// one placeholder is a prefix of another and values hold placeholders.
func TestFillMatchesReplacer(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	olds := []string{"$A", "$AB", "$NAME", "$NAMES", "$B_C", "$$", "xy"}
	words := []string{"$", "A", "B", "_C", "NAME", "S", "$$", "x", "y", " ", "\n", "é"}
	pick := func(n int) string {
		var b strings.Builder
		for range r.IntN(n) {
			b.WriteString(words[r.IntN(len(words))])
		}
		return b.String()
	}
	for range 20000 {
		var pairs []string
		for range 1 + r.IntN(5) {
			pairs = append(pairs, olds[r.IntN(len(olds))], pick(4))
		}
		tmpl := pick(30)
		if got, want := fill(tmpl, pairs...), strings.NewReplacer(pairs...).Replace(tmpl); got != want {
			t.Fatalf("fill(%q, %q) = %q, strings.Replacer gives %q", tmpl, pairs, got, want)
		}
	}
	p := PaperPrompts()
	v := promptVars{Name: "Andy_0", Goal: "craft $NAME", Memory: "m", Stats: "s", Inventory: "i", CommandDocs: "d", Examples: "e"}
	want := strings.NewReplacer("$NAME", v.Name, "$TASK_GOAL", v.Goal, "$TASK_INVENTORY", v.TaskInventory, "$MEMORY", v.Memory,
		"$STATS", v.Stats, "$INVENTORY", v.Inventory, "$COMMAND_DOCS", v.CommandDocs, "$EXAMPLES", v.Examples,
		"$SELF_PROMPT", v.SelfPrompt).Replace(p.Conversing)
	if got := p.renderConversing(v); got != want {
		t.Errorf("renderConversing differs from strings.Replacer:\n%s\nwant\n%s", got, want)
	}
}
