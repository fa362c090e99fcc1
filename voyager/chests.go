package voyager

import "strings"

// ChestSeen is what one observation says of a chest (chests.js): its items
// after the bot closed it, Unknown (seen but never opened), or Invalid
// (removed).
type ChestSeen struct {
	Items   []Item
	Unknown bool
	Invalid bool
}

type chestEntry struct {
	position string
	items    []Item
	unknown  bool
}

// ChestMemory is the action agent's chest memory (update_chest_memory,
// render_chest_observation): chests by position, in the order first seen.
type ChestMemory struct {
	entries []chestEntry
}

func (m *ChestMemory) find(position string) int {
	for i, e := range m.entries {
		if e.position == position {
			return i
		}
	}
	return -1
}

// Update records one observation of the chest at position, a Vec3 string
// such as "(81, 131, 16)". A known chest takes new contents and leaves when
// removed; a chest merely seen again keeps what was known of it.
func (m *ChestMemory) Update(position string, seen ChestSeen) {
	i := m.find(position)
	switch {
	case i >= 0 && seen.Invalid:
		m.entries = append(m.entries[:i], m.entries[i+1:]...)
	case i >= 0 && !seen.Unknown:
		m.entries[i] = chestEntry{position: position, items: seen.Items}
	case i < 0 && !seen.Invalid:
		m.entries = append(m.entries, chestEntry{position: position, items: seen.Items, unknown: seen.Unknown})
	}
}

// Len is the number of chests remembered.
func (m *ChestMemory) Len() int {
	if m == nil {
		return 0
	}
	return len(m.entries)
}

// Render is the "Chests:" section: chests with items, then empty ones,
// then those never opened. A nil memory renders as none.
func (m *ChestMemory) Render() string {
	if m.Len() == 0 {
		return "Chests: None\n\n"
	}
	var lines []string
	for _, e := range m.entries {
		if !e.unknown && len(e.items) > 0 {
			lines = append(lines, e.position+": "+itemsRepr(e.items))
		}
	}
	for _, e := range m.entries {
		if !e.unknown && len(e.items) == 0 {
			lines = append(lines, e.position+": Empty")
		}
	}
	for _, e := range m.entries {
		if e.unknown {
			lines = append(lines, e.position+": Unknown items inside")
		}
	}
	return "Chests:\n" + strings.Join(lines, "\n") + "\n\n"
}
