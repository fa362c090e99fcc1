package audit

import (
	"maps"
	"slices"
	"strings"

	"github.com/zeebo/xxh3"

	"collabcraft/export"
	"collabcraft/quality"
)

// Overlap is how much each split's data reappears in another split.
type Overlap struct {
	// Pairs holds, for every ordered pair of splits (of, in), the share of
	// of's examples found in in: exact and near duplicates, of responses
	// and of whole examples.
	Pairs     []OverlapPair `json:"pairs"`
	Threshold float64       `json:"near_threshold"`
}

// OverlapPair is one ordered pair of splits.
type OverlapPair struct {
	Of                 string  `json:"of"`
	In                 string  `json:"in"`
	Examples           int     `json:"examples"`
	ExactResponses     float64 `json:"exact_responses"`
	NearResponses      float64 `json:"near_responses"`
	ExactExamples      float64 `json:"exact_examples"`
	NearExamples       float64 `json:"near_examples"`
	ExactExampleCount  int     `json:"exact_example_count"`
	ExactResponseCount int     `json:"exact_response_count"`
}

// overlapItem is what the overlap check keeps of an example: hashes and
// signatures (no pointers, 272 bytes an example).
type overlapItem struct {
	resp, ex       uint64
	respSig, exSig quality.Signature
}

type overlapIndex struct {
	threshold float64
	bySplit   map[string][]overlapItem
}

func newOverlapIndex(threshold float64) *overlapIndex {
	return &overlapIndex{threshold: threshold, bySplit: map[string][]overlapItem{}}
}

func (x *overlapIndex) add(ex *export.Example, o observation) {
	h := xxh3.New()
	for _, m := range ex.Messages {
		h.WriteString(m.Role)
		h.WriteString("\x00")
		h.WriteString(m.Content)
		h.WriteString("\x00")
	}
	split := ex.Meta.Split
	if _, ok := x.bySplit[split]; !ok {
		split = strings.Clone(split)
	}
	x.bySplit[split] = append(x.bySplit[split], overlapItem{
		resp: xxh3.HashString(strings.TrimSpace(o.response)), ex: h.Sum64(),
		respSig: quality.SignatureOf(o.response), exSig: quality.SignatureOf(quality.ExampleText(ex.Messages)),
	})
}

func (x *overlapIndex) result() *Overlap {
	out := &Overlap{Threshold: x.threshold}
	splits := slices.Sorted(maps.Keys(x.bySplit))
	pairs := map[[2]string]*OverlapPair{}
	for i, a := range splits {
		for _, b := range splits[i+1:] {
			pa, pb := x.compare(a, b)
			pairs[[2]string{a, b}], pairs[[2]string{b, a}] = pa, pb
		}
	}
	for _, in := range splits {
		for _, of := range splits {
			if p := pairs[[2]string{of, in}]; p != nil {
				out.Pairs = append(out.Pairs, *p)
			}
		}
	}
	return out
}

// compare measures two splits against each other. Near duplicates are
// found with an LSH index over the smaller split, queried by every item of
// the larger one; a match marks both sides.
func (x *overlapIndex) compare(a, b string) (aInB, bInA *OverlapPair) {
	small, large := a, b
	if len(x.bySplit[a]) > len(x.bySplit[b]) {
		small, large = b, a
	}
	s, l := x.bySplit[small], x.bySplit[large]
	sResp, sEx, lResp, lEx := map[uint64]bool{}, map[uint64]bool{}, map[uint64]bool{}, map[uint64]bool{}
	for _, it := range s {
		sResp[it.resp], sEx[it.ex] = true, true
	}
	for _, it := range l {
		lResp[it.resp], lEx[it.ex] = true, true
	}
	// near[k][i]: item i of split k (0 small, 1 large) has a near match
	// in the other split, by response (field 0) or example (field 1).
	var near [2][2][]bool
	for k, items := range [2][]overlapItem{s, l} {
		for f := range 2 {
			near[k][f] = make([]bool, len(items))
		}
	}
	for f, sig := range []func(*overlapItem) *quality.Signature{
		func(o *overlapItem) *quality.Signature { return &o.respSig },
		func(o *overlapItem) *quality.Signature { return &o.exSig },
	} {
		// Identical signatures are grouped on both sides, so a response
		// repeated thousands of times is compared once.
		idx := quality.NewNearIndex(x.threshold)
		var small [][]int // index position -> the small split's items
		for i := range s {
			p := idx.Add(*sig(&s[i]))
			if p == len(small) {
				small = append(small, nil)
			}
			small[p] = append(small[p], i)
		}
		large := map[quality.Signature][]int{}
		var order []quality.Signature
		for j := range l {
			k := *sig(&l[j])
			if _, ok := large[k]; !ok {
				order = append(order, k)
			}
			large[k] = append(large[k], j)
		}
		marked := make([]bool, len(small))
		for _, k := range order {
			matches := idx.Matches(&k)
			if len(matches) == 0 {
				continue
			}
			for _, j := range large[k] {
				near[1][f][j] = true
			}
			for _, p := range matches {
				if !marked[p] {
					marked[p] = true
					for _, i := range small[p] {
						near[0][f][i] = true
					}
				}
			}
		}
	}
	pair := func(of, in string, items []overlapItem, resp, exs map[uint64]bool, k int) *OverlapPair {
		p := &OverlapPair{Of: of, In: in, Examples: len(items)}
		var nr, ne int
		for i, it := range items {
			if resp[it.resp] {
				p.ExactResponseCount++
			}
			if exs[it.ex] {
				p.ExactExampleCount++
			}
			if resp[it.resp] || near[k][0][i] {
				nr++
			}
			if exs[it.ex] || near[k][1][i] {
				ne++
			}
		}
		p.ExactResponses, p.ExactExamples = pct(p.ExactResponseCount, p.Examples), pct(p.ExactExampleCount, p.Examples)
		p.NearResponses, p.NearExamples = pct(nr, p.Examples), pct(ne, p.Examples)
		return p
	}
	ps := pair(small, large, s, lResp, lEx, 0)
	pl := pair(large, small, l, sResp, sEx, 1)
	if small == a {
		return ps, pl
	}
	return pl, ps
}
