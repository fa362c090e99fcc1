package scripted

import (
	"slices"
	"strings"
)

// wordings are interchangeable ways to say the same thing in an agent's
// own narration: each occurrence of one is said as any of its group, so
// the same step reads differently from call to call. None of them is a
// phrase that teammates or the agent's own later calls look for in its
// words ("by material", "Recipe for", "I'll make the", "everything I had",
// the asks for items and recipes), and messages are never varied.
var wordings = [][]string{
	{"my share", "my part", "my portion"},
	{"let me ", "I'd better ", "I should "},
	{"Since ", "As ", "Because "},
	{", so ", "; so ", ", and so "},
	{"Heard you, ", "Got it, ", "Right, ", "Alright, "},
	{"Noted, ", "Understood, ", "Copy that, "},
	{"Thanks, ", "Thank you, ", "Cheers, "},
	{"Okay, ", "OK, ", "Sure, "},
	{"level", "layer"},
	{"levels", "layers"},
	{"the blueprint", "the design"},
	{"cells", "spots"},
	{"right now", "at the moment", "currently"},
	{"time to ", "it's time to "},
	{"I'm holding ", "I'm carrying ", "I hold "},
	{"I'm standing by", "I'm on standby"},
	{"off to the farm for", "heading to the farm for", "going to the farm for"},
	{"goes into", "is for"},
	{"is the next dish", "comes next", "is up next"},
	{"is ready", "is done", "is finished"},
	{"nothing left to do", "nothing more to do", "no more work"},
	{"in my inventory", "in my bag", "on me"},
	{"from the world", "out in the world", "from around here"},
	{"the rest", "the remainder", "what's left"},
}

// wordingAlts are the wordings as vary looks for them: each in the case
// written and with its first letter upper-cased, longest first (so
// "levels" wins over "level"), whole words only; wordingAt indexes them by
// their first byte, in that order.
var wordingAlts, wordingAt = func() ([]wordingAlt, map[byte][]int) {
	seen := map[string]bool{}
	var alts []wordingAlt
	for g, ws := range wordings {
		for _, w := range ws {
			for _, form := range []string{w, upperFirst(w)} {
				if !seen[form] {
					seen[form] = true
					alts = append(alts, wordingAlt{form, g})
				}
			}
		}
	}
	slices.SortStableFunc(alts, func(a, b wordingAlt) int { return len(b.text) - len(a.text) })
	at := map[byte][]int{}
	for i, a := range alts {
		at[a.text[0]] = append(at[a.text[0]], i)
	}
	return alts, at
}()

// wordingAlt is one form of a wording and its group.
type wordingAlt struct {
	text  string
	group int
}

// wordAt reports whether text holds alt at i as a whole word: where alt
// starts or ends with a letter, the text has no letter, digit or _
// beside it.
func (alt wordingAlt) at(text string, i int) bool {
	w := alt.text
	if !strings.HasPrefix(text[i:], w) {
		return false
	}
	if isLetter(w[0]) && i > 0 && isWordByte(text[i-1]) {
		return false
	}
	end := i + len(w)
	return !isLetter(w[len(w)-1]) || end == len(text) || !isWordByte(text[end])
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isWordByte(c byte) bool { return c == '_' || '0' <= c && c <= '9' || isLetter(c) }

// vary says the narration text with its wordings drawn anew, one per
// group for the whole text. A stated construction plan is kept word for
// word up to its last sentence: the builders recognise it by its words
// ("split each level by material").
func (v *voice) vary(text string) string {
	if i := strings.LastIndex(text, "by material"); i >= 0 {
		end := i + len("by material")
		if j := strings.Index(text[end:], ". "); j >= 0 {
			end += j + 2
		} else {
			return text
		}
		return text[:end] + v.vary(text[end:])
	}
	// One wording per group in a text: a message that says "layer" once
	// says it throughout.
	chosen := map[int]string{}
	var b strings.Builder
	for i := 0; i < len(text); {
		alt, ok := wordingAlt{}, false
		for _, k := range wordingAt[text[i]] {
			if wordingAlts[k].at(text, i) {
				alt, ok = wordingAlts[k], true
				break
			}
		}
		if !ok {
			b.WriteByte(text[i])
			i++
			continue
		}
		w, picked := chosen[alt.group]
		if !picked {
			w = wordings[alt.group][v.rng.IntN(len(wordings[alt.group]))]
			chosen[alt.group] = w
		}
		if isUpper(alt.text[0]) {
			w = upperFirst(w)
		}
		b.WriteString(w)
		i += len(alt.text)
	}
	return b.String()
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

func upperFirst(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// gen says a phrase template with each {a|b|c} replaced by one of its
// alternatives, so one template covers the phrasings its parts combine
// to. Alternatives nest: each pass chooses in the innermost braces, left
// to right, until none is left.
func (v *voice) gen(template string) string {
	for strings.Contains(template, "{") {
		next := v.choose(template)
		if next == template {
			break // a lone brace: nothing left to choose
		}
		template = next
	}
	return template
}

// choose replaces each innermost {a|b|c} of template (braces holding no
// brace) by one of its alternatives, left to right.
func (v *voice) choose(template string) string {
	var b strings.Builder
	for i := 0; i < len(template); {
		j := i + 1
		for template[i] == '{' && j < len(template) && template[j] != '{' && template[j] != '}' {
			j++
		}
		if template[i] != '{' || j == len(template) || template[j] != '}' {
			b.WriteByte(template[i])
			i++
			continue
		}
		alts := strings.Split(template[i+1:j], "|")
		b.WriteString(alts[v.rng.IntN(len(alts))])
		i = j + 1
	}
	return b.String()
}

// refer names a level by its number and then refers back to it ("this
// level") while no other level was named in between, as people do: "My
// share of level 3 is 12 of its 40 blocks; this level is mostly stone".
func (v *voice) refer(text string) string {
	last := ""
	var b strings.Builder
	for i := 0; i < len(text); {
		n, ok := levelNumberAt(text, i)
		if !ok {
			b.WriteByte(text[i])
			i++
			continue
		}
		m := text[i : i+len("level ")+len(n)]
		i += len(m)
		if n != last {
			last = n
			b.WriteString(m)
			continue
		}
		w := v.pick("this level", "the level")
		if m[0] == 'L' {
			w = upperFirst(w)
		}
		b.WriteString(w)
	}
	return b.String()
}

// levelNumberAt reads a level named by its number, "level 3" or "Level
// 3" as a whole word, at text[i:]: the number.
func levelNumberAt(text string, i int) (string, bool) {
	if c := text[i]; c != 'l' && c != 'L' || i > 0 && isWordByte(text[i-1]) || !strings.HasPrefix(text[i+1:], "evel ") {
		return "", false
	}
	j := i + len("level ")
	k := j
	for k < len(text) && '0' <= text[k] && text[k] <= '9' {
		k++
	}
	if k == j || k < len(text) && isWordByte(text[k]) {
		return "", false
	}
	return text[j:k], true
}
