package blueprints

import (
	"bytes"
	"compress/gzip"
	"reflect"
	"strings"
	"testing"

	"github.com/Tnze/go-mc/nbt"
)

func TestStructureRoundTripIsLossless(t *testing.T) {
	for seed := range uint64(6) {
		h, err := GenerateHouse(HouseOptions{Materials: int(seed % 3), Rooms: int(seed % 3), Windows: int(seed % 3), Carpets: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteStructure(&buf, h.Blueprint); err != nil {
			t.Fatal(err)
		}
		back, err := ReadStructure(bytes.NewReader(buf.Bytes()), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, h.Blueprint) {
			t.Fatalf("seed %d: structure round trip changed the blueprint", seed)
		}
		// The file is byte-identical every time (door properties are a map).
		for range 3 {
			var again bytes.Buffer
			if err := WriteStructure(&again, h.Blueprint); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Bytes(), buf.Bytes()) {
				t.Fatalf("seed %d: the same blueprint gave different structure files", seed)
			}
		}
	}
}

func TestStructureFileIsVanilla(t *testing.T) {
	h, _ := GenerateHouse(HouseOptions{Seed: 4})
	var buf bytes.Buffer
	if err := WriteStructure(&buf, h.Blueprint); err != nil {
		t.Fatal(err)
	}
	gz, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	var sf structureFile
	if _, err := nbt.NewDecoder(gz).Decode(&sf); err != nil {
		t.Fatal(err)
	}
	bx, _ := h.Blueprint.Bounds()
	size := bx.Size()
	if sf.DataVersion != 3955 || !reflect.DeepEqual(sf.Size, []int32{int32(size[0]), int32(size[1]), int32(size[2])}) {
		t.Fatalf("DataVersion %d size %v", sf.DataVersion, sf.Size)
	}
	if len(sf.Blocks) != size[0]*size[1]*size[2] {
		t.Errorf("%d blocks, want one per cell (%d)", len(sf.Blocks), size[0]*size[1]*size[2])
	}
	halves := map[string]bool{}
	for _, p := range sf.Palette {
		if !strings.HasPrefix(p.Name, "minecraft:") {
			t.Errorf("palette name %q lacks the namespace", p.Name)
		}
		if p.Name == "minecraft:dark_oak_door" {
			halves[p.Properties["half"]] = true
			if p.Properties["facing"] == "" || p.Properties["hinge"] == "" {
				t.Errorf("door state %v lacks facing or hinge", p.Properties)
			}
		}
	}
	if !halves["lower"] || !halves["upper"] {
		t.Errorf("door halves in palette: %v", halves)
	}
}

func gzipNBT(t *testing.T, v any, name string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	if err := nbt.NewEncoder(gz).Encode(v, name); err != nil {
		t.Fatal(err)
	}
	gz.Close()
	return buf.Bytes()
}

// A 2x2x1 build: stairs with states, a structure void, and an unset cell.
func TestImportVanillaWithPalettes(t *testing.T) {
	type block struct {
		Pos   []int32 `nbt:"pos,list"`
		State int32   `nbt:"state"`
	}
	file := struct {
		DataVersion int32            `nbt:"DataVersion"`
		Size        []int32          `nbt:"size,list"`
		Palettes    [][]paletteEntry `nbt:"palettes"`
		Blocks      []block          `nbt:"blocks"`
	}{
		DataVersion: 3465,
		Size:        []int32{2, 1, 2},
		Palettes: [][]paletteEntry{{
			{Name: "minecraft:oak_stairs", Properties: map[string]string{"facing": "east"}},
			{Name: "minecraft:structure_void"},
			{Name: "minecraft:stone"},
		}},
		Blocks: []block{{Pos: []int32{0, 0, 0}, State: 0}, {Pos: []int32{1, 0, 0}, State: 1}, {Pos: []int32{1, 0, 1}, State: 2}},
	}
	origin := [3]int{10, 64, 10}
	b, err := ReadStructure(bytes.NewReader(gzipNBT(t, file, "")), &origin)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"oak_stairs", "air"}, {"air", "stone"}}
	if !reflect.DeepEqual(b.Levels[0].Placement, want) || b.Levels[0].Coordinates != origin {
		t.Fatalf("imported %v at %v, want %v at %v", b.Levels[0].Placement, b.Levels[0].Coordinates, want, origin)
	}
	if b.Materials["oak_stairs"] != 1 || b.Materials["stone"] != 1 {
		t.Errorf("materials %v", b.Materials)
	}
}

// encodeVarints packs palette ids as Sponge block data.
func encodeVarints(ids []int) []byte {
	var out []byte
	for _, v := range ids {
		for v >= 0x80 {
			out = append(out, byte(v)|0x80)
			v >>= 7
		}
		out = append(out, byte(v))
	}
	return out
}

func TestImportSpongeSchematics(t *testing.T) {
	// Width 2 (x), Length 1 (z), Height 2 (y); index = x + z*W + y*W*L.
	// Palette id 200 needs two varint bytes.
	palette := map[string]int32{"minecraft:air": 0, "minecraft:oak_planks": 1, "minecraft:oak_door[half=lower,facing=north]": 200}
	data := encodeVarints([]int{1, 200, 0, 1})
	want := [][][]string{{{"oak_planks", "oak_door"}}, {{"air", "oak_planks"}}}

	type v2 struct {
		Version   int32            `nbt:"Version"`
		Width     int16            `nbt:"Width"`
		Height    int16            `nbt:"Height"`
		Length    int16            `nbt:"Length"`
		Palette   map[string]int32 `nbt:"Palette"`
		BlockData []byte           `nbt:"BlockData"`
	}
	type blocks struct {
		Palette map[string]int32 `nbt:"Palette"`
		Data    []byte           `nbt:"Data"`
	}
	type v3body struct {
		Version int32  `nbt:"Version"`
		Width   int16  `nbt:"Width"`
		Height  int16  `nbt:"Height"`
		Length  int16  `nbt:"Length"`
		Blocks  blocks `nbt:"Blocks"`
	}
	type v3 struct {
		Schematic v3body `nbt:"Schematic"`
	}
	files := map[string][]byte{
		"v2": gzipNBT(t, v2{Version: 2, Width: 2, Height: 2, Length: 1, Palette: palette, BlockData: data}, "Schematic"),
		"v3": gzipNBT(t, v3{Schematic: v3body{Version: 3, Width: 2, Height: 2, Length: 1, Blocks: blocks{Palette: palette, Data: data}}}, ""),
	}
	for name, raw := range files {
		b, err := ReadStructure(bytes.NewReader(raw), nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := [][][]string{b.Levels[0].Placement, b.Levels[1].Placement}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: imported %v, want %v", name, got, want)
		}
		if b.Levels[0].Coordinates != DefaultOrigin {
			t.Errorf("%s: origin %v, want MINDcraft's default", name, b.Levels[0].Coordinates)
		}
	}
}

func TestImportRejectsBadFiles(t *testing.T) {
	cases := map[string][]byte{
		"not nbt":          []byte("hello"),
		"empty":            nil,
		"json":             []byte(`{"materials": {}, "levels": []}`),
		"bad gzip":         {0x1f, 0x8b, 1, 2, 3},
		"cut compound":     {10, 0, 200, 'a', 'b'},
		"overflowing size": gzipNBT(t, map[string]any{"size": []any{int32(1<<31 - 1), int32(1<<31 - 1), int32(1<<31 - 1)}, "palette": []any{}, "blocks": []any{}}, ""),
		"huge size":        gzipNBT(t, map[string]any{"size": []any{int32(300), int32(300), int32(300)}, "palette": []any{}, "blocks": []any{}}, ""),
		"sponge too large": gzipNBT(t, map[string]any{"Version": int32(2), "Width": int16(32000), "Height": int16(32000), "Length": int16(32000), "Palette": map[string]any{"minecraft:stone": int32(0)}, "BlockData": []byte{0}}, "Schematic"),
		"no blocks":        gzipNBT(t, map[string]any{"foo": int32(1)}, ""),
		"bad state":        gzipNBT(t, map[string]any{"size": []any{int32(1), int32(1), int32(1)}, "palette": []any{map[string]any{"Name": "minecraft:stone"}}, "blocks": []any{map[string]any{"pos": []any{int32(0), int32(0), int32(0)}, "state": int32(5)}}}, ""),
		"modded":           gzipNBT(t, map[string]any{"size": []any{int32(1), int32(1), int32(1)}, "palette": []any{map[string]any{"Name": "mymod:gizmo"}}, "blocks": []any{map[string]any{"pos": []any{int32(0), int32(0), int32(0)}, "state": int32(0)}}}, ""),
		"short sponge":     gzipNBT(t, map[string]any{"Version": int32(2), "Width": int16(2), "Height": int16(1), "Length": int16(1), "Palette": map[string]any{"minecraft:stone": int32(0)}, "BlockData": []byte{0}}, "Schematic"),
	}
	for name, raw := range cases {
		_, err := ReadStructure(bytes.NewReader(raw), nil)
		if err == nil || !strings.HasPrefix(err.Error(), "blueprints: ") || strings.Contains(err.Error(), "\n") || len(err.Error()) > 200 {
			t.Errorf("%s: error %v, want a short one-line blueprints error", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}
