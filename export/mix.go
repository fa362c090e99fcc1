package export

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"collabcraft/tokens"

	"github.com/zeebo/xxh3"
)

// A trainer balancing a dataset caps what one task type or one kind of
// model call may take of it: construction's coding calls can be most of
// the response characters of a MineCollab dataset. --mix drops examples
// of the capped groups, chosen by a seeded hash of their content, until
// every cap holds in the train split. Validation and test are left as they
// are: they measure the data as it comes.

// Mix dimensions: the task_type and kind columns.
const (
	MixType = "type"
	MixKind = "kind"
)

// What a cap counts: examples, or the characters of their responses.
const (
	MixByExamples = "examples"
	MixByChars    = "chars"
)

// Cap is one upper bound: the examples whose Dim column is Value make at
// most Max of the train split (by Mix.By).
type Cap struct {
	Dim   string  `json:"dim"` // MixType | MixKind
	Value string  `json:"value"`
	Max   float64 `json:"max"` // a share in (0, 1)
}

func (c Cap) String() string {
	return c.Dim + ":" + c.Value + "<=" + strconv.FormatFloat(c.Max, 'g', -1, 64)
}

// Mix is the caps an export applies (Options.Mix).
type Mix struct {
	Caps []Cap  `json:"caps"`
	By   string `json:"by"`   // MixByExamples (default) | MixByChars
	Seed uint64 `json:"seed"` // the examples dropped are the same for the same seed
}

// ParseMix reads caps as "kind:coding<=0.3,type:construction<=0.5".
func ParseMix(s string) ([]Cap, error) {
	var caps []Cap
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		group, share, ok := strings.Cut(part, "<=")
		dim, value, ok2 := strings.Cut(strings.TrimSpace(group), ":")
		if !ok || !ok2 || value == "" {
			return nil, fmt.Errorf("export: mix %q: expected type:NAME<=SHARE or kind:NAME<=SHARE, e.g. kind:coding<=0.3", part)
		}
		dim, value = strings.TrimSpace(dim), strings.TrimSpace(value)
		if dim != MixType && dim != MixKind {
			return nil, fmt.Errorf("export: mix %q: %q is not a dimension (expected type or kind)", part, dim)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(share), 64)
		if err != nil || v <= 0 || v >= 1 {
			return nil, fmt.Errorf("export: mix %q: share %q: expected a number between 0 and 1 (exclusive)", part, strings.TrimSpace(share))
		}
		if slices.ContainsFunc(caps, func(c Cap) bool { return c.Dim == dim && c.Value == value }) {
			return nil, fmt.Errorf("export: mix %q: %s:%s is capped twice", part, dim, value)
		}
		caps = append(caps, Cap{Dim: dim, Value: value, Max: v})
	}
	if len(caps) == 0 {
		return nil, fmt.Errorf("export: mix %q: no caps (expected e.g. kind:coding<=0.3)", s)
	}
	return caps, nil
}

func (m *Mix) validate() error {
	if m == nil {
		return nil
	}
	if m.By == "" {
		m.By = MixByExamples
	}
	if m.By != MixByExamples && m.By != MixByChars {
		return fmt.Errorf("export: mix by %q: expected %s or %s", m.By, MixByExamples, MixByChars)
	}
	for _, c := range m.Caps {
		if c.Dim != MixType && c.Dim != MixKind || c.Value == "" || c.Max <= 0 || c.Max >= 1 {
			return fmt.Errorf("export: mix cap %s: expected type or kind, a name and a share between 0 and 1", c)
		}
	}
	if len(m.Caps) == 0 {
		return fmt.Errorf("export: mix without caps")
	}
	return nil
}

// Share is what a group of examples holds: how many, and the characters
// of their responses.
type Share struct {
	Examples      int64 `json:"examples"`
	ResponseChars int64 `json:"response_chars"`
}

// Composition is the examples written per task type and per kind.
type Composition struct {
	TaskType map[string]Share `json:"task_type"`
	Kind     map[string]Share `json:"kind"`
}

func newComposition() Composition {
	return Composition{TaskType: map[string]Share{}, Kind: map[string]Share{}}
}

func (c Composition) add(typ, kind string, chars int64) {
	for _, g := range []struct {
		m   map[string]Share
		key string
	}{{c.TaskType, typ}, {c.Kind, kind}} {
		s := g.m[g.key]
		s.Examples++
		s.ResponseChars += chars
		g.m[g.key] = s
	}
}

// responseChars are the characters an example trains on: its response (the
// last message), and for --unit episode every assistant turn.
func responseChars(msgs []Message, unit string) int64 {
	if len(msgs) == 0 {
		return 0
	}
	if unit != UnitEpisode {
		return int64(utf8.RuneCountInString(msgs[len(msgs)-1].Content))
	}
	var n int64
	for _, m := range msgs {
		if m.Role == "assistant" {
			n += int64(utf8.RuneCountInString(m.Content))
		}
	}
	return n
}

// exampleTokens is an example's length as the card counts it.
func exampleTokens(c *tokens.Counter, msgs []Message) int {
	n := 0
	for _, m := range msgs {
		n += c.Text(m.Content) + tokens.PerMessage
	}
	return n
}

// mixCell is the examples of one task type and kind, the unit --mix scales.
type mixCell struct{ typ, kind string }

// mixItem is one candidate example of a cell: its priority (the seeded
// hash of its content; low is kept first) and its weight.
type mixItem struct {
	prio  uint64
	chars int64
}

// cut is a cell's keep rule: examples with a priority up to thr are kept.
type cut struct {
	all, none bool
	thr       uint64
}

// mixPlan decides, per split and mixCell, which examples --mix keeps.
type mixPlan struct {
	seed   uint64
	cuts   map[string]map[mixCell]cut // split -> mixCell -> rule; a mixCell absent keeps all
	Before map[string]Composition     // per split, the candidates' composition
}

func (p *mixPlan) priority(hash [16]byte) uint64 { return xxh3.HashSeed(hash[:], p.seed) }

// keeps reports whether the plan keeps example p.
func (p *mixPlan) keeps(ex *prepared) bool {
	c, ok := p.cuts[ex.split][mixCell{ex.meta.TaskType, ex.meta.Kind}]
	switch {
	case !ok || c.all:
		return true
	case c.none:
		return false
	}
	return p.priority(ex.hash) <= c.thr
}

// planMix reads the input once and works out which examples the caps
// keep. It sees the examples the writing pass would write: one per
// content and split, without train copies of another split's examples
// and without those over MaxExampleTokens. (Near duplicates, DropNear,
// are not known before the writing pass; the caps count them.)
func planMix(ctx context.Context, src Source, opts Options) (*mixPlan, error) {
	type key struct {
		split string
		hash  [16]byte
	}
	type entry struct {
		c     mixCell
		chars int64
	}
	plan := &mixPlan{seed: opts.Mix.Seed, cuts: map[string]map[mixCell]cut{}, Before: map[string]Composition{}}
	seen := map[key]entry{}
	other := map[[16]byte]bool{} // contents in a split other than train
	var counter *tokens.Counter
	if opts.MaxExampleTokens > 0 {
		var err error
		if counter, err = tokens.New(); err != nil {
			return nil, err
		}
	}
	err := eachPrepared(ctx, src, opts, func(p *prepared) error {
		k := key{p.split, p.hash}
		if _, dup := seen[k]; dup {
			return nil
		}
		if counter != nil && exampleTokens(counter, p.msgs) > opts.MaxExampleTokens {
			return nil
		}
		seen[k] = entry{mixCell{strings.Clone(p.meta.TaskType), strings.Clone(p.meta.Kind)}, responseChars(p.msgs, opts.Unit)}
		if p.split != SplitTrain {
			other[p.hash] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	items := map[string]map[mixCell][]mixItem{}
	for k, e := range seen {
		if k.split == SplitTrain && other[k.hash] {
			continue
		}
		if items[k.split] == nil {
			items[k.split] = map[mixCell][]mixItem{}
			plan.Before[k.split] = newComposition()
		}
		items[k.split][e.c] = append(items[k.split][e.c], mixItem{plan.priority(k.hash), e.chars})
		plan.Before[k.split].add(e.c.typ, e.c.kind, e.chars)
	}
	for split, cells := range items {
		if split != SplitTrain {
			delete(plan.Before, split)
			continue
		}
		for _, list := range cells {
			slices.SortFunc(list, func(a, b mixItem) int { return cmp.Compare(a.prio, b.prio) })
		}
		if plan.cuts[split], err = cutCells(split, cells, opts.Mix); err != nil {
			return nil, err
		}
	}
	return plan, ctx.Err()
}

// cutCells finds, for one split, how much of each mixCell to keep so that
// every cap holds: each capped group over its cap is scaled down to it
// (its cells alike), which raises the others' shares, until none is over.
// Examples are then kept in priority order up to each cell's quota.
func cutCells(split string, cells map[mixCell][]mixItem, mix *Mix) (map[mixCell]cut, error) {
	keys := slices.SortedFunc(maps.Keys(cells), func(a, b mixCell) int {
		return cmp.Or(cmp.Compare(a.typ, b.typ), cmp.Compare(a.kind, b.kind))
	})
	weight := func(it mixItem) float64 {
		if mix.By == MixByChars {
			return float64(it.chars)
		}
		return 1
	}
	total := map[mixCell]float64{}
	for _, c := range keys {
		for _, it := range cells[c] {
			total[c] += weight(it)
		}
	}
	in := func(c mixCell, cp Cap) bool {
		return cp.Dim == MixType && c.typ == cp.Value || cp.Dim == MixKind && c.kind == cp.Value
	}
	// When every group of a dimension is capped, the caps must leave room
	// for the whole: shares add up to 1.
	for _, dim := range []string{MixType, MixKind} {
		room, all := 0.0, true
		for _, c := range keys {
			i := slices.IndexFunc(mix.Caps, func(cp Cap) bool { return cp.Dim == dim && in(c, cp) })
			if i < 0 {
				all = false
				break
			}
		}
		for _, cp := range mix.Caps {
			if cp.Dim == dim && slices.ContainsFunc(keys, func(c mixCell) bool { return in(c, cp) }) {
				room += cp.Max
			}
		}
		if all && room < 1 {
			return nil, fmt.Errorf("export: mix: every %s in split %s is capped and the caps add up to %g, less than the whole", dim, split, room)
		}
	}
	frac := map[mixCell]float64{}
	for _, c := range keys {
		frac[c] = 1
	}
	// quota keeps a prefix of each mixCell in priority order within its
	// fraction of the cell's weight.
	kept := func() map[mixCell]int {
		out := map[mixCell]int{}
		for _, c := range keys {
			budget, sum := frac[c]*total[c]+1e-9, 0.0
			k := 0
			for k < len(cells[c]) && sum+weight(cells[c][k]) <= budget {
				sum += weight(cells[c][k])
				k++
			}
			out[c] = k
		}
		return out
	}
	// scale cuts a group over its cap down to it, the rest as it is.
	scale := func(amount func(mixCell) float64) bool {
		over := false
		for _, cp := range mix.Caps {
			var g, all float64
			for _, c := range keys {
				all += amount(c)
				if in(c, cp) {
					g += amount(c)
				}
			}
			if g == 0 || g <= cp.Max*all*(1+1e-12) {
				continue
			}
			over = true
			want := cp.Max * (all - g) / (1 - cp.Max)
			for _, c := range keys {
				if in(c, cp) {
					frac[c] *= want / g
				}
			}
		}
		return over
	}
	var quota map[mixCell]int
	for round := 0; ; round++ {
		if round == 1000 {
			return nil, fmt.Errorf("export: mix: the caps cannot all hold in split %s (each capped group's share rises as the others are cut; cap fewer groups of a dimension, or less tightly)", split)
		}
		// Caps in turn, each seeing the cuts before it (cutting two
		// overlapping groups at once would cut their common cells twice).
		scale(func(c mixCell) float64 { return frac[c] * total[c] })
		// Whole examples: a cap the quotas leave over is cut again.
		quota = kept()
		got := map[mixCell]float64{}
		for _, c := range keys {
			for _, it := range cells[c][:quota[c]] {
				got[c] += weight(it)
			}
		}
		if !scale(func(c mixCell) float64 { return got[c] }) {
			break
		}
	}
	cuts := map[mixCell]cut{}
	for _, c := range keys {
		switch k := quota[c]; {
		case k == len(cells[c]):
			cuts[c] = cut{all: true}
		case k == 0:
			cuts[c] = cut{none: true}
		default:
			cuts[c] = cut{thr: cells[c][k-1].prio}
		}
	}
	return cuts, nil
}
