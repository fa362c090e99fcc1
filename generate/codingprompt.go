package generate

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"collabcraft/trajectory"
)

// This file renders the coding prompt's parts as MINDcraft's prompter
// does (src/models/prompter.js promptCoding).

// alwaysShownDocs are the skills whose docs $CODE_DOCS always shows
// (skill_library.js always_show_skills), in order.
var alwaysShownDocs = []string{"skills.placeBlock", "skills.wait", "skills.breakBlockAt"}

const codeDocsHeader = "#### RELEVANT CODE DOCS ###\nThe following functions are available to use:\n"

// CodeDocsText renders $CODE_DOCS as getRelevantSkillDocs does without an
// embedding model: MINDcraft then never fills skill_docs_embeddings, so
// its word-overlap selection picks from nothing and only the
// always-shown docs remain, whatever the task. Each is the first doc
// that mentions the skill's name (Array.find over includes), without
// repeats (a Set).
func (p Prompts) CodeDocsText() string {
	var shown []string
	for _, name := range alwaysShownDocs {
		i := slices.IndexFunc(p.CodeDocs, func(doc string) bool { return strings.Contains(doc, name) })
		if i >= 0 && !slices.Contains(shown, p.CodeDocs[i]) {
			shown = append(shown, p.CodeDocs[i])
		}
	}
	return codeDocsHeader + strings.Join(shown, "\n### ")
}

// selectExamples renders $EXAMPLES for a call as MINDcraft's
// Examples.createExampleMessage does without an embedding model: pool is
// sorted in place, stably, by word overlap with the call's messages, most
// first, and the first n are shown. The pool is the agent's own and keeps
// its order from call to call, as MINDcraft's does, which decides ties.
func selectExamples(pool [][]trajectory.Message, messages []trajectory.Message, n int) string {
	words := overlapWords(turnsToText(messages))
	type scored struct {
		ex    []trajectory.Message
		pe    poolExample
		score float64
	}
	byScore := make([]scored, len(pool))
	for i, ex := range pool {
		pe := poolExampleOf(ex)
		byScore[i] = scored{ex, pe, pe.overlap(words)}
	}
	slices.SortStableFunc(byScore, func(a, b scored) int { return cmp.Compare(b.score, a.score) })
	for i, s := range byScore {
		pool[i] = s.ex
	}
	var b strings.Builder
	b.WriteString("Examples of how to respond:\n")
	for i, s := range byScore[:min(n, len(byScore))] {
		b.WriteString("Example ")
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(":\n")
		b.WriteString(s.pe.turns)
		b.WriteString("\n\n")
	}
	return b.String()
}

// turnsToText is Examples.turnsToText: the text of every turn but the
// assistant's, each without its "name:" prefix.
func turnsToText(turns []trajectory.Message) string {
	var b strings.Builder
	for _, t := range turns {
		if t.Role != "assistant" {
			_, after, found := strings.Cut(t.Content, ":")
			if !found {
				after = t.Content
			}
			b.WriteString(jsTrim(after))
			b.WriteByte('\n')
		}
	}
	return jsTrim(b.String())
}

// wordOverlapScore is MINDcraft's (src/utils/text.js): the words the two
// texts share over all their words, where a word is what lies between
// spaces once everything but ASCII letters and spaces is dropped, and the
// shared ones are counted with their repeats in text1.
func wordOverlapScore(text1, text2 string) float64 {
	return newPoolExample(text2).overlap(overlapWords(text1))
}

// poolExample is an example's side of wordOverlapScore, its words as a
// set and how many there are, and the example as StringifyTurns renders
// it for $EXAMPLES.
type poolExample struct {
	set   map[string]bool
	n     int
	turns string
}

func newPoolExample(text string) poolExample {
	ws := overlapWords(text)
	e := poolExample{set: make(map[string]bool, len(ws)), n: len(ws)}
	for _, w := range ws {
		e.set[w] = true
	}
	return e
}

// overlap is wordOverlapScore(text1, example) for text1's words w1.
func (e poolExample) overlap(w1 []string) float64 {
	inter := 0
	for _, w := range w1 {
		if e.set[w] {
			inter++
		}
	}
	return float64(inter) / float64(len(w1)+e.n-inter)
}

// poolExampleCache holds each profile example's words and rendering,
// keyed by its first message: the pools are static, and every call scores
// all of them.
var poolExampleCache sync.Map // *trajectory.Message -> poolExample

func poolExampleOf(ex []trajectory.Message) poolExample {
	if len(ex) == 0 {
		return newPoolExample("")
	}
	if e, ok := poolExampleCache.Load(&ex[0]); ok {
		return e.(poolExample)
	}
	e := newPoolExample(turnsToText(ex))
	e.turns = StringifyTurns(ex)
	poolExampleCache.Store(&ex[0], e)
	return e
}

func overlapWords(s string) []string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c >= 'a' && c <= 'z', c == ' ':
			b = append(b, c)
		}
	}
	return strings.Split(string(b), " ")
}
