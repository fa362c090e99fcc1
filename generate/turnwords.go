package generate

import (
	"bytes"
	"strings"

	"collabcraft/trajectory"
)

// turnWordsCache holds an agent's turns as query reads their words,
// by the turn's text, so that a call reads only the turns that are new
// since the agent's last call. (A call's messages are its history, and
// each call scored them all again: 5% of a scripted crafting trial's CPU.)
// The zero value is ready; a nil cache reads every turn afresh.
type turnWordsCache struct {
	vocabLen int // the vocabulary's size when the entries were read
	byText   map[string]*turnWords
}

// turnWords is a turn's letters and spaces (appendLettersAndSpaces of its
// trimmed text after the name) cut at its spaces: the letters before the
// first space and after the last, which join the neighbouring turns'
// (turnsToText's newline is dropped with everything but letters and
// spaces), and the whole words between.
type turnWords struct {
	head   string  // the letters before the first space; all of them when !spaced
	tail   string  // the letters after the last space
	spaced bool    // the turn has a space
	inner  int     // the words between the first space and the last (spaces - 1)
	ids    []int32 // the ids of those the vocabulary has, in order
}

// maxCachedTurns bounds a cache: past it, it starts again.
const maxCachedTurns = 4096

// query is queryOfLetters of the turns' letters and spaces (each
// non-assistant turn's text after its name, trimmed, as turnsToText joins
// them), reading each turn's words once. The
// vocabulary only grows, so the entries hold while its size is the same.
func (c *turnWordsCache) query(turns []trajectory.Message) query {
	var q query
	var ids []int32
	var word []byte // the word the turns so far end with, not yet cut
	vocab.RLock()
	defer vocab.RUnlock()
	if c != nil && (c.byText == nil || c.vocabLen != len(vocab.ids) || len(c.byText) >= maxCachedTurns) {
		c.byText, c.vocabLen = map[string]*turnWords{}, len(vocab.ids)
	}
	for _, t := range turns {
		if t.Role == "assistant" {
			continue
		}
		var w *turnWords
		if c != nil {
			w = c.byText[t.Content]
		}
		if w == nil {
			w = readTurnWords(t.Content)
			if c != nil {
				c.byText[t.Content] = w
			}
		}
		word = append(word, w.head...)
		if !w.spaced {
			continue
		}
		q.n++
		if id, ok := vocab.ids[string(word)]; ok {
			ids = append(ids, id)
		}
		word = append(word[:0], w.tail...)
		q.n += w.inner
		ids = append(ids, w.ids...)
	}
	q.n++
	if id, ok := vocab.ids[string(word)]; ok {
		ids = append(ids, id)
	}
	return q.withIDs(ids)
}

// readTurnWords reads a turn's words; the caller holds vocab's lock.
func readTurnWords(content string) *turnWords {
	_, after, found := strings.Cut(content, ":")
	if !found {
		after = content
	}
	b := appendLettersAndSpaces(nil, jsTrim(after))
	first := bytes.IndexByte(b, ' ')
	if first < 0 {
		return &turnWords{head: string(b)}
	}
	last := bytes.LastIndexByte(b, ' ')
	w := &turnWords{head: string(b[:first]), tail: string(b[last+1:]), spaced: true}
	for in := b[first+1 : last+1]; len(in) > 0; {
		i := bytes.IndexByte(in, ' ') // in ends with a space
		w.inner++
		if id, ok := vocab.ids[string(in[:i])]; ok {
			w.ids = append(w.ids, id)
		}
		in = in[i+1:]
	}
	return w
}
