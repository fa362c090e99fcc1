package audit

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/axiomhq/hyperloglog"
)

// exactLimit is how many distinct values a counter keeps exactly before
// it switches to a HyperLogLog sketch (about 1% error): memory stays flat
// in the data's size, and small audits stay exact.
const exactLimit = 20000

// distinct counts distinct 64-bit hashes.
type distinct struct {
	exact *hashSet
	hll   *hyperloglog.Sketch
	added int // values added, repeats included: the estimate's bound
}

func (d *distinct) add(h uint64) {
	d.added++
	d.insert(h)
}

// insert adds h to the set without counting it as a value added.
func (d *distinct) insert(h uint64) {
	if d.hll != nil {
		d.hll.InsertHash(h)
		return
	}
	if d.exact == nil {
		d.exact = &hashSet{}
	}
	d.exact.add(h)
	if d.exact.n > exactLimit {
		d.toSketch()
	}
}

// toSketch moves the exact set's values to a sketch.
func (d *distinct) toSketch() {
	d.hll = hyperloglog.New14()
	if d.exact != nil {
		d.exact.each(d.hll.InsertHash)
	}
	d.exact = nil
}

// merge adds o's values to d: d then counts what one counter given both
// streams would. The exact sets join; past exactLimit both sides go to
// one sketch, whose registers are the maximum of the two (HyperLogLog's
// union), so the estimate does not depend on how the values were split.
func (d *distinct) merge(o *distinct) {
	d.added += o.added
	if o.hll == nil {
		if o.exact != nil {
			o.exact.each(d.insert)
		}
		return
	}
	if d.hll == nil {
		d.toSketch()
	}
	if err := d.hll.Merge(o.hll); err != nil {
		panic(err) // both are New14's: the precisions cannot differ
	}
}

func (d *distinct) count() int {
	if d.hll != nil {
		// The sketch's estimate can pass the values added ("101%
		// distinct"): no more can be distinct than were added.
		return min(int(d.hll.Estimate()), d.added)
	}
	if d.exact == nil {
		return 0
	}
	return d.exact.n
}

// hashSet is a set of 64-bit hashes, open addressing with linear probing
// on the values' own low bits (they are hashes already): two to three
// times as fast as a map at filling a set of 20,000 values from 40,000.
type hashSet struct {
	slots   []uint64 // 0: free
	n       int      // values held, zero included
	hasZero bool
}

func (s *hashSet) add(h uint64) {
	if h == 0 {
		if !s.hasZero {
			s.hasZero = true
			s.n++
		}
		return
	}
	if 4*(s.n+1) > 3*len(s.slots) { // at most 3/4 full
		s.grow()
	}
	s.put(h)
}

// put places a non-zero h, unless it is there already.
func (s *hashSet) put(h uint64) {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i] = h
			s.n++
			return
		}
	}
}

func (s *hashSet) grow() {
	old := s.slots
	s.slots = make([]uint64, max(64, 2*len(old)))
	s.n = 0
	if s.hasZero {
		s.n = 1
	}
	for _, h := range old {
		if h != 0 {
			s.put(h)
		}
	}
}

// each calls f with every value of the set.
func (s *hashSet) each(f func(uint64)) {
	if s.hasZero {
		f(0)
	}
	for _, h := range s.slots {
		if h != 0 {
			f(h)
		}
	}
}

// countTable counts 64-bit hashes (a group's templates): open addressing
// with linear probing on the hashes' own bits, each key beside its count,
// so a look-up reads one slot where a map reads a control word and a slot
// (the table is probed for every group an example is in, on one core).
type countTable struct {
	slots   []countSlot // h 0: free
	n       int         // keys held, zero included
	zero    int         // hash 0's count
	hasZero bool
}

type countSlot struct {
	h uint64
	c int
}

// add counts h, unless h is new and the table holds limit keys already;
// it returns h's count (0: not counted).
func (t *countTable) add(h uint64, limit int) int {
	if h == 0 {
		if !t.hasZero {
			if t.n >= limit {
				return 0
			}
			t.hasZero = true
			t.n++
		}
		t.zero++
		return t.zero
	}
	if len(t.slots) > 0 {
		mask := uint64(len(t.slots) - 1)
		for i := h & mask; t.slots[i].h != 0; i = (i + 1) & mask {
			if t.slots[i].h == h {
				t.slots[i].c++
				return t.slots[i].c
			}
		}
	}
	if t.n >= limit {
		return 0
	}
	if 4*(t.n+1) > 3*len(t.slots) { // at most 3/4 full
		t.grow()
	}
	t.put(countSlot{h, 1})
	t.n++
	return 1
}

// put places a slot whose hash is not in the table.
func (t *countTable) put(s countSlot) {
	mask := uint64(len(t.slots) - 1)
	i := s.h & mask
	for t.slots[i].h != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = s
}

func (t *countTable) grow() {
	old := t.slots
	t.slots = make([]countSlot, max(64, 2*len(old)))
	for _, s := range old {
		if s.h != 0 {
			t.put(s)
		}
	}
}

// get is h's count.
func (t *countTable) get(h uint64) int {
	if h == 0 {
		return t.zero
	}
	if len(t.slots) == 0 {
		return 0
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch t.slots[i].h {
		case h:
			return t.slots[i].c
		case 0:
			return 0
		}
	}
}

// all yields every hash and its count.
func (t *countTable) all(yield func(uint64, int) bool) {
	if t.hasZero && !yield(0, t.zero) {
		return
	}
	for _, s := range t.slots {
		if s.h != 0 && !yield(s.h, s.c) {
			return
		}
	}
}

// lengths is a histogram of lengths in 2% wide buckets: quantiles are read
// from it to 2%, in constant memory. The buckets are counted by index (a
// length of 10 million characters is bucket 815), so adding a length is
// no map look-up; the caller gives its bucket (bucketOf), worked out once
// for every group the length is counted in.
type lengths struct {
	n, sum, max int
	buckets     []int
}

const bucketBase = 1.02

func bucketOf(v int) int {
	if v <= 0 {
		return 0
	}
	return 1 + int(math.Log(float64(v))/math.Log(bucketBase))
}

func bucketValue(b int) int {
	if b == 0 {
		return 0
	}
	return int(math.Round(math.Pow(bucketBase, float64(b-1))))
}

// add counts a length v of bucket b (bucketOf(v)).
func (l *lengths) add(v, b int) {
	l.n++
	l.sum += v
	l.max = max(l.max, v)
	if b >= len(l.buckets) {
		l.buckets = slices.Grow(l.buckets, b+1-len(l.buckets))[:b+1]
	}
	l.buckets[b]++
}

// quantile is the smallest bucket value with a share q of the lengths at
// or below it.
func (l *lengths) quantile(q float64) int {
	if l.n == 0 {
		return 0
	}
	need, seen := int(math.Ceil(q*float64(l.n))), 0
	for k, c := range l.buckets {
		if c == 0 {
			continue
		}
		seen += c
		if seen >= need {
			return min(bucketValue(k), l.max)
		}
	}
	return l.max
}

// sampleSize is how many responses the sampled distinct-2 reads, and
// sampleBigrams how many bigrams of each (a 4 KB program's first part).
const (
	sampleSize    = 1000
	sampleBigrams = 256
)

// bigramSample keeps the bigrams of a uniform sample of sampleSize
// responses (reservoir sampling, seeded, so an audit of the same data in
// the same order gives the same figure).
type bigramSample struct {
	seen int
	kept [][]uint64
	rng  *rand.Rand
}

func (b *bigramSample) add(bigrams []uint64) {
	bigrams = bigrams[:min(len(bigrams), sampleBigrams)]
	b.seen++
	if len(b.kept) < sampleSize {
		b.kept = append(b.kept, slices.Clone(bigrams))
		return
	}
	if b.rng == nil {
		b.rng = rand.New(rand.NewPCG(0x5eed, uint64(sampleSize)))
	}
	if i := b.rng.IntN(b.seen); i < sampleSize {
		b.kept[i] = append(b.kept[i][:0], bigrams...)
	}
}

// distinct is the sample's distinct-2: unique bigrams over all bigrams.
func (b *bigramSample) distinct() float64 {
	seen := map[uint64]struct{}{}
	n := 0
	for _, bs := range b.kept {
		n += len(bs)
		for _, h := range bs {
			seen[h] = struct{}{}
		}
	}
	return pct(len(seen), n)
}
