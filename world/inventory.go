package world

import (
	"collabcraft/mcdata"
)

// Slot is one inventory slot.
type Slot struct {
	Item  string
	Count int
}

// Player inventory layout, as mineflayer numbers its window slots: 0-8 is
// the hotbar here (window 36-44) and 9-35 the main inventory.
const (
	hotbarSlots = 9
	playerSlots = 36
	chestSlots  = 27
)

// Inventory is a fixed number of slots holding stacks up to each item's
// stack size.
type Inventory struct {
	slots []Slot
	// added, if set, is told of every item put in (an agent's inventory
	// tells its world, which keeps each item's first owner).
	added func(item string)
}

func newInventory(n int) *Inventory { return &Inventory{slots: make([]Slot, n)} }

func stackSize(item string) int {
	if it, err := mcdata.LookupItem(item); err == nil && it.StackSize > 0 {
		return it.StackSize
	}
	return 64
}

// Add puts up to n of item into the inventory, topping up existing stacks
// first, and returns how many fitted.
func (inv *Inventory) Add(item string, n int) int {
	if n <= 0 {
		return 0
	}
	if inv.added != nil {
		inv.added(item)
	}
	max := stackSize(item)
	added := 0
	for i := range inv.slots {
		s := &inv.slots[i]
		if s.Item == item && s.Count < max {
			k := min(n-added, max-s.Count)
			s.Count += k
			added += k
			if added == n {
				return added
			}
		}
	}
	for i := range inv.slots {
		s := &inv.slots[i]
		if s.Count == 0 {
			k := min(n-added, max)
			*s = Slot{item, k}
			added += k
			if added == n {
				return added
			}
		}
	}
	return added
}

// Room returns how many of item still fit.
func (inv *Inventory) Room(item string) int {
	max := stackSize(item)
	room := 0
	for _, s := range inv.slots {
		switch {
		case s.Count == 0:
			room += max
		case s.Item == item:
			room += max - s.Count
		}
	}
	return room
}

// Count returns how many of item the inventory holds.
func (inv *Inventory) Count(item string) int {
	n := 0
	for _, s := range inv.slots {
		if s.Item == item {
			n += s.Count
		}
	}
	return n
}

// FirstStack returns the count of the first stack of item in listing
// order (0 if none): MINDcraft's `items().find(...)`.
func (inv *Inventory) FirstStack(item string) int {
	for _, i := range inv.listOrder() {
		if s := inv.slots[i]; s.Item == item && s.Count > 0 {
			return s.Count
		}
	}
	return 0
}

// Remove takes up to n of item out, last stacks first, and returns how
// many were removed.
func (inv *Inventory) Remove(item string, n int) int {
	removed := 0
	lo := inv.listOrder()
	for j := len(lo) - 1; j >= 0 && removed < n; j-- {
		s := &inv.slots[lo[j]]
		if s.Item != item || s.Count == 0 {
			continue
		}
		k := min(n-removed, s.Count)
		s.Count -= k
		removed += k
		if s.Count == 0 {
			*s = Slot{}
		}
	}
	return removed
}

// listOrder is the order mineflayer's items() lists slots: the main
// inventory (9-35), then the hotbar; a chest lists its slots in order.
func (inv *Inventory) listOrder() []int {
	o := make([]int, 0, len(inv.slots))
	if len(inv.slots) == playerSlots {
		for i := hotbarSlots; i < playerSlots; i++ {
			o = append(o, i)
		}
		for i := 0; i < hotbarSlots; i++ {
			o = append(o, i)
		}
		return o
	}
	for i := range inv.slots {
		o = append(o, i)
	}
	return o
}

// Stacks returns the non-empty slots in listing order.
func (inv *Inventory) Stacks() []Slot {
	var out []Slot
	for _, i := range inv.listOrder() {
		if s := inv.slots[i]; s.Count > 0 {
			out = append(out, s)
		}
	}
	return out
}

// Counts returns item counts in order of first appearance in listing
// order (getInventoryCounts), as parallel name and count slices.
func (inv *Inventory) Counts() ([]string, map[string]int) {
	var names []string
	counts := map[string]int{}
	for _, s := range inv.Stacks() {
		if _, ok := counts[s.Item]; !ok {
			names = append(names, s.Item)
		}
		counts[s.Item] += s.Count
	}
	return names, counts
}

// Empty reports whether no slot holds anything.
func (inv *Inventory) Empty() bool {
	for _, s := range inv.slots {
		if s.Count > 0 {
			return false
		}
	}
	return true
}
