package quality

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strings"

	"github.com/zeebo/xxh3"

	"collabcraft/trajectory"
)

// SignatureHashes is the MinHash signature length: 32 hashes estimate a
// Jaccard similarity to about ±0.09, enough to tell near copies (0.8+)
// from different texts, at a quarter of the memory of the usual 128.
const SignatureHashes = 32

// Signature is a text's MinHash over its word 3-shingles, each minimum cut
// to its low 8 bits: b-bit minwise hashing (Li and König, 2010). Two
// unrelated minima agree by chance 1 time in 256, which lifts a similarity
// estimate by at most 0.4%, far inside the ±0.09 of 32 hashes, and a
// signature takes 32 bytes, so an audit can keep one for every example.
type Signature [SignatureHashes]uint8

// SignatureOf signs a text: its lower-cased word 3-shingles (the words
// themselves for shorter texts), with two seeded xxh3 hashes combined as
// go-minhash's MinWise does (h1 + i*h2 for the i-th minimum; written out
// here, without its allocations and calls through function values).
func SignatureOf(text string) Signature {
	return SignatureOfWords(strings.Fields(strings.ToLower(text)))
}

// SignatureOfWords is SignatureOf(text) given text's words as SignatureOf
// reads them, strings.Fields(strings.ToLower(text)), for a caller that
// has them already.
func SignatureOfWords(words []string) Signature {
	m := newMinHash()
	var buf []byte
	switch {
	case len(words) == 0:
		m.push(nil)
	case len(words) < 3:
		for _, w := range words {
			m.push(append(buf[:0], w...))
		}
	default:
		m.shingles(words, buf)
	}
	return m.signature()
}

// minHash is a signature being computed: the minimum of each hash.
type minHash [SignatureHashes]uint64

func newMinHash() minHash {
	var m minHash
	for i := range m {
		m[i] = math.MaxUint64
	}
	return m
}

// push hashes a shingle: the i-th hash is h1 + i*h2.
func (m *minHash) push(b []byte) {
	hv, v2 := xxh3.HashSeed(b, seedA), xxh3.HashSeed(b, seedB)
	for i, v := range m {
		m[i] = min(v, hv)
		hv += v2 // h1 + (i+1)*h2
	}
}

// shingle pushes "a b c".
func (m *minHash) shingle(buf []byte, a, b, c string) []byte {
	buf = append(append(append(append(append(buf[:0], a...), ' '), b...), ' '), c...)
	m.push(buf)
	return buf
}

// shingles pushes the 3-shingles of words.
func (m *minHash) shingles(words []string, buf []byte) []byte {
	for i := 0; i+3 <= len(words); i++ {
		buf = m.shingle(buf, words[i], words[i+1], words[i+2])
	}
	return buf
}

// merge takes the minima of another text's hashes.
func (m *minHash) merge(o *minHash) {
	for i, v := range o {
		m[i] = min(m[i], v)
	}
}

func (m *minHash) signature() Signature {
	var s Signature
	for i, v := range m {
		s[i] = uint8(v)
	}
	return s
}

// Signer signs examples as SignatureOfWords and SignatureOf(ExampleText)
// do, reading each message's words once: an example's last turns are
// the turns of the calls before it, and its response is a turn of the
// calls after it. A message's 3-shingles hash the same in any example,
// and the words of ExampleText are its messages' words in turn (the
// space that joins them ends a word), so a signature is the minima of
// its messages' own shingles and of the shingles across two or three of
// them. One per goroutine.
type Signer struct {
	texts map[xxh3.Uint128]*textShingles // by the message's 128-bit XXH3
	buf   []byte
}

// textShingles is what a message's words give an example's signature.
type textShingles struct {
	mins       minHash   // over its own 3-shingles
	words      int       // how many
	head, tail [2]string // its first two and last two words
}

// maxSignerTexts bounds a Signer's cache; it starts afresh past it.
const maxSignerTexts = 1 << 14

func (s *Signer) shinglesOf(words []string) *textShingles {
	t := &textShingles{mins: newMinHash(), words: len(words)}
	s.buf = t.mins.shingles(words, s.buf)
	for i := range min(len(words), 2) {
		t.head[i] = strings.Clone(words[i])
		t.tail[1-i] = strings.Clone(words[len(words)-1-i])
	}
	return t
}

// keep caches a message's shingles.
func (s *Signer) keep(key xxh3.Uint128, t *textShingles) {
	if s.texts == nil || len(s.texts) >= maxSignerTexts {
		s.texts = map[xxh3.Uint128]*textShingles{}
	}
	s.texts[key] = t
}

// SignExample is SignatureOfWords(words) and
// SignatureOf(ExampleText(msgs)), where words are the words of msgs' last
// message as SignatureOf reads them: strings.Fields(strings.ToLower(...)).
func (s *Signer) SignExample(msgs []trajectory.Message, words []string) (response, example Signature) {
	resp := s.shinglesOf(words)
	if len(words) >= 3 {
		response = resp.mins.signature()
	} else {
		response = SignatureOfWords(words)
	}
	if len(msgs) < 2 {
		return response, SignatureOf(ExampleText(msgs))
	}
	s.keep(xxh3.HashString128(msgs[len(msgs)-1].Content), resp)
	window := exampleTurns(msgs)
	texts := make([]*textShingles, len(window))
	total := 0
	for i := range window {
		t := resp
		if i < len(window)-1 {
			key := xxh3.HashString128(window[i].Content)
			if t = s.texts[key]; t == nil {
				t = s.shinglesOf(strings.Fields(strings.ToLower(window[i].Content)))
				s.keep(key, t)
			}
		}
		texts[i] = t
		total += t.words
	}
	if total < 3 {
		// Its words alone, not shingles: a text this short has at most
		// two words in a message.
		var all []string
		for _, t := range texts {
			all = append(all, t.head[:t.words]...)
		}
		return response, SignatureOfWords(all)
	}
	m := newMinHash()
	var a, b string // the last two words read
	read := 0
	for _, t := range texts {
		if t.words >= 3 {
			m.merge(&t.mins)
		}
		// The shingles that end on its first two words start before it.
		for _, w := range t.head[:min(t.words, 2)] {
			if read >= 2 {
				s.buf = m.shingle(s.buf, a, b, w)
			}
			a, b = b, w
			read++
		}
		if t.words > 2 {
			a, b = t.tail[0], t.tail[1]
			read += t.words - 2
		}
	}
	return response, m.signature()
}

const (
	seedA = 0x9e3779b97f4a7c15
	seedB = 0xc2b2ae3d27d4eb4f
)

// ExampleText is the part of an example its near-duplicate signature
// covers: its last turns and the response, not the long prompt most
// examples share.
func ExampleText(msgs []trajectory.Message) string {
	return joinContents(exampleTurns(msgs), ' ')
}

// exampleTurns are the messages ExampleText covers: the last three turns
// before the response and the response, never the first (the prompt).
// The Signer signs the same window.
func exampleTurns(msgs []trajectory.Message) []trajectory.Message {
	return msgs[min(max(len(msgs)-4, 1), len(msgs)):]
}

// Similarity estimates the Jaccard similarity of two signed texts: the
// share of equal hashes, counted eight at a time as the zero bytes of
// their XOR.
func (s *Signature) Similarity(o *Signature) float64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	same := 0
	for i := 0; i < len(s); i += 8 {
		x := binary.LittleEndian.Uint64(s[i:]) ^ binary.LittleEndian.Uint64(o[i:])
		// A byte's high bit ends set exactly when the byte is zero.
		same += bits.OnesCount64(^((x&low7 + low7) | x | low7))
	}
	return float64(same) / float64(len(s))
}

// NearIndex finds near duplicates among signatures by banding
// (locality-sensitive hashing): the 32 hashes in 8 bands of 4, a candidate
// shares a whole band, and candidates are kept if similar enough. Texts
// at Jaccard 0.8 share a band with probability 0.98, at 0.875 0.999.
// Queries are not safe for concurrent use.
type NearIndex struct {
	threshold float64
	sigs      []Signature
	ids       map[Signature]int32 // identical signatures share one entry
	bands     [nearBands]map[uint64][]int32
	// seen[i] == query marks signature i as checked by the current query
	// (a slice, not a map per query: queries are most of an audit's time).
	seen  []uint32
	query uint32
}

const (
	nearBands = 8
	nearRows  = SignatureHashes / nearBands
)

// NewNearIndex indexes signatures for matches at Jaccard >= threshold.
func NewNearIndex(threshold float64) *NearIndex {
	x := &NearIndex{threshold: threshold, ids: map[Signature]int32{}}
	for i := range x.bands {
		x.bands[i] = map[uint64][]int32{}
	}
	return x
}

func bandKey(s *Signature, band int) uint64 {
	return xxh3.Hash(s[band*nearRows : (band+1)*nearRows])
}

// Add puts a signature in the index and returns its position. Identical
// signatures (the same text, typically) share one position, so a text
// repeated thousands of times costs one candidate, not thousands.
func (x *NearIndex) Add(s Signature) int {
	if i, ok := x.ids[s]; ok {
		return int(i)
	}
	i := len(x.sigs)
	x.sigs = append(x.sigs, s)
	x.seen = append(x.seen, 0)
	x.ids[s] = int32(i)
	for b := range x.bands {
		k := bandKey(&s, b)
		x.bands[b][k] = append(x.bands[b][k], int32(i))
	}
	return i
}

// Matches returns the positions of the indexed signatures similar to s.
func (x *NearIndex) Matches(s *Signature) []int {
	var out []int
	x.candidates(s, func(i int32) bool {
		out = append(out, int(i))
		return true
	})
	return out
}

// Any reports whether some indexed signature is similar to s.
func (x *NearIndex) Any(s *Signature) bool {
	found := false
	x.candidates(s, func(int32) bool {
		found = true
		return false
	})
	return found
}

// candidates calls yield with each indexed signature similar to s until
// yield returns false.
func (x *NearIndex) candidates(s *Signature, yield func(int32) bool) {
	x.query++
	if x.query == 0 { // wrapped: old marks could pass for this query's
		clear(x.seen)
		x.query = 1
	}
	if i, ok := x.ids[*s]; ok { // the same signature: no need to band it
		if !yield(i) {
			return
		}
		x.seen[i] = x.query
	}
	for b := range x.bands {
		for _, i := range x.bands[b][bandKey(s, b)] {
			if x.seen[i] != x.query {
				x.seen[i] = x.query
				if x.sigs[i].Similarity(s) >= x.threshold && !yield(i) {
					return
				}
			}
		}
	}
}

// Len is the number of signatures added.
func (x *NearIndex) Len() int { return len(x.sigs) }
