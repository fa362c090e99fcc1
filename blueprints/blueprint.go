// Package blueprints holds MINDcraft construction blueprints: the type and its
// JSON codec, the procedural house generator, structure-file import and
// export, text and PNG rendering, and the blueprint-versus-world checks behind
// MINDcraft's !checkBlueprint commands.
//
// A blueprint is a stack of levels. Level i is a 2-D grid placed at a world
// origin: placement[row][col] is the block at (x0+col, y0, z0+row) where
// (x0, y0, z0) are the level's coordinates; "air" is empty.
package blueprints

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Air is the name of an empty cell.
const Air = "air"

// Level is one horizontal slice of a blueprint.
type Level struct {
	Level       int        `json:"level"`
	Coordinates [3]int     `json:"coordinates"` // world x, y, z of placement[0][0]
	Placement   [][]string `json:"placement"`   // [row][col]: row along +z, col along +x
}

// Blueprint is MINDcraft's blueprint: optional material counts and levels.
// Materials is nil when the JSON had no "materials" field; it is written
// back only when non-nil, so MINDcraft files round-trip unchanged.
type Blueprint struct {
	Materials map[string]int `json:"materials,omitempty"`
	Levels    []Level        `json:"levels"`
}

// blueprintJSON mirrors Blueprint but keeps an empty-but-present materials
// object apart from an absent one.
type blueprintJSON struct {
	Materials *map[string]int `json:"materials,omitempty"`
	Levels    []Level         `json:"levels"`
}

// MarshalJSON writes "materials" first when present, then "levels".
func (b Blueprint) MarshalJSON() ([]byte, error) {
	out := blueprintJSON{Levels: b.Levels}
	if b.Materials != nil {
		m := b.Materials
		out.Materials = &m
	}
	if out.Levels == nil {
		out.Levels = []Level{}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads MINDcraft's blueprint object.
func (b *Blueprint) UnmarshalJSON(data []byte) error {
	var in blueprintJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		return fmt.Errorf("blueprints: %w", err)
	}
	b.Levels = in.Levels
	b.Materials = nil
	if in.Materials != nil {
		b.Materials = *in.Materials
		if b.Materials == nil {
			b.Materials = map[string]int{}
		}
	}
	return nil
}

// Parse decodes a blueprint from MINDcraft JSON and validates it.
func Parse(data []byte) (*Blueprint, error) {
	var b Blueprint
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return &b, nil
}

// Box is an inclusive world-space bounding box.
type Box struct {
	Min, Max [3]int // x, y, z
}

// Size is the box's extent along x, y and z.
func (bx Box) Size() [3]int {
	return [3]int{bx.Max[0] - bx.Min[0] + 1, bx.Max[1] - bx.Min[1] + 1, bx.Max[2] - bx.Min[2] + 1}
}

// Bounds is the world box covering every cell of every level, air included.
// ok is false for a blueprint without cells.
func (b *Blueprint) Bounds() (bx Box, ok bool) {
	for _, lv := range b.Levels {
		if len(lv.Placement) == 0 || len(lv.Placement[0]) == 0 {
			continue
		}
		lo := lv.Coordinates
		hi := [3]int{lo[0] + len(lv.Placement[0]) - 1, lo[1], lo[2] + len(lv.Placement) - 1}
		if !ok {
			bx, ok = Box{Min: lo, Max: hi}, true
			continue
		}
		for i := range 3 {
			bx.Min[i] = min(bx.Min[i], lo[i])
			bx.Max[i] = max(bx.Max[i], hi[i])
		}
	}
	return bx, ok
}

// MaterialCounts counts the non-air cells by block name. Both halves of a
// door are cells of their own, so a door counts 2, exactly as MINDcraft's
// task generator counts them when it fills inventories. Block-state suffixes
// (`ladder[facing=north]`) are stripped as MINDcraft does for doors and
// ladders.
func (b *Blueprint) MaterialCounts() map[string]int {
	counts := map[string]int{}
	for _, lv := range b.Levels {
		for _, row := range lv.Placement {
			for _, name := range row {
				if name = BaseName(name); name != Air && name != "" {
					counts[name]++
				}
			}
		}
	}
	return counts
}

// MaterialOrder lists the non-air materials in the order they first appear
// (level, row, column), the order MINDcraft hands them out to agents.
func (b *Blueprint) MaterialOrder() []string {
	seen := map[string]bool{}
	var order []string
	for _, lv := range b.Levels {
		for _, row := range lv.Placement {
			for _, name := range row {
				name = BaseName(name)
				if name == Air || name == "" || seen[name] {
					continue
				}
				seen[name] = true
				order = append(order, name)
			}
		}
	}
	return order
}

// BlockCount is the number of non-air cells.
func (b *Blueprint) BlockCount() int {
	n := 0
	for _, c := range b.MaterialCounts() {
		n += c
	}
	return n
}

// BaseName strips a "minecraft:" prefix and a "[state]" suffix.
func BaseName(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return strings.TrimPrefix(name, "minecraft:")
}

// Clone returns a deep copy.
func (b *Blueprint) Clone() *Blueprint {
	c := &Blueprint{Levels: make([]Level, len(b.Levels))}
	if b.Materials != nil {
		c.Materials = make(map[string]int, len(b.Materials))
		for k, v := range b.Materials {
			c.Materials[k] = v
		}
	}
	for i, lv := range b.Levels {
		nl := Level{Level: lv.Level, Coordinates: lv.Coordinates, Placement: make([][]string, len(lv.Placement))}
		for r, row := range lv.Placement {
			nl.Placement[r] = append([]string(nil), row...)
		}
		c.Levels[i] = nl
	}
	return c
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Cells is the number of cells of the blueprint's levels: rows times
// columns, summed over the levels.
func (b *Blueprint) Cells() int {
	n := 0
	for _, lv := range b.Levels {
		if len(lv.Placement) > 0 {
			n += len(lv.Placement) * len(lv.Placement[0])
		}
	}
	return n
}
