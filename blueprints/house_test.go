package blueprints

import (
	"slices"
	"strings"
	"testing"
)

// every generated house over all 81 knob combinations and several seeds
// has exactly the rooms asked for, validates, and is reachable on foot.
func TestGenerateHouseSweep(t *testing.T) {
	seeds := []uint64{0, 1, 2, 3, 42}
	for m := range 3 {
		for r := range 3 {
			for w := range 3 {
				for c := range 3 {
					for _, seed := range seeds {
						opts := HouseOptions{Materials: m, Rooms: r, Windows: w, Carpets: c, Seed: seed}
						h, err := GenerateHouse(opts)
						if err != nil {
							t.Fatalf("%+v: %v", opts, err)
						}
						if len(h.Rooms) != RoomsForLevel[r] {
							t.Fatalf("%+v: %d rooms, want %d", opts, len(h.Rooms), RoomsForLevel[r])
						}
						if err := h.Blueprint.Validate(); err != nil {
							t.Fatalf("%+v: %v", opts, err)
						}
						if err := CheckRooms(h.Blueprint, h.Rooms); err != nil {
							t.Fatalf("%+v: %v", opts, err)
						}
						counts := h.Blueprint.MaterialCounts()
						for name := range counts {
							isCarpet := strings.HasSuffix(name, "_carpet")
							ok := slices.Contains(RoomMaterials[:m+2], name) || name == Door ||
								name == "glass" && w > 0 || isCarpet && c > 0
							if !ok {
								t.Fatalf("%+v: unexpected block %s", opts, name)
							}
						}
						if counts[Door] < 8 {
							t.Fatalf("%+v: %d door cells, want the first room's four doors at least", opts, counts[Door])
						}
					}
				}
			}
		}
	}
}

func TestGenerateHouseIsDeterministic(t *testing.T) {
	opts := HouseOptions{Materials: 2, Rooms: 2, Windows: 1, Carpets: 2, Seed: 11}
	a, _ := GenerateHouse(opts)
	b, _ := GenerateHouse(opts)
	if a.Blueprint.CanonicalHash() != b.Blueprint.CanonicalHash() {
		t.Fatal("same options gave different houses")
	}
	opts.Seed++
	c, _ := GenerateHouse(opts)
	if a.Blueprint.CanonicalHash() == c.Blueprint.CanonicalHash() {
		t.Fatal("different seeds gave the same house")
	}
}

func TestGenerateHouseExactRoomCount(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 7, 10, 12, 16} {
		for seed := range uint64(3) {
			h, err := GenerateHouse(HouseOptions{RoomCount: n, Materials: 1, Seed: seed})
			if err != nil {
				t.Fatalf("%d rooms, seed %d: %v", n, seed, err)
			}
			if len(h.Rooms) != n {
				t.Fatalf("asked for %d rooms, got %d", n, len(h.Rooms))
			}
			if err := CheckRooms(h.Blueprint, h.Rooms); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A tight grid still takes MINDcraft's 8 rooms in a 15-block cube.
	if _, err := GenerateHouse(HouseOptions{RoomCount: 8, GridSize: 15, Seed: 3}); err != nil {
		t.Fatal(err)
	}
}

func TestGenerateHouseImpossible(t *testing.T) {
	_, err := GenerateHouse(HouseOptions{RoomCount: 40, GridSize: 15})
	if err == nil || !strings.Contains(err.Error(), "40 rooms cannot fit in a 15x15x15 grid") {
		t.Fatalf("error %v, want a clear cannot-fit error", err)
	}
	for _, bad := range []HouseOptions{{Materials: 5}, {Rooms: 3}, {Windows: -1}, {Carpets: 3}, {RoomCount: -2}, {GridSize: 5},
		{GridSize: 100000}, {GridSize: MaxGridSize + 1}, {RoomCount: MaxRooms + 1}, {RoomCount: 1 << 40},
		{Origin: &[3]int{0, 1<<63 - 1, 0}}, {Origin: &[3]int{-WorldLimit - 1, 0, 0}}} {
		if _, err := GenerateHouse(bad); err == nil || !strings.HasPrefix(err.Error(), "blueprints: ") {
			t.Errorf("%+v: error %v", bad, err)
		}
	}
}

// Complexity grows with each knob: blocks with rooms, distinct materials
// with materials, glass with windows, carpet with carpets (averages).
func TestComplexityGrowsWithKnobs(t *testing.T) {
	const seeds = 12
	avg := func(opts HouseOptions, measure func(*Blueprint) int) float64 {
		sum := 0
		for s := range uint64(seeds) {
			opts.Seed = s
			h, err := GenerateHouse(opts)
			if err != nil {
				t.Fatal(err)
			}
			sum += measure(h.Blueprint)
		}
		return float64(sum) / seeds
	}
	blocks := func(b *Blueprint) int { return b.BlockCount() }
	distinct := func(b *Blueprint) int { return len(b.MaterialCounts()) }
	glass := func(b *Blueprint) int { return b.MaterialCounts()["glass"] }
	carpet := func(b *Blueprint) int {
		n := 0
		for name, c := range b.MaterialCounts() {
			if strings.HasSuffix(name, "_carpet") {
				n += c
			}
		}
		return n
	}
	grows := func(name string, vals [3]float64) {
		if !(vals[0] < vals[1] && vals[1] < vals[2]) {
			t.Errorf("%s does not grow with its knob: %v", name, vals)
		}
		t.Logf("%s by level: %.1f %.1f %.1f", name, vals[0], vals[1], vals[2])
	}
	var v [3]float64
	for l := range 3 {
		v[l] = avg(HouseOptions{Rooms: l, Materials: 1}, blocks)
	}
	grows("blocks (rooms)", v)
	for l := range 3 {
		v[l] = avg(HouseOptions{Materials: l, Rooms: 1}, distinct)
	}
	grows("distinct materials (materials)", v)
	for l := range 3 {
		v[l] = avg(HouseOptions{Windows: l, Rooms: 1}, glass)
	}
	grows("glass (windows)", v)
	for l := range 3 {
		v[l] = avg(HouseOptions{Carpets: l, Rooms: 1}, carpet)
	}
	grows("carpet (carpets)", v)
	for l := range 3 {
		v[l] = avg(HouseOptions{Materials: l, Rooms: l, Windows: l, Carpets: l}, distinct)
	}
	grows("distinct blocks (all knobs)", v)
}

// Every carpet lies on a block: Minecraft will not place one on air, and
// one whose floor a stairwell cut away could never be built.
func TestCarpetsLieOnBlocks(t *testing.T) {
	for seed := range uint64(300) {
		h, err := GenerateHouse(HouseOptions{Materials: int(seed % 5), Rooms: int(seed % 3), Windows: int(seed % 3), Carpets: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		lv := h.Blueprint.Levels
		for i := 1; i < len(lv); i++ {
			for r, row := range lv[i].Placement {
				for c, name := range row {
					if strings.HasSuffix(name, "_carpet") && lv[i-1].Placement[r][c] == Air {
						t.Fatalf("seed %d: %s at level %d row %d col %d lies on air", seed, name, i, r, c)
					}
				}
			}
		}
	}
}
