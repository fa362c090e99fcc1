package blueprints

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// CanonicalHash identifies what a blueprint builds, whatever its origin or
// JSON layout: the sha256 of its shape and block names, with every level
// placed relative to level 0's origin. Two blueprints with the same hash
// ask for the same building. Materials are derived data and not hashed.
func (b *Blueprint) CanonicalHash() string {
	h := sha256.New()
	var o [3]int
	if len(b.Levels) > 0 {
		o = b.Levels[0].Coordinates
	}
	for _, lv := range b.Levels {
		c := lv.Coordinates
		fmt.Fprintf(h, "L%d %d %d %d\n", c[0]-o[0], c[1]-o[1], c[2]-o[2], len(lv.Placement))
		for _, row := range lv.Placement {
			for _, name := range row {
				h.Write([]byte(name))
				h.Write([]byte{0})
			}
			h.Write([]byte{'\n'})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// LevelHashes identify each level where it stands: the sha256 of its
// coordinates and placement. Blueprints of different splits must share
// none, or the same level, at the same place, is built in both.
func (b *Blueprint) LevelHashes() []string {
	out := make([]string, len(b.Levels))
	for i, lv := range b.Levels {
		h := sha256.New()
		fmt.Fprintf(h, "%d %d %d\n", lv.Coordinates[0], lv.Coordinates[1], lv.Coordinates[2])
		for _, row := range lv.Placement {
			for _, name := range row {
				h.Write([]byte(name))
				h.Write([]byte{0})
			}
			h.Write([]byte{'\n'})
		}
		out[i] = hex.EncodeToString(h.Sum(nil))
	}
	return out
}
