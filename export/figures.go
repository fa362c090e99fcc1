package export

import (
	"math"
	"slices"

	"collabcraft/tokens"
)

// TokenFigures are the lengths of the examples written, in tokens of
// tokens.Encoding: each message's content plus tokens.PerMessage for the
// chat template's framing. Limit is the length limit the card's training
// recipes set (see trainingLimit); OverLimit the examples longer than it.
type TokenFigures struct {
	Encoding   string                 `json:"encoding"`
	PerMessage int                    `json:"per_message"`
	Splits     map[string]TokenLength `json:"splits"`
	All        TokenLength            `json:"all"`
	Limit      int                    `json:"training_length_limit"`
	OverLimit  int64                  `json:"examples_over_limit"`
}

// TokenLength sums up the token lengths of a set of examples.
type TokenLength struct {
	Examples int64 `json:"examples"`
	P50      int   `json:"p50"`
	P99      int   `json:"p99"`
	Max      int   `json:"max"`
}

// figures measures what the card says of the examples written, per split:
// their token lengths, and their size as an Arrow table in memory (the
// num_bytes Hugging Face's card metadata means). It is a dataWriter, so
// it counts in a goroutine of its own beside the file writers.
type figures struct {
	cols    []column
	counter *tokens.Counter
	lengths map[string][]int32
	bytes   map[string]int64 // Arrow buffer bytes
	bits    map[string]int64 // Arrow validity and boolean bits
}

func newFigures(layout Layout, org bool) (*figures, error) {
	c, err := tokens.New()
	if err != nil {
		return nil, err
	}
	return &figures{cols: columnsFor(layout, org), counter: c, lengths: map[string][]int32{},
		bytes: map[string]int64{}, bits: map[string]int64{}}, nil
}

func (f *figures) write(p *prepared) error {
	n := p.tokens
	if n == 0 {
		n = exampleTokens(f.counter, p.msgs)
	}
	f.lengths[p.split] = append(f.lengths[p.split], int32(min(n, math.MaxInt32)))
	bytes, bits := arrowSize(f.cols, p)
	f.bytes[p.split] += bytes
	f.bits[p.split] += bits
	return nil
}

func (f *figures) endSplit(string) error { return nil }
func (f *figures) abort()                {}

// arrowSize is a row's share of an Arrow table's buffers, as pyarrow's
// Table.nbytes counts them: a 4-byte offset and the bytes of each string,
// 8 bytes of each number, a bit of each boolean, a validity bit of every
// value (every column is nullable), and for a list of messages its offset
// and, per message, a struct validity bit and its two strings.
func arrowSize(cols []column, p *prepared) (bytes, bits int64) {
	for _, c := range cols {
		bits++
		switch c.typ {
		case colString:
			bytes += 4 + int64(len(c.value(p).s))
		case colInt64, colFloat64:
			bytes += 8
		case colBool:
			bits++
		case colMessages:
			bytes += 4
			for _, m := range c.messages(p) {
				bytes += 8 + int64(len(m.Role)+len(m.Content))
				bits += 3
			}
		}
	}
	return bytes, bits
}

// ArrowBytes is the split's size as an Arrow table in memory.
func (f *figures) arrowBytes(split string) int64 { return f.bytes[split] + (f.bits[split]+7)/8 }

// tokenFigures sums the lengths up and sets the training limit.
func (f *figures) tokenFigures() *TokenFigures {
	t := &TokenFigures{Encoding: tokens.Encoding, PerMessage: tokens.PerMessage, Splits: map[string]TokenLength{}}
	var all []int32
	for split, ls := range f.lengths {
		slices.Sort(ls)
		t.Splits[split] = lengthOf(ls)
		all = append(all, ls...)
	}
	slices.Sort(all)
	t.All = lengthOf(all)
	t.Limit = trainingLimit(t.All)
	for _, n := range all {
		if int(n) > t.Limit {
			t.OverLimit++
		}
	}
	return t
}

// lengthOf sums up sorted lengths; quantiles are nearest-rank.
func lengthOf(sorted []int32) TokenLength {
	if len(sorted) == 0 {
		return TokenLength{}
	}
	rank := func(q float64) int { return int(sorted[max(0, int(math.Ceil(q*float64(len(sorted))))-1)]) }
	return TokenLength{Examples: int64(len(sorted)), P50: rank(0.5), P99: rank(0.99), Max: int(sorted[len(sorted)-1])}
}

// The training limit covers the longest example, or, when that one is
// far longer than the rest (more than limitOutlier times the p99), the
// p99 example; plus limitMarginPct percent for a model tokenizer that
// counts more than tokens.Encoding, rounded up to a multiple of limitStep.
const (
	limitMarginPct = 10
	limitOutlier   = 1.5
	limitStep      = 1024
)

func trainingLimit(l TokenLength) int {
	covered := l.Max
	if float64(l.Max) > limitOutlier*float64(l.P99) {
		covered = l.P99
	}
	steps := (covered*(100+limitMarginPct) + 100*limitStep - 1) / (100 * limitStep)
	return max(1, steps) * limitStep
}
