package command

import (
	"slices"
	"strings"
	"testing"
)

// FuzzParse checks that any response yields either no command, a checked
// call, or one of MINDcraft's error texts, and never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`!collectBlocks("stone", 10)`, `Hmm!!stats`, `!goToCoordinates(1.5, -60, 3, 0.5)`,
		`!setMode("x", "on")`, `!givePlayer("a", "oak_plank", 99999999999999999999)`,
		"!startConversation(\"b\", \"hi\nthere\")", `!x(`, `!!!`, `!getCraftingPlan("stick", -0x1)`,
	} {
		f.Add(s)
	}
	tab := NewTable(nil, isBlock, isItem)
	errPrefixes := []string{"Command !", "Error: Param '", "Invalid block type: ", "Invalid item type: "}
	f.Fuzz(func(t *testing.T, s string) {
		m, call, errText, ok := tab.Parse(s)
		if !ok {
			if strings.Contains(s, "!") && commandRE.MatchString(s) {
				t.Fatalf("missed a command in %q", s)
			}
			return
		}
		if loc := commandRE.FindStringSubmatchIndex(s); loc[4] >= 0 {
			if want := argRE.FindAllString(s[loc[4]:loc[5]], -1); !slices.Equal(m.Args, want) {
				t.Fatalf("args %q of %q, argRE's %q", m.Args, s, want)
			}
		}
		if m.End > len(s) || !strings.HasPrefix(s[:m.End][strings.LastIndex(s[:m.End], m.Name):], m.Name) {
			t.Fatalf("bad match %+v for %q", m, s)
		}
		if errText == "" {
			if len(call.Args) != len(call.Spec.Params) {
				t.Fatalf("call %+v has the wrong arg count", call)
			}
			return
		}
		for _, p := range errPrefixes {
			if strings.HasPrefix(errText, p) {
				return
			}
		}
		t.Fatalf("unexpected error text %q for %q", errText, s)
	})
}
