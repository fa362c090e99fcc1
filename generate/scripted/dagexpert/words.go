package dagexpert

import (
	"math/rand/v2"
	"strings"
)

// words draws the wording of a reply: one alternative of each {a|b|c}
// group (groups nest), with the call's seeded random stream, so a reply
// says the same facts in varied words and a trial replays identically.
type words struct{ rng *rand.Rand }

// pick returns one of the options.
func (w words) pick(options ...string) string { return options[w.rng.IntN(len(options))] }

// say expands a template's {a|b} groups.
func (w words) say(template string) string {
	var b strings.Builder
	w.expand(&b, template)
	return b.String()
}

func (w words) expand(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			b.WriteByte(s[i])
			continue
		}
		end, alts := group(s, i)
		if end < 0 { // a lone brace is text
			b.WriteByte(s[i])
			continue
		}
		w.expand(b, alts[w.rng.IntN(len(alts))])
		i = end
	}
}

// group reads the {a|b} group opening at s[i]: where it closes and its
// alternatives (nested groups kept whole); -1 when it does not close.
func group(s string, i int) (int, []string) {
	depth, start := 0, i+1
	var alts []string
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j, append(alts, s[start:j])
			}
		case '|':
			if depth == 1 {
				alts = append(alts, s[start:j])
				start = j + 1
			}
		}
	}
	return -1, nil
}

// upperFirst capitalises a sentence's first letter.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// andList joins "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
