package blueprints

import (
	"image"
	"image/color"
	"sort"
	"strings"
)

// isoView draws the blueprint as a small isometric picture: unit cubes
// seen from above the +x, +z corner, glass see-through, carpets flat.
type isoView struct {
	a       int // half the width of a cube's top face, in pixels
	cells   []string
	size    [3]int
	sprite  []byte // per sprite pixel: 0 none, 1 top, 2 left, 3 right
	spriteW int
}

func newIsoView(b *Blueprint, bx Box, maxWidth int) *isoView {
	size := bx.Size()
	a := max(2, min(10, maxWidth/max(1, size[0]+size[2])))
	a -= a % 2
	v := &isoView{a: a, cells: denseCells(b, bx), size: size, spriteW: 2 * a}
	v.sprite = make([]byte, 2*a*2*a)
	fa := float64(a)
	for py := range 2 * a {
		for px := range 2 * a {
			x, y := float64(px)+0.5, float64(py)+0.5
			var k byte
			switch {
			case abs(x-fa)/fa+abs(y-fa/2)/(fa/2) <= 1:
				k = 1
			case x < fa && y >= fa/2+x/2 && y < 1.5*fa+x/2:
				k = 2
			case x >= fa && y >= fa-(x-fa)/2 && y < 2*fa-(x-fa)/2:
				k = 3
			}
			v.sprite[py*2*a+px] = k
		}
	}
	return v
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// Bounds is the picture's size.
func (v *isoView) Bounds() image.Point {
	return image.Pt((v.size[0]+v.size[2])*v.a+1, (v.size[0]+v.size[2])*v.a/2+v.size[1]*v.a+v.a+1)
}

// draw paints the view with its top-left corner at at.
func (v *isoView) draw(img *image.RGBA, at image.Point) {
	type cube struct{ x, y, z int }
	var cubes []cube
	for y := range v.size[1] {
		for z := range v.size[2] {
			for x := range v.size[0] {
				if v.cells[(y*v.size[2]+z)*v.size[0]+x] != Air {
					cubes = append(cubes, cube{x, y, z})
				}
			}
		}
	}
	// Far to near: a smaller x+y+z is never in front of a larger one.
	sort.SliceStable(cubes, func(i, j int) bool {
		ci, cj := cubes[i], cubes[j]
		return ci.x+ci.y+ci.z < cj.x+cj.y+cj.z
	})
	a := v.a
	for _, c := range cubes {
		name := BaseName(v.cells[(c.y*v.size[2]+c.z)*v.size[0]+c.x])
		base := BlockColor(name)
		sx := at.X + (c.x-c.z+v.size[2]-1)*a
		sy := at.Y + (c.x+c.z)*a/2 + (v.size[1]-1-c.y)*a
		alpha := 1.0
		flat := strings.HasSuffix(name, "_carpet")
		if name == "glass" {
			alpha = 0.45
		}
		for py := range 2 * a {
			for px := range 2 * a {
				k := v.sprite[py*2*a+px]
				if k == 0 || flat && k != 1 {
					continue
				}
				col := base
				switch k {
				case 1:
					col = shade(base, 1.0)
				case 2:
					col = shade(base, 0.78)
				case 3:
					col = shade(base, 0.62)
				}
				// Face edges, so neighbouring cubes of one colour read apart.
				if k == 1 && isEdge(v.sprite, 2*a, px, py, 1) {
					col = shade(col, 0.85)
				}
				oy := sy + py
				if flat {
					oy += a - a/4
				}
				blend(img, sx+px, oy, col, alpha)
			}
		}
	}
}

func isEdge(sprite []byte, w, px, py int, k byte) bool {
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		x, y := px+d[0], py+d[1]
		if x < 0 || y < 0 || x >= w || y >= w || sprite[y*w+x] != k {
			return true
		}
	}
	return false
}

func blend(img *image.RGBA, x, y int, c color.RGBA, alpha float64) {
	if !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	if alpha >= 1 {
		img.SetRGBA(x, y, c)
		return
	}
	o := img.RGBAAt(x, y)
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*alpha + float64(b)*(1-alpha)) }
	img.SetRGBA(x, y, color.RGBA{mix(c.R, o.R), mix(c.G, o.G), mix(c.B, o.B), 255})
}
