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
	var mins [SignatureHashes]uint64
	for i := range mins {
		mins[i] = math.MaxUint64
	}
	push := func(b []byte) {
		v1, v2 := xxh3.HashSeed(b, seedA), xxh3.HashSeed(b, seedB)
		for i, v := range mins {
			if hv := v1 + uint64(i)*v2; hv < v {
				mins[i] = hv
			}
		}
	}
	var buf []byte
	switch {
	case len(words) == 0:
		push(nil)
	case len(words) < 3:
		for _, w := range words {
			push(append(buf[:0], w...))
		}
	default:
		for i := 0; i+3 <= len(words); i++ {
			buf = append(append(append(append(append(buf[:0], words[i]...), ' '), words[i+1]...), ' '), words[i+2]...)
			push(buf)
		}
	}
	var s Signature
	for i, v := range mins {
		s[i] = uint8(v)
	}
	return s
}

const (
	seedA = 0x9e3779b97f4a7c15
	seedB = 0xc2b2ae3d27d4eb4f
)

// ExampleText is the part of an example its near-duplicate signature
// covers: its last turns and the response, not the long prompt most
// examples share.
func ExampleText(msgs []trajectory.Message) string {
	var b strings.Builder
	msgs = msgs[min(max(len(msgs)-4, 1), len(msgs)):]
	n := 0
	for _, m := range msgs {
		n += len(m.Content) + 1
	}
	b.Grow(n)
	for _, m := range msgs {
		b.WriteString(m.Content)
		b.WriteByte(' ')
	}
	return b.String()
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
