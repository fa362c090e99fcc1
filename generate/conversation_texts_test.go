package generate

import (
	"regexp"
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
