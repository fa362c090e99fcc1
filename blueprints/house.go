package blueprints

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// RoomMaterials are the wall materials MINDcraft's house generator draws
// from; materials level m uses the first m+2 of them, as MINDcraft's
// generator does (its "complexity" m+1 keeps complexity+1 materials).
var RoomMaterials = []string{"stone", "terracotta", "quartz_block", "copper_block", "purpur_block"}

// CarpetColors are the carpets MINDcraft lays on floors.
var CarpetColors = []string{"blue_carpet", "cyan_carpet", "light_blue_carpet", "lime_carpet"}

// FloorMaterials are the ground slabs a house may stand on (MINDcraft's
// generator always lays stone).
var FloorMaterials = []string{"stone", "cobblestone", "stone_bricks", "smooth_stone", "andesite", "polished_andesite"}

// DefaultOrigin is where MINDcraft's generator puts a house: a superflat
// world's surface.
var DefaultOrigin = [3]int{148, -60, -170}

// RoomsForLevel is MINDcraft's room count for each rooms level.
var RoomsForLevel = [3]int{4, 6, 8}

// The door every connection uses, both halves written under this name.
const Door = "dark_oak_door"

// Room sizes as MINDcraft's task generator asks for them: 5..9 blocks wide
// and long, 4..5 high, walls, floor and ceiling included.
const (
	minRoomSide   = 5
	roomVariance  = 5
	minRoomHeight = 4
	heightSpread  = 2
)

// Limits on the generator's size knobs: a house stays within a world's
// build height above the default origin (y -60 + 160 < 320) and is made in
// seconds, not minutes (100 rooms take about 2 s).
const (
	MaxGridSize = 160
	MaxRooms    = 100
)

// HouseOptions are the generator's knobs.
type HouseOptions struct {
	Materials int    // 0..4: the pool is the first Materials+2 RoomMaterials
	Rooms     int    // 0..2: RoomsForLevel[Rooms] rooms (unless RoomCount is set)
	Windows   int    // 0 none, 1 square windows, 2 whole glass walls
	Carpets   int    // 0 none, 1 ~30% of floor cells, 2 ~70%
	RoomCount int    // > 0: exactly this many rooms
	GridSize  int    // > 0: the cube the house must fit; 0 = MINDcraft's 10+5*(rooms/4)
	Seed      uint64 // the only source of randomness
	Origin    *[3]int
	// Floor is the ground slab's block ("" = stone, MINDcraft's).
	Floor string
}

// Room is one generated room: a box of blocks, walls included, in grid
// coordinates (level up, row along +z, col along +x).
type Room struct {
	Level, Row, Col    int
	Height, Rows, Cols int
	Material           string
	Parent             int    // index of the room it was attached to, -1 for the first
	Direction          string // "" for the first room, else above/left/right/forward/backward
}

// House is a generated blueprint with the rooms it was built from.
type House struct {
	Blueprint *Blueprint
	Rooms     []Room
	Grid      int // side of the grid cube
	Restarts  int // whole-house redraws needed (rooms that would not fit, or unreachable rooms)
}

func (o HouseOptions) check() error {
	switch {
	case o.Materials < 0 || o.Materials > len(RoomMaterials)-1:
		return fmt.Errorf("blueprints: materials level %d out of range, expected 0..%d", o.Materials, len(RoomMaterials)-1)
	case o.Rooms < 0 || o.Rooms > 2:
		return fmt.Errorf("blueprints: rooms level %d out of range, expected 0..2", o.Rooms)
	case o.Windows < 0 || o.Windows > 2:
		return fmt.Errorf("blueprints: windows level %d out of range, expected 0..2", o.Windows)
	case o.Carpets < 0 || o.Carpets > 2:
		return fmt.Errorf("blueprints: carpets level %d out of range, expected 0..2", o.Carpets)
	case o.RoomCount < 0 || o.RoomCount > MaxRooms:
		return fmt.Errorf("blueprints: room count %d, expected 1 to %d (0 = the rooms level's count)", o.RoomCount, MaxRooms)
	case o.GridSize < 0 || o.GridSize > MaxGridSize:
		return fmt.Errorf("blueprints: grid size %d, expected up to %d (0 = automatic)", o.GridSize, MaxGridSize)
	}
	if o.Floor != "" && !slices.Contains(FloorMaterials, o.Floor) {
		return fmt.Errorf("blueprints: floor %q, expected one of %s", o.Floor, strings.Join(FloorMaterials, ", "))
	}
	if o.Origin != nil {
		if err := checkCoordinates(*o.Origin); err != nil {
			return fmt.Errorf("blueprints: origin: %v", err)
		}
	}
	return nil
}

// RoomTotal is the number of rooms the options ask for.
func (o HouseOptions) RoomTotal() int {
	if o.RoomCount > 0 {
		return o.RoomCount
	}
	return RoomsForLevel[o.Rooms]
}

// SpaceNeeded is MINDcraft's grid side for a room count.
func SpaceNeeded(rooms int) int { return 10 + rooms/4*5 }

// maxRooms bounds how many rooms can fit in a cube of side s: every room
// owns at least (side-1)^2*(height-1) cells once shared walls are counted
// once, so at most this many boxes of the minimum size pack into it.
func maxRooms(s int) int {
	return ((s - 1) / (minRoomSide - 1)) * ((s - 1) / (minRoomSide - 1)) * ((s - 1) / (minRoomHeight - 1))
}

const maxRestarts = 200

// GenerateHouse builds a house as MINDcraft's generator does (a stone
// ground slab; rooms of random size, each attached above, left, right,
// forward or backward of a previous room; walls, floor and ceiling in the
// room's material; dark oak doors in shared walls; a staircase up to rooms
// placed above), but places every requested room and returns only houses
// whose rooms are all reachable on foot from outside. The same options
// always give the same house.
func GenerateHouse(opts HouseOptions) (*House, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	n := opts.RoomTotal()
	s := opts.GridSize
	if s == 0 {
		s = SpaceNeeded(n)
	}
	if s < minRoomSide+2 {
		return nil, fmt.Errorf("blueprints: grid size %d is too small, expected at least %d (a %dx%d room and a margin)", s, minRoomSide+2, minRoomSide, minRoomSide)
	}
	if limit := maxRooms(s); n > limit {
		return nil, fmt.Errorf("blueprints: %d rooms cannot fit in a %dx%dx%d grid (at most %d rooms of %dx%dx%d); use a larger grid", n, s, s, s, limit, minRoomSide, minRoomSide, minRoomHeight)
	}
	origin := DefaultOrigin
	if opts.Origin != nil {
		origin = *opts.Origin
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x6a09e667f3bcc908))
	for restart := 0; restart < maxRestarts; restart++ {
		b := &builder{opts: opts, rng: rng, s: s, g: newGrid(s, s, s), reserved: map[[3]int]bool{}}
		if !b.build(n) {
			continue
		}
		bp := b.g.toBlueprint(origin)
		if CheckRooms(bp, b.rooms) != nil {
			continue
		}
		return &House{Blueprint: bp, Rooms: b.rooms, Grid: s, Restarts: restart}, nil
	}
	return nil, fmt.Errorf("blueprints: could not place %d reachable rooms in a %dx%dx%d grid after %d tries (seed %d); use a larger grid or fewer rooms", n, s, s, s, maxRestarts, opts.Seed)
}

// builder holds one attempt at a house.
type builder struct {
	opts  HouseOptions
	rng   *rand.Rand
	s     int
	g     *grid
	rooms []Room
	// reserved marks cells staircases rely on: true = must stay air,
	// false = must stay solid.
	reserved map[[3]int]bool
}

var directions = []string{"above", "left", "right", "forward", "backward"}

// build places n rooms; false when some room found no place.
func (b *builder) build(n int) bool {
	for r := range b.s {
		for c := range b.s {
			b.g.set(0, r, c, cmp.Or(b.opts.Floor, "stone")) // the ground slab
		}
	}
	for len(b.rooms) < n {
		if !b.placeNext() {
			return false
		}
	}
	return true
}

func (b *builder) drawRoom() Room {
	pool := RoomMaterials[:min(len(RoomMaterials), b.opts.Materials+2)]
	return Room{
		Material: pool[b.rng.IntN(len(pool))],
		Rows:     minRoomSide + b.rng.IntN(roomVariance),
		Cols:     minRoomSide + b.rng.IntN(roomVariance),
		Height:   minRoomHeight + b.rng.IntN(heightSpread),
	}
}

// placeNext attaches one more room: first to the last room, as MINDcraft
// does, then to any earlier room when the last one is boxed in.
func (b *builder) placeNext() bool {
	if len(b.rooms) == 0 {
		for range 150 {
			rm := b.drawRoom()
			if b.s-rm.Rows-1 < 1 || b.s-rm.Cols-1 < 1 {
				continue
			}
			rm.Row = 1 + b.rng.IntN(b.s-rm.Rows-1)
			rm.Col = 1 + b.rng.IntN(b.s-rm.Cols-1)
			rm.Parent = -1
			if !b.fits(rm) {
				continue
			}
			b.addRoom(rm)
			// Doors on all four sides: the way in from outside.
			b.door(rm.Level, rm.Row+rm.Rows/2, rm.Col)
			b.door(rm.Level, rm.Row+rm.Rows/2, rm.Col+rm.Cols-1)
			b.door(rm.Level, rm.Row, rm.Col+rm.Cols/2)
			b.door(rm.Level, rm.Row+rm.Rows-1, rm.Col+rm.Cols/2)
			return true
		}
		return false
	}
	last := len(b.rooms) - 1
	if b.attach(last, 150) {
		return true
	}
	for _, i := range b.rng.Perm(last) {
		if b.attach(i, 50) {
			return true
		}
	}
	return false
}

// attach tries to put a new room next to room p.
func (b *builder) attach(p, attempts int) bool {
	for range attempts {
		rm := b.drawRoom()
		a := b.rooms[p]
		rm.Parent = p
		rm.Direction = directions[b.rng.IntN(len(directions))]
		rm.Level, rm.Row, rm.Col = a.Level, a.Row, a.Col
		switch rm.Direction {
		case "above":
			rm.Level = a.Level + a.Height - 1
		case "left":
			rm.Col = a.Col - rm.Cols + 1
		case "right":
			rm.Col = a.Col + a.Cols - 1
		case "forward":
			rm.Row = a.Row + a.Rows - 1
		case "backward":
			rm.Row = a.Row - rm.Rows + 1
		}
		if !b.fits(rm) {
			continue
		}
		var st *stairs
		if rm.Direction == "above" {
			if st = b.planStairs(a, rm); st == nil {
				continue
			}
		}
		b.addRoom(rm)
		if st != nil {
			b.buildStairs(st, rm.Material)
		} else {
			b.sharedDoor(a, rm)
		}
		return true
	}
	return false
}

// fits: inside the grid, and no room's walls cut through another's inside.
func (b *builder) fits(rm Room) bool {
	if rm.Level < 0 || rm.Row < 0 || rm.Col < 0 ||
		rm.Level+rm.Height > b.s || rm.Row+rm.Rows > b.s || rm.Col+rm.Cols > b.s {
		return false
	}
	for _, o := range b.rooms {
		if overlaps(interior(rm), box(o)) || overlaps(interior(o), box(rm)) {
			return false
		}
	}
	for l := rm.Level + 1; l < rm.Level+rm.Height-1; l++ {
		for r := rm.Row + 1; r < rm.Row+rm.Rows-1; r++ {
			for c := rm.Col + 1; c < rm.Col+rm.Cols-1; c++ {
				if b.g.at(l, r, c) != Air {
					return false
				}
			}
		}
	}
	return true
}

// span is an inclusive box [lo, hi] per axis (level, row, col).
type span struct{ lo, hi [3]int }

func box(r Room) span {
	return span{[3]int{r.Level, r.Row, r.Col}, [3]int{r.Level + r.Height - 1, r.Row + r.Rows - 1, r.Col + r.Cols - 1}}
}

func interior(r Room) span {
	s := box(r)
	for i := range 3 {
		s.lo[i]++
		s.hi[i]--
	}
	return s
}

func overlaps(a, b span) bool {
	for i := range 3 {
		if a.hi[i] < b.lo[i] || b.hi[i] < a.lo[i] {
			return false
		}
	}
	return true
}

// addRoom writes the room's shell (keeping doors and the ground slab),
// then its windows and carpets.
func (b *builder) addRoom(rm Room) {
	bx := box(rm)
	for l := bx.lo[0]; l <= bx.hi[0]; l++ {
		for r := bx.lo[1]; r <= bx.hi[1]; r++ {
			for c := bx.lo[2]; c <= bx.hi[2]; c++ {
				shell := l == bx.lo[0] || l == bx.hi[0] || r == bx.lo[1] || r == bx.hi[1] || c == bx.lo[2] || c == bx.hi[2]
				if !shell || l == 0 || b.g.at(l, r, c) == Door {
					continue
				}
				b.g.set(l, r, c, rm.Material)
			}
		}
	}
	b.rooms = append(b.rooms, rm)
	b.windows(rm)
	b.carpets(rm)
}

// windows glazes walls: one roll for the pair of walls across the rows and
// one for the pair across the columns, each 80% likely, as in MINDcraft.
// Only cells still in the room's own material change, so doors and other
// rooms' walls stay; corners, floor and ceiling rows stay solid.
func (b *builder) windows(rm Room) {
	if b.opts.Windows == 0 {
		return
	}
	lo, hi := rm.Level+1, rm.Level+rm.Height-2 // wall rows between floor and ceiling
	if b.opts.Windows == 1 && hi-lo >= 2 {
		lo++ // a square window sits above the floor in a taller room
	}
	if b.rng.Float64() < 0.8 { // the two walls facing along columns (left and right)
		w0, w1 := b.windowSpan(rm.Row+1, rm.Row+rm.Rows-2)
		for _, c := range []int{rm.Col, rm.Col + rm.Cols - 1} {
			for l := lo; l <= hi; l++ {
				for r := w0; r <= w1; r++ {
					b.glaze(l, r, c, rm.Material)
				}
			}
		}
	}
	if b.rng.Float64() < 0.8 { // the two walls facing along rows (front and back)
		w0, w1 := b.windowSpan(rm.Col+1, rm.Col+rm.Cols-2)
		for _, r := range []int{rm.Row, rm.Row + rm.Rows - 1} {
			for l := lo; l <= hi; l++ {
				for c := w0; c <= w1; c++ {
					b.glaze(l, r, c, rm.Material)
				}
			}
		}
	}
}

// windowSpan is the part of a wall's inner span [lo, hi] that is glass: all
// of it for glass walls, a centred 2 or 3 blocks for square windows.
func (b *builder) windowSpan(lo, hi int) (int, int) {
	if b.opts.Windows == 2 {
		return lo, hi
	}
	n := hi - lo + 1
	w := min(3, (n+1)/2)
	start := lo + (n-w)/2
	return start, start + w - 1
}

func (b *builder) glaze(l, r, c int, material string) {
	if b.g.at(l, r, c) == material {
		b.g.set(l, r, c, "glass")
	}
}

// carpets covers about 30% (level 1) or 70% (level 2) of the room's floor.
func (b *builder) carpets(rm Room) {
	p := [3]float64{0, 0.3, 0.7}[b.opts.Carpets]
	if p == 0 {
		return
	}
	for r := rm.Row + 1; r < rm.Row+rm.Rows-1; r++ {
		for c := rm.Col + 1; c < rm.Col+rm.Cols-1; c++ {
			if b.g.at(rm.Level, r, c) == Air || b.g.at(rm.Level+1, r, c) != Air {
				continue
			}
			if b.rng.Float64() < p {
				b.g.set(rm.Level+1, r, c, CarpetColors[b.rng.IntN(len(CarpetColors))])
			}
		}
	}
}

// door puts a two-high door in a wall at floor level l.
func (b *builder) door(l, r, c int) {
	b.g.set(l+1, r, c, Door)
	b.g.set(l+2, r, c, Door)
}

// sharedDoor opens the wall between side-by-side rooms a and n in the
// middle of their common stretch, away from corners.
func (b *builder) sharedDoor(a, n Room) {
	switch n.Direction {
	case "left", "right":
		c := a.Col
		if n.Direction == "right" {
			c = a.Col + a.Cols - 1
		}
		lo, hi := max(a.Row, n.Row)+1, min(a.Row+a.Rows, n.Row+n.Rows)-2
		b.door(a.Level, lo+(hi-lo)/2, c)
	case "forward", "backward":
		r := a.Row
		if n.Direction == "forward" {
			r = a.Row + a.Rows - 1
		}
		lo, hi := max(a.Col, n.Col)+1, min(a.Col+a.Cols, n.Col+n.Cols)-2
		b.door(a.Level, r, lo+(hi-lo)/2)
	}
}
