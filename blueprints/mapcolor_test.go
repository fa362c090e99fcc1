package blueprints

import (
	"slices"
	"testing"
)

// Every block a house is built of is drawn in its Minecraft map colour:
// the slab materials are all STONE grey (andesite was pink and
// polished_andesite green, from a hash of their names), terracotta and
// copper COLOR_ORANGE, and glass, which maps leave out, no block colour.
func TestBlocksDrawInTheirMapColours(t *testing.T) {
	blocks := slices.Concat(RoomMaterials, FloorMaterials, CarpetColors, []string{Door, "glass", "dirt", "ladder"})
	for _, b := range blocks {
		if _, ok := blockMapColors[b]; !ok {
			t.Errorf("%s has no map colour", b)
		}
	}
	for _, c := range []struct {
		block string
		want  mapColor
	}{
		{"andesite", mapStone}, {"polished_andesite", mapStone}, {"smooth_stone", mapStone},
		{"terracotta", mapColorOrange}, {"quartz_block", mapQuartz}, {"lime_carpet", mapColorLightGrn},
	} {
		if got := BlockColor(c.block); got != c.want.rgb {
			t.Errorf("%s drawn in %v, want %s %v", c.block, got, c.want.name, c.want.rgb)
		}
	}
	if BlockColor("glass") != clearColor {
		t.Errorf("glass drawn in %v", BlockColor("glass"))
	}
}
