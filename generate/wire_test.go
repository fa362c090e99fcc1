package generate

import (
	"reflect"
	"testing"

	"collabcraft/trajectory"
)

func msgs(pairs ...string) []trajectory.Message {
	var out []trajectory.Message
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, trajectory.Message{Role: pairs[i], Content: pairs[i+1]})
	}
	return out
}

func TestStrictFormat(t *testing.T) {
	cases := []struct {
		name     string
		in, want []trajectory.Message
	}{
		{"empty gets a filler", nil, msgs("user", "_")},
		{"system becomes SYSTEM user turn and merges with users",
			msgs("system", "Respond with hello world and your name", "user", "Jill_0: (FROM OTHER BOT)hi  "),
			msgs("user", "SYSTEM: Respond with hello world and your name\nJill_0: (FROM OTHER BOT)hi")},
		{"assistant first gets a leading filler, repeated assistants a filler between",
			msgs("assistant", " a ", "assistant", "b", "system", "\nCode output:\nok\n"),
			msgs("user", "_", "assistant", "a", "user", "_", "assistant", "b", "user", "SYSTEM: Code output:\nok")},
		{"JavaScript trim: U+FEFF trimmed, U+0085 kept",
			msgs("user", "\ufeff x \u0085"), msgs("user", "x \u0085")},
	}
	for _, c := range cases {
		in := append([]trajectory.Message(nil), c.in...)
		if got := StrictFormat(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
		if !reflect.DeepEqual(in, c.in) {
			t.Errorf("%s: input modified", c.name)
		}
	}
}

func TestWireMessages(t *testing.T) {
	turns := msgs("system", " init ", "assistant", "hello")
	raw := WireRaw.Messages("P", turns)
	if want := msgs("system", "P", "system", " init ", "assistant", "hello"); !reflect.DeepEqual(raw, want) {
		t.Errorf("raw: %q", raw)
	}
	strict := WireStrict.Messages("P", turns)
	if want := msgs("system", "P", "user", "SYSTEM: init", "assistant", "hello"); !reflect.DeepEqual(strict, want) {
		t.Errorf("strict: %q", strict)
	}
	if got := WireStrict.Messages("M", nil); !reflect.DeepEqual(got, msgs("system", "M", "user", "_")) {
		t.Errorf("strict memory call: %q", got)
	}
	if _, err := ParseWire("json"); err == nil {
		t.Error("ParseWire accepted json")
	}
}
