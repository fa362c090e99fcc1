package blueprints

import (
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

var (
	paperColor = color.RGBA{255, 255, 255, 255}
	airColor   = color.RGBA{250, 250, 250, 255}
	lineColor  = color.RGBA{226, 226, 226, 255}
	inkColor   = color.RGBA{30, 30, 30, 255}
	clearColor = color.RGBA{214, 218, 224, 255} // what maps leave out: glass, ladders
)

// BlockColor is the colour a block is drawn in: its map colour
// (blockMapColors), a light grey for a block
// maps do not show (glass, a ladder: NONE), and for a block without a
// known map colour one derived from its name, stable across images.
func BlockColor(name string) color.RGBA {
	if c, ok := blockMapColors[name]; ok {
		if c == mapNone {
			return clearColor
		}
		return c.rgb
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	v := h.Sum32()
	return color.RGBA{uint8(60 + v%160), uint8(60 + (v>>8)%160), uint8(60 + (v>>16)%160), 255}
}

// RenderPNG draws every level side by side as a top-down grid (columns
// along +x, rows along +z), one colour per block, beside an isometric view
// of the whole build and a legend of block names and counts. Carpets are drawn as inset squares and doors with a
// bar across, so they read apart from full blocks. title may be "".
func RenderPNG(w io.Writer, b *Blueprint, title string) error {
	bx, ok := b.Bounds()
	if !ok {
		return fmt.Errorf("blueprints: cannot draw an empty blueprint")
	}
	size := bx.Size()
	face := basicfont.Face7x13
	const pad, gap, label, lineH = 16, 18, 18, 18
	cell := max(3, min(14, 280/max(size[0], size[2])))
	panelW, panelH := size[0]*cell, size[2]*cell
	n := len(b.Levels)
	perRow := int(math.Ceil(math.Sqrt(float64(n) * 1.3)))
	perRow = max(1, min(perRow, n))
	rows := (n + perRow - 1) / perRow
	order := b.MaterialOrder()
	counts := b.MaterialCounts()
	legendW := 0
	for _, name := range order {
		legendW = max(legendW, textWidth(face, fmt.Sprintf("%s  %d", name, counts[name])))
	}
	legendW += 14 + 8 + pad
	iso := newIsoView(b, bx, 420)
	isoSize := iso.Bounds()
	rightW := max(legendW, isoSize.X+pad)
	rightH := lineH + 4 + isoSize.Y + 10 + (len(order)+1)*lineH
	titleH := 0
	if title != "" {
		titleH = lineH + 6
	}
	gridW := perRow*panelW + (perRow-1)*gap
	width := pad + gridW + gap + rightW
	height := pad + titleH + max(rows*(panelH+label)+(rows-1)*gap, rightH) + pad
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), &image.Uniform{paperColor}, image.Point{}, draw.Src)
	if title != "" {
		drawText(img, face, pad, pad+13, title, inkColor)
	}
	top := pad + titleH
	for i, lv := range b.Levels {
		px := pad + (i%perRow)*(panelW+gap)
		py := top + (i/perRow)*(panelH+label+gap)
		drawText(img, face, px, py+13, fmt.Sprintf("Level %d  (Y %d)", lv.Level, lv.Coordinates[1]), inkColor)
		py += label
		fill(img, image.Rect(px, py, px+panelW, py+panelH), airColor)
		for r, row := range lv.Placement {
			for c, name := range row {
				x := px + (lv.Coordinates[0]+c-bx.Min[0])*cell
				y := py + (lv.Coordinates[2]+r-bx.Min[2])*cell
				drawCell(img, image.Rect(x, y, x+cell, y+cell), BaseName(name))
			}
		}
		outline(img, image.Rect(px-1, py-1, px+panelW+1, py+panelH+1), inkColor)
	}
	// The whole house in 3-D, then the legend.
	lx, ly := pad+gridW+gap, top
	drawText(img, face, lx, ly+13, "3-D view", inkColor)
	ly += lineH + 4
	iso.draw(img, image.Pt(lx, ly))
	ly += isoSize.Y + 10
	drawText(img, face, lx, ly+13, "Legend", inkColor)
	ly += lineH + 4
	for _, name := range order {
		drawCell(img, image.Rect(lx, ly+2, lx+14, ly+16), name)
		outline(img, image.Rect(lx-1, ly+1, lx+15, ly+17), lineColor)
		drawText(img, face, lx+22, ly+13, fmt.Sprintf("%s  %d", name, counts[name]), inkColor)
		ly += lineH
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("blueprints: writing PNG: %w", err)
	}
	return nil
}

func drawCell(img *image.RGBA, r image.Rectangle, name string) {
	if name == Air || name == "" {
		if r.Dx() >= 6 {
			outline(img, r, lineColor)
		}
		return
	}
	c := BlockColor(name)
	switch {
	case strings.HasSuffix(name, "_carpet"):
		inset := max(1, r.Dx()/5)
		fill(img, r.Inset(inset), c)
	case strings.HasSuffix(name, "_door"):
		fill(img, r, c)
		mid := r.Min.Y + r.Dy()/2
		fill(img, image.Rect(r.Min.X+1, mid, r.Max.X-1, mid+max(1, r.Dy()/7)), shade(c, 1.6))
	case name == "glass":
		fill(img, r, c)
		outline(img, r, shade(c, 0.7))
	default:
		fill(img, r, c)
		outline(img, r, shade(c, 0.7))
	}
}

// shade scales a colour's brightness by f, to white at most.
func shade(c color.RGBA, f float64) color.RGBA {
	s := func(v uint8) uint8 { return uint8(min(255, float64(v)*f)) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), 255}
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, &image.Uniform{c}, image.Point{}, draw.Src)
}

func outline(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), c)
	fill(img, image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), c)
	fill(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), c)
	fill(img, image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y), c)
}

func drawText(img *image.RGBA, face font.Face, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: &image.Uniform{c}, Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func textWidth(face font.Face, s string) int {
	return font.MeasureString(face, s).Ceil()
}
