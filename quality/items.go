package quality

import (
	"math/bits"
	"strings"
	"sync"

	"collabcraft/mcdata"
	"collabcraft/trajectory"

	"github.com/zeebo/xxh3"
)

// ItemsIn are the item and block names in a text, once each: words
// of letters, digits and underscores, and names written as two or three
// words ("sugar cane", "brown mushroom").
func ItemsIn(text string) []string {
	names := itemNames()
	var out []string
	seen := newItemSet()
	sc := itemScan{names: names, found: func(id int32) {
		if seen.add(id) {
			out = append(out, names.list[id])
		}
	}}
	sc.text(text)
	return out
}

// itemSet is a set of item and block names, by their index in
// itemNames().list: a context's names are unions of its messages'.
type itemSet []uint64

func newItemSet() itemSet { return make(itemSet, (len(itemNames().list)+63)/64) }

// add puts a name in the set and reports whether it was not there.
func (s itemSet) add(id int32) bool {
	w, bit := id>>6, uint64(1)<<(id&63)
	if s[w]&bit != 0 {
		return false
	}
	s[w] |= bit
	return true
}

func (s itemSet) has(name string) bool {
	id, ok := itemNames().ids[name]
	return ok && s[id>>6]&(1<<(id&63)) != 0
}

// each calls yield with the set's names in index order until it returns
// false.
func (s itemSet) each(yield func(name string) bool) {
	list := itemNames().list
	for w, b := range s {
		for ; b != 0; b &= b - 1 {
			if !yield(list[w<<6|bits.TrailingZeros64(b)]) {
				return
			}
		}
	}
}

// itemScan reads words one at a time and reports the item names among
// them and among the names the last two or three words spell. Words are
// matched lower-cased (ASCII: a word's bytes are letters, digits and
// underscores) and kept as written.
type itemScan struct {
	names                 *itemNameSet
	found                 func(id int32)
	prev, prev2           string
	prevFirst, prev2First bool      // prev (prev2) is the first word of a name of several
	words                 int       // words read
	head                  [2]string // the first two words read
	buf                   []byte
}

// text reads a text's words. A capital after a small letter starts a new
// word: MINDcraft's crafting goal runs "craft a brick_wallYou have to ...".
func (s *itemScan) text(text string) {
	for i := 0; i < len(text); {
		c := wordBytes[text[i]]
		if !isSmall(c) {
			i++
			continue
		}
		h := (fnvOffset ^ uint32(c)) * fnvPrime
		j := i + 1
		for ; j < len(text); j++ {
			c := wordBytes[text[j]]
			if c == 0 || isUpper(text[j]) && isSmall(text[j-1]) {
				break
			}
			h = (h ^ uint32(c)) * fnvPrime
		}
		s.word(text[i:j], h)
		i = j
	}
}

// setTail makes the last two words read prev2 and prev (lower-cased).
func (s *itemScan) setTail(prev2, prev string) {
	s.prev2, s.prev = prev2, prev
	s.prev2First, s.prevFirst = s.names.isFirstWord(prev2), s.names.isFirstWord(prev)
}

// word reads a word whose lower-cased bytes hash to h (fnv).
func (s *itemScan) word(w string, h uint32) {
	first := false
	if e := s.names.table.find(h, w); e != nil {
		if e.item >= 0 {
			s.found(e.item)
		}
		first = e.first
	}
	if s.prevFirst {
		// prev2_prev_w, of which prev_w is the tail.
		s.buf = append(appendLower(s.buf[:0], s.prev2), '_')
		two := len(s.buf)
		s.buf = appendLower(append(appendLower(s.buf, s.prev), '_'), w)
		s.checkBytes(s.buf[two:])
		if s.prev2First {
			s.checkBytes(s.buf)
		}
	}
	if s.words < 2 {
		s.head[s.words] = w
	}
	s.words++
	s.prev2, s.prev = s.prev, w
	s.prev2First, s.prevFirst = s.prevFirst, first
}

// checkBytes reports a name being spelt, if it is one.
func (s *itemScan) checkBytes(name []byte) {
	if e := findName(&s.names.table, fnv(name), name); e != nil && e.item >= 0 {
		s.found(e.item)
	}
}

func appendLower(b []byte, w string) []byte {
	for i := 0; i < len(w); i++ {
		b = append(b, lower(w[i]))
	}
	return b
}

// textItems is what a piece of context alone tells the item scan: the
// names in it, and its first and last two words, which can spell a name
// with the words around it.
type textItems struct {
	items       []int32
	head        []string
	prev, prev2 string
	words       int
}

// itemJoin reads texts' items in order as the scan of their joined text
// would read them: each text's names, and the names spelt across texts
// from the last two words before a text and its first two.
type itemJoin struct {
	sc    itemScan
	words int // words in the texts read
}

func (j *itemJoin) add(t *textItems) {
	for _, id := range t.items {
		j.sc.found(id)
	}
	for _, w := range t.head {
		j.sc.word(w, fnv(w))
	}
	if t.words > 2 {
		j.sc.setTail(t.prev2, t.prev)
	}
	j.words += t.words
}

// maxCachedSegments bounds each of the grounder's caches of scanned
// texts (paragraphs, messages); a cache starts afresh past it.
const maxCachedSegments = 1 << 16

// contextItems are the names ItemsIn(contextText(msgs)) finds. A
// trial's calls resend the same messages, and its system prompt the same
// command docs and examples around the few lines that change (stats,
// inventory): each message is scanned once per grounder, from its
// paragraphs, each scanned once too. No word spans a blank line or a
// message's end, so the names are those of the joined text: the ones
// spelt across two paragraphs or messages are found from their first and
// last words.
func (g *Grounder) contextItems(msgs []trajectory.Message) itemSet {
	set := newItemSet()
	join := itemJoin{sc: itemScan{names: itemNames(), found: func(id int32) { set.add(id) }}}
	for _, m := range msgs {
		join.add(g.messageItems(m.Content))
	}
	return set
}

// messageItems is a message's textItems, from its paragraphs'.
func (g *Grounder) messageItems(text string) *textItems {
	return cachedItems(g, &g.messages, xxh3.HashString128(text), func() *textItems {
		t, found := newTextItems()
		join := itemJoin{sc: itemScan{names: itemNames(), found: found}}
		for rest := text; rest != ""; {
			seg := rest
			if i := strings.Index(rest, "\n\n"); i >= 0 {
				seg = rest[:i+2]
			}
			rest = rest[len(seg):]
			join.add(g.segmentItems(seg))
		}
		// The join read only the paragraphs' first words and cached
		// tails: none is the message's text.
		t.head = append(t.head, join.sc.head[:min(join.sc.words, 2)]...)
		t.prev, t.prev2, t.words = join.sc.prev, join.sc.prev2, join.words
		return t
	})
}

// segmentItems is a paragraph's textItems, from its words.
func (g *Grounder) segmentItems(text string) *textItems {
	return cachedItems(g, &g.segments, xxh3.HashString(text), func() *textItems {
		t, found := newTextItems()
		sc := itemScan{names: itemNames(), found: found}
		sc.text(text)
		for _, w := range sc.head[:min(sc.words, 2)] {
			t.head = append(t.head, asciiLower(w)) // a copy: not the text
		}
		t.prev, t.prev2, t.words = asciiLower(sc.prev), asciiLower(sc.prev2), sc.words
		return t
	})
}

// newTextItems is an empty textItems and the scan's found for it: each
// name is added once.
func newTextItems() (*textItems, func(id int32)) {
	t := &textItems{}
	seen := newItemSet()
	return t, func(id int32) {
		if seen.add(id) {
			t.items = append(t.items, id)
		}
	}
}

// cachedItems is the textItems cache holds for key, or build's, which it
// then keeps (starting afresh past maxCachedSegments).
func cachedItems[K comparable](g *Grounder, cache *map[K]*textItems, key K, build func() *textItems) *textItems {
	g.mu.Lock()
	t, ok := (*cache)[key]
	g.mu.Unlock()
	if ok {
		return t
	}
	t = build()
	g.mu.Lock()
	if *cache == nil || len(*cache) >= maxCachedSegments {
		*cache = map[K]*textItems{}
	}
	(*cache)[key] = t
	g.mu.Unlock()
	return t
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isSmall(c byte) bool { return c >= 'a' && c <= 'z' }

func isWordByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' }

// itemNameSet are every item and block name, and the first words of the
// names of several words.
type itemNameSet struct {
	ids   map[string]int32 // name -> its index in list
	list  []string
	table nameTable // the names and first words, for the scan
	// lengths has, for each first byte, bit n set when a name of n bytes
	// (n < 63; bit 63: 63 or more) starts with it: most words of a
	// response are no name, and IsName turns them away by these alone.
	lengths [256]uint64
}

func (n *itemNameSet) isFirstWord(w string) bool {
	e := n.table.find(fnv(w), w)
	return e != nil && e.first
}

var itemNames = sync.OnceValue(func() *itemNameSet {
	n := &itemNameSet{ids: map[string]int32{}}
	entries := map[string]*nameEntry{}
	entry := func(w string) *nameEntry {
		e := entries[w]
		if e == nil {
			e = &nameEntry{word: w, item: -1}
			entries[w] = e
		}
		return e
	}
	add := func(name string) {
		if _, ok := n.ids[name]; ok {
			return
		}
		n.ids[name] = int32(len(n.list))
		n.lengths[name[0]] |= 1 << min(len(name), 63)
		entry(name).item = int32(len(n.list))
		n.list = append(n.list, name)
		parts := strings.Split(name, "_")
		for k := 0; k+1 < len(parts); k++ {
			entry(parts[k]).first = true
		}
	}
	for _, it := range mcdata.Items() {
		add(it.Name)
	}
	for _, b := range mcdata.Blocks() {
		add(b)
	}
	n.table = newNameTable(entries)
	return n
})

// nameTable is a hash table of the words the scan looks for, probed with
// the fnv hash the scan computes as it reads a word's bytes, and matched
// with the word lower-cased: no hashing again, no lower-cased copy. Most
// words are none of them: the probe reads the hashes alone (32 KiB).
type nameTable struct {
	hashes  []uint32    // open addressing, linear probing; 0: empty
	entries []nameEntry // the entries at the same positions
	mask    uint32
}

// nameEntry is a word the scan looks for: an item or block name (item
// its index, -1 when it is not one) and the first word of a name of
// several, or both.
type nameEntry struct {
	word  string
	item  int32
	first bool
}

func newNameTable(entries map[string]*nameEntry) nameTable {
	size := 1
	for size < 4*len(entries) {
		size *= 2
	}
	t := nameTable{hashes: make([]uint32, size), entries: make([]nameEntry, size), mask: uint32(size - 1)}
	for w, e := range entries {
		h := tableHash(fnv(w))
		i := h & t.mask
		for t.hashes[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.hashes[i], t.entries[i] = h, *e
	}
	return t
}

// tableHash is a word's hash as the table keeps it: never 0.
func tableHash(h uint32) uint32 { return h | 1 }

// find is the entry of w lower-cased, whose fnv hash is h, or nil.
func (t *nameTable) find(h uint32, w string) *nameEntry { return findName(t, h, w) }

func findName[W string | []byte](t *nameTable, h uint32, w W) *nameEntry {
	h = tableHash(h)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		switch t.hashes[i] {
		case 0:
			return nil
		case h:
			if e := &t.entries[i]; len(e.word) == len(w) && equalLower(e.word, w) {
				return e
			}
		}
	}
}

// equalLower reports whether w lower-cased is word (which is).
func equalLower[W string | []byte](word string, w W) bool {
	for i := 0; i < len(w); i++ {
		if lower(w[i]) != word[i] {
			return false
		}
	}
	return true
}

// fnv is the 32-bit FNV-1a hash of w lower-cased, as itemScan.text
// computes it.
func fnv[W string | []byte](w W) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint32(lower(w[i]))) * fnvPrime
	}
	return h
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// wordBytes maps a byte of a word to itself lower-cased, and any other
// byte to 0.
var wordBytes = func() (t [256]byte) {
	for c := range 256 {
		if l := lower(byte(c)); isWordByte(l) {
			t[c] = l
		}
	}
	return t
}()

// asciiLower is w with its ASCII capitals lower-cased: a copy.
func asciiLower(w string) string { return string(appendLower(make([]byte, 0, len(w)), w)) }

// IsName reports whether w is an item or block name (mcdata.IsItem or
// mcdata.IsBlock), by the names' first bytes and lengths, then the scan's
// table: no map look-up.
func IsName(w string) bool {
	n := itemNames()
	if w == "" || n.lengths[w[0]]&(1<<min(len(w), 63)) == 0 {
		return false
	}
	e := n.table.find(fnv(w), w)
	return e != nil && e.item >= 0 && e.word == w
}
