package generate

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"collabcraft/procgen"
)

// The conversation texts agents read back parse as they are written.
func TestConversationTextsReadBack(t *testing.T) {
	h := &history{name: "Andy_0"}
	h.add("Jill_0", fromOtherBot+"Hi Andy_0! (2 items)")
	if from, text, ok := ParseChatTurn(h.turns[0].Content); !ok || from != "Jill_0" || text != "Hi Andy_0! (2 items)" {
		t.Errorf("chat turn reads back as %q %q %v", from, text, ok)
	}
	ended := endedWithMessageText("Jill_0", fromOtherBot+`Bye "now"`)
	if from, msg, ok := ParseEndedWith(ended); !ok || from != "Jill_0" || msg != `Bye "now"` {
		t.Errorf("ended conversation reads back as %q %q %v", from, msg, ok)
	}
	if !IsBusyReply(busyReplyText("Andy_0")) || IsBusyReply("I'm talking to you") {
		t.Error("IsBusyReply does not read busyReplyText alone")
	}
	if !IsNoResponseFrom(noResponseText("Jill_0", 30000), "Jill_0") || IsNoResponseFrom(noResponseText("Jill_0", 30000), "Jill") {
		t.Error("IsNoResponseFrom does not read noResponseText for its partner alone")
	}
	if !IsInitMessage("user: " + mindcraftInitMessage) {
		t.Error("IsInitMessage does not read the init message")
	}
}

// The readers read what the patterns the experts once used read.
func TestConversationReadersMatchPatterns(t *testing.T) {
	chat := regexp.MustCompile(`(?s)^(\w+): (?:\(FROM OTHER BOT\))?(.*)$`)
	ended := regexp.MustCompile(`(?s)^Conversation with (\w+) ended with message: "\(FROM OTHER BOT\)(.*)"$`)
	for _, s := range []string{
		"Jill_0: (FROM OTHER BOT)Hi Andy!", "Jill_0: plain", "Jill_0:no space", ": x", "Jill 0: x",
		"Andy_0: (FROM OTHER BOT)", "Andy_0: ", "Bob: (FROM OTHER BOT)(FROM OTHER BOT)twice",
		"Bob: line one\nline two", "Bob: \xff bad utf8", "é: x", "Bob_1: (FROM OTHER BOT", "",
		`Conversation with Jill_0 ended with message: "(FROM OTHER BOT)Bye."`, `Conversation with Jill_0 ended with message: "(FROM OTHER BOT)a"b"`,
		`Conversation with Jill_0 ended with message: "Bye."`, `Conversation with Jill_0 ended with message: "(FROM OTHER BOT)Bye.`,
		`Conversation with  ended with message: "(FROM OTHER BOT)x"`, "Conversation with Jill_0 ended with message: \"(FROM OTHER BOT)two\nlines\"",
		`Conversation with Jill_0 ended.`,
	} {
		for _, c := range []struct {
			re   *regexp.Regexp
			read func(string) (string, string, bool)
		}{{chat, ParseChatTurn}, {ended, ParseEndedWith}} {
			a, b, ok := c.read(s)
			m := c.re.FindStringSubmatch(s)
			if ok != (m != nil) || ok && (a != m[1] || b != m[2]) {
				t.Errorf("%q: read %q %q %v, the pattern %q", s, a, b, ok, m)
			}
		}
	}
}

// A cooking goal for more than two agents names who receives the food,
// for every agent; other goals do not.
func TestGoalNamesCollector(t *testing.T) {
	task := &procgen.Task{ID: "x", AgentCount: 3}
	for _, name := range []string{"Andy_0", "Jill_0"} {
		if g := "Make a cake." + cookingAddString(task, name); !GoalNamesCollector(g) {
			t.Errorf("%s's goal %q does not name the collector", name, g)
		}
	}
	task.AgentCount = 2
	if g := "Make a cake." + cookingAddString(task, "Jill_0"); GoalNamesCollector(g) {
		t.Errorf("the 2-agent goal %q names a collector", g)
	}
	if !GoalNamesCollector("... GIVEN TO ONE SINGLE BOT WHOSE NAME STARTS WITH ANDY") {
		t.Error("the collector's words in capitals are not read")
	}
}

// containsFoldASCII is the EqualFold of every run of the word's length, on
// drawn texts: the word and its parts in mixed case, runes that fold to
// ASCII letters from more bytes (the Kelvin sign, long s), other
// non-ASCII letters, a rune cut in two.
func TestContainsFoldASCIIIsEqualFold(t *testing.T) {
	equalFold := func(s, word string) bool {
		for i := 0; i+len(word) <= len(s); i++ {
			if strings.EqualFold(s[i:i+len(word)], word) {
				return true
			}
		}
		return false
	}
	rng := rand.New(rand.NewPCG(34, 5))
	parts := []string{givenToAndy, strings.ToUpper(givenToAndy), "given to one", "GIVEN", "single bot", "whose name ", "starts with ", "andy", "ANDY", "Andy",
		"\u212a", "\u017f", "s", "k", " ", "é", "\xe2", "\x80", "ǅ", "ß", "a", "A", "bot", "given to one single bot whose name starts with and"}
	for i := range 50000 {
		var b strings.Builder
		for range rng.IntN(10) {
			p := parts[rng.IntN(len(parts))]
			if rng.IntN(3) == 0 { // flip the case of one byte
				k := rng.IntN(len(p))
				if c := p[k]; c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
					p = p[:k] + string(c^0x20) + p[k+1:]
				}
			}
			b.WriteString(p)
		}
		s := b.String()
		for _, word := range []string{givenToAndy, "andy", "ks", "a", ""} {
			if got, want := containsFoldASCII(s, word), equalFold(s, word); got != want {
				t.Fatalf("%d: containsFoldASCII(%q, %q) = %v, EqualFold says %v", i, s, word, got, want)
			}
		}
	}
}
