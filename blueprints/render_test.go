package blueprints

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

func TestRenderText(t *testing.T) {
	b := checkFixture()
	got := RenderText(b)
	for _, want := range []string{
		"Blueprint: 2 levels, 3 x 2 cells (x by z), 9 blocks, origin X: 155, Y: -60, Z: -168\n",
		"\nLevel 0 (X: 155, Y: -60, Z: -168)\n###\n###\n",
		"\nLevel 1 (X: 155, Y: -59, Z: -168)\nT.+\nD..\n",
		"Legend:\n  . air\n  # stone (6)\n  T terracotta (1)\n  + glass (1)\n  D dark_oak_door (1)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("text lacks %q:\n%s", want, got)
		}
	}
	// Blocks without a fixed symbol get spare ones, distinct from each other.
	b.Levels[1].Placement[1][1] = "oak_planks"
	b.Levels[1].Placement[1][2] = "birch_planks"
	syms, ok := Symbols(b)
	if !ok || syms["oak_planks"] == syms["birch_planks"] || syms["oak_planks"] == 0 {
		t.Errorf("symbols %v", syms)
	}
}

func TestRenderPNG(t *testing.T) {
	h, err := GenerateHouse(HouseOptions{Materials: 2, Rooms: 1, Windows: 1, Carpets: 1, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := RenderPNG(&buf, h.Blueprint, "test house"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bounds := img.Bounds()
	bx, _ := h.Blueprint.Bounds()
	if bounds.Dx() < bx.Size()[0]*3*2 || bounds.Dy() < bx.Size()[2]*3 {
		t.Fatalf("image %v too small for %d levels of %v", bounds, len(h.Blueprint.Levels), bx.Size())
	}
	// Every block kind's colour appears somewhere (cells and legend).
	seen := map[[3]uint8]bool{}
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			seen[[3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}] = true
		}
	}
	for name := range h.Blueprint.MaterialCounts() {
		c := BlockColor(name)
		if !seen[[3]uint8{c.R, c.G, c.B}] {
			t.Errorf("colour of %s not in the image", name)
		}
	}
	if err := RenderPNG(&buf, &Blueprint{}, ""); err == nil {
		t.Error("empty blueprint drew without error")
	}
}
