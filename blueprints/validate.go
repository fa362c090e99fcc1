package blueprints

import (
	"fmt"
	"strings"

	"collabcraft/mcdata"
)

// knownBlock reports whether name is a block of the pinned Minecraft version.
func knownBlock(name string) bool { return mcdata.IsBlock(name) }

// Validate checks that the blueprint can be built and checked as MINDcraft
// does: at least one level; levels numbered 0, 1, ... in order, each one
// block above the previous; rectangular, non-empty placements; plain known
// block names (no "minecraft:" prefix or "[state]" suffix, which would never
// match a world block); and, when present, materials that are known blocks
// with non-negative counts. Errors name the level, row and column.
func (b *Blueprint) Validate() error {
	if len(b.Levels) == 0 {
		return fmt.Errorf("blueprints: blueprint has no levels")
	}
	y0 := b.Levels[0].Coordinates[1]
	for i, lv := range b.Levels {
		if err := checkCoordinates(lv.Coordinates); err != nil {
			return fmt.Errorf("blueprints: level %d: %v", i, err)
		}
		if lv.Level != i {
			return fmt.Errorf("blueprints: levels[%d]: level number is %d, expected %d (levels must be numbered 0, 1, ... in order)", i, lv.Level, i)
		}
		if y := lv.Coordinates[1]; y != y0+i {
			return fmt.Errorf("blueprints: level %d: y coordinate is %d, expected %d (one above the previous level)", i, y, y0+i)
		}
		if y := lv.Coordinates[1]; y < BuildMinY || y >= BuildMaxY {
			return fmt.Errorf("blueprints: level %d: y coordinate %d is outside the build height (expected %d to %d)", i, y, BuildMinY, BuildMaxY-1)
		}
		if len(lv.Placement) == 0 {
			return fmt.Errorf("blueprints: level %d: placement has no rows", i)
		}
		width := len(lv.Placement[0])
		if width == 0 {
			return fmt.Errorf("blueprints: level %d, row 0: row has no columns", i)
		}
		for r, row := range lv.Placement {
			if len(row) != width {
				return fmt.Errorf("blueprints: level %d, row %d: %d columns, expected %d (levels must be rectangular)", i, r, len(row), width)
			}
			for c, name := range row {
				if err := checkName(name); err != nil {
					return fmt.Errorf("blueprints: level %d, row %d, column %d: %v", i, r, c, err)
				}
			}
		}
	}
	if bx, ok := b.Bounds(); ok {
		if size := bx.Size(); float64(size[0])*float64(size[1])*float64(size[2]) > maxImportCells {
			return fmt.Errorf("blueprints: the levels span %dx%dx%d blocks, expected at most %d cells (are the levels' x and z coordinates far apart?)", size[0], size[1], size[2], maxImportCells)
		}
	}
	for _, name := range sortedKeys(b.Materials) {
		if err := checkName(name); err != nil {
			return fmt.Errorf("blueprints: materials: %v", err)
		}
		if b.Materials[name] < 0 {
			return fmt.Errorf("blueprints: materials: %q has count %d, expected a count >= 0", name, b.Materials[name])
		}
	}
	return nil
}

func checkName(name string) error {
	if name == Air {
		return nil
	}
	if base := BaseName(name); base != name {
		return fmt.Errorf("block %q has a namespace or block state; use the plain name %q", name, base)
	}
	if !knownBlock(name) {
		if _, err := mcdata.LookupBlock(name); err != nil {
			return fmt.Errorf("%v", strings.TrimPrefix(err.Error(), "mcdata: "))
		}
		return fmt.Errorf("unknown block %q", name)
	}
	return nil
}

// BuildMinY and BuildMaxY bound the blocks of a world (Minecraft 1.21:
// y from -64 to 319, as world.MinY and world.MaxY): a level outside them
// can never be built.
const (
	BuildMinY = -64
	BuildMaxY = 320
)

// WorldLimit bounds every coordinate: Minecraft's world border is at
// 30,000,000 blocks. It also keeps coordinate arithmetic far from overflow.
const WorldLimit = 30_000_000

func checkCoordinates(c [3]int) error {
	for i, v := range c {
		if v < -WorldLimit || v > WorldLimit {
			return fmt.Errorf("coordinates %v: %c = %d is outside the world (expected -%d to %d)", c, "XYZ"[i], v, WorldLimit, WorldLimit)
		}
	}
	return nil
}
