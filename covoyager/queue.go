package covoyager

import (
	"fmt"
	"slices"
	"strings"
)

// Statuses of a subtask in the pair manager's queue (Co-Voyager's
// semaphore-based pipeline, §4.3).
const (
	Ready      = "READY"
	Blocked    = "BLOCKED"
	InProgress = "IN_PROGRESS"
	Done       = "DONE"
	Failed     = "FAILED"
)

// MaxAttempts is how many times the pair manager hands out a subtask
// before a failure is final (the report's plans number each subtask's
// attempts 1 to 3, Att. C).
const MaxAttempts = 3

// Entry is one subtask in the queue.
type Entry struct {
	Subtask
	Item      string // the Minecraft item (ItemOf the subtask's item)
	Drop      string // what ends in the chest (Drop)
	Quantity  int    // the quantity, -1 worked out
	Materials []Need // per single item
	Tools     []Need
	Deps      []int // the subtasks whose items this one needs
	Status    string
	Attempts  int
	Taker     string // who has it (IN_PROGRESS) or had it last
	Skill     string // the skill that did it (the pair manager's dictionary)
}

// Text is the subtask's instruction for whoever takes it.
func (e *Entry) Text() string { return e.Subtask.Text(e.Quantity) }

// Queue is the pair manager: the plan's subtasks with their statuses,
// which move BLOCKED -> READY when every subtask they depend on is DONE,
// READY -> IN_PROGRESS when taken, IN_PROGRESS -> DONE or FAILED, and
// FAILED -> READY again until MaxAttempts.
type Queue struct {
	Entries []*Entry
	// InChest, when set, says whether the chest holds a tool: a subtask
	// whose tool someone has not put back is not READY.
	InChest func(item string) bool
}

// NewQueue reads a plan: every item, material and tool must name a
// Minecraft item; a -1 quantity becomes the sum of what the later
// subtasks consume of the item (the report's "simple addition process",
// §4.3), and the last subtask makes count of the target. A subtask
// depends on the earlier ones that make its materials and its tools.
func NewQueue(plan []Subtask, count int) (*Queue, error) {
	q := &Queue{}
	for k, s := range plan {
		e := &Entry{Subtask: s, Item: ItemOf(s.Item), Quantity: s.Quantity, Status: Blocked}
		if e.Item == "" {
			return nil, fmt.Errorf("covoyager: subtask %d: item %q names no Minecraft item", k+1, s.Item)
		}
		e.Drop = Drop(s.Action, e.Item)
		if e.Drop == "" {
			return nil, fmt.Errorf("covoyager: subtask %d: %s %q: nothing to put in the chest", k+1, s.Action, s.Item)
		}
		var err error
		if e.Materials, err = ReadNeeds(s.Materials); err != nil {
			return nil, fmt.Errorf("covoyager: subtask %d: materials: %w", k+1, err)
		}
		if e.Tools, err = ReadNeeds(s.Tools); err != nil {
			return nil, fmt.Errorf("covoyager: subtask %d: tools: %w", k+1, err)
		}
		q.Entries = append(q.Entries, e)
	}
	last := q.Entries[len(q.Entries)-1]
	if last.Quantity == Unspecified || last.Quantity < count {
		last.Quantity = count
	}
	for i := len(q.Entries) - 1; i >= 0; i-- {
		e := q.Entries[i]
		if e.Quantity != Unspecified {
			continue
		}
		n := 0
		for _, later := range q.Entries[i+1:] {
			for _, m := range later.Materials {
				if m.Item == e.Drop {
					n += m.Count * later.Quantity
				}
			}
		}
		e.Quantity = max(n, 1)
	}
	for i, e := range q.Entries {
		for _, n := range append(slices.Clone(e.Materials), e.Tools...) {
			for j := i - 1; j >= 0; j-- {
				if q.Entries[j].Drop == n.Item {
					if !slices.Contains(e.Deps, j) {
						e.Deps = append(e.Deps, j)
					}
					break
				}
			}
		}
		slices.Sort(e.Deps)
	}
	q.Refresh()
	return q, nil
}

// Refresh moves every BLOCKED subtask whose dependencies are DONE, and
// every FAILED one with attempts left, to READY.
func (q *Queue) Refresh() {
	for _, e := range q.Entries {
		switch e.Status {
		case Blocked:
			if q.met(e) {
				e.Status = Ready
			}
		case Failed:
			if e.Attempts < MaxAttempts && q.met(e) {
				e.Status = Ready
			}
		}
	}
}

func (q *Queue) met(e *Entry) bool {
	for _, d := range e.Deps {
		if q.Entries[d].Status != Done {
			return false
		}
	}
	// A tool kept in the chest is used by one subtask at a time.
	for _, t := range e.Tools {
		if Placed(t.Item) {
			continue
		}
		if q.InChest != nil && !q.InChest(t.Item) && q.made(t.Item) {
			return false
		}
		for _, o := range q.Entries {
			if o != e && o.Status == InProgress && slices.ContainsFunc(o.Tools, func(n Need) bool { return n.Item == t.Item }) {
				return false
			}
		}
	}
	return true
}

// made reports whether a DONE subtask made the item.
func (q *Queue) made(item string) bool {
	for _, e := range q.Entries {
		if e.Drop == item && e.Status == Done {
			return true
		}
	}
	return false
}

// Next is the first READY subtask, or nil.
func (q *Queue) Next() *Entry {
	for _, e := range q.Entries {
		if e.Status == Ready && q.met(e) {
			return e
		}
	}
	return nil
}

// Take hands a READY subtask to who.
func (q *Queue) Take(e *Entry, who string) {
	e.Status, e.Taker = InProgress, who
	e.Attempts++
	q.Refresh()
}

// Finish records a subtask's end: DONE with the skill that did it, or
// FAILED.
func (q *Queue) Finish(e *Entry, ok bool, skill string) {
	if ok {
		e.Status, e.Skill = Done, skill
	} else {
		e.Status = Failed
	}
	q.Refresh()
}

// Complete reports whether every subtask is DONE.
func (q *Queue) Complete() bool {
	for _, e := range q.Entries {
		if e.Status != Done {
			return false
		}
	}
	return true
}

// Dead reports whether a subtask failed for good: the plan cannot be
// finished.
func (q *Queue) Dead() bool {
	for _, e := range q.Entries {
		if e.Status == Failed && e.Attempts >= MaxAttempts {
			return true
		}
	}
	return false
}

// String is the queue as the pair manager shows it: one line a subtask,
// its number, status and instruction.
func (q *Queue) String() string {
	var b strings.Builder
	for i, e := range q.Entries {
		fmt.Fprintf(&b, "%d %s %s\n", i+1, e.Status, e.Text())
	}
	return b.String()
}
