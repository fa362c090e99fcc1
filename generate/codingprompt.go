package generate

import (
	"bytes"
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
// The messages' words are read through the agent's cache c (nil: none): a
// call's messages are mostly the turns of its earlier calls.
func selectExamples(c *turnWordsCache, pool [][]trajectory.Message, messages []trajectory.Message, n int) string {
	type scored struct {
		ex    []trajectory.Message
		pe    poolExample
		score float64
	}
	byScore := make([]scored, len(pool))
	for i, ex := range pool {
		byScore[i] = scored{ex: ex, pe: poolExampleOf(ex)}
	}
	// The call's words are looked up after every example has interned its
	// own: a word no example has cannot add to any overlap.
	q := c.query(messages)
	for i := range byScore {
		byScore[i].score = byScore[i].pe.overlap(q)
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
	e := newPoolExample(text2)
	return e.overlap(queryOf(text1))
}

// poolExample is an example's side of wordOverlapScore, its words as a
// set of word ids and how many there are, and the example as StringifyTurns renders
// it for $EXAMPLES.
type poolExample struct {
	words []uint64 // its distinct words, a bit per word id (vocab)
	n     int      // its words, repeats counted
	turns string
}

// vocab numbers the words of the pool examples, so that an example's
// words are a bit set and scoring a call against every example tests bits
// instead of looking strings up in a map per example.
var vocab = struct {
	sync.RWMutex
	ids map[string]int32
}{ids: map[string]int32{}}

func newPoolExample(text string) poolExample {
	ws := overlapWords(text)
	e := poolExample{n: len(ws)}
	vocab.Lock()
	defer vocab.Unlock()
	for _, w := range ws {
		id, ok := vocab.ids[w]
		if !ok {
			id = int32(len(vocab.ids))
			vocab.ids[w] = id
		}
		for int(id/64) >= len(e.words) {
			e.words = append(e.words, 0)
		}
		e.words[id/64] |= 1 << (id % 64)
	}
	return e
}

// query is a call's words for overlap: the ids of those some example has,
// each with its count, and how many words there are, repeats counted.
type query struct {
	ids   []int32
	count []int
	n     int
}

// queryOf is text1 of wordOverlapScore as a query.
func queryOf(text string) query { return queryOfLetters(lettersAndSpaces(text)) }

// queryOfLetters is the query of a text lettersAndSpaces made.
func queryOfLetters(letters []byte) query {
	var q query
	var ids []int32
	vocab.RLock()
	// The words as overlapWords splits them, read in place.
	for b := letters; ; {
		i := bytes.IndexByte(b, ' ')
		w := b
		if i >= 0 {
			w = b[:i]
		}
		q.n++
		if id, ok := vocab.ids[string(w)]; ok {
			ids = append(ids, id)
		}
		if i < 0 {
			break
		}
		b = b[i+1:]
	}
	vocab.RUnlock()
	return q.withIDs(ids)
}

// withIDs is q with the ids and counts of its words' ids (in any order).
func (q query) withIDs(ids []int32) query {
	slices.Sort(ids)
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) && ids[j] == ids[i] {
			j++
		}
		q.ids = append(q.ids, ids[i])
		q.count = append(q.count, j-i)
		i = j
	}
	return q
}

// overlap is wordOverlapScore(text1, example) for text1's words q: the
// words of text1 the example has (repeats counted, as the JavaScript
// counts them) over the union.
func (e poolExample) overlap(q query) float64 {
	inter := 0
	for i, id := range q.ids {
		if k := int(id / 64); k < len(e.words) && e.words[k]&(1<<(id%64)) != 0 {
			inter += q.count[i]
		}
	}
	return float64(inter) / float64(q.n+e.n-inter)
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
	return strings.Split(string(lettersAndSpaces(s)), " ")
}

// lettersAndSpaces is s with ASCII letters lowercased, spaces kept and
// everything else dropped.
func lettersAndSpaces(s string) []byte {
	return appendLettersAndSpaces(make([]byte, 0, len(s)), s)
}

func appendLettersAndSpaces(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c >= 'a' && c <= 'z', c == ' ':
			b = append(b, c)
		}
	}
	return b
}
