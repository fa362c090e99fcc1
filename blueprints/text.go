package blueprints

import (
	"fmt"
	"strings"
)

// fixedSymbols are the characters of the blocks the house generator uses.
var fixedSymbols = map[string]rune{
	Air:                 '.',
	"stone":             '#',
	"terracotta":        'T',
	"quartz_block":      'Q',
	"copper_block":      'C',
	"purpur_block":      'P',
	Door:                'D',
	"glass":             '+',
	"blue_carpet":       'b',
	"cyan_carpet":       'c',
	"light_blue_carpet": 'l',
	"lime_carpet":       'g',
	"dirt":              'd',
	"ladder":            'H',
}

const spareSymbols = "ABEFGIJKLMNORSUVXYZaefhijkmnopqrstuvwxyz0123456789*=%&@$?!~^<>"

// Symbols assigns one character per block name of b: the fixed ones first,
// then spare characters in order of first appearance. ok is false when the
// blueprint has more kinds of blocks than characters.
func Symbols(b *Blueprint) (map[string]rune, bool) {
	syms := map[string]rune{Air: '.'}
	used := map[rune]bool{'.': true}
	order := b.MaterialOrder()
	for _, name := range order {
		if r, ok := fixedSymbols[name]; ok {
			syms[name] = r
			used[r] = true
		}
	}
	spare := []rune(spareSymbols)
	for _, name := range order {
		if _, ok := syms[name]; ok {
			continue
		}
		for len(spare) > 0 && used[spare[0]] {
			spare = spare[1:]
		}
		if len(spare) == 0 {
			return syms, false
		}
		syms[name] = spare[0]
		used[spare[0]] = true
	}
	return syms, true
}

// RenderText draws each level as a character grid (columns along +x, rows
// along +z, level 0 first) followed by a legend with block counts.
func RenderText(b *Blueprint) string {
	var sb strings.Builder
	counts := b.MaterialCounts()
	syms, ok := Symbols(b)
	bx, _ := b.Bounds()
	size := bx.Size()
	fmt.Fprintf(&sb, "Blueprint: %d levels, %d x %d cells (x by z), %d blocks, origin X: %d, Y: %d, Z: %d\n",
		len(b.Levels), size[0], size[2], b.BlockCount(), bx.Min[0], bx.Min[1], bx.Min[2])
	fmt.Fprintf(&sb, "Columns run along +X, rows along +Z.\n")
	for _, lv := range b.Levels {
		c := lv.Coordinates
		fmt.Fprintf(&sb, "\nLevel %d (X: %d, Y: %d, Z: %d)\n", lv.Level, c[0], c[1], c[2])
		for _, row := range lv.Placement {
			for _, name := range row {
				r, found := syms[BaseName(name)]
				if !found {
					r = '?'
				}
				sb.WriteRune(r)
			}
			sb.WriteByte('\n')
		}
	}
	sb.WriteString("\nLegend:\n")
	fmt.Fprintf(&sb, "  . air\n")
	for _, name := range b.MaterialOrder() {
		r, found := syms[name]
		if !found {
			r = '?'
		}
		fmt.Fprintf(&sb, "  %c %s (%d)\n", r, name, counts[name])
	}
	if !ok {
		sb.WriteString("  ? blocks beyond the available symbols\n")
	}
	return sb.String()
}
