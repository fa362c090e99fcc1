package blueprints

import (
	"bytes"
	"io"
	"testing"
)

// FuzzParse feeds arbitrary JSON to the blueprint reader: a blueprint it
// accepts must survive every use (walk, text, hash, structure file) without
// a panic, and the structure file must read back.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"materials": {"stone": 2}, "levels": [{"level": 0, "coordinates": [0, -60, 0], "placement": [["stone", "air"], ["dark_oak_door", "stone"]]}]}`))
	f.Add([]byte(`{"levels": [{"level": 0, "coordinates": [1, 2, 3], "placement": [["oak_stairs"]]}, {"level": 1, "coordinates": [5, 3, 3], "placement": [["ladder", "glass"]]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			return
		}
		Walk(b)
		RenderText(b)
		b.CanonicalHash()
		var buf bytes.Buffer
		if err := WriteStructure(&buf, b); err != nil {
			return // an all-air blueprint has no box
		}
		if _, err := ReadStructure(bytes.NewReader(buf.Bytes()), nil); err != nil {
			t.Fatalf("own structure file does not read back: %v", err)
		}
	})
}

// FuzzReadStructure feeds arbitrary bytes to the .nbt/.schem importer.
func FuzzReadStructure(f *testing.F) {
	h, err := GenerateHouse(HouseOptions{Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteStructure(&buf, h.Blueprint); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte{10, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadStructure(bytes.NewReader(data), nil)
		if err == nil {
			RenderText(b)
			_ = RenderPNG(io.Discard, b, "fuzz")
		}
	})
}
