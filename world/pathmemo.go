package world

// A long path search asks whether the same cells can be stood in or passed
// through again and again: each cell as a neighbour of every node around
// it, and each answer reads up to sixteen blocks. The world does not change
// during a search, so past memoAfter expansions the answers are kept, for
// the cells of a box around the search's start, in a table stamped with
// the search's number (no clearing between searches). Short searches, most
// of them, never allocate the table. The table also indexes the search's
// nodes by cell in the box, in place of the search's map.

// memoAfter is the expansions a search makes before it keeps answers (a
// variable so that the tests can compare searches with and without).
var memoAfter = 256

const (
	// memoBits is the box's side in bits: 64 cells, centred on the start.
	memoBits = 6
	memoSide = 1 << memoBits
)

// Flags of a memo entry, below its stamp.
const (
	memoPassKnown = 1 << iota
	memoPass
	memoStandKnown
	memoStand
	memoFlags = 4 // bits taken by the flags
)

// cellMemo is the kept answers of the current search.
type cellMemo struct {
	on     bool   // this search keeps answers
	origin Pos    // the box's lowest corner
	stamp  uint32 // this search's number
	cells  []uint32
	node   []int32 // the search node at each cell, -1 for none
}

// start begins keeping answers for a search from p.
func (m *cellMemo) start(p Pos) {
	if m.cells == nil {
		m.cells = make([]uint32, memoSide*memoSide*memoSide)
		m.node = make([]int32, memoSide*memoSide*memoSide)
	}
	m.stamp++
	if m.stamp >= 1<<(32-memoFlags) {
		clear(m.cells)
		m.stamp = 1
	}
	m.on = true
	m.origin = p.Add(-memoSide/2, -memoSide/2, -memoSide/2)
}

// index is p's place in the table, or -1 outside the box or when answers
// are not kept. An entry of an earlier search is emptied first.
func (m *cellMemo) index(p Pos) int {
	if !m.on {
		return -1
	}
	x, y, z := uint(p.X-m.origin.X), uint(p.Y-m.origin.Y), uint(p.Z-m.origin.Z)
	if x >= memoSide || y >= memoSide || z >= memoSide {
		return -1
	}
	i := int(x | z<<memoBits | y<<(2*memoBits))
	if m.cells[i]>>memoFlags != m.stamp {
		m.cells[i] = m.stamp << memoFlags
		m.node[i] = -1
	}
	return i
}

// entry is p's flags, or nil outside the box or when answers are not kept.
func (m *cellMemo) entry(p Pos) *uint32 {
	if i := m.index(p); i >= 0 {
		return &m.cells[i]
	}
	return nil
}

// passableIn is passable, kept in the search's memo.
func (w *World) passableIn(p Pos) bool {
	e := w.search.memo.entry(p)
	if e == nil {
		return w.passable(p)
	}
	if *e&memoPassKnown != 0 {
		return *e&memoPass != 0
	}
	ok := w.passable(p)
	*e |= memoPassKnown
	if ok {
		*e |= memoPass
	}
	return ok
}

// standableIn is standable, kept in the search's memo.
func (w *World) standableIn(p Pos) bool {
	e := w.search.memo.entry(p)
	if e == nil {
		return w.standable(p)
	}
	if *e&memoStandKnown != 0 {
		return *e&memoStand != 0
	}
	ok := w.passableIn(p) && w.grounded(p, true)
	*e |= memoStandKnown
	if ok {
		*e |= memoStand
	}
	return ok
}
