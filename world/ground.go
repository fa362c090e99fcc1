package world

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Every world of a kind starts with the same flat ground at a
// section-aligned offset (origins are multiples of 16). fillGround lays it
// once per layout and lets later worlds share its sections, copying one
// only when a block in it changes: a world's build then skips filling and
// allocating a hundred sections.

type groundKey struct {
	x0, z0       int // offsets inside a section
	width, depth int
	top          int
	layers       string
}

type groundProto struct {
	names []string                // the grid's interned names after the fill
	secs  map[sectionKey]*section // keys relative to the area's first section
}

var (
	grounds    sync.Map // groundKey -> *groundProto
	groundsLen atomic.Int32
)

// maxGrounds bounds the cache (construction areas vary with blueprints).
const maxGrounds = 64

// fillGround is fillLayers' effect on g: layers from bottom to top, the
// last at y = top, over [x0, x1) x [z0, z1).
func (g *blockGrid) fillGround(x0, z0, x1, z1, top int, layers []string) {
	pristine := len(g.names) == 1 && len(g.sections) == 0 && len(g.doorTop) == 0 && len(g.states) == 0 && !g.indexed[0]
	if !pristine || x0 >= x1 || z0 >= z1 {
		g.fillLayers(x0, z0, x1, z1, top, layers)
		return
	}
	key := groundKey{x0 & (sectionSize - 1), z0 & (sectionSize - 1), x1 - x0, z1 - z0, top, strings.Join(layers, "\x00")}
	bx, bz := int32(x0>>sectionBits), int32(z0>>sectionBits)
	if v, ok := grounds.Load(key); ok {
		p := v.(*groundProto)
		for _, n := range p.names[1:] {
			g.intern(n)
		}
		for k, s := range p.secs {
			g.sections[sectionKey{k.X + bx, k.Y, k.Z + bz}] = s
		}
		clear(g.cache[:])
		return
	}
	g.fillLayers(x0, z0, x1, z1, top, layers)
	if groundsLen.Load() >= maxGrounds {
		return
	}
	p := &groundProto{names: append([]string(nil), g.names...), secs: make(map[sectionKey]*section, len(g.sections))}
	for k, s := range g.sections {
		s.shared = true // from now on this grid copies it before writing too
		p.secs[sectionKey{k.X - bx, k.Y, k.Z - bz}] = s
	}
	if _, loaded := grounds.LoadOrStore(key, p); !loaded {
		groundsLen.Add(1)
	}
}

func (g *blockGrid) fillLayers(x0, z0, x1, z1, top int, layers []string) {
	bottom := top - len(layers) + 1
	for i, name := range layers {
		g.fillLayer(x0, z0, x1, z1, bottom+i, name)
	}
}
