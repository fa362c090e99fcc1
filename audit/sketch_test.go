package audit

import (
	"maps"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSampledDistinct2HoldsAcrossSizes: the corpus-wide distinct-2 of
// responses drawn alike falls as there are more of them, the sampled one
// stays put, so it compares datasets of different sizes.
func TestSampledDistinct2HoldsAcrossSizes(t *testing.T) {
	measure := func(n int) (corpus, sampled float64) {
		r := rand.New(rand.NewPCG(7, uint64(n)))
		var acc accumulator
		acc.bigrams = distinct{}
		for range n {
			bs := make([]uint64, 19) // a 20-word response over 300 words
			prev := r.Uint64N(300)
			for i := range bs {
				w := r.Uint64N(300)
				bs[i] = prev*1000 + w
				prev = w
			}
			acc.sample.add(bs)
			for _, h := range bs {
				acc.bigrams.add(h)
			}
			acc.pairs += len(bs)
		}
		return pct(acc.bigrams.count(), acc.pairs), acc.sample.distinct()
	}
	c1, s1 := measure(2000)
	c2, s2 := measure(40000)
	if c2 > c1/5 {
		t.Errorf("corpus distinct-2 %.3f at 2k, %.3f at 40k: expected it to fall", c1, c2)
	}
	if math.Abs(s1-s2) > 0.03 {
		t.Errorf("sampled distinct-2 %.3f at 2k, %.3f at 40k: want about the same", s1, s2)
	}
}

// TestDistinctNeverPassesWhatWasAdded: past the exact limit the sketch
// estimates, and an estimate above the values added (all distinct here)
// is held to them: a share of distinct values is at most 100%.
func TestDistinctNeverPassesWhatWasAdded(t *testing.T) {
	over := 0
	for seed := range uint64(20) {
		var d distinct
		rng := rand.New(rand.NewPCG(seed, 1))
		n := exactLimit + 1 + rng.IntN(exactLimit)
		for range n {
			d.add(rng.Uint64())
		}
		if d.hll == nil {
			t.Fatalf("%d values: still exact", n)
		}
		if est := int(d.hll.Estimate()); est > n {
			over++
		}
		if c := d.count(); c > n || c < n*97/100 {
			t.Errorf("%d distinct values counted %d", n, c)
		}
	}
	if over == 0 {
		t.Error("no estimate passed the values added: the test shows nothing")
	}
}

// TestDistinctMergedIsOneCounter: values counted in shards split any way
// and merged give the figure one counter given them all gives, below the
// exact limit, across it (no shard past it, the union past it) and far
// past it, with repeats.
func TestDistinctMergedIsOneCounter(t *testing.T) {
	for _, n := range []int{0, 1, 5000, exactLimit, exactLimit + 1, exactLimit + 7000, 3 * exactLimit, 200000} {
		rng := rand.New(rand.NewPCG(uint64(n), 2))
		values := make([]uint64, n)
		for i := range values {
			values[i] = rng.Uint64()
			if i > 0 && rng.IntN(4) == 0 {
				values[i] = values[rng.IntN(i)] // a repeat
			}
		}
		var one distinct
		for _, v := range values {
			one.add(v)
		}
		for _, shards := range []int{2, 3, 7} {
			for _, skew := range []bool{false, true} {
				parts := make([]distinct, shards)
				for _, v := range values {
					k := rng.IntN(shards)
					if skew && rng.IntN(10) > 0 {
						k = 0
					}
					parts[k].add(v)
				}
				var merged distinct
				for k := range parts {
					merged.merge(&parts[k])
				}
				if merged.count() != one.count() || merged.added != one.added {
					t.Errorf("%d values in %d shards (skewed %v): %d distinct of %d, one counter %d of %d",
						n, shards, skew, merged.count(), merged.added, one.count(), one.added)
				}
				if (merged.hll == nil) != (one.hll == nil) {
					t.Errorf("%d values in %d shards: sketched %v, one counter %v", n, shards, merged.hll != nil, one.hll != nil)
				} else if one.hll != nil && merged.hll.Estimate() != one.hll.Estimate() {
					t.Errorf("%d values in %d shards: estimate %d, one counter %d", n, shards, merged.hll.Estimate(), one.hll.Estimate())
				}
			}
		}
	}
}

// TestHashSetIsASet: the hash set holds what a map would, zero included.
func TestHashSetIsASet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s hashSet
	m := map[uint64]bool{}
	for i := range 100000 {
		h := rng.Uint64() >> rng.IntN(64) // small values collide in the low bits
		if i%1000 == 0 {
			h = 0
		}
		s.add(h)
		m[h] = true
		if s.n != len(m) {
			t.Fatalf("after %d values: %d held, want %d", i+1, s.n, len(m))
		}
	}
	got := map[uint64]bool{}
	s.each(func(h uint64) { got[h] = true })
	if !maps.Equal(got, m) {
		t.Errorf("the set holds %d values, %d put in", len(got), len(m))
	}
}

// TestCountTableIsAMap: a countTable counts as the map it replaced, a new
// hash counted only while fewer than the limit are held (zero included).
func TestCountTableIsAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, limit := range []int{0, 1, 5, 100, 50000} {
		var tab countTable
		want := map[uint64]int{}
		for range 200000 {
			h := rng.Uint64N(3000) * 0x9e3779b97f4a7c15 // zero included, repeats
			if rng.IntN(2) == 0 {
				h = rng.Uint64()
			}
			_, ok := want[h]
			if ok || len(want) < limit {
				want[h]++
			}
			if got := tab.add(h, limit); got != want[h] { // 0 when not counted
				t.Fatalf("limit %d: add(%x) = %d, want %d", limit, h, got, want[h])
			}
		}
		if tab.n != len(want) {
			t.Fatalf("limit %d: %d hashes held, want %d", limit, tab.n, len(want))
		}
		got := maps.Collect(tab.all)
		if !maps.Equal(got, want) {
			t.Fatalf("limit %d: the counts differ from the map's", limit)
		}
		for h, c := range want {
			if tab.get(h) != c {
				t.Fatalf("limit %d: get(%x) = %d, want %d", limit, h, tab.get(h), c)
			}
		}
		if tab.get(12345) != want[12345] {
			t.Fatalf("limit %d: a missing hash counts %d", limit, tab.get(12345))
		}
	}
}
