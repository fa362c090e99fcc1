package audit

import (
	"bytes"
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
// b-bit signatures (no pointers, 80 bytes an example).
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

// overlapItemOf hashes and signs an example and its response.
func overlapItemOf(ex *export.Example, o *observation, signer *quality.Signer) overlapItem {
	h := xxh3.New()
	for _, m := range ex.Messages {
		h.WriteString(m.Role)
		h.WriteString("\x00")
		h.WriteString(m.Content)
		h.WriteString("\x00")
	}
	respSig, exSig := signer.SignExample(ex.Messages, o.words) // o.words are the last message's
	return overlapItem{resp: xxh3.HashString(strings.TrimSpace(o.response)), ex: h.Sum64(), respSig: respSig, exSig: exSig}
}

func (x *overlapIndex) add(split string, it overlapItem) {
	if _, ok := x.bySplit[split]; !ok {
		split = strings.Clone(split)
	}
	x.bySplit[split] = append(x.bySplit[split], it)
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
// found with an LSH index over the smaller split, queried once by each
// distinct signature of the larger one; a match marks both sides. Exact
// matches are looked up in sorted hashes (8 bytes an example, not a map's
// 40).
func (x *overlapIndex) compare(a, b string) (aInB, bInA *OverlapPair) {
	small, large := a, b
	if len(x.bySplit[a]) > len(x.bySplit[b]) {
		small, large = b, a
	}
	items := [2][]overlapItem{x.bySplit[small], x.bySplit[large]}
	// near[k][f][i]: item i of split k (0 small, 1 large) has a near match
	// in the other split, by response (f 0) or example (f 1).
	var near [2][2][]bool
	for k := range items {
		for f := range 2 {
			near[k][f] = make([]bool, len(items[k]))
		}
	}
	sig := func(it *overlapItem, f int) *quality.Signature {
		if f == 0 {
			return &it.respSig
		}
		return &it.exSig
	}
	s, l := items[0], items[1]
	for f := range 2 {
		// Identical signatures share one index position, so a response
		// repeated thousands of times is compared once.
		idx := quality.NewNearIndex(x.threshold)
		pos := make([]int32, len(s))
		for i := range s {
			pos[i] = int32(idx.Add(*sig(&s[i], f)))
		}
		marked := make([]bool, idx.Len())
		order := make([]int32, len(l))
		for j := range order {
			order[j] = int32(j)
		}
		slices.SortFunc(order, func(i, j int32) int { return bytes.Compare(sig(&l[i], f)[:], sig(&l[j], f)[:]) })
		for start := 0; start < len(order); {
			k := sig(&l[order[start]], f)
			end := start + 1
			for end < len(order) && *sig(&l[order[end]], f) == *k {
				end++
			}
			if matches := idx.Matches(k); len(matches) > 0 {
				for _, j := range order[start:end] {
					near[1][f][j] = true
				}
				for _, p := range matches {
					marked[p] = true
				}
			}
			start = end
		}
		for i, p := range pos {
			near[0][f][i] = marked[p]
		}
	}
	hashes := func(items []overlapItem, h func(*overlapItem) uint64) []uint64 {
		out := make([]uint64, len(items))
		for i := range items {
			out[i] = h(&items[i])
		}
		slices.Sort(out)
		return out
	}
	respOf := func(it *overlapItem) uint64 { return it.resp }
	exOf := func(it *overlapItem) uint64 { return it.ex }
	has := func(sorted []uint64, h uint64) bool {
		_, ok := slices.BinarySearch(sorted, h)
		return ok
	}
	pair := func(of, in string, k int) *OverlapPair {
		mine, other := items[k], items[1-k]
		resp, exs := hashes(other, respOf), hashes(other, exOf)
		p := &OverlapPair{Of: of, In: in, Examples: len(mine)}
		var nr, ne int
		for i := range mine {
			er, ee := has(resp, mine[i].resp), has(exs, mine[i].ex)
			if er {
				p.ExactResponseCount++
			}
			if ee {
				p.ExactExampleCount++
			}
			if er || near[k][0][i] {
				nr++
			}
			if ee || near[k][1][i] {
				ne++
			}
		}
		p.ExactResponses, p.ExactExamples = pct(p.ExactResponseCount, p.Examples), pct(p.ExactExampleCount, p.Examples)
		p.NearResponses, p.NearExamples = pct(nr, p.Examples), pct(ne, p.Examples)
		return p
	}
	ps := pair(small, large, 0)
	pl := pair(large, small, 1)
	if small == a {
		return ps, pl
	}
	return pl, ps
}
