package world

import (
	"slices"
	"strings"

	"collabcraft/blueprints"
	"collabcraft/mcdata"
)

// Pos is a block position.
type Pos struct{ X, Y, Z int }

// Add returns p moved by (dx, dy, dz).
func (p Pos) Add(dx, dy, dz int) Pos { return Pos{p.X + dx, p.Y + dy, p.Z + dz} }

// Center is the middle of the block's floor: where an entity standing in
// this cell is.
func (p Pos) Center() Vec { return Vec{float64(p.X) + 0.5, float64(p.Y), float64(p.Z) + 0.5} }

// Vec returns the block's corner, as Minecraft's block.position.
func (p Pos) Vec() Vec { return Vec{float64(p.X), float64(p.Y), float64(p.Z)} }

// MinY and MaxY bound the world's build height (Minecraft 1.18+), as
// blueprints validates levels against it.
const (
	MinY = blueprints.BuildMinY
	MaxY = blueprints.BuildMaxY
)

const sectionBits = 3
const sectionSize = 1 << sectionBits

type sectionKey struct{ X, Y, Z int32 }

// section is an 8x8x8 cube of block ids; id 0 is air. (16^3 sections left
// two thirds of a flat world's ground sections empty: 8^3 needs a third of
// the memory and builds faster.)
type section struct {
	ids    [sectionSize * sectionSize * sectionSize]uint16
	count  int  // non-air blocks, so empty sections can be skipped
	shared bool // part of a cached ground (see fillGround): copied before any write
}

// blockGrid is the sparse voxel store: sections created on first write,
// block names interned to small ids, plus an index of positions per block
// id for "nearest block" searches.
type blockGrid struct {
	sections map[sectionKey]*section
	names    []string
	ids      map[string]uint16
	solid    []bool
	replace  []bool             // id -> replaceable (a path search asks for every cell)
	climb    []bool             // id -> climbable (likewise)
	where    []map[Pos]struct{} // id -> positions holding it, once indexed
	indexed  []bool             // id -> where[id] is built and kept current
	doorTop  map[Pos]bool       // upper halves of doors
	// states holds the orientation of blocks placed with one (a stair's
	// facing, a log's axis); a block without an entry has none. nil until
	// the first one, and cleared cell by cell when the block changes.
	states map[Pos]mcdata.State
	// pass overrides what the name says about walking through a cell
	// (escape rooms: a shut iron door blocks, an open gate does not);
	// nil until the first one, cleared cell by cell when the block changes.
	pass map[Pos]bool

	// cache holds the sections looked up last, direct-mapped by the low
	// bits of their coordinates: a path search reads the cells around
	// each node it expands, which lie in a handful of neighbouring
	// sections, and a map look-up each time was a third of its work.
	cache [sectionCacheSize]cachedSection
}

// sectionCacheSize is the section cache's entries: any 4x4x4 block of
// sections (32 blocks a side) fits without two sharing an entry.
const sectionCacheSize = 64

// cachedSection is one entry of the section cache: the section at key
// (nil for none yet) when ok.
type cachedSection struct {
	key sectionKey
	sec *section
	ok  bool
}

// cacheSlot is key's entry in the section cache.
func (g *blockGrid) cacheSlot(k sectionKey) *cachedSection {
	return &g.cache[k.X&3|(k.Z&3)<<2|(k.Y&3)<<4]
}

func newBlockGrid() *blockGrid {
	g := &blockGrid{sections: map[sectionKey]*section{}, ids: map[string]uint16{}, doorTop: map[Pos]bool{}}
	g.intern("air")
	return g
}

func (g *blockGrid) intern(name string) uint16 {
	if id, ok := g.ids[name]; ok {
		return id
	}
	id := uint16(len(g.names))
	g.names = append(g.names, name)
	g.ids[name] = id
	g.solid = append(g.solid, isSolidName(name))
	g.replace = append(g.replace, replaceable[name])
	g.climb = append(g.climb, climbable(name))
	g.where = append(g.where, nil)
	g.indexed = append(g.indexed, false)
	return id
}

func split(p Pos) (sectionKey, int) {
	k := sectionKey{int32(p.X >> sectionBits), int32(p.Y >> sectionBits), int32(p.Z >> sectionBits)}
	i := (p.Y&(sectionSize-1))<<(2*sectionBits) | (p.Z&(sectionSize-1))<<sectionBits | p.X&(sectionSize-1)
	return k, i
}

func (g *blockGrid) id(p Pos) uint16 {
	k, i := split(p)
	// section(k), written out: this is the path search's innermost call.
	c := g.cacheSlot(k)
	s := c.sec
	if !c.ok || c.key != k {
		s = g.lookUp(k)
	}
	if s == nil {
		return 0
	}
	return s.ids[i]
}

// writable returns the section at k to write block id into, creating it
// unless it does not exist and id is air (nil: nothing to do).
func (g *blockGrid) writable(k sectionKey, id uint16) *section {
	s := g.section(k)
	switch {
	case s == nil && id != 0:
		s = &section{}
		g.sections[k] = s
		g.cacheSlot(k).sec = s // the cache holds k, which was empty
	case s != nil && s.shared:
		c := *s
		c.shared = false
		s = &c
		g.sections[k] = s
		g.cacheSlot(k).sec = s
	}
	return s
}

// section returns the section at k, or nil if it holds nothing yet.
func (g *blockGrid) section(k sectionKey) *section {
	if c := g.cacheSlot(k); c.ok && c.key == k {
		return c.sec
	}
	return g.lookUp(k)
}

// lookUp is section past the cache: the map look-up, kept out of line so
// that the cache's hit path inlines.
//
//go:noinline
func (g *blockGrid) lookUp(k sectionKey) *section {
	s := g.sections[k]
	*g.cacheSlot(k) = cachedSection{key: k, sec: s, ok: true}
	return s
}

// name returns the block at p ("air" when empty or outside the world).
func (g *blockGrid) name(p Pos) string { return g.names[g.id(p)] }

// replaceable reports whether placing a block at p overwrites what is
// there (the replaceable map).
func (g *blockGrid) replaceable(p Pos) bool { return g.replace[g.id(p)] }

// climbable reports whether the block at p holds an entity and lets it
// climb (climbable, kept per block id).
func (g *blockGrid) climbable(p Pos) bool { return g.climb[g.id(p)] }

// isSolid reports whether an entity collides with the block at p.
func (g *blockGrid) isSolid(p Pos) bool {
	if p.Y < MinY {
		return true // bedrock-like floor under the world
	}
	if g.pass != nil {
		if solid, ok := g.pass[p]; ok {
			return solid
		}
	}
	return g.solid[g.id(p)]
}

// set puts the named block at p ("air" clears it).
func (g *blockGrid) set(p Pos, name string) {
	if p.Y < MinY || p.Y >= MaxY {
		return
	}
	id := g.intern(name)
	k, i := split(p)
	s := g.writable(k, id)
	if s == nil {
		return
	}
	old := s.ids[i]
	if old == id {
		return
	}
	if old != 0 {
		if g.indexed[old] {
			delete(g.where[old], p)
		}
		s.count--
	}
	if id != 0 {
		if g.indexed[id] {
			g.where[id][p] = struct{}{}
		}
		s.count++
	}
	s.ids[i] = id
	if len(g.doorTop) > 0 {
		delete(g.doorTop, p)
	}
	if len(g.states) > 0 {
		delete(g.states, p)
	}
	if len(g.pass) > 0 {
		delete(g.pass, p)
	}
}

// passRule is what a cell's state says about walking through it.
type passRule uint8

const (
	passByName  passRule = iota // as the block's name says
	passOpen                    // walked through whatever the name
	passBlocked                 // blocks whatever the name
)

// setPass overrides whether the cell at p can be walked through.
func (g *blockGrid) setPass(p Pos, r passRule) {
	switch {
	case r == passByName:
		delete(g.pass, p)
	case g.pass == nil:
		g.pass = map[Pos]bool{p: r == passBlocked}
	default:
		g.pass[p] = r == passBlocked
	}
}

// state is the orientation of the block at p (zero when it has none).
func (g *blockGrid) state(p Pos) mcdata.State { return g.states[p] }

// setState gives the block at p orientation st (zero clears it).
func (g *blockGrid) setState(p Pos, st mcdata.State) {
	switch {
	case st.IsZero():
		delete(g.states, p)
	case g.states == nil:
		g.states = map[Pos]mcdata.State{p: st}
	default:
		g.states[p] = st
	}
}

// fillLayer sets every cell of [x0, x1) x {y} x [z0, z1) to name, a
// section at a time: world builders lay whole ground layers with it.
func (g *blockGrid) fillLayer(x0, z0, x1, z1, y int, name string) {
	if y < MinY || y >= MaxY || x0 >= x1 || z0 >= z1 {
		return
	}
	id := g.intern(name)
	if len(g.doorTop) > 0 || len(g.states) > 0 || slices.Contains(g.indexed, true) {
		// Indexes, doors and states need the per-cell bookkeeping of set.
		for x := x0; x < x1; x++ {
			for z := z0; z < z1; z++ {
				g.set(Pos{x, y, z}, name)
			}
		}
		return
	}
	for sx := x0 >> sectionBits; sx <= (x1-1)>>sectionBits; sx++ {
		for sz := z0 >> sectionBits; sz <= (z1-1)>>sectionBits; sz++ {
			k := sectionKey{int32(sx), int32(y >> sectionBits), int32(sz)}
			s := g.writable(k, id)
			if s == nil {
				continue
			}
			xa, xb := max(x0, sx<<sectionBits), min(x1, (sx+1)<<sectionBits)
			za, zb := max(z0, sz<<sectionBits), min(z1, (sz+1)<<sectionBits)
			for x := xa; x < xb; x++ {
				for z := za; z < zb; z++ {
					_, i := split(Pos{x, y, z})
					old := s.ids[i]
					switch {
					case old == 0 && id != 0:
						s.count++
					case old != 0 && id == 0:
						s.count--
					}
					s.ids[i] = id
				}
			}
		}
	}
}

// positions returns the set of positions holding the named block. The
// index of a block type is built on its first query (one scan of the
// world) and kept current from then on, so building a world stays cheap.
func (g *blockGrid) positions(name string) map[Pos]struct{} {
	id, ok := g.ids[name]
	if !ok || id == 0 {
		return nil
	}
	if !g.indexed[id] {
		m := map[Pos]struct{}{}
		for k, s := range g.sections {
			if s.count == 0 {
				continue
			}
			for i, v := range s.ids {
				if v == id {
					m[Pos{int(k.X)<<sectionBits | i&(sectionSize-1), int(k.Y)<<sectionBits | i>>(2*sectionBits), int(k.Z)<<sectionBits | (i>>sectionBits)&(sectionSize-1)}] = struct{}{}
				}
			}
		}
		g.where[id], g.indexed[id] = m, true
	}
	return g.where[id]
}

// isDoor reports whether name is a door (two halves, walkable when open).
func isDoor(name string) bool { return strings.HasSuffix(name, "_door") }

// nonSolid lists blocks entities walk through: plants, crops, carpets (a
// 1/16 high layer, treated as floor decoration), torches, doors (agents
// open them), fluids and the like.
var nonSolid = map[string]bool{
	"air": true, "cave_air": true, "void_air": true, "water": true, "lava": true,
	"short_grass": true, "tall_grass": true, "fern": true, "large_fern": true,
	"dead_bush": true, "wheat": true, "carrots": true, "potatoes": true, "beetroots": true,
	"sugar_cane": true, "brown_mushroom": true, "red_mushroom": true, "dandelion": true,
	"poppy": true, "blue_orchid": true, "allium": true, "azure_bluet": true, "oxeye_daisy": true,
	"cornflower": true, "lily_of_the_valley": true, "wither_rose": true, "sunflower": true,
	"lilac": true, "rose_bush": true, "peony": true, "vine": true, "snow": true, "torch": true,
	"wall_torch": true, "redstone_torch": true, "redstone_wire": true, "lever": true,
	"rail": true, "powered_rail": true, "detector_rail": true, "activator_rail": true,
	"sweet_berry_bush": true, "melon_stem": true, "pumpkin_stem": true, "attached_melon_stem": true,
	"attached_pumpkin_stem": true, "nether_wart": true, "cobweb": true, "tripwire": true,
	"seagrass": true, "tall_seagrass": true, "kelp": true, "kelp_plant": true, "bamboo_sapling": true,
	"light": true, "structure_void": true, "ladder": true, "scaffolding": true,
}

var nonSolidSuffixes = []string{"_sapling", "_carpet", "_door", "_button", "_pressure_plate", "_sign", "_banner", "_tulip", "_torch"}

func isSolidName(name string) bool {
	if nonSolid[name] {
		return false
	}
	for _, s := range nonSolidSuffixes {
		if strings.HasSuffix(name, s) {
			return false
		}
	}
	return true
}

// replaceable blocks are overwritten by placing (MINDcraft's empty_blocks).
var replaceable = map[string]bool{"air": true, "water": true, "lava": true, "short_grass": true, "tall_grass": true, "snow": true, "dead_bush": true, "fern": true}
