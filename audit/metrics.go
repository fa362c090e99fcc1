package audit

import (
	"math/bits"
	"strings"

	"github.com/zeebo/xxh3"

	"collabcraft/export"
	"collabcraft/quality"
	"collabcraft/trajectory"
)

// observation is what the audit reads from one example.
type observation struct {
	response     string
	command      string // the response's first command, as written ("" = none)
	template     string
	templateHash uint64
	// responseHash, unigrams and bigrams are hashed once here rather than
	// in each of the groups the example counts in.
	responseHash      uint64
	words             []string // strings.Fields(strings.ToLower(response))
	unigrams, bigrams []uint64
	promptChars       int
	// The lengths' buckets (bucketOf), worked out once, not in each group.
	promptBucket, responseBucket int
	// silent: the response is only whitespace, MINDcraft's way of not
	// answering. It counts as an example, not as language.
	silent     bool
	memory     bool // a memory call
	memoryCopy bool // ... whose summary is the old memory, unchanged
	violations []quality.Violation
}

// observe reads an example: the last message is the response, the others
// its context; c is the example as the quality checks see it (callOf).
func observe(ex *export.Example, c *quality.Call) observation {
	msgs := ex.Messages
	var o observation
	if len(msgs) > 0 {
		o.response = msgs[len(msgs)-1].Content
		msgs = msgs[:len(msgs)-1]
	}
	for _, m := range msgs {
		o.promptChars += len(m.Content)
	}
	if ex.Meta.Kind == trajectory.KindDispatch {
		// A dispatcher's reply is action lines (MindAgent), not !commands.
		o.command = strings.Join(quality.DispatchActions(o.response), "\n")
	} else if m, ok := c.Command(); ok { // c.Response is o.response
		o.command = o.response[m.Start:m.End]
	}
	o.promptBucket, o.responseBucket = bucketOf(o.promptChars), bucketOf(len(o.response))
	o.silent = strings.TrimSpace(o.response) == ""
	o.responseHash = xxh3.HashString(o.response)
	o.words = strings.Fields(strings.ToLower(o.response))
	hashes := make([]uint64, 2*len(o.words))
	o.unigrams, o.bigrams = hashes[:0:len(o.words)], hashes[len(o.words):len(o.words)]
	var pair []byte // "w1 w2", hashed as the string it spells
	for i, w := range o.words {
		o.unigrams = append(o.unigrams, xxh3.HashString(w))
		if i > 0 {
			pair = append(append(append(pair[:0], o.words[i-1]...), ' '), w...)
			o.bigrams = append(o.bigrams, xxh3.Hash(pair))
		}
	}
	o.template = Template(o.response)
	o.templateHash = xxh3.HashString(o.template)
	if ex.Meta.Kind == "memory" && len(msgs) > 0 {
		o.memory = true
		if old, ok := oldMemory(msgs); ok {
			o.memoryCopy = strings.TrimSpace(old) == strings.TrimSpace(o.response)
		}
	}
	return o
}

// oldMemory finds the memory a memory call was given ("Old Memory: '...'"
// in MINDcraft's saving_memory prompt).
func oldMemory(msgs []export.Message) (string, bool) {
	for _, m := range msgs {
		_, rest, ok := strings.Cut(m.Content, "Old Memory: '")
		if !ok {
			continue
		}
		old, _, ok := strings.Cut(rest, "'\nRecent conversation")
		return old, ok
	}
	return "", false
}

// Template masks a response's particulars: agent names ("Jill_0") become
// NAME, item and block names ITEM, numbers N; what is left is how it is
// said. One pass over the text (it runs on every response, programs
// included).
func Template(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if !isWordChar(c) {
			// "-60" is one number: the minus goes with it.
			if !(c == '-' && i+1 < len(s) && isDigits(wordAt(s, i+1))) {
				b.WriteByte(c)
			}
			i++
			continue
		}
		w := wordAt(s, i)
		j := i + len(w)
		switch {
		case isAgentName(w):
			b.WriteString("NAME")
		case isDigits(w):
			// "1.5" is one number.
			if j+1 < len(s) && s[j] == '.' && isDigitByte(s[j+1]) {
				k := j + 1
				for k < len(s) && isDigitByte(s[k]) {
					k++
				}
				if k == len(s) || !isWordChar(s[k]) {
					j = k
				}
			}
			b.WriteString("N")
		default:
			maskItems(&b, w)
		}
		i = j
	}
	return b.String()
}

// maskItems writes a word, its item names masked: each run that starts
// with a small letter and going on in small letters, digits and
// underscores is a candidate.
func maskItems(b *strings.Builder, w string) {
	for i := 0; i < len(w); {
		if !(w[i] >= 'a' && w[i] <= 'z') {
			b.WriteByte(w[i])
			i++
			continue
		}
		j := i + 1
		for j < len(w) && (w[j] >= 'a' && w[j] <= 'z' || isDigitByte(w[j]) || w[j] == '_') {
			j++
		}
		run := w[i:j]
		if (strings.Contains(run, "_") || len(run) > 3) && quality.IsName(run) {
			b.WriteString("ITEM")
		} else {
			b.WriteString(run)
		}
		i = j
	}
}

// wordAt is the run of word characters starting at i.
func wordAt(s string, i int) string {
	j := i
	for j < len(s) && isWordChar(s[j]) {
		j++
	}
	return s[i:j]
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func isDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isDigitByte(w[i]) {
			return false
		}
	}
	return w != ""
}

// isAgentName reports whether w is a name like Jill_0: a capital, small
// letters, digits, an underscore and digits.
func isAgentName(w string) bool {
	i := 0
	if i >= len(w) || !(w[i] >= 'A' && w[i] <= 'Z') {
		return false
	}
	i++
	start := i
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	if i == start {
		return false
	}
	for i < len(w) && isDigitByte(w[i]) {
		i++
	}
	if i >= len(w) || w[i] != '_' {
		return false
	}
	i++
	if i == len(w) {
		return false
	}
	return isDigits(w[i:])
}

// accumulator sums one group's observations in memory that does not grow
// with the number of examples past exactLimit distinct values (templates:
// counts by hash, texts of the first maxTemplateTexts).
type accumulator struct {
	n                  int
	silent             int // of n; the language measures skip them
	distinctSets           // counted by the workers' shards, merged in
	words, pairs       int
	templates          countTable
	templateOverflow   int
	respLen, promptLen lengths
	commands           int
	violations         int
	violationKinds     map[string]int
	memory, copies     int
	sample             bigramSample
}

// maxTemplates bounds the templates counted one by one; the rest are
// counted together (Group.Templates then reads "at least").
const maxTemplates = 50000

// templateTexts holds the texts of templates by hash, once for all the
// groups. It keeps the first maxTemplateTexts it sees and, up to ten
// times that, any seen a second time: a top template is one that recurs,
// and the many seen once cost nothing past the first. A top template
// whose text was not kept shows as its hash.
type templateTexts map[uint64]string

const maxTemplateTexts = 5000

// keep notes o's template, seen times so far overall.
func (t templateTexts) keep(o *observation, seen int) {
	if _, ok := t[o.templateHash]; ok {
		return
	}
	if len(t) < maxTemplateTexts || seen == 2 && len(t) < 10*maxTemplateTexts {
		t[o.templateHash] = strings.Clone(o.template) // not a window on the decoded trial
	}
}

// distinctSets are a group's distinct responses, words and word pairs:
// the costly part of counting an example (a set insertion per word and
// pair in every group it is in), so each worker counts the examples it
// prepared in its own sets and the sets are merged at the end
// (distinct.merge: the same figures however the examples were split).
type distinctSets struct {
	responses         distinct
	unigrams, bigrams distinct
}

// add counts a spoken response's hashes.
func (d *distinctSets) add(o *observation) {
	d.responses.add(o.responseHash)
	for _, h := range o.unigrams {
		d.unigrams.add(h)
	}
	for _, h := range o.bigrams {
		d.bigrams.add(h)
	}
}

func (d *distinctSets) merge(o *distinctSets) {
	d.responses.merge(&o.responses)
	d.unigrams.merge(&o.unigrams)
	d.bigrams.merge(&o.bigrams)
}

func newAccumulator() *accumulator {
	return &accumulator{violationKinds: map[string]int{}}
}

func (a *accumulator) add(o observation) {
	a.n++
	a.promptLen.add(o.promptChars, o.promptBucket)
	if o.silent {
		a.silent++
		return
	}
	a.sample.add(o.bigrams)
	a.words += len(o.unigrams)
	a.pairs += len(o.bigrams)
	if a.templates.add(o.templateHash, maxTemplates) == 0 {
		a.templateOverflow++
	}
	a.respLen.add(len(o.response), o.responseBucket)
	if o.command != "" {
		a.commands++
	}
	a.violations += len(o.violations)
	for _, v := range o.violations {
		a.violationKinds[v.Kind]++
	}
	if o.memory {
		a.memory++
		if o.memoryCopy {
			a.copies++
		}
	}
}

func (a *accumulator) group(dim, value string, texts templateTexts) *Group {
	text := func(h uint64) string {
		if t, ok := texts[h]; ok {
			return t
		}
		return unnamedTemplate(h)
	}
	g := &Group{
		Dimension: dim, Value: value, Examples: a.n, Silent: a.silent, SilentShare: pct(a.silent, a.n),
		DistinctResponses: a.responses.count(), DistinctShare: pct(a.responses.count(), a.n-a.silent),
		Distinct1: pct(a.unigrams.count(), a.words), Distinct2: pct(a.bigrams.count(), a.pairs), Distinct2Sample: a.sample.distinct(),
		Templates: a.templates.n, TopTemplates: sortedShares(a.templates.all, text, a.n-a.silent, 10),
		ResponseChars: a.respLen.dist(), PromptChars: a.promptLen.dist(),
		Commands: a.commands, Violations: a.violations, ViolationKinds: a.violationKinds,
		MemoryCalls: a.memory, MemoryCopies: a.copies, MemoryCopyRate: pct(a.copies, a.memory),
	}
	for _, t := range g.TopTemplates {
		g.Top10Share += t.Share
	}
	return g
}

// unnamedTemplate is how a top template whose text was not kept shows:
// "(template %016x)" of its hash, without fmt (a group can have 50,000).
func unnamedTemplate(h uint64) string {
	b := make([]byte, 0, 27)
	b = append(b, "(template "...)
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, "0123456789abcdef"[h>>shift&0xf])
	}
	return string(append(b, ')'))
}

// dist summarises the lengths; Buckets[i] counts lengths below 2^i.
func (l *lengths) dist() Dist {
	var d Dist
	if l.n == 0 {
		return d
	}
	d.Buckets = make([]int, 24)
	for b, c := range l.buckets {
		if c == 0 {
			continue
		}
		d.Buckets[min(bits.Len(uint(bucketValue(b))), 23)] += c
	}
	d.Mean, d.Max = float64(l.sum)/float64(l.n), l.max
	d.P50, d.P90 = l.quantile(0.5), l.quantile(0.9)
	return d
}
