package audit

import (
	"math"

	"github.com/axiomhq/hyperloglog"
)

// exactLimit is how many distinct values a counter keeps exactly before
// it switches to a HyperLogLog sketch (about 1% error): memory stays flat
// in the data's size, and small audits stay exact.
const exactLimit = 20000

// distinct counts distinct 64-bit hashes.
type distinct struct {
	exact map[uint64]struct{}
	hll   *hyperloglog.Sketch
}

func (d *distinct) add(h uint64) {
	if d.hll != nil {
		d.hll.InsertHash(h)
		return
	}
	if d.exact == nil {
		d.exact = map[uint64]struct{}{}
	}
	d.exact[h] = struct{}{}
	if len(d.exact) > exactLimit {
		d.hll = hyperloglog.New14()
		for k := range d.exact {
			d.hll.InsertHash(k)
		}
		d.exact = nil
	}
}

func (d *distinct) count() int {
	if d.hll != nil {
		return int(d.hll.Estimate())
	}
	return len(d.exact)
}

// lengths is a histogram of lengths in 2% wide buckets: quantiles are read
// from it to 2%, in constant memory.
type lengths struct {
	n, sum, max int
	buckets     map[int]int
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

func (l *lengths) add(v int) {
	if l.buckets == nil {
		l.buckets = map[int]int{}
	}
	l.n++
	l.sum += v
	l.max = max(l.max, v)
	l.buckets[bucketOf(v)]++
}

// quantile is the smallest bucket value with a share q of the lengths at
// or below it.
func (l *lengths) quantile(q float64) int {
	if l.n == 0 {
		return 0
	}
	keys := make([]int, 0, len(l.buckets))
	for k := range l.buckets {
		keys = append(keys, k)
	}
	sortInts(keys)
	need, seen := int(math.Ceil(q*float64(l.n))), 0
	for _, k := range keys {
		seen += l.buckets[k]
		if seen >= need {
			return min(bucketValue(k), l.max)
		}
	}
	return l.max
}
