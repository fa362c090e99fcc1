package procgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"collabcraft/plainjson"
)

// MINDcraft gives an agent its starting items one /give at a time, in the
// order of the task file's keys (Object.keys of initial_inventory[id]),
// so the items take hotbar and inventory slots in that order and
// !inventory lists them so. Go maps forget the order; Task.InventoryOrder
// keeps it.

// Inventory returns agent id's starting items in the order MINDcraft gives
// them: the task file's key order (InventoryOrder), or name order when the
// task records none (a task built in Go, whose file is written in name
// order). Items of InitialInventory missing from the order follow in name
// order, so a task edited in Go still gives everything.
func (t *Task) Inventory(id string) []Stack {
	inv := t.InitialInventory[id]
	out := make([]Stack, 0, len(inv))
	seen := make(map[string]bool, len(inv))
	for _, item := range t.InventoryOrder[id] {
		if n, ok := inv[item]; ok && !seen[item] {
			seen[item] = true
			out = append(out, Stack{Item: item, Count: n})
		}
	}
	for _, item := range slices.Sorted(maps.Keys(inv)) {
		if !seen[item] {
			out = append(out, Stack{Item: item, Count: inv[item]})
		}
	}
	return out
}

// decodeInventory reads initial_inventory: agent id -> {item: count}, with
// each agent's key order. An entry whose value is not an object (MINDcraft's
// single-agent files write a flat {item: count}) is no agent's inventory:
// MINDcraft reads initial_inventory["0"] and gives nothing, so it is kept
// verbatim in Task.IgnoredInventory, and validation warns about it.
func (t *Task) decodeInventory(b []byte) error {
	const want = "an object of agent id -> {item: count}"
	if string(bytes.TrimSpace(b)) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("field %q: expected %s, got %s", "initial_inventory", want, abbrev(b))
	}
	inv := map[string]map[string]int{}
	order := map[string][]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("field %q: expected %s", "initial_inventory", want)
		}
		id := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("field %q: expected %s", "initial_inventory", want)
		}
		if firstByte(raw) != '{' {
			if t.IgnoredInventory == nil {
				t.IgnoredInventory = map[string]json.RawMessage{}
			}
			t.IgnoredInventory[id] = compactCopy(raw)
			continue
		}
		items, keys, err := decodeCounts(raw)
		if err != nil {
			return fmt.Errorf("field %q: expected %s; agent %s has %s", "initial_inventory", want, id, abbrev(raw))
		}
		inv[id] = items // JSON.parse: a repeated key's last value
		order[id] = keys
	}
	t.InitialInventory = inv
	// Record an order only where it is not name order, so a task read
	// back from a file Go wrote equals the task that was written.
	for id, keys := range order {
		if !slices.IsSorted(keys) {
			if t.InventoryOrder == nil {
				t.InventoryOrder = map[string][]string{}
			}
			t.InventoryOrder[id] = keys
		}
	}
	return nil
}

// decodeCounts reads {item: count} with its keys in order (a repeated key
// keeps its first place and its last count, as JSON.parse does).
func decodeCounts(b []byte) (map[string]int, []string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return nil, nil, err
	}
	m := map[string]int{}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		item := tok.(string)
		var n int
		if err := dec.Decode(&n); err != nil {
			return nil, nil, err
		}
		if _, dup := m[item]; !dup {
			keys = append(keys, item)
		}
		m[item] = n
	}
	return m, keys, nil
}

// inventoryJSON writes initial_inventory: agent ids in name order (as Go
// writes a map), each agent's items in Inventory's order, then the
// ignored entries verbatim.
type inventoryJSON struct{ t *Task }

func (j inventoryJSON) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	keys := slices.Sorted(maps.Keys(j.t.InitialInventory))
	for _, id := range keys {
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		k, _ := plainjson.Marshal(id)
		buf.Write(k)
		buf.WriteString(":{")
		for i, s := range j.t.Inventory(id) {
			if i > 0 {
				buf.WriteByte(',')
			}
			k, _ := plainjson.Marshal(s.Item)
			buf.Write(k)
			fmt.Fprintf(&buf, ":%d", s.Count)
		}
		buf.WriteByte('}')
	}
	for _, id := range slices.Sorted(maps.Keys(j.t.IgnoredInventory)) {
		if _, ok := j.t.InitialInventory[id]; ok {
			continue
		}
		if buf.Len() > 1 {
			buf.WriteByte(',')
		}
		k, _ := plainjson.Marshal(id)
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(j.t.IgnoredInventory[id])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
