package blueprints

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestJSONRoundTripIsLossless(t *testing.T) {
	data, err := os.ReadFile("testdata/mindcraft_blueprint.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := bytes.TrimSpace(data); !bytes.Equal(out, want) {
		t.Fatalf("round trip changed the blueprint:\n got %s\nwant %s", out, want)
	}

	// No materials field stays absent; an empty one stays present.
	for _, in := range []string{
		`{"levels":[{"level":0,"coordinates":[1,2,3],"placement":[["stone"]]}]}`,
		`{"materials":{},"levels":[{"level":0,"coordinates":[1,2,3],"placement":[["stone"]]}]}`,
	} {
		b, err := Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.Marshal(b)
		if string(out) != in {
			t.Errorf("round trip of %s gave %s", in, out)
		}
	}

	// Generated blueprints round-trip too.
	h, err := GenerateHouse(HouseOptions{Materials: 2, Rooms: 1, Windows: 1, Carpets: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	out, _ = json.Marshal(h.Blueprint)
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if !bytes.Equal(out, again) || back.CanonicalHash() != h.Blueprint.CanonicalHash() {
		t.Fatal("generated blueprint does not round-trip through JSON")
	}
}

func TestMaterialCountsAndBounds(t *testing.T) {
	data, _ := os.ReadFile("testdata/mindcraft_blueprint.json")
	b, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	counts := b.MaterialCounts()
	if counts["stone"] != 7 || counts[Door] != 2 || counts["glass"] != 1 || len(counts) != 3 {
		t.Errorf("counts %v, want stone 7, dark_oak_door 2 (both halves), glass 1", counts)
	}
	bx, ok := b.Bounds()
	if !ok || bx.Min != [3]int{148, -60, -170} || bx.Max != [3]int{150, -58, -169} {
		t.Errorf("bounds %+v", bx)
	}
	if got := b.MaterialOrder(); strings.Join(got, ",") != "stone,dark_oak_door,glass" {
		t.Errorf("material order %v", got)
	}

	for seed := range uint64(20) {
		h, err := GenerateHouse(HouseOptions{Materials: int(seed % 5), Rooms: int(seed % 3), Windows: int(seed % 3), Carpets: int(seed / 3 % 3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		nonAir := 0
		for _, lv := range h.Blueprint.Levels {
			for _, row := range lv.Placement {
				for _, name := range row {
					if name != Air {
						nonAir++
					}
				}
			}
		}
		total := 0
		for _, n := range h.Blueprint.MaterialCounts() {
			total += n
		}
		if total != nonAir || h.Blueprint.BlockCount() != nonAir {
			t.Errorf("seed %d: material counts sum to %d, non-air cells %d", seed, total, nonAir)
		}
		if h.Blueprint.MaterialCounts()[Door]%2 != 0 {
			t.Errorf("seed %d: odd door count %d: doors are two cells high", seed, h.Blueprint.MaterialCounts()[Door])
		}
	}
}

func TestValidateNamesTheCell(t *testing.T) {
	base := func() *Blueprint {
		return &Blueprint{Levels: []Level{
			{Level: 0, Coordinates: [3]int{0, -60, 0}, Placement: [][]string{{"stone", "stone"}, {"stone", "stone"}}},
			{Level: 1, Coordinates: [3]int{0, -59, 0}, Placement: [][]string{{"air", "glass"}, {"air", "air"}}},
		}}
	}
	cases := []struct {
		name   string
		change func(b *Blueprint)
		want   string
	}{
		{"typo", func(b *Blueprint) { b.Levels[1].Placement[1][0] = "stone_brick" }, `level 1, row 1, column 0: unknown block "stone_brick" (did you mean "stone_bricks"`},
		{"state", func(b *Blueprint) { b.Levels[0].Placement[0][1] = "oak_stairs[facing=north]" }, `level 0, row 0, column 1: block "oak_stairs[facing=north]" has a namespace or block state; use the plain name "oak_stairs"`},
		{"namespace", func(b *Blueprint) { b.Levels[0].Placement[0][0] = "minecraft:stone" }, `level 0, row 0, column 0:`},
		{"ragged", func(b *Blueprint) { b.Levels[1].Placement[1] = []string{"air"} }, "level 1, row 1: 1 columns, expected 2"},
		{"numbering", func(b *Blueprint) { b.Levels[1].Level = 3 }, "levels[1]: level number is 3, expected 1"},
		{"y", func(b *Blueprint) { b.Levels[1].Coordinates[1] = -50 }, "level 1: y coordinate is -50, expected -59"},
		{"empty", func(b *Blueprint) { b.Levels = nil }, "blueprint has no levels"},
		{"materials", func(b *Blueprint) { b.Materials = map[string]int{"stone": -1} }, `materials: "stone" has count -1`},
		{"outside the world", func(b *Blueprint) { b.Levels[0].Coordinates[0] = 1 << 62 }, "level 0: coordinates [4611686018427387904 -60 0]: X = 4611686018427387904 is outside the world"},
		{"y overflow", func(b *Blueprint) { b.Levels[0].Coordinates[1], b.Levels[1].Coordinates[1] = 1<<63-1, -1<<63 }, "level 0: coordinates"},
		{"levels far apart", func(b *Blueprint) { b.Levels[1].Coordinates[0], b.Levels[1].Coordinates[2] = 20_000_000, -20_000_000 }, "the levels span 20000002x2x20000002 blocks"},
	}
	if err := base().Validate(); err != nil {
		t.Fatalf("valid blueprint rejected: %v", err)
	}
	for _, c := range cases {
		b := base()
		c.change(b)
		err := b.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "blueprints: ") {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := Parse([]byte(`{"levels": 3}`)); err == nil || !strings.HasPrefix(err.Error(), "blueprints: ") {
		t.Errorf("bad JSON: error %v", err)
	}
}

func TestCanonicalHashIgnoresOrigin(t *testing.T) {
	h, _ := GenerateHouse(HouseOptions{Seed: 1})
	o := [3]int{0, 100, 0}
	moved, _ := GenerateHouse(HouseOptions{Seed: 1, Origin: &o})
	other, _ := GenerateHouse(HouseOptions{Seed: 2})
	if h.Blueprint.CanonicalHash() != moved.Blueprint.CanonicalHash() {
		t.Error("moving a blueprint changed its canonical hash")
	}
	if h.Blueprint.CanonicalHash() == other.Blueprint.CanonicalHash() {
		t.Error("different houses share a canonical hash")
	}
}
