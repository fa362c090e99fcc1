package scripted

import (
	"regexp"
	"testing"
)

// fromBot must split exactly as the regexp it replaced.
func TestFromBotMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile(`(?s)^(\w+): (?:\(FROM OTHER BOT\))?(.*)$`)
	for _, s := range []string{
		"Jill_0: (FROM OTHER BOT)Hi Andy!", "Jill_0: plain", "Jill_0:no space", ": x", "Jill 0: x",
		"Andy_0: (FROM OTHER BOT)", "Andy_0: ", "Bob: (FROM OTHER BOT)(FROM OTHER BOT)twice",
		"Bob: line one\nline two", "Bob: \xff bad utf8", "é: x", "Bob_1: (FROM OTHER BOT", "",
	} {
		from, text, ok := fromBot(s)
		m := re.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (from != m[1] || text != m[2]) {
			t.Errorf("fromBot(%q) = %q, %q, %v; regexp gives %q", s, from, text, ok, m)
		}
	}
}
