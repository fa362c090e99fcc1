package export

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestNormalizeStrict(t *testing.T) {
	cases := []struct {
		name string
		in   []Message
		want []Message
	}{
		{"system prompt and mid-conversation system turns",
			[]Message{msg("system", "P"), msg("user", "jill: hi"), msg("assistant", "!stats"), msg("system", "Health: 20"), msg("assistant", "ok")},
			[]Message{msg("system", "P"), msg("user", "jill: hi"), msg("assistant", "!stats"), msg("user", "SYSTEM: Health: 20"), msg("assistant", "ok")}},
		{"only the first system message stays a system message",
			[]Message{msg("system", "A"), msg("system", "B"), msg("user", "u"), msg("assistant", "a")},
			[]Message{msg("system", "A"), msg("user", "SYSTEM: B\nu"), msg("assistant", "a")}},
		{"consecutive same-role turns merged, system output joins the user turn",
			[]Message{msg("system", "P"), msg("user", "u1"), msg("system", "s"), msg("user", "u2"), msg("assistant", "a1"), msg("assistant", "a2")},
			[]Message{msg("system", "P"), msg("user", "u1\nSYSTEM: s\nu2"), msg("assistant", "a1\na2")}},
		{"assistant first gets MINDcraft's _ user turn",
			[]Message{msg("system", "P"), msg("assistant", "a1"), msg("user", "u"), msg("assistant", "a2")},
			[]Message{msg("system", "P"), msg("user", "_"), msg("assistant", "a1"), msg("user", "u"), msg("assistant", "a2")}},
		{"no system message",
			[]Message{msg("assistant", "a")},
			[]Message{msg("user", "_"), msg("assistant", "a")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := append([]Message(nil), c.in...)
			got := normalizeStrict(c.in)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if !reflect.DeepEqual(in, c.in) {
				t.Errorf("input modified: %q", c.in)
			}
			if err := checkStrict(got); err != nil {
				t.Errorf("checkStrict: %v", err)
			}
		})
	}
}

// Every strict example alternates user/assistant after the system message,
// whatever the recorded roles, and no text ever becomes assistant text that
// was not assistant text before.
func TestNormalizeStrictRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	roles := []string{"system", "user", "assistant"}
	for i := range 2000 {
		n := 1 + r.IntN(12)
		var in []Message
		for k := range n {
			in = append(in, msg(roles[r.IntN(3)], string(rune('a'+k))))
		}
		in = append(in, msg("assistant", "final"))
		got := normalizeStrict(trimToLastAssistant(in))
		if err := checkStrict(got); err != nil {
			t.Fatalf("case %d %q -> %q: %v", i, in, got, err)
		}
		var wantA, gotA []string
		for _, m := range in {
			if m.Role == "assistant" {
				wantA = append(wantA, m.Content)
			}
		}
		for _, m := range got {
			if m.Role == "assistant" {
				gotA = append(gotA, strings.Split(m.Content, "\n")...)
			}
		}
		if !reflect.DeepEqual(wantA, gotA) {
			t.Fatalf("case %d: assistant text changed: %q -> %q", i, wantA, gotA)
		}
		if got[len(got)-1].Content != "final" && !strings.HasSuffix(got[len(got)-1].Content, "\nfinal") {
			t.Fatalf("case %d: does not end on the final response: %q", i, got)
		}
	}
}

func TestCheckStrictRejects(t *testing.T) {
	for _, bad := range [][]Message{
		{msg("system", "P"), msg("user", "u")},
		{msg("user", "u"), msg("user", "v"), msg("assistant", "a"), msg("assistant", "b")},
		{msg("system", "P"), msg("assistant", "a")},
		{msg("user", "u"), msg("system", "s"), msg("assistant", "a")},
	} {
		if checkStrict(bad) == nil {
			t.Errorf("checkStrict accepted %q", bad)
		}
	}
}

func TestExampleCheck(t *testing.T) {
	good := Example{ID: "x", Meta: Meta{TaskID: "t"}, Messages: []Message{msg("user", "u"), msg("assistant", "a")}}
	if err := good.check(); err != nil {
		t.Fatal(err)
	}
	for want, ex := range map[string]Example{
		`role "tool"`:          {ID: "x", Meta: Meta{TaskID: "t"}, Messages: []Message{msg("tool", "u"), msg("assistant", "a")}},
		"no assistant message": {ID: "x", Meta: Meta{TaskID: "t"}, Messages: []Message{msg("user", "u")}},
		"empty task id":        {ID: "x", Messages: []Message{msg("assistant", "a")}},
		"empty id":             {Meta: Meta{TaskID: "t"}, Messages: []Message{msg("assistant", "a")}},
		"no messages":          {ID: "x", Meta: Meta{TaskID: "t"}},
	} {
		err := ex.check()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("want error containing %q, got %v", want, err)
		}
	}
}
