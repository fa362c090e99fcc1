package scripted

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
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

// wordingRE matches any wording, longest first, whole words, either
// case of the first letter; wordingOf maps a match to its group.
var wordingRE, wordingOf = func() (*regexp.Regexp, map[string]int) {
	of := map[string]int{}
	var alts []string
	for g, ws := range wordings {
		for _, w := range ws {
			for _, form := range []string{w, upperFirst(w)} {
				if _, dup := of[form]; !dup {
					of[form] = g
					alts = append(alts, form)
				}
			}
		}
	}
	// Longest first, so "levels" wins over "level".
	slices.SortStableFunc(alts, func(a, b string) int { return len(b) - len(a) })
	for i, a := range alts {
		alts[i] = regexp.QuoteMeta(a)
		if r := rune(a[0]); unicode.IsLetter(r) {
			alts[i] = `\b` + alts[i]
		}
		if r := rune(a[len(a)-1]); unicode.IsLetter(r) {
			alts[i] += `\b`
		}
	}
	return regexp.MustCompile(strings.Join(alts, "|")), of
}()

// vary says the narration text with its wordings drawn anew, one per
// group for the whole text. A stated construction plan is kept word for
// word up to its last sentence: the builders recognise it by its words
// ("split each level by material").
func (s *state) vary(text string) string {
	if i := strings.LastIndex(text, "by material"); i >= 0 {
		end := i + len("by material")
		if j := strings.Index(text[end:], ". "); j >= 0 {
			end += j + 2
		} else {
			return text
		}
		return text[:end] + s.vary(text[end:])
	}
	// One wording per group in a text: a message that says "layer" once
	// says it throughout.
	chosen := map[int]string{}
	return wordingRE.ReplaceAllStringFunc(text, func(m string) string {
		g := wordingOf[m]
		w, ok := chosen[g]
		if !ok {
			w = wordings[g][s.rng.IntN(len(wordings[g]))]
			chosen[g] = w
		}
		if unicode.IsUpper(rune(m[0])) {
			return upperFirst(w)
		}
		return w
	})
}

func upperFirst(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}

// reAlternation is one {a|b|c} choice in a phrase template.
var reAlternation = regexp.MustCompile(`\{([^{}]*)\}`)

// gen says a phrase template with each {a|b|c} replaced by one of its
// alternatives, so one template covers the phrasings its parts combine
// to. Alternatives nest: the innermost are chosen first.
func (s *state) gen(template string) string {
	for strings.Contains(template, "{") {
		next := reAlternation.ReplaceAllStringFunc(template, func(m string) string {
			alts := strings.Split(m[1:len(m)-1], "|")
			return alts[s.rng.IntN(len(alts))]
		})
		if next == template {
			break // a lone brace: nothing left to choose
		}
		template = next
	}
	return template
}

// reLevelNumber is a level named by its number.
var reLevelNumber = regexp.MustCompile(`\b([Ll])evel (\d+)\b`)

// refer names a level by its number and then refers back to it ("this
// level") while no other level was named in between, as people do: "My
// share of level 3 is 12 of its 40 blocks; this level is mostly stone".
func (s *state) refer(text string) string {
	last := ""
	return reLevelNumber.ReplaceAllStringFunc(text, func(m string) string {
		n := m[len("level "):]
		if n != last {
			last = n
			return m
		}
		w := s.pick("this level", "the level")
		if m[0] == 'L' {
			return upperFirst(w)
		}
		return w
	})
}
