package export

import (
	"strings"
	"testing"
)

func TestParseMix(t *testing.T) {
	caps, err := ParseMix("kind:coding<=0.3, type:construction<=0.5")
	if err != nil || len(caps) != 2 || caps[0] != (Cap{MixKind, "coding", 0.3}) || caps[1] != (Cap{MixType, "construction", 0.5}) {
		t.Fatalf("caps %v, %v", caps, err)
	}
	for in, want := range map[string]string{
		"kind:coding":                      "expected type:NAME<=SHARE",
		"agent:Andy_0<=0.5":                `"agent" is not a dimension`,
		"kind:coding<=1.5":                 "expected a number between 0 and 1",
		"kind:coding<=0":                   "expected a number between 0 and 1",
		"kind:coding<=0.3,kind:coding<=.2": "kind:coding is capped twice",
		"":                                 "no caps",
	} {
		if _, err := ParseMix(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMix(%q) = %v, want %q", in, err, want)
		}
	}
}

// Caps that cannot all hold are refused, not met by dropping everything.
func TestCutCellsRefusesImpossibleCaps(t *testing.T) {
	cells := map[mixCell][]mixItem{
		{"crafting", "conversation"}: {{1, 10}, {2, 10}},
		{"crafting", "memory"}:       {{3, 10}, {4, 10}},
	}
	mix := &Mix{Caps: []Cap{{MixKind, "conversation", 0.4}, {MixKind, "memory", 0.4}}, By: MixByExamples}
	if _, err := cutCells("train", cells, mix); err == nil || !strings.Contains(err.Error(), "every kind in split train is capped and the caps add up to 0.8") {
		t.Errorf("err = %v", err)
	}
	// One cap: memory at most a third keeps both conversations and one memory
	// call, the one of lower priority.
	mix.Caps = mix.Caps[1:2]
	mix.Caps[0].Max = 1.0 / 3
	cuts, err := cutCells("train", cells, mix)
	if err != nil {
		t.Fatal(err)
	}
	if c := cuts[mixCell{"crafting", "conversation"}]; !c.all {
		t.Errorf("conversation cut %+v", c)
	}
	if c := cuts[mixCell{"crafting", "memory"}]; c.all || c.none || c.thr != 3 {
		t.Errorf("memory cut %+v, want priority 3 kept", c)
	}
}
