package blueprints

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"

	"github.com/Tnze/go-mc/nbt"
)

// StructureDataVersion is the world data version of Minecraft 1.21.1,
// written into structure files so the game loads them without upgrading.
const StructureDataVersion = 3955

// structureFile is a vanilla structure template (what a structure block
// saves and loads). Origin is ours: vanilla ignores unknown tags, and it
// lets a blueprint come back at the coordinates it left.
type structureFile struct {
	DataVersion int32            `nbt:"DataVersion"`
	Size        []int32          `nbt:"size,list"`
	Palette     []paletteEntry   `nbt:"palette,omitempty"`
	Palettes    [][]paletteEntry `nbt:"palettes,omitempty"`
	Blocks      []structureBlock `nbt:"blocks"`
	Entities    []struct{}       `nbt:"entities"`
	Origin      []int32          `nbt:"collabcraft_origin,list,omitempty"`
}

type paletteEntry struct {
	Name       string     `nbt:"Name"`
	Properties blockProps `nbt:"Properties,omitempty"`
}

// blockProps are a block state's properties. go-mc writes a map in Go's
// random iteration order; these are written sorted by name, so the same
// blueprint always gives the same file.
type blockProps map[string]string

func (p blockProps) TagType() byte { return nbt.TagCompound }

// MarshalNBT writes the compound's payload: one string tag per property,
// then the end tag.
func (p blockProps) MarshalNBT(w io.Writer) error {
	var buf bytes.Buffer
	str := func(s string) {
		buf.WriteByte(byte(len(s) >> 8))
		buf.WriteByte(byte(len(s)))
		buf.WriteString(s)
	}
	for _, k := range sortedKeys(p) {
		buf.WriteByte(nbt.TagString)
		str(k)
		str(p[k])
	}
	buf.WriteByte(nbt.TagEnd)
	_, err := w.Write(buf.Bytes())
	return err
}

type structureBlock struct {
	Pos   []int32 `nbt:"pos,list"`
	State int32   `nbt:"state"`
}

// WriteStructure writes b as a gzip-compressed vanilla structure file
// covering its bounding box (cells outside any level are air). Doors get
// their half and a facing that matches their wall, stairs and ladders a
// default facing, so the build loads as it looks.
func WriteStructure(w io.Writer, b *Blueprint) error {
	bx, ok := b.Bounds()
	if !ok {
		return fmt.Errorf("blueprints: cannot write an empty blueprint as a structure")
	}
	size := bx.Size()
	cells := denseCells(b, bx)
	at := func(x, y, z int) string {
		if x < 0 || y < 0 || z < 0 || x >= size[0] || y >= size[1] || z >= size[2] {
			return Air
		}
		return cells[(y*size[2]+z)*size[0]+x]
	}
	sf := structureFile{
		DataVersion: StructureDataVersion,
		Size:        []int32{int32(size[0]), int32(size[1]), int32(size[2])},
		Palette:     []paletteEntry{},
		Blocks:      make([]structureBlock, 0, len(cells)),
		Entities:    []struct{}{},
		Origin:      []int32{int32(bx.Min[0]), int32(bx.Min[1]), int32(bx.Min[2])},
	}
	index := map[string]int32{}
	for y := range size[1] {
		for z := range size[2] {
			for x := range size[0] {
				e := stateOf(at, x, y, z)
				key := e.Name
				for _, k := range sortedKeys(e.Properties) {
					key += "," + k + "=" + e.Properties[k]
				}
				id, seen := index[key]
				if !seen {
					id = int32(len(sf.Palette))
					index[key] = id
					sf.Palette = append(sf.Palette, e)
				}
				sf.Blocks = append(sf.Blocks, structureBlock{Pos: []int32{int32(x), int32(y), int32(z)}, State: id})
			}
		}
	}
	gz := gzip.NewWriter(w)
	if err := nbt.NewEncoder(gz).Encode(sf, ""); err != nil {
		return fmt.Errorf("blueprints: writing structure: %w", err)
	}
	if err := gz.Close(); err != nil {
		return fmt.Errorf("blueprints: writing structure: %w", err)
	}
	return nil
}

// denseCells lays the blueprint out over its box, [y][z][x], air-filled.
func denseCells(b *Blueprint, bx Box) []string {
	size := bx.Size()
	cells := make([]string, size[0]*size[1]*size[2])
	for i := range cells {
		cells[i] = Air
	}
	for _, lv := range b.Levels {
		for r, row := range lv.Placement {
			for c, name := range row {
				x, y, z := lv.Coordinates[0]+c-bx.Min[0], lv.Coordinates[1]-bx.Min[1], lv.Coordinates[2]+r-bx.Min[2]
				cells[(y*size[2]+z)*size[0]+x] = name
			}
		}
	}
	return cells
}

// stateOf is the block state written for the cell at x, y, z.
func stateOf(at func(x, y, z int) string, x, y, z int) paletteEntry {
	name := at(x, y, z)
	e := paletteEntry{Name: "minecraft:" + name}
	solidAt := func(x, y, z int) bool { return classify(at(x, y, z)) == solid }
	switch {
	case strings.HasSuffix(name, "_door"):
		half := "lower"
		if at(x, y-1, z) == name {
			half = "upper"
		}
		// A door in a wall running along x faces south; along z, east.
		facing := "east"
		base := y
		if half == "upper" {
			base = y - 1
		}
		if solidAt(x-1, base, z) || solidAt(x+1, base, z) {
			facing = "south"
		}
		e.Properties = blockProps{"facing": facing, "half": half, "hinge": "left", "open": "false", "powered": "false"}
	case strings.HasSuffix(name, "_stairs"):
		e.Properties = blockProps{"facing": "north", "half": "bottom", "shape": "straight", "waterlogged": "false"}
	case name == "ladder":
		e.Properties = blockProps{"facing": "north", "waterlogged": "false"}
	case strings.HasSuffix(name, "_slab"):
		e.Properties = blockProps{"type": "bottom", "waterlogged": "false"}
	}
	return e
}

// DefaultImportOrigin is where imported builds go unless the file says
// otherwise: MINDcraft's default blueprint origin.
var DefaultImportOrigin = DefaultOrigin

// ReadStructure reads a vanilla structure file (.nbt, gzip or plain) or a
// Sponge schematic (.schem, versions 2 and 3) into a blueprint, keeping
// block names and dropping block states. Structure voids and missing cells
// become air. origin (nil: the file's own, else DefaultImportOrigin) places
// level 0.
func ReadStructure(r io.Reader, origin *[3]int) (*Blueprint, error) {
	data, err := readMaybeGzip(r)
	if err != nil {
		return nil, err
	}
	// Structure files and schematics are one named compound tag (type 10).
	if len(data) == 0 || data[0] != 10 {
		return nil, fmt.Errorf("blueprints: not an NBT file (expected a structure .nbt or a .schem, gzip-compressed NBT)")
	}
	var probe map[string]any
	if _, err := nbt.NewDecoder(bytes.NewReader(data)).Decode(&probe); err != nil {
		// go-mc quotes whatever it read as a tag name: keep the line short.
		msg := err.Error()
		if len(msg) > 120 {
			msg = msg[:120] + "..."
		}
		return nil, fmt.Errorf("blueprints: not an NBT file: %s", msg)
	}
	var b *Blueprint
	switch {
	case probe["Schematic"] != nil: // Sponge v3
		b, err = readSchem(data, true, origin)
	case probe["BlockData"] != nil && probe["Palette"] != nil: // Sponge v2
		b, err = readSchem(data, false, origin)
	case probe["size"] != nil && probe["blocks"] != nil:
		b, err = readVanilla(data, origin)
	default:
		return nil, fmt.Errorf("blueprints: unrecognised NBT file: expected a vanilla structure (size, palette, blocks) or a Sponge schematic (v2 or v3)")
	}
	if err != nil {
		return nil, err
	}
	b.Materials = b.MaterialCounts()
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

func readMaybeGzip(r io.Reader) ([]byte, error) {
	br := bufio.NewReader(r)
	magic, _ := br.Peek(2)
	var src io.Reader = br
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("blueprints: bad gzip data: %w", err)
		}
		defer gz.Close()
		src = gz
	}
	data, err := io.ReadAll(io.LimitReader(src, 1<<30))
	if err != nil {
		return nil, fmt.Errorf("blueprints: reading NBT: %w", err)
	}
	return data, nil
}

// importName turns a palette name into a blueprint block name.
func importName(name string) string {
	name = BaseName(name)
	switch name {
	case "structure_void", "cave_air", "void_air", "":
		return Air
	}
	return name
}

// maxImportCells bounds a blueprint's box (4M cells, e.g. 256 x 64 x 256):
// far beyond what agents build in a task, small enough that a size field in
// a hostile file cannot exhaust memory (a cell costs a string header).
const maxImportCells = 1 << 22

func newLevels(sx, sy, sz int, origin [3]int) (*Blueprint, error) {
	if sx <= 0 || sy <= 0 || sz <= 0 {
		return nil, fmt.Errorf("blueprints: structure size %dx%dx%d, expected positive sizes", sx, sy, sz)
	}
	if float64(sx)*float64(sy)*float64(sz) > maxImportCells { // int32 sizes: the product can overflow int
		return nil, fmt.Errorf("blueprints: structure size %dx%dx%d is too large (over %d cells)", sx, sy, sz, maxImportCells)
	}
	b := &Blueprint{Levels: make([]Level, sy)}
	for y := range sy {
		lv := Level{Level: y, Coordinates: [3]int{origin[0], origin[1] + y, origin[2]}, Placement: make([][]string, sz)}
		for z := range sz {
			row := make([]string, sx)
			for x := range row {
				row[x] = Air
			}
			lv.Placement[z] = row
		}
		b.Levels[y] = lv
	}
	return b, nil
}

func pickOrigin(explicit *[3]int, fromFile []int32) [3]int {
	switch {
	case explicit != nil:
		return *explicit
	case len(fromFile) == 3:
		return [3]int{int(fromFile[0]), int(fromFile[1]), int(fromFile[2])}
	}
	return DefaultImportOrigin
}

func readVanilla(data []byte, origin *[3]int) (*Blueprint, error) {
	var sf structureFile
	if _, err := nbt.NewDecoder(bytes.NewReader(data)).Decode(&sf); err != nil {
		return nil, fmt.Errorf("blueprints: reading structure: %w", err)
	}
	if len(sf.Size) != 3 {
		return nil, fmt.Errorf("blueprints: structure size has %d values, expected 3", len(sf.Size))
	}
	palette := sf.Palette
	if len(palette) == 0 && len(sf.Palettes) > 0 {
		palette = sf.Palettes[0]
	}
	b, err := newLevels(int(sf.Size[0]), int(sf.Size[1]), int(sf.Size[2]), pickOrigin(origin, sf.Origin))
	if err != nil {
		return nil, err
	}
	for i, blk := range sf.Blocks {
		if len(blk.Pos) != 3 {
			return nil, fmt.Errorf("blueprints: structure blocks[%d]: pos has %d values, expected 3", i, len(blk.Pos))
		}
		x, y, z := int(blk.Pos[0]), int(blk.Pos[1]), int(blk.Pos[2])
		if x < 0 || y < 0 || z < 0 || x >= int(sf.Size[0]) || y >= int(sf.Size[1]) || z >= int(sf.Size[2]) {
			return nil, fmt.Errorf("blueprints: structure blocks[%d]: pos %v outside size %v", i, blk.Pos, sf.Size)
		}
		if blk.State < 0 || int(blk.State) >= len(palette) {
			return nil, fmt.Errorf("blueprints: structure blocks[%d]: state %d, expected 0..%d (palette size)", i, blk.State, len(palette)-1)
		}
		b.Levels[y].Placement[z][x] = importName(palette[blk.State].Name)
	}
	return b, nil
}

// schemBody is a Sponge schematic, v2 (palette and data at the top) or v3
// (under Blocks).
type schemBody struct {
	Version   int32            `nbt:"Version"`
	Width     int16            `nbt:"Width"`
	Height    int16            `nbt:"Height"`
	Length    int16            `nbt:"Length"`
	Offset    []int32          `nbt:"Offset"`
	Palette   map[string]int32 `nbt:"Palette"`
	BlockData []byte           `nbt:"BlockData"`
	Blocks    *struct {
		Palette map[string]int32 `nbt:"Palette"`
		Data    []byte           `nbt:"Data"`
	} `nbt:"Blocks"`
}

func readSchem(data []byte, v3 bool, origin *[3]int) (*Blueprint, error) {
	var s schemBody
	if v3 {
		var root struct {
			Schematic schemBody `nbt:"Schematic"`
		}
		if _, err := nbt.NewDecoder(bytes.NewReader(data)).Decode(&root); err != nil {
			return nil, fmt.Errorf("blueprints: reading schematic: %w", err)
		}
		s = root.Schematic
	} else if _, err := nbt.NewDecoder(bytes.NewReader(data)).Decode(&s); err != nil {
		return nil, fmt.Errorf("blueprints: reading schematic: %w", err)
	}
	palette, blockData := s.Palette, s.BlockData
	if s.Blocks != nil {
		palette, blockData = s.Blocks.Palette, s.Blocks.Data
	}
	if palette == nil {
		return nil, fmt.Errorf("blueprints: schematic (version %d) has no block palette", s.Version)
	}
	names := map[int32]string{}
	for name, id := range palette {
		names[id] = importName(name)
	}
	sx, sy, sz := int(uint16(s.Width)), int(uint16(s.Height)), int(uint16(s.Length))
	// Sponge's Offset is relative to the paste point; with no absolute
	// position in the file, the blueprint goes to the default origin.
	b, err := newLevels(sx, sy, sz, pickOrigin(origin, nil))
	if err != nil {
		return nil, err
	}
	pos := 0
	for i := 0; i < sx*sy*sz; i++ {
		id, n := uvarint(blockData[pos:])
		if n <= 0 {
			return nil, fmt.Errorf("blueprints: schematic block data ends at block %d of %d", i, sx*sy*sz)
		}
		pos += n
		name, ok := names[int32(id)]
		if !ok {
			return nil, fmt.Errorf("blueprints: schematic block %d: palette id %d not in the palette", i, id)
		}
		x, z, y := i%sx, (i/sx)%sz, i/(sx*sz)
		b.Levels[y].Placement[z][x] = name
	}
	return b, nil
}

// uvarint decodes the protocol varint Sponge uses for block data.
func uvarint(buf []byte) (uint32, int) {
	var v uint32
	for i := 0; i < len(buf) && i < 5; i++ {
		v |= uint32(buf[i]&0x7f) << (7 * i)
		if buf[i]&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}
